/** The Anthropic adapter against a local server speaking the Messages API. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { anthropicLlm } from "../../src/llm/anthropic.js";
import { LlmError, normalizeReply, type LlmRequest } from "../../src/llm/types.js";
import { closedPortUrl, recordingSleep, rejection, startServer, withEnv, type TestServer } from "./server.js";

const KEY = "sk-ant-SECRET-77";
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const request: LlmRequest = {
  system: "You write PTC-Lisp.",
  messages: [
    { role: "user", content: "sum the totals" },
    { role: "assistant", content: "(sum-by :total data/orders)" },
    { role: "user", content: "result: 7.5" },
  ],
  agent: "main",
  depth: 1,
  turn: 2,
};

function message(content: unknown, usage?: unknown): object {
  return {
    id: "msg_1",
    type: "message",
    role: "assistant",
    content,
    stop_reason: "end_turn",
    ...(usage === undefined ? {} : { usage }),
  };
}

describe("anthropicLlm", () => {
  it("sends the Messages request with a top-level system and reads text blocks and usage", async () => {
    server.answer({
      status: 200,
      body: message(
        [
          { type: "thinking", thinking: "hmm" },
          { type: "text", text: "(return " },
          { type: "text", text: "7.5)" },
        ],
        { input_tokens: 300, output_tokens: 12 },
      ),
    });
    const llm = anthropicLlm({ apiKey: KEY, baseUrl: `${server.url}/`, model: "claude-test" });
    expect(await llm(request)).toEqual({
      content: "(return 7.5)",
      usage: { inputTokens: 300, outputTokens: 12 },
      finishReason: "stop",
      provider: "anthropic",
    });

    const [req] = server.requests;
    expect(req?.method).toBe("POST");
    expect(req?.path).toBe("/v1/messages");
    expect(req?.headers["x-api-key"]).toBe(KEY);
    expect(req?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(req?.headers["authorization"]).toBeUndefined();
    expect(req?.body).toEqual({
      model: "claude-test",
      system: [{ type: "text", text: "You write PTC-Lisp.", cache_control: { type: "ephemeral" } }],
      messages: [
        { role: "user", content: "sum the totals" },
        { role: "assistant", content: "(sum-by :total data/orders)" },
        // The latest user message is a cache breakpoint too: the next turn reads it all from the cache.
        { role: "user", content: [{ type: "text", text: "result: 7.5", cache_control: { type: "ephemeral" } }] },
      ],
      max_tokens: 4096,
    });
  });

  it("sends maxTokens and temperature when given, and no system when it is empty", async () => {
    server.answer({ status: 200, body: message([{ type: "text", text: "x" }]) });
    const llm = anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m", maxTokens: 100, temperature: 0.2 });
    expect(await llm({ ...request, system: "", messages: [{ role: "user", content: "hi" }] })).toEqual({
      content: "x",
      finishReason: "stop",
      provider: "anthropic",
    });
    expect(server.requests[0]?.body).toEqual({
      model: "m",
      messages: [{ role: "user", content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral" } }] }],
      max_tokens: 100,
      temperature: 0.2,
    });
  });

  it("cacheSystemPrompt: false sends the system prompt as a string", async () => {
    server.answer({ status: 200, body: message([{ type: "text", text: "x" }]) });
    await anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m", cacheSystemPrompt: false })(request);
    expect((server.requests[0]?.body as { system: unknown }).system).toBe("You write PTC-Lisp.");
  });

  it("cacheLatestMessage: false sends every message as a plain string", async () => {
    server.answer({ status: 200, body: message([{ type: "text", text: "x" }]) });
    await anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m", cacheLatestMessage: false })(request);
    expect((server.requests[0]?.body as { messages: unknown }).messages).toEqual(request.messages);
  });

  it("input tokens include the cached prefix; the cache counts are reported apart", async () => {
    server.answer({
      status: 200,
      body: message([{ type: "text", text: "x" }], {
        input_tokens: 20,
        cache_read_input_tokens: 11500,
        cache_creation_input_tokens: 0,
        output_tokens: 5,
      }),
    });
    const reply = normalizeReply(await anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request));
    expect(reply.usage).toEqual({
      inputTokens: 11520,
      outputTokens: 5,
      cachedInputTokens: 11500,
      cacheWriteInputTokens: 0,
    });
  });

  it.each([
    ["end_turn", "stop"],
    ["stop_sequence", "stop"],
    ["max_tokens", "length"],
    ["tool_use", "tool_calls"],
    ["refusal", "content_filter"],
    ["pause_turn", "other"],
  ])("stop_reason %s is finishReason %s", async (stop, finish) => {
    server.answer({
      status: 200,
      body: { ...message([{ type: "text", text: "x" }]), stop_reason: stop, model: "claude-x" },
    });
    const reply = await anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request);
    expect(reply).toMatchObject({ finishReason: finish, model: "claude-x", provider: "anthropic" });
  });

  it("tools, tool_use and tool_result: the tool_call transport over Messages", async () => {
    server.answer({
      status: 200,
      body: message([
        { type: "text", text: "Counting." },
        { type: "tool_use", id: "toolu_1", name: "run_program", input: { program: "(count data/xs)" } },
      ]),
    });
    const reply = normalizeReply(
      await anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })({
        ...request,
        tools: [{ name: "run_program", description: "Run", parameters: { type: "object" } }],
        messages: [
          { role: "user", content: "go" },
          {
            role: "assistant",
            content: "",
            toolCalls: [
              { id: "a", name: "run_program", arguments: '{"program":"1"}' },
              { id: "b", name: "run_program", arguments: "{cut off" },
            ],
          },
          { role: "user", content: "=> 1", toolCallId: "a" },
          { role: "user", content: "(with a)", toolCallId: "b" },
        ],
      }),
    );
    expect(reply.content).toBe("Counting.");
    expect(reply.toolCalls).toEqual([
      { id: "toolu_1", name: "run_program", arguments: '{"program":"(count data/xs)"}' },
    ]);
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body["tools"]).toEqual([{ name: "run_program", description: "Run", input_schema: { type: "object" } }]);
    // Both results in the one user message after the calls; the last block is the breakpoint.
    expect(body["messages"]).toEqual([
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "a", name: "run_program", input: { program: "1" } },
          { type: "tool_use", id: "b", name: "run_program", input: { _raw: "{cut off" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "a", content: "=> 1" },
          { type: "tool_result", tool_use_id: "b", content: "(with a)", cache_control: { type: "ephemeral" } },
        ],
      },
    ]);
  });

  it("an answer without text blocks is the empty string", async () => {
    server.answer({ status: 200, body: message([]) });
    expect(await anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request)).toMatchObject({
      content: "",
    });
  });

  it("reads ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and ANTHROPIC_MODEL when called", async () => {
    const llm = anthropicLlm();
    await withEnv(
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: "claude-env" },
      async () => {
        server.answer({ status: 200, body: message([{ type: "text", text: "env" }]) });
        expect(await llm(request)).toMatchObject({ content: "env" });
      },
    );
    const [req] = server.requests;
    expect(req?.headers["x-api-key"]).toBe(KEY);
    expect((req?.body as { model: string }).model).toBe("claude-env");
  });

  it("the request's model wins over ANTHROPIC_MODEL, the option's over both", async () => {
    await withEnv({ ANTHROPIC_MODEL: "claude-env" }, async () => {
      server.answer({ status: 200, body: message([]) }, { status: 200, body: message([]) });
      await anthropicLlm({ apiKey: KEY, baseUrl: server.url })({ ...request, model: "claude-request" });
      await anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "claude-option" })({ ...request, model: "x" });
    });
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      "claude-request",
      "claude-option",
    ]);
  });

  it("without a key, Anthropic's own API fails at call time, naming ANTHROPIC_API_KEY", async () => {
    const error = await withEnv({ ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: undefined }, () =>
      rejection(anthropicLlm({ model: "m" })(request)),
    );
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe("anthropic: no API key: set ANTHROPIC_API_KEY or pass apiKey");
    expect(server.requests).toHaveLength(0);
  });

  it("without a model fails, naming ANTHROPIC_MODEL", async () => {
    const error = await withEnv({ ANTHROPIC_MODEL: undefined }, () =>
      rejection(anthropicLlm({ apiKey: KEY, baseUrl: server.url })(request)),
    );
    expect(error.message).toBe("anthropic: no model: use --llm anthropic:MODEL or set ANTHROPIC_MODEL");
  });

  it("a 401 fails at once, naming ANTHROPIC_API_KEY and not the key", async () => {
    server.answer({
      status: 401,
      body: { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } },
    });
    const error = await rejection(anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request));
    expect((error as LlmError).status).toBe(401);
    expect(error.message).toBe("anthropic: authentication failed (401): check ANTHROPIC_API_KEY (invalid x-api-key)");
    expect(error.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it("a 400 is not retried and shows the API's message", async () => {
    server.answer({
      status: 400,
      body: { type: "error", error: { type: "invalid_request_error", message: "messages: roles must alternate" } },
    });
    const error = await rejection(anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request));
    expect(error.message).toBe("anthropic: request failed (400): messages: roles must alternate");
    expect(server.requests).toHaveLength(1);
  });

  it("retries 529 (overloaded) until maxRetries, then gives up", async () => {
    const { delays, sleep } = recordingSleep();
    const overloaded = {
      status: 529,
      body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    };
    server.answer(overloaded, overloaded, overloaded);
    const llm = anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m", sleep, maxRetries: 2, random: () => 0 });
    const error = await rejection(llm(request));
    expect(error.message).toBe("anthropic: server error (529): Overloaded; gave up after 3 attempts");
    expect((error as LlmError).status).toBe(529);
    expect(delays).toEqual([250, 500]);
    expect(server.requests).toHaveLength(3);
  });

  it("retries a refused connection, then fails", async () => {
    const { delays, sleep } = recordingSleep();
    const llm = anthropicLlm({ apiKey: KEY, baseUrl: await closedPortUrl(), model: "m", sleep });
    const error = await rejection(llm(request));
    expect(error.message).toMatch(
      /^anthropic: could not reach .*\/v1\/messages \(ECONNREFUSED\); gave up after 4 attempts$/,
    );
    expect(delays).toHaveLength(3);
  });

  it.each([
    [{ type: "message" }, "anthropic: malformed response: no content array"],
    ["just text", "anthropic: malformed response: expected a JSON object"],
    [message([{ type: "text", text: 5 }]), "anthropic: malformed response: content[0].text is not a string"],
  ])("a malformed answer %j fails with what is missing", async (body, text) => {
    // A string body is sent as is; wrap it in quotes so it is JSON, just not an object.
    server.answer({ status: 200, body: typeof body === "string" ? JSON.stringify(body) : body });
    const error = await rejection(anthropicLlm({ apiKey: KEY, baseUrl: server.url, model: "m" })(request));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).toBe(text);
  });
});
