/**
 * A tool whose result breaks its own declared signature is a bug of the host: the run ends
 * at once with failure kind `tool_contract` instead of spending the model's turns on
 * something it cannot fix. Tools that throw, and arguments the model got wrong, stay
 * feedback for the model.
 */
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, type Step, type ToolSpec } from "../../src/agent/index.js";
import { clj, recording } from "./helpers.js";

async function run(tools: Record<string, ToolSpec>, replies: string[]): Promise<{ step: Step; requests: number }> {
  const { llm, requests } = recording(replies);
  const agent = defineAgent({ name: "triage", prompt: "x", maxTurns: 4, tools });
  const step = await agent.run({}, { llm });
  return { step, requests: requests.length };
}

const lookup = (result: unknown): ToolSpec => ({
  fn: () => result,
  signature: "(id :int) -> {id :int, email :string}",
});

describe("a tool that breaks its own signature ends the run as tool_contract", () => {
  it.each<[string, unknown, string]>([
    ["a field of the wrong type", { id: "7", email: "a@b" }, 'id: expected int, got string "7"'],
    ["a missing field", { id: 7 }, "email: missing required field (expected string)"],
    ["not a map at all", [1, 2], "expected map, got list of 2 items"],
    ["null", null, "expected map, got nil"],
  ])("%s", async (_, result, issue) => {
    const { step, requests } = await run({ lookup: lookup(result) }, [clj("(tool/lookup {:id 7})"), clj("(return 1)")]);
    expect(step.ok).toBe(false);
    expect(step.failure?.kind).toBe("tool_contract");
    expect(step.failure?.reason).toContain(
      "tool/lookup returned data that does not match (id :int) -> {id :int, email :string}: ",
    );
    expect(step.failure?.reason).toContain(issue);
    expect(step.failure?.reason).toContain("fix the tool or its signature");
    // One request: the model's second turn is never asked for.
    expect(requests).toBe(1);
    expect(step.turns).toHaveLength(1);
    expect(step.turns[0]).toMatchObject({ outcome: "error", feedback: "" });
    expect(step.trace.find((e) => e.type === "result")).toMatchObject({ errorKind: "tool_contract" });
    expect(step.trace.at(-1)).toMatchObject({ type: "run_end", ok: false, failure: { kind: "tool_contract" } });
  });

  it("a child agent's broken tool ends the parent's run too", async () => {
    const child = defineAgent({
      name: "finder",
      description: "Finds",
      prompt: "x",
      signature: ":any",
      tools: { lookup: lookup({ id: "x" }) },
    });
    const { llm, requests } = recording([
      clj("(return (tool/finder {}))"),
      clj("(tool/lookup {:id 1})"),
      clj("(return 1)"),
    ]);
    const parent = defineAgent({ name: "boss", prompt: "x", maxTurns: 3, tools: { finder: asTool(child) } });
    const step = await parent.run({}, { llm });
    expect(step.failure?.kind).toBe("tool_contract");
    expect(step.failure?.reason).toMatch(/^agent finder: tool\/lookup returned data that does not match/);
    expect(requests).toHaveLength(2);
  });
});

describe("what stays feedback for the model", () => {
  it.each<[string, ToolSpec, string, string]>([
    [
      "a tool that throws",
      () => {
        throw new Error("database down");
      },
      "(tool/t {:id 1})",
      "tool/t failed: database down",
    ],
    ["arguments that do not match", lookup({ id: 1, email: "e" }), '(tool/t {:id "seven"})', "tool/t"],
    ["a valid result", lookup({ id: 1, email: "e" }), "(tool/t {:id 1})", '"email" "e"'],
  ])("%s", async (_, tool, program, feedback) => {
    const { llm, requests } = recording([clj(program), clj("(return 1)")]);
    const step = await defineAgent({ prompt: "x", maxTurns: 3, tools: { t: tool } }).run({}, { llm });
    expect(step.ok).toBe(true);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.messages.at(-1)!.content).toContain(feedback);
  });
});
