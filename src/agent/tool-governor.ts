/**
 * The tool calls of one evaluation (one turn's program), kept under control: how many it
 * may make (`maxToolCalls`), how many may be in flight at once (`toolConcurrency`, and a
 * tool's own `concurrency`), and one signal per call that ends with the turn.
 *
 * Calls wait for a slot in the order they were made (program order: the evaluator starts
 * a batch's calls in that order), so a `pmap` over 1,000 items runs at most N at a time
 * and still gets its results in order. The turn's signal has one listener, whatever the
 * number of calls: it aborts every open call's own controller (no listener per call, so no
 * MaxListenersExceededWarning with 500 calls in flight).
 */
import { PtcError } from "../diagnostics/error.js";
import { ToolStop } from "../evaluator/tool-stop.js";

/** The default of `toolConcurrency`: tool calls of one evaluation in flight at once. */
export const DEFAULT_TOOL_CONCURRENCY = 8;

export interface GovernorOptions {
  /** Calls one evaluation may make (cached answers do not count); undefined: no limit. */
  readonly maxToolCalls?: number;
  /** Calls in flight at once. */
  readonly toolConcurrency: number;
  /** The turn's signal: when it aborts, every open call's signal does. */
  readonly signal: AbortSignal;
}

interface Waiter {
  /** The order the call asked in (program order). */
  readonly seq: number;
  readonly start: () => void;
  readonly fail: (e: unknown) => void;
}

/** The calls of one tool waiting for a slot, in the order they asked. */
interface ToolQueue {
  readonly limit: number;
  active: number;
  readonly waiting: Waiter[];
  /** Waiters before this index have started. */
  head: number;
}

/** A running call's own signal, linked to the turn's, and its end. */
export interface CallLink {
  readonly signal: AbortSignal;
  /** Aborts this call only (its own timeout); `onAbort` is not told, the caller knows. */
  readonly abort: (reason: unknown) => void;
  /** The call is over: it is no longer aborted with the turn. */
  readonly end: () => void;
}

/** The signal of a run nobody can cancel (nothing listens to it). */
export const NEVER: AbortSignal = new AbortController().signal;

export class ToolGovernor {
  private made = 0;
  private active = 0;
  private seq = 0;
  private readonly tools = new Map<string, ToolQueue>();
  private readonly open = new Set<(reason: unknown) => void>();

  /** The listener on the turn's signal (removed by `dispose`). */
  private readonly onTurnAbort: () => void;

  constructor(private readonly options: GovernorOptions) {
    const { signal } = options;
    this.onTurnAbort = () => this.stopAll(signal.reason);
    if (!signal.aborted && signal !== NEVER) signal.addEventListener("abort", this.onTurnAbort, { once: true });
  }

  /**
   * The evaluation is over: stop listening to its signal. A signal that outlives many
   * evaluations (a caller's, shared by runs) would otherwise gather one listener per run.
   */
  dispose(): void {
    if (this.options.signal !== NEVER) this.options.signal.removeEventListener("abort", this.onTurnAbort);
  }

  /** The calls counted so far. */
  get calls(): number {
    return this.made;
  }

  /**
   * Count a call the program makes (not one answered from the cache). The call past
   * `maxToolCalls` throws: a positioned `limit` error in the program, at the call.
   */
  admit(): void {
    const max = this.options.maxToolCalls;
    if (max !== undefined && this.made >= max) {
      throw new ToolStop({
        kind: "limit",
        message: `tool call limit: this program made ${this.made} tool calls (maxToolCalls ${max})`,
        hint: "make fewer calls per program: batch the work, or go on in the next turn",
      });
    }
    this.made++;
  }

  /**
   * Wait for a slot for a call of `tool` (at most `limit` of its calls at once, besides
   * the evaluation's limit); resolves to the slot's release. Rejects when the turn ends first.
   */
  acquire(tool: string, limit = Infinity): Promise<() => void> {
    if (this.options.signal.aborted) return Promise.reject(turnOver());
    let q = this.tools.get(tool);
    if (q === undefined) {
      q = { limit, active: 0, waiting: [], head: 0 };
      this.tools.set(tool, q);
    }
    // After every start and release no waiting call fits: one that fits now is first in line.
    if (this.fits(q)) return Promise.resolve(this.take(q));
    const queue = q;
    return new Promise((resolve, reject) => {
      queue.waiting.push({ seq: this.seq++, start: () => resolve(this.take(queue)), fail: reject });
    });
  }

  /**
   * A call's own signal: aborted when the turn ends, or by `abort` (a tool's timeout). Made
   * when first read (most tools never look at it; an AbortController costs more than the
   * rest of a call's bookkeeping).
   */
  link(onAbort?: (reason: unknown) => void): CallLink {
    let controller: AbortController | undefined;
    const own = (): AbortController => (controller ??= new AbortController());
    const stop = (reason: unknown): void => {
      onAbort?.(reason);
      own().abort(reason);
    };
    const turn = this.options.signal;
    if (turn.aborted) stop(turn.reason);
    else this.open.add(stop);
    return {
      get signal(): AbortSignal {
        return own().signal;
      },
      abort: (reason) => {
        this.open.delete(stop);
        own().abort(reason);
      },
      end: () => this.open.delete(stop),
    };
  }

  private fits(q: ToolQueue): boolean {
    return this.active < this.options.toolConcurrency && q.active < q.limit;
  }

  private take(q: ToolQueue): () => void {
    this.active++;
    q.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      q.active--;
      this.next();
    };
  }

  /**
   * Start waiting calls while there are slots: each time the one that asked first among
   * the tools below their own limit (a tool at its limit does not hold up the others).
   */
  private next(): void {
    while (this.active < this.options.toolConcurrency) {
      let first: ToolQueue | undefined;
      for (const q of this.tools.values()) {
        if (q.head === q.waiting.length || q.active >= q.limit) continue;
        if (first === undefined || q.waiting[q.head]!.seq < first.waiting[first.head]!.seq) first = q;
      }
      if (first === undefined) return;
      const w = first.waiting[first.head++]!;
      // Drop the started prefix now and then, not on every start.
      if (first.head > 1024 && first.head * 2 > first.waiting.length) {
        first.waiting.splice(0, first.head);
        first.head = 0;
      }
      w.start();
    }
  }

  private stopAll(reason: unknown): void {
    for (const q of this.tools.values()) {
      const waiting = q.waiting.splice(q.head);
      q.waiting.length = 0;
      q.head = 0;
      for (const w of waiting) w.fail(turnOver());
    }
    const open = [...this.open];
    this.open.clear();
    for (const stop of open) stop(reason);
  }
}

function turnOver(): Error {
  return new Error("no answer before the turn ended");
}

/** The error of a call that took longer than its tool's `timeoutMs`. */
export function toolTimeout(tool: string, ms: number): PtcError {
  return toolStopped(tool, `tool/${tool} took longer than ${ms} ms`);
}

/** A tool error with its own message (not `tool/x failed: ...`): a timeout, or its journaled replay. */
export function toolStopped(tool: string, message: string): PtcError {
  return new ToolStop({ kind: "tool", message }, tool);
}

/** The governor of one evaluation under a definition's `maxToolCalls` and `toolConcurrency`. */
export function governorFor(
  def: { readonly maxToolCalls?: number; readonly toolConcurrency?: number },
  signal: AbortSignal,
): ToolGovernor {
  return new ToolGovernor({
    ...(def.maxToolCalls !== undefined ? { maxToolCalls: def.maxToolCalls } : {}),
    toolConcurrency: def.toolConcurrency ?? DEFAULT_TOOL_CONCURRENCY,
    signal,
  });
}
