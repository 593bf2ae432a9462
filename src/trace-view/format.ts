/**
 * What the trace view reads, whatever file it came from: an input format is one adapter
 * that turns the records of a file (one JSON value per line) into ptcc's trace events.
 * `ptcc run --trace` / `jsonlTrace` files are the first format (formats/jsonl-trace.ts);
 * another (a run journal) is one more module listed in `FORMATS`, and everything after
 * the reader — the run tree, the summary, the page, the Chrome export — is shared.
 */
import type { TraceEvent } from "../agent/trace.js";

/** What one record of a file is, as the format reads it. */
export type RecordReading =
  /** Trace events (none, for a record that carries nothing to show: a header, a checkpoint). */
  | { readonly kind: "events"; readonly events: readonly TraceEvent[] }
  /** A record of this format the view does not know (a newer writer's event): counted and shown, never an error. */
  | {
      readonly kind: "unknown";
      readonly type: string;
      /** The run and turn it names, when it names them: the view shows it there. */
      readonly run?: string;
      readonly turn?: number;
    }
  /** A record that claims to be of this format but breaks it: reported with its line, skipped. */
  | { readonly kind: "malformed"; readonly reason: string };

/** Reads the records of one file, in order; a reader may keep state between records. */
export type RecordReader = (record: unknown) => RecordReading;

export interface TraceFormat {
  /** How messages name the format: `a ptcc trace`. */
  readonly name: string;
  /** Whether a record is one of this format's: the first record any format claims decides the file's format. */
  readonly claims: (record: unknown) => boolean;
  /** A reader for one file. */
  readonly open: () => RecordReader;
}
