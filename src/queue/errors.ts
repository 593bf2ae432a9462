/** The errors of ptcc/queue and ptcc/bullmq: what a caller did wrong, or what the queue could not do. */

/**
 * Why an operation of a run queue failed:
 * - `input`: the input does not match the agent's signature, or cannot be queued (not JSON);
 * - `options`: an option of `createRuns`, `enqueue`, `startWorker` or a backend is wrong;
 * - `not_found`: no run has this id;
 * - `timeout`: `result({ timeoutMs })` waited that long and the run had not ended;
 * - `failed`: the run's job failed for good (infrastructure failures outlasted its attempts): no Step;
 * - `backend`: the queue or its store could not be reached.
 */
export type QueueErrorKind = "input" | "options" | "not_found" | "timeout" | "failed" | "backend";

export class QueueError extends Error {
  constructor(
    readonly kind: QueueErrorKind,
    message: string,
    /** What to do about it, when something can be done. */
    readonly hint?: string,
    options?: { readonly cause?: unknown },
  ) {
    super(hint === undefined ? message : `${message} — ${hint}`, options);
    this.name = "QueueError";
  }
}

/** The message of anything thrown, never throwing itself. */
export function messageOf(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return "an error that cannot be shown";
  }
}
