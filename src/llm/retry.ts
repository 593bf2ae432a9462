/**
 * One retry policy for every model: `llmRetry` on a run or a definition. The HTTP
 * adapters (openAiLlm, anthropicLlm, AI SDK model objects) apply it to their own requests
 * (they know statuses and `Retry-After`); the agent loop applies it around every other
 * model — a plain function included — judging the error the function threw.
 *
 * An error is worth another try when it says so (`retryable: true`), when its `status`
 * (or `statusCode`) is 408, 409, 429 or 5xx, or when it is a network failure
 * (`ECONNRESET`, `ETIMEDOUT`, `fetch failed`, ...). Anything else fails at once.
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import type { LlmRetry } from "./types.js";

/** How failed model requests are retried (docs/agents.md, "Retries"). */
export interface LlmRetryOptions {
  /** Attempts in all, the first included (default 4; 1: no retry). */
  readonly maxAttempts?: number;
  /** The first wait; it doubles on each retry, with jitter (default 500). */
  readonly baseDelayMs?: number;
  /** The longest wait (default 8000). */
  readonly maxDelayMs?: number;
}

/** The policy with its defaults filled in. */
export interface LlmRetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_LLM_RETRY: LlmRetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8000 };

export const LLM_RETRY_KEYS = ["maxAttempts", "baseDelayMs", "maxDelayMs"] as const;

/** What is wrong with an `llmRetry` value as given (null: nothing). */
export function llmRetryProblem(v: unknown): string | null {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return `expected { maxAttempts?, baseDelayMs?, maxDelayMs? }, got ${typeof v === "object" ? JSON.stringify(v) : String(v)}`;
  for (const [key, x] of Object.entries(v)) {
    if (!(LLM_RETRY_KEYS as readonly string[]).includes(key))
      return `unknown key ${key} (${didYouMean(closest(key, LLM_RETRY_KEYS)) ?? `llmRetry takes ${LLM_RETRY_KEYS.join(", ")}`})`;
    if (x === undefined) continue;
    const min = key === "maxAttempts" ? 1 : 0;
    if (typeof x !== "number" || !Number.isInteger(x) || x < min || x > 2_147_483_647) {
      return `${key} must be an integer of at least ${min}, got ${JSON.stringify(x) ?? String(x)}`;
    }
  }
  return null;
}

/** The policy of a run: the run's option over the definition's over the defaults. */
export function retryPolicy(...given: readonly (LlmRetryOptions | undefined)[]): LlmRetryPolicy {
  const out: { -readonly [K in keyof LlmRetryPolicy]: number } = { ...DEFAULT_LLM_RETRY };
  for (const g of given) {
    if (g === undefined) continue;
    for (const key of LLM_RETRY_KEYS) if (g[key] !== undefined) out[key] = g[key];
  }
  return out;
}

/** Errors whose retries an adapter has already decided (it gave up, or the error is final). */
const settled = new WeakSet<object>();

/** Mark an adapter's error as decided: the loop does not retry it again. */
export function settledError<E extends object>(e: E): E {
  settled.add(e);
  return e;
}

/** Error codes of connections that failed in a way worth another try (every adapter's list). */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

function field(e: unknown, key: string): unknown {
  return typeof e === "object" && e !== null ? (e as Record<string, unknown>)[key] : undefined;
}

/** Whether a model's thrown error is worth another try; the HTTP status it carries, if any. */
export function isRetryable(e: unknown): boolean {
  if (typeof e === "object" && e !== null && settled.has(e)) return false;
  const flag = field(e, "retryable") ?? field(e, "isRetryable");
  if (typeof flag === "boolean") return flag;
  const status = field(e, "status") ?? field(e, "statusCode");
  if (typeof status === "number")
    return status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599);
  // A network failure: the code on the error or on its cause (fetch wraps them in TypeError("fetch failed")).
  for (let x: unknown = e, depth = 0; x !== undefined && x !== null && depth < 4; x = field(x, "cause"), depth++) {
    const code = field(x, "code");
    if (typeof code === "string" && TRANSIENT_CODES.has(code)) return true;
    if (x instanceof Error && x.message === "fetch failed") return true;
  }
  return false;
}

/** Waits `ms`; should reject when `signal` aborts. Injected by tests so retries do not wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The default `Sleep`: a timer that rejects with the signal's reason when it aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Tells the caller of a retry; a callback that throws does not change the request. */
export function tellRetry(onRetry: ((retry: LlmRetry) => void) | undefined, retry: LlmRetry): void {
  try {
    onRetry?.(retry);
  } catch {
    // The caller's bookkeeping failed: the retry goes on as it would without it.
  }
}

/** Exponential backoff with "equal jitter": between half and all of `base * 2^attempt`, capped. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

// ---------------------------------------------------------------------------------------
// The retry loop every model's requests go through

/** What one attempt came to: a value, or a failure worth another try. */
export type AttemptOutcome<T> =
  | { readonly kind: "done"; readonly value: T }
  | {
      readonly kind: "retry";
      readonly reason: string;
      readonly status?: number;
      /** What the provider asked for (`Retry-After`). */
      readonly retryAfterMs?: number;
      /** The error the attempt threw, when it threw one. */
      readonly error?: unknown;
    };

/** How a retry loop waits and when it stops. */
export interface RetrySchedule {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** The longest wait a `Retry-After` may ask for (default: no cap). */
  readonly maxRetryAfterMs?: number;
  /** Ends the loop, and any wait, when it aborts. */
  readonly signal?: AbortSignal;
  /** Told of each retry before its wait. */
  readonly onRetry?: (retry: LlmRetry) => void;
  /** How to wait (tests); default a timer that ends when the signal aborts. */
  readonly sleep?: Sleep;
  /** A number in [0, 1) for jitter (default `Math.random`). */
  readonly random?: () => number;
}

/** The errors a retry loop ends with, made by its caller (each adapter words its own). */
export interface RetryEnds {
  /** The signal aborted before an attempt or during a wait; `last` is the failure waited on. */
  readonly cancelled: (last: Extract<AttemptOutcome<unknown>, { kind: "retry" }> | undefined) => unknown;
  /** The last attempt failed too. */
  readonly gaveUp: (last: Extract<AttemptOutcome<unknown>, { kind: "retry" }>, attempts: number) => unknown;
}

/**
 * Tries `attempt` until it is done or the attempts are used up, waiting between tries as
 * long as a `Retry-After` asks (capped), else exponential backoff with equal jitter. An
 * error `attempt` throws ends the loop at once. The one loop behind the HTTP adapters, AI
 * SDK model objects and the agent loop's retries of every other model.
 */
export async function retryLoop<T>(
  schedule: RetrySchedule,
  attempt: (n: number) => Promise<AttemptOutcome<T>>,
  ends: RetryEnds,
): Promise<T> {
  const { signal } = schedule;
  let last: Extract<AttemptOutcome<T>, { kind: "retry" }> | undefined;
  for (let n = 0; ; n++) {
    if (signal?.aborted) throw ends.cancelled(last);
    const outcome = await attempt(n);
    if (outcome.kind === "done") return outcome.value;
    last = outcome;
    const attempts = n + 1;
    if (attempts >= schedule.maxAttempts) throw ends.gaveUp(outcome, attempts);
    const delayMs =
      outcome.retryAfterMs !== undefined
        ? Math.min(outcome.retryAfterMs, schedule.maxRetryAfterMs ?? Infinity)
        : backoffDelay(n, schedule.baseDelayMs, schedule.maxDelayMs, schedule.random ?? Math.random);
    tellRetry(schedule.onRetry, {
      attempt: attempts,
      ...(outcome.status !== undefined ? { status: outcome.status } : {}),
      ...(outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {}),
      delayMs,
    });
    try {
      await (schedule.sleep ?? abortableSleep)(delayMs, signal);
    } catch (error) {
      if (signal?.aborted) throw ends.cancelled(last);
      throw error;
    }
  }
}

export interface RetryRun {
  readonly policy: LlmRetryPolicy;
  readonly signal?: AbortSignal;
  /** Told of each retry before its wait. */
  readonly onRetry?: (retry: LlmRetry) => void;
  /** How to wait (tests); default a timer that ends when the signal aborts. */
  readonly sleep?: Sleep;
  readonly random?: () => number;
}

/**
 * Runs a model call until it succeeds, throws an error not worth another try, or the
 * attempts are used up (the last error is thrown). A wait ends early when the signal
 * aborts: the error that caused it is thrown then.
 */
export async function withLlmRetry<T>(run: RetryRun, call: () => Promise<T>): Promise<T> {
  const { policy, signal } = run;
  return retryLoop<T>(
    {
      ...policy,
      ...(signal !== undefined ? { signal } : {}),
      ...(run.onRetry !== undefined ? { onRetry: run.onRetry } : {}),
      ...(run.sleep !== undefined ? { sleep: run.sleep } : {}),
      ...(run.random !== undefined ? { random: run.random } : {}),
    },
    async () => {
      try {
        return { kind: "done", value: await call() };
      } catch (e) {
        if (signal?.aborted === true || !isRetryable(e)) throw e;
        const status = field(e, "status") ?? field(e, "statusCode");
        return { kind: "retry", reason: String(e), ...(typeof status === "number" ? { status } : {}), error: e };
      }
    },
    { cancelled: (last) => last?.error ?? new Error("request cancelled"), gaveUp: (last) => last.error },
  );
}
