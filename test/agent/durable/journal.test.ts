import { describe, expect, it } from "vitest";
import {
  defineAgent,
  memoryJournal,
  type JournalEntry,
  type JournalStore,
  type Step,
} from "../../../src/agent/index.js";
import { clj, recording } from "../helpers.js";
import { boss, counters, model, REPLIES } from "./scenario.js";

/** A memory store holding the first `k` entries of `entries`. */
async function prefix(entries: readonly JournalEntry[], k: number, runKey: string): Promise<JournalStore> {
  const store = memoryJournal();
  for (const e of entries.slice(0, k)) {
    const r = await store.append(runKey, e.seq, e);
    expect(r.ok).toBe(true);
  }
  return store;
}

const essentials = (s: Step) => ({
  ok: s.ok,
  return: s.return,
  failure: s.failure,
  transcript: s.turns.map((t) => ({ program: t.program, outcome: t.outcome, result: t.result, feedback: t.feedback })),
  namespace: s.namespace,
  tokens: [s.usage.inputTokens, s.usage.outputTokens],
});

describe("the run-level journal", () => {
  it("journals a run: its start, every reply, every batch of answers, each turn, the child's run, the end", async () => {
    const c = counters();
    const store = memoryJournal();
    const step = await boss(c).run({}, { llm: model(c), durable: { store, runKey: "r1" } });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(step.return).toMatchObject({ names: ["n1", "n2", "n3"], summary: "N1,N2,N3", marked: true });
    const entries = await store.load("r1");
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i));
    expect(entries[0]).toMatchObject({ kind: "start", path: "", agent: "boss", ptcc: expect.any(String) });
    expect(entries.at(-1)).toMatchObject({ kind: "end", path: "", step: { ok: true } });
    // The pmap's three calls are one batch, answered by position.
    const pmap = entries.find((e) => e.kind === "answers" && e.turn === 2);
    expect(pmap).toMatchObject({ answers: [{ key: "#0/0#0" }, { key: "#0/1#0" }, { key: "#0/2#0" }] });
    // The child runs at its own path: started by turn 3 at position #0.
    const child = entries.filter((e) => "path" in e && e.path === "3#0").map((e) => e.kind);
    expect(child).toEqual(["start", "reply", "answers", "turn", "reply", "end"]);
    expect(entries.find((e) => e.kind === "answers" && e.path === "" && e.turn === 3)).toMatchObject({
      answers: [{ name: "helper", outcome: { child: "3#0" } }],
    });
    expect(entries.some((e) => e.kind === "clock" && e.turn === 5)).toBe(true);
    expect(entries.some((e) => e.kind === "task" && e.id === "mark")).toBe(true);
    expect([...c.ledger.keys()]).toEqual(["r1:4#0/t#0"]);
    // The journal is JSON.
    expect(JSON.parse(JSON.stringify(entries))).toEqual(entries);
  });

  it("resumes from every prefix of the journal to the same Step, asking and calling only for what is not journaled", async () => {
    const ref = counters();
    const store = memoryJournal();
    const reference = await boss(ref).run({}, { llm: model(ref), durable: { store, runKey: "r" } });
    expect(reference.ok).toBe(true);
    const entries = await store.load("r");
    const replies = entries.filter((e) => e.kind === "reply");
    for (let k = 1; k <= entries.length; k++) {
      const c = counters();
      const resumed = await boss(c).resume("r", { store: await prefix(entries, k, "r"), llm: model(c) });
      // A clock read not journaled before the cut is read again: the time differs, nothing else.
      const clockKept = entries.some((e) => e.kind === "clock" && e.seq < k);
      const same = (s: Step) => {
        const e = essentials(s);
        if (clockKept) return e;
        return JSON.parse(JSON.stringify(e).replace(/(:t )\d+/g, "$1T").replace(/("t":)\d+/g, '$1"T"'));
      };
      expect(same(resumed), `prefix ${k}`).toEqual(same(reference));
      const journaledReplies = new Set(
        replies.filter((e) => e.seq < k).map((e) => `${e.path === "" ? "boss" : "helper"}#${e.turn}`),
      );
      for (const key of journaledReplies) expect(c.requests.get(key), `prefix ${k}: ${key}`).toBeUndefined();
      const requests = [...c.requests.values()].reduce((a, b) => a + b, 0);
      expect(requests + (resumed.usage.replayedTurns ?? 0)).toBe(reference.usage.llmRequests);
      // Every tool call journaled before the cut is replayed, not made.
      const answered = entries
        .filter((e) => e.seq < k && e.kind === "answers")
        .flatMap((e) => (e.kind === "answers" ? e.answers.map((a) => a.name) : []));
      const lookups = answered.filter((n) => n === "lookup").length;
      expect(c.calls.get("lookup") ?? 0, `prefix ${k}`).toBe(3 - lookups);
      // The side effect ran at most once over both attempts.
      expect((c.ledger.get("r:4#0/t#0") ?? 0) + (answered.includes("mark") ? 1 : 0)).toBe(1);
    }
  });

  it("a finished run resumes to the same Step with no model and no tool", async () => {
    const ref = counters();
    const store = memoryJournal();
    const reference = await boss(ref).run({}, { llm: model(ref), durable: { store, runKey: "done" } });
    const c = counters();
    const again = await boss(c).resume("done", { store });
    expect(essentials(again)).toEqual(essentials(reference));
    expect(c.requests.size + c.calls.size).toBe(0);
    expect(again.usage.llmRequests).toBe(0);
    expect(again.usage.replayedTurns).toBe(reference.usage.llmRequests);
    expect(again.trace.filter((e) => e.type === "llm_request").every((e) => e.replayed === true)).toBe(true);
    // Resuming writes nothing more.
    expect((await store.load("done")).length).toBe((await store.load("done")).length);
  });

  it("run with a runKey the journal holds replays it too", async () => {
    const store = memoryJournal();
    const c1 = counters();
    await boss(c1).run({}, { llm: model(c1), durable: { store, runKey: "k" } });
    const n = (await store.load("k")).length;
    const c2 = counters();
    const step = await boss(c2).run({}, { llm: model(c2), durable: { store, runKey: "k" } });
    expect(step.ok).toBe(true);
    expect(c2.requests.size).toBe(0);
    expect((await store.load("k")).length).toBe(n);
  });

  it("resume of a run the store does not hold is a journal failure", async () => {
    const c = counters();
    const step = await boss(c).resume("nope", { store: memoryJournal(), llm: model(c) });
    expect(step.failure).toEqual({ kind: "journal", reason: "no run nope to resume: its journal holds no start" });
  });
});

describe("replays that diverge fail as replay", () => {
  it("a changed tool signature between the run and the resume names what changed", async () => {
    const store = memoryJournal();
    const tools = (sig: string) => ({ look: { signature: sig, fn: async () => ({ n: 1 }) } });
    const make = (sig: string) =>
      defineAgent({ name: "a", prompt: "p", signature: ":int", tools: tools(sig), maxTurns: 3 });
    const { llm } = recording([clj("(def x (tool/look {}))"), clj("(return (:n x))")]);
    await make("() -> {n :int}").run({}, { llm, durable: { store, runKey: "s" } });
    const entries = await store.load("s");
    const cut = await prefix(entries, entries.findIndex((e) => e.kind === "turn") + 1, "s");
    const step = await make("() -> {n :int, m :int?}").resume("s", { store: cut, llm });
    expect(step.failure?.kind).toBe("replay");
    expect(step.failure?.reason).toContain("tool/look is () -> {n :int, m :int?}, was () -> {n :int}");
    expect(step.failure?.reason).toContain("(the journaled run first called tool/look at turn 1, call #0)");
  });

  it("a program that makes another call than the journaled one names the turn and position", async () => {
    const store = memoryJournal();
    const fn = async (args: Record<string, unknown>) => ({ got: args["q"] ?? null });
    const agent = defineAgent({ name: "a", prompt: "p", signature: ":any", tools: { look: fn }, maxTurns: 3 });
    const first = recording([clj('(def x (tool/look {:q "a"}))'), clj("(return x)")]);
    await agent.run({}, { llm: first.llm, durable: { store, runKey: "d" } });
    const entries = await store.load("d");
    // The journal says turn 1 called look with {:q "a"}; a tampered reply calls it with "b".
    const tampered = entries.map((e) =>
      e.kind === "reply" && e.turn === 1 ? { ...e, reply: { content: clj('(def x (tool/look {:q "b"}))') } } : e,
    );
    const step = await agent.resume("d", { store: await prefix(tampered, tampered.length, "d") });
    expect(step.failure?.kind).toBe("replay");
    expect(step.failure?.reason).toBe(
      'turn 1, call #0: the program called tool/look with {"q":"b"}, the journaled run called tool/look with {"q":"a"}',
    );
  });

  it("a changed prompt fails at the start, saying where the prompt differs", async () => {
    const store = memoryJournal();
    const { llm } = recording([clj("(def a 1)"), clj("(return 1)")]);
    await defineAgent({ name: "a", prompt: "Count the apples", signature: ":int" }).run({}, { llm, durable: { store, runKey: "p" } });
    const step = await defineAgent({ name: "a", prompt: "Count the pears", signature: ":int" }).resume("p", { store });
    expect(step.failure?.kind).toBe("replay");
    expect(step.failure?.reason).toContain("the prompt changed");
  });
});

describe("one writer per run", () => {
  it("two resumers of one run: exactly one wins, the other stops with a journal failure", async () => {
    const store = memoryJournal();
    const a = defineAgent({
      name: "a",
      prompt: "p",
      signature: ":int",
      tools: { slow: async () => new Promise((r) => setTimeout(() => r(1), 20)) },
      maxTurns: 4,
    });
    const replies = [clj("(def x (tool/slow {}))"), clj("(def y (tool/slow {}))"), clj("(return (+ x y))")];
    const byTurn = async (r: { turn: number }) => replies[r.turn - 1]!;
    // Start the run, then cut it after its start: both resumers see the same journal.
    await a.run({}, { llm: byTurn, durable: { store, runKey: "two" } });
    const entries = await store.load("two");
    const shared = await prefix(entries, 1, "two");
    const [x, y] = await Promise.all([a.resume("two", { store: shared, llm: byTurn }), a.resume("two", { store: shared, llm: byTurn })]);
    const oks = [x, y].filter((s) => s.ok);
    const lost = [x, y].filter((s) => !s.ok);
    expect(oks).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.failure?.kind).toBe("journal");
    expect(lost[0]!.failure?.reason).toMatch(/^another process is writing run two: its journal already holds entry \d+/);
    // The journal is the winner's run, whole and in order.
    const after = await shared.load("two");
    expect(after.at(-1)).toMatchObject({ kind: "end", step: { ok: true, return: 2 } });
  });
});

describe("tasks", () => {
  it("(task id expr) runs expr once per run: a later turn gets the kept value", async () => {
    let sent = 0;
    const agent = defineAgent({
      name: "a",
      prompt: "p",
      signature: ":int",
      tools: { send: async () => ++sent },
      maxTurns: 4,
    });
    const { llm } = recording([
      clj('(def a (task "send" (tool/send {})))'),
      clj('(def b (task "send" (tool/send {})))\n[a b]'),
      clj('(task-reset "send")\n(return (+ a b (task "send" (tool/send {}))))'),
    ]);
    const step = await agent.run({}, { llm });
    expect(step.return).toBe(1 + 1 + 2);
    expect(sent).toBe(2);
  });

  it("a form run again after a tool answered finds the calls after a kept task where they were", async () => {
    let n = 0;
    const agent = defineAgent({ name: "a", prompt: "p", signature: ":any", tools: { t: async () => ++n }, maxTurns: 2 });
    const { llm } = recording([clj('(return [(task "x" (tool/t {})) (tool/t {}) (task "x" 99) (tool/t {})])')]);
    const step = await agent.run({}, { llm });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(step.return).toEqual([1, 2, 1, 3]);
  });
});

describe("cancellation through the journal", () => {
  it("a run resumed after a cancel request ends cancelled at once", async () => {
    const { requestCancel } = await import("../../../src/agent/index.js");
    const store = memoryJournal();
    const c = counters();
    const agent = boss(c);
    const replies = REPLIES["boss"]!;
    expect(replies.length).toBe(6);
    await agent.run({}, { llm: model(c), durable: { store, runKey: "c" } });
    const entries = await store.load("c");
    const cut = await prefix(entries, 3, "c");
    expect(await requestCancel(cut, "c", "the user closed the tab")).toBe(true);
    const step = await agent.resume("c", { store: cut, llm: model(counters()) });
    expect(step.failure).toEqual({ kind: "cancelled", reason: "the user closed the tab" });
  });
});
