/**
 * Running one claimed run, the same for every backend: the agent of the registry runs as a
 * durable run journaled under the run's id (a retried or stolen run resumes from its
 * journal), its model calls go through the shared limits, its turns are published as
 * progress, and the Step is mapped to what the backend does with the job:
 *
 * - any Step of the run's own (returned, or failed for any reason but the two below) completes the job;
 * - `journal` (the store failed, or another worker writes the run): infrastructure — the job
 *   is tried again, or left to the worker that owns it now;
 * - `llm` (a model unreachable after its own retries) while attempts are left: the run's end
 *   is held back from the journal, so the next attempt resumes the run instead of
 *   replaying the failure. The last attempt completes with the failed Step.
 */
import { randomUUID } from "node:crypto";
import type { JournalEntry } from "../agent/journal/entries.js";
import { JournalError } from "../agent/journal/errors.js";
import type { Durability } from "../agent/journal/log.js";
import type { AppendResult, JournalStore } from "../agent/journal/store.js";
import { runAgent } from "../agent/loop.js";
import { reachableDefinitions } from "../agent/reachable.js";
import { isAgentLike } from "../agent/rules.js";
import { stepToJson, type StepJson } from "../agent/step-json.js";
import type { TraceOption } from "../agent/trace.js";
import type { AgentDefinition, RunOptions } from "../agent/types.js";
import { toLlm, type LlmLike } from "../llm/ai-sdk.js";
import { llmInfo, withLlmInfo } from "../llm/info.js";
import { createLlm, parseLlmSpec } from "../llm/resolve.js";
import type { Llm, LlmRegistry, LlmRequest } from "../llm/types.js";
import type { ClaimedRun, JobOutcome } from "./backend.js";
import { limitedLlm } from "./limited-llm.js";
import type { Limiter, ProviderLimits } from "./limiter.js";
import type { AgentRegistry } from "./types.js";

export interface ExecutorOptions {
  readonly agents: AgentRegistry;
  readonly store: JournalStore;
  readonly llm?: LlmLike;
  readonly llmRegistry?: LlmRegistry;
  readonly providers?: Readonly<Record<string, ProviderLimits>>;
  readonly limiter: Limiter;
  readonly trace?: TraceOption;
  readonly durability?: Durability;
  /** True once the worker closes. */
  readonly draining: () => boolean;
}

/** A model of the worker, before it is wrapped for one run: the function and its provider key. */
interface WorkerModel {
  readonly llm: Llm;
  readonly key: string | undefined;
}

/** The function a worker calls for each claimed run. */
export function makeExecutor(o: ExecutorOptions): (run: ClaimedRun) => Promise<JobOutcome> {
  const base = o.llm === undefined ? undefined : model(toLlm(o.llm));
  const named = namedModels(o);
  const providers = o.providers ?? {};

  return async (run) => {
    const agent = o.agents[run.agent];
    if (agent === undefined || !Object.hasOwn(o.agents, run.agent) || !isAgentLike(agent)) {
      return {
        kind: "retry",
        reason: `this worker has no agent ${run.agent} (it has ${Object.keys(o.agents).join(", ") || "none"})`,
      };
    }
    let def: AgentDefinition = agent.definition;
    if (run.deadlineAt !== undefined) {
      // The job's deadline bounds the mission (a resumed run also keeps its journaled one).
      def = { ...def, missionTimeoutMs: Math.max(1, Math.min(def.missionTimeoutMs, run.deadlineAt - Date.now())) };
    }
    const guard = guardedStore(
      o.store,
      (step) => step.fail?.kind === "llm" && (o.draining() || run.attempt < run.attempts),
    );
    const onWait = (request: LlmRequest, key: string): void =>
      run.progress({
        kind: "waiting",
        waiting: "rate-limit",
        key,
        agent: request.agent,
        depth: request.depth,
        turn: request.turn,
        at: Date.now(),
      });
    const wrap = (m: WorkerModel): Llm => {
      const wrapped = limitedLlm(m.llm, {
        key: m.key,
        limits: m.key === undefined ? undefined : providers[m.key],
        limiter: o.limiter,
        onWait,
        draining: o.draining,
      });
      const info = llmInfo(m.llm);
      return info === undefined ? wrapped : withLlmInfo(wrapped, info);
    };
    const llmRegistry: Record<string, Llm> = {};
    for (const [name, m] of named) llmRegistry[name] = wrap(m);
    const options: RunOptions = {
      ...(base !== undefined ? { llm: wrap(base) } : {}),
      llmRegistry,
      durable: {
        store: guard.store,
        runKey: run.id,
        ...(o.durability !== undefined ? { durability: o.durability } : {}),
      },
      signal: run.signal,
      onEvent: (e) => {
        if (e.type !== "turn-end" || e.replayed === true) return;
        run.progress({
          kind: "turn",
          agent: e.agent,
          depth: e.depth,
          turn: e.turn,
          outcome: e.outcome,
          durationMs: Math.round(e.durationMs),
          ...(e.usage !== undefined ? { usage: e.usage } : {}),
          at: e.at,
        });
      },
      ...(o.trace !== undefined ? { trace: o.trace } : {}),
    };
    const step = await runAgent(def, run.input, options);
    if (!step.ok && step.failure.kind === "journal") {
      if (guard.held !== null) return o.draining() ? { kind: "requeue" } : { kind: "retry", reason: guard.held };
      if (guard.conflict) return { kind: "abandon", reason: step.failure.reason };
      return { kind: "retry", reason: step.failure.reason };
    }
    return { kind: "done", step: stepToJson(step) };
  };
}

/** A model with its provider key (`provider:model` of its label). */
function model(llm: Llm, key?: string): WorkerModel {
  const info = llmInfo(llm);
  return {
    llm,
    key:
      key ?? (info?.provider !== undefined && info.model !== undefined ? `${info.provider}:${info.model}` : undefined),
  };
}

/**
 * The models the agents name (`llm: "openai:gpt-4o-mini"`, at any depth) and those of the
 * worker's registry, by name: a spec names its own key, and is made once per worker.
 */
function namedModels(o: ExecutorOptions): Map<string, WorkerModel> {
  const names = new Set<string>(Object.keys(o.llmRegistry ?? {}));
  for (const agent of Object.values(o.agents)) {
    if (!isAgentLike(agent)) continue;
    for (const d of reachableDefinitions(agent.definition)) if (typeof d.llm === "string") names.add(d.llm);
  }
  const out = new Map<string, WorkerModel>();
  for (const name of names) {
    const given = o.llmRegistry !== undefined && Object.hasOwn(o.llmRegistry, name) ? o.llmRegistry[name] : undefined;
    const isSpec = name.includes(":");
    if (given !== undefined) out.set(name, model(toLlm(given), isSpec ? name : undefined));
    else if (isSpec) out.set(name, model(lazySpec(name), name));
  }
  return out;
}

/** The adapter of a spec, made at its first request (a spec that cannot be made fails that request). */
function lazySpec(spec: string): Llm {
  let made: Promise<Llm> | undefined;
  const llm: Llm = async (request) => (await (made ??= createLlm(spec)))(request);
  try {
    const { provider, model: name } = parseLlmSpec(spec);
    return withLlmInfo(llm, { provider, model: name });
  } catch {
    return llm;
  }
}

/**
 * The store as one run's attempt sees it:
 * - every entry it writes carries the attempt's `writer` id, so an entry refused because
 *   another worker wrote that place first is never taken for this attempt's own (two
 *   workers write the same entries, byte for byte, when they run the same turn): only a
 *   write of this very attempt that went through before (a command sent again after a
 *   lost connection) counts as done;
 * - the run's own end is held back when `hold` says so (the attempt is retried instead);
 * - an append refused because another writer took the run is noted (the attempt is abandoned to it).
 */
function guardedStore(
  store: JournalStore,
  hold: (step: StepJson) => boolean,
): { readonly store: JournalStore; readonly held: string | null; readonly conflict: boolean } {
  const writer = randomUUID().slice(0, 13);
  const g = {
    held: null as string | null,
    conflict: false,
    store: {
      load: (runKey: string) => store.load(runKey),
      append: async (runKey, seq, entry) => {
        check(runKey, entry);
        return settle(await store.append(runKey, seq, stamp(entry)));
      },
      ...(store.appendMany !== undefined
        ? {
            appendMany: async (runKey: string, seq: number, entries: readonly JournalEntry[]) => {
              for (const e of entries) check(runKey, e);
              // A group refused is written again entry by entry, where each refusal is judged.
              return store.appendMany!(runKey, seq, entries.map(stamp));
            },
          }
        : {}),
    } satisfies JournalStore as JournalStore,
  };
  const stamp = (entry: JournalEntry): JournalEntry => Object.assign({}, entry, { writer });
  const check = (runKey: string, entry: JournalEntry): void => {
    if (entry.kind === "end" && entry.path === "" && hold(entry.step)) {
      g.held = entry.step.fail?.reason ?? "the run's end is held back";
      throw new JournalError(`run ${runKey} is tried again from its journal: ${g.held}`);
    }
  };
  const settle = (r: AppendResult): AppendResult => {
    if (r.ok) return r;
    if ((r.existing as { writer?: unknown }).writer === writer) return { ok: true };
    if (r.existing.kind !== "cancel" && r.existing.kind !== "queued") g.conflict = true;
    return r;
  };
  return g;
}
