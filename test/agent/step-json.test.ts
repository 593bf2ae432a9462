/**
 * A Step and its JSON form (`ptcc run --json`, `stepToJson`) name the same things the same
 * way: `fail`, `transcript` and each turn's `turn` are fields of both (the Step keeps its
 * older names, `failure`, `turns` and `index`, as the same values).
 */
import { describe, expect, it } from "vitest";
import { defineAgent, stepToJson, type Step } from "../../src/agent/index.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { clj } from "./helpers.js";

const agent = defineAgent({ name: "n", prompt: "x", signature: ":int", maxTurns: 2 });
const runWith = (replies: string[]): Promise<Step> => agent.run({}, { llm: scriptedLlm(replies) });

describe("Step and StepJson", () => {
  it.each<[string, string[]]>([
    ["a run that returns", [clj("(def a 1)"), clj("(return 2)")]],
    ["a run that fails", [clj('(fail "no")')]],
    ["a run out of turns", [clj("1"), clj("2")]],
  ])("%s: every field of the JSON is the Step's field of the same name", async (_, replies) => {
    const step = await runWith(replies);
    const json = stepToJson(step);
    expect(json.ok).toBe(step.ok);
    expect(json.agent).toBe(step.agent);
    expect(json.usage).toEqual(step.usage);
    expect(json.fail).toEqual(step.fail);
    if (step.ok) expect(json.return).toEqual(step.return);
    expect(json.transcript).toEqual(
      step.transcript.map((t) => ({
        turn: t.turn,
        program: t.program,
        outcome: t.outcome,
        ...(t.result !== undefined ? { result: t.result } : {}),
        feedback: t.feedback,
      })),
    );
    // The JSON's turns is the count; the Step's older names are the same values.
    expect(json.turns).toBe(step.transcript.length);
    expect(step.failure).toBe(step.fail);
    expect(step.turns).toBe(step.transcript);
    for (const t of step.transcript) expect(t.index).toBe(t.turn);
  });
});
