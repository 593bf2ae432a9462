/** The definitions a run of an agent can reach: its own, and those of the agents it uses as tools, at any depth. */
import { SELF, type AgentDefinition } from "./types.js";

/** `def` and every agent definition its tools reach (each once, `self` being `def` itself). */
export function reachableDefinitions(def: AgentDefinition): AgentDefinition[] {
  const seen = new Set<AgentDefinition>();
  const visit = (d: AgentDefinition): void => {
    if (seen.has(d)) return;
    seen.add(d);
    for (const spec of Object.values(d.tools)) {
      if (spec !== SELF && typeof spec === "object" && "kind" in spec) visit(spec.agent.definition);
    }
  };
  visit(def);
  return [...seen];
}
