/**
 * Running a frozen agent: the program a model wrote once (kept as `x.program.clj` and
 * compiled ahead of time into the agent's generated module) run on a new input without a
 * model. The input is checked against the signature as a run checks it, the program runs
 * in a session with the agent's tools (wrapped as in a run: coerced, validated, traced)
 * and limits, and its value is checked against the output type: the result is a Step with
 * one turn, as a single-turn run that returned would give.
 *
 * A frozen program has no model to mend it: an error, or a value that does not match the
 * output type, ends the run as a failure of kind `program` (`fail` for `(fail ...)`).
 */
import { governorFor, NEVER, type ToolGovernor } from "./tool-governor.js";
import { ToolCache } from "./tool-cache.js";
import { hostMessage } from "../runtime/convert.js";
import { formatError } from "../diagnostics/error.js";
import { FrozenProgram } from "../evaluator/frozen.js";
import { toPtcError, type EvalResult } from "../evaluator/evaluate.js";
import { PREEMPT_GRACE_MS, preemptible } from "../evaluator/preempt.js";
import { Session, type ToolFunction } from "../evaluator/session.js";
import { resolveLimits } from "../runtime/limits.js";
import { renderType } from "../signature/render.js";
import type { Agent } from "./define.js";
import { llmIssue } from "./feedback.js";
import { endVars, jsonValue, returnIssues } from "./host-values.js";
import { tryHostWalk } from "../evaluator/host-walk.js";
import { toJsonSafe } from "../runtime/convert.js";
import { runAgent } from "./loop.js";
import { checkRunInput } from "./prepare.js";
import { toolCatalog } from "./tool-check.js";
import { buildTools, toolSignatures } from "./tools.js";
import type { AgentDefinition, Failure, RunOptions, Step, ToolCallTrace, Turn, TurnOutcome, Usage } from "./types.js";

/** Options of a frozen run (`xFrozen(input, options)`). */
export interface FrozenRunOptions {
  /** Cancels the run: a tool call under way is told through its context's signal. */
  readonly signal?: AbortSignal;
  /** The model of the agents this agent calls as tools (they are not frozen). */
  readonly llm?: RunOptions["llm"];
}

/** The Step's namespace: each def's JSON by name (`__proto__` too stays data). */
function namespaceObject(vars: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of vars) {
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const NO_USAGE: Usage = {
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  cacheWriteInputTokens: 0,
  llmRequests: 0,
};

/** A program kept as its text (a program file not compiled ahead of time): evaluated from its source. */
export interface ProgramText {
  readonly source: string;
  /** The file, for error positions. */
  readonly file?: string;
}

/**
 * Run `agent`'s frozen `program` on `input` without a model: a FrozenProgram compiled ahead
 * of time (a generated module's `xFrozen` calls this), or a program's text, evaluated.
 * Never throws: a failure is a failed Step.
 */
export async function runFrozen<I, O>(
  agent: Agent<I, O>,
  program: FrozenProgram | ProgramText,
  input: I,
  options: FrozenRunOptions = {},
): Promise<Step<O>> {
  return (await frozenStep(agent.definition, program, input as Readonly<Record<string, unknown>>, options)) as Step<O>;
}

/** As runFrozen, with the tools' functions given (freezeAgent replays a run's tool answers). */
export async function frozenStep(
  def: AgentDefinition,
  program: FrozenProgram | ProgramText,
  given: Readonly<Record<string, unknown>>,
  options: FrozenRunOptions,
  tools?: Readonly<Record<string, ToolFunction>>,
): Promise<Step> {
  const started = performance.now();
  const calls: ToolCallTrace[] = [];
  let governor: ToolGovernor | undefined;
  const runId = `frozen-${Math.random().toString(36).slice(2, 10)}`;
  let session: Session | null = null;
  // The run ends once: a run cancelled while its program waits is not finished again when
  // the abandoned evaluation ends later.
  let done: Step | null = null;
  const finish = (
    outcome: TurnOutcome | null,
    failure: Failure | null,
    value?: { json: unknown; raw: unknown },
  ): Step => {
    if (done !== null) return done;
    governor?.dispose();
    const durationMs = performance.now() - started;
    const turns: Turn[] =
      outcome === null
        ? []
        : [
            {
              index: 1,
              turn: 1,
              response: "",
              program: program.source,
              outcome,
              feedback: "",
              toolCalls: calls,
              durationMs,
            },
          ];
    const vars = (session?.namespace.all() ?? []).filter((v) => v.bound).map((v) => [v.name, v.value] as const);
    const rest = {
      turns,
      transcript: turns,
      usage: NO_USAGE,
      namespace: {},
      fieldDescriptions: def.fieldDescriptions,
      signature: def.signature,
      trace: [],
      durationMs,
    };
    const step: Step =
      failure === null
        ? { ok: true, agent: def.name, return: value?.json, returnValue: value?.raw, ...rest }
        : { ok: false, agent: def.name, failure, fail: failure, ...rest };
    // The namespace's JSON is made when it is read: a frozen agent's caller wants the answer,
    // and writing every def (the program's working data) would cost as much as the run.
    let namespace: Record<string, unknown> | null = null;
    Object.defineProperty(step, "namespace", {
      enumerable: true,
      configurable: true,
      get: () => (namespace ??= namespaceObject(endVars(vars, def.limits))),
    });
    return (done = step);
  };

  // The checks and walks around the program run under one watchdog before it and one after
  // (each would start its own: a watchdog costs as much as the rest of a small run), and the
  // program's first stretch runs under the first (Session.evaluate starts synchronously).
  // One deadline for the whole run, as a run's turn has: what comes after the program
  // (tool answers' walks, the output check) gets what is left, not a fresh limit.
  const deadline = started + resolveLimits(def.limits).timeoutMs;
  const msLeft = (): number => Math.max(1, deadline - performance.now());
  const ms = (): number => msLeft() + PREEMPT_GRACE_MS;
  /** A tool broke its own signature: the host's defect, not the program's. */
  let broken: string | undefined;
  // A problem outside the program: the input's (before it) or a defect (after it).
  const guarded = <T>(f: () => T, kind: "input" | "internal"): T | Step => {
    try {
      return preemptible(f, { ms: ms() });
    } catch (e) {
      const error = toPtcError(e);
      return finish(null, { kind: error.kind === "timeout" ? "timeout" : kind, reason: error.message });
    }
  };
  const running = guarded((): Promise<Step> | Step => {
    const checked = checkRunInput(def, given);
    if (!checked.ok) return finish(null, { kind: "input", reason: checked.reason });
    try {
      session = newSession(checked.input);
    } catch (e) {
      return finish(null, { kind: "input", reason: hostMessage(e) });
    }
    if (options.signal?.aborted === true) return finish(null, { kind: "cancelled", reason: "the run was cancelled" });
    if (program instanceof FrozenProgram) {
      // The answer is checked in the stretch where the program ends (a failing `ended`
      // throws nothing: it makes a failed Step).
      return session
        .evaluateFrozenThen(program, { print: "none" }, ended)
        .then(({ result, finished }) => finished?.value ?? guarded(() => ended(result), "internal"));
    }
    return session
      .evaluate(program.source, { print: "none", ...(program.file !== undefined ? { file: program.file } : {}) })
      .then((r) => guarded(() => ended(r), "internal"));
  }, "input");
  // Cancelled while the program waits for a tool that does not stop: the run ends now, not at
  // its deadline (the call's signal was aborted; its trace entry says no answer came).
  const signal = options.signal;
  if (!(running instanceof Promise) || signal === undefined) return running;
  return new Promise<Step>((resolve, reject) => {
    // After the signal's other listeners (the tool calls', which record them as unanswered).
    const stop = (): void =>
      queueMicrotask(() => resolve(finish("error", { kind: "cancelled", reason: "the run was cancelled" })));
    signal.addEventListener("abort", stop, { once: true });
    running.then(
      (step) => {
        signal.removeEventListener("abort", stop);
        resolve(step);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", stop);
        reject(e);
      },
    );
  });

  function newSession(input: Record<string, unknown>): Session {
    return new Session({
      context: input,
      tools:
        tools ??
        buildTools({
          definition: def,
          context: (key) => ({
            agent: def.name,
            depth: 0,
            turn: 1,
            signal: options.signal ?? NEVER,
            idempotencyKey: `${runId}:1${key}`,
          }),
          record: (c) => calls.push(c),
          seen: () => {},
          note: () => {},
          msLeft,
          contractBroken: (reason) => (broken ??= reason),
          // The one evaluation's tool calls, under the definition's limits (as a run's turn).
          governor: () => (governor ??= governorFor(def, options.signal ?? NEVER)),
          cache: new ToolCache(),
          runChild: (_tool, child, args) =>
            runAgent(child, args, {
              ...(options.llm !== undefined ? { llm: options.llm } : {}),
              ...(options.signal !== undefined ? { signal: options.signal } : {}),
            }),
        }),
      // The catalog serves the analysis of a program's text; a frozen program was analysed
      // when it was compiled.
      ...(program instanceof FrozenProgram ? {} : { toolCatalog: toolCatalog(toolSignatures(def)) }),
      limits: def.limits,
    });
  }

  function ended(r: EvalResult): Step {
    // What stopped the program was not the program: the caller, or a tool's broken contract.
    if (options.signal?.aborted === true)
      return finish("error", { kind: "cancelled", reason: "the run was cancelled" });
    if (broken !== undefined) return finish("error", { kind: "tool_contract", reason: broken });
    if (!r.ok) {
      if (r.error.kind === "fail") {
        const value = jsonValue(r.error.detail, def.limits);
        return finish("fail", { kind: "fail", reason: `the program failed: ${formatError(r.error)}`, value });
      }
      return finish("error", { kind: "program", reason: `the frozen program stopped: ${formatError(r.error)}` });
    }
    const issues = returnIssues(def.signature, r.value, def.signatureValidation, def.limits, msLeft());
    if (!issues.ok) return finish("error", { kind: "timeout", reason: issues.error.message });
    if (issues.value.length > 0) {
      return finish("invalid", {
        kind: "program",
        reason: `the frozen program's answer does not match ${renderType(def.signature.output)}: ${issues.value.map(llmIssue).join("; ")}`,
      });
    }
    // The answer as JSON, whole (strict: a value that cannot be written fails the run); no
    // trace copy as a run makes, since a frozen run keeps no trace.
    const json = tryHostWalk((meter) => toJsonSafe(r.value, { meter, strict: true }), {
      limits: def.limits,
      ms: msLeft(),
    });
    if (!json.ok)
      return finish("error", { kind: json.error.kind === "timeout" ? "timeout" : "limit", reason: json.error.message });
    return finish("return", null, { json: json.value, raw: r.value });
  }
}
