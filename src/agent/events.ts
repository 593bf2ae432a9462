/**
 * Typed run events: what a run does, as it does it, for UIs and servers (`agent.stream()`,
 * or the `onEvent` run option). Every event names its run, the run that started it (null
 * at the top), its depth and its turn (0 outside turns); child agents' events come
 * interleaved with their parent's. Values a program handles (tool arguments and results,
 * printed output) arrive with firewalled values hidden, as in traces.
 */
import type { LlmUsage } from "../llm/types.js";
import type { StepJson } from "./step-json.js";
import type { TurnOutcome } from "./types.js";

export interface RunEventBase {
  readonly runId: string;
  /** The run whose program started this one; null for the top-level run. */
  readonly parentId: string | null;
  readonly agent: string;
  readonly depth: number;
  /** The turn, from 1; 0 for the run's own start and end. */
  readonly turn: number;
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** Taken from the run's journal (a resumed run), not done again. */
  readonly replayed?: true;
}

export type RunEvent =
  | (RunEventBase & { readonly type: "run-start"; readonly input: unknown })
  | (RunEventBase & {
      readonly type: "request";
      readonly model?: string;
      /** The request's input tokens, estimated (o200k-like: characters / 4). */
      readonly tokensEstimate: number;
    })
  /** The model's reply as it streams (models that stream: openAiLlm, anthropicLlm, AI SDK, async iterables). */
  | (RunEventBase & { readonly type: "text-delta"; readonly delta: string })
  | (RunEventBase & { readonly type: "reply"; readonly text: string; readonly usage?: LlmUsage })
  | (RunEventBase & { readonly type: "program"; readonly program: string | null })
  | (RunEventBase & {
      readonly type: "tool-call";
      /** Pairs the call with its result: `TURN#POSITION`. */
      readonly callId: string;
      readonly name: string;
      readonly args: unknown;
      /** The answer comes from the tool's cache (`cache: true`): the tool is not called. */
      readonly cached?: true;
    })
  | (RunEventBase & {
      readonly type: "tool-result";
      readonly callId: string;
      readonly name: string;
      readonly result?: unknown;
      readonly error?: string;
      readonly durationMs: number;
      readonly cached?: true;
    })
  /** Lines the program printed (println), after its evaluation. */
  | (RunEventBase & { readonly type: "output"; readonly lines: readonly string[] })
  | (RunEventBase & {
      readonly type: "turn-end";
      readonly outcome: TurnOutcome;
      /** What the model is told next ("" when the turn ended the run). */
      readonly feedback: string;
      readonly usage?: LlmUsage;
      readonly durationMs: number;
    })
  | (RunEventBase & {
      readonly type: "compaction";
      readonly droppedTurns: readonly number[];
      readonly tokensBefore: number;
      readonly tokensAfter: number;
    })
  | (RunEventBase & { readonly type: "run-end"; readonly step: StepJson });

export type RunEventType = RunEvent["type"];

/** Fields of run events that name and link things (never a value a program made). */
export const EVENT_IDS: ReadonlySet<string> = new Set([
  "type",
  "runId",
  "parentId",
  "agent",
  "callId",
  "name",
  "model",
  "outcome",
]);

/** An event before the run adds its base (run, agent, depth, turn, time). */
export type RunEventBody = RunEvent extends infer E
  ? E extends RunEvent
    ? Omit<E, keyof RunEventBase> & { readonly turn?: number; readonly replayed?: true }
    : never
  : never;
