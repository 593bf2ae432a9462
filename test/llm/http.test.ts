/** postJson against a real local server: retries, backoff, Retry-After, errors, cancellation. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { abortableSleep, backoffDelay, parseRetryAfter, postJson, type JsonPost } from "../../src/llm/http.js";
import { LlmError } from "../../src/llm/types.js";
import { closedPortUrl, recordingSleep, rejection, startServer, type TestServer } from "./server.js";

const KEY = "sk-test-SECRET-1234";
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

function post(overrides: Partial<JsonPost> = {}): JsonPost {
  return {
    provider: "openai",
    url: `${server.url}/v1/things`,
    headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
    body: { ask: 1 },
    keyEnv: "OPENAI_API_KEY",
    secrets: [KEY],
    ...overrides,
  };
}

describe("postJson", () => {
  it("POSTs the body as JSON and returns the parsed answer", async () => {
    server.answer({ status: 200, body: { ok: true, n: 2 } });
    expect(await postJson(post())).toEqual({ ok: true, n: 2 });
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.method).toBe("POST");
    expect(req?.path).toBe("/v1/things");
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(req?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    expect(req?.body).toEqual({ ask: 1 });
  });

  it("retries a 429, waiting as long as Retry-After says (seconds)", async () => {
    const { delays, sleep } = recordingSleep();
    server.answer({ status: 429, headers: { "retry-after": "7" }, body: { error: { message: "slow down" } } });
    server.answer({ status: 200, body: { ok: 1 } });
    expect(await postJson(post(), { sleep })).toEqual({ ok: 1 });
    expect(delays).toEqual([7000]);
    expect(server.requests).toHaveLength(2);
  });

  it("tells onRetry of each retry before waiting: the status, Retry-After and the wait chosen", async () => {
    const { sleep } = recordingSleep();
    const told: unknown[] = [];
    server.answer({ status: 429, headers: { "retry-after": "2" } }, { status: 503 }, { status: 200, body: { ok: 1 } });
    const onRetry = (r: unknown): void => {
      told.push(r);
      throw new Error("a caller's bookkeeping that fails changes nothing");
    };
    expect(await postJson(post({ onRetry }), { sleep, random: () => 0 })).toEqual({ ok: 1 });
    expect(told).toEqual([
      { attempt: 1, status: 429, retryAfterMs: 2000, delayMs: 2000 },
      { attempt: 2, status: 503, delayMs: 500 },
    ]);
  });

  it("caps Retry-After at maxRetryAfterMs and prefers retry-after-ms", async () => {
    const { delays, sleep } = recordingSleep();
    server.answer(
      { status: 429, headers: { "retry-after": "3600" } },
      { status: 429, headers: { "retry-after-ms": "1250", "retry-after": "9" } },
      { status: 200, body: {} },
    );
    await postJson(post(), { sleep, maxRetryAfterMs: 20_000 });
    expect(delays).toEqual([20_000, 1250]);
  });

  it("honors a Retry-After HTTP date", async () => {
    const { delays, sleep } = recordingSleep();
    const date = new Date(Date.now() + 30_000).toUTCString();
    server.answer({ status: 503, headers: { "retry-after": date } }, { status: 200, body: {} });
    await postJson(post(), { sleep });
    // The date has whole seconds, so the wait is between 29 and 30 seconds.
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(28_000);
    expect(delays[0]).toBeLessThanOrEqual(30_000);
  });

  it("backs off exponentially on 5xx and gives up after maxRetries with the last status", async () => {
    const { delays, sleep } = recordingSleep();
    for (let i = 0; i < 4; i++) server.answer({ status: 500, body: { error: { message: `boom ${i}` } } });
    const error = await rejection(postJson(post(), { sleep, random: () => 0.999999 }));
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(500);
    expect(error.message).toBe("openai: server error (500): boom 3; gave up after 4 attempts");
    expect(server.requests).toHaveLength(4);
    expect(delays).toEqual([500, 1000, 2000]);
  });

  it("jitter keeps each delay between half and all of the exponential step", async () => {
    const { delays, sleep } = recordingSleep();
    server.answer({ status: 502 }, { status: 502 }, { status: 200, body: {} });
    await postJson(post(), { sleep, random: () => 0, baseDelayMs: 100 });
    expect(delays).toEqual([50, 100]);
  });

  it("respects maxRetries: 0 (one attempt)", async () => {
    server.answer({ status: 503, body: "overloaded" });
    const error = await rejection(postJson(post(), { maxRetries: 0 }));
    expect(error.message).toBe("openai: server error (503): overloaded; gave up after 1 attempt");
    expect(server.requests).toHaveLength(1);
  });

  it("fails at once on 401 with a hint, the API's message, and without the key", async () => {
    server.answer({ status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    const error = await rejection(postJson(post(), { sleep: recordingSleep().sleep }));
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(401);
    expect(error.message).toBe(
      "openai: authentication failed (401): check OPENAI_API_KEY (Incorrect API key provided: [redacted])",
    );
    expect(error.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it("fails at once on 403", async () => {
    server.answer({ status: 403, body: {} });
    const error = await rejection(postJson(post({ keyEnv: "ANTHROPIC_API_KEY", provider: "anthropic" })));
    expect(error.message).toBe("anthropic: authentication failed (403): check ANTHROPIC_API_KEY (Forbidden)");
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a 400 and shows the API's message", async () => {
    server.answer({ status: 400, body: { error: { message: "max_tokens is too large", type: "invalid_request" } } });
    const error = await rejection(postJson(post()));
    expect(error.message).toBe("openai: request failed (400): max_tokens is too large");
    expect((error as LlmError).status).toBe(400);
    expect(server.requests).toHaveLength(1);
  });

  it("cuts a long API message to 300 characters", async () => {
    server.answer({ status: 404, body: { error: { message: "x".repeat(1000) } } });
    const error = await rejection(postJson(post()));
    const prefix = "openai: request failed (404): ";
    expect(error.message.startsWith(prefix)).toBe(true);
    expect(error.message.length).toBe(prefix.length + 300);
    expect(error.message.endsWith("x…")).toBe(true);
  });

  it("shows a non-JSON error body as text", async () => {
    server.answer({ status: 422, body: "<html>\n  bad gateway config\n</html>" });
    const error = await rejection(postJson(post()));
    expect(error.message).toBe("openai: request failed (422): <html> bad gateway config </html>");
  });

  it("fails on a 200 whose body is not JSON", async () => {
    server.answer({ status: 200, body: "hello" });
    const error = await rejection(postJson(post()));
    expect(error.message).toBe("openai: the response (200) is not JSON: hello");
    expect(server.requests).toHaveLength(1);
  });

  it("refuses a response body larger than maxResponseBytes, without retrying", async () => {
    server.answer({ status: 200, body: { text: "x".repeat(5000) } });
    const error = await rejection(postJson(post(), { maxResponseBytes: 1000 }));
    expect(error.message).toMatch(
      /^openai: the response of http:\/\/127\.0\.0\.1:\d+\/v1\/things is larger than 1000 bytes$/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("retries a refused connection, then fails naming the address", async () => {
    const url = `${await closedPortUrl()}/v1/things?api-key=${KEY}`;
    const { delays, sleep } = recordingSleep();
    const error = await rejection(postJson(post({ url }), { sleep, maxRetries: 2, random: () => 0.999999 }));
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBeUndefined();
    expect(error.message).toMatch(
      /^openai: could not reach http:\/\/127\.0\.0\.1:\d+\/v1\/things \(ECONNREFUSED\); gave up after 3 attempts$/,
    );
    expect(error.message).not.toContain(KEY);
    expect(delays).toEqual([500, 1000]);
  });

  it("times out a stalled attempt and retries it", async () => {
    server.answer("hang", { status: 200, body: { late: false } });
    const { delays, sleep } = recordingSleep();
    expect(await postJson(post(), { sleep, timeoutMs: 100 })).toEqual({ late: false });
    expect(server.requests).toHaveLength(2);
    expect(delays).toHaveLength(1);
  });

  it("gives up on repeated timeouts", async () => {
    server.answer("hang", "hang");
    const error = await rejection(postJson(post(), { sleep: recordingSleep().sleep, timeoutMs: 50, maxRetries: 1 }));
    expect(error.message).toBe(
      `openai: no response from ${server.url}/v1/things within 50 ms; gave up after 2 attempts`,
    );
  });
});

describe("cancellation", () => {
  it("an already aborted signal fails before any request", async () => {
    const error = await rejection(postJson(post({ signal: AbortSignal.abort() })));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe("openai: request cancelled");
    expect(server.requests).toHaveLength(0);
  });

  it("aborting during a request stops it at once, with the caller's reason", async () => {
    server.answer("hang");
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error("turn timed out")), 50);
    const error = await rejection(postJson(post(), { signal: controller.signal }));
    expect(error.message).toBe("openai: request cancelled: turn timed out");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  it("aborting during the wait between attempts stops without another request", async () => {
    server.answer({ status: 500 }, { status: 200, body: {} });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    // The real sleep, with a wait far longer than the test.
    const error = await rejection(
      postJson(post({ signal: controller.signal }), { baseDelayMs: 60_000, maxDelayMs: 60_000 }),
    );
    expect(error.message).toBe("openai: request cancelled");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  it("an injected sleep that ignores the signal still cannot start another attempt", async () => {
    server.answer({ status: 500 }, { status: 200, body: {} });
    const controller = new AbortController();
    const sleep = async (): Promise<void> => controller.abort();
    const error = await rejection(postJson(post(), { sleep, signal: controller.signal }));
    expect(error.message).toBe("openai: request cancelled");
    expect(server.requests).toHaveLength(1);
  });
});

describe("helpers", () => {
  it("parseRetryAfter reads seconds and HTTP dates", () => {
    const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 1.5 ", now)).toBe(1500);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:10 GMT", now)).toBe(10_000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-3", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("backoffDelay doubles and caps", () => {
    const top = (): number => 0.999999;
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, 500, 8000, top))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(backoffDelay(3, 500, 8000, () => 0)).toBe(2000);
  });

  it("abortableSleep resolves after the time and rejects with the reason on abort", async () => {
    await expect(abortableSleep(5)).resolves.toBeUndefined();
    const controller = new AbortController();
    const waiting = abortableSleep(60_000, controller.signal);
    controller.abort("stop");
    await expect(waiting).rejects.toBe("stop");
  });
});
