/**
 * An agent on an AI SDK model object: `openai("gpt-4o-mini")` of `@ai-sdk/openai` is an
 * `llm` like ptcc's own adapters (any provider package's model object is).
 * Run with `OPENAI_API_KEY=... npx tsx examples/ai-sdk.ts`; the test suite runs it against
 * a local stand-in for the OpenAI API.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { defineAgent, type Step } from "../src/index.js";

export async function main(openai = createOpenAI()): Promise<Step> {
  const agent = defineAgent({
    name: "stats",
    prompt: "Give the mean and the largest of the numbers {{xs}}.",
    signature: "(xs [:float]) -> {mean :float, max :float}",
    llm: openai("gpt-4o-mini"),
    maxTurns: 3,
  });
  return agent.run({ xs: [3, 1.5, 9, 4] });
}

if (process.argv[1]?.endsWith("ai-sdk.ts")) {
  const step = await main();
  console.log(step.ok ? step.return : step.fail, step.usage);
}
