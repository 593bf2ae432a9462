/**
 * A wrapped tool's checks, run inside the evaluation's own stretches.
 *
 * An agent's tools (src/agent/tools.ts) check what a program passes and what the tool
 * answers: walks over data of any size and shape, each under the watchdog
 * (src/evaluator/preempt.ts). Run in stretches of their own, they would cost a watchdog
 * each — more than the rest of a call. So the session runs them in the stretches it runs
 * anyway: a call's arguments are checked in the stretch that made the call (before the
 * tool runs), and its answer in the stretch that goes on with the program (before the
 * program sees it). Only ptcc's own code runs there, never the tool's or a listener's: what
 * tells the host about the call (its trace event) comes after the stretch (`settle`).
 */

import type { ToolCallInfo as CallInfo } from "./session.js";

/** A tool function's check of a call's arguments; the session runs it in the calling stretch. */
export const CHECK_ARGS: unique symbol = Symbol("ptcc.checkArgs");

/** Where the session leaves that check's outcome: on the call's info, which the function gets. */
const ARGS_CHECKED: unique symbol = Symbol("ptcc.argsChecked");

/** A check's outcome: its value, or what it threw. */
export type Settled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** A tool function with a check of its arguments. */
export interface ArgsChecking {
  readonly [CHECK_ARGS]?: (args: Record<string, unknown>) => unknown;
}

function attempt(f: () => unknown): Settled {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The info a call of `fn` gets: with its arguments' check made now (in the stretch that made
 * the call) when the function has one.
 */
export function callInfo(fn: unknown, key: string, args: Record<string, unknown>): CallInfo {
  const check = typeof fn === "function" ? (fn as ArgsChecking)[CHECK_ARGS] : undefined;
  if (check === undefined) return { key };
  return { key, [ARGS_CHECKED]: attempt(() => check(args)) } as CallInfo;
}

/**
 * The arguments' check of this call: the outcome the session made in the calling stretch
 * (its value, or what it threw, thrown again), or `check()` made now when it made none.
 */
export function checkedArgs<T>(info: CallInfo, check: () => T): T {
  const pre = (info as { [ARGS_CHECKED]?: Settled })[ARGS_CHECKED];
  if (pre === undefined) return check();
  if (pre.ok) return pre.value as T;
  throw pre.error;
}

/**
 * A tool's answer as a wrapped tool gives it to the session: `check` (inside the stretch
 * that goes on with the program) gives the value the program gets or throws what is wrong
 * with it; `settle` (after that stretch, once) tells the wrapper how the check ended, or —
 * when the evaluation stopped before checking it, or stopped waiting — why it never ran.
 */
export class CheckedAnswer {
  private outcome: Settled | null = null;
  private settled = false;

  constructor(
    private readonly checkFn: () => unknown,
    private readonly after: (outcome: Settled) => void,
  ) {}

  /** The value for the program (inside the stretch); throws what the check found. */
  check(): unknown {
    if (this.outcome === null) this.outcome = attempt(this.checkFn);
    if (this.outcome.ok) return this.outcome.value;
    throw this.outcome.error;
  }

  /** After the stretch: the wrapper's bookkeeping, once (`otherwise`: why the check never ran). */
  settle(otherwise: () => unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.after(this.outcome ?? { ok: false, error: otherwise() });
  }
}
