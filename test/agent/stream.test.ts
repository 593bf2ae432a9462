/**
 * Typed run events and agent.stream(): the sequence of a scripted 3-turn run with a child
 * agent (a golden file), text deltas from a streaming model, onChunk, and leaving the loop
 * early, which cancels the run.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../src/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { agents, REPLIES, streaming } from "./stream-run.js";

const GOLDEN = join(import.meta.dirname, "golden", "stream-events.txt");

/** One line per event, without times and durations. */
function line(e: RunEvent): string {
  const head = `${"  ".repeat(e.depth)}${e.agent} t${e.turn} ${e.type}`;
  switch (e.type) {
    case "run-start":
      return `${head} ${JSON.stringify(e.input)}`;
    case "request":
      return `${head} ~${e.tokensEstimate > 0 ? "n" : "0"} tokens`;
    case "text-delta":
      return `${head} ${JSON.stringify(e.delta)}`;
    case "reply":
      return `${head} ${JSON.stringify(e.text.slice(0, 40))}`;
    case "program":
      return `${head} ${JSON.stringify(e.program)}`;
    case "tool-call":
      return `${head} ${e.callId} ${e.name} ${JSON.stringify(e.args)}`;
    case "tool-result":
      return `${head} ${e.callId} ${e.name} ${JSON.stringify(e.result ?? null)}${e.error !== undefined ? ` error ${e.error}` : ""}`;
    case "output":
      return `${head} ${JSON.stringify(e.lines)}`;
    case "turn-end":
      return `${head} ${e.outcome} ${JSON.stringify(e.feedback)}`;
    case "compaction":
      return `${head} ${e.droppedTurns.join(",")}`;
    case "run-end":
      return `${head} ${e.step.ok ? "ok" : e.step.fail?.kind} ${JSON.stringify(e.step.return ?? null)}`;
  }
}

describe("agent.stream()", () => {
  it("yields the run's events in order, child runs interleaved (golden)", async () => {
    const run = agents().stream({}, { llm: streaming(REPLIES) });
    const lines: string[] = [];
    for await (const e of run) lines.push(line(e));
    const step = await run.step;
    expect(step.ok).toBe(true);
    const text = `${lines.join("\n")}\n`;
    if (process.env["UPDATE_GOLDEN"] === "1" || !existsSync(GOLDEN)) writeFileSync(GOLDEN, text);
    expect(text).toBe(readFileSync(GOLDEN, "utf8"));
    // The firewalled field stays hidden in the tool result.
    expect(text).not.toContain("ann@x.test");
    expect(text).toContain('"_email":"<Firewalled>"');
  });

  it("every event names its run, its parent and its depth", async () => {
    const events: RunEvent[] = [];
    const step = await agents().run({}, { llm: streaming(REPLIES), onEvent: (e) => events.push(e) });
    expect(step.ok).toBe(true);
    const top = events[0]!.runId;
    const child = events.find((e) => e.agent === "summarize")!;
    expect(child).toMatchObject({ parentId: top, depth: 1 });
    expect(events.filter((e) => e.agent === "main").every((e) => e.parentId === null && e.depth === 0)).toBe(true);
    // The deltas of a reply make up its text.
    const deltas = events.filter((e) => e.type === "text-delta" && e.agent === "main" && e.turn === 1);
    expect(deltas.map((e) => (e.type === "text-delta" ? e.delta : "")).join("")).toBe(REPLIES.main[0]);
  });

  it("onChunk gets the text: the deltas of a streaming model, the whole reply of one that does not stream", async () => {
    const chunks: string[] = [];
    await agents().run({}, { llm: streaming(REPLIES), onChunk: (t, info) => chunks.push(`${info.agent}:${t}`) });
    expect(chunks.filter((c) => c.startsWith("main:")).length).toBeGreaterThan(3);
    const whole: string[] = [];
    const plain = async (r: LlmRequest) => REPLIES[r.agent as "main"][r.turn - 1]!;
    await agents().run({}, { llm: plain, onChunk: (t) => whole.push(t) });
    expect(whole).toEqual([REPLIES.main[0], REPLIES.main[1], REPLIES.summarize[0], REPLIES.main[2]]);
  });

  it("leaving the loop early cancels the run", async () => {
    let asked = 0;
    const slow = async (r: LlmRequest) => {
      asked++;
      await new Promise((res) => setTimeout(res, 5));
      return REPLIES[r.agent as "main"][r.turn - 1]!;
    };
    const run = agents().stream({}, { llm: slow });
    for await (const e of run) if (e.type === "turn-end") break;
    const step = await run.step;
    expect(step.ok).toBe(false);
    expect(step.failure).toEqual({ kind: "cancelled", reason: "the event stream was closed" });
    expect(asked).toBeLessThanOrEqual(2);
  });

  it("cancel() ends the run cancelled and the events end with run-end", async () => {
    const run = agents().stream({}, {
      llm: async (r) => {
        await new Promise((res) => setTimeout(res, 20));
        return REPLIES[r.agent as "main"][r.turn - 1]!;
      },
    });
    setTimeout(() => run.cancel("stop"), 5);
    const types: string[] = [];
    for await (const e of run) types.push(e.type);
    expect((await run.step).failure).toEqual({ kind: "cancelled", reason: "stop" });
    expect(types.at(-1)).toBe("run-end");
  });

  it("a throwing onEvent does not change the run", async () => {
    const step = await agents().run(
      {},
      {
        llm: streaming(REPLIES),
        onEvent: () => {
          throw new Error("boom");
        },
      },
    );
    expect(step.ok).toBe(true);
  });
});
