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
