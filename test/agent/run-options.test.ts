/**
 * Run options as a new user passes them: `jsonlTrace(file)` as `trace` works, and options a
 * run cannot use end it as a failure of kind `options` saying what is wrong (never a throw).
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { combineTraces, defineAgent, jsonlTrace, type RunOptions, type TraceEvent } from "../../src/agent/index.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { clj } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "ptcc-run-options-"));
const agent = defineAgent({ name: "adder", prompt: "Add one to {{n}}", signature: "(n :int) -> :int" });
const llm = () => scriptedLlm([clj("(return (inc data/n))")]);

describe("trace: a jsonlTrace object works as the trace option", () => {
  it("agent.run(input, { trace: jsonlTrace(file) }) writes the file, whole at close()", async () => {
    const path = join(dir, "run.jsonl");
    const file = jsonlTrace(path);
    const step = await agent.run({ n: 1 }, { llm: llm(), trace: file });
    expect(step.ok).toBe(true);
    expect(existsSync(path)).toBe(false);
    file.close();
    const types = readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as TraceEvent).type);
    expect(types).toEqual(["run_start", "llm_request", "llm_response", "program", "result", "run_end"]);
  });

  it("combineTraces takes the object form too", async () => {
    const path = join(dir, "combined.jsonl");
    const file = jsonlTrace(path);
    const seen: string[] = [];
    await agent.run({ n: 1 }, { llm: llm(), trace: combineTraces(file, (e) => seen.push(e.type)) });
    file.close();
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(6);
    expect(seen).toHaveLength(6);
  });

  it("a sink that throws: the run goes on, the sink is still offered every event, the host is warned once", async () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    try {
      let calls = 0;
      const step = await agent.run(
        { n: 1 },
        {
          llm: llm(),
          trace: () => {
            calls++;
            throw new Error("disk full");
          },
        },
      );
      expect(step.ok).toBe(true);
      expect(step.return).toBe(2);
      expect(step.trace).toHaveLength(6);
      expect(calls).toBe(6);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain("the trace sink threw (disk full)");
    } finally {
      warn.mockRestore();
    }
  });
});

describe("run options that cannot be used fail the run, kind options", () => {
  it.each<[string, unknown, string]>([
    [
      "a string as trace",
      { trace: "run.jsonl" },
      "invalid run option: trace: expected a function receiving each event",
    ],
    [
      "an object without sink",
      { trace: { write: () => 1 } },
      "or an object with a sink function (jsonlTrace(file)), got an object",
    ],
    ["model for llm", { model: scriptedLlm([]) }, "invalid run option: unknown run option model — did you mean llm?"],
    ["a typo", { singal: new AbortController().signal }, "unknown run option singal — did you mean signal?"],
    [
      "a definition option",
      { maxTurns: 2 },
      "maxTurns is an option of defineAgent, not of run — make a variant: defineAgent({ ...agent.definition, maxTurns })",
    ],
    [
      "a spec as llm",
      { llm: "openai:gpt-4o" },
      'llm: a run\'s llm is a function or an AI SDK model object, got the string "openai:gpt-4o"',
    ],
    ["a signal that is not one", { signal: { aborted: false } }, "signal: expected an AbortSignal"],
    [
      "onTurn not a function",
      { onTurn: true },
      "onTurn: expected a function (turn, agent, depth) => void, got boolean true",
    ],
    [
      "breakOnSigint not a boolean",
      { breakOnSigint: "yes" },
      'breakOnSigint: expected true or false, got a string "yes"',
    ],
    [
      "a registry entry",
      { llmRegistry: { fast: 42 } },
      "llmRegistry: the model fast: expected a function or an AI SDK model object, got number 42",
    ],
    [
      "descriptions",
      { inputDescriptions: { n: 1 } },
      "inputDescriptions: the description of n is number 1, not a string",
    ],
    ["not an object", "fast", 'invalid run option: the run options must be an object, got a string "fast"'],
    ["two problems at once", { trace: 1, model: 2 }, "2 invalid run options: trace: expected a function"],
  ])("%s", async (_, options, reason) => {
    const step = await agent.run({ n: 1 }, options as RunOptions);
    expect(step.ok).toBe(false);
    expect(step.failure?.kind).toBe("options");
    expect(step.failure?.reason).toContain(reason);
    // Nothing was asked of a model, and the failure is in the trace as any failure is.
    expect(step.usage.llmRequests).toBe(0);
    expect(step.trace.map((e) => e.type)).toEqual(["run_start", "run_end"]);
  });

  it("null and undefined options are no options", async () => {
    const step = await agent.run({ n: 1 }, null as unknown as RunOptions);
    expect(step.failure?.kind).toBe("llm");
    expect((await agent.run({ n: 1 }, { llm: llm(), trace: undefined })).ok).toBe(true);
  });
});
