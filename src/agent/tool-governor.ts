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
import { WalkBatch } from "../evaluator/walk-batch.js";

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
  readonly tool: string;
  readonly limit: number;
  readonly start: () => void;
  readonly fail: (e: unknown) => void;
}

/** A running call's own signal, linked to the turn's, and its end. */
export interface CallLink {
  readonly signal: AbortSignal;
  /** Aborts this call only (its own timeout); `onAbort` is not told, the caller knows. */
  readonly abort: (reason: unknown) => void;
  /** The call is over: it is no longer aborted with the turn. */
  readonly end: () => void;
}

export class ToolGovernor {
  /** The walks over the calls' answers, gathered into few watchdog stretches. */
  readonly walks = new WalkBatch();
  private made = 0;
  private active = 0;
  private readonly perTool = new Map<string, number>();
  private queue: Waiter[] = [];
  /** Waiters before this index have started. */
  private head = 0;
  private readonly open = new Set<(reason: unknown) => void>();

  constructor(private readonly options: GovernorOptions) {
    const { signal } = options;
    if (!signal.aborted) signal.addEventListener("abort", () => this.stopAll(signal.reason), { once: true });
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
    if (this.head === this.queue.length && this.fits(tool, limit)) return Promise.resolve(this.take(tool));
    return new Promise((resolve, reject) => {
      this.queue.push({ tool, limit, start: () => resolve(this.take(tool)), fail: reject });
      // Waiting calls held only by their own tool's limit do not hold up this one.
      this.next();
    });
  }

  /** A call's own signal: aborted when the turn ends, or by `abort` (a tool's timeout). */
  link(onAbort?: (reason: unknown) => void): CallLink {
    const controller = new AbortController();
    const stop = (reason: unknown): void => {
      onAbort?.(reason);
      controller.abort(reason);
    };
    const turn = this.options.signal;
    if (turn.aborted) stop(turn.reason);
    else this.open.add(stop);
    return {
      signal: controller.signal,
      abort: (reason) => {
        this.open.delete(stop);
        controller.abort(reason);
      },
      end: () => this.open.delete(stop),
    };
  }

  private fits(tool: string, limit: number): boolean {
    return this.active < this.options.toolConcurrency && (this.perTool.get(tool) ?? 0) < limit;
  }

  private take(tool: string): () => void {
    this.active++;
    this.perTool.set(tool, (this.perTool.get(tool) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.perTool.set(tool, this.perTool.get(tool)! - 1);
      this.next();
    };
  }

  /** Start the waiting calls that fit now, earliest first (one tool at its limit does not hold up others). */
  private next(): void {
    const q = this.queue;
    let skipped: Waiter[] | null = null;
    let i = this.head;
    for (; i < q.length && this.active < this.options.toolConcurrency; i++) {
      const w = q[i]!;
      if (this.fits(w.tool, w.limit)) w.start();
      else (skipped ??= []).push(w);
    }
    if (skipped === null) {
      this.head = i;
      // Drop the started prefix now and then, not on every start (a long queue moves in O(1)).
      if (this.head > 1024 && this.head * 2 > q.length) {
        this.queue = q.slice(this.head);
        this.head = 0;
      }
    } else {
      this.queue = skipped.concat(q.slice(i));
      this.head = 0;
    }
  }

  private stopAll(reason: unknown): void {
    const waiting = this.queue.slice(this.head);
    this.queue = [];
    this.head = 0;
    for (const w of waiting) w.fail(turnOver());
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
