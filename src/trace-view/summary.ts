/**
 * The summary of a trace, as data (`ptcc trace FILE --json` prints it; the terminal
 * rendering reads it): the runs as a tree with their counts, the slowest tool calls and
 * model requests, the failures with the program of the turn they happened in, and what
 * the reader left out (unknown event types, skipped lines).
 */
import type { RunStatus, RunView, Tokens, TraceModel, TurnView } from "./model.js";

/** How many of the slowest tool calls and model requests the summary lists. */
export const SLOWEST = 5;
/** Lines of a failed turn's program the summary quotes. */
const EXCERPT_LINES = 8;
const EXCERPT_CHARS = 600;

export interface RunSummary {
  readonly run: string;
  readonly agent: string;
  readonly depth: number;
  /** The parent's run id (null for a root; a parent missing from the trace is still named). */
  readonly parent: string | null;
  readonly status: RunStatus;
  /** Why a failed run failed. */
  readonly failure?: { readonly kind: string; readonly reason: string };
  readonly turns: number;
  /** Tokens of this run's own model requests (a child's are its own). */
  readonly tokens: Tokens;
  readonly llmRequests: number;
  readonly toolCalls: number;
  /** Turns that ended in an error (the model was told and tried again). */
  readonly errorTurns: number;
  /** Turns replayed from the run's journal (a resumed run); their requests are not in `llmRequests`. */
  readonly replayedTurns?: number;
  /** How many times the run went on from its end (`continueFrom`). */
  readonly continued?: number;
  /** Compactions of the run's conversation. */
  readonly compactions?: number;
  /** The run returned its last turn's value: the turns ran out (`fallback`), or it was over budget (`partial`). */
  readonly answer?: "fallback" | "partial";
  readonly wallMs: number;
  /** The runs this one started, by id (each listed after it). */
  readonly children: readonly string[];
}

export interface SlowToolCall {
  readonly run: string;
  readonly turn: number;
  readonly tool: string;
  readonly durationMs: number;
  readonly error?: string;
  /** The child run it started (an agent as a tool). */
  readonly child?: string;
}

export interface SlowRequest {
  readonly run: string;
  readonly turn: number;
  readonly agent: string;
  readonly model?: string;
  readonly durationMs: number;
  readonly error?: string;
}

export interface FailureSummary {
  readonly run: string;
  readonly agent: string;
  readonly kind: string;
  readonly reason: string;
  /** The turn the run failed in (its last). */
  readonly turn?: number;
  /** The start of that turn's program (whole lines; `…` says more followed). */
  readonly program?: string | null;
}

export interface TraceSummary {
  readonly file: string;
  readonly format: string;
  readonly totals: {
    readonly runs: number;
    readonly turns: number;
    readonly llmRequests: number;
    readonly toolCalls: number;
    readonly tokens: Tokens;
    /** From the first event to the last. */
    readonly wallMs: number;
    readonly events: number;
  };
  /** The run tree, depth first: each run, then the runs it started (`parent`, `depth` and `children` link them). */
  readonly runs: readonly RunSummary[];
  readonly slowest: { readonly toolCalls: readonly SlowToolCall[]; readonly llmRequests: readonly SlowRequest[] };
  readonly failures: readonly FailureSummary[];
  /** Events of types the view does not know, by type (a newer writer's). */
  readonly unknownEvents: readonly { readonly type: string; readonly count: number; readonly firstLine: number }[];
  readonly skippedLines: readonly { readonly line: number; readonly reason: string }[];
}

/** Milliseconds kept to a tenth of a microsecond: JSON output without float noise. */
const ms = (v: number): number => Math.round(v * 10_000) / 10_000;

/** The start of a program: whole lines, at most EXCERPT_LINES of them and about EXCERPT_CHARS. */
export function excerpt(program: string): string {
  const lines = program.trim().split("\n");
  const kept: string[] = [];
  let chars = 0;
  for (const l of lines) {
    if (kept.length === EXCERPT_LINES || (kept.length > 0 && chars + l.length > EXCERPT_CHARS)) break;
    kept.push(l.length > EXCERPT_CHARS ? `${l.slice(0, EXCERPT_CHARS)}…` : l);
    chars += l.length + 1;
  }
  return kept.length < lines.length ? `${kept.join("\n")}\n…` : kept.join("\n");
}

const compactions = (r: RunView): number => r.turns.reduce((n, t) => n + t.compactions.length, 0);

export function summarizeTrace(model: TraceModel): TraceSummary {
  const runSummary = (id: string): RunSummary => {
    const r = model.runs.get(id)!;
    return {
      run: r.id,
      agent: r.agent,
      depth: r.depth,
      parent: r.parent,
      status: r.status,
      ...(r.failure !== undefined ? { failure: { ...r.failure } } : {}),
      turns: r.turns.length,
      tokens: { ...r.tokens },
      llmRequests: r.requests,
      toolCalls: r.toolCalls,
      errorTurns: r.turns.filter((t) => t.outcome === "error").length,
      ...(r.replayedTurns > 0 ? { replayedTurns: r.replayedTurns } : {}),
      ...(r.continued > 0 ? { continued: r.continued } : {}),
      ...(compactions(r) > 0 ? { compactions: compactions(r) } : {}),
      ...(r.answer !== undefined ? { answer: r.answer } : {}),
      wallMs: ms(r.durationMs),
      children: [...r.children],
    };
  };

  const turns: TurnView[] = [];
  for (const id of model.order) turns.push(...model.runs.get(id)!.turns);
  const tokens: Tokens = { input: 0, cached: 0, output: 0 };
  for (const id of model.order) {
    const t = model.runs.get(id)!.tokens;
    tokens.input += t.input;
    tokens.cached += t.cached;
    tokens.output += t.output;
  }
  const calls = turns.flatMap((t) => t.toolCalls);
  // Requests replayed from a journal were not made: neither counted nor timed.
  const requests = turns.flatMap((t) => t.requests).filter((q) => q.replayed !== true);
  // Slowest first; equal durations in the order they happened.
  const slowest = <T extends { durationMs: number; start: number }>(xs: readonly T[]): T[] =>
    [...xs].sort((a, b) => b.durationMs - a.durationMs || a.start - b.start).slice(0, SLOWEST);

  const failures: FailureSummary[] = [];
  for (const id of model.order) {
    const r = model.runs.get(id)!;
    if (r.status !== "failed") continue;
    const last = r.turns[r.turns.length - 1];
    failures.push({
      run: r.id,
      agent: r.agent,
      kind: r.failure?.kind ?? "unknown",
      reason: r.failure?.reason ?? "the trace does not say",
      ...(last !== undefined ? { turn: last.index } : {}),
      ...(last?.program !== undefined ? { program: last.program === null ? null : excerpt(last.program) } : {}),
    });
  }

  const unknown = new Map<string, { type: string; count: number; firstLine: number }>();
  for (const u of model.unknown) {
    const seen = unknown.get(u.type);
    if (seen === undefined) unknown.set(u.type, { type: u.type, count: 1, firstLine: u.line });
    else seen.count++;
  }

  return {
    file: model.name,
    format: model.format,
    totals: {
      runs: model.order.length,
      turns: turns.length,
      llmRequests: requests.length,
      toolCalls: calls.length,
      tokens,
      wallMs: ms(model.end - model.start),
      events: model.events,
    },
    runs: model.order.map(runSummary),
    slowest: {
      toolCalls: slowest(calls).map((c) => ({
        run: c.run,
        turn: c.turn,
        tool: c.tool,
        durationMs: ms(c.durationMs),
        ...(c.error !== undefined ? { error: c.error } : {}),
        ...(c.child !== undefined ? { child: c.child } : {}),
      })),
      llmRequests: slowest(requests).map((q) => ({
        run: q.run,
        turn: q.turn,
        agent: model.runs.get(q.run)!.agent,
        ...(q.model !== undefined ? { model: q.model } : {}),
        durationMs: ms(q.durationMs),
        ...(q.error !== undefined ? { error: q.error } : {}),
      })),
    },
    failures,
    unknownEvents: [...unknown.values()],
    skippedLines: model.skipped.map((s) => ({ line: s.line, reason: s.reason })),
  };
}
