/**
 * Every builtin of the registry over hostile arguments: each call must give a value
 * within the limits or a typed error that is not `internal`, end within its deadline,
 * and leave Object.prototype as it was. Used by the suite (a sample) and by `npm run fuzz`
 * (many more combinations).
 */
import { PtcError } from "../../src/diagnostics/error.js";
import { EvalContext } from "../../src/evaluator/eval-context.js";
import { toPtcError } from "../../src/evaluator/evaluate.js";
import { Txn, UserNamespace } from "../../src/evaluator/namespace.js";
import { PREEMPT_GRACE_MS, preemptible } from "../../src/evaluator/preempt.js";
import { REGISTRY } from "../../src/runtime/builtins/index.js";
import type { BuiltinDef } from "../../src/runtime/builtins/registry.js";
import { realizeKey } from "../../src/runtime/equality.js";
import type { Limits } from "../../src/runtime/limits.js";
import { PMap } from "../../src/runtime/map.js";
import { prStr } from "../../src/runtime/printer.js";
import { ArraySeq, ASeq, LazySeq, PList } from "../../src/runtime/seq.js";
import { PSet } from "../../src/runtime/set.js";
import type { Value } from "../../src/runtime/values.js";
import { PVector } from "../../src/runtime/vector.js";
import { FUZZ_LIMITS, hostilePool, prng } from "./hostile-values.js";

export type Outcome = "ok" | "error" | "internal" | "hang" | "over-limit" | "crash" | "prototype";

export interface Finding {
  readonly outcome: Outcome;
  readonly call: string;
  readonly detail: string;
}

export interface SweepStats {
  calls: number;
  readonly counts: Record<Outcome, number>;
  readonly findings: Finding[];
}

/** How much of the argument space to cover. */
export interface SweepOptions {
  readonly seed: number;
  /** Random argument tuples per builtin and arity. */
  readonly perArity: number;
  /** Also call every one-argument builtin with every pool value (default true). */
  readonly everyUnary?: boolean;
  /** Only these builtins (qualified or bare names); all when absent. */
  readonly only?: readonly string[];
  readonly limits?: Limits;
  /** Most findings kept (the counts go on). */
  readonly maxFindings?: number;
}

/** What Object.prototype holds, to tell whether a call changed it. */
export function prototypeSnapshot(): string {
  const o = Object.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(o)
    .map((k) => `${k}:${typeof o[k]}`)
    .sort()
    .join(",");
}

/** The first place a value breaks the limits, or null. Walks each shared part once. */
export function overLimit(v: Value, limits: Limits): string | null {
  const seen = new Set<object>();
  const stack: Value[] = [v];
  let steps = 0;
  while (stack.length > 0 && steps++ < 100_000) {
    const x = stack.pop()!;
    if (typeof x === "string") {
      if (x.length > limits.maxString) return `a string of ${x.length} characters`;
      continue;
    }
    if (typeof x !== "object" || x === null || seen.has(x)) continue;
    seen.add(x);
    if (x instanceof PVector) {
      if (x.count > limits.maxCollection) return `a vector of ${x.count} items`;
      for (let i = 0; i < x.count; i++) stack.push(x.arr[i] as Value);
    } else if (x instanceof PMap) {
      if (x.count > limits.maxCollection) return `a map of ${x.count} entries`;
      x.forEach((k, val) => void stack.push(k, val));
    } else if (x instanceof PSet) {
      if (x.count > limits.maxCollection) return `a set of ${x.count} items`;
      x.forEach((k) => void stack.push(k));
    } else if (x instanceof PList) {
      if (x.count > limits.maxCollection) return `a list of ${x.count} items`;
      for (let l: PList | null = x; l !== null; l = l.tail) stack.push(l.first());
    } else if (x instanceof ArraySeq && x.more === null) {
      if (x.end - x.i > limits.maxCollection) return `a seq of ${x.end - x.i} items`;
      for (let i = x.i; i < x.end; i++) stack.push(x.arr[i] as Value);
    } else if (x instanceof ASeq || x instanceof LazySeq) {
      // Realized by realizeKey before this walk; long chains are checked by their count.
    }
  }
  return null;
}

function callText(def: BuiltinDef, sources: readonly string[]): string {
  return `(${def.qualified} ${sources.join(" ")})`;
}

/**
 * Call `def` with `args` under the limits, as an evaluation would (the call, then the
 * result realized and printed), and say how it went.
 */
export function probeCall(def: BuiltinDef, args: Value[], limits: Limits): { outcome: Outcome; detail: string } {
  const t0 = performance.now();
  const cx = new EvalContext(limits, t0, null, [], new Txn(new UserNamespace()), new Map());
  const before = prototypeSnapshot();
  let outcome: Outcome = "ok";
  let detail = "";
  try {
    preemptible(
      () => {
        try {
          const r = realizeKey(cx, def.value.invoke(cx, args.slice()));
          prStr(cx, r);
          const over = overLimit(r, limits);
          if (over !== null) {
            outcome = "over-limit";
            detail = over;
          }
        } catch (e) {
          const err = toPtcError(e);
          outcome = err.kind === "internal" ? "internal" : "error";
          detail = `${err.kind}: ${err.message}`;
          if (err.kind === "internal" && e instanceof Error && e.stack !== undefined) detail += `\n${e.stack}`;
        }
      },
      { ms: limits.timeoutMs + PREEMPT_GRACE_MS },
    );
  } catch (e) {
    if (e instanceof PtcError && e.kind === "timeout") {
      outcome = "error";
      detail = "stopped by the watchdog";
    } else {
      outcome = "crash";
      detail = String(e);
    }
  }
  const ms = performance.now() - t0;
  if (ms > limits.timeoutMs + 100) {
    outcome = "hang";
    detail = `${Math.round(ms)} ms (${detail})`;
  }
  if (prototypeSnapshot() !== before) {
    outcome = "prototype";
    detail = "Object.prototype changed";
  }
  return { outcome, detail };
}

/** Run the sweep; returns what it found. */
export function sweepBuiltins(opts: SweepOptions): SweepStats {
  const limits = opts.limits ?? FUZZ_LIMITS;
  const { values, sources } = hostilePool();
  const rnd = prng(opts.seed);
  const stats: SweepStats = {
    calls: 0,
    counts: { ok: 0, error: 0, internal: 0, hang: 0, "over-limit": 0, crash: 0, prototype: 0 },
    findings: [],
  };
  const only = opts.only === undefined ? null : new Set(opts.only);
  for (const def of REGISTRY.all) {
    if (only !== null && !only.has(def.qualified) && !only.has(def.name)) continue;
    const maxArity = Math.min(def.maxArity, def.minArity + 3);
    for (let arity = def.minArity; arity <= maxArity; arity++) {
      const tuples: number[][] = [];
      if (arity === 0) tuples.push([]);
      else {
        if (arity === 1 && opts.everyUnary !== false) for (let i = 0; i < values.length; i++) tuples.push([i]);
        for (let k = 0; k < opts.perArity; k++)
          tuples.push(Array.from({ length: arity }, () => Math.floor(rnd() * values.length)));
      }
      for (const t of tuples) {
        const r = probeCall(
          def,
          t.map((i) => values[i]!),
          limits,
        );
        stats.calls++;
        stats.counts[r.outcome]++;
        if (r.outcome !== "ok" && r.outcome !== "error" && stats.findings.length < (opts.maxFindings ?? 200)) {
          stats.findings.push({
            outcome: r.outcome,
            call: callText(
              def,
              t.map((i) => sources[i]!),
            ),
            detail: r.detail,
          });
        }
      }
    }
  }
  return stats;
}
