/**
 * The tools of one run, as the session calls them: each host tool wrapped with its
 * signature (arguments coerced and validated, results validated), tracing, and error
 * capture; each agent tool (and `self`) runs a child agent one level deeper.
 *
 * A tool that throws, or whose child agent fails, raises an Error: the session turns it
 * into a `tool` error at the call's position, which goes back to the LLM as feedback. A
 * tool whose result breaks its own signature is a bug of the host the model cannot fix:
 * it is reported to the run (`contractBroken`), which ends as `tool_contract`. Nothing a
 * tool does crashes a run.
 */
import { hostWalk } from "../evaluator/host-walk.js";
import { hostMessage } from "../runtime/convert.js";
import type { ToolCallInfo, ToolFunction } from "../evaluator/session.js";
import type { ToolOutcome } from "./journal/entries.js";
import { checkInput, checkOutput } from "../signature/compiled.js";
import { parseSignature } from "../signature/parse.js";
import { renderSignature } from "../signature/render.js";
import type { ValidationIssue } from "../runtime/validation.js";
import { llmIssue } from "./feedback.js";
import { agentLabel } from "./rules.js";
import type { Signature } from "../signature/types.js";
import { enumsAsKeywords, hasEnums } from "./enum-keywords.js";
import {
  SELF,
  type AgentDefinition,
  type Step,
  type ToolCallTrace,
  type ToolContext,
  type ToolDefinition,
  type ToolFn,
  type ToolSpec,
} from "./types.js";
import type { ToolEntry } from "./prompt/namespace.js";
import { canonicalArgs, type ToolCache } from "./tool-cache.js";
import { toolStopped, toolTimeout, type ToolGovernor } from "./tool-governor.js";
import { ToolStop } from "../evaluator/tool-stop.js";
import { CHECK_ARGS, CheckedAnswer, checkedArgs } from "../evaluator/tool-checks.js";
import { builtinToolDefinitions } from "./builtin-tools/index.js";
import { LLM_QUERY, llmQueryTool } from "./llm-query.js";
import { programToolEntries } from "./program-tools.js";
import { isModelCall, modelCallFailure } from "./model-call.js";

/**
 * How the wrapped tools journal their outcomes and replay journaled ones (a durable run).
 * `replayed` gives the journaled outcome of the call at `key` when the run is replaying it
 * (and throws when the journal holds another call there); `answered` takes a live outcome.
 */
export interface ToolJournal {
  readonly replayed: (key: string, name: string, args: Record<string, unknown>) => ToolOutcome | undefined;
  readonly answered: (
    key: string,
    name: string,
    args: Record<string, unknown>,
    outcome: ToolOutcome,
    ms: number,
  ) => void;
  /** A replay that did something else than the journaled run: the run ends. */
  readonly diverged: (reason: string) => void;
  /** The journal's path of the child run an agent tool starts at `key`. */
  readonly childPath: (key: string) => string;
}

/** What the wrapped tools need from the run they belong to. */
export interface ToolHost {
  readonly definition: AgentDefinition;
  /** The context a call gets; `key` is the call's position in the evaluation. */
  readonly context: (key: string) => ToolContext;
  readonly journal?: ToolJournal;
  /**
   * Records a call (the turn's trace and the trace sink); `copies`: its arguments' and
   * answer's copies for the trace, when `traceCopy` made them already.
   */
  readonly record: (call: ToolCallTrace, copies?: readonly [unknown, unknown]) => void;
  /**
   * The copies a call's trace event shows of its arguments and answer (walks): made in the
   * stretch that checked the answer, so that recording the call needs no watchdog of its own.
   */
  readonly traceCopy?: (args: unknown, result: unknown) => readonly [unknown, unknown];
  /** Told of each call as it starts (the run's events). */
  readonly started?: (name: string, args: Record<string, unknown>, key: string, cached: boolean) => void;
  /** Told of every value a tool answers, before a program sees it (its firewalled leaves). */
  readonly seen: (value: unknown) => void;
  /** The time (ms) the walks over a call's arguments and answer may take now: what is left of the turn. */
  readonly msLeft?: () => number;
  /** Coercion warnings to show the LLM after the turn. */
  readonly note: (tool: string, warnings: readonly ValidationIssue[]) => void;
  /** A tool returned data that breaks its own signature (or a child run ended for that): the run ends. */
  readonly contractBroken?: (reason: string) => void;
  /**
   * Runs a child agent one level deeper; resolves to its Step. `inherit`: the child
   * starts with this run's closures (a `self` tool).
   */
  readonly runChild: (
    tool: string,
    child: AgentDefinition,
    args: Record<string, unknown>,
    inherit: boolean,
    key: string,
  ) => Promise<Step>;
  /** The current evaluation's governor: its call count, its slots, the calls' signals. */
  readonly governor: () => ToolGovernor;
  /** The answers of `cache: true` tools (the run's, shared with its children). */
  readonly cache?: ToolCache;
}

const MAX_ERRORS_SHOWN = 5;

function issuesText(issues: readonly ValidationIssue[]): string {
  const shown = issues.slice(0, MAX_ERRORS_SHOWN).map(llmIssue);
  if (issues.length > shown.length) shown.push(`and ${issues.length - shown.length} more`);
  return shown.join("; ");
}

function normalize(spec: Exclude<ToolSpec, typeof SELF>): ToolDefinition | null {
  if (typeof spec === "function") return { fn: spec };
  if ("kind" in spec) return null;
  return spec;
}

/** Parsed tool signatures, kept with the tool definition (so compiled validators are reused). */
const parsed = new WeakMap<ToolDefinition, Signature>();

function signatureOf(spec: ToolDefinition): Signature | null {
  if (spec.signature === undefined) return null;
  if (typeof spec.signature !== "string") return spec.signature;
  let sig = parsed.get(spec);
  if (sig === undefined) {
    sig = parseSignature(spec.signature);
    parsed.set(spec, sig);
  }
  return sig;
}

/** The session tools of a run. */
export function buildTools(host: ToolHost): Record<string, ToolFunction> {
  const out: Record<string, ToolFunction> = {};
  for (const [name, spec] of Object.entries(host.definition.tools)) {
    if (spec === SELF) out[name] = (args, at) => childTool(host, name, host.definition, args, true, at);
    else if (typeof spec === "object" && "kind" in spec) {
      // Other agents inherit nothing: only a self child shares its parent's helpers.
      const child = spec.agent.definition;
      out[name] = (args, at) => childTool(host, name, child, args, false, at);
    } else out[name] = hostTool(host, name, normalize(spec)!);
  }
  // The tools the options enable (program-tools.ts) take the same paths: an agent tool's, a host tool's.
  const def = host.definition;
  if (def.llmQuery !== undefined) {
    // The call is traced and journaled with all its arguments; the model call gets the placeholders' values.
    out[LLM_QUERY] = llmQueryTool(def.llmQuery, (child, args, input, at) =>
      childTool(host, LLM_QUERY, child, args, false, at, input),
    );
  }
  for (const [name, spec] of Object.entries(builtinToolDefinitions(def.builtinTools, def.limits, host.msLeft))) {
    out[name] = hostTool(host, name, spec);
  }
  return out;
}

/**
 * The journaled outcome of a call being replayed (undefined: the call runs live). A replay
 * that makes another call than the journaled run stops the run (`diverged`) and fails the call.
 */
function replayed(host: ToolHost, name: string, args: Record<string, unknown>, key: string): ToolOutcome | undefined {
  const journal = host.journal;
  if (journal === undefined) return undefined;
  try {
    return journal.replayed(key, name, args);
  } catch (e) {
    const reason = hostMessage(e);
    journal.diverged(reason);
    throw new Error(reason);
  }
}

function hostTool(host: ToolHost, name: string, spec: ToolDefinition): ToolFunction {
  const sig = signatureOf(spec);
  const fn: ToolFn = spec.fn;
  const limits = host.definition.limits;
  // Checking walks data a program made (of any size and shape): with a budget, under the
  // watchdog — the session runs it in the stretch that made the call (tool-checks.ts).
  const checkArgs =
    sig === null
      ? undefined
      : (args: Record<string, unknown>) =>
          hostWalk((meter) => checkInput(sig, args, "enabled", meter), { limits, ms: host.msLeft?.() });
  const tool = async (args: Record<string, unknown>, at: ToolCallInfo): Promise<unknown> => {
    // Everything up to the wait for a slot runs at once, in the order the program made
    // the calls: the count, the cache and the queue see them in program order.
    const governor = host.governor();
    const rawArgs = args;
    const outcome = replayed(host, name, rawArgs, at.key);
    if (outcome !== undefined && !("value" in outcome) && !("error" in outcome)) {
      const reason = `turn ${host.context(at.key).turn}, call ${at.key}: tool/${name} is a host tool, the journaled run's call there was not`;
      host.journal?.diverged(reason);
      throw new Error(reason);
    }
    const cacheKey = spec.cache === true && host.cache !== undefined ? canonicalArgs(rawArgs) : null;
    const hit = outcome === undefined && cacheKey !== null ? host.cache!.get(spec, cacheKey) : undefined;
    const cached = hit !== undefined || (outcome !== undefined && "value" in outcome && outcome.cached === true);
    // Answers from the cache are not calls of the tool: they do not count.
    if (!cached) governor.admit();
    const call = recorder(host, governor, name, args, at, outcome === undefined, cached);
    let release: (() => void) | undefined;
    let checking = false;
    try {
      if (checkArgs !== undefined) {
        const checked = checkedArgs(at, () => checkArgs(args));
        if (!checked.ok) throw new Error(`invalid arguments: ${issuesText(checked.errors)}`);
        if (checked.warnings.length > 0) host.note(name, checked.warnings);
        call.args = checked.value as Record<string, unknown>;
      }
      let result: unknown;
      if (hit !== undefined) {
        result = hit.value;
        call.outcome({ value: result, cached: true });
      } else if (outcome === undefined) {
        release = await governor.acquire(name, spec.concurrency);
        try {
          result = await callTool(
            fn,
            call.args,
            withSignal(host.context(at.key), call),
            name,
            spec.timeoutMs,
            call.abort,
          );
        } catch (e) {
          call.outcome(e instanceof ToolStop ? { error: e.message, stopped: true } : { error: hostMessage(e) });
          throw e;
        } finally {
          // The tool has answered: the next call may start while this answer is checked.
          release();
        }
        call.outcome({ value: result });
      } else if ("error" in outcome)
        throw outcome.stopped === true ? toolStopped(name, outcome.error) : new Error(outcome.error);
      else result = outcome.value;
      // The answer's walks — its check, its firewalled values, its enums as keywords — run
      // in the stretch that goes on with the program (with the other answers that came);
      // its trace event is written after that stretch, so that a stretch the watchdog
      // stops cannot take the event with it.
      const answered = result;
      checking = true;
      let checkedAt: number | undefined;
      let copies: readonly [unknown, unknown] | undefined;
      return new CheckedAnswer(
        () => {
          try {
            const value = checkAnswer(
              host,
              name,
              sig,
              answered,
              cacheKey !== null && hit === undefined ? spec : null,
              cacheKey,
            );
            copies = host.traceCopy?.(call.args, answered);
            return value;
          } finally {
            checkedAt = performance.now();
          }
        },
        (settled) => {
          try {
            // The call took until its answer was checked, not until the program's stretch ended.
            if (settled.ok) call.done({ result: answered }, checkedAt, copies);
            else call.done({ error: hostMessage(settled.error) }, checkedAt);
          } finally {
            call.end();
          }
        },
      );
    } catch (e) {
      // Whatever the tool threw (an Error, a string, an object without a prototype, an
      // Error whose message getter throws) becomes a plain Error with a message; a call
      // stopped with its own message (its timeout) keeps it.
      const error = hostMessage(e);
      call.outcome({ error });
      call.done({ error });
      throw e instanceof ToolStop ? e : new Error(error);
    } finally {
      release?.();
      if (!checking) call.end();
    }
  };
  return checkArgs === undefined ? tool : Object.assign(tool, { [CHECK_ARGS]: checkArgs });
}

/**
 * A host tool's answer checked (inside the evaluation's stretch): against the tool's
 * signature, its firewalled values told to the run, its enums made keywords; the value the
 * program gets. A broken signature is reported to the run; every failure is a plain Error
 * with a message (the session makes it the call's `tool/x failed`).
 */
function checkAnswer(
  host: ToolHost,
  name: string,
  sig: Signature | null,
  result: unknown,
  cacheSpec: ToolDefinition | null,
  cacheKey: string | null,
): unknown {
  const limits = host.definition.limits;
  let broken: string | null;
  try {
    broken = hostWalk(
      (meter) => {
        if (sig !== null) {
          const checked = checkOutput(sig, result, "enabled", meter);
          if (!checked.ok)
            return `returned data that does not match ${renderSignature(sig)}: ${issuesText(checked.errors)}`;
        }
        host.seen(result);
        return null;
      },
      { limits, ms: host.msLeft?.() },
    );
  } catch (e) {
    throw new Error(hostMessage(e));
  }
  if (broken !== null) {
    host.contractBroken?.(
      `tool/${name} ${broken} — the tool breaks its own signature, which the model cannot fix: fix the tool or its signature`,
    );
    throw new Error(broken);
  }
  // A successful answer (live or replayed: a replay fills the cache as the run did).
  if (cacheSpec !== null && cacheKey !== null) host.cache!.set(cacheSpec, cacheKey, result);
  // Enum values enter the program as keywords (`"open"` → `:open`).
  if (sig !== null && hasEnums(sig.output)) {
    const out = sig.output;
    try {
      return hostWalk((meter) => enumsAsKeywords(out, result, meter), { limits, ms: host.msLeft?.() });
    } catch (e) {
      throw new Error(hostMessage(e));
    }
  }
  return result;
}

/** The context a tool gets: its call's own signal, made when the tool first reads it. */
function withSignal(context: ToolContext, call: { readonly signal: AbortSignal }): ToolContext {
  const out = { ...context };
  Object.defineProperty(out, "signal", { get: () => call.signal, enumerable: true, configurable: true });
  return out;
}

/**
 * Calls a host tool; past `timeoutMs` the call is a tool error and its signal aborts —
 * whether or not the tool ever settles.
 */
async function callTool(
  fn: ToolFn,
  args: Record<string, unknown>,
  context: ToolContext,
  name: string,
  timeoutMs: number | undefined,
  abort: (reason: unknown) => void,
): Promise<unknown> {
  const answer = Promise.resolve().then(() => fn(args, context));
  if (timeoutMs === undefined) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = toolTimeout(name, timeoutMs);
      abort(e);
      reject(e);
    }, timeoutMs);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
    // A tool that answers after its timeout: nobody waits for it, nothing is unhandled.
    answer.catch(() => undefined);
  }
}

async function childTool(
  host: ToolHost,
  name: string,
  child: AgentDefinition,
  args: Record<string, unknown>,
  inherit: boolean,
  at: ToolCallInfo,
  input: Record<string, unknown> = args,
): Promise<unknown> {
  const governor = host.governor();
  const outcome = replayed(host, name, args, at.key);
  if (outcome !== undefined && !("child" in outcome)) {
    const reason = `turn ${host.context(at.key).turn}, call ${at.key}: tool/${name} runs an agent, the journaled run's call there did not`;
    host.journal?.diverged(reason);
    throw new Error(reason);
  }
  // An agent used as a tool is a call like any other: counted, and in flight under toolConcurrency.
  governor.admit();
  const call = recorder(host, governor, name, args, at, outcome === undefined, false);
  let release: (() => void) | undefined;
  try {
    release = await governor.acquire(name);
    const step = await host.runChild(name, child, input, inherit, at.key);
    if (host.journal !== undefined) call.outcome({ child: host.journal.childPath(at.key) });
    if (!step.ok) {
      const reason = step.failure?.reason ?? "failed";
      // A child's broken tool is as much beyond the parent's model as its own would be.
      if (step.failure?.kind === "tool_contract") host.contractBroken?.(`${agentLabel(child.name)}: ${reason}`);
      call.done({ error: reason });
      throw new Error(isModelCall(child) ? modelCallFailure(step) : `${agentLabel(child.name)} failed: ${reason}`);
    }
    call.done({ result: step.return });
    return step.returnValue ?? step.return;
  } finally {
    release?.();
    call.end();
  }
}

/**
 * One trace event per tool call, whatever happens to it: when it answers or throws, or —
 * when the turn ends first (its time ran out, the run was cancelled) — then, saying that
 * no answer came. An answer arriving later is not recorded again. The call's own signal
 * is linked to the turn's through the governor (one listener for all calls).
 */
function recorder(
  host: ToolHost,
  governor: ToolGovernor,
  name: string,
  args: Record<string, unknown>,
  at: ToolCallInfo,
  live: boolean,
  cached: boolean,
): {
  args: Record<string, unknown>;
  readonly signal: AbortSignal;
  readonly abort: (reason: unknown) => void;
  done: (r: { result?: unknown; error?: string }, endedAt?: number, copies?: readonly [unknown, unknown]) => void;
  outcome: (o: ToolOutcome) => void;
  end: () => void;
} {
  const t0 = performance.now();
  host.started?.(name, args, at.key, cached);
  let recorded = false;
  let journaled = !live;
  const onAbort = (): void => {
    call.outcome({ timeout: true });
    call.done({ error: "no answer before the turn ended" });
  };
  const link = governor.link(onAbort);
  const call = {
    args,
    get signal(): AbortSignal {
      return link.signal;
    },
    abort: link.abort,
    done: (r: { result?: unknown; error?: string }, endedAt?: number, copies?: readonly [unknown, unknown]): void => {
      if (recorded) return;
      host.record(
        {
          name,
          args: call.args,
          ...r,
          durationMs: (endedAt ?? performance.now()) - t0,
          key: at.key,
          ...(live ? {} : { replayed: true }),
          ...(cached ? { cached: true } : {}),
        },
        copies,
      );
      // Only once written: a recording interrupted (a limit, the watchdog) is made again by
      // the error path, so that the call still has its event.
      recorded = true;
    },
    /** The live call's outcome, for the journal (the arguments as the program passed them). */
    outcome: (o: ToolOutcome): void => {
      if (journaled) return;
      journaled = true;
      host.journal?.answered(at.key, name, args, o, performance.now() - t0);
    },
    end: (): void => link.end(),
  };
  return call;
}

/** The signature of each tool that has one: a host tool's own, an agent tool's agent's. */
export function toolSignatures(def: AgentDefinition): Map<string, Signature> {
  const out = new Map<string, Signature>();
  for (const [name, spec] of Object.entries(def.tools)) {
    if (spec === SELF) out.set(name, def.signature);
    else if (typeof spec === "object" && "kind" in spec) out.set(name, spec.agent.definition.signature);
    else {
      const sig = signatureOf(normalize(spec)!);
      if (sig !== null) out.set(name, sig);
    }
  }
  for (const [name, spec] of Object.entries(builtinToolDefinitions(def.builtinTools, def.limits))) {
    out.set(name, signatureOf(spec)!);
  }
  return out;
}

/**
 * Named types spelled out: the model has no other place to learn what `:Ticket` is (the
 * names are the host's; prompts say the types themselves).
 */
const PROMPT_RENDER = { namedTypes: "expand" } as const;

/**
 * How the tools appear in the prompt: whole signatures. Firewalled (`_`) fields are listed by
 * name and type so that programs can use them; only their values are kept from the model.
 */
export function toolEntries(def: AgentDefinition): ToolEntry[] {
  const out: ToolEntry[] = [];
  for (const [name, spec] of Object.entries(def.tools)) {
    if (spec === SELF) {
      out.push({
        name,
        signature: renderSignature(def.signature, PROMPT_RENDER),
        description: def.description ?? "Run this same agent on a smaller part of the mission.",
      });
    } else if (typeof spec === "object" && "kind" in spec) {
      out.push({
        name,
        signature: renderSignature(spec.agent.definition.signature, PROMPT_RENDER),
        description: spec.description,
      });
    } else {
      const d = normalize(spec)!;
      const sig = signatureOf(d);
      out.push({
        name,
        signature: sig === null ? null : renderSignature(sig, PROMPT_RENDER),
        ...(d.description !== undefined ? { description: d.description } : {}),
      });
    }
  }
  const builtin = builtinToolDefinitions(def.builtinTools, def.limits);
  out.push(
    ...programToolEntries(def, (name) => ({
      name,
      signature: renderSignature(signatureOf(builtin[name]!)!),
      ...(builtin[name]!.description !== undefined ? { description: builtin[name]!.description } : {}),
    })),
  );
  return out;
}
