/**
 * Reading a trace file: lines → JSON records → the format that claims them → events.
 * A line that is not JSON, or a record its format finds broken, is reported with its line
 * number and skipped; a record of a type the view does not know is kept aside and counted.
 * A file with no record any format claims (empty, or something else) is a `TraceFileError`.
 */
import { isJournalEntry } from "../agent/journal/entries.js";
import type { TraceEvent } from "../agent/trace.js";
import type { TraceFormat } from "./format.js";
import { jsonlTraceFormat } from "./formats/jsonl-trace.js";
import { runJournalFormat } from "./formats/run-journal.js";

/** The formats the view reads, tried in order on each record until one claims it. */
export const FORMATS: readonly TraceFormat[] = [jsonlTraceFormat, runJournalFormat];

/** A file the view cannot show at all: empty, unreadable, or not a trace. */
export class TraceFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TraceFileError";
  }
}

/** An event and the line it came from (from 1; for events given in memory, their position). */
export interface LinedEvent {
  readonly line: number;
  readonly event: TraceEvent;
}

/** A record of a type the view does not know. */
export interface UnknownRecord {
  readonly line: number;
  readonly type: string;
  readonly run?: string;
  readonly turn?: number;
  /** The record as it was read. */
  readonly record: unknown;
}

/** A line left out, and why. */
export interface SkippedLine {
  readonly line: number;
  readonly reason: string;
}

/** What a file holds, in the trace's terms. */
export interface TraceRead {
  /** The file's name as given (shown in titles and messages). */
  readonly name: string;
  /** The format that read it (`a ptcc trace`). */
  readonly format: string;
  /** Lines of the file (events given in memory: their number). */
  readonly lines: number;
  readonly events: readonly LinedEvent[];
  readonly unknown: readonly UnknownRecord[];
  readonly skipped: readonly SkippedLine[];
}

/** Records, one per line, as parsed. */
type Parsed =
  { readonly line: number; readonly ok: true; readonly value: unknown } | (SkippedLine & { readonly ok: false });

function parseLines(text: string): { parsed: Parsed[]; lines: number } {
  const parsed: Parsed[] = [];
  const lines = text.split("\n");
  // A final newline ends the last line rather than starting an empty one.
  const count = lines.length > 0 && lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
  const unterminated = !text.endsWith("\n");
  for (let i = 0; i < count; i++) {
    const raw = lines[i]!.endsWith("\r") ? lines[i]!.slice(0, -1) : lines[i]!;
    if (raw.trim() === "") continue;
    try {
      parsed.push({ line: i + 1, ok: true, value: JSON.parse(raw) as unknown });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      const truncated = unterminated && i === count - 1;
      parsed.push({
        line: i + 1,
        ok: false,
        reason: truncated ? `truncated: the file ends inside this line (${why})` : `not JSON (${why})`,
      });
    }
  }
  return { parsed, lines: count };
}

/** What the first line holds, for the message of a file that is not a trace. */
function describeFirst(first: Parsed): string {
  if (!first.ok) return `line ${first.line} is ${first.reason.startsWith("truncated") ? "cut short" : "not JSON"}`;
  const v = first.value;
  const what = Array.isArray(v)
    ? "an array"
    : v === null
      ? "null"
      : typeof v === "object"
        ? `an object without type, run and at`
        : `a ${typeof v}`;
  return `line ${first.line} holds ${what}`;
}

/**
 * The trace in `text`, a file's content. `name` is how messages name the file. Throws
 * `TraceFileError` for a file with nothing to show.
 */
export function readTrace(text: string, name: string): TraceRead {
  const { parsed, lines } = parseLines(text);
  if (parsed.length === 0) throw new TraceFileError(`${name} is empty: it holds no trace events`);
  const claimed = parsed.find((p) => p.ok && FORMATS.some((f) => f.claims(p.value)));
  const format = claimed?.ok === true ? FORMATS.find((f) => f.claims(claimed.value)) : undefined;
  if (format === undefined) {
    if (parsed.some((p) => p.ok && isJournalEntry(p.value))) {
      throw new TraceFileError(`${name} is a run journal that holds no run (only cancel requests)`);
    }
    throw new TraceFileError(
      `${name} is not a ptcc trace: no line is a trace event (${describeFirst(parsed[0]!)}); ` +
        "give a file written by ptcc run --trace or jsonlTrace",
    );
  }
  const reader = format.open();
  const events: LinedEvent[] = [];
  const unknown: UnknownRecord[] = [];
  const skipped: SkippedLine[] = [];
  for (const p of parsed) {
    if (!p.ok) {
      skipped.push({ line: p.line, reason: p.reason });
      continue;
    }
    const r = reader(p.value);
    if (r.kind === "malformed") skipped.push({ line: p.line, reason: r.reason });
    else if (r.kind === "unknown") {
      unknown.push({
        line: p.line,
        type: r.type,
        ...(r.run !== undefined ? { run: r.run } : {}),
        ...(r.turn !== undefined ? { turn: r.turn } : {}),
        record: p.value,
      });
    } else for (const event of r.events) events.push({ line: p.line, event });
  }
  if (events.length === 0 && unknown.length === 0) {
    throw new TraceFileError(`${name} holds no readable trace events: every line was skipped`);
  }
  return { name, format: format.name, lines, events, unknown, skipped };
}

/**
 * Events a program holds (a Step's `trace`) as if read from a file: each is checked as
 * a line of a ptcc trace would be, its position standing for the line.
 */
export function traceOfEvents(events: readonly unknown[], name = "trace"): TraceRead {
  return readTrace(events.map((e) => `${JSON.stringify(e) ?? "null"}\n`).join(""), name);
}
