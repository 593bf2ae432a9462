/** Choosing the model of agents run from the command line (`--llm`). */
import { reachableDefinitions } from "../agent/reachable.js";
import type { AgentDefinition } from "../agent/types.js";
import type { Llm, LlmRegistry } from "../llm/types.js";

/**
 * The model names the agent and its child agents give (`model` in their files), each
 * mapped to the --llm model: a model chosen on the command line wins over the files, so
 * a script can replay a run of agents that name real models.
 */
export function overrideModels(def: AgentDefinition, llm: Llm): LlmRegistry {
  const out: Record<string, Llm> = {};
  for (const d of reachableDefinitions(def)) if (typeof d.llm === "string") out[d.llm] = llm;
  return out;
}
