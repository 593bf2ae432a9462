/** The OpenAI adapter against a local server speaking Chat Completions. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openAiLlm } from "../../src/llm/openai.js";
import { LlmError, type LlmRequest } from "../../src/llm/types.js";
import { recordingSleep, rejection, startServer, withEnv, type TestServer } from "./server.js";

const KEY = "sk-openai-SECRET-42";
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const request: LlmRequest = {
  system: "You write PTC-Lisp.",
  messages: [
    { role: "user", content: "count the orders" },
    { role: "assistant", content: "(count (tool/orders))" },
    { role: "user", content: "result: 3" },
  ],
  agent: "main",
  depth: 0,
  turn: 2,
};

function completion(content: unknown, usage?: unknown): object {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    ...(usage === undefined ? {} : { usage }),
  };
}

describe("openAiLlm", () => {
  it("sends the Chat Completions request and reads the answer and usage", async () => {
    server.answer({
      status: 200,
      body: completion("(return 3)", { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 }),
    });
    const llm = openAiLlm({
      apiKey: KEY,
      baseUrl: `${server.url}/v1/`,
      model: "gpt-test",
      maxTokens: 256,
      temperature: 0,
    });
    expect(await llm(request)).toEqual({
      content: "(return 3)",
      usage: { inputTokens: 120, outputTokens: 7 },
      finishReason: "stop",
      provider: "openai",
    });

    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.method).toBe("POST");
    expect(req?.path).toBe("/v1/chat/completions");
    expect(req?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(req?.body).toEqual({
      model: "gpt-test",
      messages: [
        { role: "system", content: "You write PTC-Lisp." },
        { role: "user", content: "count the orders" },
        { role: "assistant", content: "(count (tool/orders))" },
        { role: "user", content: "result: 3" },
      ],
      max_tokens: 256,
      temperature: 0,
    });
  });

  it("leaves out max_tokens, temperature and an empty system prompt; no usage means none", async () => {
    server.answer({ status: 200, body: completion("ok") });
    const llm = openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m" });
    expect(await llm({ ...request, system: "", messages: [{ role: "user", content: "hi" }] })).toEqual({
      content: "ok",
      finishReason: "stop",
      provider: "openai",
    });
    expect(server.requests[0]?.body).toEqual({ model: "m", messages: [{ role: "user", content: "hi" }] });
  });

  it("takes the model from options, then the request, then OPENAI_MODEL", async () => {
    const llm = openAiLlm({ apiKey: KEY, baseUrl: server.url });
    await withEnv({ OPENAI_MODEL: "env-model" }, async () => {
      server.answer(
        { status: 200, body: completion("a") },
        { status: 200, body: completion("b") },
        { status: 200, body: completion("c") },
      );
      await llm({ ...request, model: "request-model" });
      await llm(request);
      await openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "option-model" })({
        ...request,
        model: "request-model",
      });
    });
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      "request-model",
      "env-model",
      "option-model",
    ]);
  });

  it("reads OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL when called, not when built", async () => {
    const llm = openAiLlm();
    await withEnv(
      { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/proxy`, OPENAI_MODEL: "from-env" },
      async () => {
        server.answer({ status: 200, body: completion("env ok") });
        expect(await llm(request)).toMatchObject({ content: "env ok" });
      },
    );
    const [req] = server.requests;
    expect(req?.path).toBe("/proxy/chat/completions");
    expect(req?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    expect((req?.body as { model: string }).model).toBe("from-env");
  });

  it("without a key, OpenAI's own API fails at call time, naming OPENAI_API_KEY, and sends nothing", async () => {
    const llm = openAiLlm({ model: "m" });
    const error = await withEnv({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined }, () =>
      rejection(llm(request)),
    );
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe("openai: no API key: set OPENAI_API_KEY or pass apiKey");
    expect(server.requests).toHaveLength(0);
  });

  it("an empty OPENAI_API_KEY counts as missing", async () => {
    const error = await withEnv({ OPENAI_API_KEY: "" }, () => rejection(openAiLlm({ model: "m" })(request)));
    expect(error.message).toContain("set OPENAI_API_KEY");
  });

  it("without a model fails, naming OPENAI_MODEL", async () => {
    const error = await withEnv({ OPENAI_MODEL: undefined }, () => rejection(openAiLlm({ apiKey: KEY })(request)));
    expect(error.message).toBe("openai: no model: use --llm openai:MODEL or set OPENAI_MODEL");
  });

  it("a 401 fails at once with the status and without the key", async () => {
    server.answer({
      status: 401,
      body: { error: { message: "Incorrect API key provided: sk-ope***-42", type: "invalid_request_error" } },
    });
    const error = await rejection(openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request));
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(401);
    expect(error.message).toBe(
      "openai: authentication failed (401): check OPENAI_API_KEY (Incorrect API key provided: sk-ope***-42)",
    );
    expect(error.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a 429 with the request's Retry-After, then answers", async () => {
    const { delays, sleep } = recordingSleep();
    server.answer(
      { status: 429, headers: { "retry-after": "2" }, body: { error: { message: "Rate limit reached" } } },
      { status: 200, body: completion("after wait") },
    );
    const llm = openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m", sleep });
    expect(await llm(request)).toMatchObject({ content: "after wait" });
    expect(delays).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it("reports cached prompt tokens, the finish reason and the model", async () => {
    server.answer({
      status: 200,
      body: {
        ...completion("(return 1)", {
          prompt_tokens: 2000,
          completion_tokens: 9,
          prompt_tokens_details: { cached_tokens: 1920 },
        }),
        model: "gpt-test-2025",
      },
    });
    const reply = await openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request);
    expect(reply).toEqual({
      content: "(return 1)",
      usage: { inputTokens: 2000, outputTokens: 9, cachedInputTokens: 1920 },
      finishReason: "stop",
      model: "gpt-test-2025",
      provider: "openai",
    });
  });

  it.each([
    ["stop", "stop"],
    ["length", "length"],
    ["tool_calls", "tool_calls"],
    ["content_filter", "content_filter"],
    ["something_new", "other"],
  ])("finish_reason %s is finishReason %s", async (raw, finish) => {
    const body = completion("x") as { choices: { finish_reason: string }[] };
    body.choices[0]!.finish_reason = raw;
    server.answer({ status: 200, body });
    expect(await openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request)).toMatchObject({
      finishReason: finish,
    });
  });

  it("tools, tool_calls and tool results: the tool_call transport over Chat Completions", async () => {
    server.answer({
      status: 200,
      body: {
        choices: [
          {
            message: {
              role: "assistant",
              content: null,
              tool_calls: [
                {
                  id: "call_9",
                  type: "function",
                  function: { name: "run_program", arguments: '{"program":"(+ 1 2)"}' },
                },
              ],
            },
            finish_reason: "tool_calls",
          },
        ],
      },
    });
    const reply = await openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })({
      ...request,
      tools: [{ name: "run_program", description: "Run", parameters: { type: "object" } }],
      messages: [
        { role: "user", content: "go" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "call_1", name: "run_program", arguments: '{"program":"1"}' }],
        },
        { role: "user", content: "=> 1", toolCallId: "call_1" },
      ],
    });
    expect(reply).toEqual({
      content: "",
      finishReason: "tool_calls",
      provider: "openai",
      toolCalls: [{ id: "call_9", name: "run_program", arguments: '{"program":"(+ 1 2)"}' }],
    });
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body["tools"]).toEqual([
      { type: "function", function: { name: "run_program", description: "Run", parameters: { type: "object" } } },
    ]);
    expect(body["messages"]).toEqual([
      { role: "system", content: "You write PTC-Lisp." },
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "run_program", arguments: '{"program":"1"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "=> 1" },
    ]);
  });

  it("passes the request's signal through", async () => {
    const error = await rejection(
      openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })({ ...request, signal: AbortSignal.abort() }),
    );
    expect(error.message).toBe("openai: request cancelled");
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [{ choices: [] }, "openai: malformed response: no choices"],
    [{ object: "chat.completion" }, "openai: malformed response: no choices"],
    [[1, 2], "openai: malformed response: expected a JSON object"],
    [{ choices: [{ index: 0 }] }, "openai: malformed response: choices[0] has no message"],
    [completion(null), "openai: malformed response: choices[0].message.content is not a string"],
    [completion(42), "openai: malformed response: choices[0].message.content is not a string"],
    [
      { choices: [{ message: { role: "assistant", content: null, refusal: "I can't help with that." } }] },
      "openai: malformed response: choices[0].message.content is not a string (refusal: I can't help with that.)",
    ],
  ])("a malformed answer %j fails with what is missing", async (body, message) => {
    server.answer({ status: 200, body });
    const error = await rejection(openAiLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe(message);
  });
});
