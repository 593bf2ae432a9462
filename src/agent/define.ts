/**
 * Agent definitions: `defineAgent` checks everything that can be checked before a run
 * (the signature parses, every `{{placeholder}}` names a parameter, tool names are usable
 * and distinct from data names, agents used as tools have descriptions, numbers are in
 * range) and fails with one clear error; `asTool` turns an agent into a tool.
 */
import { table } from "../runtime/table.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { VALIDATION_MODES, type ValidationMode } from "../runtime/validation.js";
import { SignatureError } from "../signature/errors.js";
import { parseSignature } from "../signature/parse.js";
import { checkPlaceholders } from "../signature/placeholders.js";
import { renderSignature } from "../signature/render.js";
import { altSpelling, type Signature } from "../signature/types.js";
import { DefinitionError, type DefinitionProblem } from "./definition-error.js";
import { FROM_JOURNAL, runAgent } from "./loop.js";
import { streamRun, type RunStream } from "./stream.js";
import type { Durability } from "./journal/log.js";
import type { JournalStore } from "./journal/store.js";
import { describeValue as describe } from "./describe-value.js";
import {
  AGENT_OPTION_KEYS,
  DEFAULT_AGENT_NAME,
  FORMAT_OPTION_KEYS,
  BUDGET_ACTIONS,
  COMPACTION_STRATEGIES,
  COMPLETIONS,
  integerProblem,
  isAgentLike,
  MEMORY_STRATEGIES,
  resolveCompaction,
  MAX_TIMER_MS,
  OUTPUT_MODES,
  REFERENCE_LEVELS,
  TOOL_NAME,
  TRANSPORTS,
} from "./rules.js";
import { limitsProblem } from "../runtime/limits.js";
import { checkProgramTools } from "./program-tools.js";
import {
  DEFAULT_FORMAT_OPTIONS,
  SELF,
  type AgentDefinition,
  type AgentLike,
  type AgentOptions,
  type AgentTool,
  type FormatOptions,
  type RunOptions,
  type Step,
  type ToolControls,
  type ToolSpec,
} from "./types.js";
import { llmRetryProblem } from "../llm/retry.js";
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

/** What `agent.resume` takes: the journal store, and `run`'s options (the model for the rest of the run...). */
export interface ResumeOptions extends Omit<RunOptions, "durable"> {
  readonly store: JournalStore;
  readonly durability?: Durability;
}

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
  run(...[input, options]: RunArgs<I, O>): Promise<Step<O>> {
    const data = (input ?? {}) as Readonly<Record<string, unknown>>;
    return runAgent(this.definition, data, (options ?? {}) as RunOptions) as Promise<Step<O>>;
  }

  /**
   * Run the agent and read what it does as it does it: an async iterable of typed events
   * (RunEvent: requests, streamed text, programs, tool calls, turns, child runs) and the
   * Step as `step`. Leaving the `for await` loop early cancels the run.
   */
  stream(...[input, options]: RunArgs<I, O>): RunStream<O> {
    const data = (input ?? {}) as Readonly<Record<string, unknown>>;
    const given: unknown = options;
    const base = typeof given === "object" && given !== null ? (given as RunOptions) : {};
    return streamRun(
      base as RunOptions,
      (o) => runAgent(this.definition, data, given === base ? o : (given as RunOptions)) as Promise<Step<O>>,
    );
  }

  /**
   * Resume the durable run journaled under `runKey` in `store` (after a crash, in any
   * process): its input comes from the journal, every journaled reply and tool outcome is
   * replayed, and the run goes on live from the first step the journal does not hold. A
   * run that had ended is replayed to the same Step without a model or a tool. The other
   * options are `run`'s (the model for what is left, a trace, a signal).
   */
  resume(runKey: string, options: ResumeOptions): Promise<Step<O>> {
    const given: unknown = options;
    if (typeof given !== "object" || given === null) {
      return runAgent(this.definition, {}, given as RunOptions) as Promise<Step<O>>;
    }
    const { store, durability, ...rest } = options;
    return runAgent(this.definition, FROM_JOURNAL, {
      ...rest,
      durable: { store, runKey, ...(durability !== undefined ? { durability } : {}) },
    }) as Promise<Step<O>>;
  }
}

/**
 * Check and normalize an agent definition. Throws a DefinitionError (a PtcError of kind
 * `definition`) that lists every problem of the definition.
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
  const problems = new Problems();
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new DefinitionError(undefined, [{ message: `expected an object of options, got ${describe(options)}` }]);
  }
  const givenName: unknown = options.name;
  const nameOk = givenName === undefined || (typeof givenName === "string" && givenName.trim() !== "");
  if (!nameOk) problems.add(`the name must be a non-empty string, got ${describe(givenName)}`);
  const name = typeof givenName === "string" && nameOk ? givenName : DEFAULT_AGENT_NAME;

  for (const key of Object.keys(options)) {
    if (!(DEFINITION_KEYS as readonly string[]).includes(key)) problems.add(`unknown option ${key}`, optionHint(key));
  }
  if (typeof options.prompt !== "string" || options.prompt.trim() === "") {
    if (options.prompt === undefined || typeof options.prompt === "string") {
      problems.add("the prompt is empty", "write the mission the agent is to carry out");
    } else problems.add(`the prompt must be a string, got ${describe(options.prompt)}`);
  }

  const signature = checkSignature(options, problems);
  const signatureText = signature === null ? "" : signatureTextOf(options, signature);

  if (signature !== null && typeof options.prompt === "string") {
    for (const issue of checkPlaceholders(options.prompt, signature)) {
      problems.add(`${issue.message} in the prompt at ${issue.span.line}:${issue.span.column}`, issue.hint);
    }
  }

  const paramNames = new Set<string>();
  for (const p of signature?.params ?? []) {
    paramNames.add(p.name);
    const alt = altSpelling(p.name);
    if (alt !== null) paramNames.add(alt);
  }
  const tools: Readonly<Record<string, ToolSpec>> = isPlainObject(options.tools) ? options.tools : {};
  if (options.tools !== undefined && !isPlainObject(options.tools)) {
    problems.add(`tools must be an object of tools by name, got ${describe(options.tools)}`);
  }
  for (const [toolName, spec] of Object.entries(tools)) {
    if (!TOOL_NAME.test(toolName)) {
      problems.add(
        `tool name ${JSON.stringify(toolName)} cannot be called as tool/${toolName}`,
        "use letters, digits, - and _, starting with a letter",
      );
    }
    if (paramNames.has(toolName)) {
      problems.add(`${toolName} is both a tool and a data name (a parameter of the signature)`, "rename one of them");
    }
    checkToolSpec(toolName, spec, problems);
  }
  if (options.outputMode === "text" && Object.keys(tools).length > 0) {
    problems.add("outputMode text cannot use tools", "tools are called by programs: use outputMode lisp");
  }
  if (options.outputMode !== undefined && !OUTPUT_MODES.includes(options.outputMode)) {
    problems.add(`unknown outputMode ${JSON.stringify(options.outputMode)}`, "use lisp or text");
  }
  if (options.reference !== undefined && !REFERENCE_LEVELS.includes(options.reference)) {
    problems.add(`unknown reference ${JSON.stringify(options.reference)}`, `use one of ${REFERENCE_LEVELS.join(", ")}`);
  }
  if (options.transport !== undefined && !TRANSPORTS.includes(options.transport)) {
    problems.add(`unknown transport ${JSON.stringify(options.transport)}`, `use one of ${TRANSPORTS.join(", ")}`);
  }
  if (options.transport === "tool_call" && options.outputMode === "text") {
    problems.add("transport tool_call sends programs: it needs outputMode lisp", "leave transport out in text mode");
  }
  const mode: ValidationMode = options.signatureValidation ?? "enabled";
  if (!VALIDATION_MODES.includes(mode)) {
    problems.add(`unknown signatureValidation ${JSON.stringify(mode)}`, `use one of ${VALIDATION_MODES.join(", ")}`);
  }

  const fieldDescriptions = isPlainObject(options.fieldDescriptions) ? options.fieldDescriptions : {};
  if (options.fieldDescriptions !== undefined && !isPlainObject(options.fieldDescriptions)) {
    problems.add(
      `fieldDescriptions must be an object of descriptions by name, got ${describe(options.fieldDescriptions)}`,
    );
  }
  for (const [k, v] of Object.entries(fieldDescriptions)) {
    if (typeof v !== "string") problems.add(`the description of ${k} is not a string`);
  }
  if (options.description !== undefined && typeof options.description !== "string") {
    problems.add(`the description must be a string, got ${describe(options.description)}`);
  }
  if (options.toolSources !== undefined && !Array.isArray(options.toolSources)) {
    problems.add(`toolSources must be an array, got ${describe(options.toolSources)}`);
  }

  const programTools = checkProgramTools(options, tools, paramNames);
  for (const p of programTools.problems) problems.add(p.message, p.hint);
  const limitsWrong = limitsProblem(options.limits);
  if (limitsWrong !== null) problems.add(limitsWrong);
  const control = runControl(options, problems);

  const definition: AgentDefinition = {
    name,
    prompt: options.prompt,
    signature: signature ?? { params: [], output: { kind: "primitive", name: "any", optional: false } },
    signatureText,
    description: options.description,
    tools,
    fieldDescriptions,
    maxTurns: positiveInt(options.maxTurns, DEFAULT_MAX_TURNS, "maxTurns", 1, problems),
    maxDepth: positiveInt(options.maxDepth, DEFAULT_MAX_DEPTH, "maxDepth", 0, problems),
    formatOptions: formatOptions(options.formatOptions, problems),
    llm: options.llm,
    llmRegistry: options.llmRegistry ?? {},
    turnTimeoutMs: positiveInt(options.turnTimeoutMs, DEFAULT_TURN_TIMEOUT_MS, "turnTimeoutMs", 1, problems),
    missionTimeoutMs: positiveInt(
      options.missionTimeoutMs,
      DEFAULT_MISSION_TIMEOUT_MS,
      "missionTimeoutMs",
      1,
      problems,
    ),
    outputMode: options.outputMode ?? "lisp",
    signatureValidation: mode,
    limits: options.limits ?? {},
    reference: options.reference ?? "compact",
    transport: options.transport ?? "code_block",
    ...(options.toolSources !== undefined && options.toolSources.length > 0
      ? { toolSources: options.toolSources }
      : {}),
    ...control,
    ...programTools.value,
  };
  if (problems.list.length > 0) throw new DefinitionError(nameOk ? givenName : undefined, problems.list);
  return new Agent<AgentInput<S>, AgentOutput<S>>(definition);
}

// ---------------------------------------------------------------------------------------
// Checks: each adds its problems and goes on, so one error lists them all.

/** The problems found so far, in the order found. */
class Problems {
  readonly list: DefinitionProblem[] = [];
  add(message: string, hint?: string): void {
    this.list.push(hint === undefined ? { message } : { message, hint });
  }
}

/**
 * Every key `defineAgent` takes: the options, and what `agent.definition` holds besides
 * (so that `defineAgent({ ...agent.definition, maxTurns: 2 })` makes a variant).
 */
const DEFINITION_KEYS = [...AGENT_OPTION_KEYS, "signatureText", "toolSources"] as const;

/** Names other libraries give to options ptcc spells differently. */
const OTHER_NAMES: Readonly<Record<string, string>> = table({
  model: "llm",
  instructions: "prompt",
  system: "prompt",
  maxSteps: "maxTurns",
  schema: "signature",
  outputSchema: "signature",
  timeout: "turnTimeoutMs",
});

function optionHint(key: string): string {
  const other = OTHER_NAMES[key];
  if (other !== undefined) return `did you mean ${other}?`;
  return didYouMean(closest(key, AGENT_OPTION_KEYS)) ?? `the options are ${AGENT_OPTION_KEYS.join(", ")}`;
}

/** The parsed signature, or null (with a problem) when it cannot be had. */
function checkSignature(options: AgentOptions, problems: Problems): Signature | null {
  const given: unknown = options.signature;
  if (given === undefined) return parseSignature("() -> :any");
  if (typeof given === "string") {
    try {
      return parseSignature(given);
    } catch (e) {
      if (e instanceof SignatureError) {
        problems.add(`bad signature: ${e.format()}`);
        return null;
      }
      throw e;
    }
  }
  if (isSignature(given)) return given;
  problems.add(
    `the signature must be a string such as "(query :string) -> {count :int}" (or a parsed Signature), got ${describe(given)}`,
    isZodSchema(given)
      ? "ptcc signatures are text, not zod schemas: write the schema's shape as a signature (docs/signatures.md)"
      : undefined,
  );
  return null;
}

/**
 * The signature as written: the string given; for a parsed Signature, the `signatureText`
 * that came with it (from `agent.definition`) when it still says the same, else its rendering.
 */
function signatureTextOf(options: AgentOptions, signature: Signature): string {
  if (typeof options.signature === "string") return options.signature;
  const rendered = renderSignature(signature);
  const text = options.signatureText;
  if (typeof text === "string") {
    try {
      if (renderSignature(parseSignature(text)) === rendered) return text;
    } catch {
      // A text that does not parse says nothing about this signature.
    }
  }
  return options.signature === undefined ? "() -> :any" : rendered;
}

function isSignature(x: unknown): x is Signature {
  if (typeof x !== "object" || x === null) return false;
  const s = x as { params?: unknown; output?: unknown };
  return (
    Array.isArray(s.params) &&
    typeof s.output === "object" &&
    s.output !== null &&
    typeof (s.output as { kind?: unknown }).kind === "string"
  );
}

/** Zod 3 and 4 schemas, by their shape (ptcc does not depend on zod). */
function isZodSchema(x: unknown): boolean {
  return typeof x === "object" && x !== null && ("_def" in x || "_zod" in x) && "safeParse" in x;
}

function checkToolSpec(toolName: string, spec: ToolSpec, problems: Problems): void {
  if (spec === SELF || typeof spec === "function") return;
  if (typeof spec !== "object" || spec === null) {
    problems.add(`tool ${toolName} is not a function, a tool definition, an agent tool or "self"`);
    return;
  }
  if ("kind" in spec && spec.kind === "agent") {
    if (typeof spec.description !== "string" || spec.description.trim() === "") {
      problems.add(`the agent used as tool ${toolName} has no description`, "give the agent a description");
    }
    return;
  }
  if (isAgentLike(spec)) {
    problems.add(`tool ${toolName} is an agent, not a tool`, `wrap it: ${toolName}: asTool(agent)`);
    return;
  }
  if (!("fn" in spec) || typeof spec.fn !== "function") {
    problems.add(`tool ${toolName} has no function (fn)`);
    return;
  }
  checkToolSignature(spec.signature, ` of tool ${toolName}`, "(query :string) -> [{id :int}]", problems);
  checkToolControls(spec, ` of tool ${toolName}`, problems);
}

/** A tool's `concurrency`, `timeoutMs` and `cache`, when given. */
function checkToolControls(spec: ToolControls, of: string, problems: Problems): void {
  for (const [key, min] of [["concurrency", 1], ["timeoutMs", 1]] as const) {
    const v = spec[key];
    if (v === undefined) continue;
    const problem = integerProblem(v, min, key === "timeoutMs" ? MAX_TIMER_MS : Number.MAX_SAFE_INTEGER);
    if (problem !== null) problems.add(`${key}${of} ${problem}, got ${typeof v === "number" ? String(v) : describe(v)}`);
  }
  if (spec.cache !== undefined && typeof spec.cache !== "boolean") {
    problems.add(`cache${of} must be true or false, got ${describe(spec.cache)}`);
  }
}

/** A tool's `signature` option: absent, parsed, or text that parses. `of` names the tool in messages. */
function checkToolSignature(signature: unknown, of: string, example: string, problems: Problems): void {
  if (typeof signature === "string") {
    try {
      parseSignature(signature);
    } catch (e) {
      if (!(e instanceof SignatureError)) throw e;
      problems.add(`bad signature${of}: ${e.format()}`);
    }
  } else if (signature !== undefined && !isSignature(signature)) {
    problems.add(
      `the signature${of} must be a string such as "${example}", got ${describe(signature)}`,
      isZodSchema(signature) ? "ptcc signatures are text, not zod schemas (docs/signatures.md)" : undefined,
    );
  }
}

function positiveInt(v: unknown, dflt: number, what: string, min: number, problems: Problems): number {
  if (v === undefined) return dflt;
  const problem = integerProblem(v, min, what.endsWith("Ms") ? MAX_TIMER_MS : Number.MAX_SAFE_INTEGER);
  if (problem !== null) {
    problems.add(`${what} ${problem}, got ${typeof v === "number" ? String(v) : describe(v)}`);
    return dflt;
  }
  return v as number;
}

/** The options that keep a run under control (issue 22): compaction, budgets, turn endings, memory. */
function runControl(options: AgentOptions, problems: Problems): Partial<AgentDefinition> {
  const out: { -readonly [K in keyof AgentDefinition]?: AgentDefinition[K] } = {};
  const compaction = resolveCompaction(options.compaction);
  for (const [key, problem] of compaction.problems)
    problems.add(
      `${key} ${problem}`,
      key === "compaction.strategy" ? `use ${COMPACTION_STRATEGIES.join(" or ")}` : undefined,
    );
  if (compaction.value !== undefined) out.compaction = compaction.value;
  const int = (key: "tokenLimit" | "turnBudget" | "retryTurns" | "memoryLimit" | "maxToolCalls" | "toolConcurrency", min: number): void => {
    const v = options[key];
    if (v === undefined) return;
    const problem = integerProblem(v, min);
    if (problem !== null) problems.add(`${key} ${problem}, got ${typeof v === "number" ? String(v) : describe(v)}`);
    else out[key] = v;
  };
  int("tokenLimit", 1);
  int("turnBudget", 1);
  int("retryTurns", 0);
  int("memoryLimit", 1);
  int("maxToolCalls", 0);
  int("toolConcurrency", 1);
  if (options.llmRetry !== undefined) {
    const problem = llmRetryProblem(options.llmRetry);
    if (problem !== null) problems.add(`llmRetry: ${problem}`);
    else out.llmRetry = options.llmRetry;
  }
  const oneOf = <K extends "onBudgetExceeded" | "completion" | "memoryStrategy">(
    key: K,
    allowed: readonly string[],
  ): void => {
    const v = options[key];
    if (v === undefined) return;
    if (!allowed.includes(v as string))
      problems.add(`unknown ${key} ${JSON.stringify(v)}`, `use one of ${allowed.join(", ")}`);
    else (out as Record<string, unknown>)[key] = v;
  };
  oneOf("onBudgetExceeded", BUDGET_ACTIONS);
  oneOf("completion", COMPLETIONS);
  oneOf("memoryStrategy", MEMORY_STRATEGIES);
  if (options.budget !== undefined) {
    if (typeof options.budget !== "function")
      problems.add(`budget must be a function (usage, turn) => boolean, got ${describe(options.budget)}`);
    else out.budget = options.budget;
  }
  return out;
}

function formatOptions(given: unknown, problems: Problems): FormatOptions {
  const out: Record<string, number> = { ...DEFAULT_FORMAT_OPTIONS };
  if (given !== undefined && !isPlainObject(given)) {
    problems.add(`formatOptions must be an object, got ${describe(given)}`);
    return out as unknown as FormatOptions;
  }
  for (const [k, v] of Object.entries(given ?? {})) {
    if (!(FORMAT_OPTION_KEYS as readonly string[]).includes(k)) {
      problems.add(`unknown format option ${k}`, didYouMean(closest(k, FORMAT_OPTION_KEYS)));
      continue;
    }
    const problem = integerProblem(v, 1);
    if (problem !== null) {
      problems.add(`format option ${k} ${problem}, got ${typeof v === "number" ? String(v) : describe(v)}`);
      continue;
    }
    out[k] = v;
  }
  return out as unknown as FormatOptions;
}

function isPlainObject(x: unknown): x is Record<string, never> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * An agent as a tool of another agent: the parent's program calls it as
 * `(tool/name {...})` with the child's parameters; the child runs its own turns one level
 * deeper and its return value comes back into the parent's program.
 */
export function asTool<I, O>(agent: AgentLike<I, O>, options: { description?: string } = {}): AgentTool<I, O> {
  if (!isAgentLike(agent)) {
    throw new DefinitionError(
      undefined,
      [
        {
          message: `asTool takes an agent (made by defineAgent), got ${describe(agent)}`,
          hint: "write tools: { name: asTool(agent) }",
        },
      ],
      "asTool",
    );
  }
  const description = options?.description ?? agent.definition.description;
  if (description === undefined || description.trim() === "") {
    throw new DefinitionError(
      agent.name === DEFAULT_AGENT_NAME ? undefined : agent.name,
      [
        {
          message: "an agent used as a tool needs a description",
          hint: "set description in the agent's definition (or pass one to asTool)",
        },
      ],
      "asTool",
    );
  }
  return { kind: "agent", agent, description };
}

/** The keys of a tool definition. */
const TOOL_KEYS = ["signature", "fn", "description", "concurrency", "timeoutMs", "cache"] as const;

/**
 * A tool with a signature, its function typed from it: `defineTool({ signature: "(id :int)
 * -> {name :string}", fn: async ({ id }) => ... })` gives `id: number` and requires a
 * `{ name: string }` result (firewalled `_` fields included). The signature is checked at
 * once (a DefinitionError listing every problem), and the tool's arguments and results at
 * every call.
 */
export function defineTool<const S extends SignatureLike = string>(
  tool: ToolOptions<S>,
): TypedTool<ToolArgsOf<S>, ToolResultOf<S>> {
  const problems = new Problems();
  if (!isPlainObject(tool)) {
    problems.add(
      `defineTool takes an object, got ${describe(tool)}`,
      'write defineTool({ signature: "(id :int) -> {name :string}", fn: async (args) => ... })',
    );
    throw new DefinitionError(undefined, problems.list, "defineTool");
  }
  const given = tool as { signature?: unknown; fn?: unknown; description?: unknown };
  for (const key of Object.keys(given)) {
    if (!(TOOL_KEYS as readonly string[]).includes(key)) {
      problems.add(`unknown option ${key}`, didYouMean(closest(key, TOOL_KEYS)));
    }
  }
  checkToolControls(given as ToolControls, "", problems);
  if (typeof given.fn !== "function") problems.add(`fn must be a function, got ${describe(given.fn)}`);
  if (given.description !== undefined && typeof given.description !== "string") {
    problems.add(`the description must be a string, got ${describe(given.description)}`);
  }
  checkToolSignature(given.signature, "", "(id :int) -> {name :string}", problems);
  if (problems.list.length > 0) throw new DefinitionError(undefined, problems.list, "defineTool");
  return tool as TypedTool<ToolArgsOf<S>, ToolResultOf<S>>;
}
