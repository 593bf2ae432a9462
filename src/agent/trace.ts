/**
 * Tracing: every run emits events (run start and end, each LLM request with its full
 * messages and the response, each program with its result and the feedback, each tool
 * call). Nested agent runs carry their parent's run id, so a trace of a whole mission
 * reads as a tree. Events are plain JSON: a JSON Lines file is one event per line.
 */
import type { LlmMessage, LlmUsage } from "../llm/types.js";
import { nodeBuiltin } from "../platform.js";
import type { TurnOutcome } from "./types.js";

interface Base {
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** The run the event belongs to. */
  readonly run: string;
}

export type TraceEvent =
  | (Base & {
      readonly type: "run_start";
      readonly parent: string | null;
      readonly agent: string;
      readonly depth: number;
      readonly input: unknown;
    })
  | (Base & {
      readonly type: "run_end";
      readonly ok: boolean;
      readonly return?: unknown;
      readonly failure?: { readonly kind: string; readonly reason: string };
      readonly turns: number;
      readonly durationMs: number;
    })
  | (Base & {
      readonly type: "llm_request";
      readonly turn: number;
      readonly model?: string;
      readonly system: string;
      readonly messages: readonly LlmMessage[];
    })
  | (Base & {
      readonly type: "llm_response";
      readonly turn: number;
      readonly content?: string;
      readonly error?: string;
      readonly usage?: LlmUsage;
      readonly durationMs: number;
    })
  | (Base & { readonly type: "program"; readonly turn: number; readonly program: string | null })
  | (Base & {
      readonly type: "result";
      readonly turn: number;
      readonly outcome: TurnOutcome;
      readonly result?: string;
      readonly feedback: string;
      readonly durationMs: number;
    })
  | (Base & {
      readonly type: "tool_call";
      readonly turn: number;
      readonly tool: string;
      readonly args: unknown;
      readonly result?: unknown;
      readonly error?: string;
      readonly durationMs: number;
    });

/** Receives trace events as they happen. */
export type TraceSink = (event: TraceEvent) => void;

/**
 * A sink writing JSON Lines to `file`. Lines go to `file.partial` as they come and the
 * file appears, whole, at `close()`: a crashed run leaves no half-written trace under
 * the name asked for.
 */
export function jsonlTrace(file: string): { sink: TraceSink; close: () => void } {
  const { closeSync, openSync, renameSync, writeSync } = nodeBuiltin("node:fs", "a JSON Lines trace file");
  const partial = `${file}.partial`;
  const fd = openSync(partial, "w");
  let open = true;
  return {
    sink: (e) => {
      if (open) writeSync(fd, `${JSON.stringify(e)}\n`);
    },
    close: () => {
      if (!open) return;
      open = false;
      closeSync(fd);
      renameSync(partial, file);
    },
  };
}

/** A run id: unique, readable in traces (`search-3f2a9c1e`). */
export function newRunId(agent: string): string {
  return `${agent}-${globalThis.crypto.randomUUID().slice(0, 8)}`;
}
