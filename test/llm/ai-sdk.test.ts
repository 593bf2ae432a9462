/**
 * AI SDK model objects as `Llm`s: a fake V4 model (the prompt it gets, the reply mapped
 * from its result, retries), V2 results, agents that take a model object wherever they
 * take an `Llm`, and `@ai-sdk/openai` (a V3 provider) against the local fake OpenAI server.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineAgent, asTool } from "../../src/agent/define.js";
import type { TraceEvent } from "../../src/agent/trace.js";
import { aiSdkLlm, isLanguageModel, toLlm } from "../../src/llm/ai-sdk.js";
import { llmInfo } from "../../src/llm/info.js";
import type { LanguageModelCallOptions, LanguageModelLike } from "../../src/llm/language-model.js";
import { LlmError, type LlmRequest } from "../../src/llm/types.js";
import { clj } from "../agent/helpers.js";
import { recordingSleep, rejection, startServer, type TestServer } from "./server.js";
import { openAiStream } from "./streams.js";

const request: LlmRequest = {
  system: "You write PTC-Lisp.",
  messages: [
    { role: "user", content: "count the orders" },
    { role: "assistant", content: "(count data/orders)" },
    { role: "user", content: "3" },
  ],
  agent: "main",
  depth: 0,
  turn: 2,
};

/** A V4 result, as `@ai-sdk/provider` 4 types it. */
function v4Result(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    content: [
      { type: "reasoning", text: "thinking..." },
      { type: "text", text },
    ],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: 120, noCache: 20, cacheRead: 100, cacheWrite: 0 },
      outputTokens: { total: 9, text: 9, reasoning: 0 },
    },
    response: { modelId: "fake-model-2026-01-01" },
    warnings: [],
    ...extra,
  };
}

type Step = Record<string, unknown> | Error;

/**
 * A fake `LanguageModelV4`: doGenerate answers (or throws) from `steps`, doStream from
 * `streams`, each in order; every call's options are kept.
 */
function fakeModel(steps: Step[], version: "v2" | "v3" | "v4" = "v4", streams: (StreamResult | Error)[] = []) {
  const calls: LanguageModelCallOptions[] = [];
  const answer = <T>(queue: (T | Error)[], options: LanguageModelCallOptions): T => {
    calls.push(options);
    const next = queue.shift();
    if (next === undefined) throw new Error("no answer left");
    if (next instanceof Error) throw next;
    return next;
  };
  const model = {
    specificationVersion: version,
    provider: "fake.chat",
    modelId: "fake-model",
    supportedUrls: {},
    doGenerate: async (options: LanguageModelCallOptions) => answer(steps, options) as never,
    doStream: async (options: LanguageModelCallOptions) => answer(streams, options) as never,
  };
  return { model, calls };
}

type StreamResult = { stream: ReadableStream<unknown> };

/** An error shaped like the AI SDK's `APICallError`. */
function apiCallError(message: string, statusCode: number, isRetryable: boolean, headers?: Record<string, string>) {
  return Object.assign(new Error(message), {
    name: "AI_APICallError",
    statusCode,
    isRetryable,
    url: "https://api.example/v1",
    ...(headers !== undefined ? { responseHeaders: headers } : {}),
  });
}

describe("aiSdkLlm: one request", () => {
  it("sends the standardized prompt with the output-token limit and an abort signal", async () => {
    const { model, calls } = fakeModel([v4Result("(return 3)")]);
    const controller = new AbortController();
    await aiSdkLlm(model, { maxOutputTokens: 512, temperature: 0 })({ ...request, signal: controller.signal });
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.prompt).toEqual([
      { role: "system", content: "You write PTC-Lisp." },
      { role: "user", content: [{ type: "text", text: "count the orders" }] },
      { role: "assistant", content: [{ type: "text", text: "(count data/orders)" }] },
      { role: "user", content: [{ type: "text", text: "3" }] },
    ]);
    expect(call.maxOutputTokens).toBe(512);
    expect(call.temperature).toBe(0);
    expect(call.abortSignal).toBe(controller.signal);
  });

  it("has a default output-token limit", async () => {
    const { model, calls } = fakeModel([v4Result("x")]);
    await aiSdkLlm(model)(request);
    expect(calls[0]!.maxOutputTokens).toBe(4096);
  });

  it("maps a V4 result: the text parts, usage with cached input, finish reason, model and provider", async () => {
    const { model } = fakeModel([v4Result("(return 3)")]);
    expect(await aiSdkLlm(model)(request)).toEqual({
      content: "(return 3)",
      usage: { inputTokens: 120, outputTokens: 9, cachedInputTokens: 100, cacheWriteInputTokens: 0 },
      finishReason: "stop",
      model: "fake-model-2026-01-01",
      provider: "fake.chat",
    });
  });

  it("recognises a cut-off reply", async () => {
    const { model } = fakeModel([v4Result("(let [x", { finishReason: { unified: "length", raw: "max_tokens" } })]);
    expect((await aiSdkLlm(model)(request)).finishReason).toBe("length");
  });

  it.each([
    ["stop", "stop"],
    ["length", "length"],
    ["content-filter", "content_filter"],
    ["tool-calls", "tool_calls"],
    ["error", "error"],
    ["other", "other"],
    ["unknown", "other"],
  ])("maps the V2 finish reason %s to %s", async (given, expected) => {
    const { model } = fakeModel([{ content: [{ type: "text", text: "x" }], finishReason: given }], "v2");
    expect((await aiSdkLlm(model)(request)).finishReason).toBe(expected);
  });

  it("maps V2 usage (numbers, cachedInputTokens) and falls back to the model's id", async () => {
    const { model } = fakeModel(
      [
        {
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
          finishReason: "stop",
          usage: { inputTokens: 50, outputTokens: 4, totalTokens: 54, cachedInputTokens: 32 },
        },
      ],
      "v2",
    );
    expect(await aiSdkLlm(model)(request)).toEqual({
      content: "ab",
      usage: { inputTokens: 50, outputTokens: 4, cachedInputTokens: 32 },
      finishReason: "stop",
      model: "fake-model",
      provider: "fake.chat",
    });
  });

  it("a result without text is an empty reply; a malformed result is an LlmError", async () => {
    const { model } = fakeModel([{ content: [{ type: "tool-call", toolName: "x" }] }, { text: "no content" }]);
    const llm = aiSdkLlm(model);
    expect((await llm(request)).content).toBe("");
    const e = await rejection(llm(request));
    expect(e).toBeInstanceOf(LlmError);
    expect(e.message).toBe("fake.chat: malformed result of doGenerate: expected {content: [...]}");
  });

  it("labels the Llm with the provider and model, for traces", () => {
    const { model } = fakeModel([]);
    expect(llmInfo(aiSdkLlm(model))).toEqual({ provider: "fake.chat", model: "fake-model" });
  });
});

describe("aiSdkLlm: retries", () => {
  it("retries what the provider marks retryable, honouring Retry-After, then answers", async () => {
    const { model, calls } = fakeModel([
      apiCallError("Overloaded", 529, true),
      apiCallError("Rate limit reached", 429, true, { "retry-after": "2" }),
      v4Result("(return 1)"),
    ]);
    const { delays, sleep } = recordingSleep();
    const reply = await aiSdkLlm(model, { sleep, random: () => 0 })(request);
    expect(reply.content).toBe("(return 1)");
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([250, 2000]);
  });

  it("judges errors without isRetryable by their status, and network failures as retryable", async () => {
    const status503 = Object.assign(new Error("unavailable"), { statusCode: 503 });
    const reset = Object.assign(new Error("socket hang up"), { cause: { code: "ECONNRESET" } });
    const { model, calls } = fakeModel([status503, reset, new TypeError("fetch failed"), v4Result("ok")]);
    const { sleep } = recordingSleep();
    expect((await aiSdkLlm(model, { sleep })(request)).content).toBe("ok");
    expect(calls).toHaveLength(4);
  });

  it("retries what every other model kind retries (retry.ts): a 409, a `status` without `statusCode`", async () => {
    const conflict = Object.assign(new Error("conflict"), { statusCode: 409 });
    const status502 = Object.assign(new Error("bad gateway"), { status: 502 });
    const { model, calls } = fakeModel([conflict, status502, v4Result("ok")]);
    expect((await aiSdkLlm(model, { sleep: recordingSleep().sleep })(request)).content).toBe("ok");
    expect(calls).toHaveLength(3);
  });

  it.each([
    [
      apiCallError("Incorrect API key provided", 401, false),
      "fake.chat: authentication failed (401): check the provider's API key (Incorrect API key provided)",
      401,
    ],
    [apiCallError("Invalid model", 400, false), "fake.chat: request failed (400): Invalid model", 400],
    [new Error("Unsupported setting"), "fake.chat: Unsupported setting", undefined],
  ])("fails at once on %s", async (error, message, status) => {
    const { model, calls } = fakeModel([error, v4Result("never")]);
    const e = await rejection(aiSdkLlm(model, { sleep: recordingSleep().sleep })(request));
    expect(e).toBeInstanceOf(LlmError);
    expect(e.message).toBe(message);
    expect((e as LlmError).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it("gives up after maxRetries, saying how often it tried", async () => {
    const { model, calls } = fakeModel([1, 2, 3].map(() => apiCallError("Overloaded", 529, true)));
    const e = await rejection(aiSdkLlm(model, { maxRetries: 2, sleep: recordingSleep().sleep })(request));
    expect(e.message).toBe("fake.chat: server error (529): Overloaded; gave up after 3 attempts");
    expect(calls).toHaveLength(3);
  });

  it("stops at once when the request's signal aborts, also between attempts", async () => {
    const controller = new AbortController();
    const { model, calls } = fakeModel([apiCallError("Overloaded", 529, true), v4Result("never")]);
    const sleep = async (_ms: number, signal?: AbortSignal): Promise<void> => {
      controller.abort();
      if (signal?.aborted) throw new Error("aborted");
    };
    const e = await rejection(aiSdkLlm(model, { sleep })({ ...request, signal: controller.signal }));
    expect(e.message).toBe("fake.chat: request cancelled");
    expect(calls).toHaveLength(1);
  });
});

/**
 * A stream of parts as a provider's doStream gives it: the parts one per pull, then the
 * end — closed, an error, or a stream that never ends. `cancelled` tells whether ptcc
 * cancelled it.
 */
function partStream(parts: readonly unknown[], end: "close" | "hang" | Error = "close") {
  let i = 0;
  const state = { cancelled: false };
  const stream = new ReadableStream<unknown>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]);
      else if (end === "close") controller.close();
      else if (end instanceof Error) controller.error(end);
      else return new Promise<void>(() => undefined);
      return undefined;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** A fake model that streams `streams` in order (doGenerate has nothing to answer). */
function streamingModel(streams: (StreamResult | Error)[], version: "v2" | "v3" | "v4" = "v4") {
  return fakeModel([], version, streams);
}

const TEXT = ["```clojure\n", "(return ", "3)", "\n```"];
/** The text of TEXT as v2, v3 and v4 parts (all three name the piece `delta`). */
const textParts = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "fake-model-2026-01-01", timestamp: new Date(0) },
  { type: "reasoning-start", id: "t0" },
  { type: "reasoning-delta", id: "t0", delta: "thinking..." },
  { type: "reasoning-end", id: "t0" },
  { type: "text-start", id: "t1" },
  ...TEXT.map((delta) => ({ type: "text-delta", id: "t1", delta })),
  { type: "text-end", id: "t1" },
];
const V2_FINISH = {
  type: "finish",
  finishReason: "stop",
  usage: { inputTokens: 50, outputTokens: 4, totalTokens: 54, cachedInputTokens: 32 },
};
const V3_FINISH = {
  type: "finish",
  finishReason: { unified: "length", raw: "max_tokens" },
  usage: {
    inputTokens: { total: 120, noCache: 20, cacheRead: 100, cacheWrite: 0 },
    outputTokens: { total: 9, text: 9, reasoning: 0 },
  },
};

describe("aiSdkLlm: streaming through doStream", () => {
  it.each([
    ["v2", V2_FINISH, { inputTokens: 50, outputTokens: 4, cachedInputTokens: 32 }, "stop"],
    [
      "v3",
      V3_FINISH,
      { inputTokens: 120, outputTokens: 9, cachedInputTokens: 100, cacheWriteInputTokens: 0 },
      "length",
    ],
    [
      "v4",
      V3_FINISH,
      { inputTokens: 120, outputTokens: 9, cachedInputTokens: 100, cacheWriteInputTokens: 0 },
      "length",
    ],
  ] as const)(
    "%s parts: deltas handed on, the reply gathered (text, usage, finish reason, model)",
    async (version, finish, usage, reason) => {
      const { model, calls } = streamingModel([partStream([...textParts, finish])], version);
      const deltas: string[] = [];
      const controller = new AbortController();
      const reply = await aiSdkLlm(model)({ ...request, signal: controller.signal, onText: (d) => deltas.push(d) });
      expect(deltas).toEqual(TEXT);
      expect(reply).toEqual({
        content: TEXT.join(""),
        usage,
        finishReason: reason,
        model: "fake-model-2026-01-01",
        provider: "fake.chat",
      });
      expect(calls[0]!.abortSignal).toBe(controller.signal);
      expect(calls[0]!.prompt).toHaveLength(4);
    },
  );

  it("without onText, or for a model without doStream, doGenerate answers as before", async () => {
    const { model, calls } = fakeModel([v4Result("(return 3)"), v4Result("(return 4)")]);
    expect((await aiSdkLlm(model)(request)).content).toBe("(return 3)");
    const { doStream: _unused, ...generateOnly } = model;
    const deltas: string[] = [];
    expect((await aiSdkLlm(generateOnly)({ ...request, onText: (d) => deltas.push(d) })).content).toBe("(return 4)");
    expect(calls).toHaveLength(2);
    expect(deltas).toEqual([]);
  });

  it("a doStream that fails retryably is tried again; a stream once started is not", async () => {
    const { model, calls } = streamingModel([
      apiCallError("Overloaded", 529, true),
      partStream([...textParts.slice(0, 7)], new Error("socket hang up")),
      partStream([...textParts, V3_FINISH]),
    ]);
    const llm = aiSdkLlm(model, { sleep: recordingSleep().sleep });
    const deltas: string[] = [];
    const e = await rejection(llm({ ...request, onText: (d) => deltas.push(d) }));
    expect(e).toBeInstanceOf(LlmError);
    expect(e.message).toBe("fake.chat: the stream broke off: socket hang up");
    expect(calls).toHaveLength(2);
    expect(deltas).toEqual(TEXT.slice(0, 1));
  });

  it("an error part, or a stream without its finish part, is an LlmError; the stream is cancelled", async () => {
    const failing = partStream([
      ...textParts.slice(0, 7),
      { type: "error", error: { message: "quota exceeded" } },
      V3_FINISH,
    ]);
    const short = partStream(textParts);
    const { model } = streamingModel([failing, short]);
    const llm = aiSdkLlm(model);
    const e1 = await rejection(llm({ ...request, onText: () => undefined }));
    expect(e1.message).toBe("fake.chat: the stream failed: quota exceeded");
    expect(failing.state.cancelled).toBe(true);
    const e2 = await rejection(llm({ ...request, onText: () => undefined }));
    expect(e2.message).toBe("fake.chat: the stream ended before its finish part");
  });

  it("an abort mid-stream stops at once and cancels the provider's stream", async () => {
    const hanging = partStream(textParts.slice(0, 7), "hang");
    const { model } = streamingModel([hanging]);
    const controller = new AbortController();
    const pending = rejection(
      aiSdkLlm(model)({
        ...request,
        signal: controller.signal,
        onText: () => setTimeout(() => controller.abort(), 5),
      }),
    );
    const e = await pending;
    expect(e.message).toBe("fake.chat: request cancelled");
    expect(hanging.state.cancelled).toBe(true);
  });

  it("a malformed doStream result is an LlmError", async () => {
    const { model } = streamingModel([{ stream: "nope" } as never]);
    const e = await rejection(aiSdkLlm(model)({ ...request, onText: () => undefined }));
    expect(e.message).toBe("fake.chat: malformed result of doStream: expected {stream: ReadableStream}");
  });

  it("an agent run with onEvent streams a model object's deltas as text-delta events", async () => {
    const { model } = streamingModel([
      partStream([
        ...textParts.slice(0, 5),
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "```clojure\n(return " },
        { type: "text-delta", id: "t", delta: "data/n)\n```" },
        V2_FINISH,
      ]),
    ]);
    const deltas: string[] = [];
    const step = await defineAgent({ ...agentOptions, llm: model }).run(
      { n: 3 },
      { onEvent: (e) => void (e.type === "text-delta" && deltas.push(e.delta)) },
    );
    expect(step.return).toBe(3);
    expect(deltas).toEqual(["```clojure\n(return ", "data/n)\n```"]);
  });
});

const agentOptions = { prompt: "Count to {{n}}.", signature: "(n :int) -> :int" };

describe("model objects wherever an Llm is accepted", () => {
  it("recognises model objects of the versions it calls, and nothing else", () => {
    expect(isLanguageModel(fakeModel([]).model)).toBe(true);
    expect(isLanguageModel(fakeModel([], "v2").model)).toBe(true);
    expect(isLanguageModel({ ...fakeModel([]).model, specificationVersion: "v1" })).toBe(false);
    expect(isLanguageModel(async () => "x")).toBe(false);
    expect(() => toLlm({ ...fakeModel([]).model, specificationVersion: "v1" } as never)).toThrow(
      'an AI SDK model of specificationVersion "v1" is not supported (ptcc calls v2, v3 and v4)',
    );
  });

  it("defineAgent({ llm: model }): the run uses it; trace events name the model and provider", async () => {
    const { model } = fakeModel([v4Result(clj("(return data/n)"))]);
    const events: TraceEvent[] = [];
    const step = await defineAgent({ ...agentOptions, llm: model }).run({ n: 3 }, { trace: (e) => events.push(e) });
    expect(step.ok).toBe(true);
    expect(step.return).toBe(3);
    expect(step.usage).toEqual({
      inputTokens: 120,
      outputTokens: 9,
      cachedInputTokens: 100,
      cacheWriteInputTokens: 0,
      llmRequests: 1,
    });
    const req = events.find((e) => e.type === "llm_request");
    const res = events.find((e) => e.type === "llm_response");
    expect(req).toMatchObject({ model: "fake-model", provider: "fake.chat" });
    expect(res).toMatchObject({ model: "fake-model-2026-01-01", provider: "fake.chat", finishReason: "stop" });
  });

  it("run options and the LLM registry take model objects, for the agent and its children", async () => {
    const parent = fakeModel([v4Result(clj("(return (tool/half {:n data/n}))"))]);
    const child = fakeModel([v4Result(clj("(return (quot data/n 2))"))]);
    const half = defineAgent({
      name: "half",
      description: "Halves n",
      prompt: "Halve {{n}}.",
      signature: "(n :int) -> :int",
      llm: "small",
    });
    const agent = defineAgent({ ...agentOptions, tools: { half: asTool(half) } });
    const step = await agent.run({ n: 8 }, { llm: parent.model, llmRegistry: { small: child.model } });
    expect(step.return).toBe(4);
    expect(parent.calls).toHaveLength(1);
    expect(child.calls).toHaveLength(1);
    expect(step.usage.llmRequests).toBe(2);
  });
});

describe("@ai-sdk/openai (a V3 provider) against the local OpenAI server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());
  const provider = () => createOpenAI({ baseURL: `${server.url}/v1`, apiKey: "sk-test-key" });

  it("the Responses API model (openai(model)): request, text, usage with cached tokens, cut-off reply", async () => {
    server.answer({
      status: 200,
      body: {
        id: "resp_1",
        object: "response",
        created_at: 1_700_000_000,
        model: "gpt-4o-2024-08-06",
        status: "incomplete",
        incomplete_details: { reason: "max_output_tokens" },
        output: [
          {
            type: "message",
            id: "msg_1",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: "(return 3)", annotations: [] }],
          },
        ],
        usage: { input_tokens: 10, output_tokens: 5, input_tokens_details: { cached_tokens: 4 } },
      },
    });
    const model = provider()("gpt-4o");
    const reply = await aiSdkLlm(model, { maxOutputTokens: 64 })(request);
    expect(reply).toEqual({
      content: "(return 3)",
      usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 4 },
      finishReason: "length",
      model: "gpt-4o-2024-08-06",
      provider: "openai.responses",
    });
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/v1/responses");
    expect(sent.headers["authorization"]).toBe("Bearer sk-test-key");
    expect(sent.body).toMatchObject({ model: "gpt-4o", max_output_tokens: 64 });
  });

  it("the Chat Completions model runs an agent; a 503 is retried by ptcc", async () => {
    const completion = {
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 1,
      model: "gpt-4o-mini-2024-07-18",
      choices: [
        { index: 0, message: { role: "assistant", content: clj("(return (* 2 data/n))") }, finish_reason: "stop" },
      ],
      usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 },
    };
    server.answer({ status: 503, body: { error: { message: "overloaded" } } }, { status: 200, body: completion });
    const events: TraceEvent[] = [];
    const llm = aiSdkLlm(provider().chat("gpt-4o-mini"), { sleep: recordingSleep().sleep });
    const step = await defineAgent({ ...agentOptions, llm }).run({ n: 21 }, { trace: (e) => events.push(e) });
    expect(step.ok).toBe(true);
    expect(step.return).toBe(42);
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/chat/completions"]);
    expect(events.find((e) => e.type === "llm_response")).toMatchObject({
      model: "gpt-4o-mini-2024-07-18",
      provider: "openai.chat",
      usage: { inputTokens: 300, outputTokens: 12 },
    });
  });

  it("the Chat Completions model streams through doStream: deltas, usage and finish reason", async () => {
    server.answer({
      stream: openAiStream({
        pieces: ["```clojure\n", "(return ", "42)\n```"],
        model: "gpt-4o-mini-2024-07-18",
        usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 },
      }),
    });
    const deltas: string[] = [];
    const reply = await aiSdkLlm(provider().chat("gpt-4o-mini"))({ ...request, onText: (d) => deltas.push(d) });
    expect(deltas.join("")).toBe("```clojure\n(return 42)\n```");
    expect(reply).toMatchObject({
      content: "```clojure\n(return 42)\n```",
      usage: { inputTokens: 300, outputTokens: 12 },
      finishReason: "stop",
      model: "gpt-4o-mini-2024-07-18",
      provider: "openai.chat",
    });
    expect(server.requests[0]!.body).toMatchObject({ stream: true });
  });

  it("a provider's model object is a LanguageModelLike without casts; a v1 object is not", () => {
    const model: LanguageModelLike = provider()("gpt-4o");
    expect(model.specificationVersion).toBe("v3");
    const v1 = { specificationVersion: "v1", provider: "p", modelId: "m", doGenerate: async () => ({ content: [] }) };
    // @ts-expect-error -- ptcc calls v2, v3 and v4 models only
    const rejected: LanguageModelLike = v1;
    expect(isLanguageModel(rejected)).toBe(false);
    // @ts-expect-error -- and an agent does not take one either
    defineAgent({ prompt: "x", llm: v1 });
  });
});
