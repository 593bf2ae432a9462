/**
 * Which child definitions are one model call (llm-tool.ts makes them): the loop runs those
 * apart from other agent tools (their turns are not the parent's, they run at any depth).
 * Kept apart from llm-tool.ts so that the loop imports nothing that imports it back.
 */
import type { AgentDefinition } from "./types.js";

const MODEL_CALLS = new WeakSet<AgentDefinition>();

/** Mark a definition as one model call. */
export function markModelCall(def: AgentDefinition): void {
  MODEL_CALLS.add(def);
}

/** Whether a child definition is one model call (made by llmTool or tool/llm-query). */
export function isModelCall(def: AgentDefinition): boolean {
  return MODEL_CALLS.has(def);
}
