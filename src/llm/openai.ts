/**
 * An adapter for OpenAI's Chat Completions API and the many servers that copy it
 * (vLLM, Ollama, LM Studio, OpenRouter, ...), which is why the base URL is a setting.
 */
import { table } from "../runtime/table.js";
import { checkAdapterOptions, checkBaseUrl, isProviderHost, openAiEndpoint, type BaseUrlOptions } from "./endpoint.js";
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

/** The two names of the output-token limit in Chat Completions. */
export type MaxTokensField = "max_tokens" | "max_completion_tokens";

export interface OpenAiOptions extends HttpOptions, BaseUrlOptions {
  /** The model; wins over the request's `model` and `OPENAI_MODEL`. */
  readonly model?: string;
  /**
   * The key; defaults to `OPENAI_API_KEY`. Needed only by OpenAI's own API: a server at
   * another base URL (Ollama, vLLM) is called without one when none is set.
   */
  readonly apiKey?: string;
  /**
   * Defaults to `OPENAI_BASE_URL`, then `https://api.openai.com/v1` (`baseURL` is the same
   * option). A URL with no path gets `/v1`: `http://localhost:11434` is Ollama's `/v1`.
   */
  readonly baseUrl?: string;
  /**
   * The output-token limit, sent as `max_completion_tokens` to OpenAI's own API and to
   * reasoning models anywhere (o1, o3, o4, gpt-5 families), as `max_tokens` to other
   * servers (which mostly know only that name). `maxTokensField` overrides the choice.
   */
  readonly maxTokens?: number;
  /** The name `maxTokens` is sent under, when the rule above picks the wrong one for a server. */
  readonly maxTokensField?: MaxTokensField;
  /** Sent as `temperature` when set. */
  readonly temperature?: number;
}

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
const OPENAI_HOST = "api.openai.com";
const OWN_OPTIONS = ["model", "apiKey", "maxTokens", "maxTokensField", "temperature"];

/**
 * An `Llm` over `POST {baseUrl}/chat/completions`. Building it throws (LlmError) only for
 * options it does not know: a misspelt option would be ignored, and the request would go
 * to OpenAI with the real key. The key and model are looked up on each call, so agents can
 * be defined before the environment is set, and a missing one fails the call with the
 * variable to set.
 */
export function openAiLlm(options: OpenAiOptions = {}): Llm {
  const base = checkAdapterOptions("openai", options, OWN_OPTIONS);
  if (
    options.maxTokensField !== undefined &&
    !["max_tokens", "max_completion_tokens"].includes(options.maxTokensField)
  ) {
    throw new LlmError(
      `openai: maxTokensField is max_tokens or max_completion_tokens, got ${JSON.stringify(options.maxTokensField)}`,
    );
  }
  return async (request: LlmRequest): Promise<LlmReply> => {
    const baseUrl =
      base ?? checkBaseUrl("openai", envValue("OPENAI_BASE_URL") ?? OPENAI_DEFAULT_BASE_URL, "OPENAI_BASE_URL");
    const url = openAiEndpoint(baseUrl);
    const apiKey = options.apiKey ?? envValue("OPENAI_API_KEY");
    if (apiKey === undefined && isProviderHost(url, OPENAI_HOST)) {
      throw new LlmError("openai: no API key: set OPENAI_API_KEY or pass apiKey");
    }
    const model = options.model ?? request.model ?? envValue("OPENAI_MODEL");
    if (model === undefined) throw new LlmError("openai: no model: use --llm openai:MODEL or set OPENAI_MODEL");

    const post = {
      provider: "openai",
      url,
      headers: {
        "content-type": "application/json",
        ...(apiKey !== undefined ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      body: requestBody(model, request, options, url),
      keyEnv: "OPENAI_API_KEY",
      secrets: apiKey !== undefined ? [apiKey] : [],
      signal: request.signal,
      onRetry: request.onRetry,
      ...(request.retry !== undefined ? { retry: request.retry } : {}),
    };
    return requestReply(post, options, request.onText, READER);
  };
}

/** Whole answers, or streamed ones with the usage in the last chunk. */
const READER: AnswerReader = {
  whole: (body) => replyOf(body),
  streamed: (onText) => streamReader(onText),
  streamBody: (body) => ({ ...body, stream: true, stream_options: { include_usage: true } }),
};

/**
 * OpenAI's reasoning models: o1, o3, o4-mini, gpt-5 and their dated and sized variants,
 * also behind a router's prefix (`openai/o3-mini`) or fine-tuned (`ft:o4-mini:acme`).
 */
const REASONING_MODEL = /^(?:ft:)?(?:o\d|gpt-5)(?![a-z])/i;

/**
 * Which name the output-token limit goes under: OpenAI's own API takes
 * `max_completion_tokens` for every model (`max_tokens` is deprecated there and refused
 * by reasoning models), and so does any server serving a reasoning model; other
 * compatible servers mostly know only `max_tokens`.
 */
export function maxTokensField(model: string, url: string, override?: MaxTokensField): MaxTokensField {
  if (override !== undefined) return override;
  const bare = model.slice(model.lastIndexOf("/") + 1);
  return isProviderHost(url, OPENAI_HOST) || REASONING_MODEL.test(bare) ? "max_completion_tokens" : "max_tokens";
}

function requestBody(model: string, request: LlmRequest, options: OpenAiOptions, url: string): Record<string, unknown> {
  // The system prompt travels as the first message; an empty one is left out. Nothing
  // else is put before the conversation, so the prefix OpenAI caches on its own (the
  // system prompt, the mission, then each turn) stays byte-identical from turn to turn.
  const system = request.system === "" ? [] : [{ role: "system", content: request.system }];
  const messages = [...system, ...request.messages.map(wireMessage)];
  const body: Record<string, unknown> = { model, messages };
  if (request.tools !== undefined && request.tools.length > 0) {
    body["tools"] = request.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
  }
  if (options.maxTokens !== undefined) body[maxTokensField(model, url, options.maxTokensField)] = options.maxTokens;
  if (options.temperature !== undefined) body["temperature"] = options.temperature;
  return body;
}

/** A message as Chat Completions has it: tool calls on the assistant's, tool results as `tool`. */
function wireMessage(m: LlmMessage): Record<string, unknown> {
  if (m.role === "user" && m.toolCallId !== undefined) {
    return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
  }
  if (m.role === "assistant" && m.toolCalls !== undefined && m.toolCalls.length > 0) {
    return {
      role: "assistant",
      content: m.content === "" ? null : m.content,
      tool_calls: m.toolCalls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      })),
    };
  }
  return { role: m.role, content: m.content };
}

/** `choices[0].message` (its content and tool calls), the finish reason and the usage. */
function replyOf(body: unknown): LlmReply {
  if (!isRecord(body)) throw new LlmError("openai: malformed response: expected a JSON object");
  const choices = body["choices"];
  if (!Array.isArray(choices) || choices.length === 0) {
    throw new LlmError("openai: malformed response: no choices");
  }
  const choice: unknown = choices[0];
  const message = isRecord(choice) ? choice["message"] : undefined;
  if (!isRecord(message)) throw new LlmError("openai: malformed response: choices[0] has no message");
  const toolCalls = toolCallsOf(message["tool_calls"]);
  let content = message["content"];
  // With tool calls the content is often null: the calls are the answer.
  if ((content === null || content === undefined) && toolCalls.length > 0) content = "";
  if (typeof content !== "string") {
    // A refusal comes with `content: null` and the reason in `refusal`.
    const refusal = typeof message["refusal"] === "string" ? ` (refusal: ${message["refusal"]})` : "";
    throw new LlmError(`openai: malformed response: choices[0].message.content is not a string${refusal}`);
  }
  const usage = isRecord(body["usage"]) ? usageOf(body["usage"]) : undefined;
  const finish = isRecord(choice) ? finishReason(choice["finish_reason"]) : undefined;
  return {
    content,
    ...(usage !== undefined ? { usage } : {}),
    ...(finish !== undefined ? { finishReason: finish } : {}),
    ...(typeof body["model"] === "string" ? { model: body["model"] } : {}),
    provider: "openai",
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
  };
}

function toolCallsOf(raw: unknown): LlmToolCall[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((c: unknown, i) => {
    const fn = isRecord(c) ? c["function"] : undefined;
    const args = isRecord(fn) ? fn["arguments"] : undefined;
    return toolCall(i, isRecord(c) ? c["id"] : undefined, isRecord(fn) ? fn["name"] : undefined, args);
  });
}

/** One tool call; a call without a function name is malformed. */
function toolCall(i: number, id: unknown, name: unknown, args: unknown): LlmToolCall {
  if (typeof name !== "string") throw new LlmError(`openai: malformed response: tool_calls[${i}] has no function name`);
  return {
    id: typeof id === "string" ? id : `call_${i}`,
    name,
    arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}),
  };
}

const FINISH: Readonly<Record<string, FinishReason>> = table({
  stop: "stop",
  length: "length",
  tool_calls: "tool_calls",
  function_call: "tool_calls",
  content_filter: "content_filter",
});

function finishReason(raw: unknown): FinishReason | undefined {
  if (typeof raw !== "string") return undefined;
  return FINISH[raw] ?? "other";
}

/**
 * `prompt_tokens` (cached ones included, as LlmUsage counts them), `completion_tokens`,
 * and `prompt_tokens_details.cached_tokens`: the part of the prompt read from the cache.
 */
function usageOf(u: Record<string, unknown>): LlmUsage | undefined {
  const out: { inputTokens?: number; outputTokens?: number; cachedInputTokens?: number } = {};
  if (isCount(u["prompt_tokens"])) out.inputTokens = u["prompt_tokens"];
  if (isCount(u["completion_tokens"])) out.outputTokens = u["completion_tokens"];
  const details = u["prompt_tokens_details"];
  if (isRecord(details) && isCount(details["cached_tokens"])) out.cachedInputTokens = details["cached_tokens"];
  return Object.keys(out).length === 0 ? undefined : out;
}

function isCount(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

// ---------------------------------------------------------------------------
// Streaming

/**
 * Reads a streamed completion: `chat.completion.chunk` events whose `choices[0].delta`
 * carries pieces of the text (handed to `onText`) and of tool calls (by `index`, the
 * arguments in pieces), the finish reason in the last choice chunk, the usage in a final
 * chunk without choices (`stream_options.include_usage`), then `[DONE]`. The reply is the
 * one the same answer unstreamed would give.
 */
function streamReader(onText: (delta: string) => void): { event: (e: SseEvent) => void; reply: () => LlmReply } {
  let content = "";
  let refusal = "";
  let model: string | undefined;
  let usage: LlmUsage | undefined;
  let finish: FinishReason | undefined;
  let done = false;
  const calls: { id?: unknown; name?: unknown; args: string }[] = [];

  const event = (e: SseEvent): void => {
    if (e.data === "[DONE]") {
      done = true;
      return;
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(e.data);
    } catch {
      throw new LlmError(`openai: malformed stream: an event is not JSON: ${e.data.slice(0, 200)}`);
    }
    if (!isRecord(chunk)) throw new LlmError("openai: malformed stream: an event is not a JSON object");
    // A server that fails mid-stream says so in an event of its own.
    const error = chunk["error"];
    if (error !== undefined && error !== null) {
      const message =
        isRecord(error) && typeof error["message"] === "string" ? error["message"] : JSON.stringify(error);
      throw new LlmError(`openai: the stream failed: ${message.slice(0, 300)}`);
    }
    if (typeof chunk["model"] === "string") model = chunk["model"];
    if (isRecord(chunk["usage"])) usage = usageOf(chunk["usage"]);
    const choices = chunk["choices"];
    const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
    if (!isRecord(choice)) return;
    const reason = finishReason(choice["finish_reason"]);
    if (reason !== undefined) finish = reason;
    const delta = choice["delta"];
    if (!isRecord(delta)) return;
    if (typeof delta["content"] === "string" && delta["content"] !== "") {
      content += delta["content"];
      onText(delta["content"]);
    }
    if (typeof delta["refusal"] === "string") refusal += delta["refusal"];
    if (Array.isArray(delta["tool_calls"])) {
      for (const piece of delta["tool_calls"] as unknown[]) {
        if (!isRecord(piece)) continue;
        const index = piece["index"];
        // The index says which call a piece continues; a hostile one must not grow the list unbounded.
        const i =
          typeof index === "number" && Number.isInteger(index) && index >= 0 && index <= calls.length
            ? index
            : calls.length;
        const call = (calls[i] ??= { args: "" });
        if (piece["id"] !== undefined) call.id = piece["id"];
        const fn = piece["function"];
        if (isRecord(fn)) {
          if (typeof fn["name"] === "string") call.name = fn["name"];
          if (typeof fn["arguments"] === "string") call.args += fn["arguments"];
        }
      }
    }
  };

  const reply = (): LlmReply => {
    // [DONE] ends every complete stream; a finish reason at least ends the reply itself.
    if (!done && finish === undefined) {
      throw new LlmError("openai: the stream ended before the reply was complete (no finish_reason, no [DONE])");
    }
    const toolCalls = calls.map((c, i) => toolCall(i, c.id, c.name, c.args));
    if (content === "" && toolCalls.length === 0 && refusal !== "") {
      throw new LlmError(
        `openai: malformed response: choices[0].message.content is not a string (refusal: ${refusal})`,
      );
    }
    return {
      content,
      ...(usage !== undefined ? { usage } : {}),
      ...(finish !== undefined ? { finishReason: finish } : {}),
      ...(model !== undefined ? { model } : {}),
      provider: "openai",
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
    };
  };
  return { event, reply };
}
