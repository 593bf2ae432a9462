/**
 * The scripted run of the event stream tests: a 3-turn agent with a tool (one firewalled
 * field) and a child agent, and a model that streams its replies in pieces.
 */
import { asTool, defineAgent } from "../../src/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { clj } from "./helpers.js";

export const REPLIES: Readonly<Record<string, readonly string[]>> = {
  main: [
    clj('(def c (tool/customer {:id 7}))\n(println "name" (:name c))'),
    clj("(def s (tool/summarize {:text (:name c)}))"),
    clj("(return {:short (:text s)})"),
  ],
  summarize: [clj("(return {:text (subs data/text 0 3)})")],
};

/** A model whose replies stream in pieces of `size` characters, by agent and turn; `delayMs` between pieces. */
export function streaming(replies: Readonly<Record<string, readonly string[]>> = REPLIES, size = 8, delayMs = 0) {
  return async function* (r: LlmRequest): AsyncGenerator<string> {
    const text = replies[r.agent]![r.turn - 1]!;
    for (let i = 0; i < text.length; i += size) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      yield text.slice(i, i + size);
    }
  };
}

export function agents() {
  const summarize = defineAgent({
    name: "summarize",
    prompt: "Shorten {{text}}",
    signature: "(text :string) -> {text :string}",
    description: "Shortens a text",
    maxTurns: 2,
  });
  return defineAgent({
    name: "main",
    prompt: "Summarize the customer",
    signature: "() -> {short :string}",
    tools: {
      customer: {
        signature: "(id :int) -> {id :int, name :string, _email :string}",
        fn: async ({ id }: { id: number }) => ({ id, name: "Ann Example", _email: "ann@x.test" }),
      },
      summarize: asTool(summarize),
    },
    maxTurns: 4,
  });
}
