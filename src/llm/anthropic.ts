/**
 * An adapter for Anthropic's Messages API. Unlike Chat Completions, the system prompt is
 * a top-level field, `max_tokens` is required, and the answer is a list of content blocks.
 */
import { table } from "../runtime/table.js";
import {
  anthropicEndpoint,
  checkAdapterOptions,
  checkBaseUrl,
  isProviderHost,
  type BaseUrlOptions,
} from "./endpoint.js";
import { postJson, type HttpOptions } from "./http.js";
import {
  LlmError,
  type FinishReason,
  type Llm,
  type LlmMessage,
  type LlmReply,
  type LlmRequest,
  type LlmToolCall,
  type LlmUsage,
} from "./types.js";
import { envValue, isRecord } from "./wire.js";

export interface AnthropicOptions extends HttpOptions, BaseUrlOptions {
  /** The model; wins over the request's `model` and `ANTHROPIC_MODEL`. */
  readonly model?: string;
  /**
   * The key; defaults to `ANTHROPIC_API_KEY`. Needed only by Anthropic's own API: a
   * server at another base URL is called without one when none is set.
   */
  readonly apiKey?: string;
  /**
   * Defaults to `ANTHROPIC_BASE_URL`, then `https://api.anthropic.com` (`baseURL` is the
   * same option). With or without a trailing `/v1`: requests go to `{base}/v1/messages`.
   */
  readonly baseUrl?: string;
  /** `max_tokens`, which the API requires (default 4096). */
  readonly maxTokens?: number;
  /** Sent as `temperature` when set. */
  readonly temperature?: number;
  /**
   * Mark the system prompt for prompt caching (`cache_control: ephemeral`). Default true:
   * an agent sends the same system prompt every turn, and a cached prefix costs a tenth
   * of fresh input tokens. False sends it as a plain string.
   */
  readonly cacheSystemPrompt?: boolean;
  /**
   * Mark the latest user message for prompt caching too. Default true: every turn of a
   * run extends the previous request's messages, so the whole conversation up to the
   * newest feedback is read from the cache on the next turn (Anthropic caches only
   * prefixes of 1,024 tokens or more; shorter ones are sent as usual, at no extra cost).
   */
  readonly cacheLatestMessage?: boolean;
}

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";
const DEFAULT_MAX_TOKENS = 4096;
const ANTHROPIC_HOST = "api.anthropic.com";
const OWN_OPTIONS = ["model", "apiKey", "maxTokens", "temperature", "cacheSystemPrompt", "cacheLatestMessage"];

/**
 * An `Llm` over `POST {baseUrl}/v1/messages`. As with `openAiLlm`, building it throws
 * only for options it does not know; the key and model are looked up on each call.
 */
export function anthropicLlm(options: AnthropicOptions = {}): Llm {
  const base = checkAdapterOptions("anthropic", options, OWN_OPTIONS);
  return async (request: LlmRequest): Promise<LlmReply> => {
    const baseUrl =
      base ??
      checkBaseUrl("anthropic", envValue("ANTHROPIC_BASE_URL") ?? ANTHROPIC_DEFAULT_BASE_URL, "ANTHROPIC_BASE_URL");
    const url = anthropicEndpoint(baseUrl);
    const apiKey = options.apiKey ?? envValue("ANTHROPIC_API_KEY");
    if (apiKey === undefined && isProviderHost(url, ANTHROPIC_HOST)) {
      throw new LlmError("anthropic: no API key: set ANTHROPIC_API_KEY or pass apiKey");
    }
    const model = options.model ?? request.model ?? envValue("ANTHROPIC_MODEL");
    if (model === undefined) {
      throw new LlmError("anthropic: no model: use --llm anthropic:MODEL or set ANTHROPIC_MODEL");
    }

    const body = await postJson(
      {
        provider: "anthropic",
        url,
        headers: {
          "content-type": "application/json",
          ...(apiKey !== undefined ? { "x-api-key": apiKey } : {}),
          "anthropic-version": ANTHROPIC_VERSION,
        },
        body: requestBody(model, request, options),
        keyEnv: "ANTHROPIC_API_KEY",
        secrets: apiKey !== undefined ? [apiKey] : [],
        signal: request.signal,
        onRetry: request.onRetry,
      },
      options,
    );
    return replyOf(body);
  };
}

function requestBody(model: string, request: LlmRequest, options: AnthropicOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { model };
  if (request.tools !== undefined && request.tools.length > 0) {
    body["tools"] = request.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.parameters,
    }));
  }
  // The field is optional; an empty prompt says nothing, so it is left out.
  if (request.system !== "") {
    body["system"] =
      options.cacheSystemPrompt === false
        ? request.system
        : [{ type: "text", text: request.system, cache_control: EPHEMERAL }];
  }
  body["messages"] = wireMessages(request.messages, options.cacheLatestMessage !== false);
  body["max_tokens"] = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (options.temperature !== undefined) body["temperature"] = options.temperature;
  return body;
}

const EPHEMERAL = { type: "ephemeral" } as const;

type Block = Record<string, unknown>;

/**
 * The conversation as Messages has it: content blocks, tool calls as `tool_use` blocks,
 * their answers as `tool_result` blocks, consecutive messages of one role merged (every
 * result of an assistant's tool calls must come in the one user message that follows).
 * With `cacheLast`, the last block of the last message gets the cache breakpoint.
 */
function wireMessages(messages: readonly LlmMessage[], cacheLast: boolean): Record<string, unknown>[] {
  const out: { role: string; blocks: Block[] }[] = [];
  for (const m of messages) {
    const blocks = blocksOf(m);
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.role === m.role) prev.blocks.push(...blocks);
    else out.push({ role: m.role, blocks });
  }
  const last = out[out.length - 1];
  return out.map((m) => {
    if (m === last && cacheLast && m.blocks.length > 0) {
      const i = m.blocks.length - 1;
      m.blocks[i] = { ...m.blocks[i], cache_control: EPHEMERAL };
      return { role: m.role, content: m.blocks };
    }
    // A single text block goes as a plain string, as it always did.
    const only = m.blocks.length === 1 ? m.blocks[0]! : undefined;
    return only !== undefined && only["type"] === "text"
      ? { role: m.role, content: only["text"] }
      : { role: m.role, content: m.blocks };
  });
}

function blocksOf(m: LlmMessage): Block[] {
  if (m.role === "user" && m.toolCallId !== undefined) {
    return [{ type: "tool_result", tool_use_id: m.toolCallId, content: m.content }];
  }
  const blocks: Block[] = m.content === "" && m.toolCalls !== undefined ? [] : [{ type: "text", text: m.content }];
  for (const c of m.toolCalls ?? []) blocks.push({ type: "tool_use", id: c.id, name: c.name, input: toolInput(c) });
  return blocks;
}

/** A tool call's arguments as the object Messages wants; text that is not an object is kept under `_raw`. */
function toolInput(c: LlmToolCall): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(c.arguments);
    if (isRecord(v)) return v;
  } catch {
    // Not JSON (a call cut off at the output limit): sent back as text.
  }
  return { _raw: c.arguments };
}

/** The text of every "text" block, joined; `tool_use` blocks become tool calls; others are skipped. */
function replyOf(body: unknown): LlmReply {
  if (!isRecord(body)) throw new LlmError("anthropic: malformed response: expected a JSON object");
  const blocks = body["content"];
  if (!Array.isArray(blocks)) throw new LlmError("anthropic: malformed response: no content array");
  let content = "";
  const toolCalls: LlmToolCall[] = [];
  blocks.forEach((block: unknown, i) => {
    if (!isRecord(block)) return;
    if (block["type"] === "tool_use") {
      if (typeof block["name"] !== "string") {
        throw new LlmError(`anthropic: malformed response: content[${i}] (tool_use) has no name`);
      }
      toolCalls.push({
        id: typeof block["id"] === "string" ? block["id"] : `toolu_${i}`,
        name: block["name"],
        arguments: JSON.stringify(block["input"] ?? {}),
      });
      return;
    }
    if (block["type"] !== "text") return;
    const text = block["text"];
    if (typeof text !== "string")
      throw new LlmError(`anthropic: malformed response: content[${i}].text is not a string`);
    content += text;
  });
  const usage = isRecord(body["usage"]) ? usageOf(body["usage"]) : undefined;
  const finish = finishReason(body["stop_reason"]);
  return {
    content,
    ...(usage !== undefined ? { usage } : {}),
    ...(finish !== undefined ? { finishReason: finish } : {}),
    ...(typeof body["model"] === "string" ? { model: body["model"] } : {}),
    provider: "anthropic",
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
  };
}

const FINISH: Readonly<Record<string, FinishReason>> = table({
  end_turn: "stop",
  stop_sequence: "stop",
  max_tokens: "length",
  tool_use: "tool_calls",
  refusal: "content_filter",
});

function finishReason(raw: unknown): FinishReason | undefined {
  if (typeof raw !== "string") return undefined;
  return FINISH[raw] ?? "other";
}

/**
 * Anthropic counts the cached prefix apart from `input_tokens`: `cache_read_input_tokens`
 * were read from the cache, `cache_creation_input_tokens` written to it. LlmUsage's
 * `inputTokens` is all three; the two cache counts are kept as reported.
 */
function usageOf(u: Record<string, unknown>): LlmUsage | undefined {
  const out: {
    inputTokens?: number;
    outputTokens?: number;
    cachedInputTokens?: number;
    cacheWriteInputTokens?: number;
  } = {};
  const read = u["cache_read_input_tokens"];
  const written = u["cache_creation_input_tokens"];
  if (isCount(u["input_tokens"])) {
    out.inputTokens = u["input_tokens"] + (isCount(read) ? read : 0) + (isCount(written) ? written : 0);
  }
  if (isCount(u["output_tokens"])) out.outputTokens = u["output_tokens"];
  if (isCount(read)) out.cachedInputTokens = read;
  if (isCount(written)) out.cacheWriteInputTokens = written;
  return Object.keys(out).length === 0 ? undefined : out;
}

function isCount(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}
