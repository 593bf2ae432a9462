/**
 * The run tree of a trace: runs (parent and child agents), their turns, and in each turn
 * the model requests and the tool calls, with times on one clock. Everything the view
 * shows — the summary, one turn in full, the page, the Chrome export — reads this.
 *
 * Values are shown as the model saw them: the firewalled values of the trace (every leaf
 * under a `_` key, wherever it appears) are hidden in every event, also in a trace written
 * with `redact: false` and in a Step's own events.
 */
import { TRACE_IDS, type TraceEvent } from "../agent/trace.js";
import { FirewallSecrets, redactJson } from "../agent/secrets.js";
import type { LlmMessage, LlmToolCall } from "../llm/types.js";
import type { SkippedLine, TraceRead, UnknownRecord } from "./read.js";

/** Tokens of model requests: input (cached ones included), the cached part of it, output. */
export interface Tokens {
  input: number;
  cached: number;
  output: number;
}

/** One model request and its answer (or error). Times are milliseconds since the epoch. */
export interface RequestView {
  readonly run: string;
  readonly turn: number;
  start: number;
  end: number;
  durationMs: number;
  /** Whether the trace holds its answer (or error). */
  answered: boolean;
  /** Taken from the run's journal (a resumed run), not asked again: not counted as a request. */
  replayed?: true;
  /** The model asked for, then (once answered) the model that answered. */
  model?: string;
  provider?: string;
  tokens: Tokens;
  finishReason?: string;
  error?: string;
  /** The reply's text. */
  content?: string;
  /** Provider tool calls of the reply (the tool_call transport). */
  toolCalls?: readonly LlmToolCall[];
  /** The messages sent. */
  messages?: readonly LlmMessage[];
  line: number;
}

export interface ToolCallView {
  readonly run: string;
  readonly turn: number;
  readonly tool: string;
  readonly args: unknown;
  readonly result?: unknown;
  readonly error?: string;
  start: number;
  end: number;
  readonly durationMs: number;
  readonly line: number;
  /** The child run this call started (an agent used as a tool). */
  child?: string;
}

export interface TurnView {
  readonly run: string;
  readonly index: number;
  start: number;
  end: number;
  requests: RequestView[];
  /** The program the reply held: null for a reply without one; absent when the trace does not say. */
  program?: string | null;
  outcome?: string;
  result?: string;
  /** The feedback the turn's `result` event recorded ("" when the turn ended the run). */
  feedback?: string;
  errorKind?: string;
  staticCheck?: boolean;
  toolCalls: ToolCallView[];
  tokens: Tokens;
  /** Marked as replayed from a journal by the writer. */
  replayed: boolean;
  /** Child runs started during this turn, by start. */
  children: string[];
  /** Compactions of the conversation before this turn's request. */
  compactions: Compaction[];
  /** Events of types the view does not know that name this turn. */
  other: UnknownRecord[];
  /** The turn's `result` event was seen (the turn ended normally). */
  ended: boolean;
}

/** Old turns of the conversation replaced by a note before a request (`compaction`). */
export interface Compaction {
  readonly strategy: string;
  /** The turns dropped. */
  readonly dropped: readonly number[];
  /** The request's estimated input tokens before and after. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
}

export type RunStatus = "ok" | "failed" | "unfinished";

export interface RunView {
  readonly id: string;
  agent: string;
  parent: string | null;
  /** Depth in the tree of this trace (0: a root). */
  depth: number;
  input?: unknown;
  start: number;
  end: number;
  /** The run's own measure (`run_end.durationMs`, added up over its continuations), else its span in the trace. */
  durationMs: number;
  status: RunStatus;
  return?: unknown;
  failure?: { readonly kind: string; readonly reason: string };
  /** The run returned its last turn's value: the turns ran out (`fallback`), or it was over budget (`partial`). */
  answer?: "fallback" | "partial";
  turns: TurnView[];
  children: string[];
  /** The parent's turn this run started in. */
  parentTurn?: number;
  /** This run's own requests' tokens (children not included). */
  tokens: Tokens;
  /** Model requests made (those replayed from a journal are not). */
  requests: number;
  toolCalls: number;
  /** Turns replayed from the run's journal (a resumed run). */
  replayedTurns: number;
  /** How many times the run went on from its end (`continueFrom`). */
  continued: number;
  /** Events of unknown types naming this run but no turn of it. */
  other: UnknownRecord[];
  /** The run_start event was seen. */
  started: boolean;
}

export interface TraceModel {
  readonly name: string;
  readonly format: string;
  readonly lines: number;
  /** Events read (of known types). */
  readonly events: number;
  readonly start: number;
  readonly end: number;
  readonly runs: ReadonlyMap<string, RunView>;
  /** Run ids in tree order: each root, then its children (each after the turn that started it), depth first. */
  readonly order: readonly string[];
  readonly roots: readonly string[];
  readonly unknown: readonly UnknownRecord[];
  readonly skipped: readonly SkippedLine[];
}

const zero = (): Tokens => ({ input: 0, cached: 0, output: 0 });

/** A request not answered (yet), at `at`. */
const unanswered = (run: string, turn: number, at: number, line: number): RequestView => ({
  run,
  turn,
  start: at,
  end: at,
  durationMs: 0,
  answered: false,
  tokens: zero(),
  line,
});

/** A count from a hostile file: a finite, non-negative number, else 0. */
function count(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0;
}

function addTokens(to: Tokens, t: Tokens): void {
  to.input += t.input;
  to.cached += t.cached;
  to.output += t.output;
}

/** Fields of trace events that carry values a run was given or made: where firewalled fields live. */
const VALUE_FIELDS = ["input", "args", "result", "return"] as const;

/** The events with every firewalled value of the trace hidden. */
function redacted(read: TraceRead): { events: { line: number; event: TraceEvent }[]; unknown: UnknownRecord[] } {
  const secrets = new FirewallSecrets();
  // The fields of known events that hold the host's values (the rest are names, numbers,
  // and text a model read); an unknown event may hold them anywhere.
  for (const { event } of read.events) {
    for (const field of VALUE_FIELDS)
      if (field in event) secrets.collect((event as unknown as Record<string, unknown>)[field]);
  }
  for (const u of read.unknown) secrets.collect(u.record);
  return {
    events: read.events.map(({ line, event }) => ({
      line,
      event: redactJson(event, secrets, TRACE_IDS) as TraceEvent,
    })),
    unknown: read.unknown.map((u) => ({ ...u, record: redactJson(u.record, secrets, TRACE_IDS) })),
  };
}

/** The run tree of what a file held. */
export function buildTrace(read: TraceRead): TraceModel {
  const { events, unknown } = redacted(read);
  const runs = new Map<string, RunView>();
  const runOf = (id: string, at: number): RunView => {
    let r = runs.get(id);
    if (r === undefined) {
      r = {
        id,
        agent: id,
        parent: null,
        depth: 0,
        start: at,
        end: at,
        durationMs: 0,
        status: "unfinished",
        turns: [],
        children: [],
        tokens: zero(),
        requests: 0,
        toolCalls: 0,
        replayedTurns: 0,
        continued: 0,
        other: [],
        started: false,
      };
      runs.set(id, r);
    }
    return r;
  };
  const turnsByRun = new Map<string, Map<number, TurnView>>();
  const turnOf = (run: RunView, index: number, at: number): TurnView => {
    let byIndex = turnsByRun.get(run.id);
    if (byIndex === undefined) turnsByRun.set(run.id, (byIndex = new Map()));
    let t = byIndex.get(index);
    if (t === undefined) {
      t = {
        run: run.id,
        index,
        start: at,
        end: at,
        requests: [],
        toolCalls: [],
        tokens: zero(),
        replayed: false,
        children: [],
        compactions: [],
        other: [],
        ended: false,
      };
      byIndex.set(index, t);
      run.turns.push(t);
    }
    return t;
  };

  for (const { line, event: e } of events) {
    const run = runOf(e.run, e.at);
    if (e.replayed === true && "turn" in e) turnOf(run, e.turn, e.at).replayed = true;
    switch (e.type) {
      case "run_start":
        if (run.started) {
          // The run goes on from its end (`continueFrom`): the same run, turns numbered on.
          run.continued++;
          run.status = "unfinished";
          break;
        }
        run.agent = e.agent;
        run.parent = e.parent;
        run.input = e.input;
        run.start = e.at;
        run.started = true;
        break;
      case "run_end": {
        run.status = e.ok ? "ok" : "failed";
        delete run.return;
        delete run.failure;
        delete run.answer;
        if (e.fallback === true) run.answer = "fallback";
        if (e.partial === true) run.answer = "partial";
        if (e.ok) run.return = e.return;
        else if (e.failure !== undefined) run.failure = { kind: e.failure.kind, reason: e.failure.reason };
        run.end = e.at;
        // A continued run's parts add up (the time between them was no one's).
        const part = count(e.durationMs);
        run.durationMs += part;
        if (!run.started) run.start = e.at - part;
        break;
      }
      case "llm_request": {
        if (!run.started) run.agent = e.agent;
        const turn = turnOf(run, e.turn, e.at);
        turn.requests.push({
          ...unanswered(run.id, e.turn, e.at, line),
          ...(e.replayed === true ? { replayed: true } : {}),
          ...(e.model !== undefined ? { model: e.model } : {}),
          ...(e.provider !== undefined ? { provider: e.provider } : {}),
          messages: e.messages,
        });
        break;
      }
      case "llm_response": {
        if (!run.started) run.agent = e.agent;
        const turn = turnOf(run, e.turn, e.at);
        const duration = count(e.durationMs);
        let req = turn.requests.find((r) => !r.answered);
        if (req === undefined) {
          // An answer whose request the file does not hold.
          req = unanswered(run.id, e.turn, e.at, line);
          turn.requests.push(req);
        }
        const u = (e.usage ?? {}) as Record<string, unknown>;
        req.answered = true;
        if (e.replayed === true) req.replayed = true;
        req.start = e.at - duration;
        req.end = e.at;
        req.durationMs = duration;
        req.tokens = {
          input: count(u["inputTokens"]),
          cached: count(u["cachedInputTokens"]),
          output: count(u["outputTokens"]),
        };
        if (e.model !== undefined) req.model = e.model;
        if (e.provider !== undefined) req.provider = e.provider;
        if (e.finishReason !== undefined) req.finishReason = e.finishReason;
        if (e.error !== undefined) req.error = e.error;
        if (e.content !== undefined) req.content = e.content;
        if (e.toolCalls !== undefined) req.toolCalls = e.toolCalls;
        addTokens(turn.tokens, req.tokens);
        addTokens(run.tokens, req.tokens);
        break;
      }
      case "program":
        turnOf(run, e.turn, e.at).program = e.program;
        break;
      case "result": {
        const turn = turnOf(run, e.turn, e.at);
        turn.outcome = e.outcome;
        if (e.result !== undefined) turn.result = e.result;
        turn.feedback = e.feedback;
        if (e.errorKind !== undefined) turn.errorKind = e.errorKind;
        if (e.staticCheck === true) turn.staticCheck = true;
        turn.end = e.at;
        turn.start = e.at - count(e.durationMs);
        turn.ended = true;
        break;
      }
      case "compaction":
        turnOf(run, e.turn, e.at).compactions.push({
          strategy: e.strategy,
          dropped: e.dropped.filter((n): n is number => typeof n === "number"),
          tokensBefore: count(e.tokensBefore),
          tokensAfter: count(e.tokensAfter),
        });
        break;
      case "tool_call": {
        const turn = turnOf(run, e.turn, e.at);
        const duration = count(e.durationMs);
        turn.toolCalls.push({
          run: run.id,
          turn: e.turn,
          tool: e.tool,
          args: e.args,
          ...("result" in e ? { result: e.result } : {}),
          ...(e.error !== undefined ? { error: e.error } : {}),
          start: e.at - duration,
          end: e.at,
          durationMs: duration,
          line,
        });
        break;
      }
    }
  }
  for (const u of unknown) {
    if (u.run === undefined) continue;
    const run = runs.get(u.run);
    if (run === undefined) continue;
    const turn = u.turn !== undefined ? turnsByRun.get(run.id)?.get(u.turn) : undefined;
    (turn ?? run).other.push(u);
  }

  for (const run of runs.values()) settleRun(run);
  const parents = treeParents(runs);
  const roots = [...runs.values()].filter((r) => parents.get(r.id) === null).sort(byStart);
  linkChildren(runs, parents);
  // Depth first, without recursion (a file may nest runs arbitrarily deep).
  const order: string[] = [];
  const stack: { run: RunView; depth: number }[] = roots.map((run) => ({ run, depth: 0 })).reverse();
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    order.push(next.run.id);
    // The depth in this trace's tree (a run whose parent is missing is a root here).
    next.run.depth = next.depth;
    for (let i = next.run.children.length - 1; i >= 0; i--) {
      stack.push({ run: runs.get(next.run.children[i]!)!, depth: next.depth + 1 });
    }
  }

  let start = Infinity;
  let end = -Infinity;
  for (const r of runs.values()) {
    start = Math.min(start, r.start);
    end = Math.max(end, r.end);
  }
  return {
    name: read.name,
    format: read.format,
    lines: read.lines,
    events: read.events.length,
    start: Number.isFinite(start) ? start : 0,
    end: Number.isFinite(end) ? end : 0,
    runs,
    order,
    roots: roots.map((r) => r.id),
    unknown,
    skipped: read.skipped,
  };
}

const byStart = (a: { start: number }, b: { start: number }): number => a.start - b.start;

/**
 * A run's turns in order, each spanning its requests and tool calls (a turn whose result
 * event is missing — the run failed or stopped in it — ends with its last event, or with
 * the run), and the run spanning its turns.
 */
function settleRun(run: RunView): void {
  run.turns.sort((a, b) => a.index - b.index);
  let last = run.end;
  for (const t of run.turns) {
    const parts = [...t.requests, ...t.toolCalls];
    for (const p of parts) {
      t.start = Math.min(t.start, p.start);
      t.end = Math.max(t.end, p.end);
    }
    t.toolCalls.sort(byStart);
    run.requests += t.requests.filter((q) => q.replayed !== true).length;
    if (t.replayed) run.replayedTurns++;
    run.toolCalls += t.toolCalls.length;
    last = Math.max(last, t.end);
  }
  const final = run.turns[run.turns.length - 1];
  // A turn that did not end normally lasted until the run ended.
  if (final !== undefined && !final.ended && run.status !== "unfinished") final.end = Math.max(final.end, run.end);
  if (run.turns.length > 0) run.start = Math.min(run.start, run.turns[0]!.start);
  run.end = Math.max(last, run.end);
  if (run.status === "unfinished" || run.durationMs === 0) run.durationMs = run.end - run.start;
}

/**
 * Each run's parent in the tree: the run it names, when the trace holds that run. A file
 * can name parents in a loop (it is written by hand, or broken): the earliest run of a
 * loop becomes a root (its parent is forgotten), so that every run is in the tree once.
 */
function treeParents(runs: ReadonlyMap<string, RunView>): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  for (const r of runs.values()) parents.set(r.id, r.parent !== null && runs.has(r.parent) ? r.parent : null);
  // Each chain of parents is walked once: a run already settled ends the walk.
  const settled = new Set<string>();
  for (const r of runs.values()) {
    const chain: string[] = [];
    const onChain = new Set<string>();
    for (let at: string | null = r.id; at !== null && !settled.has(at); at = parents.get(at) ?? null) {
      if (onChain.has(at)) {
        const loop = chain.slice(chain.indexOf(at)).map((id) => runs.get(id)!);
        const root = loop.sort(byStart)[0]!;
        parents.set(root.id, null);
        // Nothing that follows parents (the page's script) may go round the loop.
        root.parent = null;
        break;
      }
      onChain.add(at);
      chain.push(at);
    }
    for (const id of chain) settled.add(id);
  }
  return parents;
}

/**
 * Each run under its parent, in the parent's turn it started in, and tied to the tool call
 * that started it: a call of that turn whose arguments are the child's input (the nearest
 * in time), else one whose time overlaps the child's.
 */
function linkChildren(runs: ReadonlyMap<string, RunView>, parents: ReadonlyMap<string, string | null>): void {
  const children = [...runs.values()].filter((r) => parents.get(r.id) !== null).sort(byStart);
  for (const child of children) {
    const parent = runs.get(parents.get(child.id)!)!;
    parent.children.push(child.id);
    const turn =
      parent.turns.find((t) => t.start <= child.start && child.start <= t.end) ??
      [...parent.turns].reverse().find((t) => t.start <= child.start);
    if (turn === undefined) continue;
    child.parentTurn = turn.index;
    turn.children.push(child.id);
    // Times of different events disagree by a few milliseconds (`at` is whole milliseconds,
    // durations are measured apart), so arguments decide first and time only breaks ties.
    const input = JSON.stringify(child.input);
    let best: { call: ToolCallView; score: number } | undefined;
    for (const c of turn.toolCalls) {
      if (c.child !== undefined) continue;
      const same = JSON.stringify(c.args) === input;
      const overlap = Math.min(c.end, child.end) - Math.max(c.start, child.start);
      if (!same && overlap <= 0) continue;
      const score = (same ? 0 : 1e15) + Math.abs(c.start - child.start);
      if (best === undefined || score < best.score) best = { call: c, score };
    }
    if (best !== undefined) best.call.child = child.id;
  }
}
