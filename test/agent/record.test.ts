/**
 * Recorded runs: the recorder keeps every reply of a run (the parent's and its
 * children's) in request order, even when parallel children answer out of order; the
 * recording replays as a script to the same result. Combined trace sinks.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { asTool, defineAgent } from "../../src/agent/define.js";
import { recordReplies } from "../../src/agent/record.js";
import { combineTraces, type TraceEvent } from "../../src/agent/trace.js";
import { loadScript, scriptedLlm } from "../../src/llm/script.js";
import { llmInfo, withLlmInfo } from "../../src/llm/info.js";
import { createLlm } from "../../src/llm/resolve.js";
import type { Llm } from "../../src/llm/types.js";
import { clj } from "./helpers.js";

const child = defineAgent({
  name: "square",
  description: "Squares n",
  prompt: "Square {{n}}.",
  signature: "(n :int) -> :int",
});
const parent = defineAgent({
  name: "sum",
  prompt: "Sum the squares of 1 and 2.",
  signature: "() -> :int",
  tools: { square: asTool(child) },
  maxTurns: 2,
});

/**
 * The model of the run: the parent maps `square` over [1 2] in parallel, the child for 1
 * answers late, so the responses arrive in another order than the requests.
 */
const live: Llm = async (r) => {
  if (r.agent === "sum") {
    return r.turn === 1
      ? { content: clj("(def xs (pmap #(tool/square {:n %}) [1 2]))"), usage: { inputTokens: 100, outputTokens: 10 } }
      : { content: clj("(return (reduce + xs))"), finishReason: "stop", model: "m-1", provider: "p" };
  }
  const n = /Square (\d+)/.exec(r.messages[0]!.content)![1]!;
  if (n === "1") await new Promise((resolve) => setTimeout(resolve, 40));
  return clj(`(return (* ${n} ${n}))`);
};

describe("recordReplies", () => {
  it("keeps the replies of parent and children in request order, and they replay as a script", async () => {
    const recorder = recordReplies();
    const responses: string[] = [];
    const step = await parent.run(
      {},
      {
        llm: live,
        trace: combineTraces(recorder.sink, (e) => {
          if (e.type === "llm_response") responses.push(e.content ?? "");
        }),
      },
    );
    expect(step.return).toBe(5);
    // The child for 2 answered first...
    expect(responses[1]).toContain("(* 2 2)");
    // ...but the recording is in request order.
    expect(recorder.replies().map(({ request: _r, ...reply }) => reply)).toEqual([
      {
        agent: "sum",
        content: clj("(def xs (pmap #(tool/square {:n %}) [1 2]))"),
        usage: { inputTokens: 100, outputTokens: 10 },
      },
      { agent: "square", content: clj("(return (* 1 1))") },
      { agent: "square", content: clj("(return (* 2 2))") },
      { agent: "sum", content: clj("(return (reduce + xs))"), finishReason: "stop", model: "m-1", provider: "p" },
    ]);

    const file = join(mkdtempSync(join(tmpdir(), "ptcc-record-")), "run.json");
    recorder.write(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(recorder.replies());
    const replay = await parent.run({}, { llm: await loadScript(file) });
    expect(replay.return).toBe(5);
    expect(replay.turns.map((t) => t.response)).toEqual(step.turns.map((t) => t.response));
  });

  it("leaves out requests that failed", async () => {
    const recorder = recordReplies();
    const llm = scriptedLlm([clj("(+ 1 2)")]);
    const step = await parent.run({}, { llm, trace: recorder.sink });
    expect(step.ok).toBe(false);
    expect(recorder.replies().map(({ request: _r, ...reply }) => reply)).toEqual([{ agent: "sum", content: clj("(+ 1 2)") }]);
  });
});

describe("scripts by agent", () => {
  it("script a parent and its children without depending on the order of their calls", async () => {
    const llm = scriptedLlm({
      sum: [clj("(def xs (pmap #(tool/square {:n %}) [1 2]))"), clj("(return (reduce + xs))")],
      square: [clj("(return (* data/n data/n))"), clj("(return (* data/n data/n))")],
    });
    const step = await parent.run({}, { llm });
    expect(step.return).toBe(5);
    expect(llm.remaining).toBe(0);
  });
});

describe("trace events name the model", () => {
  it("from the reply, else from the Llm's label (a spec's model and provider)", async () => {
    const labelled = withLlmInfo(async () => clj("(return 1)"), { provider: "openai", model: "gpt-x" });
    const events: TraceEvent[] = [];
    await defineAgent({ name: "m", prompt: "x" }).run({}, { llm: labelled, trace: (e) => events.push(e) });
    expect(events.find((e) => e.type === "llm_request")).toMatchObject({ model: "gpt-x", provider: "openai" });
    expect(events.find((e) => e.type === "llm_response")).toMatchObject({ model: "gpt-x", provider: "openai" });
    const llm = await createLlm("openai:gpt-y");
    expect(llmInfo(llm)).toEqual({ provider: "openai", model: "gpt-y" });
  });
});

describe("combineTraces", () => {
  it("hands every event to every sink; a sink that throws does not starve the others", () => {
    const a: string[] = [];
    const b: string[] = [];
    const sink = combineTraces(
      (e) => a.push(e.type),
      undefined,
      () => {
        throw new Error("exporter down");
      },
      (e) => b.push(e.type),
    );
    const event: TraceEvent = { type: "program", at: 0, run: "r", turn: 1, program: "(+ 1 2)" };
    expect(() => sink(event)).toThrow("exporter down");
    expect(a).toEqual(["program"]);
    expect(b).toEqual(["program"]);
  });
});
