/**
 * The model call of a queued run, wrapped: it waits for a slot of its provider's shared
 * limits (reporting the wait as progress), tells everyone sharing the limiter to back off
 * when the provider answers 429, and refuses to start a new top-level turn once the
 * worker is closing. The loop calls it as any model; it knows nothing of queues.
 */
import { abortableSleep } from "../llm/http.js";
import {
  isTextStream,
  LlmError,
  normalizeReply,
  type Llm,
  type LlmReply,
  type LlmRequest,
  type LlmRetry,
} from "../llm/types.js";
import { MAX_POLL_MS, RENEW_MS, type Limiter, type ProviderLimits } from "./limiter.js";

/** The worker is closing: the run stops before its next turn and goes on elsewhere from its journal. */
export class DrainError extends LlmError {
  constructor() {
    super("the worker is closing: the run stops before its next turn and resumes from its journal elsewhere");
    this.name = "DrainError";
  }
}

/** The cooldown after a 429 whose answer said nothing of when to come back. */
export const DEFAULT_COOLDOWN_MS = 1000;

export interface LimitedLlmOptions {
  /** The provider key of this model (`openai:gpt-4o-mini`); undefined: unknown. */
  readonly key: string | undefined;
  /** The limits of the key; undefined: the model is not limited. */
  readonly limits: ProviderLimits | undefined;
  readonly limiter: Limiter;
  /** Called once per request that has to wait for a slot. */
  readonly onWait?: (request: LlmRequest, key: string) => void;
  /** True once the worker closes: no new top-level turn starts. */
  readonly draining?: () => boolean;
}

/** `inner` under the limits of its provider key. */
export function limitedLlm(inner: Llm, options: LimitedLlmOptions): Llm {
  const { key, limits, limiter } = options;
  const drain = (request: LlmRequest): void => {
    if (request.depth === 0 && options.draining?.() === true) throw new DrainError();
  };
  return async (request) => {
    drain(request);
    if (key === undefined || limits === undefined) return inner(request);
    const estimate = estimateTokens(request);
    let lease: string | null = null;
    for (let told = false; ;) {
      const r = await limiter.acquire(key, limits, estimate);
      if (r.ok) {
        lease = r.lease;
        break;
      }
      if (!told) {
        told = true;
        options.onWait?.(request, key);
      }
      await abortableSleep(Math.min(Math.max(1, r.waitMs), MAX_POLL_MS), request.signal);
      drain(request);
    }
    const renewal =
      lease === null ? undefined : setInterval(() => void limiter.renew(key, lease!).catch(() => undefined), RENEW_MS);
    renewal?.unref?.();
    let used = estimate;
    const release = (): void => {
      if (renewal !== undefined) clearInterval(renewal);
      void limiter.release(key, limits, lease, used - estimate).catch(() => undefined);
    };
    const onRetry = (retry: LlmRetry): void => {
      if (retry.status === 429) void limiter.cooldown(key, retry.retryAfterMs ?? retry.delayMs).catch(() => undefined);
      request.onRetry?.(retry);
    };
    let answer: Awaited<ReturnType<Llm>>;
    try {
      answer = await inner({ ...request, onRetry });
    } catch (e) {
      if (e instanceof LlmError && e.status === 429)
        void limiter.cooldown(key, DEFAULT_COOLDOWN_MS).catch(() => undefined);
      release();
      throw e;
    }
    // A model that streams (a function returning text pieces) holds its slot until the stream ends.
    const streamed: unknown = answer;
    if (isTextStream(streamed)) return releasing(streamed, release) as unknown as LlmReply;
    used = tokensOf(normalizeReply(answer), estimate);
    release();
    return answer;
  };
}

async function* releasing(stream: AsyncIterable<string>, release: () => void): AsyncIterable<string> {
  try {
    yield* stream;
  } finally {
    release();
  }
}

/** A request's input tokens, estimated before it is sent: about four characters a token. */
export function estimateTokens(request: Pick<LlmRequest, "system" | "messages">): number {
  let chars = request.system.length;
  for (const m of request.messages) {
    chars += m.content.length;
    for (const c of m.toolCalls ?? []) chars += c.arguments.length;
  }
  return Math.ceil(chars / 4);
}

/** The tokens a reply says the request used (input and output), or the estimate. */
function tokensOf(reply: LlmReply, estimate: number): number {
  const u = reply.usage;
  if (u?.inputTokens === undefined && u?.outputTokens === undefined) return estimate;
  return (u.inputTokens ?? estimate) + (u.outputTokens ?? 0);
}
