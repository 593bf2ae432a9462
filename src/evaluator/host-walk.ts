/**
 * Walks over values outside an evaluation: the agent loop printing a single turn's answer,
 * checking a return value against the signature, copying values into the trace and the
 * Step, the CLI writing --json. They get what an evaluation gets: a Budget (steps and a
 * deadline) that the walk spends per node, and the watchdog as the second line
 * (preempt.ts), so that a value small in memory and huge as a tree, or nested past what
 * a walk follows, ends in a typed error within its time.
 */
import type { PtcError } from "../diagnostics/error.js";
import { Budget } from "../runtime/budget.js";
import { resolveLimits, type Limits } from "../runtime/limits.js";
import { toPtcError } from "./evaluate.js";
import { PREEMPT_GRACE_MS, preemptible } from "./preempt.js";

export interface HostWalkOptions {
  /** Steps (`maxSteps`) and time (`timeoutMs`) of the walk; the defaults where not given. */
  readonly limits?: Partial<Limits>;
  /** Time of the walk in ms, when not the limits' timeout (what is left of a turn). */
  readonly ms?: number;
  readonly breakOnSigint?: boolean;
}

/**
 * Run `f` with a fresh Budget, under the watchdog. Whatever goes wrong comes out as a
 * PtcError (a limit, a timeout, the host stack running out: `limit`).
 */
export function hostWalk<T>(f: (budget: Budget) => T, opts: HostWalkOptions = {}): T {
  const limits = resolveLimits(opts.limits);
  const ms = Math.max(1, opts.ms ?? limits.timeoutMs);
  const budget = new Budget(limits.maxSteps, ms);
  try {
    return preemptible(() => f(budget), {
      ms: ms + PREEMPT_GRACE_MS,
      ...(opts.breakOnSigint === true ? { breakOnSigint: true } : {}),
    });
  } catch (e) {
    throw toPtcError(e);
  }
}

/** Like hostWalk, but a failure is a value: `{ ok: false, error }`. Never throws. */
export function tryHostWalk<T>(
  f: (budget: Budget) => T,
  opts: HostWalkOptions = {},
): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PtcError } {
  try {
    return { ok: true, value: hostWalk(f, opts) };
  } catch (e) {
    return { ok: false, error: toPtcError(e) };
  }
}
