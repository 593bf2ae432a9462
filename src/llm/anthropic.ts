/**
 * An adapter for Anthropic's Messages API. Unlike Chat Completions, the system prompt is
 * a top-level field, `max_tokens` is required, and the answer is a list of content blocks.
 */
import { postJson, type HttpOptions } from "./http.js";
import { LlmError, type Llm, type LlmReply, type LlmRequest } from "./types.js";
import { envValue, isRecord, trimSlashes, usageOf } from "./wire.js";

export interface AnthropicOptions extends HttpOptions {
  /** The model; wins over the request's `model` and `ANTHROPIC_MODEL`. */
  readonly model?: string;
  /** The key; defaults to `ANTHROPIC_API_KEY`. */
  readonly apiKey?: string;
  /** Defaults to `ANTHROPIC_BASE_URL`, then `https://api.anthropic.com`. */
  readonly baseUrl?: string;
  /** `max_tokens`, which the API requires (default 4096). */
  readonly maxTokens?: number;
  /** Sent as `temperature` when set. */
  readonly temperature?: number;
  /**
   * Mark the system prompt for prompt caching (`cache_control: ephemeral`). Default true:
   * an agent sends the same long system prompt (the language reference) every turn, and a
   * cached prefix costs a tenth of fresh input tokens. False sends it as a plain string.
   */
  readonly cacheSystemPrompt?: boolean;
}

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";
const DEFAULT_MAX_TOKENS = 4096;

/**
 * An `Llm` over `POST {baseUrl}/v1/messages`. As with `openAiLlm`, the key and model are
 * looked up on each call, so building it never throws.
 */
export function anthropicLlm(options: AnthropicOptions = {}): Llm {
  return async (request: LlmRequest): Promise<LlmReply> => {
    const apiKey = options.apiKey ?? envValue("ANTHROPIC_API_KEY");
    if (apiKey === undefined) throw new LlmError("anthropic: no API key: set ANTHROPIC_API_KEY or pass apiKey");
    const model = options.model ?? request.model ?? envValue("ANTHROPIC_MODEL");
    if (model === undefined) {
      throw new LlmError("anthropic: no model: use --llm anthropic:MODEL or set ANTHROPIC_MODEL");
    }
    const baseUrl = trimSlashes(options.baseUrl ?? envValue("ANTHROPIC_BASE_URL") ?? ANTHROPIC_DEFAULT_BASE_URL);

    const body = await postJson(
      {
        provider: "anthropic",
        url: `${baseUrl}/v1/messages`,
        headers: {
          "content-type": "application/json",
          "x-api-key": apiKey,
          "anthropic-version": ANTHROPIC_VERSION,
        },
        body: requestBody(model, request, options),
        keyEnv: "ANTHROPIC_API_KEY",
        secrets: [apiKey],
        signal: request.signal,
      },
      options,
    );
    return replyOf(body);
  };
}

function requestBody(model: string, request: LlmRequest, options: AnthropicOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { model };
  // The field is optional; an empty prompt says nothing, so it is left out.
  if (request.system !== "") {
    body["system"] =
      options.cacheSystemPrompt === false
        ? request.system
        : [{ type: "text", text: request.system, cache_control: { type: "ephemeral" } }];
  }
  body["messages"] = request.messages.map((m) => ({ role: m.role, content: m.content }));
  body["max_tokens"] = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (options.temperature !== undefined) body["temperature"] = options.temperature;
  return body;
}

/** The text of every "text" block, joined; other blocks (thinking, tool use) are skipped. */
function replyOf(body: unknown): LlmReply {
  if (!isRecord(body)) throw new LlmError("anthropic: malformed response: expected a JSON object");
  const blocks = body["content"];
  if (!Array.isArray(blocks)) throw new LlmError("anthropic: malformed response: no content array");
  let content = "";
  blocks.forEach((block: unknown, i) => {
    if (!isRecord(block) || block["type"] !== "text") return;
    const text = block["text"];
    if (typeof text !== "string")
      throw new LlmError(`anthropic: malformed response: content[${i}].text is not a string`);
    content += text;
  });
  const usage = isRecord(body["usage"])
    ? usageOf(inputTokens(body["usage"]), body["usage"]["output_tokens"])
    : undefined;
  return usage === undefined ? { content } : { content, usage };
}

/**
 * All input tokens of a request: Anthropic counts the cached prefix apart from
 * `input_tokens` (`cache_read_input_tokens`, `cache_creation_input_tokens`).
 */
function inputTokens(usage: Record<string, unknown>): unknown {
  const base = usage["input_tokens"];
  if (typeof base !== "number") return base;
  let total = base;
  for (const k of ["cache_read_input_tokens", "cache_creation_input_tokens"]) {
    const n = usage[k];
    if (typeof n === "number" && Number.isFinite(n)) total += n;
  }
  return total;
}
