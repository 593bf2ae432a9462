import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import { stepLimitError, type Meter } from "./budget.js";
import type { Limits } from "./limits.js";
import type { Value } from "./values.js";

/** Steps between two looks at the clock. */
const CHUNK = 8192;
/** Notes about the data kept per evaluation. */
const MAX_NOTES = 8;

/**
 * What running code sees of its evaluation: the step budget and clock, the size caps,
 * the call depth, captured output and the tool gateway. One per evaluation attempt;
 * passed explicitly to every compiled closure and builtin, never global.
 *
 * Hot paths spend fuel with `if (--cx.fuel < 0) cx.refuel()`; builtins that do work
 * proportional to their input call `cx.charge(n)`.
 */
export abstract class Cx implements Meter {
  /** Steps left before the next budget and clock check. */
  fuel: number;
  /** Current call depth. */
  depth = 0;
  /** Captured `println` output, one entry per line. */
  readonly out: string[] = [];
  private outChars = 0;
  private spent = 0;
  private chunk: number;
  readonly deadline: number;

  constructor(
    readonly limits: Limits,
    startedAt: number = performance.now(),
  ) {
    this.deadline = startedAt + limits.timeoutMs;
    this.chunk = Math.min(CHUNK, limits.maxSteps);
    this.fuel = this.chunk;
  }

  /** Steps spent so far. */
  get steps(): number {
    return this.spent + (this.chunk - this.fuel);
  }

  /** Reset the budget to `steps` spent (when a form is run again after a tool answered). */
  resetSteps(steps: number): void {
    this.spent = steps;
    this.chunk = Math.max(0, Math.min(CHUNK, this.limits.maxSteps - steps));
    this.fuel = this.chunk;
  }

  /** Called when fuel runs out: account, check the budget and the clock, hand out more. */
  refuel(): void {
    this.spent += this.chunk - this.fuel;
    if (this.spent > this.limits.maxSteps) {
      this.fuel = 0;
      this.chunk = 0;
      throw stepLimitError(
        `step limit exceeded: the program ran more than ${this.limits.maxSteps} evaluation steps`,
        "the program may loop forever; raise the limit for heavy but honest work",
      );
    }
    this.checkClock();
    this.chunk = Math.min(CHUNK, this.limits.maxSteps - this.spent);
    this.fuel = this.chunk;
  }

  checkClock(): void {
    if (performance.now() > this.deadline) {
      this.fuel = 0;
      throw new PtcError({
        kind: "timeout",
        message: `timeout: the evaluation ran longer than ${this.limits.timeoutMs} ms`,
      });
    }
  }

  /** Spend `n` steps of work done inside a builtin. */
  charge(n: number): void {
    this.fuel -= n;
    if (this.fuel < 0) this.refuel();
  }

  /** Throw the size limit error if a collection of `n` items may not be built. */
  checkSize(n: number): void {
    if (n > this.limits.maxCollection) {
      throw new PtcError({
        kind: "limit",
        message: `collection size limit exceeded: more than ${this.limits.maxCollection} items`,
        hint: "an infinite sequence was realized, or the data is larger than allowed",
      });
    }
  }

  /** Throw the size limit error if a string of `n` code units may not be built; charges the work. */
  checkString(n: number): void {
    if (n > this.limits.maxString) {
      throw new PtcError({
        kind: "limit",
        message: `string size limit exceeded: more than ${this.limits.maxString} characters`,
      });
    }
    this.charge(n >>> 4);
  }

  /** Enter a function call; pair with `leave()` in a finally block. */
  enter(): void {
    if (++this.depth > this.limits.maxDepth) {
      this.depth--;
      throw depthError(this.limits.maxDepth);
    }
  }

  /** Append a line of program output (println). */
  print(line: string): void {
    this.outChars += line.length + 1;
    if (this.outChars > this.limits.maxOutput) {
      throw new PtcError({
        kind: "limit",
        message: `output limit exceeded: more than ${this.limits.maxOutput} characters printed`,
      });
    }
    this.out.push(line);
  }

  /** Call a host tool. Implemented by the evaluator (which journals and awaits tools). */
  abstract callTool(name: string, args: Value, at: Span | undefined): Value;

  /**
   * The current time (epoch milliseconds). Builtins read the clock only through this, so
   * that a form run again after a tool answered sees the same time (the evaluator
   * journals the reads).
   */
  abstract now(): number;

  /** `(task id expr)`: run `thunk` once per session and id (see EvalContext). */
  abstract task(id: string, thunk: () => Value): Value;

  /** `(task-reset id)`: forget a task's value; true when there was one. */
  abstract taskReset(id: string): boolean;

  /** `(budget/remaining)`: what is left of the agent run's limits (a map; nil values outside a run). */
  abstract budgetRemaining(): Value;

  /**
   * Run independent branches (pmap, pcalls) so that their tool calls are made
   * concurrently. Implemented by the evaluator.
   */
  abstract parallel(branches: readonly (() => Value)[]): Value[];

  /**
   * Record a warning for the caller (for example a `def` shadowing a builtin); `note`:
   * a note about the program's data rather than a problem of the program.
   */
  abstract warn(message: string, note?: boolean): void;

  private notedKeys: Set<string> | null = null;

  /** Whether a note about `key` was made already. */
  noted(key: string): boolean {
    return this.notedKeys?.has(key) === true;
  }

  /** Record a note about the program's data, once per key (and at most a few in all). */
  noteOnce(key: string, message: string): void {
    const keys = (this.notedKeys ??= new Set());
    if (keys.has(key) || keys.size >= MAX_NOTES) return;
    keys.add(key);
    this.warn(message, true);
  }
}

export function depthError(max: number): PtcError {
  return new PtcError({
    kind: "limit",
    message: `recursion depth limit exceeded: more than ${max} nested calls`,
    hint: "use loop/recur for iteration",
  });
}
