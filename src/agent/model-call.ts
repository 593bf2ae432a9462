/**
 * Which child definitions are one model call (llm-tool.ts makes them): the loop runs those
 * apart from other agent tools (their turns are not the parent's, they run at any depth).
 * Kept apart from llm-tool.ts so that the loop imports nothing that imports it back.
 */
import { renderType } from "../signature/render.js";
import type { AgentDefinition, Step } from "./types.js";

const MODEL_CALLS = new WeakSet<AgentDefinition>();

/** Mark a definition as one model call. */
export function markModelCall(def: AgentDefinition): void {
  MODEL_CALLS.add(def);
}

/** Whether a child definition is one model call (made by llmTool or tool/llm-query). */
export function isModelCall(def: AgentDefinition): boolean {
  return MODEL_CALLS.has(def);
}

/**
 * Why a model call failed, for the program that made it: an answer that still did not match
 * after its repair is said so (with the answer), other failures (the model unreachable, the
 * budget) by their reason.
 */
export function modelCallFailure(step: Step): string {
  const failure = step.failure;
  if (failure === undefined) return "failed";
  const last = step.turns.at(-1);
  if (failure.kind === "max_turns" && last !== undefined) {
    const answer = last.result !== undefined ? `; its last answer: ${last.result}` : "";
    const why =
      last.outcome === "invalid" ? `does not match ${renderType(step.signature.output)}` : "is not valid JSON";
    return `the model's answer ${why}, even after one repair${answer}`;
  }
  return `the model call failed: ${failure.reason}`;
}
