/**
 * `createRuns(agents, { backend })`: the typed producer side of a run queue. Each agent of
 * the registry gets `runs.<name>.enqueue(input, options)`, which checks the input against
 * the agent's signature (as a run would), journals the run as queued, and puts it in the
 * backend's queue; a handle follows the run from any process that knows its id.
 */
import { randomUUID } from "node:crypto";
import type { QueuedEntry } from "../agent/journal/entries.js";
import { checkRunInput } from "../agent/prepare.js";
import { isAgentLike } from "../agent/rules.js";
import type { StepJson } from "../agent/step-json.js";
import { describeValue } from "../agent/describe-value.js";
import { isRunBackend, type RunBackend } from "./backend.js";
import { checkEnqueueOptions, queueableProblem, runIdFor } from "./enqueue-check.js";
import { messageOf, QueueError } from "./errors.js";
import { localBackend } from "./local-backend.js";
import { RESERVED_NAMES, type AgentRegistry, type AnyRunHandle, type RunHandle, type Runs } from "./types.js";

export interface CreateRunsOptions {
  /** Where runs are queued (default: `localBackend()`, in this process with a memory journal). */
  readonly backend?: RunBackend;
}

/** The typed run queue of a registry of agents. Throws a QueueError of kind `options` for a registry it cannot use. */
export function createRuns<const A extends AgentRegistry>(agents: A, options: CreateRunsOptions = {}): Runs<A> {
  checkRegistry(agents, "createRuns");
  const given: unknown = options;
  if (typeof given !== "object" || given === null)
    throw new QueueError("options", `createRuns: the options must be an object, got ${describeValue(given)}`);
  for (const key of Object.keys(options)) {
    if (key !== "backend")
      throw new QueueError("options", `createRuns: unknown option ${key}`, "the only option is backend");
  }
  if (options.backend !== undefined && !isRunBackend(options.backend)) {
    throw new QueueError(
      "options",
      `createRuns: backend must be a run backend (localBackend(), bullmqBackend(...)), got ${describeValue(options.backend)}`,
    );
  }
  const backend = options.backend ?? localBackend();

  const handle = (id: string, agent: string): RunHandle => ({
    id,
    agent,
    status: async () => {
      const s = await backend.state(id);
      if (s === null) throw new QueueError("not_found", `no run ${id}`);
      return s.status;
    },
    result: async (o = {}) => {
      const s = await backend.settled(id, o.timeoutMs);
      if (s.step !== undefined) return s.step as StepJson;
      throw new QueueError(
        "failed",
        `run ${id} failed without a Step: ${s.error ?? "its job failed"}`,
        "its journal holds what it did: handle.journal()",
      );
    },
    progress: () => backend.progress(id),
    cancel: (reason = "cancelled") => backend.cancel(id, reason),
    journal: () => backend.journal.load(id),
  });

  const enqueue = async (agent: string, input: unknown, given: unknown): Promise<RunHandle> => {
    const o = checkEnqueueOptions(given);
    const def = agents[agent]!.definition;
    const data = input ?? {};
    if (typeof data !== "object" || Array.isArray(data)) {
      throw new QueueError(
        "input",
        `the input of ${agent} must be an object of its parameters, got ${describeValue(data)}`,
      );
    }
    const checked = checkRunInput(def, data as Record<string, unknown>);
    if (!checked.ok) throw new QueueError("input", `${agent}: ${checked.reason}`);
    const problem = queueableProblem(checked.input);
    if (problem !== null) throw new QueueError("input", `${agent}: the input cannot be queued: ${problem}`);
    const id = o.idempotencyKey !== undefined ? runIdFor(o.idempotencyKey) : `run-${randomUUID()}`;
    const at = Date.now();
    const entry: QueuedEntry = {
      seq: 0,
      kind: "queued",
      agent,
      input: checked.input,
      at,
      ...(o.tenant !== undefined ? { tenant: o.tenant } : {}),
      ...(o.priority !== undefined ? { priority: o.priority } : {}),
      ...(o.delayMs !== undefined && o.delayMs > 0 ? { notBefore: at + o.delayMs } : {}),
      ...(o.deadlineMs !== undefined ? { deadlineAt: at + o.deadlineMs } : {}),
    };
    let queued = entry;
    try {
      const r = await backend.journal.append(id, 0, entry);
      if (!r.ok) {
        // The idempotency key names a run already: this enqueue is a no-op.
        if (r.existing.kind !== "queued") {
          throw new QueueError(
            "options",
            `idempotencyKey ${JSON.stringify(o.idempotencyKey)} names a run that was not queued (its journal starts with ${r.existing.kind})`,
          );
        }
        if (r.existing.agent !== agent) {
          throw new QueueError(
            "options",
            `idempotencyKey ${JSON.stringify(o.idempotencyKey)} names a run of agent ${r.existing.agent}, not ${agent}`,
          );
        }
        queued = r.existing;
      }
      await backend.enqueue(id, queued);
    } catch (e) {
      if (e instanceof QueueError) throw e;
      throw new QueueError("backend", `could not queue a run of ${agent}: ${messageOf(e)}`, undefined, { cause: e });
    }
    return handle(id, agent);
  };

  const runs: Record<string, unknown> = {
    backend,
    get: async (id: string) => {
      if (typeof id !== "string" || id === "")
        throw new QueueError("options", `get: expected a run id, got ${describeValue(id)}`);
      const s = await backend.state(id);
      return s === null ? null : (handle(id, s.agent) as AnyRunHandle<A>);
    },
    recover: () => backend.recover(),
    close: () => backend.close(),
  };
  for (const name of Object.keys(agents)) {
    runs[name] = { enqueue: (input?: unknown, o?: unknown) => enqueue(name, input, o) };
  }
  return runs as Runs<A>;
}

/** A registry must be an object of agents whose names `runs` does not keep for itself. */
export function checkRegistry(agents: unknown, who: string): asserts agents is AgentRegistry {
  if (typeof agents !== "object" || agents === null || Array.isArray(agents)) {
    throw new QueueError(
      "options",
      `${who}: expected the registry of agents ({ name: agent }, the agents export of ptcc compile), got ${describeValue(agents)}`,
    );
  }
  const names = Object.keys(agents);
  if (names.length === 0) throw new QueueError("options", `${who}: the registry has no agents`);
  for (const name of names) {
    const agent: unknown = (agents as Record<string, unknown>)[name];
    if (!isAgentLike(agent)) {
      throw new QueueError(
        "options",
        `${who}: ${name} is not an agent (made by defineAgent or ptcc compile), got ${describeValue(agent)}`,
      );
    }
    if ((RESERVED_NAMES as readonly string[]).includes(name)) {
      throw new QueueError(
        "options",
        `${who}: an agent cannot be called ${name} in a registry: runs.${name} is the queue's own`,
        "rename it in the registry: { myName: agent }",
      );
    }
  }
}
