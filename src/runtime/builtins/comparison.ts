/**
 * Equality, ordering and logic: = not= == < > <= >= compare not identity identical? hash
 * boolean distinct? max-key min-key.
 */
import { call1 } from "../call.js";
import type { Cx } from "../context.js";
import { compareValues } from "../compare.js";
import { equiv, hasheq, realizeKey } from "../equality.js";
import { typeError } from "../errors.js";
import { numCompare, numEquals } from "../numbers.js";
import { SetBuilder } from "../set.js";
import { PtcFloat, type Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

function chain(cx: Cx, args: Value[], test: (cx: Cx, a: Value, b: Value) => boolean): boolean {
  for (let i = 0; i + 1 < args.length; i++) if (!test(cx, args[i]!, args[i + 1]!)) return false;
  return true;
}

/** All different under `=` (pairwise for a few values, through a set for more). */
function distinct(cx: Cx, args: readonly Value[]): boolean {
  const n = args.length;
  cx.charge(n);
  if (n <= 8) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (equiv(cx, args[i]!, args[j]!)) return false;
    return true;
  }
  const seen = new SetBuilder();
  for (const x of args) {
    const k = realizeKey(cx, x);
    if (seen.has(k)) return false;
    seen.add(k);
  }
  return true;
}

/** The number `(k x)` gives, for max-key and min-key. */
function keyNum(cx: Cx, fn: string, k: Value, x: Value): number {
  const v = call1(cx, k, x);
  if (typeof v === "number") return v;
  if (v instanceof PtcFloat) return v.value;
  throw typeError(
    fn,
    "a key function that returns numbers",
    v,
    `(k x) must be a number for every x; use sort-by to order by other keys`,
  );
}

/**
 * Clojure's max-key/min-key: `(k x)` is computed once per item; on a tie the later item
 * wins (`(max-key count "ab" "cd")` is "cd"), and with one item k is not called.
 */
function extremeKey(cx: Cx, fn: string, k: Value, xs: readonly Value[], greater: boolean): Value {
  let best = xs[0]!;
  if (xs.length === 1) return best;
  cx.charge(xs.length);
  let bv = keyNum(cx, fn, k, best);
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    const v = keyNum(cx, fn, k, x);
    // Two items: (if (> (k x) (k y)) x y); more: a later item wins when (>= kw kv).
    const keep = i === 1 ? (greater ? bv > v : bv < v) : greater ? !(v >= bv) : !(v <= bv);
    if (!keep) {
      best = x;
      bv = v;
    }
  }
  return best;
}

function ordering(
  name: string,
  ok: (d: number) => boolean,
  fast: (a: number, b: number) => boolean,
  doc: string,
  example: string,
  result: string,
): BuiltinSpec {
  const test = (_cx: Cx, a: Value, b: Value): boolean => ok(numCompare(name, a, b));
  return {
    name,
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc,
    examples: [{ code: example, result }],
    // Clojure: ([x] true), whatever x is.
    f1: () => true,
    // Two plain numbers (the common case) compare directly.
    f2: (cx, a, b) => (typeof a === "number" && typeof b === "number" ? fast(a, b) : test(cx, a, b)),
    fn: (cx, args) => chain(cx, args, test),
  };
}

export const COMPARISON: BuiltinSpec[] = [
  {
    name: "=",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "Equality by value: collections compare by content, [1 2] equals '(1 2); 1 and 1.0 differ (use == for numbers).",
    examples: [
      { code: "(= {:a [1 2]} {:a [1 2]})", result: "true" },
      { code: "(= 1 1.0)", result: "false" },
    ],
    f1: () => true,
    f2: (cx, a, b) => equiv(cx, a, b),
    fn: (cx, args) => chain(cx, args, equiv),
  },
  {
    name: "not=",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "(not (= x y ...)).",
    examples: [{ code: "(not= 1 2)", result: "true" }],
    f1: () => false,
    f2: (cx, a, b) => !equiv(cx, a, b),
    fn: (cx, args) => !chain(cx, args, equiv),
  },
  {
    name: "==",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "Numeric equality: (== 1 1.0) is true.",
    examples: [{ code: "(== 1 1.0)", result: "true" }],
    f1: () => true,
    f2: (_cx, a, b) => numEquals(a, b),
    fn: (cx, args) => chain(cx, args, (_c, a, b) => numEquals(a, b)),
  },
  ordering(
    "<",
    (d) => d < 0,
    (a, b) => a < b,
    "True if the numbers increase strictly.",
    "(< 1 2 3)",
    "true",
  ),
  ordering(
    ">",
    (d) => d > 0,
    (a, b) => a > b,
    "True if the numbers decrease strictly.",
    "(> 3 2 2)",
    "false",
  ),
  ordering(
    "<=",
    (d) => d <= 0,
    (a, b) => a <= b,
    "True if the numbers never decrease.",
    "(<= 1 2 2)",
    "true",
  ),
  ordering(
    ">=",
    (d) => d >= 0,
    (a, b) => a >= b,
    "True if the numbers never increase.",
    "(>= 3 3 1)",
    "true",
  ),
  {
    name: "compare",
    arglists: ["[x y]"],
    doc: "Negative, zero or positive as x is less than, equal to or greater than y (nil first; numbers give -1, 0 or 1; strings, keywords and characters the difference at the first mismatch, as on the JVM; vectors by length, then item by item).",
    examples: [
      { code: '(compare "apple" "banana")', result: "-1" },
      { code: "(compare [1 2] [1 1])", result: "1" },
    ],
    f2: (cx, a, b) => compareValues(cx, a, b),
  },
  {
    name: "not",
    arglists: ["[x]"],
    doc: "true if x is nil or false, else false.",
    examples: [{ code: "(not nil)", result: "true" }],
    f1: (_cx, a) => a === null || a === false,
  },
  {
    name: "identity",
    arglists: ["[x]"],
    doc: "Its argument.",
    examples: [{ code: "(filter identity [1 nil 2 false])", result: "(1 2)" }],
    f1: (_cx, a) => a,
  },
  {
    name: "identical?",
    arglists: ["[x y]"],
    doc: "True if x and y are the same object: the same value for nil, booleans, integers, strings, keywords and characters; for collections, the very same one (equal copies are not identical).",
    examples: [
      { code: "(identical? :a :a)", result: "true" },
      { code: "(let [v [1]] (identical? v v))", result: "true" },
      { code: "(identical? [1] [1])", result: "false" },
    ],
    f2: (_cx, a, b) => a === b,
  },
  {
    name: "hash",
    arglists: ["[x]"],
    doc: "Clojure's hash code of x (hasheq): equal values have equal hashes.",
    examples: [{ code: "(= (hash [1 2]) (hash '(1 2)))", result: "true" }],
    f1: (cx, a) => hasheq(realizeKey(cx, a)),
  },
  {
    name: "boolean",
    arglists: ["[x]"],
    doc: "false for nil and false, true for anything else.",
    examples: [
      { code: "(boolean nil)", result: "false" },
      { code: "(boolean 0)", result: "true" },
    ],
    f1: (_cx, a) => a !== null && a !== false,
  },
  {
    name: "distinct?",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "True if no two of the arguments are equal (=).",
    examples: [
      { code: "(distinct? 1 2 3)", result: "true" },
      { code: "(distinct? 1 2 1)", result: "false" },
    ],
    f1: () => true,
    f2: (cx, a, b) => !equiv(cx, a, b),
    fn: (cx, args) => distinct(cx, args),
  },
  {
    name: "max-key",
    arglists: ["[k x]", "[k x y]", "[k x y & more]"],
    doc: "The x for which (k x), a number, is greatest; on a tie the last such x.",
    examples: [
      { code: '(max-key count "a" "abc" "ab")', result: '"abc"' },
      { code: "(max-key :age {:age 30} {:age 40})", result: "{:age 40}" },
    ],
    f2: (_cx, _k, x) => x,
    fn: (cx, args) => extremeKey(cx, "max-key", args[0]!, args.slice(1), true),
  },
  {
    name: "min-key",
    arglists: ["[k x]", "[k x y]", "[k x y & more]"],
    doc: "The x for which (k x), a number, is least; on a tie the last such x.",
    examples: [{ code: "(min-key :price {:price 3} {:price 1} {:price 2})", result: "{:price 1}" }],
    f2: (_cx, _k, x) => x,
    fn: (cx, args) => extremeKey(cx, "min-key", args[0]!, args.slice(1), false),
  },
];
