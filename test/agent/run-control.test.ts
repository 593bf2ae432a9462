/**
 * Long and costly runs under control (issue 22): turns that end well (the turn line,
 * repair turns, the fallback answer, data/fail), budgets (tokenLimit, the budget check,
 * turnBudget, return_partial, (budget/remaining)), placeholders that point, and memory.
 */
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, renderPrompt } from "../../src/index.js";
import type { LlmReply, LlmRequest } from "../../src/llm/types.js";
import { clj, lastUser, recording } from "./helpers.js";

/** Replies with usage, so budgets have tokens to count. */
const withUsage = (content: string, input = 100, output = 10): LlmReply => ({
  content,
  usage: { inputTokens: input, outputTokens: output },
});

describe("turns that end well", () => {
  it("every feedback ends with the turn that comes next; the last says to return", async () => {
    const { llm, requests } = recording([clj("1"), clj("2"), clj("(return 3)")]);
    await defineAgent({ prompt: "p", signature: ":int", maxTurns: 3 }).run({}, { llm });
    expect(lastUser(requests[1]!).split("\n").at(-1)).toBe(";; turn 2 of 3");
    expect(lastUser(requests[2]!).split("\n").at(-1)).toBe(";; turn 3 of 3 (last turn: return now)");
  });

  it.each([
    ["a repair turn mends an invalid last return", 1, [clj("(def x 1)"), clj('(return "x")'), clj("(return x)")], { ok: true, return: 1 }],
    ["without retryTurns the invalid last return fails", 0, [clj("(def x 1)"), clj('(return "x")')], { ok: false, kind: "max_turns" }],
    ["a repair turn that does not return ends the run", 1, [clj("(def x 1)"), clj('(return "x")'), clj("(+ 1 1)")], { ok: false, kind: "max_turns" }],
    ["two repair turns", 2, [clj("1"), clj('(return "a")'), clj('(return "b")'), clj("(return 7)")], { ok: true, return: 7 }],
  ] as const)("retryTurns: %s", async (_name, retryTurns, replies, want) => {
    const { llm, requests } = recording([...replies]);
    const step = await defineAgent({ prompt: "p", signature: ":int", maxTurns: 2, retryTurns, completion: "explicit" }).run({}, { llm });
    expect(step.ok).toBe(want.ok);
    if (want.ok) expect(step.return).toBe((want as { return: number }).return);
    else expect(step.failure?.kind).toBe((want as { kind: string }).kind);
    if (retryTurns > 0 && requests.length > 2) {
      expect(lastUser(requests[2]!)).toContain(`;; repair turn 1 of ${retryTurns}: return a value that matches the expected output`);
    }
  });

  it("a single-shot agent with a repair turn gets a second chance at a valid answer", async () => {
    const { llm, requests } = recording([clj('"not an int"'), clj("42")]);
    const step = await defineAgent({ prompt: "p", signature: ":int", maxTurns: 1, retryTurns: 1 }).run({}, { llm });
    expect(step.return).toBe(42);
    expect(lastUser(requests[1]!)).toContain("expected int");
  });

  it.each([
    ["the last value matches: ok, as a fallback", "auto", clj("{:total 5}"), { ok: true }],
    ["completion explicit: max_turns", "explicit", clj("{:total 5}"), { ok: false }],
    ["the last value does not match: max_turns", "auto", clj('{:total "5"}'), { ok: false }],
    ["the last value is nil: max_turns", "auto", clj("nil"), { ok: false }],
    ["the last turn failed: max_turns", "auto", clj("(inc nil)"), { ok: false }],
  ] as const)("turns run out: %s", async (_name, completion, last, want) => {
    const { llm } = recording([clj("(def x 1)"), last]);
    const step = await defineAgent({ prompt: "p", signature: "{total :int}", maxTurns: 2, completion }).run({}, { llm });
    expect(step.ok).toBe(want.ok);
    if (step.ok) {
      expect(step.return).toEqual({ total: 5 });
      expect(step.fallback).toBe(true);
      expect(step.trace.find((e) => e.type === "run_end")).toMatchObject({ ok: true, fallback: true });
    } else expect(step.failure?.kind).toBe("max_turns");
  });

  it("a failed turn's error reaches the next program as data/fail; after a good turn it is nil", async () => {
    const { llm } = recording([clj("(inc :x)"), clj("(def f data/fail)"), clj("(return [f data/fail])")]);
    const step = await defineAgent({ prompt: "p", maxTurns: 3 }).run({}, { llm });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    const [f, after] = step.return as [{ reason: string; message: string }, unknown];
    expect(f.reason).toBe("type");
    expect(f.message).toContain("inc expects a number");
    expect(after).toBeNull();
  });

  it("an invalid return is a failure data/fail tells of; an input named fail keeps its place", async () => {
    const { llm } = recording([clj("(return 5)"), clj("(return (name (:reason data/fail)))")]);
    const step = await defineAgent({ prompt: "p", signature: ":string", maxTurns: 2 }).run({}, { llm });
    expect(step.return).toBe("invalid-return");
    const own = recording([clj("(inc :x)"), clj("(return data/fail)")]);
    const mine = await defineAgent({ prompt: "p", signature: "(fail :string) -> :string", maxTurns: 2 }).run({ fail: "mine" }, { llm: own.llm });
    expect(mine.return).toBe("mine");
  });
});

describe("budgets", () => {
  it("tokenLimit: the run stops before a request that would start above it", async () => {
    const { llm, requests } = recording([1, 2, 3, 4].map((i) => withUsage(clj(`(def x${i} ${i})`))));
    const step = await defineAgent({ prompt: "p", signature: ":int", maxTurns: 4, tokenLimit: 250 }).run({}, { llm });
    expect(requests).toHaveLength(3);
    expect(step.failure).toEqual({ kind: "budget", reason: "the token limit of 250 is reached (330 tokens used)" });
  });

  it("a run option wins over the definition, and return_partial returns the last value when it matches", async () => {
    const { llm } = recording([withUsage(clj("(def x 1)")), withUsage(clj("{:total 9}")), withUsage(clj("(return {:total 10})"))]);
    const agent = defineAgent({ prompt: "p", signature: "{total :int}", maxTurns: 4, tokenLimit: 100_000 });
    const step = await agent.run({}, { llm, tokenLimit: 200, onBudgetExceeded: "return_partial" });
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ total: 9 });
    expect(step.ok && step.partial).toBe(true);
  });

  it("return_partial with no matching value fails as budget", async () => {
    const { llm } = recording([withUsage(clj("(def x 1)")), withUsage(clj("(def y 2)"))]);
    const step = await defineAgent({ prompt: "p", signature: "{total :int}", maxTurns: 4, tokenLimit: 200, onBudgetExceeded: "return_partial" }).run({}, { llm });
    expect(step.failure?.kind).toBe("budget");
  });

  it("the budget check is called before each request with the usage so far", async () => {
    const seen: [number, number][] = [];
    const { llm } = recording([1, 2, 3].map((i) => withUsage(clj(`(def x${i} ${i})`))));
    const step = await defineAgent({ prompt: "p", maxTurns: 3 }).run({}, {
      llm,
      budget: (usage, turn) => {
        seen.push([turn, usage.inputTokens]);
        return turn < 3;
      },
    });
    expect(seen).toEqual([[1, 0], [2, 100], [3, 200]]);
    expect(step.failure).toEqual({ kind: "budget", reason: "the budget check stopped the run before turn 3" });
  });

  it("turnBudget counts the turns of the run and its child agents together", async () => {
    const child = defineAgent({ name: "child", prompt: "c", signature: ":int", description: "a child", maxTurns: 3 });
    const parent = defineAgent({
      name: "parent",
      prompt: "p",
      signature: ":int",
      maxTurns: 5,
      turnBudget: 4,
      tools: { child: asTool(child) },
    });
    const replies: Record<string, string[]> = {
      parent: [clj("(def a (tool/child {}))"), clj("(def b 2)"), clj("(return a)")],
      child: [clj("(def z 1)"), clj("(return 7)")],
    };
    const cursor = new Map<string, number>();
    const llm = async (r: LlmRequest) => {
      const i = cursor.get(r.agent) ?? 0;
      cursor.set(r.agent, i + 1);
      return replies[r.agent]![i]!;
    };
    // parent 1, child 1, child 2, parent 2: the budget of 4 is used before parent's turn 3.
    const step = await parent.run({}, { llm });
    expect(step.failure).toEqual({ kind: "budget", reason: "the turn budget of 4 turns is used up" });
    expect(step.turns).toHaveLength(2);
  });

  it("(budget/remaining) tells a program what is left of each limit that is set", async () => {
    const { llm } = recording([withUsage(clj("(def x 1)")), clj("(return (budget/remaining))")]);
    const step = await defineAgent({ prompt: "p", maxTurns: 5, tokenLimit: 1000, turnBudget: 10 }).run({}, { llm });
    expect(step.return).toMatchObject({
      turns: 3,
      "turn-budget": 8,
      tokens: 890,
      depth: { current: 0, max: 3 },
      "llm-requests": 2,
    });
    expect((step.return as { ms: number }).ms).toBeGreaterThan(0);
  });
});

describe("placeholders that point instead of paste", () => {
  const docs = Array.from({ length: 2000 }, (_, i) => ({ id: i, title: `doc ${i}` }));
  it("a long value in a multi-turn program run is a reference to data/; a short one stays inline", () => {
    const agent = defineAgent({ prompt: "Read {{documents}} about {{topic}}.", signature: "(documents [:map], topic :string) -> :int" });
    const { user } = renderPrompt(agent, { documents: docs, topic: "lamps" });
    expect(user).toContain("Read `data/documents` (list of 2,000 maps) about lamps.");
    expect(user.length).toBeLessThan(4000);
  });

  it("single-shot and text mode keep pasting (they have no second turn)", () => {
    const single = defineAgent({ prompt: "Read {{documents}}.", signature: "(documents [:map]) -> :int", maxTurns: 1 });
    expect(renderPrompt(single, { documents: docs.slice(0, 30) }).user).toContain('"title":"doc 29"');
    const custom = defineAgent({ prompt: "Read {{documents}}.", signature: "(documents [:map]) -> :int", formatOptions: { inlineMaxChars: 100_000 } });
    expect(renderPrompt(custom, { documents: docs.slice(0, 30) }).user).toContain('"title":"doc 29"');
  });
});

describe("memory of a run", () => {
  it("rollback: a turn whose defs pass memoryLimit is undone, and the model told what and by how much", async () => {
    const { llm, requests } = recording([clj("(def small 1)"), clj('(def big (apply str (repeat 500 "x")))'), clj("(return (count (keys {:a small})))")]);
    const step = await defineAgent({ prompt: "p", maxTurns: 3, memoryLimit: 200 }).run({}, { llm });
    expect(step.ok).toBe(true);
    expect(step.namespace).toEqual({ small: 1 });
    const told = lastUser(requests[2]!);
    expect(told).toMatch(/;; Memory: user\/ would hold \d+ bytes, over the run's memoryLimit of 200 by \d+; this turn's defs were undone: big \(502 bytes\)/);
    expect(step.turns[1]!.outcome).toBe("error");
  });

  it("strict: the run fails as limit", async () => {
    const { llm } = recording([clj('(def big (apply str (repeat 500 "x")))'), clj("(return 1)")]);
    const step = await defineAgent({ prompt: "p", maxTurns: 3, memoryLimit: 200, memoryStrategy: "strict" }).run({}, { llm });
    expect(step.failure?.kind).toBe("limit");
    expect(step.failure?.reason).toMatch(/^the run's namespace holds \d+ bytes, over its memoryLimit of 200/);
  });
});

describe("the options are checked", () => {
  it.each([
    [{ tokenLimit: 0 }, "tokenLimit must be an integer of at least 1, got 0"],
    [{ onBudgetExceeded: "stop" }, 'unknown onBudgetExceeded "stop"'],
    [{ compaction: { stratgy: "trim" } }, "compaction.stratgy is not a compaction option"],
    [{ compaction: { strategy: "cut" } }, "compaction.strategy must be one of trim, summary"],
    [{ memoryStrategy: "loose" }, 'unknown memoryStrategy "loose"'],
    [{ budget: 5 }, "budget must be a function (usage, turn) => boolean, got"],
    [{ turnBudgt: 3 }, "unknown option turnBudgt"],
  ])("%j", (extra, message) => {
    expect(() => defineAgent({ prompt: "p", ...(extra as object) })).toThrow(message);
  });
});
