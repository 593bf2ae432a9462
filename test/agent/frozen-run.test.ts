/**
 * runFrozen: a kept program run without a model — a Step with one turn and no model usage,
 * the input checked as a run checks it, the answer against the output type, the tools called
 * as in a run (coerced, validated, traced); an error of the program fails it (kind `program`)
 * with its position in the program file.
 */
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/index.js";
import { runFrozen } from "../../src/agent/frozen-run.js";

const agent = defineAgent({
  name: "stock",
  signature: "(sku :string) -> {sku :string, left :int}",
  prompt: "How many of {{sku}} are left?",
  tools: {
    stock: { signature: "(sku :string) -> {count :int}", fn: (a: { sku: string }) => ({ count: a.sku.length }) },
  },
});

const run = (source: string, input: unknown = { sku: "abc" }) =>
  runFrozen(agent, { source, file: "agents/stock.program.clj" }, input as { sku: string });

describe("runFrozen", () => {
  it("a tool that breaks its own signature ends the run as tool_contract, not as the program's fault", async () => {
    const liar = defineAgent({
      name: "liar",
      signature: "(sku :string) -> :int",
      prompt: "p",
      // A host defect on purpose: the tool answers against its own signature.
      tools: {
        stock: {
          signature: "(sku :string) -> {count :int}",
          fn: () => ({ count: "many" }) as unknown as { count: number },
        },
      },
    });
    const step = await runFrozen(liar, { source: "(:count (tool/stock {:sku data/sku}))" }, { sku: "a" });
    expect(step.ok).toBe(false);
    if (!step.ok) expect(step.failure.kind).toBe("tool_contract");
  });

  it("cancelled while a tool runs: cancelled, not a program error", async () => {
    const c = new AbortController();
    const slow = defineAgent({
      name: "slow",
      signature: "(sku :string) -> :int",
      prompt: "p",
      tools: {
        stock: {
          signature: "(sku :string) -> {count :int}",
          fn: () => {
            setTimeout(() => c.abort(), 5);
            return new Promise<{ count: number }>(() => {});
          },
        },
      },
    });
    const step = await runFrozen(
      slow,
      { source: "(:count (tool/stock {:sku data/sku}))" },
      { sku: "a" },
      { signal: c.signal },
    );
    expect(step.ok).toBe(false);
    if (!step.ok) expect(step.failure.kind).toBe("cancelled");
    // At once, not at the evaluation's deadline (5 s), with the call traced as unanswered.
    expect(step.durationMs).toBeLessThan(2500);
    expect(step.turns[0]?.toolCalls[0]?.error).toMatch(/no answer/);
  });

  it("leaves no listener on a signal shared by many runs (no leak, no MaxListenersExceededWarning)", async () => {
    const shared = new AbortController();
    for (let i = 0; i < 30; i++) {
      const step = await runFrozen(
        agent,
        {
          source: "(return {:sku data/sku :left (:count (tool/stock {:sku data/sku}))})",
          file: "agents/stock.program.clj",
        },
        { sku: "abc" },
        { signal: shared.signal },
      );
      expect(step.ok).toBe(true);
    }
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(0);
  });

  it("returns a Step of one turn with the tool calls, and no model usage", async () => {
    const step = await run("(def n (:count (tool/stock {:sku data/sku})))\n(return {:sku data/sku :left n})");
    expect(step.ok && step.return).toEqual({ sku: "abc", left: 3 });
    expect(step.turns.map((t) => [t.outcome, t.toolCalls.map((c) => [c.name, c.args, c.result])])).toEqual([
      ["return", [["stock", { sku: "abc" }, { count: 3 }]]],
    ]);
    expect(step.namespace).toEqual({ n: 3 });
    expect(step.usage.llmRequests).toBe(0);
  });

  it("the last value is the answer without (return ...)", async () => {
    const step = await run('{:sku "x" :left 1}');
    expect(step.ok && step.return).toEqual({ sku: "x", left: 1 });
  });

  it.each([
    [
      "an error, at its position in the program file",
      "(def x 1)\n(+ x data/sku)",
      "program",
      /^the frozen program stopped: .* at agents\/stock\.program\.clj:2:1/,
    ],
    [
      "an answer of the wrong type",
      '{:sku "x"}',
      "program",
      /^the frozen program's answer does not match \{sku :string, left :int\}: left: missing/,
    ],
    ["(fail ...)", '(fail "out of stock")', "fail", /^the program failed: /],
  ])("fails on %s", async (_what, source, kind, reason) => {
    const step = await run(source);
    expect(step.ok).toBe(false);
    if (step.ok) return;
    expect(step.failure.kind).toBe(kind);
    expect(step.failure.reason).toMatch(reason);
  });

  it("checks the input as a run does", async () => {
    const step = await run('{:sku "x" :left 1}', { sku: 5 });
    expect(step.ok ? null : [step.failure.kind, step.turns.length]).toEqual(["input", 0]);
  });
});

describe("a frozen run's watchdog stretches", () => {
  const many = defineAgent({
    name: "many",
    signature: "(skus [:string]) -> :int",
    prompt: "p",
    tools: {
      stock: {
        signature: "(sku :string) -> {count :int}",
        fn: async (a: { sku: string }) => ({ count: a.sku.length }),
      },
    },
  });

  it("the tool calls' argument and answer checks share the program's stretches, one batch or many calls", async () => {
    const { watchdogStretches } = await import("../../src/evaluator/preempt.js");
    const total = (): number => {
      const c = watchdogStretches();
      return c.inspector + c.vm;
    };
    // One before the program (with the input's check), one after the tool answered, one for
    // the end of a program kept as text (a compiled one ends in its last stretch).
    let before = total();
    const one = await run("{:sku data/sku :left (:count (tool/stock {:sku data/sku}))}");
    expect(one.ok).toBe(true);
    expect(total() - before).toBe(3);
    before = total();
    const ten = await runFrozen(
      many,
      { source: "(reduce + (pmap #(:count (tool/stock {:sku %})) data/skus))" },
      { skus: ["a", "bb", "ccc", "dddd", "e", "f", "g", "h", "i", "j"] },
    );
    expect(ten.ok && ten.return).toBe(16);
    expect(total() - before).toBe(3);
    // Every call has its trace entry, with the answer it gave.
    expect(ten.turns[0]?.toolCalls.map((c) => c.result)).toEqual(
      ["a", "bb", "ccc", "dddd", "e", "f", "g", "h", "i", "j"].map((s) => ({ count: s.length })),
    );
  });

  it("arguments that break the tool's signature fail the call with the same message, traced", async () => {
    const step = await run("(tool/stock {:sku (count data/sku)})");
    expect(step.ok).toBe(false);
    if (!step.ok) expect(step.failure.reason).toMatch(/tool\/stock failed: invalid arguments: .*sku/);
    expect(step.turns[0]?.toolCalls[0]?.error).toMatch(/invalid arguments/);
  });
});
