/** Choosing the model of agents run from the command line (`--llm`). */
import { SELF, type AgentDefinition } from "../agent/types.js";
import type { Llm, LlmRegistry } from "../llm/types.js";

/**
 * The model names the agent and its child agents give (`model` in their files), each
 * mapped to the --llm model: a model chosen on the command line wins over the files, so
 * a script can replay a run of agents that name real models.
 */
export function overrideModels(def: AgentDefinition, llm: Llm): LlmRegistry {
  const out: Record<string, Llm> = {};
  const seen = new Set<AgentDefinition>();
  const visit = (d: AgentDefinition): void => {
    if (seen.has(d)) return;
    seen.add(d);
    if (typeof d.llm === "string") out[d.llm] = llm;
    for (const spec of Object.values(d.tools)) {
      if (spec !== SELF && typeof spec === "object" && "kind" in spec) visit(spec.agent.definition);
    }
  };
  visit(def);
  return out;
}
