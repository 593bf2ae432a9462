/**
 * What `enqueue` checks before anything is queued: the options, and that the input can
 * travel (JSON: no functions, no cycles, nothing but plain objects and arrays). The input
 * is checked against the agent's signature by the caller, as a run checks it, so a bad
 * input is refused at `enqueue`, not by a worker later.
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { describeValue } from "../agent/describe-value.js";
import { QueueError } from "./errors.js";
import type { EnqueueOptions } from "./types.js";

const OPTION_KEYS = ["idempotencyKey", "tenant", "priority", "delayMs", "deadlineMs"] as const;
/** BullMQ's range of priorities. */
export const MAX_PRIORITY = 2_097_152;
const MAX_KEY_LENGTH = 512;
const MAX_DELAY_MS = 2_147_483_647;

/** The options as given, checked; throws a QueueError of kind `options`. */
export function checkEnqueueOptions(given: unknown): EnqueueOptions {
  if (given === undefined) return {};
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw new QueueError("options", `the enqueue options must be an object, got ${describeValue(given)}`);
  }
  const o = given as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!(OPTION_KEYS as readonly string[]).includes(key)) {
      throw new QueueError(
        "options",
        `unknown enqueue option ${key}`,
        didYouMean(closest(key, OPTION_KEYS)) ?? `the options are ${OPTION_KEYS.join(", ")}`,
      );
    }
  }
  const key = o["idempotencyKey"];
  if (key !== undefined && (typeof key !== "string" || key === "" || key.length > MAX_KEY_LENGTH)) {
    throw new QueueError(
      "options",
      `idempotencyKey: expected a string of 1 to ${MAX_KEY_LENGTH} characters, got ${describeValue(key)}`,
    );
  }
  const tenant = o["tenant"];
  if (tenant !== undefined && (typeof tenant !== "string" || tenant === "")) {
    throw new QueueError("options", `tenant: expected a non-empty string, got ${describeValue(tenant)}`);
  }
  intOption(o, "priority", 1, MAX_PRIORITY);
  intOption(o, "delayMs", 0, MAX_DELAY_MS);
  intOption(o, "deadlineMs", 1, MAX_DELAY_MS);
  return o as EnqueueOptions;
}

function intOption(o: Record<string, unknown>, name: string, min: number, max: number): void {
  const v = o[name];
  if (v === undefined) return;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new QueueError(
      "options",
      `${name}: expected an integer from ${min} to ${max}, got ${typeof v === "number" ? String(v) : describeValue(v)}`,
    );
  }
}

/**
 * The run id of an idempotency key: the key itself when a queue can use it as a job id,
 * else the key with `%` and `:` percent-encoded and, for a key of digits only (BullMQ
 * takes those for its own numeric ids), the first digit too. Distinct keys give distinct ids.
 */
export function runIdFor(key: string): string {
  const escaped = key.replace(/[%:]/g, (c) => (c === "%" ? "%25" : "%3A"));
  return /^\d+$/.test(escaped) ? `%3${escaped}` : escaped;
}

/** Values walked at most when checking that an input can be queued. */
const MAX_NODES = 1_000_000;
const MAX_DEPTH = 1000;

/**
 * Why `value` cannot be queued as JSON (with the path of the first value that cannot),
 * or null when it can.
 */
export function queueableProblem(value: unknown): string | null {
  let nodes = 0;
  const seen = new Set<object>();
  const walk = (v: unknown, path: string, depth: number): string | null => {
    if (++nodes > MAX_NODES) return `the input has more than ${MAX_NODES} values`;
    if (depth > MAX_DEPTH) return `${path}: nested more than ${MAX_DEPTH} levels deep`;
    if (v === null || typeof v === "string" || typeof v === "boolean") return null;
    if (typeof v === "number") return Number.isFinite(v) ? null : `${path}: ${String(v)} is not a JSON number`;
    if (typeof v !== "object") return `${path}: ${describeValue(v)} cannot be queued (not JSON)`;
    if (seen.has(v)) return `${path}: the value refers to itself`;
    const proto: unknown = Object.getPrototypeOf(v);
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) {
      return `${path}: ${describeValue(v)} cannot be queued (only plain objects, arrays, strings, numbers, booleans and null)`;
    }
    seen.add(v);
    try {
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const p = walk(v[i], `${path}[${i}]`, depth + 1);
          if (p !== null) return p;
        }
        return null;
      }
      for (const [k, x] of Object.entries(v)) {
        if (x === undefined) continue;
        const p = walk(x, path === "" ? k : `${path}.${k}`, depth + 1);
        if (p !== null) return p;
      }
      return null;
    } finally {
      seen.delete(v);
    }
  };
  return walk(value, "", 0);
}
