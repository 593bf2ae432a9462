/**
 * tool/llm-query under the tool-call governance of its run (issue 23 §1 with §4): its calls
 * are tool calls, so toolConcurrency bounds how many are in flight and maxToolCalls counts them.
 * Governance is built on another branch: until it is merged, these tests are skipped.
 */
import { describe, expect, it } from "vitest";
import { defineAgent, type LlmRequest } from "../../src/index.js";
import { AGENT_OPTION_KEYS } from "../../src/agent/rules.js";
import { clj } from "./helpers.js";

const governed = (AGENT_OPTION_KEYS as readonly string[]).includes("toolConcurrency");
/** Options of tool governance, given untyped so that this file compiles before they exist. */
const governance = (o: Record<string, number>): object => o;

function model(program: string): {
  llm: (r: LlmRequest) => Promise<string>;
  maxInFlight: () => number;
  calls: () => number;
} {
  let inFlight = 0;
  let max = 0;
  let calls = 0;
  let turn = 0;
  return {
    maxInFlight: () => max,
    calls: () => calls,
    llm: async (r) => {
      if (r.depth === 0) return turn++ === 0 ? clj(program) : clj("(return 0)");
      calls++;
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((res) => setTimeout(res, 5));
      inFlight--;
      return '"x"';
    },
  };
}

describe.skipIf(!governed)("tool/llm-query is a governed tool call", () => {
  it("toolConcurrency bounds the model calls in flight; the results keep their order", async () => {
    const m = model('(return (count (pmap #(tool/llm-query {:prompt "Label: {{t}}" :t %}) (map str (range 20)))))');
    const agent = defineAgent({
      prompt: "x",
      signature: "() -> :int",
      llmQuery: true,
      ...governance({ toolConcurrency: 3 }),
    });
    const step = await agent.run({}, { llm: m.llm });
    expect(step.return).toBe(20);
    expect(m.calls()).toBe(20);
    expect(m.maxInFlight()).toBe(3);
  });

  it("maxToolCalls counts them", async () => {
    const m = model('(count (pmap #(tool/llm-query {:prompt "Label: {{t}}" :t %}) (map str (range 5))))');
    const agent = defineAgent({
      prompt: "x",
      signature: "() -> :int",
      llmQuery: true,
      maxTurns: 2,
      ...governance({ maxToolCalls: 3 }),
    });
    const step = await agent.run({}, { llm: m.llm });
    expect(m.calls()).toBe(3);
    expect(step.turns[0]!.feedback).toContain("tool call limit: this program made 3 tool calls (maxToolCalls 3)");
  });

  it("200 calls in flight at once give no listener warning", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(w.name);
    };
    process.on("warning", onWarning);
    try {
      const m = model('(return (count (pmap #(tool/llm-query {:prompt "Label: {{t}}" :t %}) (map str (range 200)))))');
      const agent = defineAgent({
        prompt: "x",
        signature: "() -> :int",
        llmQuery: { maxCalls: 200 },
        ...governance({ toolConcurrency: 200 }),
      });
      const step = await agent.run({}, { llm: m.llm });
      expect(step.return).toBe(200);
      expect(m.maxInFlight()).toBe(200);
      await new Promise((res) => setTimeout(res, 10));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });
});
