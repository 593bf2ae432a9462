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
import { anySignal } from "../llm/http.js";
import { toLlm } from "../llm/ai-sdk.js";
import { llmInfo } from "../llm/info.js";
import { createLlm, suggestLlmSpec } from "../llm/resolve.js";
import { LlmError, normalizeReply, type Llm, type LlmMessage, type LlmRegistry, type LlmReply } from "../llm/types.js";
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
import { lastTurnNotice } from "./prompt/mission.js";
import { renderUserNow } from "./prompt/namespace.js";
import { renderRunPrompt } from "./prompt/render.js";
import { RUN_PROGRAM } from "./prompt/system.js";
import { TOOL_CHECK, toolCatalog } from "./tool-check.js";
import { buildTools, toolEntries, toolSignatures } from "./tools.js";
import { agentLabel } from "./rules.js";
import { checkRunOptions, optionsReason, type CheckedRunOptions } from "./run-options.js";
import { newRunId, systemHash, TRACE_IDS, type TraceEvent } from "./trace.js";
import { openToolSources } from "./tool-source.js";
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
}

interface Counters {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteInputTokens: number;
  llmRequests: number;
}

/** Run an agent definition on an input. Never throws for anything a user, LLM or tool does. */
export async function runAgent(
  def: AgentDefinition,
  input: Readonly<Record<string, unknown>>,
  options: RunOptions,
  parent?: ParentRun,
  inherited: readonly InheritedFn[] = [],
): Promise<Step> {
  // Options it cannot use end the run as a failure (kind `options`), never as a throw.
  const checked = checkRunOptions(options);
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
  private readonly runId: string;
  private readonly depth: number;
  private readonly depthLeft: number;
  private readonly deadline: number;
  private readonly missionMs: number;
  private readonly started = performance.now();
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

  /** Set when a tool broke its own signature: the run ends after the evaluation that called it. */
  private contractBreach: Failure | null = null;
  /** Set once the trace sink has thrown: it is called no more. */
  private sinkFailed = false;

  /** Closes the tool sources this run opened (its MCP servers). */
  private closeToolSources: (() => Promise<void>) | undefined;

  constructor(
    /** The definition; with the tools of its sources once they are open. */
    private def: AgentDefinition,
    private readonly input: Readonly<Record<string, unknown>>,
    private readonly options: CheckedRunOptions["options"],
    private readonly parent: ParentRun | undefined,
    private readonly inherited: readonly InheritedFn[],
    /** What is wrong with the run options as given (the run fails at once when any). */
    private readonly optionProblems: readonly string[] = [],
  ) {
    this.runId = newRunId(def.name);
    this.depth = parent === undefined ? 0 : parent.depth + 1;
    this.depthLeft = parent === undefined ? def.maxDepth : Math.min(parent.depthLeft - 1, def.maxDepth);
    const own = this.started + def.missionTimeoutMs;
    this.deadline = parent === undefined ? own : Math.min(parent.deadline, own);
    this.missionMs =
      parent !== undefined && this.deadline === parent.deadline ? parent.missionMs : def.missionTimeoutMs;
    this.registry = { ...(parent?.registry ?? {}), ...(options.llmRegistry ?? {}), ...def.llmRegistry };
    this.made = parent?.made ?? new Map();
    this.secrets = parent?.secrets ?? new FirewallSecrets();
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

  private base(): { at: number; run: string } {
    return { at: Date.now(), run: this.runId };
  }

  async run(): Promise<Step> {
    let step: Step;
    try {
      this.emit({
        ...this.base(),
        type: "run_start",
        parent: this.parent?.runId ?? null,
        agent: this.def.name,
        depth: this.depth,
        // The caller's own data, by reference when it is plain JSON (checked, not copied:
        // copying a large input for the trace would cost as much as the run's first turn).
        input: traceValue(this.input, this.def.limits, this.msLeft()),
      });
      step = await this.loop();
    } catch (e) {
      // A defect, not something the LLM or a tool did: still a Step, never a crash.
      step = this.finish(null, { kind: "internal", reason: `internal error: ${hostMessage(e)}` });
    } finally {
      await this.closeToolSources?.();
    }
    return step;
  }

  private async loop(): Promise<Step> {
    if (this.optionProblems.length > 0)
      return this.finish(null, { kind: "options", reason: optionsReason(this.optionProblems) });
    const def = this.def;
    const checked = checkRunInput(def, this.input);
    if (!checked.ok) return this.finish(null, { kind: "input", reason: checked.reason });
    const input = checked.input;
    this.firewalled(input);

    let llm: Llm;
    try {
      llm = await this.resolveLlm();
      this.llm = llm;
    } catch (e) {
      return this.finish(null, { kind: "llm", reason: hostMessage(e) });
    }

    let mission: string;
    try {
      mission = missionText(def, input);
    } catch (e) {
      return this.finish(null, { kind: "input", reason: hostMessage(e) });
    }

    const toolsFailure = await this.openToolSources();
    if (toolsFailure !== null) return this.finish(null, toolsFailure);

    let session: Session;
    try {
      session = this.newSession(input);
    } catch (e) {
      // Data that cannot enter a program (a cycle, a host function, nesting too deep, too large).
      return this.finish(null, { kind: "input", reason: hostMessage(e) });
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

    let lastError: string | undefined;
    for (this.turn = 1; this.turn <= def.maxTurns; this.turn++) {
      if (this.cancelled()) return this.finish(null, this.cancelFailure());
      if (this.deadline - performance.now() <= 0) return this.finish(null, missionTimeout(this.missionMs));
      const last = this.turn === def.maxTurns && def.maxTurns > 1;
      const messages = conversation.messages(last ? lastTurnNotice(def.outputMode) : undefined);
      const t = await this.turnOnce(llm, session, messages);
      if ("failure" in t) return this.finish(null, t.failure);
      if (t.end !== undefined) return this.finish(t.end.value, t.end.failure, t.end.json);
      lastError = t.error;
      conversation.add(t.reply, t.feedback);
    }
    return this.finish(null, {
      kind: "max_turns",
      reason:
        `no valid (return ...) after ${def.maxTurns} turn${def.maxTurns === 1 ? "" : "s"}` +
        (lastError !== undefined ? `; the last turn's error: ${lastError}` : ""),
    });
  }

  /**
   * One turn: ask the model (under the turn's and the mission's deadline), run what it
   * wrote, record the turn. A failure of the model ends the run (`failure`); otherwise
   * the turn either ends the run (`end`) or gives feedback for the next one.
   */
  private async turnOnce(
    llm: Llm,
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
    this.turnSignal = controller.signal;
    let reply: LlmReply;
    let r: TurnResult;
    try {
      try {
        reply = await this.ask(llm, messages, controller.signal);
      } catch (e) {
        if (this.cancelled()) return { failure: this.cancelFailure() };
        if (controller.signal.aborted) {
          return { failure: budget === left ? missionTimeout(this.missionMs) : turnTimeout(def, this.turn) };
        }
        return { failure: { kind: "llm", reason: hostMessage(e) } };
      }
      const remaining = Math.max(
        1,
        Math.min(budget - (performance.now() - turnStart), this.deadline - performance.now()),
      );
      r = await this.replyTurn(session, reply, remaining);
    } finally {
      clearTimeout(timer);
      this.turnDeadline = Infinity;
      this.options.signal?.removeEventListener("abort", onAbort);
      // The turn is over: whatever it started and still runs (a child agent the program
      // gave up waiting for, a slow tool) is told to stop.
      controller.abort({
        kind: "cancelled",
        reason: `${agentLabel(def.name)}'s turn ${this.turn} ended`,
      } satisfies Failure);
    }
    // What the model reads next, with every firewalled value the mission has seen hidden
    // (in whatever form a program put it: printed, inside a string, in an error).
    const feedback = r.end !== undefined ? "" : this.secrets.redact(this.feedbackOf(r));
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
    this.options.onTurn?.(turn, def.name, this.depth, { id: this.runId, parent: this.parent?.runId ?? null });
    return { ...r, feedback, reply };
  }

  /**
   * The whole feedback of a turn that goes on: what the turn's result says, then the notes
   * of its tool calls, then the user/ namespace when the turn changed it.
   */
  private feedbackOf(r: TurnResult): string {
    const lines = [r.feedback, ...this.turnNotes];
    if (this.def.outputMode === "lisp" && this.session !== null) {
      this.inheritedFns ??= new Map(this.inherited.map((f) => [f.name, f.fn]));
      const now = renderUserNow(this.session.namespace.all(), this.inheritedFns);
      if (now !== null && now !== this.shownUser) {
        lines.push(now);
        this.shownUser = now;
      }
    }
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

  /** The run's session: the input as data/, the tools wrapped with their signatures. */
  private newSession(input: Record<string, unknown>): Session {
    const def = this.def;
    return new Session({
      context: input,
      tools: buildTools({
        definition: def,
        context: () => ({ agent: def.name, depth: this.depth, turn: this.turn, signal: this.turnSignal }),
        record: (c) => this.recordCall(c),
        seen: (value) => this.firewalled(value),
        msLeft: () => this.msLeft(),
        note: (tool, warnings) => this.turnNotes.push(...coercionNotes(tool, warnings)),
        contractBroken: (reason) => (this.contractBreach ??= { kind: "tool_contract", reason }),
        runChild: (tool, child, args, inherit) => this.runChild(tool, child, args, inherit),
      }),
      toolCatalog: toolCatalog(toolSignatures(def)),
      limits: def.limits,
      historyMaxChars: def.formatOptions.historyMaxBytes,
      ...(this.options.breakOnSigint === true ? { breakOnSigint: true } : {}),
    });
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
    if (typeof chosen === "function") return chosen;
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

  private async ask(llm: Llm, messages: LlmMessage[], signal: AbortSignal): Promise<LlmReply> {
    const conversation = this.conversation!;
    const system = conversation.system;
    const tools = conversation.tools;
    // The system prompt goes into the trace once; later requests name it by its hash.
    const hash = systemHash(system);
    const writeSystem = this.tracedSystem !== hash;
    this.tracedSystem = hash;
    this.emit({
      ...this.base(),
      type: "llm_request",
      turn: this.turn,
      agent: this.def.name,
      ...requestModel(this.def.llm, llm),
      ...(writeSystem ? { system } : {}),
      systemHash: hash,
      messages,
      ...(tools !== undefined ? { tools: tools.map((t) => t.name) } : {}),
    });
    this.options.onLlmStart?.(this.def.name, this.depth, this.turn);
    const t0 = performance.now();
    this.counters.llmRequests++;
    try {
      const raw = await abortable(
        llm({
          system,
          messages,
          agent: this.def.name,
          depth: this.depth,
          turn: this.turn,
          signal,
          ...(tools !== undefined ? { tools } : {}),
        }),
        signal,
      );
      const reply = normalizeReply(raw);
      if (typeof reply.content !== "string") throw new LlmError("the LLM's reply has no text content");
      this.count(reply);
      this.emit({
        ...this.base(),
        type: "llm_response",
        turn: this.turn,
        agent: this.def.name,
        content: reply.content,
        ...(reply.usage !== undefined ? { usage: reply.usage } : {}),
        ...(reply.finishReason !== undefined ? { finishReason: reply.finishReason } : {}),
        // What answered, as the reply says; else what was called (the Llm's label).
        ...answeredBy(reply, llm),
        ...(reply.toolCalls !== undefined && reply.toolCalls.length > 0 ? { toolCalls: reply.toolCalls } : {}),
        durationMs: performance.now() - t0,
      });
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
  }

  private async lispTurn(session: Session, code: string, timeoutMs: number): Promise<TurnResult> {
    const def = this.def;
    const fmt = def.formatOptions;
    this.programEvent(code);
    const single = def.maxTurns === 1;
    const origin = { run: this.runId, agent: def.name, turn: this.turn };
    const r: EvalResult = await session.evaluate(code, {
      // A single turn's value is the answer: realized whole ("none" realizes without
      // printing), then shown shortened below.
      print: single ? "none" : { maxItems: fmt.feedbackLimit, maxChars: fmt.feedbackMaxChars, firewall: true },
      limits: { timeoutMs: Math.min(def.limits.timeoutMs ?? Infinity, Math.max(1, Math.floor(timeoutMs))) },
      origin,
    });
    // The host's tool is broken: no turn of the model can mend it.
    if (this.contractBreach !== null) {
      const end = { value: null, failure: this.contractBreach };
      return { outcome: "error", feedback: "", program: code, errorKind: "tool_contract", end };
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
      return {
        outcome: "continue",
        feedback: resultFeedback(r.printed, r.output, r.warnings, fmt),
        program: code,
        result: r.printed,
      };
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
      if (single) {
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

  private recordCall(c: ToolCallTrace): void {
    this.turnCalls.push(c);
    const [args, result] = traceValues([c.args, c.result], this.def.limits, this.msLeft());
    this.emit({
      ...this.base(),
      type: "tool_call",
      turn: this.turn,
      tool: c.name,
      args,
      ...(c.result !== undefined ? { result } : {}),
      ...(c.error !== undefined ? { error: c.error } : {}),
      durationMs: c.durationMs,
    });
  }

  private async runChild(
    tool: string,
    child: AgentDefinition,
    args: Record<string, unknown>,
    inherit: boolean,
  ): Promise<Step> {
    if (this.depthLeft <= 0) {
      throw new Error(`tool/${tool}: agents may nest at most ${this.def.maxDepth} levels deep (maxDepth)`);
    }
    // The child stops when the parent's turn does (its time ran out, or the run was
    // cancelled): a parent that gave up waiting must not leave a child calling models.
    const step = await runAgent(
      child,
      args,
      {
        ...this.options,
        signal: anySignal([this.options.signal, this.turnSignal]),
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
      },
      inherit ? inheritableFunctions(this.session?.namespace.all() ?? []) : [],
    );
    this.counters.inputTokens += step.usage.inputTokens;
    this.counters.outputTokens += step.usage.outputTokens;
    this.counters.cachedInputTokens += step.usage.cachedInputTokens;
    this.counters.cacheWriteInputTokens += step.usage.cacheWriteInputTokens;
    this.counters.llmRequests += step.usage.llmRequests;
    // The child's events went to the sink already; keep them in this run's trace too.
    this.trace.push(...step.trace);
    // The firewalled fields of what the child returns are the parent's secrets too.
    if (step.ok) this.firewalled(step.return);
    return step;
  }

  private finish(
    value: Value | null,
    failure: Failure | null,
    written?: { readonly json: unknown; readonly trace: unknown },
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
    const ret = failure === null ? written?.json : undefined;
    this.emit({
      ...this.base(),
      type: "run_end",
      ok: failure === null,
      ...(failure === null ? { return: written?.trace } : { failure: { kind: failure.kind, reason: failure.reason } }),
      turns: this.turns.length,
      durationMs,
    });
    const usage: Usage = { ...this.counters };
    const rest = {
      turns: this.turns,
      transcript: this.turns,
      usage,
      namespace: namespaceObject(endVarsJson),
      fieldDescriptions: this.def.fieldDescriptions,
      signature: this.def.signature,
      trace: this.trace,
      durationMs,
    };
    return failure === null
      ? { ok: true, agent: this.def.name, return: ret, returnValue: value, ...rest }
      : { ok: false, agent: this.def.name, failure, fail: failure, ...rest };
  }
}

/** The Step's namespace: the user vars' JSON by name (`__proto__` too stays data). */
function namespaceObject(vars: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of vars) {
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

interface TurnResult {
  readonly outcome: TurnOutcome;
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
