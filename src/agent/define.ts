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
import { FORMAT_OPTION_KEYS, integerProblem, MAX_TIMER_MS, OUTPUT_MODES, TOOL_NAME } from "./rules.js";
import { limitsProblem } from "../runtime/limits.js";
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
  type ToolSpec,
} from "./types.js";

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
];

/** An agent: a checked definition that can run. */
export class Agent implements AgentLike {
  constructor(readonly definition: AgentDefinition) {}

  get name(): string {
    return this.definition.name;
  }

  /** Run the agent on an input (the values of its signature's parameters). */
  run(input: Readonly<Record<string, unknown>> = {}, options: RunOptions = {}): Promise<Step> {
    return runAgent(this.definition, input, options);
  }
}

function definitionError(name: string, message: string, hint?: string): PtcError {
  return new PtcError({ kind: "definition", message: `agent ${name}: ${message}`, hint });
}

/** Check and normalize an agent definition. Throws PtcError (kind `definition`). */
export function defineAgent(options: AgentOptions): Agent {
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
  const mode: ValidationMode = options.signatureValidation ?? "enabled";
  if (!VALIDATION_MODES.includes(mode)) {
    throw fail(`unknown signatureValidation ${JSON.stringify(mode)}`, `use one of ${VALIDATION_MODES.join(", ")}`);
  }

  const fieldDescriptions = options.fieldDescriptions ?? {};
  for (const [k, v] of Object.entries(fieldDescriptions)) {
    if (typeof v !== "string") throw fail(`the description of ${k} is not a string`);
  }

  const limitsWrong = limitsProblem(options.limits);
  if (limitsWrong !== null) throw fail(limitsWrong);

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
  };
  return new Agent(definition);
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
  const problem = integerProblem(v, min, what.endsWith("Ms") ? MAX_TIMER_MS : Number.MAX_SAFE_INTEGER);
  if (problem !== null) throw fail(`${what} ${problem}, got ${shownOption(v)}`);
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
    const problem = integerProblem(v, 1);
    if (problem !== null) throw fail(`format option ${k} ${problem}, got ${shownOption(v)}`);
    out[k] = v;
  }
  return out as unknown as FormatOptions;
}

/**
 * An agent as a tool of another agent: the parent's program calls it as
 * `(tool/name {...})` with the child's parameters; the child runs its own turns one level
 * deeper and its return value comes back into the parent's program.
 */
export function asTool(agent: AgentLike, options: { description?: string } = {}): AgentTool {
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

/** An option's value in a message (what JSON would show; a description when there is none). */
function shownOption(v: unknown): string {
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  return typeof v;
}
