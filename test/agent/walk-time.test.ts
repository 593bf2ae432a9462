/** The walks over values after an evaluation spend what is left of the turn and the mission. */
import { describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/define.js";
import { clj, recording } from "./helpers.js";

// A value small in memory and 2^21 leaves as a tree: every walk over it is slow.
const WIDE = "(reduce (fn [a _] [a a]) [] (range 21))";

describe("walks after the evaluation", () => {
  it("a returned value too slow to check ends the run by the turn's deadline, not a fresh timeoutMs", async () => {
    const { llm } = recording([clj(`(return ${WIDE})`), clj(`(return ${WIDE})`)]);
    const agent = defineAgent({ prompt: "Go.", turnTimeoutMs: 700, missionTimeoutMs: 800, maxTurns: 2 });
    const t0 = performance.now();
    const step = await agent.run({}, { llm });
    const took = performance.now() - t0;
    expect(step.ok).toBe(false);
    expect(step.failure?.kind).toBe("timeout");
    expect(took).toBeLessThan(1500);
  });

  it("a single turn's answer too slow to print and check ends in a timeout within the turn", async () => {
    const { llm } = recording([clj(WIDE)]);
    const agent = defineAgent({ prompt: "Go.", turnTimeoutMs: 300, missionTimeoutMs: 2000, maxTurns: 1 });
    const t0 = performance.now();
    const step = await agent.run({}, { llm });
    expect(step.failure).toEqual({ kind: "timeout", reason: "turn 1 ran out of time (300 ms)" });
    expect(performance.now() - t0).toBeLessThan(1200);
  });

  it("a return whose JSON cannot be written within the limits fails the run, never ok with a marker", async () => {
    // Built in a few steps, 2^10 leaves as JSON: more than 5000 steps to write.
    const { llm } = recording([clj("(return (reduce (fn [a _] [a a]) [] (range 10)))")]);
    const agent = defineAgent({ prompt: "Go.", maxTurns: 1, limits: { maxSteps: 5000 } });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(false);
    expect(step.return).toBeUndefined();
    expect(step.failure?.kind).toBe("limit");
    expect(step.failure?.reason).toMatch(/^the returned value cannot be written as JSON within the limits: step limit/);
    expect(step.turns[0]!.outcome).toBe("error");
    expect(step.trace.find((e) => e.type === "run_end")).toMatchObject({ ok: false });
  });
});
