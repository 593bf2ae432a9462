/**
 * freezeAgent: a run's program kept (single and multi-turn), the composition rule (failed
 * turns left out; a turn that reads `*1`, `data/fail` or a value only its feedback showed
 * refuses, naming the turn), a hand-written program, and runFrozen running the kept text.
 */
import { describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/index.js";
import { FreezeError, freezeAgent } from "../../src/agent/freeze.js";
import { readProgramHeader, signatureHash } from "../../src/agent/frozen-file.js";
import { runFrozen } from "../../src/agent/frozen-run.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { clj } from "./helpers.js";

const ORDERS = [
  { id: "o-1", total: 30 },
  { id: "o-2", total: 75 },
  { id: "o-3", total: 120 },
];

function shop(maxTurns = 4) {
  return defineAgent({
    name: "big-orders",
    signature: "(customer :string, over :int) -> {ids [:string], sum :int}",
    prompt: "List the orders of {{customer}} over {{over}} and their sum.",
    maxTurns,
    tools: {
      orders: {
        signature: "(customer :string) -> [{id :string, total :int}]",
        fn: () => ORDERS,
      },
    },
  });
}

const INPUT = { customer: "ada", over: 50 };
const DATE = "2026-11-26";

async function refusal(replies: string[]): Promise<FreezeError> {
  try {
    await freezeAgent(shop(), INPUT, { llm: scriptedLlm(replies.map(clj)), date: DATE });
  } catch (e) {
    if (e instanceof FreezeError) return e;
    throw e;
  }
  throw new Error("the freeze was not refused");
}

describe("freezeAgent", () => {
  it("keeps a single turn's program under a header that records the signature hash", async () => {
    const agent = shop(1);
    const program = `(let [big (filter #(> (:total %) data/over) (tool/orders {:customer data/customer}))]
  (return {:ids (mapv :id big) :sum (reduce + (map :total big))}))`;
    const r = await freezeAgent(agent, INPUT, { llm: scriptedLlm([clj(program)]), modelName: "script:t", date: DATE });
    expect(r.step.ok && r.step.return).toEqual({ ids: ["o-2", "o-3"], sum: 195 });
    expect(r.turns).toEqual([1]);
    expect(r.program).toBe(
      ";; ptcc frozen program of agent big-orders\n" +
        `;; signature: ${signatureHash(agent.definition.signature)} (customer :string, over :int) -> {ids [:string], sum :int}\n` +
        ";; model: script:t\n;; frozen: 2026-11-26\n;; turn 1\n" +
        `${program}\n`,
    );
    expect(readProgramHeader(r.program)).toEqual({
      agent: "big-orders",
      signature: signatureHash(agent.definition.signature),
      model: "script:t",
      frozen: DATE,
    });
    // The kept text runs without a model, on another input.
    const again = await runFrozen(agent, { source: r.program }, { customer: "bob", over: 100 });
    expect(again.ok && again.return).toEqual({ ids: ["o-3"], sum: 120 });
    expect(again.usage.llmRequests).toBe(0);
  });

  it("composes the turns of a multi-turn run (defs carry over) and leaves out a failed turn", async () => {
    const r = await freezeAgent(shop(), INPUT, {
      llm: scriptedLlm(
        [
          "(def all (tool/orders {:customer data/customer}))\n(count all)",
          "(def big (filter #(> (:total %) data/ovre) all))",
          "(def big (filter #(> (:total %) data/over) all))\n(count big)",
          "(return {:ids (mapv :id big) :sum (reduce + (map :total big))})",
        ].map(clj),
      ),
      date: DATE,
    });
    expect(r.turns).toEqual([1, 3, 4]);
    expect(r.program).toContain(
      ";; turn 1\n(def all (tool/orders {:customer data/customer}))\n(count all)\n;; turn 3\n",
    );
    expect(r.program).not.toContain("data/ovre");
  });

  it("refuses a turn that reads *1, naming the turn and the position", async () => {
    const e = await refusal(["(tool/orders {:customer data/customer})", "(return {:ids (mapv :id *1) :sum 0})"]);
    expect(e.turn).toBe(2);
    expect(e.message).toMatch(/^turn 2 depended on the model reading earlier output \(it reads \*1, .* at 1:25\)/);
  });

  it("refuses a turn that writes a value only an earlier turn's output showed", async () => {
    const e = await refusal(["(tool/orders {:customer data/customer})", '(return {:ids ["o-2" "o-3"] :sum 195})']);
    expect(e.turn).toBe(2);
    expect(e.message).toContain('it writes "o-2", which the model read in an earlier turn\'s output at 1:16');
  });

  it("refuses when a turn left out called a tool that no kept turn calls again", async () => {
    const e = await refusal([
      "(def all (tool/orders {:customer data/customer}))\n(nth all 9)",
      '(return {:ids [] :sum (count (tool/orders {:customer "someone"}))})',
    ]);
    expect([e.turn, e.message]).toEqual([
      1,
      "turn 1 is left out (its program failed), but it called tool/orders first, which no later turn calls again: the program would not do what the run did",
    ]);
    // Called again the same way: the turn is left out and the freeze goes on.
    const r = await freezeAgent(shop(), INPUT, {
      llm: scriptedLlm(
        [
          "(def all (tool/orders {:customer data/customer}))\n(nth all 9)",
          "(def all (tool/orders {:customer data/customer}))\n(return {:ids [] :sum (count all)})",
        ].map(clj),
      ),
      date: DATE,
    });
    expect(r.turns).toEqual([2]);
  });

  it("refuses a turn that reads data/fail", async () => {
    const e = await refusal(["(tool/orders {:customer 7 :x 1})", "(if data/fail (return {:ids [] :sum 0}) nil)"]);
    expect(e.message).toMatch(/turn 2 .*data\/fail/);
  });

  it("refuses a run that failed", async () => {
    const e = await refusal(['(fail "no")']);
    expect(e.message).toMatch(/^the run failed \(fail\)/);
  });

  it("freezes a hand-written program after running it once, and refuses one that does not return a valid value", async () => {
    const program = "(return {:ids [] :sum (count (tool/orders {:customer data/customer}))})";
    const r = await freezeAgent(shop(), INPUT, { program, modelName: "hand-written (p.clj)", date: DATE });
    expect(r.program.split("\n").slice(2, 5)).toEqual([
      ";; model: hand-written (p.clj)",
      ";; frozen: 2026-11-26",
      program,
    ]);
    expect(r.step.ok && r.step.return).toEqual({ ids: [], sum: 3 });
    await expect(freezeAgent(shop(), INPUT, { program: "(return {:ids 1})" })).rejects.toThrow(
      /^the program did not return a valid value: the frozen program's answer does not match/,
    );
  });
});
