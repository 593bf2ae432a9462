/**
 * The typed run API of ptcc/queue: a registry of agents (`export const agents = { ... } as
 * const` of a compiled folder) becomes `runs.<agent>.enqueue(input)`, typed by each agent's
 * input, and a `RunHandle<O>` typed by its output. Types only.
 */
import type { JournalEntry } from "../agent/journal/entries.js";
import type { StepJson } from "../agent/step-json.js";
import type { AgentLike, TurnOutcome } from "../agent/types.js";
import type { LlmUsage } from "../llm/types.js";
import type { RunBackend } from "./backend.js";

/** Agents by name: what `ptcc compile` exports as `agents` (any agents, typed or not). */
export type AgentRegistry = { readonly [name: string]: AgentLike<never, unknown> };

/** The input an agent of a registry takes. */
export type InputOf<A> = A extends AgentLike<infer I, unknown> ? I : never;
/** What an agent's `step.return` holds. */
export type OutputOf<A> = A extends AgentLike<never, infer O> ? O : unknown;

/**
 * Where a run is: `waiting` (queued, delayed, or waiting to be tried again), `active` (a
 * worker runs it), `completed` (it ended with a Step, returned or failed), `cancelled`
 * (it ended cancelled, or was cancelled before it started), `failed` (its job failed for
 * good: infrastructure failures outlasted its attempts, and there is no Step).
 */
export type RunStatus = "waiting" | "active" | "completed" | "cancelled" | "failed";

/** A turn of the run (or of a child agent it called) ended. */
export interface TurnProgress {
  readonly kind: "turn";
  readonly agent: string;
  /** 0 for the run's own turns, 1 for an agent it used as a tool, ... */
  readonly depth: number;
  readonly turn: number;
  readonly outcome: TurnOutcome;
  readonly durationMs: number;
  readonly usage?: LlmUsage;
  /** Milliseconds since the epoch. */
  readonly at: number;
}

/** The run waits for a slot of its model's shared limits (`providers` of the worker). */
export interface WaitingProgress {
  readonly kind: "waiting";
  readonly waiting: "rate-limit";
  /** The provider key whose limits it waits for (`openai:gpt-4o-mini`). */
  readonly key: string;
  readonly agent: string;
  readonly depth: number;
  readonly turn: number;
  readonly at: number;
}

/** What `handle.progress()` yields as the run goes. */
export type RunProgress = TurnProgress | WaitingProgress;

/** The options of `enqueue`. */
export interface EnqueueOptions {
  /**
   * The run's identity: enqueueing again with the same key is a no-op that returns the
   * first run's handle (its input wins). The run's id is the key itself when it can be
   * one (no `:` or `%`, not only digits), else the key with those characters escaped.
   */
  readonly idempotencyKey?: string;
  /** Whose run it is (kept with the run, shown in its status). */
  readonly tenant?: string;
  /** 1 (first) to 2,097,152 (last); runs without a priority go before every prioritized one. */
  readonly priority?: number;
  /** Start no sooner than this many milliseconds from now. */
  readonly delayMs?: number;
  /** The run must end within this many milliseconds of being queued; past it, it fails as `timeout`. */
  readonly deadlineMs?: number;
}

/** `enqueue(input, options)`: the input may be left out when it has no required field. */
export type EnqueueArgs<I> = {} extends I
  ? [input?: I, options?: EnqueueOptions]
  : [input: I, options?: EnqueueOptions];

/** A queued run. `O` is its agent's output: `result()` resolves to a `StepJson<O>`. */
export interface RunHandle<O = unknown> {
  /** The run's id: its job's id, and its key in the journal store. */
  readonly id: string;
  /** The agent's name in the registry. */
  readonly agent: string;
  status(): Promise<RunStatus>;
  /**
   * The run's Step as JSON once it has ended (returned or failed: a failed run is a
   * result, not an error). Rejects with a QueueError of kind `timeout` after `timeoutMs`,
   * and of kind `failed` when the run's job failed for good without a Step.
   */
  result(options?: { readonly timeoutMs?: number }): Promise<StepJson<O>>;
  /** The run's progress from now on (each turn's end; waits for rate limits); ends with the run. */
  progress(): AsyncIterable<RunProgress>;
  /**
   * Stop the run: a waiting run never starts, an active one ends `cancelled` within its
   * current turn, wherever it runs. Resolves to false when it had already ended.
   */
  cancel(reason?: string): Promise<boolean>;
  /** Every journal entry of the run so far (what it was asked, what the model and the tools answered). */
  journal(): Promise<JournalEntry[]>;
}

/** One agent's entry in `runs`. */
export interface AgentRuns<I, O> {
  /** Check the input against the agent's signature and queue a run; rejects with a QueueError of kind `input`. */
  enqueue(...args: EnqueueArgs<I>): Promise<RunHandle<O>>;
}

/** A handle of any agent of the registry: test `agent` and `result()` is typed. */
export type AnyRunHandle<A extends AgentRegistry> = {
  [K in keyof A & string]: RunHandle<OutputOf<A[K]>> & { readonly agent: K };
}[keyof A & string];

/** Names `runs` keeps for itself: a registry cannot use them for agents. */
export const RESERVED_NAMES = ["get", "recover", "close", "backend", "then"] as const;
export type ReservedName = (typeof RESERVED_NAMES)[number];

/** What `createRuns` makes: one typed entry per agent, and the queue's own operations. */
export type Runs<A extends AgentRegistry> = {
  readonly [K in Exclude<keyof A & string, ReservedName>]: AgentRuns<InputOf<A[K]>, OutputOf<A[K]>>;
} & {
  /** The backend the runs are queued in. */
  readonly backend: RunBackend;
  /** The run with this id (of any agent of the registry), or null when there is none. */
  get(id: string): Promise<AnyRunHandle<A> | null>;
  /**
   * Queue again every run the journal holds that was queued and has not ended (after a
   * crash of the process of an in-process queue); resolves to their ids. A worker on the
   * backend resumes each from its journal. BullMQ recovers its runs by itself (none here).
   */
  recover(): Promise<string[]>;
  /** Close the backend's connections. */
  close(): Promise<void>;
};
