/**
 * The trace in the Chrome trace event format (the JSON Object Format that
 * `chrome://tracing` and Perfetto open): one track (thread) per run, in the run tree's
 * order, holding a slice for the run, one per turn, and inside each turn one per model
 * request and tool call. Times are microseconds since the trace's first event.
 *
 * Slices on one track must nest. Tool calls a program made at once (`pmap`, `pcalls`)
 * overlap, so each call that overlaps an earlier one goes to an extra track of its run,
 * `RUN ∥2`, placed right after it.
 */
import type { RunView, TraceModel } from "./model.js";

/** A complete event (`ph: "X"`) or a metadata event (`ph: "M"`). */
export type ChromeTraceEvent =
  | {
      readonly ph: "X";
      readonly name: string;
      readonly cat: string;
      readonly ts: number;
      readonly dur: number;
      readonly pid: number;
      readonly tid: number;
      readonly args: Readonly<Record<string, unknown>>;
    }
  | {
      readonly ph: "M";
      readonly name: "process_name" | "thread_name" | "thread_sort_index" | "process_sort_index";
      readonly pid: number;
      readonly tid: number;
      readonly ts: 0;
      readonly args: Readonly<Record<string, unknown>>;
    };

export interface ChromeTrace {
  readonly traceEvents: readonly ChromeTraceEvent[];
  readonly displayTimeUnit: "ms";
  readonly otherData: Readonly<Record<string, string>>;
}

const PID = 1;
/** Characters of a tool call's arguments kept in its slice's args. */
const ARGS_CHARS = 300;

/** Microseconds with nanosecond precision. */
const us = (ms: number): number => Math.round(ms * 1_000_000) / 1000;

interface Slice {
  name: string;
  cat: string;
  start: number;
  end: number;
  args: Record<string, unknown>;
}

/** A slice's span cut to its parent's, so that nesting holds after the rounding of times. */
function within(s: Slice, parent: { start: number; end: number }): Slice {
  const start = Math.min(Math.max(s.start, parent.start), parent.end);
  return { ...s, start, end: Math.max(start, Math.min(s.end, parent.end)) };
}

function clip(text: string): string {
  return text.length > ARGS_CHARS ? `${text.slice(0, ARGS_CHARS)}…` : text;
}

/** The run's slices: the run, then per lane (the run's track first) the slices placed on it. */
function runSlices(run: RunView, t0: number): { run: Slice; lanes: Slice[][] } {
  const rel = (t: number): number => us(t - t0);
  const runSlice: Slice = {
    name: `${run.agent} ${run.id}`,
    cat: "run",
    start: rel(run.start),
    end: rel(run.end),
    args: {
      status: run.status,
      ...(run.failure !== undefined ? { failure: `${run.failure.kind}: ${run.failure.reason}` } : {}),
      turns: run.turns.length,
      ...run.tokens,
    },
  };
  const lanes: Slice[][] = [[]];
  const laneEnds: number[] = [runSlice.start];
  for (const t of run.turns) {
    const turn = within(
      {
        name: `turn ${t.index}`,
        cat: "turn",
        start: rel(t.start),
        end: rel(t.end),
        args: {
          outcome: t.outcome ?? "did not end",
          ...(t.errorKind !== undefined ? { errorKind: t.errorKind } : {}),
          ...(t.replayed ? { replayed: true } : {}),
          ...(t.compactions.length > 0 ? { compactedTurns: t.compactions.flatMap((c) => c.dropped) } : {}),
          ...t.tokens,
        },
      },
      runSlice,
    );
    lanes[0]!.push(turn);
    const inner: Slice[] = [
      ...t.requests.map((q) => ({
        name: `model${q.model !== undefined ? ` ${q.model}` : ""}`,
        cat: "llm",
        start: rel(q.start),
        end: rel(q.end),
        args: {
          ...q.tokens,
          ...(q.finishReason !== undefined ? { finishReason: q.finishReason } : {}),
          ...(q.error !== undefined ? { error: q.error } : {}),
        },
      })),
      ...t.toolCalls.map((c) => ({
        name: `tool/${c.tool}`,
        cat: "tool",
        start: rel(c.start),
        end: rel(c.end),
        args: {
          args: clip(JSON.stringify(c.args) ?? "null"),
          ...(c.error !== undefined ? { error: c.error } : {}),
          ...(c.child !== undefined ? { child: c.child } : {}),
        },
      })),
    ]
      .map((s) => within(s, turn))
      .sort((a, b) => a.start - b.start || b.end - a.end);
    laneEnds[0] = turn.start;
    for (const s of inner) {
      // The first lane free at the slice's start; the run's own track when it is.
      let lane = laneEnds.findIndex((end) => end <= s.start);
      if (lane < 0) {
        lane = laneEnds.length;
        lanes.push([]);
        laneEnds.push(0);
      }
      lanes[lane]!.push(s);
      laneEnds[lane] = s.end;
    }
    laneEnds[0] = turn.end;
  }
  return { run: runSlice, lanes };
}

/** The trace's first event as a date, when its time is one. */
function startedAt(ms: number): { startedAt?: string } {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? {} : { startedAt: d.toISOString() };
}

export function chromeTrace(model: TraceModel): ChromeTrace {
  const events: ChromeTraceEvent[] = [
    { ph: "M", name: "process_name", pid: PID, tid: 0, ts: 0, args: { name: `ptcc trace ${model.name}` } },
  ];
  const slices: ChromeTraceEvent[] = [];
  let tid = 0;
  for (const id of model.order) {
    const run = model.runs.get(id)!;
    const { run: runSlice, lanes } = runSlices(run, model.start);
    lanes.forEach((lane, i) => {
      tid++;
      const label = `${"  ".repeat(Math.min(run.depth, 16))}${run.agent} ${run.id}${i === 0 ? "" : ` ∥${i + 1}`}`;
      events.push(
        { ph: "M", name: "thread_name", pid: PID, tid, ts: 0, args: { name: label } },
        { ph: "M", name: "thread_sort_index", pid: PID, tid, ts: 0, args: { sort_index: tid } },
      );
      for (const s of i === 0 ? [runSlice, ...lane] : lane) {
        slices.push({
          ph: "X",
          name: s.name,
          cat: s.cat,
          ts: s.start,
          dur: Math.round((s.end - s.start) * 1000) / 1000,
          pid: PID,
          tid,
          args: s.args,
        });
      }
    });
  }
  // In time order, an enclosing slice before what it encloses.
  slices.sort((a, b) => a.ts - b.ts || (b.ph === "X" && a.ph === "X" ? b.dur - a.dur : 0));
  return {
    traceEvents: [...events, ...slices],
    displayTimeUnit: "ms",
    otherData: { source: model.name, format: model.format, ...startedAt(model.start) },
  };
}
