/**
 * The rules an agent definition must follow, shared by `defineAgent` (TypeScript
 * definitions) and the agent-file parser (which checks them early, with positions), so
 * the two cannot drift apart.
 */
import {
  DEFAULT_FORMAT_OPTIONS,
  type FormatOptions,
  type OutputMode,
  type ReferenceLevel,
  type Transport,
} from "./types.js";

/** Tool names: what can follow `tool/` in a program. */
export const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]*[?!]?$/;

export const OUTPUT_MODES: readonly OutputMode[] = ["lisp", "text"];

export const REFERENCE_LEVELS: readonly ReferenceLevel[] = ["compact", "full", "none"];

export const TRANSPORTS: readonly Transport[] = ["code_block", "tool_call"];

export const FORMAT_OPTION_KEYS = Object.keys(DEFAULT_FORMAT_OPTIONS) as readonly (keyof FormatOptions)[];

/** The longest delay Node's timers keep (about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;
