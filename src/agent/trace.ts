/**
 * Tracing: every run emits events (run start and end, each LLM request with its full
 * messages and the response, each program with its result and the feedback, each tool
 * call). Nested agent runs carry their parent's run id, so a trace of a whole mission
 * reads as a tree. Events are plain JSON: a JSON Lines file is one event per line.
 *
 * The system prompt, the same on every request of a run, is written with the run's first
 * request only; every request names it by `systemHash`, so a trace does not repeat it.
 */
import type { FinishReason, LlmMessage, LlmToolCall, LlmUsage } from "../llm/types.js";
import { nodeBuiltin } from "../platform.js";
import { textHash } from "../text-hash.js";
import { FirewallSecrets, redactJson } from "./secrets.js";
import type { TurnOutcome } from "./types.js";

interface Base {
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** The run the event belongs to. */
  readonly run: string;
  /** What the event tells was taken from the run's journal (a resumed run), not done again. */
  readonly replayed?: true;
}

export type TraceEvent =
  | (Base & {
      readonly type: "run_start";
      readonly parent: string | null;
      readonly agent: string;
      readonly depth: number;
      readonly input: unknown;
      /** The run goes on from an earlier end (`continueFrom`): its turns continue the numbering. */
      readonly continued?: true;
    })
  | (Base & {
      readonly type: "run_end";
      readonly ok: boolean;
      readonly return?: unknown;
      /** The turns ran out and the last turn's value was the answer. */
      readonly fallback?: true;
      /** The run was over budget and returned its last turn's value. */
      readonly partial?: true;
      readonly failure?: { readonly kind: string; readonly reason: string };
      readonly turns: number;
      readonly durationMs: number;
    })
  | (Base & {
      readonly type: "llm_request";
      readonly turn: number;
      /** The agent making the request. */
      readonly agent: string;
      /** The model asked for (the Llm's label, or the name the agent gives), when known before it answers. */
      readonly model?: string;
      readonly provider?: string;
      /** The system prompt: on the run's first request (and whenever it differs from the last one written). */
      readonly system?: string;
      /** `systemHash(system)`: which system prompt the request was sent with. */
      readonly systemHash: string;
      readonly messages: readonly LlmMessage[];
      /** Names of the provider tools offered (the `tool_call` transport). */
      readonly tools?: readonly string[];
    })
  | (Base & {
      readonly type: "llm_response";
      readonly turn: number;
      readonly agent: string;
      readonly content?: string;
      readonly error?: string;
      readonly usage?: LlmUsage;
      /** The model that answered, as the provider names it. */
      readonly model?: string;
      readonly provider?: string;
      readonly finishReason?: FinishReason;
      readonly toolCalls?: readonly LlmToolCall[];
      readonly durationMs: number;
    })
  | (Base & { readonly type: "program"; readonly turn: number; readonly program: string | null })
  | (Base & {
      readonly type: "result";
      readonly turn: number;
      readonly outcome: TurnOutcome;
      readonly result?: string;
      readonly feedback: string;
      /** The kind of the error of an `error` turn (`analysis`, `tool`, ...; `cut_off`, `no_program`). */
      readonly errorKind?: string;
      /** Set when the program was rejected by the static check of its tool calls (nothing ran). */
      readonly staticCheck?: true;
      readonly durationMs: number;
    })
  | (Base & {
      /** The conversation was compacted before this turn's request (docs/agents.md, "Long runs"). */
      readonly type: "compaction";
      readonly turn: number;
      readonly strategy: "trim" | "summary";
      /** The turns dropped now. */
      readonly dropped: readonly number[];
      /** The request's estimated input tokens before and after. */
      readonly tokensBefore: number;
      readonly tokensAfter: number;
    })
  | (Base & {
      readonly type: "tool_call";
      readonly turn: number;
      readonly tool: string;
      readonly args: unknown;
      readonly result?: unknown;
      readonly error?: string;
      readonly durationMs: number;
      /** The answer came from the tool's cache (`cache: true`): the tool was not called. */
      readonly cached?: true;
    });

/** Receives trace events as they happen. */
export type TraceSink = (event: TraceEvent, view?: TraceView) => void;

/**
 * What a sink may ask of an event besides the event itself. A sink that sends events out
 * of the process (a file, a tracing backend) writes `redacted()`: the run's firewalled
 * values hidden as they are from models (docs/signatures.md). The Step's own trace and a
 * plain function sink get the event whole, as the host's own data.
 */
export interface TraceView {
  /** The event with every `_` field's value and every firewalled value the run has seen hidden. */
  redacted(): TraceEvent;
}

export interface JsonlTraceOptions {
  /** Hide firewalled values in what is written (default true: the file leaves the process). */
  readonly redact?: boolean;
}

/** An object holding a sink, such as `jsonlTrace(file)`: `trace` options take it as they take its sink. */
export interface TraceTarget {
  readonly sink: TraceSink;
}

/** What the `trace` run option and `combineTraces` take: a sink, or an object holding one. */
export type TraceOption = TraceSink | TraceTarget;

/** Fields of trace events that name and link things (never a value a program made). */
export const TRACE_IDS: ReadonlySet<string> = new Set([
  "type",
  "run",
  "parent",
  "agent",
  "tool",
  "model",
  "provider",
  "systemHash",
  "outcome",
  "errorKind",
  "finishReason",
  "strategy",
]);

/**
 * An event as a sink that sends it out of the process writes it: the view's redaction, or
 * — for an event passed on without its view (a sink called by hand, a wrapper that drops
 * the view) — one that hides every `_` field (the values the run has seen are not known).
 */
export function redactedEvent(event: TraceEvent, view: TraceView | undefined): TraceEvent {
  return view !== undefined ? view.redacted() : (redactJson(event, new FirewallSecrets(), TRACE_IDS) as TraceEvent);
}

/** A JSON Lines trace file (`jsonlTrace`): pass it as `trace`, then `close()` it. */
export interface JsonlTrace extends TraceTarget {
  /** Ends the file: `file.partial` becomes `file`. Later events are dropped. */
  readonly close: () => void;
}

/**
 * A sink writing JSON Lines to `file`. Lines go to `file.partial` as they come and the
 * file appears, whole, at `close()`: a crashed run leaves no half-written trace under
 * the name asked for. A run does not close it (one file can trace several runs):
 *
 *   const file = jsonlTrace("run.jsonl");
 *   await agent.run(input, { trace: file });
 *   file.close();
 */
export function jsonlTrace(file: string, options: JsonlTraceOptions = {}): JsonlTrace {
  const { closeSync, openSync, renameSync, writeSync } = nodeBuiltin("node:fs", "a JSON Lines trace file");
  const partial = `${file}.partial`;
  const fd = openSync(partial, "w");
  const redact = options.redact !== false;
  let open = true;
  return {
    sink: (e, view) => {
      if (open) writeSync(fd, `${JSON.stringify(redact ? redactedEvent(e, view) : e)}\n`);
    },
    close: () => {
      if (!open) return;
      open = false;
      closeSync(fd);
      renameSync(partial, file);
    },
  };
}

/** The short hash that names a system prompt in traces: 16 hex digits. */
export function systemHash(system: string): string {
  return textHash(system);
}

/** The sink of a `trace` option: the function itself, or the `sink` of an object holding one. */
export function traceSinkOf(option: TraceOption): TraceSink;
export function traceSinkOf(option: TraceOption | undefined): TraceSink | undefined;
export function traceSinkOf(option: TraceOption | undefined): TraceSink | undefined {
  return option === undefined || typeof option === "function" ? option : option.sink;
}

/**
 * One sink that hands each event to every sink given, in order (a JSON Lines file and
 * OpenTelemetry, say); `undefined` entries are skipped, and objects holding a sink
 * (`jsonlTrace(file)`) count as their sink. A sink that throws does not keep the event
 * from the others: the first error is thrown once all have had it.
 */
export function combineTraces(...sinks: readonly (TraceOption | undefined)[]): TraceSink {
  const present = sinks.map((s) => traceSinkOf(s)).filter((s): s is TraceSink => s !== undefined);
  return (event, view) => {
    let failure: { error: unknown } | undefined;
    for (const sink of present) {
      try {
        sink(event, view);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure !== undefined) throw failure.error;
  };
}

/** A run id: unique, readable in traces (`search-3f2a9c1e`). */
export function newRunId(agent: string): string {
  return `${agent}-${globalThis.crypto.randomUUID().slice(0, 8)}`;
}
