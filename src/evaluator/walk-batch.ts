/**
 * Host walks gathered into one watchdog stretch. Every walk over a tool's answer (its
 * check, its firewalled values, its copy for the trace) runs under the watchdog
 * (host-walk.ts), and starting the watchdog costs about 0.1 ms — more than the rest of a
 * call. The answers of many calls in flight arrive together (a pmap of 1,000 calls), so
 * their walks wait for the end of the current turn of the event loop and then run in one
 * stretch, each with its own Budget. A walk the watchdog stops fails alone: the walks
 * after it run in a new stretch.
 */
import { Budget } from "../runtime/budget.js";
import { resolveLimits } from "../runtime/limits.js";
import { toPtcError } from "./evaluate.js";
import type { HostWalkOptions } from "./host-walk.js";
import { PREEMPT_GRACE_MS, preemptible } from "./preempt.js";

interface Walk {
  readonly run: (budget: Budget) => unknown;
  readonly steps: number;
  readonly ms: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (e: unknown) => void;
}

/** Runs a macrotask soon (setImmediate in Node; a microtask elsewhere). */
const soon: (f: () => void) => void =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === "function"
    ? (f) => void (globalThis as unknown as { setImmediate: (f: () => void) => unknown }).setImmediate(f)
    : (f) => queueMicrotask(f);

export class WalkBatch {
  private pending: Walk[] = [];
  private scheduled = false;

  /** `hostWalk(f, opts)`, run with the other walks asked for in the same turn of the event loop. */
  walk<T>(f: (budget: Budget) => T, opts: HostWalkOptions = {}): Promise<T> {
    const limits = resolveLimits(opts.limits);
    const ms = Math.max(1, opts.ms ?? limits.timeoutMs);
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run: f, steps: limits.maxSteps, ms, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        soon(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const walks = this.pending;
    this.pending = [];
    const done: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let i = 0;
    while (i < walks.length) {
      // The stretch may take as long as the longest walk left may.
      let ms = 1;
      for (let j = i; j < walks.length; j++) ms = Math.max(ms, walks[j]!.ms);
      try {
        preemptible(
          () => {
            for (; i < walks.length; i++) {
              const w = walks[i]!;
              try {
                done[i] = { ok: true, value: w.run(new Budget(w.steps, w.ms)) };
              } catch (e) {
                done[i] = { ok: false, error: toPtcError(e) };
              }
            }
          },
          { ms: ms + PREEMPT_GRACE_MS },
        );
      } catch (e) {
        // The watchdog stopped the walk under way: it fails, the next ones go on.
        done[i] = { ok: false, error: toPtcError(e) };
        i++;
      }
    }
    walks.forEach((w, k) => {
      const r = done[k]!;
      if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  }
}
