/**
 * The one interface between agents and language models: a function from a request (a
 * system prompt and the conversation so far) to the assistant's reply. Adapters for
 * HTTP APIs, the scripted LLM and user code all implement it.
 */
import type { LanguageModelLike } from "./language-model.js";
import type { LlmRetryOptions } from "./retry.js";

export interface LlmMessage {
  readonly role: "user" | "assistant";
  readonly content: string;
  /** An assistant message's calls of provider tools (the `tool_call` transport). */
  readonly toolCalls?: readonly LlmToolCall[];
  /**
   * A user message that answers a tool call: the id of the call. Adapters send it as the
   * provider's tool result (OpenAI `role: "tool"`, Anthropic `tool_result`).
   */
  readonly toolCallId?: string;
}

/** A call of a provider tool, as the model made it. */
export interface LlmToolCall {
  /** The provider's id for the call, echoed back with its result. */
  readonly id: string;
  readonly name: string;
  /** The arguments as JSON text, as the model wrote them (possibly cut off or invalid). */
  readonly arguments: string;
}

/** A tool offered to the model through the provider's native tool calling. */
export interface LlmTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

export interface LlmRequest {
  /** The system prompt. */
  readonly system: string;
  /** The conversation, oldest first; the last message is the user's. */
  readonly messages: readonly LlmMessage[];
  /** The model the agent asked for (`model` in its definition), if any. */
  readonly model?: string;
  /** The agent making the request (its name, or "agent"). */
  readonly agent: string;
  /** 0 for the top-level agent, +1 for each agent-as-tool level. */
  readonly depth: number;
  /** The turn this request is for, from 1. */
  readonly turn: number;
  /** Aborted when the turn or the mission runs out of time. */
  readonly signal?: AbortSignal;
  /**
   * Provider tools the model may call (the `tool_call` transport offers one, `run_program`).
   * Absent: plain text replies.
   */
  readonly tools?: readonly LlmTool[];
  /**
   * Set when the caller wants the reply as it is written (a stream of the run's events):
   * a model that can stream calls it with each piece of text, then resolves to the whole
   * reply as usual. A model that cannot ignores it.
   */
  readonly onText?: (delta: string) => void;
  /**
   * Called when the model's adapter is about to try again after a transient failure (a
   * 429, a 5xx, a dropped connection), with the wait it chose. A caller that shares a
   * provider's limits between processes (ptcc/queue's limiter) makes every other worker
   * wait out a `Retry-After` too. Adapters that do not retry ignore it.
   */
  readonly onRetry?: (retry: LlmRetry) => void;
  /**
   * The run's retry policy (`llmRetry`), when it sets one: an adapter that retries uses it
   * over its own settings. A model that does not retry is retried by the loop instead.
   */
  readonly retry?: LlmRetryOptions;
}

/** An adapter's retry after a transient failure (`LlmRequest.onRetry`). */
export interface LlmRetry {
  /** The attempt that failed, from 1. */
  readonly attempt: number;
  /** The HTTP status of the failed attempt, when it had one (429: rate limited). */
  readonly status?: number;
  /** What the provider asked for (`Retry-After`), when it did. */
  readonly retryAfterMs?: number;
  /** How long the adapter waits before the next attempt. */
  readonly delayMs: number;
}

/** Token counts, when the model reports them. */
export interface LlmUsage {
  /** All input tokens of the request, cached ones included. */
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** Input tokens read from the provider's prompt cache (part of inputTokens). */
  readonly cachedInputTokens?: number;
  /** Input tokens written to the provider's prompt cache (part of inputTokens). */
  readonly cacheWriteInputTokens?: number;
}

/**
 * Why the model stopped: `length` when the reply was cut off at the output-token limit
 * (OpenAI `finish_reason: "length"`, Anthropic `stop_reason: "max_tokens"`).
 */
export type FinishReason = "stop" | "length" | "tool_calls" | "content_filter" | "error" | "other";

export interface LlmReply {
  readonly content: string;
  readonly usage?: LlmUsage;
  /** Why the model stopped, when the adapter knows. */
  readonly finishReason?: FinishReason;
  /** The model that answered, as the provider names it (`gpt-4o-2024-08-06`). */
  readonly model?: string;
  /** The provider that answered (`openai`, `anthropic`, an AI SDK provider id). */
  readonly provider?: string;
  /** Calls of the request's `tools` the model made, in order. */
  readonly toolCalls?: readonly LlmToolCall[];
}

/** A language model. A plain string reply is the same as `{ content }`. */
export type Llm = (request: LlmRequest) => Promise<string | LlmReply>;

/**
 * A model written as a function that streams its reply: an async iterable of text pieces
 * (an `async function*`). The run collects the pieces into the reply (and streams them).
 */
export type StreamingLlm = (request: LlmRequest) => AsyncIterable<string> | Promise<AsyncIterable<string>>;

/** Whether a model's answer is a stream of text pieces. */
export function isTextStream(x: unknown): x is AsyncIterable<string> {
  return typeof x === "object" && x !== null && typeof (x as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";
}

/**
 * Named models an agent (or a child agent, by its `model`) can select: `Llm` functions or
 * AI SDK model objects.
 */
export type LlmRegistry = Readonly<Record<string, Llm | LanguageModelLike>>;

/**
 * A failure talking to a model: after retries, on 401/403, a malformed answer, a
 * scripted LLM that ran out of replies. `status` is the HTTP status when there was one.
 */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

/** A reply in its object form. */
export function normalizeReply(r: string | LlmReply): LlmReply {
  return typeof r === "string" ? { content: r } : r;
}
