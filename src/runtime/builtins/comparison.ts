/** Equality, ordering and logic: = not= == < > <= >= compare not identity. */
import type { Cx } from "../context.js";
import { compareValues } from "../compare.js";
import { equiv } from "../equality.js";
import { numCompare, numEquals } from "../numbers.js";
import type { Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

function chain(cx: Cx, args: Value[], test: (cx: Cx, a: Value, b: Value) => boolean): boolean {
  for (let i = 0; i + 1 < args.length; i++) if (!test(cx, args[i]!, args[i + 1]!)) return false;
  return true;
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
    f1: (_cx, a) => {
      numCompare(name, a, a);
      return true;
    },
    // Two plain numbers (the common case) compare directly.
    f2: (cx, a, b) => (typeof a === "number" && typeof b === "number" ? fast(a, b) : test(cx, a, b)),
    fn: (cx, args) => {
      if (args.length === 1) numCompare(name, args[0]!, args[0]!);
      return chain(cx, args, test);
    },
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
    f1: (_cx, a) => numEquals(a, a) || true,
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
    doc: "-1, 0 or 1 as x is less than, equal to or greater than y; works across numbers, strings, keywords, vectors and nil.",
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
];
