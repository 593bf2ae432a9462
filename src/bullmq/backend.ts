/**
 * `bullmqBackend({ connection })`: ptcc runs as BullMQ jobs on Redis, one job per run.
 *
 * - The job's id is the run's id (an idempotency key makes a second enqueue a no-op); its
 *   name is the agent's, its data the input. The journal lives beside the job
 *   (`redisJournal`, never in `job.data`), so a retried or stalled job resumes from it.
 * - A run that ends (returned, or failed for a reason of its own) completes its job with
 *   the Step as the return value; an infrastructure failure fails the attempt and BullMQ
 *   retries it (`attempts`, `backoff`).
 * - Progress goes through `job.updateProgress`; results through queue events, with a poll
 *   of the job's state as a fallback (events can be missed).
 * - Cancelling a waiting run removes its job; an active one gets a cancel entry in its
 *   journal and a message on `ptcc:QUEUE:cancel` to the worker that holds it, which aborts
 *   the run at once (the journal entry stops it at its next turn if the message is lost).
 * - A worker frozen past its lock (`lockDuration`) loses the run to another worker: its
 *   next journal append is refused and it abandons the run.
 */
import type { ConnectionOptions, Job, Queue, QueueEvents } from "bullmq";
import { requestCancel } from "../agent/journal/cancel.js";
import type { QueuedEntry } from "../agent/journal/entries.js";
import type { JournalStore } from "../agent/journal/store.js";
import type { StepJson } from "../agent/step-json.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import type { BackendWorker, ClaimedRun, RunBackend, RunProcessor, RunState, WorkOptions } from "../queue/backend.js";
import { Channel } from "../queue/channel.js";
import { messageOf, QueueError } from "../queue/errors.js";
import { stateFromJournal } from "../queue/journal-state.js";
import type { Limiter } from "../queue/limiter.js";
import { settledByPolling, TERMINAL_STATUSES } from "../queue/settle.js";
import type { RunProgress } from "../queue/types.js";
import { lazyClient, newRedis, redisOptionsOf, type RedisConnection } from "./connection.js";
import { loadBullmq } from "./peers.js";
import { redisJournal } from "./redis-journal.js";
import { redisLimiter } from "./redis-limiter.js";

/** How long BullMQ waits before trying a failed attempt again: ms (doubling), or BullMQ's own form. */
export type Backoff = number | { readonly type: "exponential" | "fixed"; readonly delay: number };

export interface BullmqBackendOptions {
  /** The Redis server: a `redis://` URL or ioredis options. */
  readonly connection: RedisConnection;
  /** The queue's name (default `ptcc`): one queue per pool of workers. */
  readonly queue?: string;
  /** Where runs are journaled (default `redisJournal(connection)`, keys under `ptcc:QUEUE:`). */
  readonly journal?: JournalStore;
  /** Where the workers' `providers` limits are kept (default `redisLimiter(connection)`). */
  readonly limiter?: Limiter;
  /** Attempts of a run whose infrastructure fails (default 3). */
  readonly attempts?: number;
  /** Between attempts (default exponential from 1000 ms). */
  readonly backoff?: Backoff;
  /**
   * How long a worker holds a run without renewing its lock (default 30000 ms). Lock renewal
   * waits while a program evaluates: keep it at least 3× the agents' `limits.timeoutMs`.
   */
  readonly lockDuration?: number;
  /** How often workers look for runs whose worker stopped renewing its lock (default 15000 ms). */
  readonly stalledInterval?: number;
}

interface JobData {
  readonly v: 1;
  readonly agent: string;
  readonly input: Record<string, unknown>;
  readonly tenant?: string;
  readonly deadlineAt?: number;
}

type Listener = (event: {
  readonly type: "progress" | "completed" | "failed" | "removed";
  readonly data?: unknown;
}) => void;

const OPTION_KEYS = [
  "connection",
  "queue",
  "journal",
  "limiter",
  "attempts",
  "backoff",
  "lockDuration",
  "stalledInterval",
];

export function bullmqBackend(options: BullmqBackendOptions): RunBackend {
  const o = checkOptions(options);
  const queueName = o.queue ?? "ptcc";
  // ioredis options, as BullMQ takes them (its own type of them lags behind ioredis 6).
  const connection = redisOptionsOf(o.connection) as ConnectionOptions;
  const ownJournal = o.journal === undefined ? redisJournal(o.connection, { prefix: `ptcc:${queueName}` }) : undefined;
  const journal: JournalStore = o.journal ?? ownJournal!;
  const ownLimiter = o.limiter === undefined ? redisLimiter(o.connection) : undefined;
  const limiter: Limiter = o.limiter ?? ownLimiter!;
  const attempts = o.attempts ?? 3;
  const backoff =
    typeof o.backoff === "number" || o.backoff === undefined
      ? { type: "exponential", delay: o.backoff ?? 1000 }
      : o.backoff;
  const lockDuration = o.lockDuration ?? 30_000;
  const stalledInterval = o.stalledInterval ?? 15_000;
  const cancelChannel = `ptcc:${queueName}:cancel`;
  const publisher = lazyClient(o.connection);
  const closers: (() => Promise<void>)[] = [];

  let queue: Promise<Queue> | undefined;
  const getQueue = (): Promise<Queue> =>
    (queue ??= (async () => {
      const { Queue } = await loadBullmq();
      const q = new Queue(queueName, { connection });
      q.on("error", () => undefined);
      closers.push(() => q.close());
      await q.waitUntilReady();
      return q;
    })());

  // One QueueEvents for every handle of this backend, its events handed out by job id.
  const listeners = new Map<string, Set<Listener>>();
  let events: Promise<QueueEvents> | undefined;
  const getEvents = (): Promise<QueueEvents> =>
    (events ??= (async () => {
      // Read from the moment first asked (not from when the connection is ready): the
      // events of a run whose progress was asked for before that are not lost.
      const since = `${Date.now()}-0`;
      const { QueueEvents } = await loadBullmq();
      const qe = new QueueEvents(queueName, { connection, lastEventId: since });
      qe.on("error", () => undefined);
      const tell =
        (type: "progress" | "completed" | "failed" | "removed") => (e: { jobId: string; data?: unknown }) => {
          for (const f of listeners.get(e.jobId) ?? []) f({ type, data: e.data });
        };
      qe.on("progress", tell("progress"));
      qe.on("completed", tell("completed"));
      qe.on("failed", tell("failed"));
      qe.on("removed", tell("removed"));
      closers.push(() => qe.close());
      await qe.waitUntilReady();
      return qe;
    })());
  const listen = (id: string, f: Listener): (() => void) => {
    let set = listeners.get(id);
    if (set === undefined) listeners.set(id, (set = new Set()));
    set.add(f);
    return () => {
      set.delete(f);
      if (set.size === 0) listeners.delete(id);
    };
  };

  const state = async (id: string): Promise<RunState | null> => {
    const job: Job | undefined = await (await getQueue()).getJob(id);
    if (job !== undefined) {
      const data = job.data as Partial<JobData>;
      const about = {
        agent: typeof data.agent === "string" ? data.agent : job.name,
        ...(data.tenant !== undefined ? { tenant: data.tenant } : {}),
      };
      const s = await job.getState();
      if (s === "completed") {
        const step = job.returnvalue as StepJson;
        return { status: !step.ok && step.fail.kind === "cancelled" ? "cancelled" : "completed", ...about, step };
      }
      if (s === "failed") return { status: "failed", ...about, error: job.failedReason };
      if (s === "active") return { status: "active", ...about };
      if (s !== "unknown") return { status: "waiting", ...about };
    }
    return stateFromJournal(await journal.load(id));
  };

  return {
    kind: "bullmq",
    journal,
    enqueue: async (id, entry: QueuedEntry) => {
      const data: JobData = {
        v: 1,
        agent: entry.agent,
        input: entry.input as Record<string, unknown>,
        ...(entry.tenant !== undefined ? { tenant: entry.tenant } : {}),
        ...(entry.deadlineAt !== undefined ? { deadlineAt: entry.deadlineAt } : {}),
      };
      const delay = entry.notBefore === undefined ? 0 : Math.max(0, entry.notBefore - Date.now());
      await (
        await getQueue()
      ).add(entry.agent, data, {
        jobId: id,
        attempts,
        backoff,
        ...(entry.priority !== undefined ? { priority: entry.priority } : {}),
        ...(delay > 0 ? { delay } : {}),
      });
    },
    state,
    settled: async (id, timeoutMs) => {
      await getEvents();
      return settledByPolling(id, state, timeoutMs, {
        maxPollMs: 1000,
        onPoke: (poke) => listen(id, (e) => e.type !== "progress" && poke()),
      });
    },
    progress: (id) => {
      let unlisten = (): void => undefined;
      const channel = new Channel<RunProgress>(() => unlisten());
      const ended = async (): Promise<void> => {
        const s = await state(id).catch(() => null);
        if (s === null || TERMINAL_STATUSES.has(s.status)) channel.end();
      };
      unlisten = listen(id, (e) => {
        if (e.type === "progress") channel.push(e.data as RunProgress);
        else void ended();
      });
      void getEvents().then(ended, () => channel.end());
      return channel;
    },
    cancel: async (id, reason) => {
      const before = await state(id);
      if (before === null || TERMINAL_STATUSES.has(before.status)) return false;
      // Journaled first: whichever worker holds the run, or takes it later, sees it.
      if (!(await requestCancel(journal, id, reason))) return false;
      const job = await (await getQueue()).getJob(id);
      if (job === undefined) return true;
      const s = await job.getState();
      if (s === "completed" || s === "failed") return true;
      if (s !== "active") {
        try {
          await job.remove();
          return true;
        } catch {
          // It became active meanwhile (a locked job cannot be removed): tell its worker.
        }
      }
      await (await publisher.get()).publish(cancelChannel, JSON.stringify({ id, reason }));
      return true;
    },
    recover: async () => [],
    work: async (processor: RunProcessor, work: WorkOptions): Promise<BackendWorker> => {
      const { Worker, DelayedError, WaitingError, UnrecoverableError } = await loadBullmq();
      if (lockDuration < 3 * work.evaluationTimeoutMs) {
        work.onNotice?.(
          `bullmqBackend: lockDuration ${lockDuration} ms is less than 3 × the agents' evaluation timeout (${work.evaluationTimeoutMs} ms): a long program can keep a worker from renewing its lock, and another worker would take the run`,
        );
      }
      await noticeDurability(publisher, work);
      const active = new Map<string, AbortController>();
      const subscriber = await newRedis(o.connection);
      subscriber.on("message", (_channel: string, message: string) => {
        try {
          const m = JSON.parse(message) as { id?: unknown; reason?: unknown };
          if (typeof m.id === "string")
            active.get(m.id)?.abort({ kind: "cancelled", reason: String(m.reason ?? "cancelled") });
        } catch {
          // Not a message of ours.
        }
      });
      await subscriber.subscribe(cancelChannel);
      const worker = new Worker(
        queueName,
        async (job: Job, token?: string) => {
          const data = job.data as Partial<JobData>;
          if (data.v !== 1 || typeof data.agent !== "string" || typeof data.input !== "object" || data.input === null) {
            throw new UnrecoverableError(`job ${job.id ?? "?"} of queue ${queueName} is not a ptcc run`);
          }
          const id = job.id!;
          const controller = new AbortController();
          active.set(id, controller);
          const claimed: ClaimedRun = {
            id,
            agent: data.agent,
            input: data.input,
            ...(data.tenant !== undefined ? { tenant: data.tenant } : {}),
            ...(data.deadlineAt !== undefined ? { deadlineAt: data.deadlineAt } : {}),
            attempt: job.attemptsMade + 1,
            attempts: job.opts.attempts ?? 1,
            signal: controller.signal,
            progress: (p) => void job.updateProgress(p as unknown as object).catch(() => undefined),
          };
          try {
            const outcome = await processor(claimed);
            switch (outcome.kind) {
              case "done":
                return outcome.step;
              case "retry":
                throw new Error(outcome.reason);
              case "abandon":
                // Another worker writes the run. If this one still holds the job (the other
                // is the one that lost its lock), the job waits a little, its attempts
                // untouched; if not, the move is refused and the job stays with its owner.
                try {
                  await job.moveToDelayed(Date.now() + 1000, token);
                } catch {
                  throw new Error(`abandoned to the worker that owns it: ${outcome.reason}`);
                }
                throw new DelayedError();
              case "requeue":
                await job.moveToWait(token);
                throw new WaitingError();
            }
          } finally {
            active.delete(id);
          }
        },
        {
          connection,
          concurrency: work.concurrency,
          lockDuration,
          stalledInterval,
          maxStalledCount: attempts,
          autorun: true,
        },
      );
      worker.on("error", (e: Error) => work.onNotice?.(`bullmq worker of queue ${queueName}: ${messageOf(e)}`));
      await worker.waitUntilReady();
      let closing: Promise<void> | undefined;
      return {
        close: () =>
          (closing ??= (async () => {
            await worker.close();
            await subscriber.quit().catch(() => subscriber.disconnect());
          })()),
      };
    },
    limiter: () => limiter,
    close: async () => {
      for (const f of closers.splice(0)) await f().catch(() => undefined);
      queue = undefined;
      events = undefined;
      await publisher.close();
      await ownJournal?.close();
      await ownLimiter?.close();
    },
  };
}

/** Tell, once per worker start, when Redis would lose queued runs and journals in a restart. */
async function noticeDurability(client: ReturnType<typeof lazyClient>, work: WorkOptions): Promise<void> {
  try {
    const r = (await (await client.get()).config("GET", "appendonly")) as string[];
    if (r[1] === "no") {
      work.onNotice?.(
        "bullmqBackend: Redis runs without its append-only file (appendonly no): a restart of Redis loses queued runs and their journals",
      );
    }
  } catch {
    // CONFIG may be disabled (managed Redis): nothing to tell.
  }
}

function checkOptions(options: BullmqBackendOptions): BullmqBackendOptions {
  const given: unknown = options;
  if (typeof given !== "object" || given === null)
    throw new QueueError("options", "bullmqBackend: expected options { connection, ... }");
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key)) {
      throw new QueueError(
        "options",
        `bullmqBackend: unknown option ${key}`,
        didYouMean(closest(key, OPTION_KEYS)) ?? `the options are ${OPTION_KEYS.join(", ")}`,
      );
    }
  }
  if (options.connection === undefined)
    throw new QueueError("options", "bullmqBackend: connection is required", "pass a redis:// URL or ioredis options");
  redisOptionsOf(options.connection);
  const q = options.queue;
  if (q !== undefined && (typeof q !== "string" || q === "" || q.includes(":"))) {
    throw new QueueError(
      "options",
      `bullmqBackend: queue must be a non-empty name without ":", got ${JSON.stringify(q)}`,
    );
  }
  for (const name of ["attempts", "lockDuration", "stalledInterval"] as const) {
    const v = options[name];
    if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v) || v < 1)) {
      throw new QueueError("options", `bullmqBackend: ${name} must be a positive integer, got ${JSON.stringify(v)}`);
    }
  }
  const b = options.backoff;
  const okBackoff =
    b === undefined ||
    (typeof b === "number" && Number.isInteger(b) && b >= 0) ||
    (typeof b === "object" &&
      b !== null &&
      (b.type === "exponential" || b.type === "fixed") &&
      Number.isInteger(b.delay) &&
      b.delay >= 0);
  if (!okBackoff) {
    throw new QueueError(
      "options",
      `bullmqBackend: backoff must be milliseconds or { type: "exponential" | "fixed", delay }, got ${JSON.stringify(b)}`,
    );
  }
  return options;
}
