/**
 * Per-provider limits shared by every run of a worker (and, with a shared limiter, every
 * worker): requests per minute and tokens per minute as token buckets, a number of
 * requests at once as a semaphore of leases, and a cooldown that a 429 with `Retry-After`
 * sets for everyone. The limiter is asked around each model call (limited-llm.ts); the
 * agent loop knows nothing of it.
 *
 * `memoryLimiter()` keeps the state in this process (the in-process backend's default);
 * `redisLimiter(connection)` of ptcc/bullmq keeps it in Redis, for workers on many machines.
 */
import { QueueError } from "./errors.js";

/** The limits of one provider key (`openai:gpt-4o-mini`). Each is optional. */
export interface ProviderLimits {
  /** Requests per minute. */
  readonly rpm?: number;
  /** Tokens per minute (input and output; a request's input is estimated before it is sent). */
  readonly tpm?: number;
  /** Requests under way at once. */
  readonly concurrency?: number;
}

/** A slot, or how long to wait before asking again (and why). */
export type Acquired =
  | { readonly ok: true; readonly lease: string | null }
  | { readonly ok: false; readonly waitMs: number; readonly why: "cooldown" | "rpm" | "tpm" | "concurrency" };

export interface Limiter {
  /** Take a request slot under `limits` for a request of about `tokens` tokens. */
  acquire(key: string, limits: ProviderLimits, tokens: number): Promise<Acquired>;
  /** Give the concurrency lease back; `tokenCorrection` (real minus estimated tokens) settles the token bucket. */
  release(key: string, limits: ProviderLimits, lease: string | null, tokenCorrection: number): Promise<void>;
  /** Keep a lease of a request still under way (leases of a crashed worker run out). */
  renew(key: string, lease: string): Promise<void>;
  /** No request on `key` starts in the next `ms` milliseconds, in any worker sharing the limiter. */
  cooldown(key: string, ms: number): Promise<void>;
  close?(): Promise<void>;
}

/** How long a concurrency lease lasts unless renewed: a crashed worker's slots free themselves. */
export const LEASE_MS = 60_000;
/** How often a request under way renews its lease. */
export const RENEW_MS = 20_000;
/** The longest wait between two asks for a slot. */
export const MAX_POLL_MS = 1000;
/** The wait before asking again for a concurrency slot. */
export const SEMAPHORE_POLL_MS = 20;

/** The problem with a `providers` option, or null. */
export function providersProblem(providers: unknown): string | null {
  if (providers === undefined) return null;
  if (typeof providers !== "object" || providers === null || Array.isArray(providers)) {
    return 'providers: expected an object of limits by provider key, e.g. { "openai:gpt-4o-mini": { rpm: 500 } }';
  }
  for (const [key, limits] of Object.entries(providers)) {
    if (typeof limits !== "object" || limits === null || Array.isArray(limits)) {
      return `providers[${JSON.stringify(key)}]: expected { rpm?, tpm?, concurrency? }`;
    }
    for (const [name, v] of Object.entries(limits)) {
      if (!["rpm", "tpm", "concurrency"].includes(name)) {
        return `providers[${JSON.stringify(key)}]: unknown limit ${name} (the limits are rpm, tpm and concurrency)`;
      }
      if (
        v !== undefined &&
        (typeof v !== "number" || !Number.isFinite(v) || v <= 0 || (name === "concurrency" && !Number.isInteger(v)))
      ) {
        return `providers[${JSON.stringify(key)}].${name}: expected a positive ${name === "concurrency" ? "integer" : "number"}, got ${JSON.stringify(v)}`;
      }
    }
  }
  return null;
}

/** Checks `providers`, throwing a QueueError of kind `options`. */
export function checkProviders(providers: unknown): void {
  const problem = providersProblem(providers);
  if (problem !== null) throw new QueueError("options", problem);
}

/** A token bucket at `now`: full at first, refilled at `perMinute / 60000` a millisecond. */
export interface Bucket {
  level: number;
  at: number;
}

export function refill(b: Bucket, perMinute: number, now: number): void {
  b.level = Math.min(perMinute, b.level + ((now - b.at) * perMinute) / 60_000);
  b.at = now;
}

/** Milliseconds until `b` holds `need` (0 when it does). */
export function waitFor(b: Bucket, need: number, perMinute: number): number {
  return b.level >= need ? 0 : Math.ceil(((need - b.level) * 60_000) / perMinute);
}

interface KeyState {
  requests: Bucket | null;
  tokens: Bucket | null;
  leases: Map<string, number>;
  cooldownUntil: number;
}

/** A limiter whose state lives in this process: for the in-process backend, and tests. */
export function memoryLimiter(options: { readonly now?: () => number } = {}): Limiter {
  const now = options.now ?? Date.now;
  const keys = new Map<string, KeyState>();
  let leaseSeq = 0;
  const stateOf = (key: string, limits: ProviderLimits, t: number): KeyState => {
    let s = keys.get(key);
    if (s === undefined) {
      s = { requests: null, tokens: null, leases: new Map(), cooldownUntil: 0 };
      keys.set(key, s);
    }
    if (limits.rpm !== undefined) s.requests ??= { level: limits.rpm, at: t };
    if (limits.tpm !== undefined) s.tokens ??= { level: limits.tpm, at: t };
    return s;
  };
  return {
    acquire: async (key, limits, tokens) => {
      const t = now();
      const s = stateOf(key, limits, t);
      if (s.cooldownUntil > t) return { ok: false, waitMs: s.cooldownUntil - t, why: "cooldown" };
      for (const [lease, until] of s.leases) if (until <= t) s.leases.delete(lease);
      if (limits.concurrency !== undefined && s.leases.size >= limits.concurrency) {
        return { ok: false, waitMs: SEMAPHORE_POLL_MS, why: "concurrency" };
      }
      const need = limits.tpm !== undefined ? Math.min(Math.max(0, tokens), limits.tpm) : 0;
      if (s.requests !== null && limits.rpm !== undefined) {
        refill(s.requests, limits.rpm, t);
        const w = waitFor(s.requests, 1, limits.rpm);
        if (w > 0) return { ok: false, waitMs: w, why: "rpm" };
      }
      if (s.tokens !== null && limits.tpm !== undefined) {
        refill(s.tokens, limits.tpm, t);
        const w = waitFor(s.tokens, need, limits.tpm);
        if (w > 0) return { ok: false, waitMs: w, why: "tpm" };
      }
      if (s.requests !== null) s.requests.level -= 1;
      if (s.tokens !== null) s.tokens.level -= need;
      if (limits.concurrency === undefined) return { ok: true, lease: null };
      const lease = `l${++leaseSeq}`;
      s.leases.set(lease, t + LEASE_MS);
      return { ok: true, lease };
    },
    release: async (key, limits, lease, tokenCorrection) => {
      const s = keys.get(key);
      if (s === undefined) return;
      if (lease !== null) s.leases.delete(lease);
      // A request that used more tokens than estimated leaves the bucket in debt (below 0).
      if (s.tokens !== null && limits.tpm !== undefined && tokenCorrection !== 0) {
        refill(s.tokens, limits.tpm, now());
        s.tokens.level -= tokenCorrection;
      }
    },
    renew: async (key, lease) => {
      const s = keys.get(key);
      if (s?.leases.has(lease)) s.leases.set(lease, now() + LEASE_MS);
    },
    cooldown: async (key, ms) => {
      const s = keys.get(key) ?? { requests: null, tokens: null, leases: new Map(), cooldownUntil: 0 };
      keys.set(key, s);
      s.cooldownUntil = Math.max(s.cooldownUntil, now() + ms);
    },
  };
}
