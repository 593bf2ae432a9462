/**
 * The shapes of the agent runtime: what an agent definition contains, what tools look
 * like, what a run returns (a Step). The loop itself is in loop.ts.
 */
import type { Limits } from "../runtime/limits.js";
import type { Signature } from "../signature/types.js";
import type { ValidationMode } from "../runtime/validation.js";
import type { LlmLike } from "../llm/ai-sdk.js";
import type { LlmRegistry, LlmUsage } from "../llm/types.js";
import type { ToolSource } from "./tool-source.js";
import type { BuiltinTool } from "./builtin-tools/index.js";
import type { LlmQueryOptions, LlmQuerySettings } from "./llm-query.js";
import type { TraceEvent, TraceOption } from "./trace.js";
import type { DurableOptions } from "./journal/log.js";
import type { RunEvent } from "./events.js";
import type { StepJson } from "./step-json.js";
import type { LlmRetryOptions } from "../llm/retry.js";

/**
 * Type-level keys of the phantom members below: they exist only in types (a `declare`d
 * constant emits nothing), carry an agent's or a signature's host types, and stay out of
 * editors' completions.
 */
declare const AGENT_TYPES: unique symbol;
declare const SIGNATURE_TYPES: unique symbol;

/** Truncation of what the LLM sees (seed 001 §8.8). */
export interface FormatOptions {
  /** Turn feedback: at most this many items of each collection. Default 20. */
  readonly feedbackLimit: number;
  /** Turn feedback: at most this many characters. Default 2048. */
  readonly feedbackMaxChars: number;
  /** `*1 *2 *3`: each result kept to about this many bytes of printed text. Default 1024. */
  readonly historyMaxBytes: number;
  /** The final result as shown to people (`ptcc run`): items per collection. Default 50. */
  readonly resultLimit: number;
  /** The final result as shown to people: characters. Default 500. */
  readonly resultMaxChars: number;
  /**
   * A `{{placeholder}}` of a multi-turn program's mission whose value prints longer than
   * this is shown as a reference (`data/documents (list of 2,000 maps)`), not pasted.
   * Default 200.
   */
  readonly inlineMaxChars: number;
}

export const DEFAULT_FORMAT_OPTIONS: FormatOptions = {
  feedbackLimit: 20,
  feedbackMaxChars: 2048,
  historyMaxBytes: 1024,
  resultLimit: 50,
  resultMaxChars: 500,
  inlineMaxChars: 200,
};

/**
 * Compaction keeps a long run's context bounded (docs/agents.md, "Long runs"): when the
 * next request would pass `triggerTokens` (or the run has had `triggerTurns` turns), the
 * oldest turns between the first message and the last `keepRecentTurns` are replaced by
 * one note, bringing the conversation to about half of `triggerTokens`.
 */
export interface CompactionOptions {
  /** `trim` (default): a note of what was dropped. `summary`: the namespace, recent output and errors. */
  readonly strategy?: "trim" | "summary";
  /** Estimated input tokens of the next request that start a compaction. Default 24,000. */
  readonly triggerTokens?: number;
  /** Compact also once this many turns are in the conversation (null or absent: by tokens only). */
  readonly triggerTurns?: number | null;
  /** The newest turns always kept whole. Default 3. */
  readonly keepRecentTurns?: number;
}

/** Compaction with every option resolved (`triggerTurns` null: by tokens only). */
export interface ResolvedCompaction {
  readonly strategy: "trim" | "summary";
  readonly triggerTokens: number;
  readonly triggerTurns: number | null;
  readonly keepRecentTurns: number;
}

/** Called before each model request with the run's usage so far; `false` stops the run as over budget. */
export type BudgetCheck = (usage: Usage, turn: number) => boolean;

/** What a run does when it is over budget: fail (`budget`), or return the last turn's value when it validates. */
export type OnBudgetExceeded = "fail" | "return_partial";

/** What a tool function gets besides its arguments. */
export interface ToolContext {
  /** The calling agent's name. */
  readonly agent: string;
  /** The calling agent's depth (0 = top level). */
  readonly depth: number;
  /** The turn of the calling agent, from 1. */
  readonly turn: number;
  /** Aborted when the turn or the mission runs out of time. */
  readonly signal: AbortSignal;
  /**
   * The same for every attempt of this call — a retried turn, a run resumed in another
   * process — and different for every other call: `RUNKEY:TURN#POSITION` (a child run's
   * path before the turn). Pass it to an API that deduplicates (a payment's idempotency
   * key) to make a side effect happen once even when a crash makes the call run again.
   */
  readonly idempotencyKey: string;
}

/**
 * A host tool: gets its arguments as a string-keyed JSON object (`-` in keys turned into
 * `_`; coerced to the tool's signature when it has one) and returns JSON or a promise of it.
 *
 * The arguments are compared bivariantly (as a method's are), so a function written for
 * the arguments it expects, `(args: { id: number }) => ...`, is a ToolFn; an unannotated
 * `(args) => ...` gets `Record<string, unknown>`. Where a signature is declared
 * (`defineTool`, or `{ signature, fn }` in `defineAgent`'s tools), `fn` is checked strictly
 * against the signature's types instead.
 */
export type ToolFn = {
  bivariant(args: Record<string, unknown>, context: ToolContext): unknown;
}["bivariant"];

/** A tool function typed from a signature: its arguments, and what it returns (or a promise of it). */
export type TypedToolFn<A, R> = (args: A, context: ToolContext) => R | Promise<R>;

/** How a tool's calls are governed (docs/agents.md, "Tools: limits, concurrency, caching"). */
export interface ToolControls {
  /** At most this many calls of this tool in flight at once (below the agent's `toolConcurrency`). */
  readonly concurrency?: number;
  /** A call that takes longer is a tool error (`tool/x took longer than 5000 ms`) and its signal aborts. */
  readonly timeoutMs?: number;
  /**
   * Within a run and its child runs, a call whose arguments equal an earlier successful
   * call's gets the earlier answer without calling the tool (key order, `-`/`_`, keyword or
   * string keys and `1`/`1.0` do not matter). Errors are not cached.
   */
  readonly cache?: boolean;
}

export interface ToolDefinition extends ToolControls {
  readonly fn: ToolFn;
  /** `(query :string) -> [{id :int}]`: arguments are coerced and validated, results validated. */
  readonly signature?: string | Signature;
  readonly description?: string;
}

/**
 * A parsed signature that carries the host types of its input and output (generated
 * modules declare their signatures so): `defineAgent` and `defineTool` take the types from
 * it as they take them from a literal signature's text.
 */
export interface TypedSignature<I, O> extends Signature {
  readonly [SIGNATURE_TYPES]?: { readonly input: (input: I) => void; readonly output: O };
}

/** An agent used as a tool (see `asTool`); `I` and `O` are the agent's host types. */
export interface AgentTool<I = never, O = unknown> {
  readonly kind: "agent";
  readonly agent: AgentLike<I, O>;
  readonly description: string;
}

/** The tool that runs the calling agent's own definition as a child (`self` in agent files). */
export const SELF = "self";

/** What a `tools` entry may be. */
export type ToolSpec = ToolFn | ToolDefinition | AgentTool | typeof SELF;

/**
 * What the loop needs of an agent to run it as a tool (Agent implements it). `I` and `O`
 * are its host types, carried in types only: `AgentLike` alone (`I = never`) is any agent.
 */
export interface AgentLike<I = never, O = unknown> {
  readonly name: string;
  readonly definition: AgentDefinition;
  /**
   * Type-level only, never set: the input the agent accepts and its output. `input` is a
   * method, so it compares both ways: a typed agent still fits a plain `Agent` variable
   * (a list of agents, an agent passed around), while `run` takes exactly its input.
   */
  readonly [AGENT_TYPES]?: { input(input: I): void; readonly output: O };
}

export type OutputMode = "lisp" | "text";

/**
 * How much of the language reference the system prompt carries: `compact` (default) a
 * card of what differs from Clojure, with the full reference on demand through `doc`,
 * `apropos` and `dir`; `full` the whole generated reference too (about 11,000 tokens);
 * `none` no language card at all.
 */
export type ReferenceLevel = "compact" | "full" | "none";

/**
 * How programs travel: `code_block` (default) in a fenced ```clojure block of the reply;
 * `tool_call` as the `program` argument of one provider tool, `run_program`, through
 * OpenAI tools or Anthropic tool use (the agent's own tools stay inside PTC-Lisp).
 */
export type Transport = "code_block" | "tool_call";

/** What `defineAgent` takes. Only `prompt` is required. */
export interface AgentOptions {
  /** A name for traces, prompts of parent agents and errors. Default "agent". */
  readonly name?: string;
  /** The mission: a template whose `{{placeholders}}` name the signature's parameters. */
  readonly prompt: string;
  /** `(params) -> output`; default `() -> :any`. */
  readonly signature?: string | Signature;
  /** One sentence for parents and catalogs; required to use the agent as a tool. */
  readonly description?: string;
  readonly tools?: Readonly<Record<string, ToolSpec>>;
  /** Descriptions of parameters and output fields, by name (shown in prompts). */
  readonly fieldDescriptions?: Readonly<Record<string, string>>;
  /** Turns before the run fails. Default 5. */
  readonly maxTurns?: number;
  /** How deep agents-as-tools may nest below this one. Default 3. */
  readonly maxDepth?: number;
  readonly formatOptions?: Partial<FormatOptions>;
  /**
   * The model: a function, an AI SDK model object (`openai("gpt-4o")`), a name in the
   * run's LLM registry, or a spec (`openai:gpt-4o`).
   */
  readonly llm?: LlmLike | string;
  /** Named models; merged over the run's registry. */
  readonly llmRegistry?: LlmRegistry;
  /** Wall-clock limit of one turn (LLM call and evaluation), ms. Default 120000. */
  readonly turnTimeoutMs?: number;
  /** Wall-clock limit of the whole run including child agents, ms. Default 600000. */
  readonly missionTimeoutMs?: number;
  /** `lisp` (default): the LLM writes programs. `text`: it answers JSON, validated directly. */
  readonly outputMode?: OutputMode;
  /** How the output is validated. Default `enabled`. */
  readonly signatureValidation?: ValidationMode;
  /** Sandbox limits of each evaluation. */
  readonly limits?: Partial<Limits>;
  /** How much of the language reference the system prompt carries. Default `compact`. */
  readonly reference?: ReferenceLevel;
  /** How the model sends its programs. Default `code_block`. */
  readonly transport?: Transport;
  /**
   * The signature as written, when `signature` is a parsed Signature (as `agent.definition`
   * holds both): kept when it still says the same, so `defineAgent({ ...agent.definition })` keeps it.
   */
  readonly signatureText?: string;
  /** Tools that exist while a run does (an agent file's MCP servers), as `agent.definition` holds them. */
  readonly toolSources?: readonly ToolSource[];
  /** Keep the context of a long run bounded. Off by default. */
  readonly compaction?: boolean | CompactionOptions;
  /** Input plus output tokens of the run and its child agents; the run stops before a request that would start above it. */
  readonly tokenLimit?: number;
  /** What an over-budget run does. Default `fail`. */
  readonly onBudgetExceeded?: OnBudgetExceeded;
  /** Called before each request; `false` stops the run as over budget. */
  readonly budget?: BudgetCheck;
  /**
   * Turns of the run and all its child agents together. A top-level run's default is 20,
   * or its own maxTurns plus retryTurns when that is more; a child's is what its parent has left.
   */
  readonly turnBudget?: number;
  /** Extra turns given only to repair a return that failed validation, after the turns are used up. Default 0. */
  readonly retryTurns?: number;
  /**
   * `auto` (default): when the turns run out without (return ...), the last turn's value is
   * the answer if it matches the output (the Step says `fallback`). `explicit`: only a return ends well.
   */
  readonly completion?: "auto" | "explicit";
  /** Bytes of the user namespace (printed size) a run may keep after a turn. */
  readonly memoryLimit?: number;
  /** Past memoryLimit: `rollback` (default) undoes the turn's defs and tells the model; `strict` fails the run. */
  readonly memoryStrategy?: "strict" | "rollback";
  /**
   * Let programs call a model: `(tool/llm-query {:prompt "Label: {{text}}" :signature
   * "{label :string}" :text t})`. `true`, or the model to use (default: the agent's) and
   * the calls a run may make (default 100). Off by default.
   */
  readonly llmQuery?: boolean | LlmQueryOptions;
  /** Tools ptcc ships, opted into: `["grep"]` gives `tool/grep` and `tool/grep-n`. */
  readonly builtinTools?: readonly BuiltinTool[];
  /** Tool calls one program (one turn's evaluation) may make; cached answers do not count. No limit by default. */
  readonly maxToolCalls?: number;
  /** Tool calls of one program in flight at once; the rest wait in program order. Default 8. */
  readonly toolConcurrency?: number;
  /** How failed model requests are retried (every kind of model, plain functions included). */
  readonly llmRetry?: LlmRetryOptions;
}

/** A checked, normalized definition (what `defineAgent` produces). */
export interface AgentDefinition {
  readonly name: string;
  readonly prompt: string;
  readonly signature: Signature;
  /** The signature as written (shown to parents as is). */
  readonly signatureText: string;
  readonly description: string | undefined;
  readonly tools: Readonly<Record<string, ToolSpec>>;
  readonly fieldDescriptions: Readonly<Record<string, string>>;
  readonly maxTurns: number;
  readonly maxDepth: number;
  readonly formatOptions: FormatOptions;
  readonly llm: LlmLike | string | undefined;
  readonly llmRegistry: LlmRegistry;
  readonly turnTimeoutMs: number;
  readonly missionTimeoutMs: number;
  readonly outputMode: OutputMode;
  readonly signatureValidation: ValidationMode;
  readonly limits: Partial<Limits>;
  readonly reference: ReferenceLevel;
  readonly transport: Transport;
  /** Tools that exist while a run does (an agent file's MCP servers): opened per run. */
  readonly toolSources?: readonly ToolSource[];
  /** Compaction with every option resolved; absent when off. */
  readonly compaction?: ResolvedCompaction;
  readonly tokenLimit?: number;
  readonly onBudgetExceeded?: OnBudgetExceeded;
  readonly budget?: BudgetCheck;
  readonly turnBudget?: number;
  readonly retryTurns?: number;
  readonly completion?: "auto" | "explicit";
  readonly memoryLimit?: number;
  readonly memoryStrategy?: "strict" | "rollback";
  /** `tool/llm-query`'s settings; absent when it is off. */
  readonly llmQuery?: LlmQuerySettings;
  /** The builtin tools enabled (absent: none). */
  readonly builtinTools?: readonly BuiltinTool[];
  readonly maxToolCalls?: number;
  readonly toolConcurrency?: number;
  readonly llmRetry?: LlmRetryOptions;
}

/** Options of one run. `O` is the output of the agent whose Step `continueFrom` takes (plain `RunOptions` fits every agent). */
export interface RunOptions<O = never> {
  /** The model, when the agent names none: a function or an AI SDK model object. */
  readonly llm?: LlmLike;
  readonly llmRegistry?: LlmRegistry;
  /**
   * Receives every trace event as it happens (the Step also keeps them): a function, or
   * an object holding one as `sink` (`jsonlTrace(file)`, which the caller closes).
   */
  readonly trace?: TraceOption;
  /** Cancels the run. */
  readonly signal?: AbortSignal;
  /** Field descriptions of the input (from a previous step, see `then`). */
  readonly inputDescriptions?: Readonly<Record<string, string>>;
  /**
   * Called as each turn ends (the CLI prints turns with it). `run` names the run the turn
   * belongs to and the run that started it (null at the top), as the trace does: a child
   * agent's turns end before the parent turn that called it.
   */
  readonly onTurn?: (turn: Turn, agent: string, depth: number, run: TurnRun) => void;
  /** Called before each LLM request (the CLI starts its spinner with it). */
  readonly onLlmStart?: (agent: string, depth: number, turn: number) => void;
  /**
   * Receives every run event as it happens (`agent.stream()` is built on it): typed, with
   * firewalled values hidden. See RunEvent.
   */
  readonly onEvent?: (event: RunEvent) => void;
  /**
   * Receives the model's text as it arrives: the deltas of a model that streams, or each
   * whole reply of one that does not. For callers that want only the text.
   */
  readonly onChunk?: (text: string, info: ChunkInfo) => void;
  /**
   * Let Ctrl-C stop a program while it runs (the run then fails as `cancelled`). For
   * command-line programs: during an evaluation the process's own SIGINT handlers wait.
   */
  readonly breakOnSigint?: boolean;
  /**
   * Make the run durable: journal it in `store` under `runKey`, and when the journal holds
   * the run already, replay it — every journaled model reply and tool outcome used instead
   * of a request or a call — then go on from where it stopped (docs/agents.md, "Durable runs").
   */
  readonly durable?: DurableOptions;
  /**
   * Continue a finished run of this agent: the same conversation (its system prompt, its
   * turns, then `message`), the same namespace (defs kept), a fresh turn budget. The new
   * Step holds only the new turns. A Step from JSON (another process) continues a durable
   * run: pass its `durable` options too, and the journal replays the run first.
   */
  readonly continueFrom?: Step<O> | StepJson;
  /** The user's next message, with `continueFrom`. */
  readonly message?: string;
  /** Over the definition's: input plus output tokens of the run and its child agents. */
  readonly tokenLimit?: number;
  /** Over the definition's: what an over-budget run does. */
  readonly onBudgetExceeded?: OnBudgetExceeded;
  /** Over the definition's: called before each request; `false` stops the run as over budget. */
  readonly budget?: BudgetCheck;
  /** Over the definition's: how failed model requests are retried. */
  readonly llmRetry?: LlmRetryOptions;
}

/** Whose text an `onChunk` call carries. */
export interface ChunkInfo {
  readonly runId: string;
  readonly agent: string;
  readonly depth: number;
  readonly turn: number;
}

/** The run a turn belongs to (`onTurn`), by the ids trace events use. */
export interface TurnRun {
  readonly id: string;
  /** The run whose program started this one; null for the top-level run. */
  readonly parent: string | null;
}

/** How a turn ended. */
export type TurnOutcome =
  /** The program ran; the feedback is its printed value. */
  | "continue"
  /** The program returned a valid value: the run succeeds. */
  | "return"
  /** The program returned a value that does not match the output signature. */
  | "invalid"
  /** The program called (fail ...): the run fails. */
  | "fail"
  /** The reply held no program, or the program could not be read, checked or run. */
  | "error";

export interface Turn {
  /** From 1. */
  readonly index: number;
  /** The same number as `index`, under the name `ptcc run --json` gives it (`transcript[].turn`). */
  readonly turn: number;
  /** The LLM's reply as received. */
  readonly response: string;
  /** The program extracted from the reply (null when there was none). */
  readonly program: string | null;
  readonly outcome: TurnOutcome;
  /** The printed result (REPL style) when the program ran. */
  readonly result?: string;
  /** The message sent back to the LLM for the next turn ("" when the run ended). */
  readonly feedback: string;
  readonly toolCalls: readonly ToolCallTrace[];
  readonly durationMs: number;
  readonly usage?: LlmUsage;
  /** The turn's reply came from the run's journal (a resumed run): no model was asked. */
  readonly replayed?: true;
}

export interface ToolCallTrace {
  readonly name: string;
  readonly args: unknown;
  readonly result?: unknown;
  readonly error?: string;
  readonly durationMs: number;
  /** The outcome came from the run's journal (a resumed run): the tool was not called. */
  readonly replayed?: true;
  /** The call's position in its turn's program (`#3`, `#2/1#0` in a pmap branch). */
  readonly key?: string;
  /** The answer came from the tool's cache (`cache: true`): the tool was not called. */
  readonly cached?: true;
}

export interface Usage {
  /** All input tokens, cached ones included. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Input tokens read from the provider's prompt cache (part of inputTokens). */
  readonly cachedInputTokens: number;
  /** Input tokens written to the provider's prompt cache (part of inputTokens). */
  readonly cacheWriteInputTokens: number;
  /** LLM requests of this run and its child agents. */
  readonly llmRequests: number;
  /** Turns whose reply came from the run's journal instead of a model (a resumed run); absent when none. */
  readonly replayedTurns?: number;
  /** Times the conversation was compacted; absent when never. */
  readonly compactions?: number;
  /** Turns dropped from the conversation by compactions; absent when none. */
  readonly compactedTurns?: number;
}

/** Why a run failed. */
export type FailureKind =
  | "fail" // the program called (fail ...)
  | "max_turns" // the turns ran out
  | "timeout" // the mission deadline passed
  | "limit" // the returned value is beyond the limits (its JSON takes more than maxSteps to write)
  | "llm" // the model could not be reached
  | "depth" // maxDepth exceeded
  | "input" // the input does not match the signature
  | "tools" // the run's tools could not be set up (an MCP server did not start)
  | "tool_contract" // a tool returned data that breaks its own signature: a host bug, the run ends at once
  | "options" // the run options cannot be used (an unknown key, a trace that is not a sink)
  | "budget" // the run reached its tokenLimit, its turnBudget, or its budget check said stop
  | "replay" // a resumed run did something else than its journal says (a changed definition, tool or program)
  | "journal" // the run's journal cannot be read or written, or another process writes it
  | "program" // a frozen program (no model to mend it) raised an error or returned a value that does not match
  | "cancelled"
  | "internal"; // a defect in ptcc (reported as a failed step, never thrown)

export interface Failure {
  readonly kind: FailureKind;
  readonly reason: string;
  /** The value given to (fail ...), as JSON. */
  readonly value?: unknown;
}

/** What every result of a run has, returned or failed. */
export interface StepBase {
  readonly agent: string;
  /** Every turn, in order. */
  readonly turns: readonly Turn[];
  /** The same array as `turns`, under the name `ptcc run --json` gives it (there, `turns` is the count). */
  readonly transcript: readonly Turn[];
  readonly usage: Usage;
  /** The user namespace at the end: each def'd name with its value as host data. */
  readonly namespace: Readonly<Record<string, unknown>>;
  /** The output's field descriptions (carried into the next agent by `chain`). */
  readonly fieldDescriptions: Readonly<Record<string, string>>;
  readonly signature: Signature;
  readonly trace: readonly TraceEvent[];
  readonly durationMs: number;
}

/** A run that returned a value matching the output signature. */
export interface StepReturned<O = unknown> extends StepBase {
  readonly ok: true;
  /** The returned value as host data (firewalled fields included; closures as their labels). */
  readonly return: O;
  /**
   * The returned PTC-Lisp value itself (float types, keywords and closures intact): what
   * a parent program gets back from an agent used as a tool.
   */
  readonly returnValue: unknown;
  readonly failure?: undefined;
  readonly fail?: undefined;
  /** The run was over budget and returned its last turn's value (`onBudgetExceeded: "return_partial"`). */
  readonly partial?: true;
  /** The turns ran out without (return ...): the last turn's value, which matches the output, is the answer. */
  readonly fallback?: true;
}

/** A run that failed: `failure` says why. */
export interface StepFailed extends StepBase {
  readonly ok: false;
  readonly failure: Failure;
  /** The same object as `failure`, under the name `ptcc run --json` gives it. */
  readonly fail: Failure;
  readonly return?: undefined;
  readonly returnValue?: undefined;
}

/**
 * The result of a run: test `step.ok` and TypeScript knows which, `return` (typed `O`)
 * when it returned, `failure` when it failed.
 */
export type Step<O = unknown> = StepReturned<O> | StepFailed;
