/**
 * Running a program in both compilation tiers and comparing everything observable: the
 * printed value or the error (kind, message, position, hint), printed output, warnings
 * and the steps spent (so fuel is spent at the same points).
 */
import { evaluateSync, read, REGISTRY, type SessionOptions, type Tier } from "../../src/index.js";
import { Analyzer } from "../../src/analyzer/analyzer.js";
import type { Node } from "../../src/analyzer/node.js";
import { Txn, UserNamespace } from "../../src/evaluator/namespace.js";

export interface Outcome {
  readonly result: string;
  readonly output: readonly string[];
  readonly warnings: readonly string[];
  readonly steps: number;
}

export function outcome(source: string, tier: Tier, options: SessionOptions = {}): Outcome {
  const r = evaluateSync(source, { limits: { maxSteps: 200_000 }, ...options, tier });
  return {
    result: r.ok ? `${r.returned ? "returned " : ""}${r.printed}` : `${r.error.kind}: ${r.error.format()}`,
    output: r.output,
    warnings: r.warnings.map((w) => w.message),
    steps: r.steps,
  };
}

/**
 * A program's outcomes compiled three ways: generated at once, as closures, and as
 * closures handed to generated code as soon as they are hot (`hot` calls or iterations:
 * 1 switches at the first back edge and the second call, where the state is richest).
 */
export function bothTiers(
  source: string,
  options: SessionOptions = {},
  hot = 1,
): { generated: Outcome; closures: Outcome; tieredUp: Outcome } {
  return {
    generated: outcome(source, "generated", options),
    closures: outcome(source, "closures", options),
    tieredUp: outcome(source, "auto", { ...options, tierUp: { calls: hot, iterations: hot } }),
  };
}

/**
 * The analyzed top-level forms of a program (with `def`s interned as an evaluation
 * would), or null when it does not read or analyze.
 */
export function analyzed(source: string): Node[] | null {
  const ns = new UserNamespace();
  const txn = new Txn(ns);
  const ax = new Analyzer({
    registry: REGISTRY,
    lookupVar: (n) => ns.get(n),
    internVar: (n) => txn.intern(n),
    tools: null,
    dataKeys: null,
    warn() {},
  });
  try {
    return read(source).forms.map((f) => ax.topLevel(f).node);
  } catch {
    return null;
  }
}
