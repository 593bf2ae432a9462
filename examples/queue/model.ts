/**
 * What the queue examples share: the quarter's expenses (examples/data/expenses.json) and a
 * stand-in for a real model, which answers as the recorded script of the expenses agent
 * does (examples/scripts/expenses.json). In production, pass a real one:
 * `openAiLlm({ model: "gpt-4o-mini" })` or `createLlm("openai:gpt-4o-mini")`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withLlmInfo, type Llm } from "ptcc";

const here = import.meta.dirname;

/** The expense reports of the quarter. */
export const expenses = (
  JSON.parse(readFileSync(join(here, "..", "data", "expenses.json"), "utf8")) as {
    expenses: { id: number; category: string; amount: number }[];
  }
).expenses;

const [reply] = JSON.parse(readFileSync(join(here, "..", "scripts", "expenses.json"), "utf8")) as string[];

/** The stand-in model, labelled `example:scripted`: its provider key for `providers` limits. */
export const model: Llm = withLlmInfo(async () => reply!, { provider: "example", model: "scripted" });
