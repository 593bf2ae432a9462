/**
 * The multi-turn loop of one agent run:
 *
 *   check the input → render the prompt once → for each turn: ask the LLM → extract the
 *   program → run it in the agent's session → return / fail / feedback → next turn
 *
 * The session keeps the user namespace across turns (a failed turn's defs are undone)
 * and `*1 *2 *3`. `(return v)` ends the run when `v` matches the output signature; a
 * mismatch, an error of any kind or a plain result goes back to the LLM as feedback.
 *
 * The system prompt and the first message are rendered once and every request extends
 * the previous one (conversation.ts), so providers can cache all but the newest
 * feedback; what a turn changes in user/ is reported in that turn's feedback.
 */
import { PtcError } from "../diagnostics/error.js";
import { Session } from "../evaluator/session.js";
import type { EvalResult } from "../evaluator/evaluate.js";
import { toLlm } from "../llm/ai-sdk.js";
import { llmInfo } from "../llm/info.js";
import { createLlm, suggestLlmSpec } from "../llm/resolve.js";
import {
  isTextStream,
  LlmError,
  normalizeReply,
  type Llm,
  type LlmMessage,
  type LlmRegistry,
  type LlmReply,
  type LlmRequest,
} from "../llm/types.js";
import { hostMessage } from "../runtime/convert.js";
import type { ValidationIssue } from "../runtime/validation.js";
import { PtcFn, type Value, type Var } from "../runtime/values.js";
import { renderType } from "../signature/render.js";
import { Conversation } from "./conversation.js";
import { extractJson, extractProgram, extractToolProgram } from "./extract.js";
import {
  endVars,
  hostWalk,
  jsonValue,
  printValue,
  returnIssues,
  returnJson,
  dataIssues,
  traceValue,
  traceValues,
  valueOf,
} from "./host-values.js";
import {
  coercionNotes,
  cut,
  cutOffFeedback,
  errorFeedback,
  invalidReturnFeedback,
  llmIssue,
  noProgramFeedback,
  resultFeedback,
} from "./feedback.js";
import { checkRunInput, dataEntries, missionText } from "./prepare.js";
import { renderUserNow } from "./prompt/namespace.js";
import { renderRunPrompt } from "./prompt/render.js";
import { RUN_PROGRAM } from "./prompt/system.js";
import { TOOL_CHECK, toolCatalog } from "./tool-check.js";
import { buildTools, toolEntries, toolSignatures, type ToolJournal } from "./tools.js";
import { governorFor, type ToolGovernor } from "./tool-governor.js";
import { ToolCache } from "./tool-cache.js";
import { retryPolicy, settledError, withLlmRetry } from "../llm/retry.js";
import type { ToolFunction } from "../evaluator/session.js";
import { agentLabel } from "./rules.js";
import { checkRunOptions, optionsReason, type CheckedRunOptions } from "./run-options.js";
import { newRunId, systemHash, TRACE_IDS, type TraceEvent } from "./trace.js";
import { openToolSources } from "./tool-source.js";
import { JournalError } from "./journal/errors.js";
import { RunLog } from "./journal/log.js";
import { ReplayDivergence, RunJournal } from "./journal/run-journal.js";
import { summarize } from "./journal/definition.js";
import type { ToolOutcome, TurnEntry } from "./journal/entries.js";
import { stepToJson } from "./step-json.js";
import { hasAltSpellings, inSignatureSpelling as respell } from "./signature-keys.js";
import { EVENT_IDS, type RunEvent, type RunEventBody } from "./events.js";
import { Allowance } from "./allowance.js";
import { isModelCall } from "./model-call.js";
import {
  estimateTokensOf,
  shouldCompact,
  summaryNote,
  trimNote,
  turnsToKeep,
  CHARS_PER_TOKEN,
  COMPACT_TO,
} from "./compaction.js";
import { DEFAULT_TURN_BUDGET } from "./rules.js";
import { renderUserSections } from "./prompt/namespace.js";
import type { BudgetLeft } from "../evaluator/eval-context.js";
import { keyword } from "../runtime/values.js";
import { MapBuilder } from "../runtime/map.js";
import { memoryNote, namespaceSize } from "./memory.js";
import { PTCC_VERSION } from "../version.js";
import { tryHostWalk } from "../evaluator/host-walk.js";
import { FirewallSecrets, redactJson } from "./secrets.js";
import type { AgentDefinition, Failure, RunOptions, Step, ToolCallTrace, Turn, TurnOutcome, Usage } from "./types.js";

/** What a child run inherits from the run that called it. */
export interface ParentRun {
  readonly runId: string;
  readonly depth: number;
  /** How many more levels of agents-as-tools may start below the parent. */
  readonly depthLeft: number;
  /** The mission deadline (performance.now() time). */
  readonly deadline: number;
  /** The budget the deadline was set from (for messages), ms. */
  readonly missionMs: number;
  readonly llm: Llm | undefined;
  readonly registry: LlmRegistry;
  /** Models made from specs (`script:F`, `openai:M`), shared by every run of a mission. */
  readonly made: Map<string, Promise<Llm>>;
  /** The firewalled values the mission has seen: hidden from every run's model. */
  readonly secrets: FirewallSecrets;
  /** The mission's journal and the child's path in it, when the mission is durable. */
  readonly journal?: { readonly log: RunLog; readonly path: string };
  /** What the parent's subtree may still spend (tokens, turns): the child's spending counts there too. */
  readonly allowance: Allowance;
  /** The answers of `cache: true` tools, shared by the mission's runs. */
  readonly toolCache: ToolCache;
  /** The child is one model call (model-call.ts): its turns are its own, not the parent's budget's. */
  readonly turnsApart?: boolean;
}

interface Counters {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteInputTokens: number;
  llmRequests: number;
}

/** Where a Step keeps the run that made it (for `continueFrom`). */
const LIVE_RUN: unique symbol = Symbol("ptcc.liveRun");

/** The run a Step came from, and which of its continuations ended with it. */
interface LiveRun {
  readonly run: Run;
  readonly generation: number;
}

/** The input of `agent.resume`: the run's input is read from its journal. */
export const FROM_JOURNAL: unique symbol = Symbol("ptcc.fromJournal");

/** Run an agent definition on an input. Never throws for anything a user, LLM or tool does. */
export async function runAgent(
  def: AgentDefinition,
  input: Readonly<Record<string, unknown>> | typeof FROM_JOURNAL,
  options: RunOptions,
  parent?: ParentRun,
  inherited: readonly InheritedFn[] = [],
): Promise<Step> {
  // Options it cannot use end the run as a failure (kind `options`), never as a throw.
  const checked = checkRunOptions(options);
  const from = checked.options.continueFrom as ({ readonly [LIVE_RUN]?: LiveRun } & Step) | undefined;
  const live = from?.[LIVE_RUN];
  if (live !== undefined && parent === undefined) return live.run.continueWith(live.generation, def, checked);
  return new Run(def, input, checked.options, parent, inherited, checked.problems).run();
}

/** A function a `self` child starts with: a closure of its parent's namespace. */
export interface InheritedFn {
  readonly name: string;
  readonly fn: PtcFn;
  readonly doc: string | null;
}

/** Names never inherited: firewalled (`_x`) and reserved internal ones. */
const NOT_INHERITED = /^(_|__ptc_)/;

/**
 * The closures of a namespace that a `self` child inherits: every function bound to a
 * name (plain values stay behind), except `_` and internal names. At depth N this is what
 * the agent inherited plus what it defined, so inheritance accumulates down the levels.
 */
export function inheritableFunctions(vars: readonly Var[]): InheritedFn[] {
  const out: InheritedFn[] = [];
  for (const v of vars) {
    if (!v.bound || NOT_INHERITED.test(v.name) || !(v.value instanceof PtcFn)) continue;
    out.push({ name: v.name, fn: v.value, doc: v.doc ?? v.value.doc });
  }
  return out;
}

class Run {
  private runId: string;
  private readonly depth: number;
  private readonly depthLeft: number;
  private deadline: number;
  /** The same deadline on the wall clock (epoch ms): journaled, so that a replay reads the same time left. */
  private deadlineAt: number;
  private readonly missionMs: number;
  private started = performance.now();
  private readonly trace: TraceEvent[] = [];
  private readonly turns: Turn[] = [];
  private readonly counters: Counters = {
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    cacheWriteInputTokens: 0,
    llmRequests: 0,
  };
  private readonly registry: LlmRegistry;
  private turn = 0;
  private turnCalls: ToolCallTrace[] = [];
  private turnNotes: string[] = [];
  private turnSignal: AbortSignal = new AbortController().signal;
  /** The current turn's tool calls under control (maxToolCalls, toolConcurrency); one per evaluation. */
  private governor: ToolGovernor | null = null;
  /** The answers of `cache: true` tools, shared with child runs. */
  private readonly toolCache: ToolCache;
  /** When the current turn's time ends (performance.now); Infinity between turns. */
  private turnDeadline = Infinity;
  private session: Session | null = null;
  /** The conversation so far, once the prompt is rendered. */
  private conversation: Conversation | null = null;
  /** The hash of the system prompt last written to the trace. */
  private tracedSystem: string | null = null;
  /** The `user/ now:` line last shown to the model (null: none yet). */
  private shownUser: string | null = null;
  /** The inherited functions by name (their first message lists them, user/ now: does not). */
  private inheritedFns: Map<string, PtcFn> | null = null;
  /** The model this run uses, once resolved (children default to it). */
  private llm: Llm | undefined;
  private readonly made: Map<string, Promise<Llm>>;
  /** Firewalled values seen by the mission (shared with child runs): kept from every model. */
  private readonly secrets: FirewallSecrets;

  /**
   * Set when the run must end after the evaluation under way: a tool broke its own
   * signature (`tool_contract`), or a replay did something else than the journaled run.
   */
  private stopWith: Failure | null = null;
  /** The run's journal, when it is durable (its own path in the mission's log). */
  private journal: RunJournal | null = null;
  /** The return value as the run_end event shows it, and how it was had (a fallback, a partial). */
  private endTrace: unknown;
  private endFlags: { readonly partial?: true; readonly fallback?: true } = {};
  private eventSinkFailed = false;
  /** The current turn's reply came from the journal. */
  private replayingTurn = false;
  /** The model, or why there is none (a failure when a turn needs it). */
  private model: Llm | Failure = { kind: "llm", reason: "no model yet" };
  /** The last reply of the run: a continuation follows it. */
  private lastReply: LlmReply | null = null;
  /** Where the current segment's turns and trace start (a continuation's Step holds its own only). */
  private segmentTurns = 0;
  private segmentTrace = 0;
  /** The definition as given (its tool sources unopened): a continuation opens them again. */
  private readonly givenDef: AgentDefinition;
  /** The Step the run last ended with, and how many times it was continued. */
  private lastStep: Step | null = null;
  private generation = 0;
  /** A continuation is under way: the run cannot be continued twice at once. */
  private busy = false;
  /** What this run and its children may still spend (tokens, turns); a continuation starts afresh. */
  private allowance: Allowance;
  /** The current segment's work turns (first and last) and the repair turns left after them. */
  private segFirst = 1;
  private segLast = 0;
  private retriesLeft = 0;
  /** The last turn's value, when it was not nil: the answer of a run that never returned (fallback, partial). */
  private lastValue: { readonly value: Value } | null = null;
  /** The last turn's error, for the next program's `data/fail`. */
  private lastFail: { readonly reason: string; readonly message: string } | null = null;
  /** Tool calls of the run so far by tool, the last lines printed and the last error (compaction notes). */
  private readonly toolCounts = new Map<string, number>();
  private lastOutput: readonly string[] = [];
  private lastTurnError: string | undefined;
  private compactions = 0;
  private compactedTurns = 0;
  /** Set once the trace sink has thrown: it is called no more. */
  private sinkFailed = false;

  /** Closes the tool sources this run opened (its MCP servers). */
  private closeToolSources: (() => Promise<void>) | undefined;

  constructor(
    /** The definition; with the tools of its sources once they are open. */
    private def: AgentDefinition,
    private input: Readonly<Record<string, unknown>> | typeof FROM_JOURNAL,
    private options: CheckedRunOptions["options"],
    private readonly parent: ParentRun | undefined,
    private readonly inherited: readonly InheritedFn[],
    /** What is wrong with the run options as given (the run fails at once when any). */
    private optionProblems: readonly string[] = [],
  ) {
    this.runId = newRunId(def.name);
    this.givenDef = def;
    this.depth = parent === undefined ? 0 : parent.depth + 1;
    this.depthLeft = parent === undefined ? def.maxDepth : Math.min(parent.depthLeft - 1, def.maxDepth);
    const own = this.started + def.missionTimeoutMs;
    this.deadline = parent === undefined ? own : Math.min(parent.deadline, own);
    this.deadlineAt = Math.round(Date.now() + (this.deadline - this.started));
    this.missionMs =
      parent !== undefined && this.deadline === parent.deadline ? parent.missionMs : def.missionTimeoutMs;
    this.registry = { ...(parent?.registry ?? {}), ...(options.llmRegistry ?? {}), ...def.llmRegistry };
    this.made = parent?.made ?? new Map();
    this.secrets = parent?.secrets ?? new FirewallSecrets();
    this.toolCache = parent?.toolCache ?? new ToolCache();
    this.allowance = this.newAllowance();
  }

  /**
   * What the run may spend: a top-level run's limits come from its options over its
   * definition; a child's own limits (its definition's) apply below the mission's.
   */
  private newAllowance(): Allowance {
    const { def, parent, options } = this;
    const tokenLimit = parent === undefined ? (options.tokenLimit ?? def.tokenLimit) : def.tokenLimit;
    // The default budget never cuts the run's own turns short (maxTurns 30 gets 30).
    const ownTurns = def.maxTurns + (def.retryTurns ?? 0);
    const turnLimit = def.turnBudget ?? (parent === undefined ? Math.max(DEFAULT_TURN_BUDGET, ownTurns) : undefined);
    return new Allowance(tokenLimit, turnLimit, parent?.allowance, parent?.turnsApart === true);
  }

  /**
   * Remember the firewalled values of data entering the mission (host data of any shape:
   * a walk with a budget, under the watchdog; what cannot be walked holds nothing to find).
   */
  private firewalled(value: unknown): void {
    tryHostWalk((meter) => this.secrets.collect(value, meter), { limits: this.def.limits, ms: this.msLeft() });
  }

  /**
   * The time a walk over values may take now: what is left of the turn (inside one) or of
   * the mission (outside), at least 1 ms — a walk after the evaluation spends the turn's
   * time, not a fresh timeoutMs of its own.
   */
  private msLeft(): number {
    return Math.max(1, Math.floor(Math.min(this.turnDeadline, this.deadline) - performance.now()));
  }

  /** The failure of a turn whose time ran out: the mission's when that is over too. */
  private outOfTime(): Failure {
    return this.deadline - performance.now() <= 0 ? missionTimeout(this.missionMs) : turnTimeout(this.def, this.turn);
  }

  private emit(e: TraceEvent): void {
    this.trace.push(e);
    const sink = this.options.trace;
    if (sink === undefined) return;
    let redacted: TraceEvent | undefined;
    try {
      sink(e, { redacted: () => (redacted ??= redactJson(e, this.secrets, TRACE_IDS) as TraceEvent) });
    } catch (error) {
      // The host's sink broke (a full disk, a value it cannot write): tracing must not
      // change the run. The event is lost to that sink (the Step keeps every event), later
      // events are still offered, and the host hears of it once per run, as a warning.
      if (this.sinkFailed) return;
      this.sinkFailed = true;
      globalThis.process?.emitWarning?.(
        `ptcc: the trace sink threw (${hostMessage(error)}); events it could not take are kept in the Step of run ${this.runId}`,
        { code: "PTCC_TRACE_SINK" },
      );
    }
  }

  /**
   * A run event for `onEvent` (and `agent.stream()`): with the run's ids, and — for events
   * that carry values a program handled (`values`) — every firewalled value hidden.
   */
  private event(body: RunEventBody, values = false): void {
    const sink = this.options.onEvent;
    if (sink === undefined) return;
    let e = {
      runId: this.runId,
      parentId: this.parent?.runId ?? null,
      agent: this.def.name,
      depth: this.depth,
      turn: this.turn,
      at: Date.now(),
      ...body,
    } as RunEvent;
    if (values) e = redactJson(e, this.secrets, EVENT_IDS) as RunEvent;
    try {
      sink(e);
    } catch (error) {
      if (this.eventSinkFailed) return;
      this.eventSinkFailed = true;
      globalThis.process?.emitWarning?.(
        `ptcc: the onEvent callback threw (${hostMessage(error)}); run ${this.runId} goes on`,
        {
          code: "PTCC_EVENT_SINK",
        },
      );
    }
  }

  private base(): { at: number; run: string } {
    return { at: Date.now(), run: this.runId };
  }

  async run(): Promise<Step> {
    let step: Step;
    try {
      let unopened = await this.openJournal();
      if (unopened === null && this.input === FROM_JOURNAL) {
        const start = this.journal?.start;
        if (start === undefined || typeof start.input !== "object" || start.input === null) {
          unopened = {
            kind: "journal",
            reason: `no run ${this.options.durable?.runKey ?? ""} to resume: its journal holds no start`,
          };
        } else this.input = start.input as Record<string, unknown>;
      }
      this.emit({
        ...this.base(),
        type: "run_start",
        parent: this.parent?.runId ?? null,
        agent: this.def.name,
        depth: this.depth,
        // The caller's own data, by reference when it is plain JSON (checked, not copied:
        // copying a large input for the trace would cost as much as the run's first turn).
        input: this.input === FROM_JOURNAL ? null : traceValue(this.input, this.def.limits, this.msLeft()),
      });
      if (this.options.onEvent !== undefined) {
        const input = this.input === FROM_JOURNAL ? null : traceValue(this.input, this.def.limits, this.msLeft());
        this.event({ type: "run-start", input, turn: 0 }, true);
      }
      step = unopened !== null ? this.finish(null, unopened) : await this.loop();
    } catch (e) {
      // A defect, not something the LLM or a tool did: still a Step, never a crash.
      step = this.finish(null, { kind: "internal", reason: `internal error: ${hostMessage(e)}` });
    } finally {
      await this.closeToolSources?.();
    }
    this.emitEnd(step);
    return step;
  }

  /**
   * Continue this run (`continueFrom` one of its Steps) with the options of the new call:
   * a new segment of the same conversation and namespace. Only the run's latest Step can
   * be continued, once at a time (a namespace cannot be forked).
   */
  async continueWith(generation: number, def: AgentDefinition, checked: CheckedRunOptions): Promise<Step> {
    const problems = [...checked.problems];
    if (def.name !== this.givenDef.name || def.prompt !== this.givenDef.prompt) {
      problems.push(`continueFrom: the Step is one of agent ${this.givenDef.name}, not of this agent (${def.name})`);
    } else if (this.busy) problems.push("continueFrom: the run is being continued already");
    else if (generation !== this.generation) {
      problems.push("continueFrom: the run has gone on since this Step: continue from its latest Step");
    }
    this.busy = problems.length === 0 || this.busy;
    this.options = checked.options;
    this.optionProblems = problems;
    this.started = performance.now();
    let step: Step;
    try {
      this.emit({
        ...this.base(),
        type: "run_start",
        parent: null,
        agent: this.def.name,
        depth: 0,
        input: null,
        continued: true,
      });
      this.event({ type: "run-start", input: null, turn: 0 });
      const last = this.lastStep;
      if (problems.length > 0) step = this.finish(null, { kind: "options", reason: optionsReason(problems) });
      else if (last === null || !this.isContinuable(last)) {
        step = this.finish(null, {
          kind: "options",
          reason: `continueFrom: the run cannot be continued: it ended before its first turn or ${last?.ok === false ? `as ${last.failure.kind}` : "by its journal"}`,
        });
      } else {
        this.generation++;
        const reopened = await this.reopenToolSources();
        step =
          reopened !== null
            ? this.finish(null, reopened)
            : await this.continueLive(last, checked.options.message ?? "");
      }
    } catch (e) {
      step = this.finish(null, { kind: "internal", reason: `internal error: ${hostMessage(e)}` });
    } finally {
      await this.closeToolSources?.();
      this.closeToolSources = undefined;
      if (problems.length === 0) this.busy = false;
    }
    this.emitEnd(step);
    return step;
  }

  /** A continued run's tool sources (MCP servers) are open again, and the session calls their new tools. */
  private async reopenToolSources(): Promise<Failure | null> {
    if ((this.givenDef.toolSources ?? []).length === 0) return null;
    this.def = this.givenDef;
    const failure = await this.openToolSources();
    if (failure !== null) return failure;
    this.session!.replaceTools(this.sessionTools());
    return null;
  }

  /**
   * The run's journal: the mission's, at this child's path, or — for a durable top-level
   * run — the store's, loaded. Journaled runs have ids that a resumed run keeps.
   * Returns the failure of a journal that cannot be opened.
   */
  private async openJournal(): Promise<Failure | null> {
    const inherited = this.parent?.journal;
    if (inherited !== undefined) {
      this.journal = new RunJournal(inherited.log, inherited.path);
      this.runId = `${inherited.log.runKey}/${inherited.path}`;
      return null;
    }
    const durable = this.options.durable;
    if (durable === undefined) return null;
    this.runId = durable.runKey;
    try {
      this.journal = new RunJournal(await RunLog.open(durable), "");
      return null;
    } catch (e) {
      return journalFailure(e);
    }
  }

  /**
   * Journal how the run ended (a replayed run's end must be the journaled one). A run
   * whose journal cannot record its end fails as `journal`: a retry replays it and ends it.
   */
  private async journalEnd(step: Step): Promise<Step> {
    const journal = this.journal;
    if (journal === null) return step;
    const loss = journal.log.loss;
    if (loss !== null)
      return step.ok || step.failure.kind !== "journal"
        ? this.finish(null, { kind: "journal", reason: loss.reason })
        : step;
    // A replay that diverged leaves the journal as it was: fixed, the run resumes from it.
    if (!step.ok && (step.failure.kind === "journal" || step.failure.kind === "replay")) return step;
    try {
      await journal.end(stepToJson(step), this.turn);
      return step;
    } catch (e) {
      return this.finish(null, journalFailure(e));
    }
  }

  /**
   * The run: set up (input, model, mission, tools, session, prompt, journal), then turns
   * until it ends. A durable conversation replays the continuations its journal holds and,
   * when this run continues it (`continueFrom` a Step from JSON), goes on with a new one.
   */
  private async loop(): Promise<Step> {
    const failure = await this.setup();
    if (failure !== null) return this.journalEnd(this.finish(null, failure));
    let step = await this.journalEnd(await this.segment(1));
    for (const c of this.journal?.continues() ?? []) {
      if (!this.isContinuable(step)) return step;
      this.beginSegment(step, c.message, c.deadlineAt);
      step = await this.journalEnd(await this.segment(c.turn));
    }
    const from = this.options.continueFrom;
    if (from === undefined || !this.isContinuable(step)) return step;
    // A continuation of a journaled run, replayed up to here in this process.
    return this.continueLive(step, this.options.message ?? "");
  }

  /**
   * Whether the run can go on after `step`: it had turns, and it did not end by its journal,
   * a replay or a defect.
   */
  private isContinuable(step: Step): boolean {
    if (this.conversation === null || this.lastReply === null) return false;
    return step.ok || !["journal", "replay", "internal", "options", "input", "tools"].includes(step.failure.kind);
  }

  /**
   * A new segment of the conversation after `step` (a continuation): the last reply and the
   * new message join the conversation, the turn budget and the mission time start afresh,
   * and the Step of the segment holds only its own turns and usage.
   */
  private beginSegment(step: Step, message: string, deadlineAt: number | null): void {
    const last = step.turns.at(-1);
    const text = last !== undefined && last.feedback !== "" ? `${last.feedback}\n\n${message}` : message;
    this.conversation!.add(this.lastReply!, this.secrets.redact(text));
    this.segmentTurns = this.turns.length;
    this.segmentTrace = this.trace.length;
    for (const k of Object.keys(this.counters) as (keyof Counters)[]) this.counters[k] = 0;
    if (this.journal !== null) this.journal.replayedTurns = 0;
    this.compactions = 0;
    this.compactedTurns = 0;
    // A fresh turn budget and token limit (the continuation's options may set new ones).
    this.allowance = this.newAllowance();
    const now = performance.now();
    const own = now + this.def.missionTimeoutMs;
    this.deadline = deadlineAt === null ? own : Math.min(own, now + (deadlineAt - Date.now()));
    this.deadlineAt = deadlineAt ?? Math.round(Date.now() + this.def.missionTimeoutMs);
  }

  /**
   * Continue a finished run with a new user message: the same conversation and namespace,
   * a fresh turn budget (journaled as a `continue` entry when the run is durable).
   */
  private async continueLive(step: Step, message: string): Promise<Step> {
    const turn = this.turn + (this.turns.length > 0 && this.turn > this.turns.at(-1)!.index ? 0 : 1);
    const deadlineAt = Math.round(Date.now() + this.def.missionTimeoutMs);
    this.beginSegment(step, message, deadlineAt);
    if (this.journal !== null) {
      try {
        await this.journal.continued(turn, message, deadlineAt);
      } catch (e) {
        return this.finish(null, journalFailure(e));
      }
    }
    return this.journalEnd(await this.segment(turn));
  }

  /** Everything before the first turn; the failure that ends the run, if any. */
  private async setup(): Promise<Failure | null> {
    if (this.optionProblems.length > 0) return { kind: "options", reason: optionsReason(this.optionProblems) };
    const def = this.def;
    if (this.input === FROM_JOURNAL) return { kind: "journal", reason: "resume needs a journal" };
    if (this.options.continueFrom !== undefined && this.journal === null) {
      return {
        kind: "options",
        reason:
          "continueFrom: the Step is not one of a run in this process (it holds no live session), and the run is not durable — pass the Step agent.run returned, or durable: { store, runKey } of the journaled run",
      };
    }
    const checked = checkRunInput(def, this.input);
    if (!checked.ok) return { kind: "input", reason: checked.reason };
    const input = checked.input;
    this.firewalled(input);

    // A model that cannot be had fails the run when it is first needed: a resumed run
    // whose replies are all journaled needs none.
    try {
      this.llm = await this.resolveLlm();
      this.model = this.llm;
    } catch (e) {
      this.model = { kind: "llm", reason: hostMessage(e) };
      if (this.journal?.reply(1) === undefined) return this.model;
    }

    let mission: string;
    try {
      mission = missionText(def, input);
    } catch (e) {
      return { kind: "input", reason: hostMessage(e) };
    }

    const toolsFailure = await this.openToolSources();
    if (toolsFailure !== null) return toolsFailure;

    let session: Session;
    try {
      session = this.newSession(input);
    } catch (e) {
      // Data that cannot enter a program (a cycle, a host function, nesting too deep, too large).
      return { kind: "input", reason: hostMessage(e) };
    }

    this.session = session;
    // Inherited closures are defined before the first turn; the set of their names is
    // fixed here and only tells the prompt which section lists them.
    for (const f of this.inherited) session.namespace.define(f.name, f.fn, f.doc);
    const inheritedNames: ReadonlySet<string> = new Set(this.inherited.map((f) => f.name));
    // Samples of the data and of inherited functions are walks over values: bounded, under the watchdog.
    const prompt = hostWalk(
      () =>
        renderRunPrompt(this.def, mission, {
          data: dataEntries(this.def, session.inputData(), this.options.inputDescriptions),
          tools: toolEntries(this.def),
          vars: session.namespace.all(),
          inherited: inheritedNames,
        }),
      { limits: this.def.limits, ms: this.msLeft() },
    );
    // The first message shows the input's samples: firewalled values in them stay hidden.
    const conversation = new Conversation(prompt.system, this.secrets.redact(prompt.user), this.def.transport);
    this.conversation = conversation;

    if (this.journal !== null) return this.beginJournal(input, conversation);
    return null;
  }

  /**
   * Turns from `first` until the run ends: it returns or fails, its turns (and the repair
   * turns after them) run out, or it is over budget.
   */
  private async segment(first: number): Promise<Step> {
    const def = this.def;
    const conversation = this.conversation!;
    const session = this.session!;
    this.segFirst = first;
    this.segLast = first + def.maxTurns - 1;
    this.retriesLeft = def.retryTurns ?? 0;
    this.lastValue = null;
    let lastError: string | undefined;
    for (this.turn = first; ; this.turn++) {
      if (this.cancelled()) return this.finish(null, this.cancelFailure());
      const stop = this.journalStop();
      if (stop !== null) return this.finish(null, stop);
      if (this.deadline - performance.now() <= 0) return this.finish(null, missionTimeout(this.missionMs));
      const over = this.overBudget();
      if (over !== null) return this.overBudgetEnd(over);
      this.maybeCompact();
      this.allowance.spendTurn();
      const t = await this.turnOnce(this.model, session, conversation.messages());
      if ("failure" in t) return this.finish(null, t.failure);
      this.lastReply = t.reply;
      if (t.end !== undefined) return this.finish(t.end.value, t.end.failure, t.end.json);
      lastError = t.error;
      conversation.add(t.reply, t.feedback, this.turn);
      if (this.turn >= this.segLast) {
        // A return that did not match may be repaired in the turns given for that.
        if (t.outcome === "invalid" && this.retriesLeft > 0) {
          this.retriesLeft--;
          continue;
        }
        break;
      }
    }
    const fallback = this.fallback();
    if (fallback !== null) return fallback;
    return this.finish(null, {
      kind: "max_turns",
      reason:
        `no valid (return ...) after ${def.maxTurns} turn${def.maxTurns === 1 ? "" : "s"}` +
        (lastError !== undefined ? `; the last turn's error: ${lastError}` : ""),
    });
  }

  /**
   * The line that ends a turn's feedback: which turn comes next (`;; turn 3 of 5`), the last
   * one saying so; after the turns, a repair turn of an invalid return. "" when none follows.
   */
  private nextTurnLine(outcome: TurnOutcome): string {
    const next = this.turn + 1;
    const max = this.def.maxTurns;
    if (next <= this.segLast) {
      const n = next - this.segFirst + 1;
      return n === max ? `;; turn ${n} of ${max} (last turn: return now)` : `;; turn ${n} of ${max}`;
    }
    if (outcome === "invalid" && this.retriesLeft > 0) {
      const retries = this.def.retryTurns ?? 0;
      return `;; repair turn ${retries - this.retriesLeft + 1} of ${retries}: return a value that matches the expected output`;
    }
    return "";
  }

  /**
   * The answer of a run whose turns ran out without (return ...): the last turn's value,
   * when it is not nil and matches the output (`completion: "explicit"` turns this off).
   */
  private fallback(): Step | null {
    if (this.def.completion === "explicit") return null;
    const last = this.lastValue;
    if (last === null) return null;
    const written = this.checkedAnswer(last.value);
    return written === null ? null : this.finish(last.value, null, written, { fallback: true });
  }

  /** The value's JSON when it matches the output signature (checked within the time left), else null. */
  private checkedAnswer(value: Value): { readonly json: unknown; readonly trace: unknown } | null {
    try {
      const checked = returnIssues(
        this.def.signature,
        value,
        this.def.signatureValidation,
        this.def.limits,
        this.msLeft(),
      );
      if (!checked.ok || checked.value.length > 0) return null;
      const json = returnJson(value, this.def.limits, this.msLeft());
      return json.ok ? json.value : null;
    } catch {
      // A value that cannot be walked now (a lazy part that needs a tool) is no answer.
      return null;
    }
  }

  /** Why the run may not ask the model again (a token or turn limit, the budget check), or null. */
  private overBudget(): string | null {
    const exhausted = this.allowance.exhausted();
    if (exhausted !== null) return exhausted;
    const check = this.options.budget ?? this.def.budget;
    if (check === undefined) return null;
    let go: unknown;
    try {
      go = check(this.usageNow(), this.turn);
    } catch (e) {
      return `the budget check threw: ${hostMessage(e)}`;
    }
    return go === false ? `the budget check stopped the run before turn ${this.turn}` : null;
  }

  /** The run over budget: its last turn's value when asked for and it matches, else a `budget` failure. */
  private overBudgetEnd(reason: string): Step {
    if ((this.options.onBudgetExceeded ?? this.def.onBudgetExceeded) === "return_partial" && this.lastValue !== null) {
      const written = this.checkedAnswer(this.lastValue.value);
      if (written !== null) return this.finish(this.lastValue.value, null, written, { partial: true });
    }
    return this.finish(null, { kind: "budget", reason });
  }

  /** The run's usage so far (its child runs' included). */
  private usageNow(): Usage {
    return { ...this.counters };
  }

  /** What `(budget/remaining)` tells the program, at wall-clock time `now`. */
  private budgetLeft(now: number): BudgetLeft {
    return {
      turns: Math.max(0, this.segLast - this.turn),
      turnBudget: this.allowance.turnsLeft() ?? null,
      tokens: this.allowance.tokensLeft() ?? null,
      depth: { current: this.depth, max: this.depth + Math.max(0, this.depthLeft) },
      llmRequests: this.counters.llmRequests + (this.journal?.replayedTurns ?? 0),
      ms: Math.max(0, Math.round(this.deadlineAt - now)),
    };
  }

  /**
   * Compact the conversation before the next request when it has grown past the trigger:
   * the oldest turns go (the newest `keepRecentTurns` stay), down to about half the
   * trigger, and one note stands for them. Rare by design: the requests between two
   * compactions keep extending each other, as providers cache.
   */
  private maybeCompact(): void {
    const c = this.def.compaction;
    const conversation = this.conversation!;
    if (c === undefined || this.def.outputMode !== "lisp") return;
    const kept = conversation.keptTurns.length;
    const before = conversation.chars();
    if (!shouldCompact(c, before, kept)) return;
    const keepAtMost = turnsToKeep(c, kept);
    const target = Math.floor(c.triggerTokens * COMPACT_TO * CHARS_PER_TOKEN);
    // By tokens: down to about half the trigger; by turns: down to half the turns.
    const byTurns = keepAtMost < kept && estimateTokensOf(before) <= c.triggerTokens;
    const dropped = conversation.compact(byTurns ? keepAtMost : c.keepRecentTurns, byTurns ? 0 : target, (all) =>
      this.secrets.redact(this.compactionNote(all)),
    );
    if (dropped.length === 0) return;
    this.compactions++;
    this.compactedTurns += dropped.length;
    const tokensBefore = estimateTokensOf(before);
    const tokensAfter = estimateTokensOf(conversation.chars());
    this.emit({
      ...this.base(),
      type: "compaction",
      turn: this.turn,
      strategy: c.strategy,
      dropped: [...dropped],
      tokensBefore,
      tokensAfter,
    });
    this.event({ type: "compaction", droppedTurns: [...dropped], tokensBefore, tokensAfter });
  }

  /** The note that stands for every turn compactions dropped. */
  private compactionNote(dropped: readonly number[]): string {
    const vars = (this.session?.namespace.all() ?? []).filter((v) => v.bound);
    const facts = { dropped, names: vars.map((v) => v.name), toolCalls: this.toolCounts };
    if (this.def.compaction?.strategy !== "summary") return trimNote(facts);
    // Samples of values are walks: bounded, under the watchdog.
    const user = tryHostWalk(() => renderUserSections(vars, new Set(this.inherited.map((f) => f.name))), {
      limits: this.def.limits,
      ms: this.msLeft(),
    });
    return summaryNote({
      ...facts,
      user: user.ok ? user.value : null,
      lastOutput: this.lastOutput.slice(-5),
      lastError: this.lastTurnError,
      turnsLeft: Math.max(0, this.segLast - this.turn + 1),
    });
  }

  /**
   * A journaled run's start: a resumed run is checked against its start entry (same agent,
   * definition, input and prompt) and keeps its deadline; a new one is journaled.
   */
  private async beginJournal(input: Record<string, unknown>, conversation: Conversation): Promise<Failure | null> {
    const journal = this.journal!;
    const top = this.parent === undefined;
    try {
      const deadlineAt = await journal.begin({
        agent: this.def.name,
        def: summarize(this.def),
        ptcc: PTCC_VERSION,
        input: jsonValue(input, this.def.limits, this.msLeft()),
        system: conversation.system,
        user: conversation.first,
        deadlineAt: top ? Math.round(Date.now() + (this.deadline - performance.now())) : null,
      });
      if (top && deadlineAt !== null) {
        this.deadline = Math.min(this.deadline, performance.now() + (deadlineAt - Date.now()));
        this.deadlineAt = deadlineAt;
      }
      return null;
    } catch (e) {
      return journalFailure(e);
    }
  }

  /** Why the run must stop before its next turn, by its journal: lost to another writer, or cancelled. */
  private journalStop(): Failure | null {
    const log = this.journal?.log;
    if (log === undefined) return null;
    if (log.loss !== null) return { kind: "journal", reason: log.loss.reason };
    if (log.cancelReason !== null) return { kind: "cancelled", reason: log.cancelReason };
    return null;
  }

  /**
   * One turn: ask the model (under the turn's and the mission's deadline), run what it
   * wrote, record the turn. A failure of the model ends the run (`failure`); otherwise
   * the turn either ends the run (`end`) or gives feedback for the next one.
   */
  private async turnOnce(
    llm: Llm | Failure,
    session: Session,
    messages: LlmMessage[],
  ): Promise<{ failure: Failure } | (TurnResult & { reply: LlmReply })> {
    const def = this.def;
    const turnStart = performance.now();
    this.turnCalls = [];
    this.turnNotes = [];
    const left = this.deadline - turnStart;
    const controller = new AbortController();
    const budget = Math.min(def.turnTimeoutMs, left);
    this.turnDeadline = turnStart + budget;
    // The abort reason is a Failure, so a child agent stopped with this turn can say why.
    const timer = setTimeout(
      () => controller.abort(budget === left ? missionTimeout(this.missionMs) : turnTimeout(def, this.turn)),
      budget,
    );
    const onAbort = (): void => controller.abort(this.cancelFailure());
    this.options.signal?.addEventListener("abort", onAbort);
    // A journal lost to another writer stops the turn at once: that writer owns the run now.
    const log = this.journal?.log;
    const onLoss = (): void =>
      controller.abort({ kind: "journal", reason: log?.loss?.reason ?? "journal lost" } satisfies Failure);
    log?.signal.addEventListener("abort", onLoss);
    this.turnSignal = controller.signal;
    this.governor = this.newGovernor(controller.signal);
    let reply: LlmReply;
    let r: TurnResult;
    try {
      const journaled = this.journal?.reply(this.turn);
      this.replayingTurn = journaled !== undefined;
      if (journaled !== undefined) reply = this.replayReply(journaled.reply, messages);
      else {
        if (!(typeof llm === "function")) return { failure: llm };
        try {
          reply = await this.ask(llm, messages, controller.signal);
        } catch (e) {
          if (this.cancelled()) return { failure: this.cancelFailure() };
          if (log?.loss != null) return { failure: { kind: "journal", reason: log.loss.reason } };
          if (controller.signal.aborted) {
            return { failure: budget === left ? missionTimeout(this.missionMs) : turnTimeout(def, this.turn) };
          }
          return { failure: { kind: "llm", reason: hostMessage(e) } };
        }
        if (this.journal !== null) {
          try {
            await this.journal.replied(this.turn, reply, performance.now() - turnStart);
          } catch (e) {
            return { failure: journalFailure(e) };
          }
        }
      }
      const remaining = Math.max(
        1,
        Math.min(budget - (performance.now() - turnStart), this.deadline - performance.now()),
      );
      // A turn that its clock stopped is not run again on replay: how far a program gets
      // in its time differs from run to run. What it told the model is in the journal.
      const stopped = this.journal?.turnEntry(this.turn);
      r =
        stopped?.stopped === true ? stoppedTurn(stopped, reply, def) : await this.replyTurn(session, reply, remaining);
    } finally {
      clearTimeout(timer);
      this.turnDeadline = Infinity;
      this.options.signal?.removeEventListener("abort", onAbort);
      log?.signal.removeEventListener("abort", onLoss);
      // The turn is over: whatever it started and still runs (a child agent the program
      // gave up waiting for, a slow tool) is told to stop.
      controller.abort({
        kind: "cancelled",
        reason: `${agentLabel(def.name)}'s turn ${this.turn} ended`,
      } satisfies Failure);
    }
    // What the model reads next, with every firewalled value the mission has seen hidden
    // (in whatever form a program put it: printed, inside a string, in an error).
    const feedback =
      r.end !== undefined ? "" : r.journaled === true ? r.feedback : this.secrets.redact(this.feedbackOf(r));
    // What the next turn starts from: this turn's value (the answer if the turns run out),
    // and its error (the next program's data/fail).
    this.lastValue = r.value !== undefined && r.value !== null ? { value: r.value } : null;
    this.lastTurnError = r.error;
    this.lastFail =
      r.outcome === "error" || r.outcome === "invalid"
        ? {
            reason: r.outcome === "invalid" ? "invalid-return" : (r.errorKind ?? "error"),
            message: r.error ?? r.outcome,
          }
        : null;
    if (r.end === undefined && this.journal !== null) {
      try {
        await this.journal.turnEnded(this.turn, r.outcome, feedback, r.errorKind === "timeout");
      } catch (e) {
        return { failure: journalFailure(e) };
      }
    }
    const turn: Turn = {
      index: this.turn,
      turn: this.turn,
      response: reply.content,
      program: r.program,
      outcome: r.outcome,
      ...(r.result !== undefined ? { result: r.result } : {}),
      feedback,
      toolCalls: this.turnCalls,
      durationMs: performance.now() - turnStart,
      ...(reply.usage !== undefined ? { usage: reply.usage } : {}),
      ...(this.replayingTurn ? { replayed: true as const } : {}),
    };
    this.turns.push(turn);
    this.emit({
      ...this.base(),
      type: "result",
      turn: this.turn,
      outcome: r.outcome,
      ...(r.result !== undefined ? { result: r.result } : {}),
      feedback,
      ...(r.errorKind !== undefined ? { errorKind: r.errorKind } : {}),
      ...(r.errorKind === TOOL_CHECK ? { staticCheck: true as const } : {}),
      durationMs: turn.durationMs,
    });
    this.event({
      type: "turn-end",
      outcome: r.outcome,
      feedback,
      ...(reply.usage !== undefined ? { usage: reply.usage } : {}),
      durationMs: turn.durationMs,
    });
    this.options.onTurn?.(turn, def.name, this.depth, { id: this.runId, parent: this.parent?.runId ?? null });
    return { ...r, feedback, reply };
  }

  /**
   * The whole feedback of a turn that goes on: what the turn's result says, then the notes
   * of its tool calls, then the user/ namespace when the turn changed it.
   */
  private feedbackOf(r: TurnResult): string {
    const lines = [r.feedback, ...this.turnNotes];
    const next = this.nextTurnLine(r.outcome);
    if (this.def.outputMode === "lisp" && this.session !== null) {
      this.inheritedFns ??= new Map(this.inherited.map((f) => [f.name, f.fn]));
      const now = renderUserNow(this.session.namespace.all(), this.inheritedFns);
      if (now !== null && now !== this.shownUser) {
        lines.push(now);
        this.shownUser = now;
      }
    }
    if (next !== "") lines.push(next);
    return lines.join("\n");
  }

  /** What a reply is: a program (a code block, or a run_program call), a JSON answer, or nothing usable. */
  private async replyTurn(session: Session, reply: LlmReply, timeoutMs: number): Promise<TurnResult> {
    const def = this.def;
    const cutOff = reply.finishReason === "length";
    if (def.outputMode === "text") return this.textTurn(reply.content, cutOff, "text");
    if (def.transport === "tool_call") {
      const calls = (reply.toolCalls ?? []).filter((c) => c.name === RUN_PROGRAM);
      // A direct answer in text is taken as text mode takes one.
      if (calls.length === 0) return this.textTurn(reply.content, cutOff, "tool_call");
      const programs: string[] = [];
      for (const c of calls) {
        let args: unknown;
        try {
          args = JSON.parse(c.arguments);
        } catch (e) {
          this.programEvent(null);
          if (cutOff) return this.cutOffTurn(null);
          const message = hostMessage(e);
          return this.noProgramTurn(
            `;; Error: the arguments of ${RUN_PROGRAM} are not valid JSON (${message}). Call it with {"program": "..."}.`,
          );
        }
        const program = isObject(args) ? args["program"] : undefined;
        const code = typeof program === "string" ? extractToolProgram(program) : null;
        if (code !== null) programs.push(code);
      }
      if (programs.length === 0) {
        this.programEvent(null);
        return this.noProgramTurn(
          `;; Error: ${RUN_PROGRAM} was called without a program. Call it with {"program": "..."}.`,
        );
      }
      return this.lispTurn(session, programs.join("\n\n"), timeoutMs);
    }
    const { code, closed } = extractProgram(reply.content);
    // Cut off at the output limit inside the program: what was written is incomplete,
    // and running its complete forms would do part of the work unannounced.
    if (cutOff && !closed) {
      this.programEvent(code);
      return this.cutOffTurn(code);
    }
    if (code === null) {
      this.programEvent(null);
      return this.noProgramTurn(noProgramFeedback("lisp"));
    }
    return this.lispTurn(session, code, timeoutMs);
  }

  private programEvent(program: string | null): void {
    this.emit({ ...this.base(), type: "program", turn: this.turn, program });
    this.event({ type: "program", program });
  }

  private noProgramTurn(feedback: string): TurnResult {
    return { outcome: "error", feedback, program: null, errorKind: "no_program", error: firstLine(feedback) };
  }

  private cutOffTurn(program: string | null): TurnResult {
    const feedback = cutOffFeedback(this.def.outputMode);
    return { outcome: "error", feedback, program, errorKind: "cut_off", error: firstLine(feedback) };
  }

  /**
   * Opens the definition's tool sources (an agent file's MCP servers) under the run's
   * signal and mission deadline; their tools join this run's definition.
   */
  private async openToolSources(): Promise<Failure | null> {
    if ((this.def.toolSources ?? []).length === 0) return null;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(missionTimeout(this.missionMs)),
      Math.max(0, this.deadline - performance.now()),
    );
    const onAbort = (): void => controller.abort(this.cancelFailure());
    if (this.cancelled()) onAbort();
    this.options.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const opened = await openToolSources(this.def, controller.signal);
      this.def = opened.definition;
      this.closeToolSources = opened.close;
      return null;
    } catch (e) {
      if (controller.signal.aborted)
        return isFailure(controller.signal.reason) ? controller.signal.reason : this.cancelFailure();
      return { kind: "tools", reason: hostMessage(e) };
    } finally {
      clearTimeout(timer);
      this.options.signal?.removeEventListener("abort", onAbort);
    }
  }

  /** The tool calls of one evaluation under the definition's maxToolCalls and toolConcurrency. */
  private newGovernor(signal: AbortSignal): ToolGovernor {
    return governorFor(this.def, signal);
  }

  /** The run's session: the input as data/, the tools wrapped with their signatures. */
  private newSession(input: Record<string, unknown>): Session {
    const def = this.def;
    return new Session({
      context: input,
      tools: this.sessionTools(),
      toolCatalog: toolCatalog(toolSignatures(def)),
      limits: def.limits,
      historyMaxChars: def.formatOptions.historyMaxBytes,
      ...(this.options.breakOnSigint === true ? { breakOnSigint: true } : {}),
      onTask: (id: string, value: Value) =>
        this.journal?.task(this.turn, id, jsonValue(value, def.limits, this.msLeft())),
    });
  }

  /** The session's tools: each of the definition's, wrapped for this run. */
  private sessionTools(): Record<string, ToolFunction> {
    const def = this.def;
    return buildTools({
      definition: def,
      context: (key) => ({
        agent: def.name,
        depth: this.depth,
        turn: this.turn,
        signal: this.turnSignal,
        idempotencyKey: this.journal?.callKey(this.turn, key) ?? `${this.runId}:${this.turn}${key}`,
      }),
      ...(this.journal !== null ? { journal: this.toolJournal(this.journal) } : {}),
      record: (c, copies) => this.recordCall(c, copies),
      traceCopy: (args, result) => {
        const [a, r] = traceValues([args, result], def.limits, this.msLeft());
        return [a, r];
      },
      // The arguments' copy is a walk under the watchdog: made only for someone who listens.
      started: (name, args, key, cached) => {
        if (this.options.onEvent === undefined) return;
        const copy = traceValue(args, def.limits, this.msLeft());
        this.event(
          {
            type: "tool-call",
            callId: `${this.turn}${key}`,
            name,
            args: copy,
            ...(cached ? { cached: true as const } : {}),
          },
          true,
        );
      },
      seen: (value) => this.firewalled(value),
      msLeft: () => this.msLeft(),
      note: (tool, warnings) => this.turnNotes.push(...coercionNotes(tool, warnings)),
      contractBroken: (reason) => (this.stopWith ??= { kind: "tool_contract", reason }),
      runChild: (tool, child, args, inherit, key) => this.runChild(tool, child, args, inherit, key),
      governor: () => (this.governor ??= this.newGovernor(this.turnSignal)),
      cache: this.toolCache,
    });
  }

  /** How the run's tools replay journaled outcomes and journal live ones. */
  private toolJournal(journal: RunJournal): ToolJournal {
    return {
      replayed: (key, name, args) => journal.answer(this.turn, key, name, args),
      answered: (key, name, args, outcome, ms) => {
        // What a tool answered may be any host value: journaled as the JSON a replay reads back.
        const o: ToolOutcome =
          "value" in outcome
            ? {
                value: jsonValue(outcome.value, this.def.limits, this.msLeft()),
                ...(outcome.cached === true ? { cached: true as const } : {}),
              }
            : outcome;
        journal.answered(key, name, jsonValue(args, this.def.limits, this.msLeft()) as Record<string, unknown>, o, ms);
      },
      diverged: (reason) => (this.stopWith ??= { kind: "replay", reason }),
      childPath: (key) => childPath(journal.path, this.turn, key),
    };
  }

  private cancelled(): boolean {
    return this.options.signal?.aborted === true;
  }

  /**
   * Why the run's signal aborted: a Failure when a parent's turn stopped this child (its
   * time ran out, or it ended), otherwise a plain cancellation.
   */
  private cancelFailure(): Failure {
    const reason: unknown = this.options.signal?.reason;
    if (isFailure(reason)) return reason;
    return { kind: "cancelled", reason: "cancelled" };
  }

  private async resolveLlm(): Promise<Llm> {
    const chosen = this.def.llm;
    // A model the registry names is kept. Otherwise the caller's model wins over the
    // definition's (an agent file's `model:`), here and in the agents this one calls, as the
    // model argument of an AI SDK call does: a test's scripted model is never bypassed.
    const named =
      typeof chosen === "string" && Object.hasOwn(this.registry, chosen) ? this.registry[chosen] : undefined;
    if (named !== undefined) return toLlm(named);
    if (this.options.llm !== undefined) return toLlm(this.options.llm);
    if (typeof chosen === "function") return toLlm(chosen);
    if (typeof chosen === "object") return toLlm(chosen);
    if (typeof chosen === "string") {
      if (chosen.includes(":")) {
        // One instance per spec for the whole mission: a scripted LLM's replies are read
        // in call order across every agent, which needs a single cursor.
        let made = this.made.get(chosen);
        if (made === undefined) {
          made = createLlm(chosen);
          this.made.set(chosen, made);
        }
        return made;
      }
      const known = Object.keys(this.registry);
      const spec = suggestLlmSpec(chosen);
      throw new LlmError(
        `${agentLabel(this.def.name)}: no model named ${chosen} in the LLM registry${known.length > 0 ? ` (it has ${known.join(", ")})` : ""}${spec !== undefined ? ` — did you mean ${spec}?` : ""}`,
      );
    }
    const given = this.parent?.llm;
    if (given !== undefined) return toLlm(given);
    throw new LlmError(`${agentLabel(this.def.name)}: no LLM given (pass llm in the definition or the run options)`);
  }

  /**
   * A journaled reply, used instead of asking the model: traced as a request and its
   * response marked `replayed`, its usage counted (what the run cost), not as a request.
   */
  private replayReply(reply: LlmReply, messages: LlmMessage[]): LlmReply {
    this.requestEvents(messages, {}, true);
    this.count(reply);
    this.journal!.replayedTurns++;
    this.event({
      type: "reply",
      text: reply.content,
      ...(reply.usage !== undefined ? { usage: reply.usage } : {}),
      replayed: true,
    });
    this.responseEvent(
      reply,
      {
        ...(reply.model !== undefined ? { model: reply.model } : {}),
        ...(reply.provider !== undefined ? { provider: reply.provider } : {}),
      },
      0,
      true,
    );
    return reply;
  }

  /**
   * A request in the trace (the system prompt written with the run's first request only;
   * later ones name it by its hash) and as a run event.
   */
  private requestEvents(messages: LlmMessage[], model: { model?: string; provider?: string }, replayed = false): void {
    const { system, tools } = this.conversation!;
    const hash = systemHash(system);
    const writeSystem = this.tracedSystem !== hash;
    this.tracedSystem = hash;
    this.emit({
      ...this.base(),
      type: "llm_request",
      turn: this.turn,
      agent: this.def.name,
      ...model,
      ...(writeSystem ? { system } : {}),
      systemHash: hash,
      messages,
      ...(tools !== undefined ? { tools: tools.map((t) => t.name) } : {}),
      ...(replayed ? { replayed: true as const } : {}),
    });
    this.event({
      type: "request",
      ...(model.model !== undefined ? { model: model.model } : {}),
      tokensEstimate: estimateTokens(system, messages),
      ...(replayed ? { replayed: true as const } : {}),
    });
  }

  /** A model's reply in the trace; `who` names what answered. */
  private responseEvent(
    reply: LlmReply,
    who: { model?: string; provider?: string },
    durationMs: number,
    replayed = false,
  ): void {
    this.emit({
      ...this.base(),
      type: "llm_response",
      turn: this.turn,
      agent: this.def.name,
      content: reply.content,
      ...(reply.usage !== undefined ? { usage: reply.usage } : {}),
      ...(reply.finishReason !== undefined ? { finishReason: reply.finishReason } : {}),
      ...who,
      ...(reply.toolCalls !== undefined && reply.toolCalls.length > 0 ? { toolCalls: reply.toolCalls } : {}),
      durationMs,
      ...(replayed ? { replayed: true as const } : {}),
    });
  }

  private async ask(llm: Llm, messages: LlmMessage[], signal: AbortSignal): Promise<LlmReply> {
    const { system, tools } = this.conversation!;
    this.requestEvents(messages, requestModel(this.def.llm, llm));
    this.options.onLlmStart?.(this.def.name, this.depth, this.turn);
    const t0 = performance.now();
    this.counters.llmRequests++;
    // The reply's text as it streams, for those who listen (a model that cannot stream ignores it).
    const { onEvent, onChunk } = this.options;
    let streamed = false;
    const info = { runId: this.runId, agent: this.def.name, depth: this.depth, turn: this.turn };
    const onText =
      onEvent === undefined && onChunk === undefined
        ? undefined
        : (delta: string): void => {
            if (typeof delta !== "string" || delta === "") return;
            streamed = true;
            this.event({ type: "text-delta", delta });
            onChunk?.(delta, info);
          };
    try {
      // One retry policy for every model (llmRetry): adapters that retry get it in the
      // request and apply it themselves; their errors are not retried again here.
      const given = this.def.llmRetry;
      const over = this.options.llmRetry;
      const retry = given === undefined && over === undefined ? undefined : { ...given, ...over };
      const raw = await withLlmRetry({ policy: retryPolicy(retry), signal }, async () => {
        const answer: unknown = (llm as (r: LlmRequest) => unknown)({
          system,
          messages,
          agent: this.def.name,
          depth: this.depth,
          turn: this.turn,
          signal,
          ...(tools !== undefined ? { tools } : {}),
          ...(onText !== undefined ? { onText } : {}),
          ...(retry !== undefined ? { retry } : {}),
        });
        try {
          return isTextStream(answer)
            ? await collectText(answer, onText, signal)
            : await abortable(Promise.resolve(answer), signal).then((a) =>
                isTextStream(a) ? collectText(a, onText, signal) : (a as string | LlmReply),
              );
        } catch (e) {
          // Text already streamed to listeners is not streamed again: such a failure is final.
          if (streamed && typeof e === "object" && e !== null) settledError(e);
          throw e;
        }
      });
      const reply = normalizeReply(raw);
      if (typeof reply.content !== "string") throw new LlmError("the LLM's reply has no text content");
      if (!streamed && onChunk !== undefined) onChunk(reply.content, info);
      this.event({ type: "reply", text: reply.content, ...(reply.usage !== undefined ? { usage: reply.usage } : {}) });
      this.count(reply);
      // What answered, as the reply says; else what was called (the Llm's label).
      this.responseEvent(reply, answeredBy(reply, llm), performance.now() - t0);
      return reply;
    } catch (e) {
      this.emit({
        ...this.base(),
        type: "llm_response",
        turn: this.turn,
        agent: this.def.name,
        error: hostMessage(e),
        durationMs: performance.now() - t0,
      });
      throw e;
    }
  }

  /** Usage of one reply, added to the run's. */
  private count(reply: LlmReply): void {
    const u = reply.usage;
    if (u === undefined) return;
    this.counters.inputTokens += u.inputTokens ?? 0;
    this.counters.outputTokens += u.outputTokens ?? 0;
    this.counters.cachedInputTokens += u.cachedInputTokens ?? 0;
    this.counters.cacheWriteInputTokens += u.cacheWriteInputTokens ?? 0;
    this.allowance.spendTokens((u.inputTokens ?? 0) + (u.outputTokens ?? 0));
  }

  private async lispTurn(session: Session, code: string, timeoutMs: number): Promise<TurnResult> {
    const def = this.def;
    const fmt = def.formatOptions;
    this.programEvent(code);
    const single = def.maxTurns === 1;
    const origin = { run: this.runId, agent: def.name, turn: this.turn };
    // A memory limit undoes a turn's defs after it ended: the namespace as it was before.
    const restore = def.memoryLimit !== undefined && !single ? session.namespace.snapshot() : null;
    const r: EvalResult = await session.evaluate(code, {
      // A single turn's value is the answer: realized whole ("none" realizes without
      // printing), then shown shortened below.
      print: single ? "none" : { maxItems: fmt.feedbackLimit, maxChars: fmt.feedbackMaxChars, firewall: true },
      limits: { timeoutMs: Math.min(def.limits.timeoutMs ?? Infinity, Math.max(1, Math.floor(timeoutMs))) },
      origin,
      ...this.journalHooks(),
      ...(single ? {} : { data: this.failData() }),
      budget: (now) => this.budgetLeft(now),
    });
    if (r.output.length > 0) this.event({ type: "output", lines: r.output }, true);
    this.lastOutput = r.output;
    // The host's tool is broken (no turn of the model can mend it), or the replay diverged.
    if (this.stopWith !== null) {
      const end = { value: null, failure: this.stopWith };
      return { outcome: "error", feedback: "", program: code, errorKind: this.stopWith.kind, end };
    }
    if (!r.ok) {
      if (r.error.kind === "interrupted") {
        return { outcome: "error", feedback: "", program: code, end: { value: null, failure: interrupted() } };
      }
      if (r.error.kind === "fail") {
        const value = jsonValue(r.error.detail, def.limits, this.msLeft());
        return {
          outcome: "fail",
          feedback: "",
          program: code,
          end: { value: null, failure: { kind: "fail", reason: failReason(r.error.detail, value), value } },
        };
      }
      return {
        outcome: "error",
        feedback: errorFeedback(r.error, code, r.output, fmt, origin, r.warnings),
        program: code,
        errorKind: r.error.detail === TOOL_CHECK ? TOOL_CHECK : r.error.kind,
        error: r.error.format(),
      };
    }
    // The printer shortens the answer itself (feedbackLimit, feedbackMaxChars).
    const shown = single
      ? printValue(
          r.value,
          { readably: true, maxItems: fmt.feedbackLimit, maxChars: fmt.feedbackMaxChars, firewall: true },
          def.limits,
          this.msLeft(),
        )
      : r.printed;
    if (!r.returned && !single) {
      const feedback = resultFeedback(r.printed, r.output, r.warnings, fmt);
      const memory = restore !== null ? this.memoryCheck(restore) : null;
      if (memory !== null && "failure" in memory) {
        return {
          outcome: "error",
          feedback: "",
          program: code,
          result: r.printed,
          errorKind: "limit",
          end: { value: null, failure: memory.failure },
        };
      }
      if (memory !== null) {
        return {
          outcome: "error",
          feedback: `${feedback}\n${memory.note}`,
          program: code,
          result: r.printed,
          errorKind: "memory",
          error: memory.note.replace(/^;; /, ""),
        };
      }
      return { outcome: "continue", feedback, program: code, result: r.printed, value: r.value };
    }
    const checked = returnIssues(def.signature, r.value, def.signatureValidation, def.limits, this.msLeft());
    // The value could not be checked in the time left: the turn is over, and so is the run.
    if (!checked.ok) {
      return {
        outcome: "error",
        feedback: "",
        program: code,
        result: shown,
        end: { value: null, failure: this.outOfTime() },
      };
    }
    const issues = checked.value;
    if (issues.length > 0) {
      const expected = renderType(def.signature.output);
      const feedback = invalidReturnFeedback(expected, issues);
      if (single && this.retriesLeft === 0) {
        return {
          outcome: "invalid",
          feedback,
          program: code,
          result: shown,
          end: {
            value: null,
            failure: {
              kind: "max_turns",
              reason: `the answer does not match ${renderType(def.signature.output)}: ${issues.map(llmIssue).join("; ")}`,
            },
          },
        };
      }
      return {
        outcome: "invalid",
        feedback,
        program: code,
        result: shown,
        error: `the returned value does not match the expected output ${expected}`,
      };
    }
    return this.returnTurn(r.value, code, shown);
  }

  /**
   * `data/fail` of the next program: the last turn's error as `{:reason :kind :message "..."}`,
   * or nil after a turn that went well (an input named `fail` keeps its place).
   */
  private failData(): ReadonlyMap<string, Value> {
    const f = this.lastFail;
    if (f === null) return new Map([["fail", null]]);
    const b = new MapBuilder();
    b.assoc(keyword("reason"), keyword(f.reason));
    b.assoc(keyword("message"), f.message);
    return new Map([["fail", b.build()]]);
  }

  /**
   * After a turn: the namespace within memoryLimit, or — past it — the run's failure
   * (`strict`) or the turn's defs undone with a note saying what was too big (`rollback`).
   */
  private memoryCheck(snapshot: {
    readonly restore: () => void;
    readonly changed: () => string[];
  }): { failure: Failure } | { note: string } | null {
    const limit = this.def.memoryLimit!;
    const vars = this.session!.namespace.all();
    const measured = tryHostWalk((meter) => namespaceSize(vars, limit, meter), {
      limits: this.def.limits,
      ms: this.msLeft(),
    });
    // What cannot be measured in the time left is over any limit worth having.
    const size = measured.ok ? measured.value : { total: limit + 1, more: true, byName: [] };
    if (size.total <= limit) return null;
    if (this.def.memoryStrategy === "strict") {
      return {
        failure: {
          kind: "limit",
          reason: `the run's namespace holds ${size.more ? "at least " : ""}${size.total} bytes, over its memoryLimit of ${limit} (memoryStrategy strict)`,
        },
      };
    }
    const changed = new Set(snapshot.changed());
    snapshot.restore();
    return { note: memoryNote(size, limit, changed) };
  }

  /** What an evaluation of a journaled run journals: its batches of tool outcomes, its clock reads. */
  private journalHooks(): { onBatch?: () => Promise<void>; clock?: (key: string) => number } {
    const journal = this.journal;
    if (journal === null) return {};
    const turn = this.turn;
    return {
      onBatch: async () => {
        try {
          await journal.batch(turn);
        } catch (e) {
          // The run cannot go on unjournaled: it ends after this evaluation.
          this.stopWith ??= journalFailure(e);
          throw e;
        }
      },
      clock: (key) => journal.clock(turn, key),
    };
  }

  /**
   * A JSON answer: text mode's every reply, and a reply of the tool_call transport that
   * called no tool.
   */
  private textTurn(reply: string, cutOff: boolean, mode: "text" | "tool_call"): TurnResult {
    const { code } = extractJson(reply);
    this.programEvent(code);
    if (code === null) return cutOff ? this.cutOffTurn(null) : this.noProgramTurn(noProgramFeedback(mode));
    let parsed: unknown;
    try {
      parsed = JSON.parse(code);
    } catch (e) {
      if (cutOff) return this.cutOffTurn(code);
      const message = hostMessage(e);
      const feedback =
        mode === "text"
          ? `;; Error: your answer is not valid JSON: ${message}`
          : `;; Error: your answer is not valid JSON: ${message}. Call ${RUN_PROGRAM} with a program, or answer with the JSON value of the expected output.`;
      return { outcome: "error", feedback, program: code, errorKind: "json", error: firstLine(feedback) };
    }
    const read = valueOf(parsed, this.def.limits, this.msLeft());
    if (!read.ok) {
      const feedback = `;; Error: ${read.error.message}`;
      return { outcome: "error", feedback, program: code, errorKind: "json", error: firstLine(feedback) };
    }
    const value = read.value;
    const issues = this.checkOutput(parsed);
    const shown = cut(JSON.stringify(parsed) ?? "null", this.def.formatOptions.feedbackMaxChars);
    if (issues.length > 0) {
      const expected = renderType(this.def.signature.output);
      return {
        outcome: "invalid",
        feedback: invalidReturnFeedback(expected, issues, mode === "tool_call"),
        program: code,
        result: shown,
        error: `the returned value does not match the expected output ${expected}`,
      };
    }
    return this.returnTurn(value, code, shown);
  }

  /**
   * A turn that returns: the value's JSON is made now, in the turn's time, so that a
   * return too large to write ends the run as failed rather than as a marker string.
   */
  private returnTurn(value: Value, program: string | null, shown: string): TurnResult {
    const json = returnJson(value, this.def.limits, this.msLeft());
    if (!json.ok) {
      const failure = this.unwritable(json.error);
      return {
        outcome: "error",
        feedback: "",
        program,
        result: shown,
        errorKind: json.error.kind,
        error: failure.reason,
        end: { value: null, failure },
      };
    }
    return { outcome: "return", feedback: "", program, result: shown, end: { value, failure: null, json: json.value } };
  }

  /** Why a return whose JSON could not be made fails the run: its time ran out, or a limit. */
  private unwritable(error: PtcError): Failure {
    if (error.kind === "timeout") return this.outOfTime();
    return {
      kind: "limit",
      reason: `the returned value cannot be written as JSON within the limits: ${error.message}`,
    };
  }

  /** The output's validation errors (none in warn_only and disabled modes). */
  private checkOutput(value: unknown): readonly ValidationIssue[] {
    return dataIssues(this.def.signature, value, this.def.signatureValidation, this.def.limits, this.msLeft());
  }

  private recordCall(c: ToolCallTrace, copies?: readonly [unknown, unknown]): void {
    this.turnCalls.push(c);
    this.toolCounts.set(c.name, (this.toolCounts.get(c.name) ?? 0) + 1);
    const [args, result] = copies ?? traceValues([c.args, c.result], this.def.limits, this.msLeft());
    this.emit({
      ...this.base(),
      type: "tool_call",
      turn: this.turn,
      tool: c.name,
      args,
      ...(c.result !== undefined ? { result } : {}),
      ...(c.error !== undefined ? { error: c.error } : {}),
      durationMs: c.durationMs,
      ...(c.replayed === true ? { replayed: true as const } : {}),
      ...(c.cached === true ? { cached: true as const } : {}),
    });
    this.event(
      {
        type: "tool-result",
        callId: `${this.turn}${c.key ?? ""}`,
        name: c.name,
        ...(c.result !== undefined ? { result } : {}),
        ...(c.error !== undefined ? { error: c.error } : {}),
        durationMs: c.durationMs,
        ...(c.replayed === true ? { replayed: true as const } : {}),
        ...(c.cached === true ? { cached: true as const } : {}),
      },
      true,
    );
  }

  private async runChild(
    tool: string,
    child: AgentDefinition,
    args: Record<string, unknown>,
    inherit: boolean,
    key: string,
  ): Promise<Step> {
    // A model call (llmTool, tool/llm-query) calls no tools: it runs at any depth.
    const modelCall = isModelCall(child);
    if (this.depthLeft <= 0 && !modelCall) {
      throw new Error(`tool/${tool}: agents may nest at most ${this.def.maxDepth} levels deep (maxDepth)`);
    }
    // The child stops when the parent's turn does (its time ran out, or the run was
    // cancelled): a parent that gave up waiting must not leave a child calling models.
    // What only the top-level run takes stays with it: its budgets (a child's spending counts
    // against them through the allowance), its journal and conversation options.
    const {
      tokenLimit: _t,
      budget: _b,
      onBudgetExceeded: _o,
      continueFrom: _c,
      message: _m,
      durable: _d,
      ...inherited
    } = this.options;
    // A model given to a model call as a function or object is the one it uses.
    if (modelCall && child.llm !== undefined && typeof child.llm !== "string")
      delete (inherited as { llm?: unknown }).llm;
    const step = await runAgent(
      child,
      args,
      {
        ...inherited,
        // A signal of its own even when it follows the turn's alone: each child listens to
        // its signal, and many children in flight (a pmap) must not all listen to the turn's.
        signal: AbortSignal.any(
          this.options.signal === undefined ? [this.turnSignal] : [this.options.signal, this.turnSignal],
        ),
        inputDescriptions: {},
      },
      {
        runId: this.runId,
        depth: this.depth,
        depthLeft: this.depthLeft,
        deadline: this.deadline,
        missionMs: this.missionMs,
        llm: this.llm,
        registry: this.registry,
        made: this.made,
        secrets: this.secrets,
        allowance: this.allowance,
        toolCache: this.toolCache,
        ...(modelCall ? { turnsApart: true } : {}),
        ...(this.journal !== null
          ? { journal: { log: this.journal.log, path: childPath(this.journal.path, this.turn, key) } }
          : {}),
      },
      inherit ? inheritableFunctions(this.session?.namespace.all() ?? []) : [],
    );
    this.counters.inputTokens += step.usage.inputTokens;
    this.counters.outputTokens += step.usage.outputTokens;
    this.counters.cachedInputTokens += step.usage.cachedInputTokens;
    this.counters.cacheWriteInputTokens += step.usage.cacheWriteInputTokens;
    this.counters.llmRequests += step.usage.llmRequests;
    if (this.journal !== null) this.journal.replayedTurns += step.usage.replayedTurns ?? 0;
    this.compactions += step.usage.compactions ?? 0;
    this.compactedTurns += step.usage.compactedTurns ?? 0;
    // The child's events went to the sink already; keep them in this run's trace too.
    this.trace.push(...step.trace);
    // The firewalled fields of what the child returns are the parent's secrets too.
    if (step.ok) this.firewalled(step.return);
    return step;
  }

  /** The run's end in the trace and the events: once, whatever ended it. */
  private emitEnd(step: Step): void {
    if (this.options.onEvent !== undefined) this.event({ type: "run-end", step: stepToJson(step), turn: 0 }, true);
    const before = this.trace.length;
    this.emit({
      ...this.base(),
      type: "run_end",
      ok: step.ok,
      ...(step.ok
        ? { return: this.endTrace, ...this.endFlags }
        : { failure: { kind: step.failure.kind, reason: step.failure.reason } }),
      turns: step.turns.length,
      durationMs: step.durationMs,
    });
    if (step.trace !== this.trace) (step.trace as TraceEvent[]).push(...this.trace.slice(before));
  }

  private finish(
    value: Value | null,
    failure: Failure | null,
    written?: { readonly json: unknown; readonly trace: unknown },
    flags: { readonly partial?: true; readonly fallback?: true } = {},
  ): Step {
    if (failure === null && written === undefined) {
      // A return not made by a turn (none today): its JSON is made here, still before ok.
      const json = returnJson(value, this.def.limits, this.msLeft());
      if (json.ok) written = json.value;
      else failure = this.unwritable(json.error);
    }
    const durationMs = performance.now() - this.started;
    const vars = (this.session?.namespace.all() ?? []).filter((v) => v.bound);
    const endVarsJson = endVars(
      vars.map((v) => [v.name, v.value] as const),
      this.def.limits,
      this.msLeft(),
    );
    // The return comes back with its keys spelled as the signature (and so its type) has
    // them: validation accepts `was-improved` for the field `was_improved`.
    const ret = failure === null ? inSignatureSpelling(this.def, written?.json) : undefined;
    this.endTrace = written?.trace;
    const replayed = this.journal?.replayedTurns ?? 0;
    const usage: Usage = {
      ...this.counters,
      ...(replayed > 0 ? { replayedTurns: replayed } : {}),
      ...(this.compactions > 0 ? { compactions: this.compactions, compactedTurns: this.compactedTurns } : {}),
    };
    this.endFlags = failure === null ? flags : {};
    // A continuation's Step holds its own turns and events only.
    const turns = this.segmentTurns === 0 ? this.turns : this.turns.slice(this.segmentTurns);
    const rest = {
      turns,
      transcript: turns,
      usage,
      namespace: namespaceObject(endVarsJson),
      fieldDescriptions: this.def.fieldDescriptions,
      signature: this.def.signature,
      trace: this.segmentTrace === 0 ? this.trace : this.trace.slice(this.segmentTrace),
      durationMs,
    };
    const step: Step =
      failure === null
        ? { ok: true, agent: this.def.name, return: ret, returnValue: value, ...flags, ...rest }
        : { ok: false, agent: this.def.name, failure, fail: failure, ...rest };
    // The live run stays with its Step, out of sight: `continueFrom: step` goes on from it.
    Object.defineProperty(step, LIVE_RUN, { value: { run: this, generation: this.generation } satisfies LiveRun });
    this.lastStep = step;
    return step;
  }
}

/** The journal path of the child run started by `turn` of the run at `path`, at call position `key`. */
function childPath(path: string, turn: number, key: string): string {
  return `${path === "" ? "" : `${path}.`}${turn}${key}`;
}

function journalFailure(e: unknown): Failure {
  if (e instanceof ReplayDivergence) return { kind: "replay", reason: e.message };
  if (e instanceof JournalError) return { kind: "journal", reason: e.message };
  return { kind: "journal", reason: `the journal store failed: ${hostMessage(e)}` };
}

/** A return in the spelling of the output type's fields (the value as it is when a walk cannot finish). */
function inSignatureSpelling(def: AgentDefinition, value: unknown): unknown {
  if (!hasAltSpellings(def.signature.output)) return value;
  const r = tryHostWalk((meter) => respell(def.signature.output, value, meter), { limits: def.limits });
  return r.ok ? r.value : value;
}

/** The Step's namespace: the user vars' JSON by name (`__proto__` too stays data). */
function namespaceObject(vars: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of vars) {
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A turn stopped by its clock, as the journal has it (its program is not run again). */
function stoppedTurn(entry: TurnEntry, reply: LlmReply, def: AgentDefinition): TurnResult {
  const program =
    def.outputMode === "lisp" && def.transport === "code_block" ? extractProgram(reply.content).code : null;
  return { outcome: entry.outcome, feedback: entry.feedback, program, errorKind: "timeout", journaled: true };
}

interface TurnResult {
  readonly outcome: TurnOutcome;
  /** A turn that went on: its program's value (a run whose turns run out may end with it). */
  readonly value?: Value;
  /** The feedback is the journaled one, whole (a replayed turn that was stopped by its clock). */
  readonly journaled?: true;
  readonly feedback: string;
  readonly program: string | null;
  readonly result?: string;
  /** Set when the turn ends the run: the returned value, or the failure. */
  readonly end?: {
    readonly value: Value | null;
    readonly failure: Failure | null;
    /** A return's JSON, made in the turn (the Step's and the trace's). */
    readonly json?: { readonly json: unknown; readonly trace: unknown };
  };
  /** An error turn's kind, for the trace. */
  readonly errorKind?: string;
  /** What went wrong, on one line (the run's failure reason quotes the last one). */
  readonly error?: string;
}

/** A feedback's first line without its `;; Error: ` head. */
function firstLine(feedback: string): string {
  const line = feedback.split("\n")[0]!.replace(/^;; Error: /, "");
  return `${line.charAt(0).toLowerCase()}${line.slice(1)}`;
}

function interrupted(): Failure {
  return { kind: "cancelled", reason: "interrupted (Ctrl-C) while the program ran" };
}

function missionTimeout(ms: number): Failure {
  return { kind: "timeout", reason: `the mission ran out of time (${ms} ms)` };
}

function turnTimeout(def: AgentDefinition, turn: number): Failure {
  return { kind: "timeout", reason: `turn ${turn} ran out of time (${def.turnTimeoutMs} ms)` };
}

/** The text of a (fail ...) reason (`json`: the detail's JSON): a string as is, a map's :message or :reason, else printed. */
function failReason(detail: unknown, json: unknown): string {
  if (typeof detail === "string") return detail;
  if (json !== null && typeof json === "object" && !Array.isArray(json)) {
    const o = json as Record<string, unknown>;
    if (typeof o["message"] === "string") return o["message"];
    if (typeof o["reason"] === "string") return o["reason"];
  }
  return JSON.stringify(json) ?? "failed";
}

/** A host value for traces and the Step: JSON, never throwing. */

/** The input tokens of a request, estimated: about four characters a token. */
function estimateTokens(system: string, messages: readonly LlmMessage[]): number {
  let chars = system.length;
  for (const m of messages) chars += m.content.length;
  return Math.ceil(chars / 4);
}

/**
 * A reply written as a stream of text pieces (a streaming function model): each piece told
 * to `onText` as it comes, the whole reply at the end. Stops reading when `signal` aborts.
 */
async function collectText(
  stream: AsyncIterable<string>,
  onText: ((delta: string) => void) | undefined,
  signal: AbortSignal,
): Promise<string> {
  const it = stream[Symbol.asyncIterator]();
  let text = "";
  try {
    for (;;) {
      const next = await abortable(it.next(), signal);
      if (next.done === true) return text;
      const piece: unknown = next.value;
      if (typeof piece !== "string") throw new LlmError(`a streaming model yielded ${typeof piece}, not text`);
      text += piece;
      onText?.(piece);
    }
  } finally {
    if (signal.aborted) void Promise.resolve(it.return?.()).catch(() => undefined);
  }
}

/** Resolves as `p`, or rejects when `signal` aborts first (an LLM adapter that ignores it). */
function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new PtcError({ kind: "timeout", message: "aborted" }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new PtcError({ kind: "timeout", message: "aborted" }));
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e instanceof Error ? e : new Error(hostMessage(e)));
      },
    );
  });
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * The model a request is for, as traces name it: the label of the `Llm` (an AI SDK
 * model's id, a spec's model), else the name the definition gave (a registry name).
 */
function requestModel(chosen: AgentDefinition["llm"], llm: Llm): { model?: string; provider?: string } {
  const info = llmInfo(llm);
  const model = info?.model ?? (typeof chosen === "string" ? chosen : undefined);
  return {
    ...(model !== undefined ? { model } : {}),
    ...(info?.provider !== undefined ? { provider: info.provider } : {}),
  };
}

function answeredBy(reply: LlmReply, llm: Llm): { model?: string; provider?: string } {
  const info = llmInfo(llm);
  const model = reply.model ?? info?.model;
  const provider = reply.provider ?? info?.provider;
  return { ...(model !== undefined ? { model } : {}), ...(provider !== undefined ? { provider } : {}) };
}

function isFailure(x: unknown): x is Failure {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof (x as { kind?: unknown }).kind === "string" &&
    typeof (x as { reason?: unknown }).reason === "string"
  );
}
