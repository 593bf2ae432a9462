/**
 * Type tests of `llmTool` and the agent options of models inside programs: a literal
 * signature types the tool as `defineTool` types a tool; misuses stay type errors. Nothing
 * here runs (typecheck compiles it).
 */
import { defineAgent, llmTool, type AgentTool } from "ptcc";

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

const classify = llmTool({
  prompt: "Label this ticket: {{text}}",
  signature: "(text :string, hint :string?) -> {label :string, score :float}",
  description: "Labels one ticket.",
});
export type L1 = Expect<
  Equal<
    typeof classify,
    AgentTool<{ text: string; hint?: string | null | undefined }, { label: string; score: number }>
  >
>;
const asPlain: AgentTool<{ text: string }, { label: string; score: number }> = classify;

// @ts-expect-error a malformed literal signature is a type error
llmTool({ prompt: "x {{a}}", signature: "(a :strin) -> :string", description: "d" });
// @ts-expect-error the description is required
llmTool({ prompt: "x {{a}}", signature: "(a :string) -> :string" });
// @ts-expect-error the prompt is required
llmTool({ signature: "(a :string) -> :string", description: "d" });

defineAgent({ prompt: "x", tools: { classify }, llmQuery: true, builtinTools: ["grep"] });
defineAgent({ prompt: "x", llmQuery: { maxCalls: 10, llm: "small" } });
// @ts-expect-error maxCalls is a number
defineAgent({ prompt: "x", llmQuery: { maxCalls: "10" } });
// @ts-expect-error only the builtin tools ptcc has
defineAgent({ prompt: "x", builtinTools: ["grepp"] });

export const used = [asPlain];
