/**
 * The contract between the typed run API and a queue: a backend keeps runs (jobs) and
 * their journals, hands runs to workers, and reports how they end. `localBackend()` (in
 * process) and `bullmqBackend()` (ptcc/bullmq) implement it; an adapter for another engine
 * implements the same handful of methods.
 *
 * The run itself knows nothing of queues: a worker runs a claimed run as a durable run
 * (`agent.run(input, { durable: { store: backend.journal, runKey: id } })`) and tells the
 * backend what became of it (JobOutcome).
 */
import type { QueuedEntry } from "../agent/journal/entries.js";
import type { JournalStore } from "../agent/journal/store.js";
import type { StepJson } from "../agent/step-json.js";
import type { Limiter } from "./limiter.js";
import type { RunProgress, RunStatus } from "./types.js";

/** What a backend knows of a run. */
export interface RunState {
  readonly status: RunStatus;
  /** The agent's name in the registry. */
  readonly agent: string;
  /** The Step, once the run has ended with one. */
  readonly step?: StepJson;
  /** Why the run's job failed for good (status `failed`). */
  readonly error?: string;
  readonly tenant?: string;
}

/** A run a worker took: what to run, and how to report on it. */
export interface ClaimedRun {
  readonly id: string;
  /** The agent's name in the registry. */
  readonly agent: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly tenant?: string;
  /** The run must end by then (epoch ms). */
  readonly deadlineAt?: number;
  /** This attempt, from 1, and how many the run has. */
  readonly attempt: number;
  readonly attempts: number;
  /** Aborted when the run is cancelled (the reason: a `cancelled` Failure). */
  readonly signal: AbortSignal;
  /** Publish progress (fire and forget). */
  progress(p: RunProgress): void;
}

/**
 * What became of a claimed run:
 * - `done`: it ended with a Step (returned, or failed for any reason of the run's own): the job completes;
 * - `retry`: an infrastructure failure (the store, a model unreachable): the job is tried again
 *   later, and the next attempt resumes from the journal;
 * - `abandon`: another worker writes the run's journal (this one lost its lease): leave the job to it;
 * - `requeue`: the worker is closing; the run stopped between turns and waits for another worker.
 */
export type JobOutcome =
  | { readonly kind: "done"; readonly step: StepJson }
  | { readonly kind: "retry"; readonly reason: string }
  | { readonly kind: "abandon"; readonly reason: string }
  | { readonly kind: "requeue" };

export type RunProcessor = (run: ClaimedRun) => Promise<JobOutcome>;

export interface WorkOptions {
  /** Runs at once in this process. */
  readonly concurrency: number;
  /** The longest evaluation of the agents (their `limits.timeoutMs`), for lease checks. */
  readonly evaluationTimeoutMs: number;
  /** Told of what the backend itself notices (a warning, a job it could not settle). */
  readonly onNotice?: (message: string) => void;
}

/** Workers of a backend in this process. */
export interface BackendWorker {
  /** Take no new runs; resolves once the runs under way have returned. */
  close(): Promise<void>;
}

export interface RunBackend {
  /** `local`, `bullmq`, ... */
  readonly kind: string;
  /** Where runs are journaled. */
  readonly journal: JournalStore;
  /**
   * Put the run in the queue (its queued entry is already the first of its journal). A run
   * with this id in the queue already is left as it is.
   */
  enqueue(id: string, run: QueuedEntry): Promise<void>;
  /** Where the run is; null when the backend knows no such run. */
  state(id: string): Promise<RunState | null>;
  /** Resolves once the run has ended (or its job failed for good); a QueueError `timeout` after `timeoutMs`. */
  settled(id: string, timeoutMs?: number): Promise<RunState>;
  /** The run's progress from now on; ends when the run ends. */
  progress(id: string): AsyncIterable<RunProgress>;
  /** Stop the run, waiting or active, wherever it runs; false when it has ended or is unknown. */
  cancel(id: string, reason: string): Promise<boolean>;
  /** Queue again the unfinished queued runs of the journal (after a crash); their ids. */
  recover(): Promise<string[]>;
  /** Start taking runs in this process. */
  work(processor: RunProcessor, options: WorkOptions): Promise<BackendWorker>;
  /** The limiter workers share by default (in memory, or in the backend's server). */
  limiter(): Limiter;
  /** Close connections and timers. */
  close(): Promise<void>;
}

/** Whether a value looks like a RunBackend (for the checks of options). */
export function isRunBackend(x: unknown): x is RunBackend {
  if (typeof x !== "object" || x === null) return false;
  const b = x as Record<string, unknown>;
  return ["enqueue", "state", "settled", "progress", "cancel", "work", "limiter"].every(
    (k) => typeof b[k] === "function",
  );
}
