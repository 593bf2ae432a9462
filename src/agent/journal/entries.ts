/**
 * The run-level journal: everything a run decided on that did not follow from its
 * definition and input, in the order it happened — the model's replies, the tools'
 * outcomes, the clock reads of programs, the values of `(task ...)` forms — plus where
 * each run and turn began and ended. Replaying it rebuilds the run exactly (programs are
 * deterministic), so a run can be resumed after a crash without asking a model or
 * calling a tool again for anything the journal holds.
 *
 * Entries are plain JSON. `path` names the run inside the mission: "" for the top-level
 * run, `2#3` for the child agent started by turn 2 of the top run at call position `#3`,
 * and `2#3.1#0` for a child of that child (positions are the evaluator's: `#3/1#0` is the
 * first call of branch 1 of the pmap at position 3).
 */
import type { LlmReply } from "../../llm/types.js";
import type { DefinitionSummary } from "./definition.js";
import type { StepJson } from "../step-json.js";
import type { TurnOutcome } from "../types.js";

/** The first entry of a run (the top-level run, or a child run at its path). */
export interface StartEntry {
  readonly seq: number;
  readonly kind: "start";
  readonly path: string;
  readonly agent: string;
  /** A hash of the definition (prompt, signature, tools, limits, options): what the run was made with. */
  readonly defHash: string;
  /** The definition's summary, to say what changed when a later definition differs. */
  readonly def: DefinitionSummary;
  /** ptcc's version. */
  readonly ptcc: string;
  /** The input, as given. */
  readonly input: unknown;
  /** When the mission's time runs out: milliseconds since the epoch (null: no deadline). */
  readonly deadlineAt: number | null;
  /** When the run started: milliseconds since the epoch. */
  readonly at: number;
  /** The system prompt and the first message, as sent: a resumed run sends them byte for byte. */
  readonly system: string;
  readonly user: string;
}

/** A model's reply, journaled before its program runs. */
export interface ReplyEntry {
  readonly seq: number;
  readonly kind: "reply";
  readonly path: string;
  readonly turn: number;
  readonly reply: LlmReply;
  readonly ms: number;
  /** When the reply came (epoch ms): for people and `ptcc trace`, a replay does not read it. */
  readonly at?: number;
}

/** How one tool call ended. */
export type ToolOutcome =
  /** The tool's answer, as it gave it (JSON); `cached`: from the tool's cache, not counted as a call. */
  | { readonly value: unknown; readonly cached?: true }
  /**
   * The tool threw (or its arguments were invalid): the message. `stopped`: the call was
   * stopped with its own message (its tool's `timeoutMs`), not `tool/x failed: ...`.
   */
  | { readonly error: string; readonly stopped?: true }
  /** No answer before the evaluation's time ran out. */
  | { readonly timeout: true }
  /** The tool broke its own signature: the run ends (`tool_contract`). */
  | { readonly contract: string }
  /** An agent used as a tool: its run is journaled at this path, and replayed from there. */
  | { readonly child: string };

/** One answered call of a batch. */
export interface ToolAnswer {
  /** The call's position in the evaluation (`#3`, `#2/1#0`). */
  readonly key: string;
  readonly name: string;
  /** The arguments as the program passed them (JSON): a replay must make the same call. */
  readonly args: unknown;
  readonly outcome: ToolOutcome;
  readonly ms: number;
}

/**
 * The outcomes of the tool calls an evaluation waited for at once (one call, or a whole
 * pmap), journaled before the evaluation goes on; with the clock reads and task values
 * the evaluation made before it.
 */
export interface AnswersEntry {
  readonly seq: number;
  readonly kind: "answers";
  readonly path: string;
  readonly turn: number;
  readonly answers: readonly ToolAnswer[];
  /** When the batch was complete (epoch ms). */
  readonly at?: number;
}

/** A clock read of a program (`(System/currentTimeMillis)`, `(java.util.Date.)`). */
export interface ClockEntry {
  readonly seq: number;
  readonly kind: "clock";
  readonly path: string;
  readonly turn: number;
  readonly key: string;
  readonly at: number;
}

/** The value of a `(task "id" expr)` the first time it ran in the run. */
export interface TaskEntry {
  readonly seq: number;
  readonly kind: "task";
  readonly path: string;
  readonly turn: number;
  readonly id: string;
  /** The value as JSON (for people and tools; a replay computes the value again). */
  readonly value: unknown;
}

/**
 * A turn that ended without ending the run, and what the model was told next: a replay
 * must tell it the same. A turn stopped by its clock (`stopped`) is not run again on
 * replay (how far a program gets in its time differs from run to run): its feedback is used.
 */
export interface TurnEntry {
  readonly seq: number;
  readonly kind: "turn";
  readonly path: string;
  readonly turn: number;
  readonly outcome: TurnOutcome;
  readonly feedback: string;
  /** The turn's evaluation was stopped by time or by an interrupt. */
  readonly stopped?: true;
  /** When the turn ended (epoch ms). */
  readonly at?: number;
}

/** A finished run continued with a new message (`continueFrom`). */
export interface ContinueEntry {
  readonly seq: number;
  readonly kind: "continue";
  readonly path: string;
  /** The turn the continuation starts with. */
  readonly turn: number;
  readonly message: string;
  /** When the continuation's time runs out (epoch ms): it has a mission time of its own. */
  readonly deadlineAt: number;
}

/**
 * A run put in a queue (ptcc/queue), written by the queue before any worker starts it: what
 * to run, so that a run waiting in a queue that was lost (the process of an in-process
 * queue died) can be found and started again, and a waiting run can be cancelled like a
 * running one. Always the first entry; the run itself ignores it.
 */
export interface QueuedEntry {
  readonly seq: number;
  readonly kind: "queued";
  /** The agent's name in the registry the run was queued with (`agents.ticketTriage`: `ticketTriage`). */
  readonly agent: string;
  /** The input, checked against the agent's signature when it was queued. */
  readonly input: unknown;
  /** When the run was queued: milliseconds since the epoch. */
  readonly at: number;
  readonly tenant?: string;
  readonly priority?: number;
  /** The run does not start before this time (epoch ms). */
  readonly notBefore?: number;
  /** The run must end by this time (epoch ms). */
  readonly deadlineAt?: number;
}

/** A request to cancel the run, from any process: the run ends `cancelled` when it sees it. */
export interface CancelEntry {
  readonly seq: number;
  readonly kind: "cancel";
  readonly reason: string;
}

/** How a run (at its path) ended; a continued run has one end per segment. */
export interface EndEntry {
  readonly seq: number;
  readonly kind: "end";
  readonly path: string;
  readonly step: StepJson;
  /** When the run ended (epoch ms). */
  readonly at?: number;
}

/**
 * Every entry a run wrote. An entry written by a queue worker (ptcc/queue) also carries
 * `writer`, the id of the attempt that wrote it, so that a worker that lost its lease never
 * takes the new owner's entries for its own; readers ignore it.
 */
export type JournalEntry =
  | StartEntry
  | ReplyEntry
  | AnswersEntry
  | ClockEntry
  | TaskEntry
  | TurnEntry
  | ContinueEntry
  | CancelEntry
  | EndEntry
  | QueuedEntry;

/** An entry before the journal gives it its sequence number. */
export type NewEntry = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, "seq"> : never) : never;

/** The kinds of entries, for readers that check what they load. */
export const ENTRY_KINDS: ReadonlySet<string> = new Set([
  "start",
  "reply",
  "answers",
  "clock",
  "task",
  "turn",
  "continue",
  "cancel",
  "end",
  "queued",
]);

/** Whether a loaded value looks like a journal entry (a torn or foreign line does not). */
export function isJournalEntry(x: unknown): x is JournalEntry {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return false;
  const e = x as { seq?: unknown; kind?: unknown };
  return typeof e.seq === "number" && Number.isInteger(e.seq) && e.seq >= 0 && typeof e.kind === "string" && ENTRY_KINDS.has(e.kind);
}
