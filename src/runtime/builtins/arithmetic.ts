/** Arithmetic: + - * / inc dec quot rem mod max min abs. */
import { add, dec, div, inc, mod, mul, negate, quot, rem, sub, toNum } from "../numbers.js";
import { float, isFloat, type Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

function fold(op: (a: Value, b: Value) => Value, init: Value, args: Value[]): Value {
  let acc = init;
  for (const x of args) acc = op(acc, x);
  return acc;
}

/** Check a lone argument is a number (`(+ "a")` is an error, as in Clojure). */
function number(fn: string, a: Value): Value {
  toNum(fn, a);
  return a;
}

/**
 * Clojure's max/min: `(max x)` is x unchecked; otherwise every argument must be a number,
 * a NaN argument wins, and on a tie the later argument is kept (Numbers.max keeps x only
 * when it is strictly greater), so `(max 1 1.0)` is 1.0. Two float zeros follow Java's
 * Math.max/min (0.0 is greater than -0.0).
 */
function extreme(fn: string, args: Value[], greater: boolean): Value {
  let best = args[0]!;
  if (args.length === 1) return best;
  let bv = toNum(fn, best);
  for (let i = 1; i < args.length; i++) {
    const x = args[i]!;
    const xv = toNum(fn, x);
    if (bv !== bv) continue;
    if (xv === xv && (greater ? bv > xv : bv < xv)) continue;
    if (xv === 0 && bv === 0 && isFloat(best) && isFloat(x)) {
      // Math.max(0.0, -0.0) is 0.0; Math.min gives -0.0.
      const bNeg = Object.is(bv, -0);
      const xNeg = Object.is(xv, -0);
      if (bNeg !== xNeg && (greater ? !bNeg : bNeg)) continue;
    }
    best = x;
    bv = xv;
  }
  return best;
}

export const ARITHMETIC: BuiltinSpec[] = [
  {
    name: "+",
    arglists: ["[]", "[x]", "[x y]", "[x y & more]"],
    doc: "Sum of the numbers; integers stay integers, any float makes a float. (+) is 0.",
    examples: [
      { code: "(+ 1 2 3)", result: "6" },
      { code: "(+ 1 2.5)", result: "3.5" },
    ],
    f0: () => 0,
    f1: (_cx, a) => number("+", a),
    f2: (_cx, a, b) => add(a, b),
    fn: (_cx, args) => (args.length === 1 ? number("+", args[0]!) : fold(add, 0, args)),
  },
  {
    name: "-",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "Subtract the rest from the first; (- x) negates.",
    examples: [
      { code: "(- 10 3 2)", result: "5" },
      { code: "(- 5)", result: "-5" },
    ],
    f1: (_cx, a) => negate(a),
    f2: (_cx, a, b) => sub(a, b),
    fn: (_cx, args) => (args.length === 1 ? negate(args[0]!) : fold(sub, args[0]!, args.slice(1))),
  },
  {
    name: "*",
    arglists: ["[]", "[x]", "[x y]", "[x y & more]"],
    doc: "Product of the numbers. (*) is 1.",
    examples: [
      { code: "(* 2 3 4)", result: "24" },
      { code: "(* 1.0 2)", result: "2.0" },
    ],
    f0: () => 1,
    f1: (_cx, a) => number("*", a),
    f2: (_cx, a, b) => mul(a, b),
    fn: (_cx, args) => (args.length === 1 ? number("*", args[0]!) : fold(mul, 1, args)),
  },
  {
    name: "/",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "Divide the first by the rest. Integers that divide evenly give an integer, otherwise a float (no ratios); integer division by zero is an error.",
    examples: [
      { code: "(/ 10 2)", result: "5" },
      { code: "(/ 10 4)", result: "2.5" },
      { code: "(/ 1.0 0)", result: "##Inf" },
    ],
    f1: (_cx, a) => div(1, a),
    f2: (_cx, a, b) => div(a, b),
    fn: (_cx, args) => (args.length === 1 ? div(1, args[0]!) : fold(div, args[0]!, args.slice(1))),
  },
  {
    name: "inc",
    arglists: ["[x]"],
    doc: "x plus one.",
    examples: [{ code: "(inc 41)", result: "42" }],
    f1: (_cx, a) => inc(a),
  },
  {
    name: "dec",
    arglists: ["[x]"],
    doc: "x minus one.",
    examples: [{ code: "(dec 1.5)", result: "0.5" }],
    f1: (_cx, a) => dec(a),
  },
  {
    name: "quot",
    arglists: ["[num div]"],
    doc: "Quotient of dividing num by div, truncated toward zero.",
    examples: [{ code: "(quot -7 2)", result: "-3" }],
    f2: (_cx, a, b) => quot(a, b),
  },
  {
    name: "rem",
    arglists: ["[num div]"],
    doc: "Remainder of dividing num by div; has the sign of num.",
    examples: [{ code: "(rem -7 2)", result: "-1" }],
    f2: (_cx, a, b) => rem(a, b),
  },
  {
    name: "mod",
    arglists: ["[num div]"],
    doc: "Modulus of num and div; has the sign of div.",
    examples: [{ code: "(mod -7 2)", result: "1" }],
    f2: (_cx, a, b) => mod(a, b),
  },
  {
    name: "max",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "The greatest of the numbers (##NaN if any is NaN).",
    examples: [{ code: "(max 1 5 3)", result: "5" }],
    f2: (_cx, a, b) =>
      typeof a === "number" && typeof b === "number" && a === a && b === b
        ? a > b
          ? a
          : b
        : extreme("max", [a, b], true),
    fn: (_cx, args) => extreme("max", args, true),
  },
  {
    name: "min",
    arglists: ["[x]", "[x y]", "[x y & more]"],
    doc: "The least of the numbers (##NaN if any is NaN).",
    examples: [{ code: "(min 4 2.5 3)", result: "2.5" }],
    f2: (_cx, a, b) =>
      typeof a === "number" && typeof b === "number" && a === a && b === b
        ? a < b
          ? a
          : b
        : extreme("min", [a, b], false),
    fn: (_cx, args) => extreme("min", args, false),
  },
  {
    name: "abs",
    arglists: ["[x]"],
    doc: "The absolute value of x.",
    examples: [{ code: "(abs -3)", result: "3" }],
    f1: (_cx, a) => {
      if (typeof a === "number") return Math.abs(a);
      return float(Math.abs(toNum("abs", a)));
    },
  },
];
