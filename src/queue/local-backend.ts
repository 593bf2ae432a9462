/**
 * The in-process backend: runs queued in this process and run by the workers started on
 * it here (a promise pool per worker), with priorities, delays, retries with backoff,
 * cancellation and progress — the same API as ptcc/bullmq, with no server. The journal is
 * `memoryJournal()` by default; with `fileJournal(dir)`, runs outlive the process:
 * `runs.recover()` in the next one queues every unfinished run again, and a worker resumes
 * each from its journal.
 *
 * It is not distributed: the queue itself lives in memory, and runs are never handed to
 * another process. That is what ptcc/bullmq is for.
 */
import { requestCancel } from "../agent/journal/cancel.js";
import type { QueuedEntry } from "../agent/journal/entries.js";
import { memoryJournal, type JournalStore } from "../agent/journal/store.js";
import type { StepJson } from "../agent/step-json.js";
import type {
  BackendWorker,
  ClaimedRun,
  JobOutcome,
  RunBackend,
  RunProcessor,
  RunState,
  WorkOptions,
} from "./backend.js";
import { Channel } from "./channel.js";
import { messageOf, QueueError } from "./errors.js";
import { stateFromJournal, unstartedStep } from "./journal-state.js";
import { memoryLimiter, type Limiter } from "./limiter.js";
import { settledByPolling, TERMINAL_STATUSES as TERMINAL } from "./settle.js";
import type { RunProgress, RunStatus } from "./types.js";

export interface LocalBackendOptions {
  /** Where runs are journaled (default `memoryJournal()`; `fileJournal(dir)` to survive a crash). */
  readonly journal?: JournalStore;
  /** Attempts of a run whose infrastructure fails (a model unreachable, the store failing); default 3. */
  readonly attempts?: number;
  /** The wait before the second attempt, doubling after each (default 1000 ms). */
  readonly backoffMs?: number;
  /** The limiter of the workers' `providers` (default: one in memory). */
  readonly limiter?: Limiter;
}

interface LocalRun {
  readonly id: string;
  readonly entry: QueuedEntry;
  status: RunStatus;
  /** Attempts that failed so far. */
  failures: number;
  readyAt: number;
  readonly order: number;
  step?: StepJson;
  error?: string;
  controller?: AbortController;
  readonly subscribers: Set<Channel<RunProgress>>;
  readonly waiters: Set<() => void>;
}

interface Pool {
  readonly processor: RunProcessor;
  readonly concurrency: number;
  active: number;
  closing: boolean;
  readonly idle: Set<() => void>;
}

/** A backend that queues and runs in this process. */
export function localBackend(options: LocalBackendOptions = {}): RunBackend {
  const journal = options.journal ?? memoryJournal();
  const attempts = positiveInt(options.attempts, 3, "attempts");
  const backoffMs = positiveInt(options.backoffMs, 1000, "backoffMs");
  const limiter = options.limiter ?? memoryLimiter();
  const runs = new Map<string, LocalRun>();
  const pools = new Set<Pool>();
  let order = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Infinity;
  let closed = false;

  const add = (id: string, entry: QueuedEntry): LocalRun => {
    const run: LocalRun = {
      id,
      entry,
      status: "waiting",
      failures: 0,
      readyAt: entry.notBefore ?? 0,
      order: order++,
      subscribers: new Set(),
      waiters: new Set(),
    };
    runs.set(id, run);
    return run;
  };

  /** The next run ready to start: no priority first, then by priority, then in order queued. */
  const next = (now: number): LocalRun | undefined => {
    let best: LocalRun | undefined;
    for (const r of runs.values()) {
      if (r.status !== "waiting" || r.readyAt > now) continue;
      if (best === undefined || rank(r) < rank(best) || (rank(r) === rank(best) && r.order < best.order)) best = r;
    }
    return best;
  };

  const pump = (): void => {
    if (closed) return;
    const now = Date.now();
    for (const pool of pools) {
      while (!pool.closing && pool.active < pool.concurrency) {
        const run = next(now);
        if (run === undefined) break;
        start(run, pool);
      }
    }
    // Wake up for the earliest delayed (or backed-off) run, while a worker is here to take it.
    let earliest = Infinity;
    for (const r of runs.values())
      if (r.status === "waiting" && r.readyAt > now) earliest = Math.min(earliest, r.readyAt);
    if (pools.size > 0 && earliest < timerAt) {
      if (timer !== undefined) clearTimeout(timer);
      timerAt = earliest;
      timer = setTimeout(
        () => {
          timer = undefined;
          timerAt = Infinity;
          pump();
        },
        Math.max(0, earliest - now),
      );
    }
  };

  const start = (run: LocalRun, pool: Pool): void => {
    run.status = "active";
    pool.active++;
    const controller = new AbortController();
    run.controller = controller;
    const e = run.entry;
    const claimed: ClaimedRun = {
      id: run.id,
      agent: e.agent,
      input: e.input as Record<string, unknown>,
      ...(e.tenant !== undefined ? { tenant: e.tenant } : {}),
      ...(e.deadlineAt !== undefined ? { deadlineAt: e.deadlineAt } : {}),
      attempt: run.failures + 1,
      attempts,
      signal: controller.signal,
      progress: (p) => {
        for (const c of run.subscribers) c.push(p);
      },
    };
    void pool
      .processor(claimed)
      .catch((error: unknown): JobOutcome => ({ kind: "retry", reason: messageOf(error) }))
      .then((outcome) => {
        run.controller = undefined;
        settle(run, outcome);
        pool.active--;
        if (pool.active === 0) for (const f of pool.idle) f();
        pump();
      });
  };

  const settle = (run: LocalRun, outcome: JobOutcome): void => {
    switch (outcome.kind) {
      case "done":
        run.step = outcome.step;
        finish(run, !outcome.step.ok && outcome.step.fail.kind === "cancelled" ? "cancelled" : "completed");
        return;
      case "retry":
        run.failures++;
        if (run.failures >= attempts) {
          run.error = `${outcome.reason} (after ${attempts} attempt${attempts === 1 ? "" : "s"})`;
          finish(run, "failed");
          return;
        }
        run.status = "waiting";
        run.readyAt = Date.now() + backoffMs * 2 ** (run.failures - 1);
        return;
      case "abandon":
        run.error = `another process runs it: ${outcome.reason}`;
        finish(run, "failed");
        return;
      case "requeue":
        run.status = "waiting";
        run.readyAt = 0;
        return;
    }
  };

  const finish = (run: LocalRun, status: RunStatus): void => {
    run.status = status;
    for (const c of run.subscribers) c.end();
    for (const f of run.waiters) f();
  };

  const stateOf = (run: LocalRun): RunState => ({
    status: run.status,
    agent: run.entry.agent,
    ...(run.step !== undefined ? { step: run.step } : {}),
    ...(run.error !== undefined ? { error: run.error } : {}),
    ...(run.entry.tenant !== undefined ? { tenant: run.entry.tenant } : {}),
  });

  const state = async (id: string): Promise<RunState | null> => {
    const run = runs.get(id);
    return run !== undefined ? stateOf(run) : stateFromJournal(await journal.load(id));
  };

  return {
    kind: "local",
    journal,
    enqueue: async (id, entry) => {
      if (runs.has(id)) return;
      add(id, entry);
      pump();
    },
    state,
    settled: (id, timeoutMs) => {
      const run = runs.get(id);
      if (run === undefined) return settledByPolling(id, state, timeoutMs);
      if (TERMINAL.has(run.status)) return Promise.resolve(stateOf(run));
      return new Promise<RunState>((resolve, reject) => {
        const done = (): void => {
          clearTimeout(t);
          run.waiters.delete(done);
          resolve(stateOf(run));
        };
        const t =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                run.waiters.delete(done);
                reject(
                  new QueueError("timeout", `run ${id} has not ended after ${timeoutMs} ms (it is ${run.status})`),
                );
              }, timeoutMs);
        run.waiters.add(done);
      });
    },
    progress: (id) => {
      const run = runs.get(id);
      const channel: Channel<RunProgress> = new Channel(() => run?.subscribers.delete(channel));
      if (run === undefined || TERMINAL.has(run.status)) channel.end();
      else run.subscribers.add(channel);
      return channel;
    },
    cancel: async (id, reason) => {
      const run = runs.get(id);
      // Journaled first: a worker that resumes the run, here or after a crash, sees it.
      const inJournal = await requestCancel(journal, id, reason);
      if (run === undefined) return inJournal;
      if (TERMINAL.has(run.status)) return false;
      if (run.status === "waiting") {
        run.step = unstartedStep(run.entry.agent, "cancelled", reason);
        finish(run, "cancelled");
      } else run.controller?.abort({ kind: "cancelled", reason });
      return true;
    },
    recover: async () => {
      if (journal.list === undefined) {
        throw new QueueError(
          "options",
          "recover needs a journal store that can list its runs (fileJournal, memoryJournal)",
        );
      }
      const out: string[] = [];
      for (const id of await journal.list()) {
        if (runs.has(id)) continue;
        const entries = await journal.load(id);
        const first = entries[0];
        if (first?.kind !== "queued" || stateFromJournal(entries)?.status !== "waiting") continue;
        add(id, { ...first, notBefore: 0 });
        out.push(id);
      }
      pump();
      return out;
    },
    work: async (processor, work: WorkOptions): Promise<BackendWorker> => {
      const pool: Pool = { processor, concurrency: work.concurrency, active: 0, closing: false, idle: new Set() };
      pools.add(pool);
      pump();
      return {
        close: async () => {
          pool.closing = true;
          if (pool.active > 0) await new Promise<void>((resolve) => pool.idle.add(resolve));
          pools.delete(pool);
        },
      };
    },
    limiter: () => limiter,
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      await limiter.close?.();
    },
  };
}

function rank(r: LocalRun): number {
  return r.entry.priority ?? 0;
}

function positiveInt(v: unknown, dflt: number, name: string): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1) {
    throw new QueueError("options", `localBackend: ${name} must be a positive integer, got ${JSON.stringify(v)}`);
  }
  return v;
}
