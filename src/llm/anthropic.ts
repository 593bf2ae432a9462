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
import type { HttpOptions } from "./http.js";
import { requestReply, type AnswerReader } from "./http-stream.js";
import type { SseEvent } from "./sse.js";
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

    const post = {
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
      ...(request.retry !== undefined ? { retry: request.retry } : {}),
    };
    return requestReply(post, options, request.onText, READER);
  };
}

/** Whole messages, or streamed ones. */
const READER: AnswerReader = {
  whole: (body) => replyOf(body),
  streamed: (onText) => streamReader(onText),
  streamBody: (body) => ({ ...body, stream: true }),
};

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
      toolCalls.push(toolCall(i, block["id"], block["name"], JSON.stringify(block["input"] ?? {})));
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

/** One `tool_use` block as a tool call; a block without a name is malformed. */
function toolCall(i: number, id: unknown, name: unknown, args: string): LlmToolCall {
  if (typeof name !== "string")
    throw new LlmError(`anthropic: malformed response: content[${i}] (tool_use) has no name`);
  return { id: typeof id === "string" ? id : `toolu_${i}`, name, arguments: args };
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

// ---------------------------------------------------------------------------
// Streaming

type StreamBlock =
  { type: "text" } | { type: "tool_use"; id: unknown; name: unknown; input: unknown; json: string } | { type: "other" };

/**
 * Reads a streamed message: `message_start` (the model, the input usage), for each content
 * block `content_block_start`, its `content_block_delta`s (`text_delta` pieces handed to
 * `onText`, `input_json_delta` pieces of a tool call's arguments) and `content_block_stop`,
 * then `message_delta` (stop reason, output usage) and `message_stop`. An `error` event
 * fails the request. The reply is the one the same message unstreamed would give.
 */
function streamReader(onText: (delta: string) => void): { event: (e: SseEvent) => void; reply: () => LlmReply } {
  const blocks: StreamBlock[] = [];
  const texts: string[] = [];
  let usage: Record<string, unknown> = {};
  let model: string | undefined;
  let stop: unknown;
  let stopped = false;

  const text = (i: number, piece: unknown): void => {
    if (typeof piece !== "string" || piece === "") return;
    texts[i] = (texts[i] ?? "") + piece;
    onText(piece);
  };

  const event = (e: SseEvent): void => {
    if (e.event === "ping") return;
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      throw new LlmError(`anthropic: malformed stream: the data of a ${e.event} event is not JSON`);
    }
    if (!isRecord(data)) throw new LlmError(`anthropic: malformed stream: a ${e.event} event is not a JSON object`);
    const type = typeof data["type"] === "string" ? data["type"] : e.event;
    const index = data["index"];
    // Blocks come in order; an index past the next one is not a block of this message.
    const i = typeof index === "number" && Number.isInteger(index) && index >= 0 && index <= blocks.length ? index : -1;
    switch (type) {
      case "message_start": {
        const message = data["message"];
        if (isRecord(message)) {
          if (typeof message["model"] === "string") model = message["model"];
          if (isRecord(message["usage"])) usage = { ...message["usage"] };
        }
        return;
      }
      case "content_block_start": {
        const block = data["content_block"];
        if (i < 0 || !isRecord(block))
          throw new LlmError("anthropic: malformed stream: content_block_start without an index or a block");
        if (block["type"] === "text") {
          blocks[i] = { type: "text" };
          text(i, block["text"]);
        } else if (block["type"] === "tool_use") {
          blocks[i] = { type: "tool_use", id: block["id"], name: block["name"], input: block["input"], json: "" };
        } else blocks[i] = { type: "other" };
        return;
      }
      case "content_block_delta": {
        const delta = data["delta"];
        const block = i >= 0 ? blocks[i] : undefined;
        if (block === undefined || !isRecord(delta)) return;
        if (block.type === "text" && delta["type"] === "text_delta") text(i, delta["text"]);
        else if (
          block.type === "tool_use" &&
          delta["type"] === "input_json_delta" &&
          typeof delta["partial_json"] === "string"
        ) {
          block.json += delta["partial_json"];
        }
        return;
      }
      case "message_delta": {
        const delta = data["delta"];
        if (isRecord(delta) && delta["stop_reason"] !== undefined) stop = delta["stop_reason"];
        // The final counts: output tokens, and on newer servers the input counts again.
        if (isRecord(data["usage"])) {
          for (const [k, v] of Object.entries(data["usage"])) if (isCount(v)) usage[k] = v;
        }
        return;
      }
      case "message_stop":
        stopped = true;
        return;
      case "error": {
        const error = data["error"];
        const message = isRecord(error) && typeof error["message"] === "string" ? error["message"] : e.data;
        const kind = isRecord(error) && typeof error["type"] === "string" ? ` (${error["type"]})` : "";
        throw new LlmError(`anthropic: the stream failed${kind}: ${message.slice(0, 300)}`);
      }
      default:
        // content_block_stop, and event types added later.
        return;
    }
  };

  const reply = (): LlmReply => {
    if (!stopped) throw new LlmError("anthropic: the stream ended before the message was complete (no message_stop)");
    let content = "";
    const toolCalls: LlmToolCall[] = [];
    blocks.forEach((block, i) => {
      if (block.type === "text") content += texts[i] ?? "";
      if (block.type === "tool_use")
        toolCalls.push(toolCall(i, block.id, block.name, toolArguments(block.json, block.input)));
    });
    const counted = usageOf(usage);
    const finish = finishReason(stop);
    return {
      content,
      ...(counted !== undefined ? { usage: counted } : {}),
      ...(finish !== undefined ? { finishReason: finish } : {}),
      ...(model !== undefined ? { model } : {}),
      provider: "anthropic",
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
    };
  };
  return { event, reply };
}

/**
 * A streamed tool call's arguments as the unstreamed reply has them: the JSON pieces
 * joined and written compactly, the block's own `input` when no piece came, the text as
 * it is when it is not JSON (cut off at the output limit).
 */
function toolArguments(json: string, input: unknown): string {
  if (json === "") return JSON.stringify(input ?? {});
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json;
  }
}
