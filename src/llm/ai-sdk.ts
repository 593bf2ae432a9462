/**
 * Any AI SDK language model object as an `Llm`:
 *
 *   request → standardized prompt (system, user/assistant text parts) → doGenerate with
 *   the abort signal and the output-token limit, retried → text, usage, finish reason
 *
 * When the run streams (the request has `onText`) and the model has `doStream`, the
 * stream's text deltas are handed on as they come and the reply is gathered from its
 * parts; only the `doStream` call itself is retried, never a stream already started.
 *
 * Model objects do not retry (the AI SDK's `generateText` does, and ptcc does not use
 * it), so the retry policy of ptcc's own HTTP adapters applies here too: an error the
 * provider marks retryable (`APICallError.isRetryable`), or a status of 408, 429 or 5xx,
 * or a dropped connection is tried again with backoff (honouring `Retry-After`); 401/403
 * and other errors fail at once.
 */
import { table } from "../runtime/table.js";
import { parseRetryAfter, type Sleep } from "./http.js";
import { withLlmInfo } from "./info.js";
import {
  LANGUAGE_MODEL_VERSIONS,
  type LanguageModelStreamReader,
  type JsonObject,
  type LanguageModelLike,
  type LanguageModelMessage,
  type LanguageModelResult,
  type LanguageModelTokenCounts,
} from "./language-model.js";
import {
  LlmError,
  type FinishReason,
  type Llm,
  type LlmReply,
  type LlmRequest,
  type LlmUsage,
  type StreamingLlm,
} from "./types.js";
import { isRecord } from "./wire.js";
import { isRetryable, retryLoop, settledError, TRANSIENT_CODES } from "./retry.js";

export interface AiSdkLlmOptions {
  /** The output-token limit of each request (default 4096). */
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  /** Passed through to the provider (`{ openai: { reasoningEffort: "low" } }`). */
  readonly providerOptions?: Record<string, JsonObject>;
  /** Retries after the first attempt (default 3). */
  readonly maxRetries?: number;
  /** The first backoff delay; it doubles on each retry (default 500). */
  readonly baseDelayMs?: number;
  /** The longest backoff delay (default 8000). */
  readonly maxDelayMs?: number;
  /** The longest wait a `Retry-After` header can ask for (default 60000). */
  readonly maxRetryAfterMs?: number;
  /** How to wait between attempts; tests inject one that does not wait. */
  readonly sleep?: Sleep;
  /** A number in [0, 1) for jitter (default `Math.random`). */
  readonly random?: () => number;
}

/** An `Llm` or an AI SDK model object: what `llm` options accept. */
export type LlmLike = Llm | StreamingLlm | LanguageModelLike;

export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;
const MESSAGE_LIMIT = 300;

/** True for an AI SDK language model object of a version ptcc can call. */
export function isLanguageModel(x: unknown): x is LanguageModelLike {
  return (
    isRecord(x) &&
    (LANGUAGE_MODEL_VERSIONS as readonly unknown[]).includes(x["specificationVersion"]) &&
    typeof x["doGenerate"] === "function"
  );
}

/** An `Llm` as it is, a model object wrapped by `aiSdkLlm`. */
export function toLlm(x: LlmLike): Llm {
  // A streaming function's pieces are collected by the run (it calls every model the same way).
  if (typeof x === "function") return x as Llm;
  if (isLanguageModel(x)) return aiSdkLlm(x);
  const version = isRecord(x) ? x["specificationVersion"] : undefined;
  throw new LlmError(
    typeof version === "string"
      ? `an AI SDK model of specificationVersion ${JSON.stringify(version)} is not supported (ptcc calls v2, v3 and v4)`
      : "the model is neither a function nor an AI SDK language model object",
  );
}

/**
 * An `Llm` over an AI SDK model object (`openai("gpt-4o")` of `@ai-sdk/openai`). The
 * reply names the model that answered (`response.modelId`, else the model's id) and the
 * provider (the model's provider id, `openai.responses`).
 */
export function aiSdkLlm(
  model: LanguageModelLike,
  options: AiSdkLlmOptions = {},
): (request: LlmRequest) => Promise<LlmReply> {
  const label = model.provider;
  const llm = async (request: LlmRequest): Promise<LlmReply> => {
    const callOptions = {
      prompt: promptOf(request),
      maxOutputTokens: options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      ...(options.providerOptions !== undefined ? { providerOptions: options.providerOptions } : {}),
      ...(request.signal !== undefined ? { abortSignal: request.signal } : {}),
    };
    if (request.onText !== undefined && typeof model.doStream === "function") {
      const doStream = model.doStream.bind(model);
      const result = await withRetries(label, request, options, () => doStream(callOptions));
      return streamedReply(model, result, request.onText, request.signal);
    }
    const result = await withRetries(label, request, options, () => model.doGenerate(callOptions));
    return replyOf(model, result);
  };
  return withLlmInfo(llm, { provider: model.provider, model: model.modelId });
}

/** The system prompt, then the conversation as text parts. */
function promptOf(request: LlmRequest): LanguageModelMessage[] {
  const system: LanguageModelMessage[] = request.system === "" ? [] : [{ role: "system", content: request.system }];
  return [
    ...system,
    ...request.messages.map((m) => ({ role: m.role, content: [{ type: "text" as const, text: m.content }] })),
  ];
}

// ---------------------------------------------------------------------------
// The reply

function replyOf(model: LanguageModelLike, result: unknown): LlmReply {
  if (!isRecord(result) || !Array.isArray(result["content"])) {
    throw new LlmError(`${model.provider}: malformed result of doGenerate: expected {content: [...]}`);
  }
  const r = result as unknown as LanguageModelResult;
  // Text parts in order; reasoning, tool calls and files are not part of the answer.
  const content = r.content
    .filter((p) => isRecord(p) && p.type === "text" && typeof p.text === "string")
    .map((p) => p.text)
    .join("");
  const usage = usageOf(r.usage);
  const finishReason = finishReasonOf(r.finishReason);
  const answered = isRecord(r.response) && typeof r.response.modelId === "string" ? r.response.modelId : undefined;
  return {
    content,
    ...(usage !== undefined ? { usage } : {}),
    ...(finishReason !== undefined ? { finishReason } : {}),
    model: answered ?? model.modelId,
    provider: model.provider,
  };
}

/**
 * The reply of a `doStream` stream: `text-delta` parts (v2, v3 and v4 all name the piece
 * `delta`) joined and handed to `onText`, the answering model from `response-metadata`,
 * usage and finish reason from `finish`, which a complete stream ends with. An `error`
 * part, a read that fails or a stream without `finish` is an LlmError; an abort cancels
 * the stream at once.
 */
async function streamedReply(
  model: LanguageModelLike,
  result: unknown,
  onText: (delta: string) => void,
  signal: AbortSignal | undefined,
): Promise<LlmReply> {
  const label = model.provider;
  const stream = isRecord(result) ? result["stream"] : undefined;
  if (!isRecord(stream) || typeof stream["getReader"] !== "function") {
    throw new LlmError(`${label}: malformed result of doStream: expected {stream: ReadableStream}`);
  }
  const reader = (stream as unknown as { getReader(): LanguageModelStreamReader }).getReader();
  let ended = false;
  const close = (): void => {
    if (ended) return;
    ended = true;
    // Cancelling tells the provider to drop its connection; its own error is of no interest.
    Promise.resolve()
      .then(() => reader.cancel())
      .catch(() => undefined);
  };
  signal?.addEventListener("abort", close, { once: true });
  let content = "";
  let answered: string | undefined;
  let finish: { usage: LlmUsage | undefined; reason: FinishReason | undefined } | undefined;
  try {
    for (;;) {
      let next: { readonly done: boolean; readonly value?: unknown };
      try {
        next = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw new LlmError(`${label}: request cancelled`);
        throw new LlmError(`${label}: the stream broke off: ${messageOf(error)}`);
      }
      if (signal?.aborted) throw new LlmError(`${label}: request cancelled`);
      if (next.done) break;
      const part = next.value;
      if (!isRecord(part)) continue;
      switch (part["type"]) {
        case "text-delta": {
          const delta = part["delta"];
          if (typeof delta === "string" && delta !== "") {
            content += delta;
            onText(delta);
          }
          break;
        }
        case "response-metadata":
          if (typeof part["modelId"] === "string") answered = part["modelId"];
          break;
        case "finish":
          finish = { usage: usageOf(part["usage"]), reason: finishReasonOf(part["finishReason"]) };
          break;
        case "error":
          throw new LlmError(`${label}: the stream failed: ${messageOf(part["error"])}`);
        default:
          break;
      }
    }
    ended = true;
  } finally {
    signal?.removeEventListener("abort", close);
    close();
  }
  if (finish === undefined) throw new LlmError(`${label}: the stream ended before its finish part`);
  return {
    content,
    ...(finish.usage !== undefined ? { usage: finish.usage } : {}),
    ...(finish.reason !== undefined ? { finishReason: finish.reason } : {}),
    model: answered ?? model.modelId,
    provider: model.provider,
  };
}

/** V2 numbers or V3/V4 count objects, as `LlmUsage`; undefined when nothing is reported. */
export function usageOf(usage: LanguageModelResult["usage"] | unknown): LlmUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const input = usage["inputTokens"];
  const output = usage["outputTokens"];
  const out: { -readonly [K in keyof LlmUsage]: LlmUsage[K] } = {};
  const total = (x: unknown): number | undefined => (isCount(x) ? x : isRecord(x) ? count(x, "total") : undefined);
  const inputTokens = total(input);
  const outputTokens = total(output);
  if (inputTokens !== undefined) out.inputTokens = inputTokens;
  if (outputTokens !== undefined) out.outputTokens = outputTokens;
  const cacheRead = isRecord(input) ? count(input, "cacheRead") : undefined;
  const cached = cacheRead ?? (isCount(usage["cachedInputTokens"]) ? usage["cachedInputTokens"] : undefined);
  if (cached !== undefined) out.cachedInputTokens = cached;
  const cacheWrite = isRecord(input) ? count(input, "cacheWrite") : undefined;
  if (cacheWrite !== undefined) out.cacheWriteInputTokens = cacheWrite;
  return Object.keys(out).length === 0 ? undefined : out;
}

function count(counts: Readonly<Record<string, unknown>> | LanguageModelTokenCounts, key: string): number | undefined {
  const v = (counts as Readonly<Record<string, unknown>>)[key];
  return isCount(v) ? v : undefined;
}

function isCount(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0;
}

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = table({
  stop: "stop",
  length: "length",
  "content-filter": "content_filter",
  "tool-calls": "tool_calls",
  error: "error",
  other: "other",
  unknown: "other",
});

/** V2's string or V3/V4's `{ unified }`, as ptcc's finish reason (`length`: cut off). */
export function finishReasonOf(reason: unknown): FinishReason | undefined {
  const unified = isRecord(reason) ? reason["unified"] : reason;
  return typeof unified === "string" ? (FINISH_REASONS[unified] ?? "other") : undefined;
}

// ---------------------------------------------------------------------------
// Retries

interface Verdict {
  readonly retry: boolean;
  readonly reason: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
}

async function withRetries<T>(
  label: string,
  request: Pick<LlmRequest, "signal" | "onRetry" | "retry">,
  options: AiSdkLlmOptions,
  attempt: () => PromiseLike<T>,
): Promise<T> {
  const signal = request.signal;
  // The run's llmRetry over the adapter's own settings.
  const retry = request.retry;
  const cancelled = (): LlmError => settledError(new LlmError(`${label}: request cancelled`));
  return retryLoop<T>(
    {
      maxAttempts: retry?.maxAttempts ?? (options.maxRetries ?? 3) + 1,
      baseDelayMs: retry?.baseDelayMs ?? options.baseDelayMs ?? 500,
      maxDelayMs: retry?.maxDelayMs ?? options.maxDelayMs ?? 8000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      ...(signal !== undefined ? { signal } : {}),
      ...(request.onRetry !== undefined ? { onRetry: request.onRetry } : {}),
      ...(options.sleep !== undefined ? { sleep: options.sleep } : {}),
      ...(options.random !== undefined ? { random: options.random } : {}),
    },
    async () => {
      let verdict: Verdict;
      try {
        return { kind: "done", value: await attempt() };
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        verdict = classify(error);
      }
      if (!verdict.retry) throw settledError(new LlmError(`${label}: ${verdict.reason}`, verdict.status));
      return { kind: "retry", ...verdict };
    },
    {
      cancelled,
      gaveUp: (last, attempts) =>
        settledError(
          new LlmError(
            `${label}: ${last.reason}; gave up after ${attempts === 1 ? "1 attempt" : `${attempts} attempts`}`,
            last.status,
          ),
        ),
    },
  );
}

/** Network failures worth another try (the codes Node and undici report). */

/**
 * Whether an error of `doGenerate` is worth another try (retry.ts's `isRetryable`:
 * `APICallError` says so itself, other errors are judged by their status code or as a
 * network failure), with the reason said for the model's failure and its Retry-After.
 */
function classify(error: unknown): Verdict {
  const e = isRecord(error) ? error : {};
  const code0 = e["statusCode"] ?? e["status"];
  const status = typeof code0 === "number" ? code0 : undefined;
  const message = messageOf(error);
  const what = status === undefined ? message : `${statusWord(status)} (${status})${message ? `: ${message}` : ""}`;
  if (status === 401 || status === 403) {
    return {
      retry: false,
      reason: `authentication failed (${status}): check the provider's API key${message ? ` (${message})` : ""}`,
      status,
    };
  }
  const retryAfterMs = retryAfterOf(e["responseHeaders"]);
  const base = {
    reason: what,
    ...(status !== undefined ? { status } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
  // Whether to try again is the one policy every model kind shares (retry.ts).
  const retry = isRetryable(error);
  const code = status === undefined ? causeCode(error) : undefined;
  if (retry && code !== undefined && TRANSIENT_CODES.has(code)) return { retry, ...base, reason: `${what} (${code})` };
  return { retry, ...base };
}

function statusWord(status: number): string {
  if (status === 429) return "rate limited";
  if (status >= 500 || status === 408) return "server error";
  return "request failed";
}

function retryAfterOf(headers: unknown): number | undefined {
  if (!isRecord(headers)) return undefined;
  const ms = headers["retry-after-ms"];
  if (typeof ms === "string" && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  const after = headers["retry-after"];
  return typeof after === "string" ? parseRetryAfter(after, Date.now()) : undefined;
}

function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; isRecord(e) && depth < 5; e = e["cause"], depth++) {
    if (typeof e["code"] === "string") return e["code"];
  }
  return undefined;
}

/** The error's message on one line, cut short; an object (a stream's error part) as JSON. */
function messageOf(error: unknown): string {
  const raw =
    error instanceof Error
      ? error.message
      : isRecord(error) && typeof error["message"] === "string"
        ? error["message"]
        : typeof error === "object" && error !== null
          ? safeJson(error)
          : String(error);
  const text = raw.replace(/\s+/g, " ").trim();
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT - 1)}…` : text;
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
