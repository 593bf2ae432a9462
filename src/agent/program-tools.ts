/**
 * The tools an agent gets from its options rather than its `tools`: `tool/llm-query`
 * (`llmQuery`) and the builtin tools (`builtinTools`). defineAgent checks the options here;
 * tools.ts registers the tools beside the agent's own, so that they are called, traced and
 * limited as every tool is.
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { BUILTIN_TOOL_NAMES, BUILTIN_TOOLS, builtinToolDefinitions, type BuiltinTool } from "./builtin-tools/index.js";
import { parseSignature } from "../signature/parse.js";
import type { Signature } from "../signature/types.js";
import type { DefinitionProblem } from "./definition-error.js";
import { describeValue as describe } from "./describe-value.js";
import { LLM_QUERY, LLM_QUERY_LINE, resolveLlmQuery } from "./llm-query.js";
import type { ToolEntry } from "./prompt/namespace.js";
import type { AgentDefinition, AgentOptions, ToolSpec } from "./types.js";

/** The names of the tools the options enable. */
export function programToolNames(def: Pick<AgentDefinition, "llmQuery" | "builtinTools">): string[] {
  const names = (def.builtinTools ?? []).flatMap((b) => BUILTIN_TOOL_NAMES[b]);
  return def.llmQuery !== undefined ? [LLM_QUERY, ...names] : names;
}

/**
 * `llmQuery` and `builtinTools` checked: what the definition holds, and what is wrong
 * (a name clash with a tool or a parameter, text mode, an unknown builtin).
 */
export function checkProgramTools(
  options: AgentOptions,
  tools: Readonly<Record<string, ToolSpec>>,
  paramNames: ReadonlySet<string>,
): { value: Pick<AgentDefinition, "llmQuery" | "builtinTools">; problems: DefinitionProblem[] } {
  const query = resolveLlmQuery(options.llmQuery);
  const problems = [...query.problems];
  const builtin: BuiltinTool[] = [];
  const given: unknown = options.builtinTools;
  if (given !== undefined && !Array.isArray(given)) {
    problems.push({ message: `builtinTools must be a list of names such as ["grep"], got ${describe(given)}` });
  }
  for (const name of Array.isArray(given) ? (given as unknown[]) : []) {
    const known = BUILTIN_TOOLS.find((b) => b === name);
    if (known === undefined) {
      problems.push({
        message: `unknown builtin tool ${typeof name === "string" ? name : describe(name)}`,
        hint:
          (typeof name === "string" ? didYouMean(closest(name, BUILTIN_TOOLS)) : undefined) ??
          `the builtin tools are ${BUILTIN_TOOLS.join(", ")}`,
      });
    } else if (!builtin.includes(known)) builtin.push(known);
  }
  const value = {
    ...(query.value !== undefined ? { llmQuery: query.value } : {}),
    ...(builtin.length > 0 ? { builtinTools: builtin } : {}),
  };
  const names = programToolNames(value);
  for (const name of names) {
    if (Object.hasOwn(tools, name)) {
      problems.push({
        message: `tool ${name} is also a tool ptcc provides (${name === LLM_QUERY ? "llmQuery" : "builtinTools"})`,
        hint: "rename your tool",
      });
    }
    if (paramNames.has(name) || paramNames.has(name.replace(/-/g, "_"))) {
      problems.push({
        message: `${name} is both a tool and a data name (a parameter of the signature)`,
        hint: "rename the parameter",
      });
    }
  }
  if (names.length > 0 && options.outputMode === "text") {
    problems.push({
      message: "outputMode text cannot use tools (llmQuery, builtinTools)",
      hint: "tools are called by programs: use outputMode lisp",
    });
  }
  return { value, problems };
}

/** How the tools the options enable appear in the prompt's tool section. */
export function programToolEntries(def: AgentDefinition, builtin: (name: string) => ToolEntry): ToolEntry[] {
  const out: ToolEntry[] = [];
  // One line, no description: the tool explains itself by its example.
  if (def.llmQuery !== undefined) out.push({ name: LLM_QUERY, signature: LLM_QUERY_LINE });
  for (const name of programToolNames({ ...def, llmQuery: undefined })) out.push(builtin(name));
  return out;
}

/** What an agent file says of the tools ptcc provides (`llmQuery: false` is off). */
interface ProvidedToolsSpec {
  readonly llmQuery?: boolean | object;
  readonly builtinTools?: readonly BuiltinTool[];
}

/** The names of the tools an agent file's `llmQuery` and `builtinTools` enable. */
export function providedToolNames(spec: ProvidedToolsSpec): string[] {
  return programToolNames({
    ...(spec.llmQuery !== undefined && spec.llmQuery !== false ? { llmQuery: { maxCalls: 1 } } : {}),
    ...(spec.builtinTools !== undefined ? { builtinTools: spec.builtinTools } : {}),
  });
}

/** The signatures of the builtin tools an agent file enables (what a frozen program's calls are checked against). */
export function providedToolSignatures(spec: ProvidedToolsSpec): Map<string, Signature> {
  const out = new Map<string, Signature>();
  for (const [name, tool] of Object.entries(builtinToolDefinitions(spec.builtinTools, {}))) {
    if (typeof tool.signature === "string") out.set(name, parseSignature(tool.signature));
  }
  return out;
}
