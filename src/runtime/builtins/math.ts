/**
 * Math: conversions (double, int, long, num...), rounding, powers and logarithms, NaN?
 * and infinite?, bit operations, and the `Math/...` Java interop names.
 *
 * Bare `floor`, `ceil`, `round` and `trunc` are PTC-Lisp extensions that return integers
 * (`(round 2.5)` is 3, halves away from zero); `Math/floor` and friends follow Java
 * (`(Math/floor 2.5)` is 2.0, `Math/round` rounds halves up and returns an integer).
 * Bit operations work on 64-bit two's complement integers as in Clojure; a result
 * outside ±(2^53-1) is an overflow error like any other integer result.
 */
import type { Cx } from "../context.js";
import { arithmeticError, typeError } from "../errors.js";
import { overflow } from "../numbers.js";
import { prStr } from "../printer.js";
import { Char, float, PtcFloat, type Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

const MAX = Number.MAX_SAFE_INTEGER;

/** The JS number of a numeric argument, or a type error naming the function. */
function num(fn: string, v: Value): number {
  if (typeof v === "number") return v;
  if (v instanceof PtcFloat) return v.value;
  throw typeError(fn, "a number", v);
}

/** A float as PTC-Lisp prints it (1.0E20, ##Inf). */
function show(n: number): string {
  return prStr(null, float(n));
}

/** An integral JS number as an integer value, or an error when it cannot be one. */
function integerResult(fn: string, r: number): number {
  if (Number.isNaN(r)) throw arithmeticError(`${fn} cannot turn ##NaN into an integer`, "check with NaN? first");
  if (r > MAX || r < -MAX)
    throw arithmeticError(
      `${fn}: ${show(r)} is out of the integer range`,
      "integers are exact within ±9007199254740991; keep large values as floats",
    );
  return r + 0;
}

/** `int`/`long`: truncate a number toward zero; a character gives its code. */
function toInteger(fn: string, v: Value): number {
  if (typeof v === "number") return Number.isInteger(v) ? v : integerResult(fn, Math.trunc(v));
  if (v instanceof PtcFloat) return integerResult(fn, Math.trunc(v.value));
  if (v instanceof Char) return v.c.charCodeAt(0);
  throw typeError(fn, "a number or a character", v);
}

/**
 * The PTC-Lisp rounding functions: integers stay as they are; a finite float becomes the
 * integer `op` gives; ##Inf, ##-Inf, ##NaN and floats beyond the integer range pass
 * through unchanged (as floats).
 */
function toIntegral(fn: string, v: Value, op: (x: number) => number): Value {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  const x = num(fn, v);
  if (!Number.isFinite(x)) return v;
  const r = op(x);
  return r > MAX || r < -MAX ? float(r) : r + 0;
}

/** Half away from zero: (round 2.5) is 3, (round -2.5) is -3. */
function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** A float-valued one-argument function (Java's Math methods on doubles). */
function floatFn(fn: string, op: (x: number) => number): (cx: Cx, a: Value) => Value {
  return (_cx, a) => float(op(num(fn, a)));
}

function floatFn2(fn: string, op: (x: number, y: number) => number): (cx: Cx, a: Value, b: Value) => Value {
  return (_cx, a, b) => float(op(num(fn, a), num(fn, b)));
}

// ---------------------------------------------------------------------------------------
// Bit operations: 64-bit two's complement, as Java longs.

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function bitArg(fn: string, v: Value): number {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  throw typeError(fn, "an integer", v, "bit operations work on integers only");
}

function small(x: number): boolean {
  return x >= INT32_MIN && x <= INT32_MAX;
}

function fromBig(fn: string, r: bigint): number {
  if (r > BigInt(MAX) || r < -BigInt(MAX)) overflow(fn);
  return Number(r);
}

function bitFold(
  fn: string,
  args: readonly Value[],
  fast: (x: number, y: number) => number,
  slow: (x: bigint, y: bigint) => bigint,
): number {
  let acc = bitArg(fn, args[0]!);
  for (let i = 1; i < args.length; i++) {
    const y = bitArg(fn, args[i]!);
    acc = small(acc) && small(y) ? fast(acc, y) : fromBig(fn, BigInt.asIntN(64, slow(BigInt(acc), BigInt(y))));
  }
  return acc;
}

function bitSpec(
  name: string,
  doc: string,
  example: string,
  result: string,
  fast: (x: number, y: number) => number,
  slow: (x: bigint, y: bigint) => bigint,
): BuiltinSpec {
  return {
    name,
    arglists: ["[x y]", "[x y & more]"],
    doc,
    examples: [{ code: example, result }],
    f2: (_cx, a, b) => bitFold(name, [a, b], fast, slow),
    fn: (_cx, args) => bitFold(name, args, fast, slow),
  };
}

function bitIndexSpec(
  name: string,
  doc: string,
  example: string,
  result: string,
  op: (x: bigint, n: bigint) => bigint,
  /** Exact result with plain numbers when it is an integer in range (else the BigInt path decides). */
  fast?: (x: number, n: number) => number,
): BuiltinSpec {
  return {
    name,
    arglists: ["[x n]"],
    doc,
    examples: [{ code: example, result }],
    f2: (_cx, a, b) => {
      const x = bitArg(name, a);
      const n = bitArg(name, b) & 63;
      if (fast !== undefined) {
        const r = fast(x, n);
        if (r <= MAX && r >= -MAX) return r + 0;
      }
      return fromBig(name, BigInt.asIntN(64, op(BigInt(x), BigInt(n))));
    },
  };
}

// ---------------------------------------------------------------------------------------
// Java's Math class (`Math/floor` and friends): results typed as Java types them.

function interop(
  name: string,
  arglists: string[],
  doc: string,
  example: string,
  result: string,
  impl: Pick<BuiltinSpec, "f1" | "f2">,
): BuiltinSpec {
  return { name, ns: "ptc.interop", arglists, doc, examples: [{ code: example, result }], ...impl };
}

function interopFloat1(name: string, op: (x: number) => number, example: string, result: string): BuiltinSpec {
  return interop(name, ["[x]"], `Java's ${name}: a float.`, example, result, { f1: floatFn(name, op) });
}

/** Math.max/Math.min: integers give an integer; anything else is widened to a float, as Java does. */
function javaExtreme(name: string, op: (x: number, y: number) => number): (cx: Cx, a: Value, b: Value) => Value {
  return (_cx, a, b) => {
    const x = num(name, a);
    const y = num(name, b);
    const r = op(x, y);
    const ints = typeof a === "number" && Number.isInteger(a) && typeof b === "number" && Number.isInteger(b);
    return ints ? r : float(r);
  };
}

function floorDivArgs(name: string, a: Value, b: Value): [number, number] {
  const x = bitArg(name, a);
  const y = bitArg(name, b);
  if (y === 0) throw arithmeticError(`divide by zero in ${name}`);
  return [x, y];
}

export const MATH: BuiltinSpec[] = [
  // -------------------------------------------------------------------------------------
  // Conversions
  {
    name: "double",
    arglists: ["[x]"],
    doc: "x as a float.",
    examples: [
      { code: "(double 1)", result: "1.0" },
      { code: "(double 2.5)", result: "2.5" },
    ],
    f1: (_cx, a) => float(num("double", a)),
  },
  {
    name: "float",
    arglists: ["[x]"],
    doc: "x as a float (PTC-Lisp floats are all doubles).",
    examples: [{ code: "(float 3)", result: "3.0" }],
    f1: (_cx, a) => float(num("float", a)),
  },
  {
    name: "int",
    arglists: ["[x]"],
    doc: "x truncated toward zero to an integer; a character gives its code. ##NaN and ##Inf are errors.",
    examples: [
      { code: "(int 2.7)", result: "2" },
      { code: "(int -2.7)", result: "-2" },
      { code: "(int \\a)", result: "97" },
    ],
    f1: (_cx, a) => toInteger("int", a),
  },
  {
    name: "long",
    arglists: ["[x]"],
    doc: "x truncated toward zero to an integer, like int.",
    examples: [{ code: "(long 1e3)", result: "1000" }],
    f1: (_cx, a) => toInteger("long", a),
  },
  {
    name: "num",
    arglists: ["[x]"],
    doc: "x itself if it is a number, else an error.",
    examples: [{ code: "(num 2.5)", result: "2.5" }],
    f1: (_cx, a) => {
      num("num", a);
      return a;
    },
  },
  // -------------------------------------------------------------------------------------
  // Rounding to integers (PTC-Lisp extensions)
  {
    name: "floor",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "The greatest integer not above x, as an integer (Math/floor gives a float). ##Inf and ##NaN pass through.",
    examples: [
      { code: "(floor 2.7)", result: "2" },
      { code: "(floor -2.5)", result: "-3" },
    ],
    f1: (_cx, a) => toIntegral("floor", a, Math.floor),
  },
  {
    name: "ceil",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "The least integer not below x, as an integer. ##Inf and ##NaN pass through.",
    examples: [{ code: "(ceil 2.1)", result: "3" }],
    f1: (_cx, a) => toIntegral("ceil", a, Math.ceil),
  },
  {
    name: "round",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "x rounded to the nearest integer, halves away from zero (Math/round rounds halves up). ##Inf and ##NaN pass through.",
    examples: [
      { code: "(round 2.5)", result: "3" },
      { code: "(round -2.5)", result: "-3" },
    ],
    f1: (_cx, a) => toIntegral("round", a, roundHalfAway),
  },
  {
    name: "trunc",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "x truncated toward zero, as an integer. ##Inf and ##NaN pass through.",
    examples: [{ code: "(trunc -2.7)", result: "-2" }],
    f1: (_cx, a) => toIntegral("trunc", a, Math.trunc),
  },
  // -------------------------------------------------------------------------------------
  // Powers and logarithms (floats, as Java's Math methods)
  {
    name: "sqrt",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "The square root of x, a float; ##NaN for negative x.",
    examples: [{ code: "(sqrt 16)", result: "4.0" }],
    f1: floatFn("sqrt", Math.sqrt),
  },
  {
    name: "pow",
    ns: "ptc",
    arglists: ["[x y]"],
    doc: "x to the power y, always a float.",
    examples: [{ code: "(pow 2 10)", result: "1024.0" }],
    f2: floatFn2("pow", Math.pow),
  },
  {
    name: "exp",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "e to the power x, a float.",
    examples: [{ code: "(exp 0)", result: "1.0" }],
    f1: floatFn("exp", Math.exp),
  },
  {
    name: "log",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "The natural logarithm of x, a float (##-Inf for 0, ##NaN for negative x).",
    examples: [{ code: "(log 1)", result: "0.0" }],
    f1: floatFn("log", Math.log),
  },
  {
    name: "log10",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "The base-10 logarithm of x, a float.",
    examples: [{ code: "(log10 1000)", result: "3.0" }],
    f1: floatFn("log10", Math.log10),
  },
  {
    name: "signum",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "-1.0, 0.0 or 1.0 as x is negative, zero or positive (a float, as clojure.math/signum).",
    examples: [{ code: "(signum -5)", result: "-1.0" }],
    f1: floatFn("signum", Math.sign),
  },
  // -------------------------------------------------------------------------------------
  // Special floats (Clojure 1.11)
  {
    name: "NaN?",
    arglists: ["[num]"],
    doc: "True if num is ##NaN.",
    examples: [
      { code: "(NaN? ##NaN)", result: "true" },
      { code: "(NaN? 1)", result: "false" },
    ],
    f1: (_cx, a) => Number.isNaN(num("NaN?", a)),
  },
  {
    name: "infinite?",
    arglists: ["[num]"],
    doc: "True if num is ##Inf or ##-Inf.",
    examples: [{ code: "(infinite? (/ 1.0 0))", result: "true" }],
    f1: (_cx, a) => {
      const x = num("infinite?", a);
      return x === Infinity || x === -Infinity;
    },
  },
  // -------------------------------------------------------------------------------------
  // Bit operations
  bitSpec(
    "bit-and",
    "Bitwise and of the integers.",
    "(bit-and 12 10)",
    "8",
    (x, y) => x & y,
    (x, y) => x & y,
  ),
  bitSpec(
    "bit-or",
    "Bitwise or of the integers.",
    "(bit-or 12 10)",
    "14",
    (x, y) => x | y,
    (x, y) => x | y,
  ),
  bitSpec(
    "bit-xor",
    "Bitwise exclusive or of the integers.",
    "(bit-xor 12 10)",
    "6",
    (x, y) => x ^ y,
    (x, y) => x ^ y,
  ),
  bitSpec(
    "bit-and-not",
    "Bitwise and of x with the complement of each of the rest.",
    "(bit-and-not 12 10)",
    "4",
    (x, y) => x & ~y,
    (x, y) => x & ~y,
  ),
  {
    name: "bit-not",
    arglists: ["[x]"],
    doc: "Bitwise complement of the integer x.",
    examples: [{ code: "(bit-not 7)", result: "-8" }],
    f1: (_cx, a) => {
      const x = bitArg("bit-not", a);
      return small(x) ? ~x : fromBig("bit-not", BigInt.asIntN(64, ~BigInt(x)));
    },
  },
  bitIndexSpec(
    "bit-shift-left",
    "x shifted left by n bits (n taken modulo 64, as for Java longs).",
    "(bit-shift-left 1 10)",
    "1024",
    (x, n) => x << n,
    (x, n) => x * 2 ** n,
  ),
  bitIndexSpec(
    "bit-shift-right",
    "x shifted right by n bits, keeping the sign.",
    "(bit-shift-right -16 2)",
    "-4",
    (x, n) => x >> n,
    (x, n) => Math.floor(x / 2 ** n),
  ),
  bitIndexSpec(
    "unsigned-bit-shift-right",
    "x shifted right by n bits, filling with zeros (x read as an unsigned 64-bit number).",
    "(unsigned-bit-shift-right -1 60)",
    "15",
    (x, n) => BigInt.asUintN(64, x) >> n,
  ),
  {
    name: "bit-test",
    arglists: ["[x n]"],
    doc: "True if bit n of x is set.",
    examples: [{ code: "(bit-test 5 2)", result: "true" }],
    f2: (_cx, x, n) => ((BigInt(bitArg("bit-test", x)) >> BigInt(bitArg("bit-test", n) & 63)) & 1n) === 1n,
  },
  bitIndexSpec("bit-set", "x with bit n set.", "(bit-set 0 3)", "8", (x, n) => x | (1n << n)),
  bitIndexSpec("bit-clear", "x with bit n cleared.", "(bit-clear 15 0)", "14", (x, n) => x & ~(1n << n)),
  bitIndexSpec("bit-flip", "x with bit n flipped.", "(bit-flip 5 1)", "7", (x, n) => x ^ (1n << n)),
  // -------------------------------------------------------------------------------------
  // Java's Math class
  interop("Math.floor", ["[x]"], "Java's Math.floor: the floor of x as a float.", "(Math/floor 2.5)", "2.0", {
    f1: floatFn("Math/floor", Math.floor),
  }),
  interop("Math.ceil", ["[x]"], "Java's Math.ceil: the ceiling of x as a float.", "(Math/ceil 2.1)", "3.0", {
    f1: floatFn("Math/ceil", Math.ceil),
  }),
  interop(
    "Math.rint",
    ["[x]"],
    "Java's Math.rint: x rounded to the nearest integral float, halves to even.",
    "(Math/rint 2.5)",
    "2.0",
    {
      f1: floatFn("Math/rint", (x) => {
        if (!Number.isFinite(x)) return x;
        const r = Math.round(x);
        // Math.round rounds halves up; rint rounds them to the even neighbour.
        return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
      }),
    },
  ),
  interop(
    "Math.round",
    ["[x]"],
    "Java's Math.round: the nearest integer, halves rounded up (toward positive infinity).",
    "(Math/round 2.5)",
    "3",
    {
      f1: (_cx, a) => {
        if (typeof a === "number" && Number.isInteger(a)) return a;
        const x = num("Math/round", a);
        if (!Number.isFinite(x)) return integerResult("Math/round", x);
        return integerResult("Math/round", Math.round(x));
      },
    },
  ),
  interop("Math.abs", ["[x]"], "Java's Math.abs: the absolute value, of the same type as x.", "(Math/abs -3)", "3", {
    f1: (_cx, a) => {
      if (typeof a === "number") return Math.abs(a);
      return float(Math.abs(num("Math/abs", a)));
    },
  }),
  interop(
    "Math.max",
    ["[x y]"],
    "Java's Math.max: the greater of two numbers; an integer if both are, else a float.",
    "(Math/max 1 2.5)",
    "2.5",
    { f2: javaExtreme("Math/max", Math.max) },
  ),
  interop(
    "Math.min",
    ["[x y]"],
    "Java's Math.min: the lesser of two numbers; an integer if both are, else a float.",
    "(Math/min 3 1)",
    "1",
    { f2: javaExtreme("Math/min", Math.min) },
  ),
  interop("Math.pow", ["[x y]"], "Java's Math.pow: x to the power y, a float.", "(Math/pow 2 3)", "8.0", {
    f2: floatFn2("Math/pow", Math.pow),
  }),
  interopFloat1("Math.sqrt", Math.sqrt, "(Math/sqrt 2)", "1.4142135623730951"),
  interopFloat1("Math.cbrt", Math.cbrt, "(Math/cbrt 27)", "3.0"),
  interopFloat1("Math.exp", Math.exp, "(Math/exp 1)", "2.718281828459045"),
  interopFloat1("Math.log", Math.log, "(Math/log 1)", "0.0"),
  interopFloat1("Math.log10", Math.log10, "(Math/log10 100)", "2.0"),
  interopFloat1("Math.log1p", Math.log1p, "(Math/log1p 0)", "0.0"),
  interopFloat1("Math.expm1", Math.expm1, "(Math/expm1 0)", "0.0"),
  interopFloat1("Math.signum", Math.sign, "(Math/signum -2.5)", "-1.0"),
  interopFloat1("Math.sin", Math.sin, "(Math/sin 0)", "0.0"),
  interopFloat1("Math.cos", Math.cos, "(Math/cos 0)", "1.0"),
  interopFloat1("Math.tan", Math.tan, "(Math/tan 0)", "0.0"),
  interopFloat1("Math.asin", Math.asin, "(Math/asin 1)", "1.5707963267948966"),
  interopFloat1("Math.acos", Math.acos, "(Math/acos 1)", "0.0"),
  interopFloat1("Math.atan", Math.atan, "(Math/atan 1)", "0.7853981633974483"),
  interopFloat1("Math.sinh", Math.sinh, "(Math/sinh 0)", "0.0"),
  interopFloat1("Math.cosh", Math.cosh, "(Math/cosh 0)", "1.0"),
  interopFloat1("Math.tanh", Math.tanh, "(Math/tanh 0)", "0.0"),
  interopFloat1("Math.toRadians", (x) => (x / 180) * Math.PI, "(Math/toRadians 180)", "3.141592653589793"),
  interopFloat1("Math.toDegrees", (x) => (x * 180) / Math.PI, "(Math/toDegrees 3.141592653589793)", "180.0"),
  interop(
    "Math.atan2",
    ["[y x]"],
    "Java's Math.atan2: the angle of the point (x, y), a float.",
    "(Math/atan2 1 1)",
    "0.7853981633974483",
    {
      f2: floatFn2("Math/atan2", Math.atan2),
    },
  ),
  interop("Math.hypot", ["[x y]"], "Java's Math.hypot: sqrt(x² + y²), a float.", "(Math/hypot 3 4)", "5.0", {
    f2: floatFn2("Math/hypot", Math.hypot),
  }),
  interop(
    "Math.floorDiv",
    ["[x y]"],
    "Java's Math.floorDiv: the integer quotient rounded toward negative infinity.",
    "(Math/floorDiv -7 2)",
    "-4",
    {
      f2: (_cx, a, b) => {
        const [x, y] = floorDivArgs("Math/floorDiv", a, b);
        return Math.floor(x / y) + 0;
      },
    },
  ),
  interop(
    "Math.floorMod",
    ["[x y]"],
    "Java's Math.floorMod: the integer modulus with the sign of y (like mod).",
    "(Math/floorMod -7 2)",
    "1",
    {
      f2: (_cx, a, b) => {
        const [x, y] = floorDivArgs("Math/floorMod", a, b);
        const m = x % y;
        return (m !== 0 && m < 0 !== y < 0 ? m + y : m) + 0;
      },
    },
  ),
  interop(
    "Double.isNaN",
    ["[x]"],
    "Java's Double.isNaN: true if x is ##NaN (like NaN?).",
    "(Double/isNaN ##NaN)",
    "true",
    {
      f1: (_cx, a) => Number.isNaN(num("Double/isNaN", a)),
    },
  ),
  interop(
    "Double.isInfinite",
    ["[x]"],
    "Java's Double.isInfinite: true if x is ##Inf or ##-Inf (like infinite?).",
    "(Double/isInfinite (/ -1.0 0))",
    "true",
    {
      f1: (_cx, a) => {
        const x = num("Double/isInfinite", a);
        return x === Infinity || x === -Infinity;
      },
    },
  ),
  interop(
    "Double.isFinite",
    ["[x]"],
    "Java's Double.isFinite: true unless x is ##Inf, ##-Inf or ##NaN.",
    "(Double/isFinite 1.5)",
    "true",
    { f1: (_cx, a) => Number.isFinite(num("Double/isFinite", a)) },
  ),
];
