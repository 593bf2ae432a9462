/**
 * `startWorker(agents, { backend, llm, concurrency })`: take queued runs and run them.
 * Each run is a durable run journaled under its id, so a run that a crash, a deploy or a
 * lost lease interrupted resumes from its journal wherever it is taken next.
 * `worker.close()` lets the runs under way finish their current turn, then stops
 * (SIGTERM-friendly); a run stopped that way goes back to the queue and resumes from the
 * turn after.
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { describeValue } from "../agent/describe-value.js";
import type { Durability } from "../agent/journal/log.js";
import { reachableDefinitions } from "../agent/reachable.js";
import type { TraceOption } from "../agent/trace.js";
import type { LlmLike } from "../llm/ai-sdk.js";
import type { LlmRegistry } from "../llm/types.js";
import { DEFAULT_LIMITS } from "../runtime/limits.js";
import { isRunBackend, type JobOutcome, type RunBackend } from "./backend.js";
import { checkRegistry } from "./create-runs.js";
import { messageOf, QueueError } from "./errors.js";
import { makeExecutor } from "./execute.js";
import { checkProviders, type Limiter, type ProviderLimits } from "./limiter.js";
import type { AgentRegistry } from "./types.js";

export interface WorkerOptions {
  /** The queue to take runs from. */
  readonly backend: RunBackend;
  /** The model of agents that name none (a function or an AI SDK model object). */
  readonly llm?: LlmLike;
  /** Named models, as `run`'s option: a name an agent gives (`openai:gpt-4o-mini`) maps to this model. */
  readonly llmRegistry?: LlmRegistry;
  /** Runs at once in this process (default 1). */
  readonly concurrency?: number;
  /**
   * Limits shared by every worker of the backend, by provider key (`provider:model`: the
   * spec an agent names, or the label of the model function): `{ rpm, tpm, concurrency }`.
   */
  readonly providers?: Readonly<Record<string, ProviderLimits>>;
  /** Where the limits are kept (default: the backend's — in memory, or in Redis for ptcc/bullmq). */
  readonly limiter?: Limiter;
  /** Receives every trace event of every run (a function, `jsonlTrace(file)`, `otelTrace(tracer)`). */
  readonly trace?: TraceOption;
  /** When the journal is written (default "call"; see durable runs). */
  readonly durability?: Durability;
  /** Told of each run the worker takes and how it leaves it. */
  readonly onEvent?: (event: WorkerEvent) => void;
}

/** What a worker did with a run. */
export interface WorkerEvent {
  /**
   * `start`: it took the run (`attempt`); `end`: the run ended with a Step (`ok`, `fail`);
   * `retry`: an infrastructure failure, the run is tried again later (`reason`);
   * `abandon`: another worker writes the run now (`reason`); `requeue`: the worker is
   * closing, the run went back to the queue between turns.
   */
  readonly type: "start" | "end" | "retry" | "abandon" | "requeue";
  readonly id: string;
  readonly agent: string;
  readonly attempt: number;
  readonly ok?: boolean;
  readonly fail?: string;
  readonly reason?: string;
}

export interface RunWorker {
  readonly concurrency: number;
  /** Take no new runs; let each run under way finish its current turn (it resumes elsewhere), then stop. */
  close(): Promise<void>;
}

const OPTION_KEYS = [
  "backend",
  "llm",
  "llmRegistry",
  "concurrency",
  "providers",
  "limiter",
  "trace",
  "durability",
  "onEvent",
];

/** Start taking the backend's runs of these agents in this process. */
export async function startWorker<const A extends AgentRegistry>(
  agents: A,
  options: WorkerOptions,
): Promise<RunWorker> {
  checkRegistry(agents, "startWorker");
  const o = checkOptions(options);
  const concurrency = o.concurrency ?? 1;
  let draining = false;
  const execute = makeExecutor({
    agents,
    store: o.backend.journal,
    ...(o.llm !== undefined ? { llm: o.llm } : {}),
    ...(o.llmRegistry !== undefined ? { llmRegistry: o.llmRegistry } : {}),
    ...(o.providers !== undefined ? { providers: o.providers } : {}),
    limiter: o.limiter ?? o.backend.limiter(),
    ...(o.trace !== undefined ? { trace: o.trace } : {}),
    ...(o.durability !== undefined ? { durability: o.durability } : {}),
    draining: () => draining,
  });
  const tell = (e: WorkerEvent): void => {
    try {
      o.onEvent?.(e);
    } catch {
      // The host's callback failed: the run is not changed by it.
    }
  };
  const worker = await o.backend.work(
    async (run) => {
      const about = { id: run.id, agent: run.agent, attempt: run.attempt };
      tell({ type: "start", ...about });
      let outcome: JobOutcome;
      try {
        outcome = await execute(run);
      } catch (e) {
        outcome = { kind: "retry", reason: `internal error: ${messageOf(e)}` };
      }
      if (outcome.kind === "done") {
        const s = outcome.step;
        tell({ type: "end", ...about, ok: s.ok, ...(s.ok ? {} : { fail: s.fail.kind }) });
      } else tell({ type: outcome.kind, ...about, ...("reason" in outcome ? { reason: outcome.reason } : {}) });
      return outcome;
    },
    { concurrency, evaluationTimeoutMs: evaluationTimeout(agents), onNotice: notice },
  );
  let closing: Promise<void> | undefined;
  return {
    concurrency,
    close: () => {
      draining = true;
      return (closing ??= worker.close());
    },
  };
}

/** What the backend notices (a lock shorter than programs may run, Redis without persistence): a warning, once per process. */
const noticed = new Set<string>();
function notice(message: string): void {
  if (noticed.has(message)) return;
  noticed.add(message);
  globalThis.process?.emitWarning?.(message, { code: "PTCC_QUEUE" });
}

/** The longest evaluation timeout of any agent a run of the registry can reach. */
function evaluationTimeout(agents: AgentRegistry): number {
  let ms = 0;
  for (const agent of Object.values(agents)) {
    for (const d of reachableDefinitions(agent.definition))
      ms = Math.max(ms, d.limits.timeoutMs ?? DEFAULT_LIMITS.timeoutMs);
  }
  return ms;
}

function checkOptions(options: WorkerOptions): WorkerOptions {
  const given: unknown = options;
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw new QueueError(
      "options",
      `startWorker: expected options { backend, llm, concurrency, ... }, got ${describeValue(given)}`,
    );
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key)) {
      throw new QueueError(
        "options",
        `startWorker: unknown option ${key}`,
        didYouMean(closest(key, OPTION_KEYS)) ?? `the options are ${OPTION_KEYS.join(", ")}`,
      );
    }
  }
  if (!isRunBackend(options.backend)) {
    throw new QueueError(
      "options",
      `startWorker: backend must be a run backend (localBackend(), bullmqBackend(...)), got ${describeValue(options.backend)}`,
    );
  }
  const c = options.concurrency;
  if (c !== undefined && (typeof c !== "number" || !Number.isInteger(c) || c < 1)) {
    throw new QueueError("options", `startWorker: concurrency must be a positive integer, got ${describeValue(c)}`);
  }
  if (options.durability !== undefined && !["call", "turn", "exit"].includes(options.durability)) {
    throw new QueueError(
      "options",
      `startWorker: durability must be "call", "turn" or "exit", got ${describeValue(options.durability)}`,
    );
  }
  checkProviders(options.providers);
  return options;
}
