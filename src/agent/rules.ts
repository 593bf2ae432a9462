/**
 * The rules an agent definition must follow, shared by `defineAgent` (TypeScript
 * definitions) and the agent-file parser (which checks them early, with positions), so
 * the two cannot drift apart.
 */
import {
  DEFAULT_FORMAT_OPTIONS,
  type AgentDefinition,
  type AgentLike,
  type AgentOptions,
  type FormatOptions,
  type OutputMode,
  type ReferenceLevel,
  type Transport,
} from "./types.js";

/** The name of an agent defined without one (messages call it "the agent"). */
export const DEFAULT_AGENT_NAME = "agent";

/** How messages name an agent: `agent search`, or `the agent` when it was given no name. */
export function agentLabel(name: string): string {
  return name === DEFAULT_AGENT_NAME ? "the agent" : `agent ${name}`;
}

/**
 * An agent as `defineAgent` (or an agent file) makes it, by its shape: checked where
 * JavaScript callers (and casts) can pass anything — chain, asTool, a definition's tools.
 */
export function isAgentLike(x: unknown): x is AgentLike<unknown, unknown> {
  const def = typeof x === "object" && x !== null ? (x as { definition?: unknown }).definition : undefined;
  return typeof def === "object" && def !== null && typeof (def as { signature?: unknown }).signature === "object";
}

/** Every key `defineAgent` takes. */
export const AGENT_OPTION_KEYS = [
  "name",
  "prompt",
  "signature",
  "description",
  "tools",
  "fieldDescriptions",
  "maxTurns",
  "maxDepth",
  "formatOptions",
  "llm",
  "llmRegistry",
  "turnTimeoutMs",
  "missionTimeoutMs",
  "outputMode",
  "signatureValidation",
  "limits",
  "reference",
  "transport",
  "compaction",
  "tokenLimit",
  "onBudgetExceeded",
  "budget",
  "turnBudget",
  "retryTurns",
  "completion",
  "memoryLimit",
  "memoryStrategy",
  "maxToolCalls",
  "toolConcurrency",
  "llmRetry",
  "llmQuery",
  "builtinTools",
] as const satisfies readonly (keyof AgentOptions)[];

/** The turn budget of a top-level run that names none: its turns and its children's together. */
export const DEFAULT_TURN_BUDGET = 20;

export const COMPACTION_STRATEGIES = ["trim", "summary"] as const;
export const COMPACTION_KEYS = ["strategy", "triggerTokens", "triggerTurns", "keepRecentTurns"] as const;
export const DEFAULT_COMPACTION = {
  strategy: "trim",
  triggerTokens: 24_000,
  triggerTurns: null,
  keepRecentTurns: 3,
} as const;
export const BUDGET_ACTIONS = ["fail", "return_partial"] as const;
export const COMPLETIONS = ["auto", "explicit"] as const;
export const MEMORY_STRATEGIES = ["strict", "rollback"] as const;

/**
 * The compaction option resolved (`true`: the defaults), or the problems of one that is
 * wrong: each as [the key's path, the problem]. Shared by defineAgent and agent files.
 */
export function resolveCompaction(given: unknown): {
  readonly value?: NonNullable<AgentDefinition["compaction"]>;
  readonly problems: readonly (readonly [string, string])[];
} {
  if (given === undefined || given === false) return { problems: [] };
  if (given === true) return { value: { ...DEFAULT_COMPACTION }, problems: [] };
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return { problems: [["compaction", "must be true, false or an object of compaction options"]] };
  }
  const problems: [string, string][] = [];
  const o = given as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!(COMPACTION_KEYS as readonly string[]).includes(k)) {
      problems.push([`compaction.${k}`, `is not a compaction option (they are ${COMPACTION_KEYS.join(", ")})`]);
    }
  }
  const strategy = o["strategy"] ?? DEFAULT_COMPACTION.strategy;
  if (!(COMPACTION_STRATEGIES as readonly unknown[]).includes(strategy)) {
    problems.push(["compaction.strategy", `must be one of ${COMPACTION_STRATEGIES.join(", ")}`]);
  }
  const int = (k: string, min: number, dflt: number | null): number | null => {
    const v = o[k];
    if (v === undefined || v === null) return dflt;
    const p = integerProblem(v, min);
    if (p !== null) problems.push([`compaction.${k}`, p]);
    return p === null ? (v as number) : dflt;
  };
  const value = {
    strategy: strategy as "trim" | "summary",
    triggerTokens: int("triggerTokens", 1000, DEFAULT_COMPACTION.triggerTokens) ?? DEFAULT_COMPACTION.triggerTokens,
    triggerTurns: int("triggerTurns", 2, null),
    keepRecentTurns:
      int("keepRecentTurns", 1, DEFAULT_COMPACTION.keepRecentTurns) ?? DEFAULT_COMPACTION.keepRecentTurns,
  };
  return problems.length > 0 ? { problems } : { value, problems };
}

/** Tool names: what can follow `tool/` in a program. */
export const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]*[?!]?$/;

export const OUTPUT_MODES: readonly OutputMode[] = ["lisp", "text"];

export const REFERENCE_LEVELS: readonly ReferenceLevel[] = ["compact", "full", "none"];

export const TRANSPORTS: readonly Transport[] = ["code_block", "tool_call"];

export const FORMAT_OPTION_KEYS = Object.keys(DEFAULT_FORMAT_OPTIONS) as readonly (keyof FormatOptions)[];

/** The longest delay Node's timers keep (about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * What is wrong with an integer option, or null when it is fine: said as it is — not a
 * number, not whole, too small, too large (`turnTimeoutMs: 1e20` is too large, not "less
 * than 1").
 */
export function integerProblem(v: unknown, min: number, max: number = Number.MAX_SAFE_INTEGER): string | null {
  if (typeof v === "number" && v > max) return `must be at most ${max}`;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) return `must be an integer of at least ${min}`;
  return null;
}
