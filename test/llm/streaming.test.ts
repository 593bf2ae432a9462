/**
 * openAiLlm and anthropicLlm streaming (request.onText) against the local fake servers:
 * the same table of behaviours for both — deltas that make up the content, the same reply
 * as unstreamed, retries only before the first byte, a cut-off or stalled stream as an
 * LlmError, an abort that stops at once and closes the connection — then what is
 * particular to each provider's events.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/define.js";
import { anthropicLlm } from "../../src/llm/anthropic.js";
import { openAiLlm } from "../../src/llm/openai.js";
import { LlmError, normalizeReply, type Llm, type LlmReply, type LlmRequest } from "../../src/llm/types.js";
import { recordingSleep, rejection, sse, startServer, type TestServer } from "./server.js";
import { anthropicBody, anthropicStream, openAiBody, openAiStream, type StreamedToolCall } from "./streams.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const request: LlmRequest = {
  system: "You write PTC-Lisp.",
  messages: [{ role: "user", content: "count the orders" }],
  agent: "main",
  depth: 0,
  turn: 1,
};

/** A request that collects its deltas. */
function listening(extra: Partial<LlmRequest> = {}): { request: LlmRequest; deltas: string[] } {
  const deltas: string[] = [];
  return { request: { ...request, ...extra, onText: (d) => deltas.push(d) }, deltas };
}

/** The adapter with its replies in object form. */
function replies(llm: Llm): (r: LlmRequest) => Promise<LlmReply> {
  return async (r) => normalizeReply(await llm(r));
}

interface Answer {
  readonly pieces: readonly string[];
  readonly toolCalls?: readonly StreamedToolCall[];
}

/** What the table needs of a provider. */
interface Provider {
  readonly name: "openai" | "anthropic";
  readonly llm: (options?: { timeoutMs?: number; maxRetries?: number }) => (r: LlmRequest) => Promise<LlmReply>;
  readonly stream: (a: Answer) => string[];
  readonly body: (a: Answer) => Record<string, unknown>;
  /** The reply's usage and finish reason for the builders' defaults. */
  readonly expected: Partial<LlmReply>;
  /** How many of the events of PIECES hold two deltas. */
  readonly head: number;
}

const PROVIDERS: Provider[] = [
  {
    name: "openai",
    llm: (o) =>
      replies(
        openAiLlm({
          apiKey: "sk-test-123456",
          baseUrl: server.url,
          model: "gpt-test",
          sleep: recordingSleep().sleep,
          ...o,
        }),
      ),
    stream: (a) =>
      openAiStream({
        ...a,
        usage: { prompt_tokens: 120, completion_tokens: 9, prompt_tokens_details: { cached_tokens: 100 } },
      }),
    body: (a) =>
      openAiBody({
        ...a,
        usage: { prompt_tokens: 120, completion_tokens: 9, prompt_tokens_details: { cached_tokens: 100 } },
      }),
    expected: {
      usage: { inputTokens: 120, outputTokens: 9, cachedInputTokens: 100 },
      finishReason: "stop",
      model: "gpt-test-2026",
    },
    head: 3,
  },
  {
    name: "anthropic",
    llm: (o) =>
      replies(
        anthropicLlm({
          apiKey: "sk-ant-123456",
          baseUrl: server.url,
          model: "claude-test",
          sleep: recordingSleep().sleep,
          ...o,
        }),
      ),
    stream: (a) =>
      anthropicStream({ ...a, inputUsage: { input_tokens: 20, cache_read_input_tokens: 100 }, outputTokens: 9 }),
    body: (a) =>
      anthropicBody({ ...a, inputUsage: { input_tokens: 20, cache_read_input_tokens: 100 }, outputTokens: 9 }),
    expected: {
      usage: { inputTokens: 120, outputTokens: 9, cachedInputTokens: 100 },
      finishReason: "stop",
      model: "claude-test-2026",
    },
    head: 5,
  },
];

const PIECES = ["```clojure\n", "(return ", "{:n (count ", "data/orders)", "})\n```"];

describe.each(PROVIDERS)("$name streaming", (p) => {
  it("hands on each delta; the deltas make up the content; usage and finish reason as unstreamed", async () => {
    server.answer({ stream: p.stream({ pieces: PIECES }) });
    const { request: streamed, deltas } = listening();
    const reply = await p.llm()(streamed);
    expect(deltas).toEqual(PIECES);
    expect(reply).toEqual({ content: PIECES.join(""), provider: p.name, ...p.expected });
    const body = server.requests[0]!.body as Record<string, unknown>;
    expect(body["stream"]).toBe(true);
    if (p.name === "openai") expect(body["stream_options"]).toEqual({ include_usage: true });
    expect(server.requests[0]!.headers["accept"]).toBe("text/event-stream");

    // The same answer unstreamed gives the same reply, and the request has no stream field.
    server.answer({ status: 200, body: p.body({ pieces: PIECES }) });
    expect(await p.llm()(request)).toEqual(reply);
    expect(server.requests[1]!.body).not.toHaveProperty("stream");
  });

  it("a stream cut into 5-byte pieces (lines and characters split anywhere) reads the same", async () => {
    const pieces = ['(str "héllo ', 'wörld 😀")', ""];
    server.answer({ stream: p.stream({ pieces }), chunkBytes: 5, gapMs: 0, end: "close" });
    const { request: streamed, deltas } = listening();
    const reply = await p.llm()(streamed);
    expect(reply.content).toBe(pieces.join(""));
    expect(deltas.join("")).toBe(reply.content);
  });

  it("tool calls whose arguments arrive in pieces: the same calls as unstreamed", async () => {
    const toolCalls = [
      { id: "call_1", name: "run_program", pieces: ['{"prog', 'ram": "(+ 1', ' 2)"}'] },
      { id: "call_2", name: "run_program", pieces: ["{}"] },
    ];
    server.answer({ stream: p.stream({ pieces: [], toolCalls }) });
    const streamed = await p.llm()(listening().request);
    server.answer({ status: 200, body: p.body({ pieces: [], toolCalls }) });
    const whole = await p.llm()(request);
    expect(streamed.toolCalls).toHaveLength(2);
    expect(streamed.toolCalls?.[0]).toMatchObject({ id: "call_1", name: "run_program" });
    expect(JSON.parse(streamed.toolCalls![0]!.arguments)).toEqual({ program: "(+ 1 2)" });
    expect(streamed).toEqual(whole);
  });

  it("a 503 before the stream is retried; the deltas come once", async () => {
    server.answer(
      { status: 503, body: { error: { message: "overloaded" } } },
      { stream: p.stream({ pieces: PIECES }) },
    );
    const { request: streamed, deltas } = listening();
    const reply = await p.llm()(streamed);
    expect(server.requests).toHaveLength(2);
    expect(deltas).toEqual(PIECES);
    expect(reply.content).toBe(PIECES.join(""));
  });

  it("a stream cut off mid-way is an LlmError, not retried", async () => {
    const events = p.stream({ pieces: PIECES });
    server.answer({ stream: events.slice(0, p.head), end: "destroy" }, { stream: events });
    const { request: streamed, deltas } = listening();
    const error = await rejection(p.llm()(streamed));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toMatch(new RegExp(`^${p.name}: the stream (from .* broke off|ended before)`));
    expect(server.requests).toHaveLength(1);
    expect(deltas.length).toBeGreaterThan(0);
  });

  it("a stream that ends cleanly before its end is incomplete: an LlmError", async () => {
    const events = p.stream({ pieces: PIECES });
    server.answer({ stream: events.slice(0, p.head) });
    const error = await rejection(p.llm()(listening().request));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toMatch(new RegExp(`^${p.name}: the stream ended before`));
  });

  it("a stream that stalls longer than timeoutMs fails, naming the stall, without a retry", async () => {
    server.answer({ stream: p.stream({ pieces: PIECES }).slice(0, p.head), end: "hang" });
    const error = await rejection(p.llm({ timeoutMs: 150 })(listening().request));
    expect(error.message).toMatch(new RegExp(`^${p.name}: the stream from .* stalled: nothing for 150 ms$`));
    expect(server.requests).toHaveLength(1);
  });

  it("an abort mid-stream stops at once and closes the connection", async () => {
    server.answer({ stream: p.stream({ pieces: PIECES }).slice(0, p.head), end: "hang" });
    const controller = new AbortController();
    const { request: streamed } = listening({ signal: controller.signal });
    let aborted = 0;
    const first = new Promise<void>((resolve) => {
      const onText = streamed.onText!;
      (streamed as { onText: (d: string) => void }).onText = (d) => {
        onText(d);
        resolve();
      };
    });
    const pending = rejection(p.llm()(streamed));
    await first;
    aborted = performance.now();
    controller.abort();
    const error = await pending;
    expect(performance.now() - aborted).toBeLessThan(500);
    expect(error.message).toBe(`${p.name}: request cancelled`);
    // The server sees the connection go, rather than a client that reads on unseen.
    const closed = server.requests[0]!.closed.then(() => "closed");
    const timeout = new Promise((resolve) => setTimeout(() => resolve("still open"), 1000));
    expect(await Promise.race([closed, timeout])).toBe("closed");
  });

  it("a server that answers a stream request with one JSON body: the whole text is one delta", async () => {
    server.answer({ status: 200, body: p.body({ pieces: PIECES }) });
    const { request: streamed, deltas } = listening();
    const reply = await p.llm()(streamed);
    expect(deltas).toEqual([PIECES.join("")]);
    expect(reply).toEqual({ content: PIECES.join(""), provider: p.name, ...p.expected });
  });

  it("an event that is not JSON is a malformed stream", async () => {
    const events = p.stream({ pieces: PIECES });
    server.answer({ stream: [...events.slice(0, p.head), "data: {oops\n\n", ...events.slice(p.head)] });
    const error = await rejection(p.llm()(listening().request));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toMatch(new RegExp(`^${p.name}: malformed stream`));
  });
});

describe("provider errors inside a stream", () => {
  it("openai: an error event fails the request with its message", async () => {
    const events = openAiStream({ pieces: PIECES });
    server.answer({
      stream: [...events.slice(0, 2), sse({ error: { message: "The server had an error", type: "server_error" } })],
    });
    const error = await rejection(PROVIDERS[0]!.llm()(listening().request));
    expect(error.message).toBe("openai: the stream failed: The server had an error");
  });

  it("anthropic: an error event (overloaded) fails the request with its type and message", async () => {
    const events = anthropicStream({ pieces: PIECES });
    server.answer({
      stream: [
        ...events.slice(0, 3),
        sse({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, "error"),
      ],
    });
    const error = await rejection(PROVIDERS[1]!.llm()(listening().request));
    expect(error.message).toBe("anthropic: the stream failed (overloaded_error): Overloaded");
  });

  it("openai: a refusal streamed without content fails as unstreamed", async () => {
    const chunk = (delta: unknown, finish: string | null = null) =>
      sse({ object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] });
    server.answer({
      stream: [chunk({ refusal: "I can't " }), chunk({ refusal: "help." }), chunk({}, "stop"), sse("[DONE]")],
    });
    const error = await rejection(PROVIDERS[0]!.llm()(listening().request));
    expect(error.message).toBe(
      "openai: malformed response: choices[0].message.content is not a string (refusal: I can't help.)",
    );
  });

  it("anthropic: a max_tokens stop is a cut-off reply (finish reason length)", async () => {
    server.answer({ stream: anthropicStream({ pieces: ["(return"], stop: "max_tokens" }) });
    expect(await PROVIDERS[1]!.llm()(listening().request)).toMatchObject({
      content: "(return",
      finishReason: "length",
    });
  });
});

describe("a run on a streaming adapter", () => {
  const agent = () => defineAgent({ prompt: "Count", signature: "() -> :int", maxTurns: 2 });
  const pieces = ["```clojure\n", "(return ", "(+ 40 2))", "\n```"];

  it("agent.stream: the adapter's deltas are the run's text-delta events; the Step has its usage", async () => {
    server.answer({ stream: openAiStream({ pieces, usage: { prompt_tokens: 50, completion_tokens: 6 } }) });
    const run = agent().stream({}, { llm: PROVIDERS[0]!.llm() as Llm });
    const deltas: string[] = [];
    for await (const e of run) if (e.type === "text-delta") deltas.push(e.delta);
    const step = await run.step;
    expect(deltas).toEqual(pieces);
    expect(step.return).toBe(42);
    expect(step.usage).toMatchObject({ inputTokens: 50, outputTokens: 6, llmRequests: 1 });
  });

  it("a stream cut off mid-reply fails the run as llm, naming the break", async () => {
    server.answer({ stream: anthropicStream({ pieces }).slice(0, 5), end: "destroy" });
    const step = await agent().run({}, { llm: PROVIDERS[1]!.llm() as Llm, onChunk: () => undefined });
    expect(step.ok).toBe(false);
    expect(step.failure?.kind).toBe("llm");
    expect(step.failure?.reason).toMatch(/anthropic: the stream from .* broke off/);
  });
});
