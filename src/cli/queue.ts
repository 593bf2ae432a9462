/**
 * The run queue from the command line, on BullMQ and Redis (ptcc/bullmq):
 *
 *   ptcc worker [DIR...] --redis URL [--queue Q] [--concurrency N] [--llm SPEC]
 *   ptcc enqueue AGENT.agent.md [--input JSON|@FILE] --redis URL [--queue Q] [--idempotency-key K]
 *             [--priority N] [--delay MS] [--deadline MS] [--tenant T] [--wait] [--json]
 *   ptcc runs status ID --redis URL [--queue Q] [--json]
 *   ptcc runs cancel ID --redis URL [--queue Q] [--reason TEXT]
 *
 * Agents are named as `ptcc compile` names them (`ticket-triage.agent.md`: `ticketTriage`),
 * so a worker started on agent files and a producer using the compiled registry agree.
 * `--redis` defaults to REDIS_URL. Exit codes: 0 done, 1 the run failed (or its input was
 * refused, or there is no such run), 2 the command was used wrongly.
 */
import type { Agent } from "../agent/define.js";
import type { StepJson } from "../agent/step-json.js";
import { moduleBaseName, moduleNames } from "../compiler/names.js";
import { createLlm } from "../llm/resolve.js";
import { LlmError, type Llm, type LlmRegistry } from "../llm/types.js";
import type { RunBackend } from "../queue/backend.js";
import { QueueError } from "../queue/errors.js";
import type { AgentRegistry } from "../queue/types.js";
import { agentFiles, loadAgentOrReport, signalled } from "./agent-files.js";
import { overrideModels } from "./models.js";
import { readInput, stringOption } from "./options.js";
import { sanitize } from "./sanitize.js";
import { UsageError } from "./usage-error.js";

interface QueueArgs {
  readonly redis?: unknown;
  readonly queue?: unknown;
}

export interface WorkerArgs extends QueueArgs {
  readonly dirs?: readonly string[];
  readonly concurrency?: unknown;
  readonly llm?: unknown;
}

export interface EnqueueArgs extends QueueArgs {
  readonly agent?: string;
  readonly input?: unknown;
  readonly idempotencyKey?: unknown;
  readonly priority?: unknown;
  readonly delay?: unknown;
  readonly deadline?: unknown;
  readonly tenant?: unknown;
  readonly wait?: boolean;
  readonly json?: boolean;
}

export interface RunsArgs extends QueueArgs {
  readonly action?: string;
  readonly id?: string;
  readonly reason?: unknown;
  readonly json?: boolean;
}

/** `ptcc worker`: take the queue's runs of the agent files until SIGTERM or Ctrl-C. */
export async function runWorker(args: WorkerArgs): Promise<number> {
  const concurrency = intOption("--concurrency", args.concurrency, 1) ?? 1;
  const llmSpec = stringOption("--llm", args.llm);
  const loaded = await loadAgents(agentFiles(args.dirs !== undefined && args.dirs.length > 0 ? args.dirs : ["agents"]));
  if (typeof loaded === "number") return loaded;
  const { agents, files } = loaded;
  let models: { llm?: Llm; llmRegistry?: LlmRegistry } = {};
  if (llmSpec !== undefined) {
    let llm: Llm;
    try {
      llm = await createLlm(llmSpec, { cwd: process.cwd() });
    } catch (e) {
      if (e instanceof LlmError) throw new UsageError(e.message);
      throw e;
    }
    // A model given on the command line replaces those the agent files name.
    const llmRegistry = Object.assign(
      {},
      ...Object.values(agents).map((a) => overrideModels(a.definition, llm)),
    ) as LlmRegistry;
    models = { llm, llmRegistry };
  }
  const { backend, where } = await bullmq(args);
  const { startWorker } = await import("../queue/worker.js");
  const worker = await startWorker(agents, {
    backend,
    ...models,
    concurrency,
    onEvent: (e) => {
      const what =
        e.type === "end"
          ? e.ok === true
            ? "returned"
            : `failed (${e.fail ?? "?"})`
          : e.type === "start"
            ? `started (attempt ${e.attempt})`
            : `${e.type}: ${e.reason ?? ""}`;
      process.stderr.write(sanitize(`ptcc worker: run ${e.id} (${e.agent}) ${what}`) + "\n");
    },
  });
  const names = Object.keys(agents);
  process.stderr.write(
    `ptcc worker: ${names.length} agent${names.length === 1 ? "" : "s"} (${names.join(", ")}) from ${files} on ${where}, ${concurrency} at a time\n`,
  );
  const signal = await signalled();
  process.stderr.write("ptcc worker: closing — the runs under way finish their turn and go back to the queue\n");
  await worker.close();
  await backend.close();
  return signal === "SIGINT" ? 130 : 0;
}

/** `ptcc enqueue`: check the input, queue a run, print its id (with --wait, its result). */
export async function runEnqueue(args: EnqueueArgs): Promise<number> {
  if (args.agent === undefined || args.agent === "")
    throw new UsageError("name an agent file: ptcc enqueue NAME.agent.md");
  const input = readInput(stringOption("--input", args.input));
  const idempotencyKey = stringOption("--idempotency-key", args.idempotencyKey);
  const tenant = stringOption("--tenant", args.tenant);
  const priority = intOption("--priority", args.priority, 1);
  const delayMs = intOption("--delay", args.delay, 0);
  const deadlineMs = intOption("--deadline", args.deadline, 1);
  const loaded = await loadAgents([args.agent]);
  if (typeof loaded === "number") return loaded;
  const [name] = Object.keys(loaded.agents) as [string];
  const { backend } = await bullmq(args);
  const { createRuns } = await import("../queue/create-runs.js");
  const runs = createRuns(loaded.agents, { backend });
  try {
    const entry = runs[name] as {
      enqueue(input: unknown, options: unknown): Promise<{ id: string; result(): Promise<StepJson> }>;
    };
    let h;
    try {
      h = await entry.enqueue(input, {
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        ...(tenant !== undefined ? { tenant } : {}),
        ...(priority !== undefined ? { priority } : {}),
        ...(delayMs !== undefined ? { delayMs } : {}),
        ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      });
    } catch (e) {
      if (e instanceof QueueError && e.kind === "input") {
        process.stderr.write(sanitize(`ptcc: ${e.message}`) + "\n");
        return 1;
      }
      throw e;
    }
    if (args.wait !== true) {
      process.stdout.write(args.json === true ? `${JSON.stringify({ id: h.id, agent: name })}\n` : `${h.id}\n`);
      return 0;
    }
    const step = await h.result();
    process.stdout.write(
      args.json === true ? `${JSON.stringify({ id: h.id, ...step })}\n` : `${h.id}: ${summary(step)}\n`,
    );
    return step.ok ? 0 : 1;
  } finally {
    await runs.close();
  }
}

/** `ptcc runs status ID` and `ptcc runs cancel ID`. */
export async function runRuns(args: RunsArgs): Promise<number> {
  const id = args.id;
  if (id === undefined || id === "") throw new UsageError("name a run: ptcc runs status ID");
  const { backend } = await bullmq(args);
  try {
    if (args.action === "cancel") {
      const reason = stringOption("--reason", args.reason) ?? "cancelled from the command line";
      const done = await backend.cancel(id, reason);
      process.stdout.write(done ? `${id}: cancelled\n` : `${id}: not waiting or running (nothing to cancel)\n`);
      return done ? 0 : 1;
    }
    const s = await backend.state(id);
    if (s === null) {
      if (args.json === true) process.stdout.write(`${JSON.stringify({ id, status: null })}\n`);
      else process.stderr.write(sanitize(`ptcc: no run ${id}`) + "\n");
      return 1;
    }
    if (args.json === true) {
      process.stdout.write(`${JSON.stringify({ id, ...s })}\n`);
      return 0;
    }
    const lines = [`${id}: ${s.status} (agent ${s.agent}${s.tenant !== undefined ? `, tenant ${s.tenant}` : ""})`];
    if (s.step !== undefined) lines.push(`  ${summary(s.step)}`);
    if (s.error !== undefined) lines.push(`  error: ${s.error}`);
    process.stdout.write(sanitize(lines.join("\n")) + "\n");
    return 0;
  } finally {
    await backend.close();
  }
}

/** One line for a Step: its return value or its failure, and its turns. */
function summary(step: StepJson): string {
  const turns = `${step.turns} turn${step.turns === 1 ? "" : "s"}`;
  return step.ok
    ? `returned ${JSON.stringify(step.return)} (${turns})`
    : `failed: ${step.fail.kind}: ${step.fail.reason} (${turns})`;
}

/** The backend of `--redis` (or REDIS_URL) and `--queue`. */
async function bullmq(args: QueueArgs): Promise<{ backend: RunBackend; where: string }> {
  const url = stringOption("--redis", args.redis) ?? process.env["REDIS_URL"];
  if (url === undefined || url === "")
    throw new UsageError("give the Redis of the queue: --redis redis://HOST:PORT (or set REDIS_URL)");
  const queue = stringOption("--queue", args.queue) ?? "ptcc";
  const { bullmqBackend } = await import("../bullmq/backend.js");
  try {
    return {
      backend: bullmqBackend({ connection: url, queue }),
      where: `queue ${queue} at ${url.replace(/\/\/[^@/]*@/, "//***@")}`,
    };
  } catch (e) {
    if (e instanceof QueueError) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * Agent files as a registry, each under the name `ptcc compile` gives its module; the exit
 * code 2 (with every problem printed) when one cannot be loaded.
 */
async function loadAgents(files: readonly string[]): Promise<{ agents: AgentRegistry; files: string } | number> {
  const agents: Record<string, Agent> = {};
  for (const file of files) {
    const names = moduleNames(moduleBaseName(file));
    if ("problem" in names) throw new UsageError(`${file}: ${names.problem} — ${names.hint}`);
    if (Object.hasOwn(agents, names.agent))
      throw new UsageError(`${file}: another agent file is also named ${names.agent}`);
    const agent = await loadAgentOrReport(file);
    if (agent === 2) return 2;
    agents[names.agent] = agent;
  }
  return { agents, files: files.length === 1 ? files[0]! : `${files.length} files` };
}

/** An integer option given once, at least `min`; undefined when absent. */
function intOption(name: string, v: unknown, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === "number" ? v : typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} needs an integer of at least ${min}`);
  return n;
}
