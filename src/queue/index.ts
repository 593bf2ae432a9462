/**
 * ptcc/queue: typed run queues. `createRuns(agents)` queues runs of a registry of agents
 * (`export const agents` of `ptcc compile`), typed by each agent's input and output;
 * `startWorker(agents, { backend, llm })` runs them as durable runs. The default backend,
 * `localBackend()`, runs them in this process with no server; ptcc/bullmq runs them on
 * BullMQ and Redis across processes and machines. See docs/scale-out.md.
 */
export { createRuns, type CreateRunsOptions } from "./create-runs.js";
export { startWorker, type RunWorker, type WorkerEvent, type WorkerOptions } from "./worker.js";
export { localBackend, type LocalBackendOptions } from "./local-backend.js";
export { memoryLimiter, type Acquired, type Limiter, type ProviderLimits } from "./limiter.js";
export { limitedLlm, type LimitedLlmOptions } from "./limited-llm.js";
export { QueueError, type QueueErrorKind } from "./errors.js";
export type {
  BackendWorker,
  ClaimedRun,
  JobOutcome,
  RunBackend,
  RunProcessor,
  RunState,
  WorkOptions,
} from "./backend.js";
export type {
  AgentRegistry,
  AgentRuns,
  AnyRunHandle,
  EnqueueArgs,
  EnqueueOptions,
  InputOf,
  OutputOf,
  ReservedName,
  RunHandle,
  RunProgress,
  RunStatus,
  Runs,
  TurnProgress,
  WaitingProgress,
} from "./types.js";
export type { StepJson, StepJsonFailed, StepJsonReturned } from "../agent/step-json.js";
