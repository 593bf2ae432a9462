/**
 * llmRetry (issue 23 §3): one retry policy for every model. Plain function models are
 * retried by the loop on errors worth another try; the HTTP adapters apply the same
 * option themselves, and their errors are not retried twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/index.js";
import { openAiLlm } from "../../src/llm/openai.js";
import { isRetryable, retryPolicy, settledError, withLlmRetry } from "../../src/llm/retry.js";
import { LlmError, type LlmRequest } from "../../src/llm/types.js";
import { clj } from "../agent/helpers.js";
import { recordingSleep, startServer, type TestServer } from "./server.js";

const withProps = (message: string, props: Record<string, unknown>): Error => Object.assign(new Error(message), props);

describe("isRetryable", () => {
  const fetchFailed = new TypeError("fetch failed", { cause: withProps("socket hang up", { code: "ECONNRESET" }) });
  it.each([
    ["retryable: true", withProps("x", { retryable: true }), true],
    ["retryable: false beats a 429", withProps("x", { retryable: false, status: 429 }), false],
    ["status 408", withProps("x", { status: 408 }), true],
    ["status 409", withProps("x", { status: 409 }), true],
    ["status 429", withProps("x", { status: 429 }), true],
    ["status 500", withProps("x", { status: 500 }), true],
    ["status 503", withProps("x", { status: 503 }), true],
    ["statusCode 502 (AI SDK)", withProps("x", { statusCode: 502 }), true],
    ["status 400", withProps("x", { status: 400 }), false],
    ["status 401", withProps("x", { status: 401 }), false],
    ["ECONNRESET", withProps("x", { code: "ECONNRESET" }), true],
    ["ETIMEDOUT", withProps("x", { code: "ETIMEDOUT" }), true],
    [
      "UND_ERR_CONNECT_TIMEOUT (the HTTP adapters' list too)",
      withProps("x", { code: "UND_ERR_CONNECT_TIMEOUT" }),
      true,
    ],
    ["fetch failed", fetchFailed, true],
    ["a plain Error", new Error("bad prompt"), false],
    ["a string", "oops", false],
    ["null", null, false],
    ["an LlmError an adapter gave up on", settledError(new LlmError("openai: rate limited (429)", 429)), false],
    ["an LlmError a function threw", new LlmError("busy", 503), true],
  ])("%s: %s", (_name, error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

describe("withLlmRetry", () => {
  it("retries up to maxAttempts, then throws the last error", async () => {
    const { delays, sleep } = recordingSleep();
    let n = 0;
    const run = withLlmRetry(
      { policy: retryPolicy({ maxAttempts: 3, baseDelayMs: 100 }), sleep, random: () => 0 },
      async () => {
        n++;
        throw withProps(`busy ${n}`, { status: 503 });
      },
    );
    await expect(run).rejects.toThrow("busy 3");
    expect(n).toBe(3);
    // Equal jitter with random 0: half of 100, then half of 200.
    expect(delays).toEqual([50, 100]);
  });

  it("a wait ends early when the signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const t0 = performance.now();
    const run = withLlmRetry(
      { policy: retryPolicy({ baseDelayMs: 60_000, maxDelayMs: 60_000 }), signal: controller.signal },
      async () => {
        throw withProps("rate limited", { status: 429 });
      },
    );
    await expect(run).rejects.toThrow("rate limited");
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it("tells onRetry of each retry", async () => {
    const told: unknown[] = [];
    let n = 0;
    const value = await withLlmRetry(
      { policy: retryPolicy({ baseDelayMs: 0 }), onRetry: (r) => told.push(r) },
      async () => (++n < 2 ? Promise.reject(withProps("x", { status: 429 })) : "ok"),
    );
    expect(value).toBe("ok");
    expect(told).toEqual([{ attempt: 1, status: 429, delayMs: 0 }]);
  });
});

describe("llmRetry in a run", () => {
  const answering = (failures: readonly unknown[]) => {
    const calls = { n: 0 };
    const llm = async (): Promise<string> => {
      const failure = failures[calls.n++];
      if (failure !== undefined) throw failure;
      return clj("(return 42)");
    };
    return { calls, llm };
  };
  const agent = (llmRetry?: { maxAttempts?: number; baseDelayMs?: number }) =>
    defineAgent({ prompt: "answer", ...(llmRetry !== undefined ? { llmRetry } : {}) });

  it("a function model that fails twice with 429 then answers: the run succeeds", async () => {
    const { calls, llm } = answering([
      withProps("rate limited", { status: 429 }),
      withProps("rate limited", { status: 429 }),
    ]);
    const step = await agent({ baseDelayMs: 1 }).run({}, { llm });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(step.return).toBe(42);
    expect(calls.n).toBe(3);
  });

  it("a plain error is not retried: the run fails as before", async () => {
    const { calls, llm } = answering([new Error("bad request")]);
    const step = await agent({ baseDelayMs: 1 }).run({}, { llm });
    expect(step.failure).toEqual({ kind: "llm", reason: "bad request" });
    expect(calls.n).toBe(1);
  });

  it("gives up after maxAttempts", async () => {
    const { calls, llm } = answering([1, 2, 3].map((i) => withProps(`down ${i}`, { status: 503 })));
    const step = await agent({ maxAttempts: 2, baseDelayMs: 1 }).run({}, { llm });
    expect(step.failure).toEqual({ kind: "llm", reason: "down 2" });
    expect(calls.n).toBe(2);
  });

  it("a retry's wait ends when the turn's time does", async () => {
    const { calls, llm } = answering(Array.from({ length: 10 }, () => withProps("rate limited", { status: 429 })));
    const slow = defineAgent({
      prompt: "answer",
      turnTimeoutMs: 200,
      llmRetry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    const t0 = performance.now();
    const step = await slow.run({}, { llm });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(step.failure?.kind).toBe("timeout");
    expect(calls.n).toBe(1);
  });

  it.each([
    ["before any text: retried", 0, true],
    ["after text reached onChunk: not retried (the text would be shown twice)", 1, false],
  ])("a streaming model failing %s", async (_name, piecesBefore, retried) => {
    let calls = 0;
    const llm = (): AsyncIterable<string> =>
      (async function* () {
        calls++;
        if (calls === 1) {
          for (let i = 0; i < piecesBefore; i++) yield "partial ";
          throw withProps("stream dropped", { status: 503 });
        }
        yield clj("(return 42)");
      })();
    const chunks: string[] = [];
    const step = await agent({ baseDelayMs: 1 }).run({}, { llm, onChunk: (t) => chunks.push(t) });
    expect(calls).toBe(retried ? 2 : 1);
    expect(step.ok).toBe(retried);
    if (!retried) expect(step.failure?.kind).toBe("llm");
  });

  it("the run's llmRetry is over the definition's", async () => {
    const { calls, llm } = answering([withProps("x", { retryable: true })]);
    const step = await agent({ maxAttempts: 1 }).run({}, { llm, llmRetry: { maxAttempts: 2, baseDelayMs: 1 } });
    expect(step.ok).toBe(true);
    expect(calls.n).toBe(2);
  });

  it.each([
    [{ maxAttempts: 0 }, "maxAttempts must be an integer of at least 1, got 0"],
    [{ tries: 3 }, "unknown key tries (llmRetry takes maxAttempts, baseDelayMs, maxDelayMs)"],
    [{ maxAttempt: 3 }, "unknown key maxAttempt (did you mean maxAttempts?)"],
  ])("a bad llmRetry (%j) is a definition error and an options failure", async (bad, message) => {
    expect(() => defineAgent({ prompt: "x", llmRetry: bad as never })).toThrow(`llmRetry: ${message}`);
    const step = await agent().run({}, { llm: async () => "", llmRetry: bad as never });
    expect(step.failure?.kind).toBe("options");
    expect(step.failure?.reason).toContain(message);
  });
});

describe("the HTTP adapters honour llmRetry", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());
  const busy = { status: 429, body: { error: { message: "Rate limit reached" } } };
  const request: LlmRequest = {
    system: "s",
    messages: [{ role: "user", content: "hi" }],
    agent: "a",
    depth: 0,
    turn: 1,
  };

  it("request.retry's maxAttempts is over the adapter's own maxRetries", async () => {
    const { delays, sleep } = recordingSleep();
    server.answer(busy, busy, busy, busy);
    const llm = openAiLlm({ apiKey: "sk-test-000000", baseUrl: server.url, model: "m", sleep, maxRetries: 3 });
    await expect(llm({ ...request, retry: { maxAttempts: 2, baseDelayMs: 10 } })).rejects.toThrow(
      "gave up after 2 attempts",
    );
    expect(server.requests).toHaveLength(2);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeLessThanOrEqual(10);
  });

  it("a run with llmRetry: the adapter retries, the loop does not retry its error again", async () => {
    server.answer(busy, busy, busy, busy, busy, busy);
    const llm = openAiLlm({ apiKey: "sk-test-000000", baseUrl: server.url, model: "m" });
    const step = await agent2().run({}, { llm, llmRetry: { maxAttempts: 2, baseDelayMs: 1 } });
    expect(step.failure?.kind).toBe("llm");
    expect(server.requests).toHaveLength(2);
  });
  const agent2 = () => defineAgent({ prompt: "answer" });
});
