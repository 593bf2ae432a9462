/**
 * What a walk over a value spends. Every walk — equality, hashing keys, printing,
 * converting to JSON or host data, validating, truncating — charges one unit of fuel per
 * node it visits, so a value that is small in memory but huge as a tree (a vector that
 * holds the same vector twice, forty levels deep, is 2^40 nodes when walked) ends in a
 * limit or timeout error instead of running past every deadline.
 *
 * During an evaluation the meter is the evaluation's context (`Cx`: its step budget and
 * clock). Walks outside an evaluation — the agent loop printing samples, converting a
 * return value for the trace, the CLI writing --json — get a `Budget` of their own,
 * made from the limits with a deadline.
 */
import { PtcError } from "../diagnostics/error.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";

/** Fuel for walks: `if (--m.fuel < 0) m.refuel()` per node; `refuel` throws when spent. */
export interface Meter {
  fuel: number;
  refuel(): void;
}

/** Steps between two looks at the clock. */
const CHUNK = 4096;

/** A meter for walks outside an evaluation: a step allowance and a deadline. */
export class Budget implements Meter {
  fuel: number;
  private spent = 0;
  private chunk: number;
  readonly deadline: number;

  constructor(
    readonly maxSteps: number,
    readonly timeoutMs: number,
    startedAt: number = performance.now(),
  ) {
    this.deadline = startedAt + timeoutMs;
    this.chunk = Math.min(CHUNK, maxSteps);
    this.fuel = this.chunk;
  }

  /** A budget with the steps and the time of `limits` (the defaults for what is not given). */
  static of(limits: Partial<Limits> = {}, startedAt?: number): Budget {
    return new Budget(
      limits.maxSteps ?? DEFAULT_LIMITS.maxSteps,
      limits.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
      startedAt,
    );
  }

  /** Steps spent so far. */
  get steps(): number {
    return this.spent + (this.chunk - this.fuel);
  }

  refuel(): void {
    this.spent += this.chunk - this.fuel;
    if (this.spent > this.maxSteps) {
      this.fuel = 0;
      this.chunk = 0;
      throw walkLimitError(this.maxSteps);
    }
    if (performance.now() > this.deadline) {
      this.fuel = 0;
      throw new PtcError({
        kind: "timeout",
        message: `timeout: walking the value took longer than ${Math.round(this.timeoutMs)} ms`,
        hint: WALK_HINT,
      });
    }
    this.chunk = Math.min(CHUNK, this.maxSteps - this.spent);
    this.fuel = this.chunk;
  }
}

const WALK_HINT =
  "a value that holds the same part many times is walked once per reference; return or print a smaller part";

export function walkLimitError(maxSteps: number): PtcError {
  return stepLimitError(`step limit exceeded: walking the value took more than ${maxSteps} steps`, WALK_HINT);
}

/** The detail of an error that ends work out of steps: recognised by it, not by its wording. */
const STEPS_EXHAUSTED = Symbol("steps exhausted");

/** The `limit` error of a program or a walk that ran out of steps. */
export function stepLimitError(message: string, hint: string): PtcError {
  return new PtcError({ kind: "limit", message, hint }, STEPS_EXHAUSTED);
}

/** Whether `e` is the error of work that ran out of steps (not another limit). */
export function isStepLimit(e: unknown): e is PtcError {
  return e instanceof PtcError && e.detail === STEPS_EXHAUSTED;
}

/** Spend `n` units of `m` at once (a collection's items, charged per collection). */
export function spend(m: Meter, n: number): void {
  m.fuel -= n;
  if (m.fuel < 0) m.refuel();
}

/**
 * Deepest nesting a walk follows (printing, converting to JSON or host data, truncating):
 * deeper values are refused with a typed `limit` error (or shown as `...` by printers
 * that shorten), never a host stack overflow.
 */
export const MAX_NESTING = 1000;

export function nestingError(what: string): PtcError {
  return new PtcError({
    kind: "limit",
    message: `${what}: the value is nested more than ${MAX_NESTING} levels deep`,
    hint: "flatten the data, or return a part of it",
  });
}
