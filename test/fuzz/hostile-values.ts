/**
 * Hostile values for fuzzing: the kinds of value a wrong or manipulated program makes —
 * edge numbers, long strings and strings with control characters, empty, large, lazy,
 * infinite, deeply nested and shared (DAG-shaped) collections, functions that fail,
 * regexes with counted repeats, names of Object.prototype's properties.
 */
import { Session } from "../../src/evaluator/session.js";
import type { Limits } from "../../src/runtime/limits.js";
import type { Value } from "../../src/runtime/values.js";
import { PVector } from "../../src/runtime/vector.js";

/** Small limits: a builtin that slips past them shows at once, and nothing runs long. */
export const FUZZ_LIMITS: Limits = Object.freeze({
  timeoutMs: 1000,
  maxSteps: 200_000,
  maxCollection: 200,
  maxString: 2_000,
  maxDepth: 200,
  maxOutput: 4_000,
  maxSource: 100_000,
});

/**
 * The pool, as PTC-Lisp source: each item is an expression. Long strings and collections
 * stay just under FUZZ_LIMITS, so that combining two of them crosses the limits.
 */
export const HOSTILE_EXPRESSIONS: readonly string[] = [
  "nil",
  "true",
  "false",
  "0",
  "-1",
  "1",
  "3",
  "-0.0",
  "2.5",
  "1e300",
  "##NaN",
  "##Inf",
  "##-Inf",
  "9007199254740991",
  "-9007199254740991",
  "2147483648",
  "100000000",
  '""',
  '"abc"',
  '"a,b;c d"',
  '(apply str (repeat 1900 "x"))',
  '"ß ﬃ ǰ"',
  '"\\u001b]0;title\\u0007\\u001b[2J\\r\\b"',
  '"%s %d %-1000000s"',
  '"%-2000000000s|%02000000000d|%.2000000000f"',
  '"\\\\p{constructor}"',
  '"\\\\p{__proto__}"',
  '"(a{1000}){1000}"',
  '"a{10000}b"',
  '"toString"',
  "2000000000",
  '"constructor"',
  '"__proto__"',
  ":k",
  ":constructor",
  ":__proto__",
  ":toString",
  "'sym",
  "'__proto__/map",
  "\\a",
  "\\newline",
  "[]",
  "[1 2 3]",
  "[:a 1]",
  "(vec (range 150))",
  '(vec (repeat 150 "yyyyyyyyyy"))',
  "'(1 2)",
  "'()",
  "{}",
  '{:a 1, "b" [2], :c {:d nil}}',
  "{-0.0 1, 1.0 2}",
  "(zipmap (range 150) (range 150))",
  "#{}",
  '#{1 :a "s"}',
  "(range)",
  "(range 10)",
  "(range 0 1 0.1)",
  "(map inc (range))",
  "(iterate inc 0)",
  "(repeat 7)",
  "(lazy-seq nil)",
  "(cycle [1 2])",
  "(reduce (fn [a _] [a a]) [] (range 30))",
  "(reduce (fn [m i] (assoc m i m)) {} (range 20))",
  "(reduce (fn [a _] [a]) [] (range 3000))",
  "(reduce (fn [a _] (list a)) () (range 3000))",
  "(reduce (fn [a _] {:x a}) {} (range 3000))",
  "identity",
  "+",
  "str",
  "vector",
  "(fn [& xs] xs)",
  "(fn [& _] (/ 1 0))",
  "(fn [& _] (range))",
  "(fn [& _] nil)",
  "(fn [a] a)",
  "(constantly true)",
  "#(compare %2 %1)",
  '#"a+"',
  '#"(a|aa)*b"',
  '#"(a{10}){10}"',
  '#"\\\\d+"',
  '#""',
  "(java.time.LocalDate/of 2024 1 31)",
];

/**
 * The pool as values: a session evaluates the expressions once (def'd, so lazy and
 * infinite seqs stay unrealized) and hands back the values with their source.
 */
export function hostilePool(): { readonly values: readonly Value[]; readonly sources: readonly string[] } {
  const s = new Session({ limits: { ...FUZZ_LIMITS, maxSteps: 5_000_000, maxCollection: 10_000, timeoutMs: 10_000 } });
  const r = s.evaluateSync(`(def pool [${HOSTILE_EXPRESSIONS.join("\n")}])`);
  if (!r.ok) throw new Error(`the hostile pool does not evaluate: ${r.error.format()}`);
  const pool = s.namespace.get("pool")?.value;
  if (!(pool instanceof PVector)) throw new Error("the hostile pool is not a vector");
  return { values: pool.items(), sources: HOSTILE_EXPRESSIONS };
}

/** A small deterministic PRNG (mulberry32), so that a sample can be named by its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
