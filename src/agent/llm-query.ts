/**
 * `(tool/llm-query {:prompt "Label: {{text}}" :signature "{label :string}" :text t})`: one
 * model request from inside a program, its answer validated against the signature and
 * returned as data. Enabled per agent (`llmQuery: true` or `{ llm, maxCalls }`).
 *
 * Each call is a model-call agent (llm-tool.ts) made from the call's prompt and signature —
 * the keys besides `:prompt`, `:signature` and `:llm` are its parameters, filling the
 * placeholders — and run as an agent tool, so that concurrency limits, the trace, usage,
 * token budgets and the firewall apply to it as to any tool call.
 */
import type { LlmLike } from "../llm/ai-sdk.js";
import type { ToolCallInfo, ToolFunction } from "../evaluator/session.js";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { describeValue as describe } from "./describe-value.js";
import type { DefinitionProblem } from "./definition-error.js";
import { modelCallAgent } from "./llm-tool.js";
import { integerProblem } from "./rules.js";
import type { AgentDefinition } from "./types.js";

/** The tool's name: programs call `tool/llm-query`. */
export const LLM_QUERY = "llm-query";

/** Calls of `tool/llm-query` a run may make when `maxCalls` is not given. */
export const DEFAULT_LLM_QUERY_MAX_CALLS = 100;

/** What `llmQuery` takes besides `true`. */
export interface LlmQueryOptions {
  /** The model of the calls (a model, a registry name or a spec); default: the agent's own. */
  readonly llm?: LlmLike | string;
  /** Calls one run may make; the call past it is a tool error. Default 100. */
  readonly maxCalls?: number;
}

/** `llmQuery` resolved (what a definition holds when it is enabled). */
export interface LlmQuerySettings {
  readonly llm?: LlmLike | string;
  readonly maxCalls: number;
}

/** The line the prompt's tool section shows (only when the tool is enabled). */
export const LLM_QUERY_LINE =
  '{:prompt "Label: {{text}}" :signature "{label :string}" :text t} -> one model call; the answer as data of :signature (default :string)';

/** `llmQuery` as given to defineAgent: off (undefined), or its settings; problems when it is wrong. */
export function resolveLlmQuery(given: unknown): { value?: LlmQuerySettings; problems: DefinitionProblem[] } {
  if (given === undefined || given === false) return { problems: [] };
  if (given === true) return { value: { maxCalls: DEFAULT_LLM_QUERY_MAX_CALLS }, problems: [] };
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return { problems: [{ message: `llmQuery must be true, false or { llm?, maxCalls? }, got ${describe(given)}` }] };
  }
  const problems: DefinitionProblem[] = [];
  const o = given as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (key !== "llm" && key !== "maxCalls")
      problems.push({ message: `unknown llmQuery option ${key}`, hint: "the options are llm and maxCalls" });
  }
  let maxCalls = DEFAULT_LLM_QUERY_MAX_CALLS;
  if (o["maxCalls"] !== undefined) {
    const problem = integerProblem(o["maxCalls"], 1);
    if (problem !== null) problems.push({ message: `llmQuery.maxCalls ${problem}, got ${describe(o["maxCalls"])}` });
    else maxCalls = o["maxCalls"] as number;
  }
  const llm = o["llm"];
  if (
    llm !== undefined &&
    typeof llm !== "string" &&
    typeof llm !== "function" &&
    (typeof llm !== "object" || llm === null)
  ) {
    problems.push({ message: `llmQuery.llm must be a model, a registry name or a spec, got ${describe(llm)}` });
  }
  const value: LlmQuerySettings = { maxCalls, ...(llm !== undefined ? { llm: llm as LlmLike | string } : {}) };
  return { value, problems };
}

/** A parameter name the signature language reads (the program's keys, `-` already `_`). */
const PARAM = /^[A-Za-z_][A-Za-z0-9_]*[?!]?$/;
/** Definitions kept per run, by prompt, signature, parameters and model (programs repeat them). */
const KEPT = 64;

/** The keys of a call that are not placeholders. */
const OWN_KEYS = ["prompt", "signature", "llm"];

/** The names a prompt's `{{placeholders}}` start with (`{{user.name}}`: user). */
function placeholderRoots(prompt: string): Set<string> {
  return new Set([...prompt.matchAll(/\{\{\s*([^\s.}[]+)/g)].map((m) => m[1]!));
}

/**
 * The session tool `llm-query` of one run. `call` runs a model-call definition as an agent
 * tool (tools.ts's path for agents as tools): traced with the call's arguments, run on the
 * placeholders' values. The count of calls is per run: this function
 * is made once per run.
 */
export function llmQueryTool(
  settings: LlmQuerySettings,
  call: (
    child: AgentDefinition,
    args: Record<string, unknown>,
    input: Record<string, unknown>,
    at: ToolCallInfo,
  ) => Promise<unknown>,
): ToolFunction {
  let calls = 0;
  const kept = new Map<string, AgentDefinition>();
  return (args, at) => {
    const { prompt, signature, llm, ...input } = args;
    const names = Object.keys(input);
    // A misspelt :prompt, :signature or :llm would pass as a placeholder's value, and the
    // call would run without it: a key near one of them that the prompt does not use is an error.
    const used = typeof prompt === "string" ? placeholderRoots(prompt) : new Set<string>();
    for (const name of names) {
      const near = used.has(name) ? [] : closest(name, OWN_KEYS).map((k) => `:${k}`);
      if (near.length > 0)
        throw new Error(`the key :${name} is not a placeholder of the prompt — ${didYouMean(near)!}`);
    }
    if (typeof prompt !== "string" || prompt.trim() === "") {
      throw new Error(
        `a call needs :prompt, a template such as "Label: {{text}}"${prompt === undefined ? "" : ` (got ${describe(prompt)})`}`,
      );
    }
    if (signature !== undefined && signature !== null && typeof signature !== "string") {
      throw new Error(`:signature must be a string such as "{label :string}", got ${describe(signature)}`);
    }
    if (llm !== undefined && llm !== null && typeof llm !== "string") {
      throw new Error(`:llm must be the name of a model, got ${describe(llm)}`);
    }
    for (const name of names) {
      if (!PARAM.test(name)) throw new Error(`the key ${JSON.stringify(name)} cannot name a placeholder`);
    }
    const output = signature ?? ":string";
    const model = llm ?? settings.llm;
    const key = JSON.stringify([
      prompt,
      output,
      names,
      typeof model === "string" ? model : model === undefined ? 0 : 1,
    ]);
    let child = kept.get(key);
    if (child === undefined) {
      // Parameters are :any: the program's values go to the model as they are.
      const sig = `(${names.map((n) => `${n} :any`).join(", ")}) -> ${output.includes("->") ? output.slice(output.indexOf("->") + 2) : output}`;
      try {
        child = modelCallAgent({
          name: LLM_QUERY,
          prompt,
          signature: sig,
          ...(model !== undefined ? { llm: model } : {}),
        }).definition;
      } catch (e) {
        // The definition's problems are the program's: its prompt or signature.
        const message = e instanceof Error ? e.message.replace(/^agent llm-query: /, "") : String(e);
        throw new Error(message);
      }
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, child);
    }
    // Counted once the call can be made: a malformed call never reaches a model.
    if (++calls > settings.maxCalls) {
      throw new Error(
        `the call limit is reached: this run made ${settings.maxCalls} model calls (llmQuery maxCalls ${settings.maxCalls})`,
      );
    }
    return call(child, args, input, at);
  };
}
