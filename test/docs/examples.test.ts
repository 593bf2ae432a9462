import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, describe, expect, it } from "vitest";
import { main as aiSdk } from "../../examples/ai-sdk.js";
import { main } from "../../examples/library-session.js";
import { main as mcpTools } from "../../examples/mcp-tools.js";
import { main as otel } from "../../examples/otel.js";
import { main as embeddedQueue } from "../../examples/queue/embedded.js";
import { main as producer } from "../../examples/queue/producer.js";
import { start as startExampleWorker } from "../../examples/queue/worker.js";
import { describeRedis, dropMade, REDIS_URL, uniqueQueue } from "../bullmq/redis.js";
import { main as signatures } from "../../examples/signatures.js";
import { startServer } from "../llm/server.js";

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
