/** A durable run with a tool, a pmap and a child agent, for reading its journal in the trace view. */
import { asTool, defineAgent } from "../../src/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { clj } from "../agent/helpers.js";

export { asTool };

const REPLIES: Readonly<Record<string, readonly string[]>> = {
  boss: [
    clj("(def rows (pmap #(tool/lookup {:id %}) [1 2]))"),
    clj('(def s (tool/helper {:text (clojure.string/join "," (map :name rows))}))'),
    clj("(return (:text s))"),
  ],
  helper: [clj("(return {:text (clojure.string/upper-case data/text)})")],
};

export function scenarioBoss() {
  const helper = defineAgent({
    name: "helper",
    prompt: "Shout {{text}}",
    signature: "(text :string) -> {text :string}",
    description: "Shouts",
  });
  return defineAgent({
    name: "boss",
    prompt: "Collect",
    signature: ":string",
    tools: {
      lookup: { signature: "(id :int) -> {id :int, name :string}", fn: async ({ id }: { id: number }) => ({ id, name: `n${id}` }) },
      helper: asTool(helper),
    },
  });
}

scenarioBoss.llm = async (r: LlmRequest): Promise<string> => REPLIES[r.agent]![r.turn - 1]!;
