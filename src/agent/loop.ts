/**
 * The multi-turn loop of one agent run:
 *
 *   check the input → for each turn: render the mission → ask the LLM → extract the
 *   program → run it in the agent's session → return / fail / feedback → next turn
 *
 * The session keeps the user namespace across turns (a failed turn's defs are undone)
 * and `*1 *2 *3`. `(return v)` ends the run when `v` matches the output signature; a
 * mismatch, an error of any kind or a plain result goes back to the LLM as feedback.
 */
import { PtcError } from "../diagnostics/error.js";
import { Session } from "../evaluator/session.js";
import type { EvalResult } from "../evaluator/evaluate.js";
import { anySignal } from "../llm/http.js";
import { createLlm } from "../llm/resolve.js";
import { LlmError, normalizeReply, type Llm, type LlmMessage, type LlmRegistry, type LlmReply } from "../llm/types.js";
import { hostMessage } from "../runtime/convert.js";
import type { ValidationIssue } from "../runtime/validation.js";
import { getFlex } from "../runtime/map.js";
import { PtcFn, type Value, type Var } from "../runtime/values.js";
import { renderParams, renderType } from "../signature/render.js";
import { altSpelling } from "../signature/types.js";
import { expandTemplate } from "../signature/placeholders.js";
import { extractJson, extractProgram } from "./extract.js";
import { tryHostWalk } from "../evaluator/host-walk.js";
import {
  checkedInput,
  hostWalk,
  dataIssues,
  endValues,
  jsonValue,
  printValue,
  returnIssues,
  traceValue,
  traceValues,
  valueOf,
} from "./host-values.js";
import {
  coercionNotes,
  cut,
  errorFeedback,
  invalidReturnFeedback,
  llmIssue,
  noProgramFeedback,
  resultFeedback,
} from "./feedback.js";
import type { DataEntry } from "./prompt/namespace.js";
import { lastTurnNotice, renderMission } from "./prompt/mission.js";
import { systemPrompt } from "./prompt/system.js";
import { buildTools, toolEntries } from "./tools.js";
import { newRunId, type TraceEvent } from "./trace.js";
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
}

/** Most characters of a model's reply kept in the conversation. */
const MAX_REPLY_ECHO = 50_000;

interface Counters {
  inputTokens: number;
  outputTokens: number;
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
  return new Run(def, input, options, parent, inherited).run();
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
  private readonly counters: Counters = { inputTokens: 0, outputTokens: 0, llmRequests: 0 };
  private readonly registry: LlmRegistry;
  private turn = 0;
  private turnCalls: ToolCallTrace[] = [];
  private turnNotes: string[] = [];
  private turnSignal: AbortSignal = new AbortController().signal;
  private session: Session | null = null;
  /** The model this run uses, once resolved (children default to it). */
  private llm: Llm | undefined;
  private readonly made: Map<string, Promise<Llm>>;

  constructor(
    private readonly def: AgentDefinition,
    private readonly input: Readonly<Record<string, unknown>>,
    private readonly options: RunOptions,
    private readonly parent: ParentRun | undefined,
    private readonly inherited: readonly InheritedFn[],
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
  }

  private emit(e: TraceEvent): void {
    this.trace.push(e);
    try {
      this.options.trace?.(e);
    } catch {
      // A sink that fails (a full disk, a value it cannot write) loses the event, not the run.
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
        input: traceValue(this.input, this.def.limits),
      });
      step = await this.loop();
    } catch (e) {
      // A defect, not something the LLM or a tool did: still a Step, never a crash.
      step = this.finish(null, { kind: "internal", reason: `internal error: ${hostMessage(e)}` });
    }
    return step;
  }

  private async loop(): Promise<Step> {
    const def = this.def;
    // The caller's data may be anything (huge, shared, a proxy): checked and copied under a budget.
    const checked = checkedInput(def.signature, this.input, def.limits);
    if (!checked.ok)
      return this.finish(null, { kind: "input", reason: `the input cannot be checked: ${checked.error.message}` });
    if (checked.value.errors.length > 0) {
      return this.finish(null, {
        kind: "input",
        reason: `the input does not match (${renderParams(def.signature)}): ${checked.value.errors.map(llmIssue).join("; ")}`,
      });
    }
    const input: Record<string, unknown> = checked.value.input;
    // An optional parameter left out is still a data/ name (nil), as the prompt lists it.
    for (const p of def.signature.params) {
      const alt = altSpelling(p.name);
      if (!Object.hasOwn(input, p.name) && (alt === null || !Object.hasOwn(input, alt))) input[p.name] = null;
    }

    let llm: Llm;
    try {
      llm = await this.resolveLlm();
      this.llm = llm;
    } catch (e) {
      return this.finish(null, { kind: "llm", reason: e instanceof Error ? e.message : String(e) });
    }

    let session: Session;
    try {
      session = this.newSession(input);
    } catch (e) {
      // Data that cannot enter a program (a cycle, a host function, nesting too deep, too large).
      return this.finish(null, { kind: "input", reason: hostMessage(e) });
    }

    // Filling in the prompt writes input values as JSON: a walk too (bounded, under the watchdog).
    const filled = tryHostWalk(() => expandTemplate(def.prompt, input), { limits: def.limits });
    if (!filled.ok) return this.finish(null, { kind: "input", reason: filled.error.message });
    const mission = filled.value;
    this.session = session;
    // Inherited closures are defined before the first turn; the set of their names is
    // fixed here and only tells the prompt which section lists them.
    for (const f of this.inherited) session.namespace.define(f.name, f.fn, f.doc);
    const inheritedNames: ReadonlySet<string> = new Set(this.inherited.map((f) => f.name));
    const data = this.dataEntries(session);
    const tools = toolEntries(def);
    const history: LlmMessage[] = [];

    for (this.turn = 1; this.turn <= def.maxTurns; this.turn++) {
      if (this.cancelled()) return this.finish(null, this.cancelFailure());
      if (this.deadline - performance.now() <= 0) return this.finish(null, missionTimeout(this.missionMs));
      // Samples of the data and of user vars are walks over values: bounded, under the watchdog.
      const first = hostWalk(
        () =>
          renderMission({
            mission,
            view: { data, tools, vars: session.namespace.all(), inherited: inheritedNames },
            output: def.signature.output,
            outputDescriptions: def.fieldDescriptions,
            maxTurns: def.maxTurns,
            mode: def.outputMode,
          }),
        { limits: def.limits },
      );
      const messages: LlmMessage[] = [{ role: "user", content: first }, ...history];
      if (this.turn === def.maxTurns && def.maxTurns > 1) {
        const last = messages[messages.length - 1]!;
        messages[messages.length - 1] = {
          role: "user",
          content: `${last.content}\n\n${lastTurnNotice(def.outputMode)}`,
        };
      }
      const t = await this.turnOnce(llm, session, messages);
      if ("failure" in t) return this.finish(null, t.failure);
      if (t.end !== undefined) return this.finish(t.end.value, t.end.failure);
      // A reply goes back to the model as it was, up to a bound: a runaway reply would
      // otherwise be re-sent in every later request.
      history.push({ role: "assistant", content: cut(t.reply, MAX_REPLY_ECHO) }, { role: "user", content: t.feedback });
    }
    const last = this.turns[this.turns.length - 1]?.feedback.split("\n")[0]?.replace(/^;; /, "");
    return this.finish(null, {
      kind: "max_turns",
      reason:
        `no valid (return ...) after ${def.maxTurns} turn${def.maxTurns === 1 ? "" : "s"}` +
        (last !== undefined && last.startsWith("Error: ")
          ? `; the last turn's ${last.charAt(0).toLowerCase()}${last.slice(1)}`
          : ""),
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
  ): Promise<{ failure: Failure } | (TurnResult & { reply: string })> {
    const def = this.def;
    const turnStart = performance.now();
    this.turnCalls = [];
    this.turnNotes = [];
    const left = this.deadline - turnStart;
    const controller = new AbortController();
    const budget = Math.min(def.turnTimeoutMs, left);
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
        return { failure: { kind: "llm", reason: e instanceof Error ? e.message : String(e) } };
      }
      const remaining = Math.max(
        1,
        Math.min(budget - (performance.now() - turnStart), this.deadline - performance.now()),
      );
      r =
        def.outputMode === "text"
          ? this.textTurn(reply.content)
          : await this.lispTurn(session, reply.content, remaining);
    } finally {
      clearTimeout(timer);
      this.options.signal?.removeEventListener("abort", onAbort);
      // The turn is over: whatever it started and still runs (a child agent the program
      // gave up waiting for, a slow tool) is told to stop.
      controller.abort({ kind: "cancelled", reason: `agent ${def.name}'s turn ${this.turn} ended` } satisfies Failure);
    }
    const ends = r.end !== undefined;
    const feedback = ends ? "" : this.turnNotes.length > 0 ? `${r.feedback}\n${this.turnNotes.join("\n")}` : r.feedback;
    const turn: Turn = {
      index: this.turn,
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
      durationMs: turn.durationMs,
    });
    this.options.onTurn?.(turn, def.name, this.depth);
    return { ...r, feedback, reply: reply.content };
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
        note: (tool, warnings) => this.turnNotes.push(...coercionNotes(tool, warnings)),
        runChild: (tool, child, args, inherit) => this.runChild(tool, child, args, inherit),
      }),
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
    if (typeof chosen === "function") return chosen;
    if (typeof chosen === "string") {
      const named = this.registry[chosen];
      if (named !== undefined) return named;
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
      throw new LlmError(
        `agent ${this.def.name}: no model named ${chosen} in the LLM registry${known.length > 0 ? ` (it has ${known.join(", ")})` : ""}`,
      );
    }
    const given = this.options.llm ?? this.parent?.llm;
    if (given !== undefined) return given;
    throw new LlmError(`agent ${this.def.name}: no LLM given (pass llm in the definition or the run options)`);
  }

  private async ask(llm: Llm, messages: LlmMessage[], signal: AbortSignal): Promise<LlmReply> {
    const system = systemPrompt(this.def.outputMode);
    this.emit({
      ...this.base(),
      type: "llm_request",
      turn: this.turn,
      ...(typeof this.def.llm === "string" ? { model: this.def.llm } : {}),
      system,
      messages,
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
        }),
        signal,
      );
      const reply = normalizeReply(raw);
      if (typeof reply.content !== "string") throw new LlmError("the LLM's reply has no text content");
      this.counters.inputTokens += reply.usage?.inputTokens ?? 0;
      this.counters.outputTokens += reply.usage?.outputTokens ?? 0;
      this.emit({
        ...this.base(),
        type: "llm_response",
        turn: this.turn,
        content: reply.content,
        ...(reply.usage !== undefined ? { usage: reply.usage } : {}),
        durationMs: performance.now() - t0,
      });
      return reply;
    } catch (e) {
      this.emit({
        ...this.base(),
        type: "llm_response",
        turn: this.turn,
        error: e instanceof Error ? e.message : String(e),
        durationMs: performance.now() - t0,
      });
      throw e;
    }
  }

  private async lispTurn(session: Session, reply: string, timeoutMs: number): Promise<TurnResult> {
    const def = this.def;
    const fmt = def.formatOptions;
    const { code } = extractProgram(reply);
    this.emit({ ...this.base(), type: "program", turn: this.turn, program: code });
    if (code === null) return { outcome: "error", feedback: noProgramFeedback("lisp"), program: null };
    const single = def.maxTurns === 1;
    const origin = { run: this.runId, agent: def.name, turn: this.turn };
    const r: EvalResult = await session.evaluate(code, {
      // A single turn's value is the answer: realized whole ("none" realizes without
      // printing), then shown shortened below.
      print: single ? "none" : { maxItems: fmt.feedbackLimit, maxChars: fmt.feedbackMaxChars, firewall: true },
      limits: { timeoutMs: Math.min(def.limits.timeoutMs ?? Infinity, Math.max(1, Math.floor(timeoutMs))) },
      origin,
    });
    if (!r.ok) {
      if (r.error.kind === "interrupted") {
        return { outcome: "error", feedback: "", program: code, end: { value: null, failure: interrupted() } };
      }
      if (r.error.kind === "fail") {
        const value = jsonValue(r.error.detail, def.limits);
        return {
          outcome: "fail",
          feedback: "",
          program: code,
          end: { value: null, failure: { kind: "fail", reason: failReason(r.error.detail), value } },
        };
      }
      return {
        outcome: "error",
        feedback: errorFeedback(r.error, code, r.output, fmt, origin),
        program: code,
      };
    }
    // The printer shortens the answer itself (feedbackLimit, feedbackMaxChars).
    const shown = single
      ? printValue(
          r.value,
          { readably: true, maxItems: fmt.feedbackLimit, maxChars: fmt.feedbackMaxChars, firewall: true },
          def.limits,
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
    const issues = returnIssues(def.signature, r.value, def.signatureValidation, def.limits);
    if (issues.length > 0) {
      const feedback = invalidReturnFeedback(renderType(def.signature.output), issues);
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
      return { outcome: "invalid", feedback, program: code, result: shown };
    }
    return { outcome: "return", feedback: "", program: code, result: shown, end: { value: r.value, failure: null } };
  }

  private textTurn(reply: string): TurnResult {
    const { code } = extractJson(reply);
    this.emit({ ...this.base(), type: "program", turn: this.turn, program: code });
    if (code === null) return { outcome: "error", feedback: noProgramFeedback("text"), program: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(code);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return { outcome: "error", feedback: `;; Error: your answer is not valid JSON: ${message}`, program: code };
    }
    const read = valueOf(parsed, this.def.limits);
    if (!read.ok) return { outcome: "error", feedback: `;; Error: ${read.error.message}`, program: code };
    const value = read.value;
    const issues = this.checkOutput(parsed);
    const shown = cut(JSON.stringify(parsed) ?? "null", this.def.formatOptions.feedbackMaxChars);
    if (issues.length > 0) {
      return {
        outcome: "invalid",
        feedback: invalidReturnFeedback(renderType(this.def.signature.output), issues),
        program: code,
        result: shown,
      };
    }
    return { outcome: "return", feedback: "", program: code, result: shown, end: { value, failure: null } };
  }

  /** The output's validation errors (none in warn_only and disabled modes). */
  private checkOutput(value: unknown): readonly ValidationIssue[] {
    return dataIssues(this.def.signature, value, this.def.signatureValidation, this.def.limits);
  }

  /** The data/ entries: the parameters in signature order, then any other input keys. */
  private dataEntries(session: Session): DataEntry[] {
    const def = this.def;
    // Own keys only: an input key such as `constructor` must not find Object.prototype's.
    const descriptions = new Map(
      Object.entries({ ...(this.options.inputDescriptions ?? {}), ...def.fieldDescriptions }),
    );
    const data = session.inputData();
    const get = (k: string): Value => (data === null ? null : getFlex(data, k, null));
    const entries: DataEntry[] = [];
    const seen = new Set<string>();
    for (const p of def.signature.params) {
      seen.add(p.name);
      const alt = altSpelling(p.name);
      if (alt !== null) seen.add(alt);
      const d = descriptions.get(p.name);
      const value = get(p.name) ?? (alt !== null ? get(alt) : null);
      entries.push({ name: p.name, type: p.type, value, ...(d !== undefined ? { description: d } : {}) });
    }
    data?.forEach((k) => {
      if (typeof k !== "string" || seen.has(k)) return;
      const d = descriptions.get(k);
      entries.push({ name: k, type: null, value: get(k), ...(d !== undefined ? { description: d } : {}) });
    });
    return entries;
  }

  private recordCall(c: ToolCallTrace): void {
    this.turnCalls.push(c);
    const [args, result] = traceValues([c.args, c.result], this.def.limits);
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
        llm: this.options.llm ?? this.llm,
        registry: this.registry,
        made: this.made,
      },
      inherit ? inheritableFunctions(this.session?.namespace.all() ?? []) : [],
    );
    this.counters.inputTokens += step.usage.inputTokens;
    this.counters.outputTokens += step.usage.outputTokens;
    this.counters.llmRequests += step.usage.llmRequests;
    // The child's events went to the sink already; keep them in this run's trace too.
    this.trace.push(...step.trace);
    return step;
  }

  private finish(value: Value | null, failure: Failure | null): Step {
    const durationMs = performance.now() - this.started;
    const vars = (this.session?.namespace.all() ?? []).filter((v) => v.bound);
    const end = endValues(
      failure === null ? value : undefined,
      vars.map((v) => [v.name, v.value] as const),
      this.def.limits,
    );
    const ret = failure === null ? end.json : undefined;
    this.emit({
      ...this.base(),
      type: "run_end",
      ok: failure === null,
      ...(failure === null ? { return: end.trace } : { failure: { kind: failure.kind, reason: failure.reason } }),
      turns: this.turns.length,
      durationMs,
    });
    const usage: Usage = { ...this.counters };
    return {
      ok: failure === null,
      agent: this.def.name,
      ...(failure === null ? { return: ret, returnValue: value } : { failure }),
      turns: this.turns,
      usage,
      namespace: namespaceObject(end.vars),
      fieldDescriptions: this.def.fieldDescriptions,
      signature: this.def.signature,
      trace: this.trace,
      durationMs,
    };
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
  readonly end?: { readonly value: Value | null; readonly failure: Failure | null };
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

/** The text of a (fail ...) reason: a string as is, a map's :message or :reason, else printed. */
function failReason(detail: unknown): string {
  if (typeof detail === "string") return detail;
  const json = jsonValue(detail);
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
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function isFailure(x: unknown): x is Failure {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof (x as { kind?: unknown }).kind === "string" &&
    typeof (x as { reason?: unknown }).reason === "string"
  );
}
