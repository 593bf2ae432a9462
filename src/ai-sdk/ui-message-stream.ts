/**
 * A run's events as the AI SDK's UI message stream, the stream `useChat` renders:
 *
 *   RunStream → (state, event) → UI message chunks → ReadableStream
 *
 * One run is one assistant message. Each top-level turn is a step; the model's text of
 * every turn (child agents' too) is a text part, streamed as it is written; each turn's
 * program is a `data-program` part, updated in place with its output and outcome; each
 * tool call is a dynamic tool part, its result filled in when it comes; the run's typed
 * return ends the message as a `data-return` part (a failure as `data-failure`).
 * Values come as the events carry them: firewalled fields hidden.
 *
 * Only types are imported from `ai`: the chunks are plain objects, so this module loads
 * nothing of the AI SDK.
 */
import type { UIMessage, UIMessageChunk } from "ai";
import type { RunEvent } from "../agent/events.js";
import type { RunStream } from "../agent/stream.js";
import type { TurnOutcome, Usage } from "../agent/types.js";

/** One turn's program (`data-program`), sent again with the same id as the turn goes on. */
export interface ProgramData {
  readonly runId: string;
  /** The run whose program started this one; null for the top-level run. */
  readonly parentId: string | null;
  readonly agent: string;
  readonly depth: number;
  readonly turn: number;
  /** The program as the model wrote it; null when the reply held none. */
  readonly program: string | null;
  /** Lines it printed, once it ran. */
  readonly output?: readonly string[];
  /** How the turn ended, once it did. */
  readonly outcome?: TurnOutcome;
  /** What the model was told next ("" when the turn ended the run). */
  readonly feedback?: string;
}

/** Why the run failed (`data-failure`): the Step's failure kind and reason. */
export interface FailureData {
  readonly kind: string;
  readonly reason: string;
}

/** The data parts of a run's message, by name (`data-program`, `data-return`, `data-failure`). */
export type PtccDataParts<O = unknown> = {
  program: ProgramData;
  return: O;
  failure: FailureData;
};

/** The message's metadata, sent with its `finish` chunk. */
export interface PtccMessageMetadata {
  readonly agent: string;
  readonly ok: boolean;
  readonly turns: number;
  readonly usage: Usage;
  readonly durationMs: number;
}

/** The UI message of a run of an agent returning `O` (`useChat<PtccUIMessage<O>>()`). */
export type PtccUIMessage<O = unknown> = UIMessage<PtccMessageMetadata, PtccDataParts<O>>;

/** One chunk of the UI message stream of a run. */
export type PtccUIMessageChunk<O = unknown> = UIMessageChunk<PtccMessageMetadata, PtccDataParts<O>>;

export interface ToUIMessageStreamOptions {
  /** The id of the assistant message, sent in the `start` chunk (default: none, the client makes one). */
  readonly messageId?: string;
  /** Child agents down to this depth become parts too (default: all; 0 shows the top-level run only). */
  readonly maxDepth?: number;
  /** The model's text of each turn as text parts (default true). */
  readonly sendText?: boolean;
  /**
   * The `error` chunk's text when the run throws instead of ending with a Step (default: a
   * fixed sentence, so that no server detail reaches the browser). A run that fails ends
   * normally, with a `data-failure` part.
   */
  readonly onError?: (error: unknown) => string;
}

/**
 * The UI message stream of a run (`agent.stream(input, options)`): return it from a route
 * with the AI SDK's `createUIMessageStreamResponse({ stream })`. Reading it drives the
 * run's events; cancelling it (the browser went away) cancels the run.
 */
export function toUIMessageStream<O>(
  run: RunStream<O>,
  options: ToUIMessageStreamOptions = {},
): ReadableStream<PtccUIMessageChunk<O>> {
  const events = run[Symbol.asyncIterator]();
  const state = initialState();
  return new ReadableStream<PtccUIMessageChunk<O>>({
    async pull(controller) {
      // Events that make no chunk are skipped: a pull ends with at least one chunk or the end.
      for (;;) {
        const next = await events.next();
        if (next.done === true) {
          if (!state.ended) {
            for (const chunk of await unfinished(run, options)) controller.enqueue(chunk);
          }
          controller.close();
          return;
        }
        const chunks = toChunks<O>(state, next.value, options);
        for (const chunk of chunks) controller.enqueue(chunk);
        if (chunks.length > 0) return;
      }
    },
    async cancel() {
      await events.return?.();
    },
  });
}

// ---------------------------------------------------------------------------
// Events to chunks

/** What the translation remembers between events: plain data. */
export interface BridgeState {
  started: boolean;
  ended: boolean;
  /** A step is open (between a top-level request and its turn's end). */
  stepOpen: boolean;
  /** Text parts being written, by run and turn. */
  readonly texts: Set<string>;
  /** Programs sent, by run and turn, to send again with more. */
  readonly programs: Map<string, ProgramData>;
  /** Tool parts waiting for their result, by run and call id (a queue: ids can repeat). */
  readonly calls: Map<string, string[]>;
  /** Tool parts made, for unique ids. */
  toolParts: number;
}

export function initialState(): BridgeState {
  return {
    started: false,
    ended: false,
    stepOpen: false,
    texts: new Set(),
    programs: new Map(),
    calls: new Map(),
    toolParts: 0,
  };
}

/** The chunks one event makes (none for most), updating `state`. */
export function toChunks<O>(
  state: BridgeState,
  e: RunEvent,
  options: ToUIMessageStreamOptions = {},
): PtccUIMessageChunk<O>[] {
  type Chunk = PtccUIMessageChunk<O>;
  if (state.ended || e.depth > (options.maxDepth ?? Infinity)) return [];
  const top = e.parentId === null;
  const key = `${e.runId}:${e.turn}`;
  const out: Chunk[] = [];
  const closeText = (k: string): void => {
    if (state.texts.delete(k)) out.push({ type: "text-end", id: textId(k) });
  };
  const sendProgram = (data: ProgramData): void => {
    state.programs.set(key, data);
    out.push({ type: "data-program", id: `program-${key}`, data });
  };

  switch (e.type) {
    case "run-start":
      if (top && !state.started) {
        state.started = true;
        out.push(options.messageId !== undefined ? { type: "start", messageId: options.messageId } : { type: "start" });
      }
      break;
    case "request":
      // A request asked again in the same turn starts its text anew.
      closeText(key);
      if (top && !state.stepOpen) {
        state.stepOpen = true;
        out.push({ type: "start-step" });
      }
      break;
    case "text-delta":
      if (options.sendText === false) break;
      if (!state.texts.has(key)) {
        state.texts.add(key);
        out.push({ type: "text-start", id: textId(key) });
      }
      out.push({ type: "text-delta", id: textId(key), delta: e.delta });
      break;
    case "reply":
      if (options.sendText === false) break;
      if (state.texts.has(key)) closeText(key);
      else if (e.text !== "") {
        // A model that does not stream: the whole reply as one piece.
        out.push(
          { type: "text-start", id: textId(key) },
          { type: "text-delta", id: textId(key), delta: e.text },
          { type: "text-end", id: textId(key) },
        );
      }
      break;
    case "program":
      sendProgram({
        runId: e.runId,
        parentId: e.parentId,
        agent: e.agent,
        depth: e.depth,
        turn: e.turn,
        program: e.program,
      });
      break;
    case "output": {
      const sent = state.programs.get(key);
      if (sent !== undefined) sendProgram({ ...sent, output: [...(sent.output ?? []), ...e.lines] });
      break;
    }
    case "tool-call": {
      const id = `tool-${e.runId}-${e.callId}-${state.toolParts++}`;
      const waiting = state.calls.get(`${e.runId}#${e.callId}`) ?? [];
      state.calls.set(`${e.runId}#${e.callId}`, [...waiting, id]);
      out.push({ type: "tool-input-available", toolCallId: id, toolName: e.name, input: e.args, dynamic: true });
      break;
    }
    case "tool-result": {
      const waiting = state.calls.get(`${e.runId}#${e.callId}`) ?? [];
      let id = waiting[0];
      if (id === undefined) {
        // A result whose call was not seen (taken from a cache): the call first, without its input.
        id = `tool-${e.runId}-${e.callId}-${state.toolParts++}`;
        out.push({ type: "tool-input-available", toolCallId: id, toolName: e.name, input: null, dynamic: true });
      } else state.calls.set(`${e.runId}#${e.callId}`, waiting.slice(1));
      out.push(
        e.error !== undefined
          ? { type: "tool-output-error", toolCallId: id, errorText: e.error, dynamic: true }
          : { type: "tool-output-available", toolCallId: id, output: e.result ?? null, dynamic: true },
      );
      break;
    }
    case "turn-end": {
      closeText(key);
      const sent = state.programs.get(key);
      if (sent !== undefined) {
        sendProgram({ ...sent, outcome: e.outcome, feedback: e.feedback });
        state.programs.delete(key);
      }
      if (top && state.stepOpen) {
        state.stepOpen = false;
        out.push({ type: "finish-step" });
      }
      break;
    }
    case "run-end": {
      if (!top) break;
      for (const k of [...state.texts]) closeText(k);
      if (state.stepOpen) {
        state.stepOpen = false;
        out.push({ type: "finish-step" });
      }
      const step = e.step;
      if (step.ok) out.push({ type: "data-return", id: `return-${e.runId}`, data: step.return as O });
      else {
        const failure = { kind: step.fail?.kind ?? "internal", reason: step.fail?.reason ?? "the run failed" };
        out.push({ type: "data-failure", id: `failure-${e.runId}`, data: failure });
      }
      const metadata: PtccMessageMetadata = {
        agent: step.agent,
        ok: step.ok,
        turns: step.turns,
        usage: step.usage,
        durationMs: step.durationMs,
      };
      out.push({ type: "finish", finishReason: step.ok ? "stop" : "error", messageMetadata: metadata });
      state.ended = true;
      break;
    }
    case "compaction":
      break;
  }
  return out;
}

function textId(key: string): string {
  return `text-${key}`;
}

/** The end of a stream whose run threw instead of ending: an `error` chunk. */
async function unfinished<O>(run: RunStream<O>, options: ToUIMessageStreamOptions): Promise<PtccUIMessageChunk<O>[]> {
  try {
    await run.step;
    return [];
  } catch (error) {
    return [{ type: "error", errorText: options.onError?.(error) ?? "the agent run failed" }];
  }
}
