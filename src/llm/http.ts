/**
 * One JSON POST to a model API, with the retry policy every provider needs.
 *
 * Rate limits (429), server errors (5xx, 408) and dropped connections are usually
 * transient, so they are retried with exponential backoff and jitter, waiting for as long
 * as a `Retry-After` header asks when there is one. Everything else is the caller's
 * mistake and fails at once: retrying a bad key or a bad request only burns time.
 * Every failure is an `LlmError` whose message starts with the provider's name and never
 * contains the API key.
 */
import { LlmError, type LlmRetry } from "./types.js";
import { isRecord } from "./wire.js";
import { retryLoop, settledError, TRANSIENT_CODES, type LlmRetryOptions, type Sleep } from "./retry.js";

// The retry pieces every model shares live in retry.ts; exported here as before.
export { abortableSleep, backoffDelay, tellRetry, type Sleep } from "./retry.js";

export interface HttpOptions {
  /** Retries after the first attempt (default 3, so at most 4 requests). */
  readonly maxRetries?: number;
  /** The first backoff delay; it doubles on each retry (default 500). */
  readonly baseDelayMs?: number;
  /** The longest backoff delay (default 8000). */
  readonly maxDelayMs?: number;
  /** The longest wait a `Retry-After` header can ask for (default 60000). */
  readonly maxRetryAfterMs?: number;
  /**
   * How long one attempt may take, body included (default 120000); a timeout is retried.
   * A streamed answer may take longer: the limit is then the wait for its first byte, and
   * after that the silence between two pieces (a stall is not retried).
   */
  readonly timeoutMs?: number;
  /** Cancels the request and any wait between attempts. */
  readonly signal?: AbortSignal;
  /** How to wait between attempts (default: a timer that stops when the signal aborts). */
  readonly sleep?: Sleep;
  /** A number in [0, 1) for jitter (default `Math.random`); tests fix it. */
  readonly random?: () => number;
  /** The largest response body read (default 16 MiB); a larger one fails without retry. */
  readonly maxResponseBytes?: number;
}

/** What to send, and how to word failures. */
export interface JsonPost {
  /** Prefixes every error message, e.g. "openai". */
  readonly provider: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** The environment variable named in the hint of a 401/403, e.g. "OPENAI_API_KEY". */
  readonly keyEnv: string;
  /** Strings cut out of every error message (the API key), in case an API echoes them. */
  readonly secrets?: readonly string[];
  /** The request's own signal (a turn's deadline), honored with `HttpOptions.signal`. */
  readonly signal?: AbortSignal;
  /** Told of each retry before its wait (`LlmRequest.onRetry`). */
  readonly onRetry?: (retry: LlmRetry) => void;
  /** The run's `llmRetry` (`LlmRequest.retry`): over the adapter's own settings. */
  readonly retry?: LlmRetryOptions;
}

const DEFAULTS = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 120_000,
  maxResponseBytes: 16 * 1024 * 1024,
};

/** The longest part of an API's error message that goes into ours. */
const MESSAGE_LIMIT = 300;

/**
 * POSTs `post.body` as JSON and returns the parsed JSON answer of a 2xx response.
 * Throws `LlmError` on a non-retryable status, after the last retry, when the answer
 * is not JSON, and at once when a signal aborts.
 */
export async function postJson(post: JsonPost, options: HttpOptions = {}): Promise<unknown> {
  return retrying(post, options, (settings, signal, fail) => attemptOnce(post, settings, signal, fail));
}

/** The settings of one attempt, defaults filled in. */
export type AttemptSettings = typeof DEFAULTS;

/** What one attempt came to: an answer, or a failure worth another try. */
export type Outcome<T> =
  | { readonly kind: "done"; readonly body: T }
  | { readonly kind: "retry"; readonly reason: string; readonly status?: number; readonly retryAfterMs?: number };

/** Makes the `LlmError` of a failure: prefixed with the provider, secrets cut out. */
export type Fail = (message: string, status?: number) => LlmError;

/**
 * The retry policy around `attempt`: a "retry" outcome waits (Retry-After, else backoff
 * with jitter) and tries again until `maxRetries`; a thrown error ends at once; an abort
 * of either signal ends with "request cancelled". Shared by JSON and streamed requests.
 */
export async function retrying<T>(
  post: JsonPost,
  options: HttpOptions,
  attempt: (settings: AttemptSettings, signal: AbortSignal | undefined, fail: Fail) => Promise<Outcome<T>>,
): Promise<T> {
  const settings = { ...DEFAULTS, ...definedOnly(options), ...fromRetry(post.retry) };
  const signal = anySignal([post.signal, options.signal]);
  const fail = failer(post);
  return retryLoop(
    {
      maxAttempts: settings.maxRetries + 1,
      baseDelayMs: settings.baseDelayMs,
      maxDelayMs: settings.maxDelayMs,
      maxRetryAfterMs: settings.maxRetryAfterMs,
      ...(signal !== undefined ? { signal } : {}),
      ...(options.sleep !== undefined ? { sleep: options.sleep } : {}),
      ...(options.random !== undefined ? { random: options.random } : {}),
      ...(post.onRetry !== undefined ? { onRetry: post.onRetry } : {}),
    },
    async () => {
      const outcome = await attempt(settings, signal, fail);
      return outcome.kind === "done" ? { kind: "done", value: outcome.body } : outcome;
    },
    {
      cancelled: () => fail(cancelledMessage(signal!)),
      gaveUp: (last, attempts) =>
        fail(`${last.reason}; gave up after ${attempts === 1 ? "1 attempt" : `${attempts} attempts`}`, last.status),
    },
  );
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds (fractions
 * allowed, as some gateways send them) or an HTTP date. Undefined when it is neither.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // HTTP dates always have letters (day and month names); this keeps "-3" from parsing.
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

// ---------------------------------------------------------------------------
// One attempt

/** A whole response, its body as text. */
export interface RawResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly text: string;
}

async function attemptOnce(
  post: JsonPost,
  settings: AttemptSettings,
  signal: AbortSignal | undefined,
  fail: Fail,
): Promise<Outcome<unknown>> {
  const { timeoutMs } = settings;
  // A controller per attempt, so the timeout of one attempt does not cancel the next.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });

  let raw: RawResponse;
  try {
    const response = await fetch(post.url, {
      method: "POST",
      headers: post.headers,
      body: JSON.stringify(post.body),
      signal: controller.signal,
    });
    // The body is read under the same timeout: a server can stall after the headers.
    const text = await readCapped(response, settings.maxResponseBytes);
    if (text === null) {
      throw fail(
        `the response of ${where(post.url)} is larger than ${settings.maxResponseBytes} bytes`,
        response.status,
      );
    }
    raw = { status: response.status, statusText: response.statusText, headers: response.headers, text };
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (signal?.aborted) throw fail(cancelledMessage(signal));
    if (timedOut) return { kind: "retry", reason: `no response from ${where(post.url)} within ${timeoutMs} ms` };
    return networkOutcome(post.url, error, fail);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
  return raw.status >= 200 && raw.status < 300
    ? { kind: "done", body: jsonBody(raw, fail) }
    : errorOutcome(post, raw, fail);
}

/** The JSON of a 2xx response; a body that is not JSON fails. */
export function jsonBody(raw: RawResponse, fail: Fail): unknown {
  try {
    return JSON.parse(raw.text) as unknown;
  } catch {
    throw fail(`the response (${raw.status}) is not JSON: ${cut(oneLine(raw.text)) || "(empty body)"}`, raw.status);
  }
}

/** A response that is not 2xx: retried (429, 408, 5xx) or thrown, with the API's message. */
export function errorOutcome(post: JsonPost, raw: RawResponse, fail: Fail): Outcome<never> {
  const { status } = raw;
  const detail = apiMessage(raw.text) ?? raw.statusText;
  const suffix = detail ? `: ${detail}` : "";
  if (status === 401 || status === 403) {
    const hint = `check ${post.keyEnv}`;
    throw fail(`authentication failed (${status}): ${hint}${detail ? ` (${detail})` : ""}`, status);
  }
  if (status === 429) {
    return { kind: "retry", reason: `rate limited (429)${suffix}`, status, retryAfterMs: retryAfterOf(raw.headers) };
  }
  if (status >= 500 || status === 408) {
    return {
      kind: "retry",
      reason: `server error (${status})${suffix}`,
      status,
      retryAfterMs: retryAfterOf(raw.headers),
    };
  }
  throw fail(`request failed (${status})${suffix}`, status);
}

function retryAfterOf(headers: Headers): number | undefined {
  // OpenAI also sends a millisecond variant, more precise than whole seconds.
  const ms = headers.get("retry-after-ms");
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  return parseRetryAfter(headers.get("retry-after"), Date.now());
}

// ---------------------------------------------------------------------------
// Network errors

/** A request that failed below HTTP: retried when the connection failed in a transient way. */
export function networkOutcome(url: string, error: unknown, fail: Fail): Outcome<never> {
  const code = errorCode(error);
  const reason = `could not reach ${where(url)}${code ? ` (${code})` : ""}`;
  if (code !== undefined && TRANSIENT_CODES.has(code)) return { kind: "retry", reason };
  // Node's fetch wraps every connection failure in `TypeError("fetch failed")`; without
  // a code we know, it is still a network failure, and those are worth another try.
  if (code === undefined && error instanceof TypeError && error.message === "fetch failed") {
    return { kind: "retry", reason };
  }
  if (code !== undefined) throw fail(reason);
  throw fail(`request to ${where(url)} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** The first `code` in an error's chain of causes (undici nests the socket error). */
function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; isRecord(e) && depth < 5; e = e["cause"], depth++) {
    if (typeof e["code"] === "string") return e["code"];
    // Connecting to every address of a host fails with an AggregateError of the attempts.
    const inner = e["errors"];
    if (Array.isArray(inner)) {
      const code = inner.map(errorCode).find((c) => c !== undefined);
      if (code !== undefined) return code;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Messages

/** Builds errors prefixed with the provider and with every secret cut out. */
export function failer(post: JsonPost): Fail {
  // Very short values are not real keys, and cutting them out would garble the message.
  const secrets = (post.secrets ?? []).filter((s) => s.length >= 6);
  return (message, status) => {
    let text = `${post.provider}: ${message}`;
    for (const secret of secrets) text = text.split(secret).join("[redacted]");
    // The adapter decided on retries already: the loop's own retries leave it alone.
    return settledError(new LlmError(text, status));
  };
}

export function cancelledMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  // The default reason ("This operation was aborted") adds nothing; a caller's own does.
  if (reason instanceof Error && reason.name !== "AbortError") return `request cancelled: ${reason.message}`;
  if (typeof reason === "string" && reason !== "") return `request cancelled: ${reason}`;
  return "request cancelled";
}

/**
 * The message of an error body: `{error: {message}}` (OpenAI, Anthropic), `{error: "..."}`
 * `{message}` or `{detail}` (some compatible servers); otherwise the start of the text itself,
 * or nothing for an empty object (the status text then stands in).
 */
function apiMessage(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const line = oneLine(text);
    return line === "" ? undefined : cut(line);
  }
  if (isRecord(body)) {
    const error = body["error"];
    if (isRecord(error) && typeof error["message"] === "string") return cut(oneLine(error["message"]));
    if (typeof error === "string") return cut(oneLine(error));
    if (typeof body["message"] === "string") return cut(oneLine(body["message"]));
    if (typeof body["detail"] === "string") return cut(oneLine(body["detail"]));
    if (Object.keys(body).length === 0) return undefined;
  }
  return cut(oneLine(text));
}

/** The URL without its query (which some gateways use for keys) or credentials. */
export function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return JSON.stringify(url);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function cut(text: string): string {
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT - 1)}…` : text;
}

// ---------------------------------------------------------------------------
// Plumbing

/** A signal that aborts (with its reason) when the first of `signals` does; undefined for none. */
export function anySignal(signals: readonly (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}

/** A run's `llmRetry` as settings of the adapter (attempts in all → retries after the first). */
function fromRetry(retry: LlmRetryOptions | undefined): Partial<typeof DEFAULTS> {
  if (retry === undefined) return {};
  return {
    ...(retry.maxAttempts !== undefined ? { maxRetries: Math.max(0, retry.maxAttempts - 1) } : {}),
    ...(retry.baseDelayMs !== undefined ? { baseDelayMs: retry.baseDelayMs } : {}),
    ...(retry.maxDelayMs !== undefined ? { maxDelayMs: retry.maxDelayMs } : {}),
  };
}

/** The options that are set, so that `undefined` does not override a default. */
function definedOnly(options: HttpOptions): Partial<typeof DEFAULTS> {
  const out: { -readonly [K in keyof typeof DEFAULTS]?: number } = {};
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The body as text, or null when it is longer than `max` bytes (reading stops there). */
export async function readCapped(response: Response, max: number): Promise<string | null> {
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  // TextDecoder, not Buffer: the adapters run in browsers too.
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
