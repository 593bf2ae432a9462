/**
 * Models inside programs (issue 23 §4): `tool/llm-query` — one text-mode request per call,
 * its answer validated against the call's signature and returned as data, repaired once —
 * inside pmap, under maxCalls, in the run's usage, trace and token budget, and behind the
 * firewall; `llmTool`, a tool that is one model call.
 */
import { describe, expect, it } from "vitest";
import { defineAgent, llmTool, type LlmRequest, type TraceEvent } from "../../src/index.js";
import type { LlmReply } from "../../src/llm/types.js";
import { clj, recording } from "./helpers.js";

/** Every text a model was sent. */
const sent = (requests: readonly LlmRequest[]): string =>
  requests.map((r) => [r.system, ...r.messages.map((m) => m.content)].join("\n")).join("\n");

const json = (v: unknown): string => `\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;

/**
 * A model for a run whose programs call llm-query: the top-level agent's requests get
 * `programs` in order; a model call's request (agent `llm-query`) gets `answer(mission)`.
 */
function model(
  programs: readonly string[],
  answer: (mission: string, request: LlmRequest) => string,
  usage?: { inputTokens: number; outputTokens: number },
): { llm: (r: LlmRequest) => Promise<LlmReply>; requests: LlmRequest[]; calls: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  const calls: LlmRequest[] = [];
  let turn = 0;
  return {
    requests,
    calls,
    llm: async (r) => {
      requests.push(r);
      const u = usage !== undefined ? { usage } : {};
      if (r.depth > 0) {
        calls.push(r);
        return { content: answer(r.messages[0]!.content, r), ...u };
      }
      return { content: clj(programs[turn++] ?? "(return nil)"), ...u };
    },
  };
}

/** The `Label: X` a model call's mission holds. */
const labelOf = (mission: string): string => /Label: (\S+)/.exec(mission)![1]!;

describe("tool/llm-query", () => {
  it("runs one request per item inside pmap over 50 items, answers typed by the signature", async () => {
    const items = Array.from({ length: 50 }, (_, i) => `item${i}`);
    const m = model(
      [
        '(return (pmap #(:label (tool/llm-query {:prompt "Label: {{text}}" :signature "{label :string, n :int}" :text %})) data/items))',
      ],
      (mission) => json({ label: labelOf(mission).toUpperCase(), n: 1 }),
      { inputTokens: 10, outputTokens: 2 },
    );
    const agent = defineAgent({
      prompt: "Label the items.",
      signature: "(items [:string]) -> [:string]",
      llmQuery: true,
    });
    const trace: TraceEvent[] = [];
    const step = await agent.run({ items }, { llm: m.llm, trace: (e) => trace.push(e) });
    expect(step.ok, JSON.stringify(step.ok ? null : step.failure)).toBe(true);
    expect(step.return).toEqual(items.map((s) => s.toUpperCase()));
    expect(m.calls).toHaveLength(50);
    // Text mode: the model is asked for JSON, and the placeholder was filled in.
    expect(m.calls[0]!.system).toContain("JSON value");
    expect(m.calls.map((c) => labelOf(c.messages[0]!.content)).sort()).toEqual([...items].sort());
    // Usage: the top-level request and the 50 calls.
    expect(step.usage.llmRequests).toBe(51);
    expect(step.usage.inputTokens).toBe(510);
    expect(step.usage.outputTokens).toBe(102);
    // Trace: 50 tool calls of llm-query, and the requests of 50 child runs.
    const toolCalls = trace.filter((e) => e.type === "tool_call" && e.tool === "llm-query");
    expect(toolCalls).toHaveLength(50);
    // Traced with all its arguments: the prompt and signature too.
    expect(toolCalls[0]).toMatchObject({ args: { prompt: "Label: {{text}}", signature: "{label :string, n :int}" } });
    expect(trace.filter((e) => e.type === "llm_request" && e.agent === "llm-query")).toHaveLength(50);
    expect(step.turns[0]!.toolCalls).toHaveLength(50);
    // The calls do not use the run's turns: the turn budget of 20 is not in the way.
    expect(step.turns).toHaveLength(1);
  });

  it("fills every placeholder from the other keys; the signature defaults to :string", async () => {
    const m = model(
      ['(return (tool/llm-query {:prompt "Say {{word}} to {{who}}" :word "hi" :who "Ann"}))'],
      (mission) => json(mission.includes("Say hi to Ann") ? "hi Ann" : "wrong"),
    );
    const step = await defineAgent({ prompt: "Greet.", signature: "() -> :string", llmQuery: true }).run(
      {},
      { llm: m.llm },
    );
    expect(step.return).toBe("hi Ann");
  });

  it("repairs an invalid answer once, telling the model what is wrong", async () => {
    let n = 0;
    const m = model(
      ['(return (tool/llm-query {:prompt "Label: {{text}}" :signature "{label :string}" :text "a"}))'],
      () => (n++ === 0 ? json({ label: 3 }) : json({ label: "ok" })),
    );
    const step = await defineAgent({ prompt: "x", signature: "() -> {label :string}", llmQuery: true }).run(
      {},
      { llm: m.llm },
    );
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ label: "ok" });
    expect(m.calls).toHaveLength(2);
    const repair = m.calls[1]!.messages.at(-1)!.content;
    expect(repair).toContain("label: expected string");
  });

  it("a second invalid answer makes the call a tool error the program sees", async () => {
    const m = model(
      ['(tool/llm-query {:prompt "Label: {{text}}" :signature "{label :string}" :text "a"})', "(return 1)"],
      () => json({ label: 3 }),
    );
    const step = await defineAgent({ prompt: "x", signature: "() -> :int", llmQuery: true, maxTurns: 2 }).run(
      {},
      { llm: m.llm },
    );
    expect(step.ok).toBe(true);
    expect(m.calls).toHaveLength(2);
    expect(step.turns[0]!.outcome).toBe("error");
    expect(step.turns[0]!.feedback).toContain(
      'tool/llm-query failed: the model\'s answer does not match {label :string}, even after one repair; its last answer: {"label":3}',
    );
  });

  it("a model that cannot be reached makes the call a tool error saying so", async () => {
    const m = model(['(tool/llm-query {:prompt "Label: {{text}}" :text "a"})', "(return 1)"], () => {
      throw new Error("connection refused");
    });
    const step = await defineAgent({ prompt: "x", signature: "() -> :int", llmQuery: true, maxTurns: 2 }).run(
      {},
      { llm: m.llm },
    );
    expect(step.ok).toBe(true);
    expect(step.turns[0]!.feedback).toContain("tool/llm-query failed: the model call failed:");
    expect(step.turns[0]!.feedback).toContain("connection refused");
  });

  it("stops at maxCalls: the call past it is a tool error", async () => {
    const m = model(
      ['(doall (map #(tool/llm-query {:prompt "Label: {{text}}" :text %}) ["a" "b" "c" "d"]))', "(return 1)"],
      () => json("x"),
    );
    const agent = defineAgent({ prompt: "x", signature: "() -> :int", llmQuery: { maxCalls: 3 }, maxTurns: 2 });
    const step = await agent.run({}, { llm: m.llm });
    expect(m.calls).toHaveLength(3);
    expect(step.turns[0]!.feedback).toContain(
      "tool/llm-query failed: the call limit is reached: this run made 3 model calls (llmQuery maxCalls 3)",
    );
  });

  it("defaults to 100 calls per run", async () => {
    const m = model(
      ['(count (pmap #(tool/llm-query {:prompt "Label: {{text}}" :text %}) (map str (range 101))))', "(return 1)"],
      () => json("x"),
    );
    const step = await defineAgent({ prompt: "x", signature: "() -> :int", llmQuery: true, maxTurns: 2 }).run(
      {},
      { llm: m.llm },
    );
    expect(m.calls).toHaveLength(100);
    expect(step.turns[0]!.feedback).toContain("maxCalls 100");
  });

  it("counts against the run's tokenLimit: a call past the budget fails and the run stops", async () => {
    const m = model(
      ['(doall (map #(tool/llm-query {:prompt "Label: {{text}}" :text %}) ["a" "b" "c" "d" "e"]))', "(return 1)"],
      () => json("x"),
      { inputTokens: 40, outputTokens: 10 },
    );
    const agent = defineAgent({ prompt: "x", signature: "() -> :int", llmQuery: true, maxTurns: 3, tokenLimit: 160 });
    const step = await agent.run({}, { llm: m.llm });
    // 50 tokens for the program's request and 50 per call: the third call starts at 150
    // (under 160), the fourth would start at 200, past the limit: it fails, and so does the run.
    expect(m.calls).toHaveLength(3);
    expect(step.ok).toBe(false);
    expect(step.ok ? null : step.failure.kind).toBe("budget");
  });

  it("uses its own model when llmQuery names one", async () => {
    const small = recording([json("from small")]);
    const m = model(['(return (tool/llm-query {:prompt "Label: {{text}}" :text "a"}))'], () => json("from main"));
    const agent = defineAgent({ prompt: "x", signature: "() -> :string", llmQuery: { llm: small.llm } });
    const step = await agent.run({}, { llm: m.llm });
    expect(step.return).toBe("from small");
    expect(m.calls).toHaveLength(0);
  });

  it(":llm picks a model of the registry for one call", async () => {
    const small = recording([json("from small")]);
    const m = model(
      ['(return [(tool/llm-query {:prompt "A {{x}}" :x 1 :llm "small"}) (tool/llm-query {:prompt "B {{x}}" :x 2})])'],
      () => json("from main"),
    );
    const agent = defineAgent({
      prompt: "x",
      signature: "() -> [:string]",
      llmQuery: true,
      llmRegistry: { small: small.llm },
    });
    const step = await agent.run({}, { llm: m.llm });
    expect(step.return).toEqual(["from small", "from main"]);
    expect(small.requests).toHaveLength(1);
    expect(m.calls).toHaveLength(1);
  });

  it("rejects a malformed call with a tool error the model can act on", async () => {
    const cases: [string, RegExp][] = [
      [
        '(tool/llm-query {:text "a"})',
        /tool\/llm-query failed: a call needs :prompt, a template such as "Label: \{\{text\}\}" at/,
      ],
      [
        '(tool/llm-query {:prompt "x {{text}}" :signature "{label :strin}" :text "a"})',
        /tool\/llm-query failed: bad signature: .*strin/s,
      ],
      [
        '(tool/llm-query {:prompt "x {{txt}}" :text "a"})',
        /tool\/llm-query failed: unknown placeholder \{\{txt\}\} in the prompt at 1:3 — did you mean \{\{text\}\}\?/,
      ],
      ['(tool/llm-query {:prompt "x" :signature 3})', /:signature must be a string/],
      [
        '(tool/llm-query {:prompt "x {{text}}" :signatrue "{label :string}" :text "a"})',
        /tool\/llm-query failed: the key :signatrue is not a placeholder of the prompt — did you mean :signature\?/,
      ],
      [
        '(tool/llm-query {:promt "x {{text}}" :text "a"})',
        /tool\/llm-query failed: the key :promt is not a placeholder of the prompt — did you mean :prompt\?/,
      ],
    ];
    for (const [program, message] of cases) {
      const m = model([program, "(return 1)"], () => json("x"));
      const step = await defineAgent({ prompt: "x", signature: "() -> :int", llmQuery: true, maxTurns: 2 }).run(
        {},
        { llm: m.llm },
      );
      expect(step.turns[0]!.outcome, program).toBe("error");
      expect(step.turns[0]!.feedback, program).toMatch(message);
      expect(m.calls, program).toHaveLength(0);
    }
  });

  it("is not there unless enabled", async () => {
    const m = model(['(tool/llm-query {:prompt "x"})', "(return 1)"], () => json("x"));
    const step = await defineAgent({ prompt: "x", signature: "() -> :int", maxTurns: 2 }).run({}, { llm: m.llm });
    expect(step.turns[0]!.feedback).toMatch(/llm-query/);
    expect(m.calls).toHaveLength(0);
  });
});

describe("the firewall holds for tool/llm-query", () => {
  const SSN = "987-65-4321-secret";
  it("a firewalled value passed in its arguments never reaches the model", async () => {
    const m = model(
      [
        '(def c (tool/customer {:id 1}))\n(tool/llm-query {:prompt "Describe {{c}}, ssn {{ssn}}" :c c :ssn (:_ssn c)})',
        '(return (tool/llm-query {:prompt "Echo {{x}}" :x (str "[" (:_ssn c) "]")}))',
      ],
      (mission) => json(mission.includes(SSN) ? "LEAKED" : "clean"),
    );
    const agent = defineAgent({
      prompt: "x",
      signature: "() -> :string",
      llmQuery: true,
      tools: {
        customer: { fn: () => ({ name: "Ann", _ssn: SSN }), signature: "(id :int) -> {name :string, _ssn :string}" },
      },
    });
    const step = await agent.run({}, { llm: m.llm });
    expect(step.return).toBe("clean");
    expect(m.calls).toHaveLength(2);
    expect(sent(m.requests)).not.toContain(SSN);
    expect(sent(m.requests)).not.toContain("987-65");
  });
});

describe("llmTool", () => {
  const classify = llmTool({
    prompt: "Label this ticket: {{text}}",
    signature: "(text :string) -> {label :string}",
    description: "Labels one ticket.",
  });

  it("is a tool that is one model call, typed by its signature", async () => {
    const m = model(['(return (mapv #(:label (tool/classify {:text %})) ["a" "b"]))'], (mission) =>
      json({ label: `L-${/ticket: (\S+)/.exec(mission)![1]}` }),
    );
    const agent = defineAgent({ prompt: "x", signature: "() -> [:string]", tools: { classify } });
    const step = await agent.run({}, { llm: m.llm });
    expect(step.return).toEqual(["L-a", "L-b"]);
    expect(m.calls.map((c) => c.agent)).toEqual(["llm-tool", "llm-tool"]);
    expect(step.usage.llmRequests).toBe(3);
  });

  it("checks its arguments against the signature before asking the model", async () => {
    const m = model(["(tool/classify {:text 3})", "(return 1)"], () => json({ label: "x" }));
    const step = await defineAgent({ prompt: "x", signature: "() -> :int", tools: { classify }, maxTurns: 2 }).run(
      {},
      { llm: m.llm },
    );
    expect(step.turns[0]!.outcome).toBe("error");
    expect(m.calls).toHaveLength(0);
  });

  it("runs below maxDepth and does not use the run's turn budget", async () => {
    const programs = Array.from({ length: 3 }, () => '(tool/classify {:text "a"})');
    const m = model([...programs, "(return 1)"], () => json({ label: "x" }));
    const agent = defineAgent({
      prompt: "x",
      signature: "() -> :int",
      tools: { classify },
      maxTurns: 4,
      maxDepth: 0,
      turnBudget: 4,
    });
    const step = await agent.run({}, { llm: m.llm });
    expect(step.ok, JSON.stringify(step.ok ? null : step.failure)).toBe(true);
    expect(m.calls).toHaveLength(3);
  });

  it("needs a description and known options", () => {
    expect(() => llmTool({ prompt: "x {{a}}", signature: "(a :string) -> :string", description: "" })).toThrow(
      /needs a description/,
    );
    expect(() => llmTool({ prompt: "x {{b}}", signature: "(a :string) -> :string", description: "d" })).toThrow(/b/);
    expect(() => llmTool({ prompt: "x", signature: "() -> :string", description: "d", model: "m" } as never)).toThrow(
      /unknown option model/,
    );
  });
});

describe("defineAgent checks llmQuery", () => {
  it.each([
    [{ llmQuery: "yes" }, /llmQuery must be true, false or/],
    [{ llmQuery: { maxCalls: 0 } }, /llmQuery.maxCalls must be an integer of at least 1/],
    [{ llmQuery: { calls: 3 } }, /unknown llmQuery option calls/],
    [{ llmQuery: true, tools: { "llm-query": () => 1 } }, /tool llm-query is also a tool ptcc provides/],
    [{ llmQuery: true, outputMode: "text" }, /outputMode text cannot use tools/],
  ])("%j", (options, message) => {
    expect(() => defineAgent({ prompt: "x", ...(options as object) })).toThrow(message);
  });

  it("keeps the settings in the definition, so a copy of it is the same agent", () => {
    const a = defineAgent({ prompt: "x", llmQuery: { maxCalls: 7 } });
    expect(a.definition.llmQuery).toEqual({ maxCalls: 7 });
    expect(defineAgent({ ...a.definition }).definition.llmQuery).toEqual({ maxCalls: 7 });
    expect(defineAgent({ prompt: "x" }).definition.llmQuery).toBeUndefined();
    expect(defineAgent({ prompt: "x", llmQuery: true }).definition.llmQuery).toEqual({ maxCalls: 100 });
  });
});

describe("docs/agents.md, Models inside programs", () => {
  it("the ticket example runs as shown", async () => {
    const program = [
      "(return",
      " (frequencies",
      '  (pmap #(:label (tool/llm-query {:prompt "Label this ticket as bug, question or feature: {{text}}"',
      '                                  :signature "{label :string}"',
      "                                  :text (:text %)}))",
      "        data/tickets)))",
    ].join("\n");
    const m = model([program], (mission) => json({ label: mission.includes("crash") ? "bug" : "question" }));
    const triage = defineAgent({
      prompt: "Label every ticket of {{tickets}} and count the labels.",
      signature: "(tickets [{id :int, text :string}]) -> :map",
      llmQuery: { maxCalls: 300 },
    });
    const tickets = [
      { id: 1, text: "it crashes" },
      { id: 2, text: "how do I log in?" },
      { id: 3, text: "crash on save" },
    ];
    const step = await triage.run({ tickets }, { llm: m.llm });
    expect(step.return).toEqual({ bug: 2, question: 1 });
  });
});

describe("tool/llm-query in a durable run", () => {
  it("is journaled: a resumed run replays the model calls without asking the model again", async () => {
    const { memoryJournal } = await import("../../src/index.js");
    const store = memoryJournal();
    const program = '(return (pmap #(tool/llm-query {:prompt "Label: {{text}}" :text %}) ["a" "b" "c"]))';
    const first = model([program], (mission) => json(labelOf(mission).toUpperCase()));
    const agent = defineAgent({ prompt: "x", signature: "() -> [:string]", llmQuery: true });
    const step = await agent.run({}, { llm: first.llm, durable: { store, runKey: "q" } });
    expect(step.return).toEqual(["A", "B", "C"]);
    expect(first.calls).toHaveLength(3);
    const again = model([program], () => json("asked again"));
    const resumed = await agent.resume("q", { store, llm: again.llm });
    expect(resumed.return).toEqual(["A", "B", "C"]);
    expect(again.requests).toHaveLength(0);
    // Cut before the run's end (a crash after the calls answered): the turn is replayed, the calls too.
    const entries = await store.load("q");
    const cut = memoryJournal();
    for (const e of entries.slice(0, -1)) await cut.append("q", e.seq, e);
    const third = model([program], () => json("asked again"));
    const replayed = await agent.resume("q", { store: cut, llm: third.llm });
    expect(replayed.return).toEqual(["A", "B", "C"]);
    expect(third.calls).toHaveLength(0);
  });
});
