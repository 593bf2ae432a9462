/**
 * Turns a provider can cache: the system prompt and the first message are the same on
 * every request of a run, and each request's messages extend the previous request's;
 * what a turn changes in user/ is said in that turn's feedback. Usage counts cached
 * tokens per request and sums them per run; the trace writes the system prompt once.
 */
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, type Step, type TraceEvent } from "../../src/agent/index.js";
import { systemHash } from "../../src/agent/trace.js";
import type { Transport } from "../../src/agent/types.js";
import type { LlmMessage, LlmReply, LlmRequest } from "../../src/llm/types.js";
import { clj, lastUser, recording } from "./helpers.js";
import { asToolCall } from "./transports.js";

/** Five turns: definitions, a tool call, an error, an invalid return, a valid one. */
const FIVE = [
  clj(
    '(defn big? "Over the threshold" [o] (> (:total o) data/threshold))\n(def orders (tool/orders {}))\n(count orders)',
  ),
  clj("(def threshold 50)\n(filter big? orders)"),
  clj("(fliter big? orders)"),
  clj('(return {:ids "x"})'),
  clj("(return {:ids (mapv :id (filter big? orders))})"),
];

function agentFor(transport: Transport) {
  return defineAgent({
    name: "orders",
    prompt: "Find the orders above {{threshold}}.",
    signature: "(threshold :int) -> {ids [:int]}",
    tools: {
      orders: {
        fn: () => [
          { id: 1, total: 20 },
          { id: 2, total: 80 },
        ],
        signature: "() -> [{id :int, total :int}]",
        description: "All orders",
      },
    },
    maxTurns: 5,
    transport,
  });
}

/** `prefix` is `whole`'s first messages, equal as JSON (what a provider's cache compares). */
function isPrefix(prefix: readonly LlmMessage[], whole: readonly LlmMessage[]): boolean {
  return prefix.length < whole.length && prefix.every((m, i) => JSON.stringify(m) === JSON.stringify(whole[i]));
}

describe.each<Transport>(["code_block", "tool_call"])("a 5-turn run (%s)", (transport) => {
  const run = async (): Promise<{ step: Step; requests: LlmRequest[] }> => {
    const replies = transport === "tool_call" ? FIVE.map(asToolCall) : FIVE;
    const { llm, requests } = recording(replies);
    const step = await agentFor(transport).run({ threshold: 10 }, { llm });
    return { step, requests };
  };

  it("every request extends the previous one; system prompt and first message never change", async () => {
    const { step, requests } = await run();
    expect(step.ok).toBe(true);
    expect(requests).toHaveLength(5);
    for (let i = 1; i < requests.length; i++) {
      const [before, after] = [requests[i - 1]!, requests[i]!];
      expect(after.system).toBe(before.system);
      expect(after.messages[0]).toEqual(before.messages[0]);
      // Two messages more: the reply (with its run_program call) and the feedback (its result).
      expect(isPrefix(before.messages, after.messages), `request ${i + 1}`).toBe(true);
      expect(after.messages.length).toBe(before.messages.length + 2);
    }
    expect(lastUser(requests[4]!)).toContain(";; turn 5 of 5 (last turn: return now)");
  });

  it("the turn that changed user/ says so; others do not", async () => {
    const { requests } = await run();
    expect(lastUser(requests[1]!)).toContain(';; user/ now: (defn big? [o]) ; "Over the threshold", orders');
    expect(lastUser(requests[2]!)).toContain(';; user/ now: (defn big? [o]) ; "Over the threshold", orders, threshold');
    // The error turn and the invalid return defined nothing.
    expect(lastUser(requests[3]!)).not.toContain("user/ now");
    expect(lastUser(requests[4]!)).not.toContain("user/ now");
  });
});

describe("usage", () => {
  it("cached and cache-write tokens per request, summed per run, children included", async () => {
    const usage = (input: number, cached: number, written: number): LlmReply["usage"] => ({
      inputTokens: input,
      outputTokens: 10,
      cachedInputTokens: cached,
      cacheWriteInputTokens: written,
    });
    const child = defineAgent({ name: "kid", description: "One", prompt: "x", signature: ":int" });
    const parent = defineAgent({ prompt: "x", signature: ":int", maxTurns: 2, tools: { kid: asTool(child) } });
    const { llm } = recording([
      { content: clj("(def k (tool/kid {}))"), usage: usage(1000, 0, 900) },
      { content: clj("(return 1)"), usage: usage(800, 0, 0) },
      { content: clj("(return k)"), usage: usage(1100, 900, 150) },
    ]);
    const step = await parent.run({}, { llm });
    expect(step.usage).toEqual({
      inputTokens: 2900,
      outputTokens: 30,
      cachedInputTokens: 900,
      cacheWriteInputTokens: 1050,
      llmRequests: 3,
    });
    expect(step.turns.map((t) => t.usage?.cachedInputTokens)).toEqual([0, 900]);
  });
});

describe("the trace", () => {
  it("writes the system prompt once per run; every request names it by hash, with its agent", async () => {
    const { llm } = recording(FIVE);
    const step = await agentFor("code_block").run({ threshold: 10 }, { llm });
    const requests = step.trace.filter(
      (e): e is Extract<TraceEvent, { type: "llm_request" }> => e.type === "llm_request",
    );
    expect(requests).toHaveLength(5);
    expect(typeof requests[0]!.system).toBe("string");
    expect(requests.slice(1).every((r) => r.system === undefined)).toBe(true);
    const hash = systemHash(requests[0]!.system!);
    expect(requests.every((r) => r.systemHash === hash && r.agent === "orders")).toBe(true);
    const responses = step.trace.filter((e) => e.type === "llm_response");
    expect(responses.every((r) => r.type === "llm_response" && r.agent === "orders")).toBe(true);
  });

  it("the model and provider a reply names are traced", async () => {
    const { llm } = recording([
      { content: clj("(return 1)"), model: "gpt-x-1", provider: "openai", finishReason: "stop" },
    ]);
    const step = await defineAgent({ prompt: "x", llm: "fast" }).run({}, { llmRegistry: { fast: llm } });
    const request = step.trace.find((e) => e.type === "llm_request");
    const response = step.trace.find((e) => e.type === "llm_response");
    expect(request).toMatchObject({ agent: "agent", model: "fast" });
    expect(response).toMatchObject({ agent: "agent", model: "gpt-x-1", provider: "openai", finishReason: "stop" });
  });
});
