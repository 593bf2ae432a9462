/**
 * What a journal remembers of the definition a run was made with: a small summary of
 * everything that decides how programs run and what the model is told, and its hash. A
 * resumed run whose definition differs fails as `replay`, saying what changed.
 */
import { renderSignature } from "../../signature/render.js";
import { systemHash } from "../trace.js";
import { programToolNames } from "../program-tools.js";
import { SELF, type AgentDefinition, type ToolSpec } from "../types.js";

export interface DefinitionSummary {
  readonly name: string;
  /** The hash of the mission template. */
  readonly prompt: string;
  readonly signature: string;
  /** Each tool by name: its signature (`?` when it has none), `agent NAME SIG`, or `self`. */
  readonly tools: Readonly<Record<string, string>>;
  readonly options: Readonly<Record<string, unknown>>;
}

export function summarize(def: AgentDefinition): DefinitionSummary {
  const tools: Record<string, string> = {};
  for (const name of Object.keys(def.tools).sort()) tools[name] = toolText(def.tools[name]!, def);
  // The tools the options enable (llmQuery, builtinTools): absent unless enabled, so older journals match.
  for (const name of programToolNames(def)) tools[name] = "provided by ptcc";
  return {
    name: def.name,
    prompt: systemHash(def.prompt),
    signature: renderSignature(def.signature),
    tools,
    options: {
      maxTurns: def.maxTurns,
      maxDepth: def.maxDepth,
      outputMode: def.outputMode,
      transport: def.transport,
      reference: def.reference,
      signatureValidation: def.signatureValidation,
      limits: sortedObject(def.limits),
      formatOptions: sortedObject(def.formatOptions),
      // Decides which call of a program fails; only when set, so older journals keep their hash.
      ...(def.maxToolCalls !== undefined ? { maxToolCalls: def.maxToolCalls } : {}),
    },
  };
}

export function definitionHash(summary: DefinitionSummary): string {
  return systemHash(JSON.stringify(summary));
}

/** What differs between the summary a journal holds and the definition now, one phrase each. */
export function definitionChanges(was: DefinitionSummary, now: DefinitionSummary): string[] {
  const out: string[] = [];
  if (was.name !== now.name) out.push(`the agent is ${now.name}, the journal's is ${was.name}`);
  if (was.prompt !== now.prompt) out.push("the prompt changed");
  if (was.signature !== now.signature) out.push(`the signature is ${now.signature}, was ${was.signature}`);
  for (const name of new Set([...Object.keys(was.tools), ...Object.keys(now.tools)])) {
    const a = Object.hasOwn(was.tools, name) ? was.tools[name] : undefined;
    const b = Object.hasOwn(now.tools, name) ? now.tools[name] : undefined;
    if (a === b) continue;
    if (a === undefined) out.push(`tool/${name} is new`);
    else if (b === undefined) out.push(`tool/${name} is gone`);
    else out.push(`tool/${name} is ${b}, was ${a}`);
  }
  for (const key of new Set([...Object.keys(was.options), ...Object.keys(now.options)])) {
    const a = JSON.stringify(was.options[key]);
    const b = JSON.stringify(now.options[key]);
    if (a !== b) out.push(`${key} is ${b ?? "unset"}, was ${a ?? "unset"}`);
  }
  return out;
}

function toolText(spec: ToolSpec, def: AgentDefinition): string {
  if (spec === SELF) return `self ${renderSignature(def.signature)}`;
  if (typeof spec === "function") return "?";
  if ("kind" in spec) return `agent ${spec.agent.definition.name} ${renderSignature(spec.agent.definition.signature)}`;
  if (spec.signature === undefined) return "?";
  return typeof spec.signature === "string" ? spec.signature : renderSignature(spec.signature);
}

function sortedObject(o: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) out[k] = (o as Record<string, unknown>)[k];
  return out;
}
