import { createOpenAI } from "@ai-sdk/openai";
import { readFileSync } from "node:fs";
import { DefaultChatTransport, readUIMessageStream } from "ai";
import { afterAll, describe, expect, it } from "vitest";
import type { PtccUIMessage } from "../../src/ai-sdk/index.js";
import { openAiLlm } from "../../src/index.js";
import { main as aiSdk } from "../../examples/ai-sdk.js";
import { main } from "../../examples/library-session.js";
import { main as mcpTools } from "../../examples/mcp-tools.js";
import { chatRoute } from "../../examples/nextjs-route.js";
import { main as otel } from "../../examples/otel.js";
import { main as embeddedQueue } from "../../examples/queue/embedded.js";
import { main as producer } from "../../examples/queue/producer.js";
import { start as startExampleWorker } from "../../examples/queue/worker.js";
import { describeRedis, dropMade, REDIS_URL, uniqueQueue } from "../bullmq/redis.js";
import { main as signatures } from "../../examples/signatures.js";
import { main as traceView } from "../../examples/trace-view.js";
import { startServer } from "../llm/server.js";
import { openAiStream } from "../llm/streams.js";

describe("examples/", () => {
  it("library-session.ts runs as the README says", async () => {
    expect(await main()).toEqual(['"Ann"', "12.5"]);
  });
  it("signatures.ts runs as the README says", () => {
    expect(signatures()).toEqual([
      "(query :string, limit :int?) -> {count :int, items [{id :int}]}",
      '{"query":"shoes","limit":5}',
      'limit: coerced string "5" to int',
      'items[0].id: expected int, got string "x"',
      '{"count":1,"items":[{"id":7,"_token":"<Firewalled>"}]}',
      "{ query: string; limit?: number | null }",
      "unknown placeholder {{limt}} — did you mean {{limit}}?",
    ]);
  });

  it("ai-sdk.ts runs its agent on an @ai-sdk/openai model object (a local stand-in for the API)", async () => {
    const server = await startServer();
    try {
      const reply = (text: string) => ({
        status: 200,
        body: {
          id: "resp_1",
          object: "response",
          created_at: 1,
          model: "gpt-4o-mini-2024-07-18",
          status: "completed",
          output: [
            { type: "message", id: "m", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] },
          ],
          usage: { input_tokens: 900, output_tokens: 30 },
        },
      });
      server.answer(reply("```clojure\n(return {:mean (avg data/xs) :max (apply max data/xs)})\n```"));
      const step = await aiSdk(createOpenAI({ baseURL: `${server.url}/v1`, apiKey: "sk-example" }));
      expect(step.return).toEqual({ mean: 4.375, max: 9 });
      expect(step.usage).toEqual({
        inputTokens: 900,
        outputTokens: 30,
        cachedInputTokens: 0,
        cacheWriteInputTokens: 0,
        llmRequests: 1,
      });
      expect(server.requests[0]!.path).toBe("/v1/responses");
    } finally {
      await server.close();
    }
  });

  it("trace-view.ts summarizes the run's trace and writes its page", async () => {
    const { lines, page } = await traceView();
    expect(lines).toEqual([
      "research: ok, 2 turn(s), 2 tool call(s)",
      "  summarize: ok, 1 turn(s), 0 tool call(s)",
      "  summarize: ok, 1 turn(s), 0 tool call(s)",
    ]);
    expect(readFileSync(page, "utf8")).toMatch(/^<!doctype html>/);
  });

  it("nextjs-route.ts streams a run to the AI SDK's chat client (openAiLlm streaming from a local stand-in)", async () => {
    const server = await startServer();
    try {
      server.answer({
        stream: openAiStream({
          pieces: ["```clojure\n(return {:answer ", '(str (count (tool/orders)) " orders")})', "\n```"],
          usage: { prompt_tokens: 800, completion_tokens: 20 },
        }),
      });
      const POST = chatRoute(openAiLlm({ baseUrl: server.url, apiKey: "sk-example", model: "gpt-4o-mini" }));
      // The client useChat uses, its requests handed to the route instead of the network.
      const transport = new DefaultChatTransport<PtccUIMessage<{ answer: string }>>({
        api: "http://127.0.0.1/api/agent",
        fetch: async (url, init) => POST(new Request(url, init)),
      });
      const stream = await transport.sendMessages({
        trigger: "submit-message",
        chatId: "c1",
        messageId: undefined,
        messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "How many orders are there?" }] }],
        abortSignal: undefined,
      });
      let last: PtccUIMessage<{ answer: string }> | undefined;
      for await (const m of readUIMessageStream<PtccUIMessage<{ answer: string }>>({ stream })) last = m;
      expect(last!.parts.map((p) => p.type)).toEqual([
        "step-start",
        "text",
        "data-program",
        "dynamic-tool",
        "data-return",
      ]);
      expect(last!.parts.at(-1)).toMatchObject({ type: "data-return", data: { answer: "2 orders" } });
      expect(last!.metadata?.usage).toMatchObject({ inputTokens: 800, outputTokens: 20 });
      expect(server.requests[0]!.body).toMatchObject({
        stream: true,
        messages: [{ role: "system" }, { role: "user" }],
      });
      expect(JSON.stringify(server.requests[0]!.body)).toContain("How many orders are there?");
    } finally {
      await server.close();
    }
  });

  it("otel.ts prints the run as a span tree", async () => {
    expect(await otel()).toEqual([
      "invoke_agent research",
      "  turn 1",
      "    chat",
      "    invoke_agent summarize",
      "      turn 1",
      "        chat",
      "    execute_tool summarize",
      "    invoke_agent summarize",
      "      turn 1",
      "        chat",
      "    execute_tool summarize",
      "  turn 2",
      "    chat",
    ]);
  });
  it("mcp-tools.ts runs an agent on the notebook MCP server's tools", async () => {
    const step = await mcpTools();
    expect(step.return).toEqual({ count: 2, titles: ["Lamp wiring", "Shade sizes"] });
  });
});

describe("examples/queue/", () => {
  const results = [
    "q3-travel: 3 expenses, 622.5",
    "q3-meals: 2 expenses, 61.199999999999996",
    "q3-office: 2 expenses, 99.99",
    "q3-software: 1 expenses, 199",
  ];
  it("embedded.ts queues runs in process over a file journal; run again on that journal, the runs replay to the same results", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "ptcc-queue-example-"));
    expect(await embeddedQueue(dir)).toEqual(results);
    // The same runs again (their idempotency keys): the journal has them, the results are theirs.
    expect(await embeddedQueue(dir)).toEqual(results);
  });

  afterAll(dropMade);
  describeRedis("on Redis", () => {
    it("producer.ts queues typed runs that worker.ts runs", { timeout: 60_000 }, async () => {
      const queue = uniqueQueue("example");
      const worker = await startExampleWorker(REDIS_URL!, queue);
      try {
        const lines = await producer(REDIS_URL!, queue);
        expect(lines.filter((l) => !l.includes(": turn "))).toEqual([results[0], results[1], "q3-travel is completed"]);
      } finally {
        await worker.close();
      }
    });
  });
});
