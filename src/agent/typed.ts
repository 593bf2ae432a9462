/**
 * The host types of agents and tools, derived from their signatures at the type level
 * (src/signature/infer.ts) or carried by a TypedSignature (generated modules): what
 * `defineAgent`, `defineTool`, `asTool` and `chain` use to type inputs, outputs and tool
 * arguments. Types only; nothing here exists at run time.
 */
import type { SignatureCheck, SignatureInput, SignatureOutput, ToolArgs, ToolResult } from "../signature/infer.js";
import type { Signature } from "../signature/types.js";
import type { AgentOptions, RunOptions, ToolControls, ToolDefinition, ToolSpec, TypedSignature, TypedToolFn } from "./types.js";

/** What a signature may be given as: text (a literal gives types) or a parsed signature. */
export type SignatureLike = string | Signature;

/** The input type of an agent with this signature (a map of unknowns when it is not known). */
export type AgentInput<S extends SignatureLike> = S extends string
  ? SignatureInput<S>
  : S extends TypedSignature<infer I, unknown>
    ? KnownOr<I, Record<string, unknown>>
    : Record<string, unknown>;

/** The output type of an agent with this signature, as `step.return` holds it. */
export type AgentOutput<S extends SignatureLike> = S extends string
  ? SignatureOutput<S>
  : S extends TypedSignature<never, infer O>
    ? O
    : unknown;

/** The arguments a tool with this signature receives. */
export type ToolArgsOf<S extends SignatureLike> = S extends string
  ? ToolArgs<S>
  : S extends TypedSignature<infer I, unknown>
    ? KnownOr<I, Record<string, unknown>>
    : Record<string, unknown>;

/** What a tool with this signature returns. */
export type ToolResultOf<S extends SignatureLike> = S extends string
  ? ToolResult<S>
  : S extends TypedSignature<never, infer O>
    ? O
    : unknown;

/** A plain Signature infers `unknown` from the phantom types: use the fallback then. */
type KnownOr<T, Fallback> = unknown extends T ? Fallback : T;

/** The type a `signature` option is checked against: a malformed literal names its problem. */
export type SignatureArg<S extends SignatureLike> = S extends string ? SignatureCheck<S> : S;

/**
 * `agent.run(input, options)`: the input may be left out when it has no required field;
 * `continueFrom` takes a Step of the same agent (its output type).
 */
export type RunArgs<I, O = unknown> = {} extends I
  ? [input?: I, options?: RunOptions<O>]
  : [input: I, options?: RunOptions<O>];

/** A tool made by `defineTool`: a ToolDefinition whose function is typed from its signature. */
export interface TypedTool<A, R> {
  readonly fn: TypedToolFn<A, R>;
  readonly signature?: SignatureLike;
  readonly description?: string;
}

/** What `defineTool` takes. */
export interface ToolOptions<S extends SignatureLike> extends ToolControls {
  /** `(id :int) -> {name :string}`: types `fn`'s arguments and result; checked at run time too. */
  readonly signature?: SignatureArg<S>;
  readonly fn: TypedToolFn<ToolArgsOf<S>, ToolResultOf<S>>;
  readonly description?: string;
}

/**
 * The tools of `defineAgent`, by name. `T` maps each name to the signature of a tool
 * written in place as `{ signature, fn }` (inferred from the text): such a tool's `fn` gets
 * its arguments' type from the signature and must return its result, so a function whose
 * parameter type does not fit is an error. Other entries (functions, `defineTool` tools,
 * agents as tools, `"self"`) are checked as ToolSpecs.
 */
export type ToolsFor<T> = { readonly [K in keyof T]: ToolEntry<T[K]> };

type ToolEntry<X> = string extends X
  ? ToolSpec
  : X extends SignatureLike
    ? InPlaceTool<X> | Exclude<ToolSpec, ToolDefinition>
    : ToolSpec;

/** A tool written in place with a literal (or typed) signature. */
interface InPlaceTool<S extends SignatureLike> extends ToolControls {
  readonly signature: S;
  readonly fn: TypedToolFn<ToolArgsOf<S>, ToolResultOf<S>>;
  readonly description?: string;
}

/** What `defineAgent` takes, with the signature and the tools typed. */
export type TypedAgentOptions<S extends SignatureLike, T> = Omit<AgentOptions, "signature" | "tools"> & {
  /** `(params) -> output`; default `() -> :any`. A literal types the agent's input and output. */
  readonly signature?: SignatureArg<S>;
  readonly tools?: ToolsFor<T>;
};

/** The input a chain's next agent is checked against: anything when the previous step is untyped. */
export type ChainInput<P> = unknown extends P ? never : P;
