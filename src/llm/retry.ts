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
import { abortableSleep, backoffDelay, tellRetry, type Sleep } from "./http.js";
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
      return `unknown key ${key} (llmRetry takes ${LLM_RETRY_KEYS.join(", ")})`;
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

const TRANSIENT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EAI_AGAIN", "UND_ERR_SOCKET"]);

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
 * Runs `attempt` until it succeeds, throws an error not worth another try, or the
 * attempts are used up (the last error is thrown). A wait ends early when the signal
 * aborts: the error that caused it is thrown then.
 */
export async function withLlmRetry<T>(run: RetryRun, attempt: () => Promise<T>): Promise<T> {
  const { policy, signal } = run;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (n >= policy.maxAttempts || signal?.aborted === true || !isRetryable(e)) throw e;
      const delayMs = backoffDelay(n - 1, policy.baseDelayMs, policy.maxDelayMs, run.random ?? Math.random);
      const status = field(e, "status") ?? field(e, "statusCode");
      tellRetry(run.onRetry, { attempt: n, ...(typeof status === "number" ? { status } : {}), delayMs });
      try {
        await (run.sleep ?? abortableSleep)(delayMs, signal);
      } catch {
        throw e;
      }
    }
  }
}
