import { table } from "./table.js";

/**
 * Hard limits of one evaluation. Programs are written by an LLM and run on the host's
 * process, so every one of these is enforced inside the evaluator and inside builtins.
 */
export interface Limits {
  /** Wall-clock limit of one evaluation in milliseconds, including time spent in tools. */
  readonly timeoutMs: number;
  /** Evaluation steps: function calls, loop iterations and work units inside builtins. */
  readonly maxSteps: number;
  /** Largest collection a program may build or realize (items). */
  readonly maxCollection: number;
  /** Longest string a program may build (UTF-16 code units). */
  readonly maxString: number;
  /** Deepest nesting of function calls. */
  readonly maxDepth: number;
  /** Most `println` output a program may produce, in characters. */
  readonly maxOutput: number;
  /** Longest program text accepted, in characters. */
  readonly maxSource: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  timeoutMs: 5_000,
  maxSteps: 20_000_000,
  maxCollection: 1_000_000,
  maxString: 10_000_000,
  maxDepth: 1_000,
  maxOutput: 1_000_000,
  maxSource: 1_000_000,
});

/** `--unlimited`: every limit lifted but the timeout (for trusted code and benchmarks). */
export function unlimited(timeoutMs: number = DEFAULT_LIMITS.timeoutMs): Limits {
  return Object.freeze({
    timeoutMs,
    maxSteps: Infinity,
    maxCollection: Infinity,
    maxString: Infinity,
    maxDepth: 10_000,
    maxOutput: Infinity,
    maxSource: Infinity,
  });
}

export function resolveLimits(partial: Partial<Limits> | undefined): Limits {
  return Object.freeze({ ...DEFAULT_LIMITS, ...(partial ?? {}) });
}

/** The smallest value each limit may have. */
const LIMIT_MIN: Readonly<Record<string, number>> = table<number>({
  timeoutMs: 1,
  maxSteps: 1,
  maxCollection: 0,
  maxString: 0,
  maxDepth: 1,
  maxOutput: 0,
  maxSource: 0,
});

/**
 * What is wrong with limits a caller gave, or null: an unknown name, a value that is not
 * a number, or one below the limit's minimum (Infinity lifts a limit).
 */
export function limitsProblem(given: unknown): string | null {
  if (given === undefined) return null;
  if (typeof given !== "object" || given === null || Array.isArray(given)) return "limits must be an object";
  for (const [k, v] of Object.entries(given)) {
    const min = LIMIT_MIN[k];
    if (min === undefined) return `unknown limit ${k} (the limits are ${Object.keys(LIMIT_MIN).join(", ")})`;
    if (v === undefined) continue;
    if (typeof v !== "number" || Number.isNaN(v))
      return `limit ${k} must be a number, got ${typeof v === "number" ? "NaN" : typeof v}`;
    if (v < min) return `limit ${k} must be at least ${min}, got ${v}`;
  }
  return null;
}
