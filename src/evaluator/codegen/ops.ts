/**
 * What generated code knows about values, and the builtins it inlines.
 *
 * A static type says what a JS value is sure to be: `int` (a JS number that is an
 * integer within ±(2^53−1): PTC-Lisp's integers), `bool`, or anything. Integers come
 * from integer constants and from inlined integer operations (whose overflow goes to the
 * builtin, which throws), so a loop counter that starts at 0 and steps with `inc` is
 * known to be an integer and its operations need no checks.
 *
 * Each inlined builtin has a fast path guarded by checks on the operands that are not
 * known already; anything the fast path does not cover (floats in boxes, non-numbers,
 * overflow, division by zero) calls the builtin itself, which gives the exact result or
 * the positioned error. The templates are fixed text over operand names: nothing from
 * the program enters them.
 */
import type { Value } from "../../runtime/values.js";
import { table } from "../../runtime/table.js";

export type Ty = "int" | "bool" | "any";

export function join(a: Ty | null, b: Ty): Ty {
  return a === null || a === b ? b : "any";
}

export function typeOfValue(v: Value): Ty {
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number" && Number.isSafeInteger(v) && !Object.is(v, -0)) return "int";
  return "any";
}

export const MAX_INT = "9007199254740991";

/** An operand of an inlined builtin: a name (cheap to repeat) and what is known of it. */
export interface Operand {
  readonly js: string;
  readonly int: boolean;
  /** A constant that is not zero. */
  readonly nonzero: boolean;
}

/** An inlined builtin. */
export interface Op {
  readonly arity: 1 | 2;
  /** The fast path needs integers (else any JS numbers). */
  readonly ints: boolean;
  /** The fast path needs no number check at all (logic on any value). */
  readonly anyValue?: boolean;
  /** Further conditions for the fast path. */
  readonly extra?: (x: Operand, y: Operand) => string | null;
  /** The fast result. */
  readonly fast: (x: string, y: string) => string;
  /** A condition on the fast result `r` that still sends the call to the builtin (overflow). */
  readonly overflow?: (r: string) => string;
  /** The result type when every operand is an integer. */
  readonly intTy: Ty;
  /** The result type otherwise. */
  readonly anyTy: Ty;
}

/**
 * Out of the integer range? Asked first as "not an int32", which V8 answers on int32
 * values without leaving int32 arithmetic (a comparison with 2^53 alone would turn the
 * loop's integers into doubles).
 */
const OUT = (r: string): string => `(${r} | 0) !== ${r} && (${r} > ${MAX_INT} || ${r} < -${MAX_INT})`;

function arith(fast: (x: string, y: string) => string): Op {
  return { arity: 2, ints: true, fast, overflow: OUT, intTy: "int", anyTy: "any" };
}

function compare(fast: (x: string, y: string) => string): Op {
  return { arity: 2, ints: false, fast, intTy: "bool", anyTy: "bool" };
}

function division(fast: (x: string, y: string) => string): Op {
  return {
    arity: 2,
    ints: true,
    extra: (_x, y) => (y.nonzero ? null : `${y.js} !== 0`),
    fast,
    intTy: "int",
    anyTy: "any",
  };
}

/** NaN never takes the fast path of max and min (the builtin lets it win). */
function notNaN(x: Operand, y: Operand): string | null {
  const c = [x, y].filter((o) => !o.int).map((o) => `${o.js} === ${o.js}`);
  return c.length === 0 ? null : c.join(" && ");
}

function test(fast: (x: string) => string, ints = false): Op {
  return { arity: 1, ints, fast: (x) => fast(x), intTy: "bool", anyTy: "bool" };
}

function logic(fast: (x: string) => string): Op {
  return { arity: 1, ints: false, anyValue: true, fast: (x) => fast(x), intTy: "bool", anyTy: "bool" };
}

/** The inlined builtins, by qualified name. */
export const OPS: Readonly<Record<string, Op>> = table({
  "clojure.core/+": arith((x, y) => `${x} + ${y}`),
  "clojure.core/-": arith((x, y) => `${x} - ${y}`),
  // `+ 0` turns -0 into 0, as the builtin does.
  "clojure.core/*": arith((x, y) => `${x} * ${y} + 0`),
  "clojure.core/<": compare((x, y) => `${x} < ${y}`),
  "clojure.core/>": compare((x, y) => `${x} > ${y}`),
  "clojure.core/<=": compare((x, y) => `${x} <= ${y}`),
  "clojure.core/>=": compare((x, y) => `${x} >= ${y}`),
  "clojure.core/==": compare((x, y) => `${x} === ${y}`),
  "clojure.core/rem": division((x, y) => `${x} % ${y} + 0`),
  "clojure.core/quot": division((x, y) => `Math.trunc(${x} / ${y}) + 0`),
  "clojure.core/mod": division((x, y) => `H.imod(${x}, ${y})`),
  "clojure.core/max": {
    arity: 2,
    ints: false,
    extra: notNaN,
    fast: (x, y) => `(${x} > ${y} ? ${x} : ${y})`,
    intTy: "int",
    anyTy: "any",
  },
  "clojure.core/min": {
    arity: 2,
    ints: false,
    extra: notNaN,
    fast: (x, y) => `(${x} < ${y} ? ${x} : ${y})`,
    intTy: "int",
    anyTy: "any",
  },
  "clojure.core/inc": {
    arity: 1,
    ints: true,
    fast: (x) => `${x} + 1`,
    overflow: (r) => `(${r} | 0) !== ${r} && ${r} > ${MAX_INT}`,
    intTy: "int",
    anyTy: "any",
  },
  "clojure.core/dec": {
    arity: 1,
    ints: true,
    fast: (x) => `${x} - 1`,
    overflow: (r) => `(${r} | 0) !== ${r} && ${r} < -${MAX_INT}`,
    intTy: "int",
    anyTy: "any",
  },
  "clojure.core/abs": { arity: 1, ints: false, fast: (x) => `Math.abs(${x})`, intTy: "int", anyTy: "any" },
  "clojure.core/zero?": test((x) => `${x} === 0`),
  "clojure.core/pos?": test((x) => `${x} > 0`),
  "clojure.core/neg?": test((x) => `${x} < 0`),
  "clojure.core/even?": test((x) => `${x} % 2 === 0`, true),
  "clojure.core/odd?": test((x) => `${x} % 2 !== 0`, true),
  "clojure.core/not": logic((x) => `(${x} === null || ${x} === false)`),
  "clojure.core/nil?": logic((x) => `${x} === null`),
  "clojure.core/some?": logic((x) => `${x} !== null`),
});

/** `=` and `not=` of two values, inlined up to the point where both are objects. */
export const EQUALITY: Readonly<Record<string, boolean>> = table({
  "clojure.core/=": true,
  "clojure.core/not=": false,
});

/** Builtins (not inlined) whose result is always an integer or always a boolean. */
const RESULT_TYPES: Readonly<Record<string, Ty>> = table({
  "clojure.core/count": "int",
  "clojure.core/=": "bool",
  "clojure.core/not=": "bool",
  "clojure.core/empty?": "bool",
  "clojure.core/contains?": "bool",
});

/** The result type of a call of the builtin `qualified` on arguments of these types. */
export function resultType(qualified: string, args: readonly Ty[]): Ty {
  const op = OPS[qualified];
  if (op !== undefined && op.arity === args.length) {
    if (op.anyValue === true) return op.intTy;
    return args.every((t) => t === "int") ? op.intTy : op.anyTy;
  }
  return RESULT_TYPES[qualified] ?? "any";
}
