/**
 * The context of one evaluation: budgets and output (from Cx), plus the input data,
 * the `*1 *2 *3` history, the namespace transaction and the tool journal.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import type { Warning } from "../diagnostics/warning.js";
import { Cx } from "../runtime/context.js";
import { toHostArgs } from "../runtime/convert.js";
import type { Limits } from "../runtime/limits.js";
import { getFlex, MapBuilder, PMap } from "../runtime/map.js";
import { keyword, type Value, type Var } from "../runtime/values.js";
import type { Txn } from "./namespace.js";
import { ReturnSignal, Suspend, type ToolRequest } from "./signals.js";

/** One answered tool call. */
export interface JournalEntry {
  readonly name: string;
  /** JSON of the arguments, to check that a replay makes the same call. */
  readonly argsKey: string;
  readonly args: Record<string, unknown>;
  readonly result: Value;
  readonly ms: number;
}

/**
 * Tool answers by position. A position is the scope (the top level, or a branch of a
 * `pmap`/`pcalls`: `#3/1` is branch 1 of the parallel call at position 3) and the
 * number of the call within it, so each branch finds its answers whatever the other
 * branches did.
 */
export type Journal = Map<string, JournalEntry>;

/** The journal entry name of a clock read. */
const CLOCK = " clock";

/**
 * What an evaluation reads the clock and keeps `(task ...)` values through, when its host
 * journals them (an agent run): see Session's EvaluateOptions.
 */
export interface EvalHooks {
  /** The time of the clock read at `key`: journaled by the host, or read now. */
  readonly clock?: (key: string) => number;
  /** The values of `(task id expr)` forms, shared by the session's evaluations. */
  readonly tasks?: TaskMemory;
  /** What is left of the run's limits, given the time now (a journaled clock read). */
  readonly budget?: (now: number) => BudgetLeft;
}

/** What `(budget/remaining)` tells a program; null: no such limit. */
export interface BudgetLeft {
  readonly turns: number | null;
  readonly turnBudget: number | null;
  readonly tokens: number | null;
  readonly depth: { readonly current: number; readonly max: number } | null;
  readonly llmRequests: number | null;
  readonly ms: number | null;
}

/** The values of the `(task ...)` forms of a session: each id's first value. */
export interface TaskMemory {
  get(id: string): { readonly value: Value } | undefined;
  set(id: string, value: Value): void;
  delete(id: string): boolean;
}

/**
 * When code the closure compiler made is replaced by generated code (the "auto" tier):
 * a function after this many calls, a loop or `for` after this many iterations.
 */
export interface TierUp {
  readonly calls: number;
  readonly iterations: number;
}

export class EvalContext extends Cx {
  readonly warnings: Warning[] = [];
  /** Tier-up thresholds; null: the closure compiler's code is never replaced. */
  tierUp: TierUp | null = null;
  /** The current scope of journal positions ("" at top level). */
  scope = "";
  /** Next position number in the current scope. */
  counter = 0;
  /** Inside a pmap/pcalls branch: `def` and `return` are not allowed there. */
  inBranch = false;

  constructor(
    limits: Limits,
    startedAt: number,
    readonly data: PMap | null,
    private readonly historyValues: readonly Value[],
    readonly txn: Txn,
    readonly journal: Journal,
    private readonly hooks: EvalHooks = {},
  ) {
    super(limits, startedAt);
  }

  /** `data/key`: flexible lookup in the input; nil when absent. */
  dataGet(key: string): Value {
    return this.data === null ? null : getFlex(this.data, key, null);
  }

  history(n: 1 | 2 | 3): Value {
    return this.historyValues[n - 1] ?? null;
  }

  setVar(v: Var, value: Value, doc: string | null): void {
    if (this.inBranch) {
      throw new PtcError({
        kind: "runtime",
        message: `def of ${v.name} inside pmap/pcalls`,
        hint: "parallel branches cannot define names; return values from the branch and def the result",
      });
    }
    this.txn.set(v, value, doc);
  }

  callTool(name: string, args: Value, at: Span | undefined): Value {
    const hostArgs = toHostArgs(this, name, args);
    const argsKey = JSON.stringify(hostArgs);
    const key = `${this.scope}#${this.counter++}`;
    const e = this.journal.get(key);
    if (e !== undefined) {
      if (e.name !== name || e.argsKey !== argsKey) {
        throw new PtcError({
          kind: "internal",
          message: `internal error: replay made a different tool call (${name} instead of ${e.name})`,
          span: at,
        });
      }
      return e.result;
    }
    throw new Suspend([{ name, args: hostArgs, argsKey, span: at, key }]);
  }

  now(): number {
    const key = `${this.scope}#${this.counter++}`;
    const e = this.journal.get(key);
    if (e !== undefined) {
      if (e.name !== CLOCK || typeof e.result !== "number") {
        throw new PtcError({
          kind: "internal",
          message: "internal error: replay read the clock where it made a tool call",
        });
      }
      return e.result;
    }
    const t = this.hooks.clock?.(key) ?? Date.now();
    this.journal.set(key, { name: CLOCK, argsKey: "", args: {}, result: t, ms: 0 });
    return t;
  }

  /**
   * `(task id expr)`: the value the session keeps for `id`, or `expr`'s value (kept from now
   * on). A task takes one position whether it runs or not, and its expression runs in a
   * scope of its own: the positions after it are the same either way, so a form run again
   * after a tool answered finds its calls where they were.
   */
  task(id: string, thunk: () => Value): Value {
    const base = `${this.scope}#${this.counter++}`;
    const kept = this.hooks.tasks?.get(id);
    if (kept !== undefined) return kept.value;
    const saved = { scope: this.scope, counter: this.counter };
    let value: Value;
    try {
      this.scope = `${base}/t`;
      this.counter = 0;
      value = thunk();
    } finally {
      this.scope = saved.scope;
      this.counter = saved.counter;
    }
    this.hooks.tasks?.set(id, value);
    return value;
  }

  budgetRemaining(): Value {
    // The time is a clock read (journaled, replayed): the answer is the same on a replay.
    const left = this.hooks.budget?.(this.now());
    const b = new MapBuilder();
    b.assoc(keyword("turns"), left?.turns ?? null);
    b.assoc(keyword("turn-budget"), left?.turnBudget ?? null);
    b.assoc(keyword("tokens"), left?.tokens ?? null);
    let depth: Value = null;
    if (left?.depth != null) {
      const d = new MapBuilder();
      d.assoc(keyword("current"), left.depth.current);
      d.assoc(keyword("max"), left.depth.max);
      depth = d.build();
    }
    b.assoc(keyword("depth"), depth);
    b.assoc(keyword("llm-requests"), left?.llmRequests ?? null);
    b.assoc(keyword("ms"), left?.ms ?? null);
    return b.build();
  }

  /** `(task-reset id)`: forget the task's value, so that it runs again. */
  taskReset(id: string): boolean {
    return this.hooks.tasks?.delete(id) ?? false;
  }

  /**
   * Run branches "in parallel": each in its own journal scope, so that a branch waiting
   * for a tool does not stop the others. Branches that need tool answers are all
   * suspended together, and the driver runs their calls concurrently.
   */
  parallel(branches: readonly (() => Value)[]): Value[] {
    const base = `${this.scope}#${this.counter++}`;
    const saved = { scope: this.scope, counter: this.counter, inBranch: this.inBranch };
    const results = new Array<Value>(branches.length);
    const pending: ToolRequest[] = [];
    try {
      this.inBranch = true;
      for (let i = 0; i < branches.length; i++) {
        this.scope = `${base}/${i}`;
        this.counter = 0;
        try {
          results[i] = branches[i]!();
        } catch (e) {
          if (e instanceof Suspend) pending.push(...e.requests);
          else if (e instanceof ReturnSignal) {
            throw new PtcError({
              kind: "runtime",
              message: "return inside pmap/pcalls",
              hint: "return from the whole program, after the parallel call",
            });
          } else throw e;
        }
      }
    } finally {
      this.scope = saved.scope;
      this.counter = saved.counter;
      this.inBranch = saved.inBranch;
    }
    if (pending.length > 0) throw new Suspend(pending);
    return results;
  }

  warn(message: string, note?: boolean): void {
    this.warnings.push(note === true ? { message, note } : { message });
  }
}
