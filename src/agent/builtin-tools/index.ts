/**
 * Tools ptcc ships, opted into per agent (`builtinTools: ["grep"]`). Each name enables a
 * family of host tools, registered beside the agent's own and called like them.
 */
import type { Limits } from "../../runtime/limits.js";
import type { ToolDefinition } from "../types.js";
import { grepTools } from "./grep.js";

/** The names `builtinTools` takes. */
export const BUILTIN_TOOLS = ["grep"] as const;
export type BuiltinTool = (typeof BUILTIN_TOOLS)[number];

/** The tool names each builtin enables (what they may not clash with). */
export const BUILTIN_TOOL_NAMES: Readonly<Record<BuiltinTool, readonly string[]>> = { grep: ["grep", "grep-n"] };

/** The host tools of the enabled builtins, by tool name. */
export function builtinToolDefinitions(
  enabled: readonly BuiltinTool[] | undefined,
  limits: Partial<Limits>,
  msLeft?: () => number,
): Record<string, ToolDefinition> {
  const out: Record<string, ToolDefinition> = {};
  for (const b of enabled ?? []) {
    if (b === "grep") Object.assign(out, grepTools(limits, msLeft));
  }
  return out;
}
