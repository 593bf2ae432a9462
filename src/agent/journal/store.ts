/**
 * Where journals live. A store is a handful of methods around one rule — compare and
 * append: an entry is written at the sequence number its writer expects, and refused when
 * that number is taken — so two processes that both believe they own a run cannot both
 * write to it. `memoryJournal()` and `fileJournal(dir)` are the stores ptcc ships; any other
 * backend (Redis, PostgreSQL) implements the same interface and passes the same tests.
 */
import type { JournalEntry } from "./entries.js";
import { JournalError } from "./errors.js";

/** The outcome of an append: written, or refused because `seq` already holds `existing`. */
export type AppendResult = { readonly ok: true } | { readonly ok: false; readonly existing: JournalEntry };

export interface JournalStore {
  /** Every entry of the run, in sequence order (none for a run never started). */
  load(runKey: string): Promise<JournalEntry[]>;
  /**
   * Write `entry` at `seq`, which must be the number of entries the run has; when the run
   * already has an entry at `seq`, write nothing and return it. A `seq` beyond the end is an error.
   */
  append(runKey: string, seq: number, entry: JournalEntry): Promise<AppendResult>;
  /**
   * Write `entries` (numbered from `seq`) at once, all or none, with one durable write where
   * the store can (one fsync): the group commit of entries kept together. Optional: a store
   * without it gets one `append` per entry.
   */
  appendMany?(runKey: string, seq: number, entries: readonly JournalEntry[]): Promise<AppendResult>;
  /** The runs the store holds (for recovering unfinished runs after a crash). */
  list?(): Promise<string[]>;
  /** Forget a run. */
  delete?(runKey: string): Promise<void>;
}

/** A journal store in memory: for tests, and runs that need replay only within one process. */
export function memoryJournal(): JournalStore {
  const runs = new Map<string, string[]>();
  return {
    load: async (runKey) => (runs.get(runKey) ?? []).map((line) => JSON.parse(line) as JournalEntry),
    append: async (runKey, seq, entry) => appendLines(runs, runKey, seq, [entry]),
    appendMany: async (runKey, seq, entries) => appendLines(runs, runKey, seq, entries),
    list: async () => [...runs.keys()],
    delete: async (runKey) => {
      runs.delete(runKey);
    },
  };
}

function appendLines(
  runs: Map<string, string[]>,
  runKey: string,
  seq: number,
  entries: readonly JournalEntry[],
): AppendResult {
  const lines = runs.get(runKey) ?? [];
  const taken = lines[seq];
  if (taken !== undefined) return { ok: false, existing: JSON.parse(taken) as JournalEntry };
  if (seq !== lines.length) throw gapError(runKey, seq, lines.length);
  // Kept as text: what is stored is what a store out of process would hold (JSON), and
  // later changes to the caller's objects do not change it.
  for (const e of entries) lines.push(JSON.stringify(e));
  runs.set(runKey, lines);
  return { ok: true };
}

/** The error of an append past the end of a run's journal: a defect of the writer. */
export function gapError(runKey: string, seq: number, length: number): JournalError {
  return new JournalError(`journal ${runKey}: cannot append entry ${seq}, the journal has ${length} entries`);
}
