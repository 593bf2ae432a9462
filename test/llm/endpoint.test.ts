/**
 * The adapters as a new user configures them, against the local fake servers: both
 * spellings of the base URL, unknown options rejected with a did-you-mean, a keyless local
 * server, a base URL with or without `/v1`, and the name of the output-token limit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { anthropicLlm, type AnthropicOptions } from "../../src/llm/anthropic.js";
import { anthropicEndpoint, openAiEndpoint } from "../../src/llm/endpoint.js";
import { maxTokensField, openAiLlm, type OpenAiOptions } from "../../src/llm/openai.js";
import { LlmError, type LlmRequest } from "../../src/llm/types.js";
import { startServer, withEnv, type TestServer } from "./server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const request: LlmRequest = { system: "s", messages: [{ role: "user", content: "hi" }], agent: "a", depth: 0, turn: 1 };
const OPENAI_OK = { status: 200, body: { choices: [{ message: { role: "assistant", content: "ok" } }] } };
const ANTHROPIC_OK = { status: 200, body: { content: [{ type: "text", text: "ok" }] } };
/** No key and no base URL from the environment: what a test states is all there is. */
const NO_ENV = {
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  ANTHROPIC_API_KEY: undefined,
  ANTHROPIC_BASE_URL: undefined,
};

describe("the base URL, spelt either way, with or without /v1", () => {
  it.each<[string, (url: string) => OpenAiOptions, string]>([
    ["baseUrl, no path", (u) => ({ baseUrl: u }), "/v1/chat/completions"],
    ["baseURL (the OpenAI SDK's spelling)", (u) => ({ baseURL: u }), "/v1/chat/completions"],
    ["baseURL with /v1", (u) => ({ baseURL: `${u}/v1` }), "/v1/chat/completions"],
    ["baseUrl with /v1/", (u) => ({ baseUrl: `${u}/v1/` }), "/v1/chat/completions"],
    ["a gateway's own prefix, used as given", (u) => ({ baseUrl: `${u}/api/openai` }), "/api/openai/chat/completions"],
    ["both spellings, the same value", (u) => ({ baseUrl: u, baseURL: u }), "/v1/chat/completions"],
  ])("openai: %s", async (_, options, path) => {
    server.answer(OPENAI_OK);
    await withEnv(NO_ENV, () => openAiLlm({ ...options(server.url), apiKey: "sk-x", model: "m" })(request));
    expect(server.requests.map((r) => r.path)).toEqual([path]);
  });

  it.each<[string, (url: string) => AnthropicOptions, string]>([
    ["baseUrl, no path", (u) => ({ baseUrl: u }), "/v1/messages"],
    ["baseURL", (u) => ({ baseURL: u }), "/v1/messages"],
    ["baseUrl with /v1 (no 404 on /v1/v1/messages)", (u) => ({ baseUrl: `${u}/v1` }), "/v1/messages"],
    ["baseURL with /v1/", (u) => ({ baseURL: `${u}/v1/` }), "/v1/messages"],
    ["a gateway's prefix", (u) => ({ baseUrl: `${u}/anthropic` }), "/anthropic/v1/messages"],
  ])("anthropic: %s", async (_, options, path) => {
    server.answer(ANTHROPIC_OK);
    await withEnv(NO_ENV, () => anthropicLlm({ ...options(server.url), apiKey: "sk-x", model: "m" })(request));
    expect(server.requests.map((r) => r.path)).toEqual([path]);
  });

  it("OPENAI_BASE_URL and ANTHROPIC_BASE_URL follow the same rules", async () => {
    server.answer(OPENAI_OK, ANTHROPIC_OK);
    await withEnv({ ...NO_ENV, OPENAI_BASE_URL: server.url, ANTHROPIC_BASE_URL: `${server.url}/v1` }, async () => {
      await openAiLlm({ model: "m" })(request);
      await anthropicLlm({ model: "m" })(request);
    });
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/messages"]);
  });

  it.each([
    ["http://localhost:11434", "http://localhost:11434/v1/chat/completions", "http://localhost:11434/v1/messages"],
    ["http://h:8000/v1", "http://h:8000/v1/chat/completions", "http://h:8000/v1/messages"],
    ["https://api.openai.com/v1/", "https://api.openai.com/v1/chat/completions", "https://api.openai.com/v1/messages"],
    [
      "https://openrouter.ai/api/v1",
      "https://openrouter.ai/api/v1/chat/completions",
      "https://openrouter.ai/api/v1/messages",
    ],
    [
      "https://api.anthropic.com",
      "https://api.anthropic.com/v1/chat/completions",
      "https://api.anthropic.com/v1/messages",
    ],
  ])("%s → %s, %s", (base, openai, anthropic) => {
    expect(openAiEndpoint(base)).toBe(openai);
    expect(anthropicEndpoint(base)).toBe(anthropic);
  });
});

describe("options an adapter does not know are errors when it is built", () => {
  it.each<[string, () => unknown, string]>([
    [
      "openai: a typo",
      () => openAiLlm({ modle: "m" } as OpenAiOptions),
      "openai: unknown option modle (did you mean model?); the options are model, apiKey, maxTokens, maxTokensField, temperature, baseUrl, maxRetries",
    ],
    [
      "openai: base_url",
      () => openAiLlm({ base_url: "http://x" } as OpenAiOptions),
      "unknown option base_url (did you mean baseUrl?)",
    ],
    [
      "openai: api_key",
      () => openAiLlm({ api_key: "k" } as OpenAiOptions),
      "unknown option api_key (did you mean apiKey?)",
    ],
    [
      "openai: two unknown",
      () => openAiLlm({ maxTokenz: 5, organization: "o" } as OpenAiOptions),
      "openai: unknown options maxTokenz (did you mean maxTokens?), organization;",
    ],
    [
      "anthropic: a typo",
      () => anthropicLlm({ cacheSystem: false } as AnthropicOptions),
      "anthropic: unknown option cacheSystem",
    ],
    [
      "two different base URLs",
      () => openAiLlm({ baseUrl: "http://a", baseURL: "http://b" }),
      "openai: baseUrl and baseURL are the same option, given two values; give one",
    ],
    [
      "a base URL that is not http(s)",
      () => openAiLlm({ baseURL: "localhost:11434" }),
      'openai: the base URL must be an http(s) URL, got "localhost:11434"',
    ],
    [
      "maxTokensField",
      () => openAiLlm({ maxTokensField: "max_output_tokens" as "max_tokens" }),
      'openai: maxTokensField is max_tokens or max_completion_tokens, got "max_output_tokens"',
    ],
  ])("%s", (_, build, message) => {
    let error: unknown;
    try {
      build();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LlmError);
    expect((error as Error).message).toContain(message);
  });

  it("a misspelt baseURL no longer sends the real key to api.openai.com: nothing is sent", async () => {
    expect(() => openAiLlm({ baseurl: server.url, apiKey: "sk-real" } as OpenAiOptions)).toThrow(
      "unknown option baseurl (did you mean baseUrl?)",
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("a keyless local server needs no dummy key", () => {
  it.each<[string, () => Promise<unknown>, string, object]>([
    [
      "openai",
      () => openAiLlm({ baseURL: `${server.url}/v1`, model: "llama3.1" })(request),
      "authorization",
      OPENAI_OK,
    ],
    ["anthropic", () => anthropicLlm({ baseURL: server.url, model: "m" })(request), "x-api-key", ANTHROPIC_OK],
  ])("%s: no key set, no key header sent", async (_, call, header, answer) => {
    server.answer(answer as typeof OPENAI_OK);
    await withEnv(NO_ENV, call);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers[header]).toBeUndefined();
  });

  it("a key that is set is still sent to a local server", async () => {
    server.answer(OPENAI_OK);
    await withEnv({ ...NO_ENV, OPENAI_API_KEY: "sk-local" }, () =>
      openAiLlm({ baseURL: server.url, model: "m" })(request),
    );
    expect(server.requests[0]!.headers["authorization"]).toBe("Bearer sk-local");
  });

  it("a local server that wants a key answers 401, and the error names the variable", async () => {
    server.answer({ status: 401, body: { error: { message: "missing key" } } });
    const error = await withEnv(NO_ENV, () =>
      openAiLlm({ baseURL: server.url, model: "m" })(request).then(
        () => null,
        (e: unknown) => e,
      ),
    );
    expect((error as Error).message).toBe("openai: authentication failed (401): check OPENAI_API_KEY (missing key)");
  });
});

describe("the output-token limit: max_completion_tokens where it is required", () => {
  it.each<[string, string, string, ("max_tokens" | "max_completion_tokens")?]>([
    // OpenAI's own API: the current name for every model.
    ["gpt-4o-mini", "https://api.openai.com/v1/chat/completions", "max_completion_tokens"],
    ["o3-mini", "https://api.openai.com/v1/chat/completions", "max_completion_tokens"],
    // Reasoning models anywhere (a router, a gateway, a fine-tune).
    ["o1", "http://127.0.0.1:1/v1/chat/completions", "max_completion_tokens"],
    ["o4-mini-2025-04-16", "http://127.0.0.1:1/v1/chat/completions", "max_completion_tokens"],
    ["openai/o3-mini", "https://openrouter.ai/api/v1/chat/completions", "max_completion_tokens"],
    ["gpt-5", "http://gw/v1/chat/completions", "max_completion_tokens"],
    ["gpt-5-mini", "http://gw/v1/chat/completions", "max_completion_tokens"],
    ["gpt-5.1", "http://gw/v1/chat/completions", "max_completion_tokens"],
    ["ft:o4-mini:acme:x", "http://gw/v1/chat/completions", "max_completion_tokens"],
    // Other models on compatible servers: the name those servers know.
    ["llama3.1", "http://localhost:11434/v1/chat/completions", "max_tokens"],
    ["gpt-4o", "http://gw/v1/chat/completions", "max_tokens"],
    ["omni-7b", "http://localhost:8000/v1/chat/completions", "max_tokens"],
    ["qwen/o1-style", "http://localhost:8000/v1/chat/completions", "max_completion_tokens"],
    // The override wins.
    ["llama3.1", "http://localhost:8000/v1/chat/completions", "max_completion_tokens", "max_completion_tokens"],
    ["o3", "http://localhost:8000/v1/chat/completions", "max_tokens", "max_tokens"],
  ])("%s at %s → %s", (model, url, field, override) => {
    expect(maxTokensField(model, url, override)).toBe(field);
  });

  it("the request carries the field the rule picks", async () => {
    server.answer(OPENAI_OK, OPENAI_OK);
    await withEnv(NO_ENV, async () => {
      await openAiLlm({ baseURL: server.url, model: "o3-mini", maxTokens: 900 })(request);
      await openAiLlm({ baseURL: server.url, model: "llama3.1", maxTokens: 900 })(request);
    });
    const bodies = server.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ max_completion_tokens: 900 });
    expect(bodies[0]).not.toHaveProperty("max_tokens");
    expect(bodies[1]).toMatchObject({ max_tokens: 900 });
    expect(bodies[1]).not.toHaveProperty("max_completion_tokens");
  });
});
