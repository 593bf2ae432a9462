/**
 * What the HTML page embeds: the run tree as plain JSON, times in milliseconds since the
 * trace's first event. The requests' messages are left out (each request repeats the whole
 * conversation; the page shows each turn's reply and feedback once).
 */
import type { Tokens, TraceModel } from "../model.js";
import { summarizeTrace, type TraceSummary } from "../summary.js";
import { compactionText, sentFeedback } from "../turn.js";

export interface PageRequest {
  readonly start: number;
  readonly end: number;
  readonly model?: string;
  readonly provider?: string;
  readonly tokens: Tokens;
  readonly finishReason?: string;
  readonly error?: string;
}

export interface PageCall {
  readonly tool: string;
  readonly start: number;
  readonly end: number;
  readonly args: unknown;
  /** Absent when the call has none (it failed). */
  readonly result?: unknown;
  readonly error?: string;
  readonly child?: string;
}

export interface PageTurn {
  readonly n: number;
  readonly start: number;
  readonly end: number;
  readonly outcome?: string;
  readonly errorKind?: string;
  readonly staticCheck?: true;
  readonly replayed?: true;
  readonly reply: string | null;
  /** null: the reply held no program; absent: the trace does not say. */
  readonly program?: string | null;
  readonly result?: string;
  readonly feedback: string;
  /** The turn whose request carried the feedback, or null (then `feedback` is what the turn recorded). */
  readonly feedbackSentIn: number | null;
  readonly tokens: Tokens;
  readonly requests: readonly PageRequest[];
  readonly calls: readonly PageCall[];
  readonly children: readonly string[];
  /** Compactions of the conversation before this turn's request, said in a sentence each. */
  readonly compactions: readonly string[];
  /** Events of types the view does not know that name this turn, as read. */
  readonly other: readonly unknown[];
}

export interface PageRun {
  readonly id: string;
  readonly agent: string;
  readonly parent: string | null;
  readonly depth: number;
  readonly status: "ok" | "failed" | "unfinished";
  readonly failure?: { readonly kind: string; readonly reason: string };
  readonly answer?: "fallback" | "partial";
  readonly input?: unknown;
  readonly return?: unknown;
  readonly start: number;
  readonly end: number;
  readonly durationMs: number;
  readonly tokens: Tokens;
  readonly requests: number;
  readonly toolCalls: number;
  readonly replayedTurns: number;
  readonly continued: number;
  readonly parentTurn?: number;
  readonly children: readonly string[];
  readonly turns: readonly PageTurn[];
}

export interface PageData {
  readonly file: string;
  readonly format: string;
  /** The date and time of the first event (ISO 8601), when it is one. */
  readonly startedAt?: string;
  readonly totals: TraceSummary["totals"];
  /** Runs in tree order. */
  readonly runs: readonly PageRun[];
  /** What the reader left out: skipped lines, events of unknown types. */
  readonly notices: readonly string[];
}

/** Milliseconds since the trace's start, to the microsecond. */
const at = (t: number, t0: number): number => Math.round((t - t0) * 1000) / 1000;

export function pageData(model: TraceModel): PageData {
  const t0 = model.start;
  const summary = summarizeTrace(model);
  const notices: string[] = [];
  for (const s of summary.skippedLines) notices.push(`line ${s.line} skipped: ${s.reason}`);
  for (const u of summary.unknownEvents) {
    notices.push(
      `${u.count} event${u.count === 1 ? "" : "s"} of the unknown type ${u.type} (first at line ${u.firstLine})`,
    );
  }
  const date = new Date(t0);
  return {
    file: model.name,
    format: model.format,
    ...(Number.isNaN(date.getTime()) ? {} : { startedAt: date.toISOString() }),
    totals: summary.totals,
    notices,
    runs: model.order.map((id): PageRun => {
      const r = model.runs.get(id)!;
      return {
        id: r.id,
        agent: r.agent,
        parent: r.parent,
        depth: r.depth,
        status: r.status,
        ...(r.failure !== undefined ? { failure: r.failure } : {}),
        ...(r.answer !== undefined ? { answer: r.answer } : {}),
        ...(r.input !== undefined ? { input: r.input } : {}),
        ...(r.return !== undefined ? { return: r.return } : {}),
        start: at(r.start, t0),
        end: at(r.end, t0),
        durationMs: at(r.durationMs, 0),
        tokens: r.tokens,
        requests: r.requests,
        toolCalls: r.toolCalls,
        replayedTurns: r.replayedTurns,
        continued: r.continued,
        ...(r.parentTurn !== undefined ? { parentTurn: r.parentTurn } : {}),
        children: r.children,
        turns: r.turns.map((t): PageTurn => {
          const sent = sentFeedback(r, t.index);
          const last = t.requests[t.requests.length - 1];
          return {
            n: t.index,
            start: at(t.start, t0),
            end: at(t.end, t0),
            ...(t.outcome !== undefined ? { outcome: t.outcome } : {}),
            ...(t.errorKind !== undefined ? { errorKind: t.errorKind } : {}),
            ...(t.staticCheck === true ? { staticCheck: true as const } : {}),
            ...(t.replayed ? { replayed: true as const } : {}),
            reply: last?.content ?? null,
            ...(t.program !== undefined ? { program: t.program } : {}),
            ...(t.result !== undefined ? { result: t.result } : {}),
            feedback: sent ?? t.feedback ?? "",
            feedbackSentIn: sent !== null ? t.index + 1 : null,
            tokens: t.tokens,
            requests: t.requests.map((q) => ({
              start: at(q.start, t0),
              end: at(q.end, t0),
              ...(q.model !== undefined ? { model: q.model } : {}),
              ...(q.provider !== undefined ? { provider: q.provider } : {}),
              tokens: q.tokens,
              ...(q.finishReason !== undefined ? { finishReason: q.finishReason } : {}),
              ...(q.error !== undefined ? { error: q.error } : {}),
            })),
            calls: t.toolCalls.map((c) => ({
              tool: c.tool,
              start: at(c.start, t0),
              end: at(c.end, t0),
              args: c.args,
              ...("result" in c ? { result: c.result } : {}),
              ...(c.error !== undefined ? { error: c.error } : {}),
              ...(c.child !== undefined ? { child: c.child } : {}),
            })),
            children: t.children,
            compactions: t.compactions.map(compactionText),
            other: t.other.map((o) => o.record),
          };
        }),
      };
    }),
  };
}
