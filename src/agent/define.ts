/**
 * Agent definitions: `defineAgent` checks everything that can be checked before a run
 * (the signature parses, every `{{placeholder}}` names a parameter, tool names are usable
 * and distinct from data names, agents used as tools have descriptions, numbers are in
 * range) and fails with one clear error; `asTool` turns an agent into a tool.
 */
import { PtcError } from "../diagnostics/error.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { VALIDATION_MODES, type ValidationMode } from "../runtime/validation.js";
import { SignatureError } from "../signature/errors.js";
import { parseSignature } from "../signature/parse.js";
import { checkPlaceholders } from "../signature/placeholders.js";
import { renderSignature } from "../signature/render.js";
import { altSpelling, type Signature } from "../signature/types.js";
import { runAgent } from "./loop.js";
import { FORMAT_OPTION_KEYS, MAX_TIMER_MS, OUTPUT_MODES, REFERENCE_LEVELS, TOOL_NAME, TRANSPORTS } from "./rules.js";
import {
  DEFAULT_FORMAT_OPTIONS,
  SELF,
  type AgentDefinition,
  type AgentLike,
  type AgentOptions,
  type AgentTool,
  type FormatOptions,
  type Step,
  type ToolSpec,
} from "./types.js";
import type {
  AgentInput,
  AgentOutput,
  RunArgs,
  SignatureLike,
  ToolArgsOf,
  ToolOptions,
  ToolResultOf,
  TypedAgentOptions,
  TypedTool,
} from "./typed.js";

export const DEFAULT_MAX_TURNS = 5;
export const DEFAULT_MAX_DEPTH = 3;
export const DEFAULT_TURN_TIMEOUT_MS = 120_000;
export const DEFAULT_MISSION_TIMEOUT_MS = 600_000;

const OPTION_KEYS: readonly (keyof AgentOptions)[] = [
  "name",
  "prompt",
  "signature",
  "description",
  "tools",
  "fieldDescriptions",
  "maxTurns",
  "maxDepth",
  "formatOptions",
  "llm",
  "llmRegistry",
  "turnTimeoutMs",
  "missionTimeoutMs",
  "outputMode",
  "signatureValidation",
  "limits",
  "reference",
  "transport",
];

/** The host types an Agent carries (merged into the class: type-level only). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Agent<I = Record<string, unknown>, O = unknown> extends AgentLike<I, O> {}

/**
 * An agent: a checked definition that can run. `I` is the input `run` takes and `O` what
 * `step.return` holds, both from the signature when `defineAgent` sees a literal one.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Agent<I = Record<string, unknown>, O = unknown> {
  constructor(readonly definition: AgentDefinition) {}

  get name(): string {
    return this.definition.name;
  }

  /** Run the agent on an input (the values of its signature's parameters). */
  run(...[input, options]: RunArgs<I>): Promise<Step<O>> {
    const data = (input ?? {}) as Readonly<Record<string, unknown>>;
    return runAgent(this.definition, data, options ?? {}) as Promise<Step<O>>;
  }
}

function definitionError(name: string, message: string, hint?: string): PtcError {
  return new PtcError({ kind: "definition", message: `agent ${name}: ${message}`, hint });
}

/**
 * Check and normalize an agent definition. Throws PtcError (kind `definition`).
 *
 * A literal signature types the agent: `defineAgent({ signature: "(query :string) ->
 * {count :int}", ... })` is an `Agent<{ query: string }, { count: number }>`, so `run`
 * takes exactly that input and `step.return` is that output once `step.ok` is tested. A
 * tool written in place as `{ signature, fn }` must have a function that fits its signature.
 */
export function defineAgent<const S extends SignatureLike = string, const T = Record<string, unknown>>(
  typed: TypedAgentOptions<S, T>,
): Agent<AgentInput<S>, AgentOutput<S>> {
  // The run-time checks below see the options as they are, whatever the types said.
  const options = typed as AgentOptions;
  const name = options.name ?? "agent";
  if (typeof name !== "string" || name.trim() === "") throw definitionError(String(name), "the name is empty");
  const fail = (message: string, hint?: string): PtcError => definitionError(name, message, hint);

  for (const key of Object.keys(options)) {
    if (!(OPTION_KEYS as readonly string[]).includes(key)) {
      throw fail(`unknown option ${key}`, didYouMean(closest(key, OPTION_KEYS as readonly string[])));
    }
  }
  if (typeof options.prompt !== "string" || options.prompt.trim() === "") {
    throw fail("the prompt is empty", "write the mission the agent is to carry out");
  }

  const signatureText =
    options.signature === undefined
      ? "() -> :any"
      : typeof options.signature === "string"
        ? options.signature
        : renderSignature(options.signature);
  let signature: Signature;
  try {
    signature = typeof options.signature === "object" ? options.signature : parseSignature(signatureText);
  } catch (e) {
    if (e instanceof SignatureError) throw fail(`bad signature: ${e.format()}`, e.hint);
    throw e;
  }

  const issues = checkPlaceholders(options.prompt, signature);
  if (issues.length > 0) {
    const first = issues[0]!;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    throw fail(`${first.message} in the prompt at ${first.span.line}:${first.span.column}${more}`, first.hint);
  }

  const paramNames = new Set<string>();
  for (const p of signature.params) {
    paramNames.add(p.name);
    const alt = altSpelling(p.name);
    if (alt !== null) paramNames.add(alt);
  }
  const tools = options.tools ?? {};
  for (const [toolName, spec] of Object.entries(tools)) {
    if (!TOOL_NAME.test(toolName)) {
      throw fail(
        `tool name ${JSON.stringify(toolName)} cannot be called as tool/${toolName}`,
        "use letters, digits, - and _, starting with a letter",
      );
    }
    if (paramNames.has(toolName)) {
      throw fail(`${toolName} is both a tool and a data name (a parameter of the signature)`, "rename one of them");
    }
    checkToolSpec(toolName, spec, fail);
  }
  if (options.outputMode === "text" && Object.keys(tools).length > 0) {
    throw fail("outputMode text cannot use tools", "tools are called by programs: use outputMode lisp");
  }
  if (options.outputMode !== undefined && !OUTPUT_MODES.includes(options.outputMode)) {
    throw fail(`unknown outputMode ${JSON.stringify(options.outputMode)}`, "use lisp or text");
  }
  if (options.reference !== undefined && !REFERENCE_LEVELS.includes(options.reference)) {
    throw fail(`unknown reference ${JSON.stringify(options.reference)}`, `use one of ${REFERENCE_LEVELS.join(", ")}`);
  }
  if (options.transport !== undefined && !TRANSPORTS.includes(options.transport)) {
    throw fail(`unknown transport ${JSON.stringify(options.transport)}`, `use one of ${TRANSPORTS.join(", ")}`);
  }
  if (options.transport === "tool_call" && options.outputMode === "text") {
    throw fail("transport tool_call sends programs: it needs outputMode lisp", "leave transport out in text mode");
  }
  const mode: ValidationMode = options.signatureValidation ?? "enabled";
  if (!VALIDATION_MODES.includes(mode)) {
    throw fail(`unknown signatureValidation ${JSON.stringify(mode)}`, `use one of ${VALIDATION_MODES.join(", ")}`);
  }

  const fieldDescriptions = options.fieldDescriptions ?? {};
  for (const [k, v] of Object.entries(fieldDescriptions)) {
    if (typeof v !== "string") throw fail(`the description of ${k} is not a string`);
  }

  const definition: AgentDefinition = {
    name,
    prompt: options.prompt,
    signature,
    signatureText,
    description: options.description,
    tools,
    fieldDescriptions,
    maxTurns: positiveInt(options.maxTurns, DEFAULT_MAX_TURNS, "maxTurns", 1, fail),
    maxDepth: positiveInt(options.maxDepth, DEFAULT_MAX_DEPTH, "maxDepth", 0, fail),
    formatOptions: formatOptions(options.formatOptions, fail),
    llm: options.llm,
    llmRegistry: options.llmRegistry ?? {},
    turnTimeoutMs: positiveInt(options.turnTimeoutMs, DEFAULT_TURN_TIMEOUT_MS, "turnTimeoutMs", 1, fail),
    missionTimeoutMs: positiveInt(options.missionTimeoutMs, DEFAULT_MISSION_TIMEOUT_MS, "missionTimeoutMs", 1, fail),
    outputMode: options.outputMode ?? "lisp",
    signatureValidation: mode,
    limits: options.limits ?? {},
    reference: options.reference ?? "compact",
    transport: options.transport ?? "code_block",
  };
  return new Agent<AgentInput<S>, AgentOutput<S>>(definition);
}

function checkToolSpec(toolName: string, spec: ToolSpec, fail: (m: string, h?: string) => PtcError): void {
  if (spec === SELF || typeof spec === "function") return;
  if (typeof spec !== "object" || spec === null) {
    throw fail(`tool ${toolName} is not a function, a tool definition, an agent tool or "self"`);
  }
  if ("kind" in spec && spec.kind === "agent") {
    if (typeof spec.description !== "string" || spec.description.trim() === "") {
      throw fail(`the agent used as tool ${toolName} has no description`, "give the agent a description");
    }
    return;
  }
  if (!("fn" in spec) || typeof spec.fn !== "function") throw fail(`tool ${toolName} has no function (fn)`);
  if (typeof spec.signature === "string") {
    try {
      parseSignature(spec.signature);
    } catch (e) {
      if (e instanceof SignatureError) throw fail(`bad signature of tool ${toolName}: ${e.format()}`, e.hint);
      throw e;
    }
  }
}

function positiveInt(
  v: number | undefined,
  dflt: number,
  what: string,
  min: number,
  fail: (m: string) => PtcError,
): number {
  if (v === undefined) return dflt;
  if (!Number.isSafeInteger(v) || v < min)
    throw fail(`${what} must be an integer of at least ${min}, got ${String(v)}`);
  if (what.endsWith("Ms") && v > MAX_TIMER_MS) throw fail(`${what} must be at most ${MAX_TIMER_MS}, got ${v}`);
  return v;
}

function formatOptions(
  given: Partial<FormatOptions> | undefined,
  fail: (m: string, h?: string) => PtcError,
): FormatOptions {
  const out: Record<string, number> = { ...DEFAULT_FORMAT_OPTIONS };
  for (const [k, v] of Object.entries(given ?? {})) {
    if (!(FORMAT_OPTION_KEYS as readonly string[]).includes(k)) {
      throw fail(`unknown format option ${k}`, didYouMean(closest(k, FORMAT_OPTION_KEYS)) ?? undefined);
    }
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) {
      throw fail(`format option ${k} must be a positive integer, got ${String(v)}`);
    }
    out[k] = v;
  }
  return out as unknown as FormatOptions;
}

/**
 * An agent as a tool of another agent: the parent's program calls it as
 * `(tool/name {...})` with the child's parameters; the child runs its own turns one level
 * deeper and its return value comes back into the parent's program.
 */
export function asTool<I, O>(agent: AgentLike<I, O>, options: { description?: string } = {}): AgentTool<I, O> {
  const description = options.description ?? agent.definition.description;
  if (description === undefined || description.trim() === "") {
    throw definitionError(
      agent.name,
      "an agent used as a tool needs a description",
      "set description in the agent's definition (or pass one to asTool)",
    );
  }
  return { kind: "agent", agent, description };
}

/**
 * A tool with a signature, its function typed from it: `defineTool({ signature: "(id :int)
 * -> {name :string}", fn: async ({ id }) => ... })` gives `id: number` and requires a
 * `{ name: string }` result (firewalled `_` fields included). The signature is checked at
 * once (PtcError of kind `definition`), and the tool's arguments and results at every call.
 */
export function defineTool<const S extends SignatureLike = string>(
  tool: ToolOptions<S>,
): TypedTool<ToolArgsOf<S>, ToolResultOf<S>> {
  const given = tool as { signature?: unknown; fn?: unknown; description?: unknown };
  const fail = (message: string, hint?: string): PtcError =>
    new PtcError({ kind: "definition", message: `defineTool: ${message}`, hint });
  for (const key of Object.keys(given)) {
    if (key !== "signature" && key !== "fn" && key !== "description") {
      throw fail(`unknown option ${key}`, didYouMean(closest(key, ["signature", "fn", "description"])));
    }
  }
  if (typeof given.fn !== "function") throw fail("fn is not a function");
  if (given.description !== undefined && typeof given.description !== "string") {
    throw fail("the description is not a string");
  }
  if (typeof given.signature === "string") {
    try {
      parseSignature(given.signature);
    } catch (e) {
      if (e instanceof SignatureError) throw fail(`bad signature: ${e.format()}`, e.hint);
      throw e;
    }
  } else if (given.signature !== undefined && (typeof given.signature !== "object" || given.signature === null)) {
    throw fail("the signature is neither text nor a parsed signature");
  }
  return tool as TypedTool<ToolArgsOf<S>, ToolResultOf<S>>;
}
