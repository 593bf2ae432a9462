/**
 * Machine integers as the JVM has them: the checked coercions `short` and `byte`, and the
 * `unchecked-` family, which truncates and wraps around in two's complement instead of
 * failing. PTC-Lisp integers are exact within ±(2^53-1), so every 8-, 16- and 32-bit
 * result is exact; a 64-bit (long) result beyond that range is an overflow error rather
 * than a silently wrong number.
 */
import { arithmeticError, typeError } from "../errors.js";
import { Char, char, float, PtcFloat, type Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

const MAX = Number.MAX_SAFE_INTEGER;

/** The JS number of a number (or a character's code, where the JVM accepts one). */
function numberOf(fn: string, v: Value, chars: boolean): number {
  if (typeof v === "number") return v;
  if (v instanceof PtcFloat) return v.value;
  if (chars && v instanceof Char) return v.c.charCodeAt(0);
  throw typeError(fn, chars ? "a number or a character" : "a number", v);
}

/** Java's `(int) d` / `(long) d` for a double: toward zero, saturating, NaN is 0. */
function saturate(d: number, bits: 32 | 64): bigint {
  if (Number.isNaN(d)) return 0n;
  const lim = 2n ** BigInt(bits - 1);
  if (d === Infinity) return lim - 1n;
  if (d === -Infinity) return -lim;
  const t = BigInt(Math.trunc(d));
  return t >= lim ? lim - 1n : t < -lim ? -lim : t;
}

/** Java's narrowing of a number to `bits` (a double goes through int first, as the JVM does). */
function narrow(fn: string, v: Value, bits: 8 | 16 | 32): number {
  const x = numberOf(fn, v, false);
  const wide = typeof v === "number" && Number.isInteger(v) ? BigInt(v) : saturate(x, 32);
  return Number(BigInt.asIntN(bits, wide));
}

/** A long result: exact when PTC-Lisp can hold it, else an overflow error naming the function. */
function longResult(fn: string, r: bigint): number {
  const wrapped = BigInt.asIntN(64, r);
  if (wrapped > BigInt(MAX) || wrapped < -BigInt(MAX)) {
    throw arithmeticError(
      `${fn}: the 64-bit result ${wrapped} is beyond PTC-Lisp's exact integers (±9007199254740991)`,
      "use the -int variant for 32-bit wrap-around (unchecked-multiply-int), or keep numbers small with (mod x m)",
    );
  }
  return Number(wrapped);
}

/** An int argument of the -int family: an integer within 32 bits, as Java's int parameters take. */
function int32(fn: string, v: Value): number {
  if (typeof v === "number" && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31) return v;
  throw typeError(fn, "an integer within 32 bits (-2147483648 to 2147483647)", v);
}

/** The checked coercions: truncate toward zero, then fail outside [lo, hi] as Clojure does. */
function checked(fn: string, v: Value, lo: number, hi: number): number {
  const x = numberOf(fn, v, true);
  if (!Number.isFinite(x)) throw typeError(fn, "a finite number", v);
  const t = Math.trunc(x) + 0;
  if (t < lo || t > hi) {
    throw arithmeticError(
      `value out of range for ${fn}: ${t}`,
      `a ${fn} holds ${lo} to ${hi}; use unchecked-${fn} to wrap around`,
    );
  }
  return t;
}

/** Two numbers added, subtracted or multiplied as Clojure's unchecked ops do: longs wrap, floats are floats. */
function longOp(
  fn: string,
  a: Value,
  b: Value,
  op: (x: bigint, y: bigint) => bigint,
  fop: (x: number, y: number) => number,
): Value {
  const x = numberOf(fn, a, false);
  const y = numberOf(fn, b, false);
  if (typeof a === "number" && Number.isInteger(a) && typeof b === "number" && Number.isInteger(b)) {
    return longResult(fn, op(BigInt(x), BigInt(y)));
  }
  return float(fop(x, y));
}

function intDivisor(fn: string, v: Value): number {
  const d = int32(fn, v);
  if (d === 0) throw arithmeticError(`${fn}: divide by zero`);
  return d;
}

export const MACHINE_INTS: BuiltinSpec[] = [
  {
    name: "short",
    arglists: ["[x]"],
    doc: "x truncated toward zero to an integer, which must fit in 16 bits (-32768 to 32767); unchecked-short wraps instead.",
    examples: [
      { code: "(short 1234.9)", result: "1234" },
      { code: "(short \\a)", result: "97" },
    ],
    f1: (_cx, x) => checked("short", x, -32768, 32767),
  },
  {
    name: "byte",
    arglists: ["[x]"],
    doc: "x truncated toward zero to an integer, which must fit in 8 bits (-128 to 127); unchecked-byte wraps instead.",
    examples: [{ code: "(byte -12.5)", result: "-12" }],
    f1: (_cx, x) => checked("byte", x, -128, 127),
  },
  {
    name: "unchecked-byte",
    arglists: ["[x]"],
    doc: "The low 8 bits of x (truncated toward zero) as a signed integer, as Java's (byte) cast.",
    examples: [
      { code: "(unchecked-byte 200)", result: "-56" },
      { code: "(unchecked-byte 256)", result: "0" },
    ],
    f1: (_cx, x) => narrow("unchecked-byte", x, 8),
  },
  {
    name: "unchecked-short",
    arglists: ["[x]"],
    doc: "The low 16 bits of x (truncated toward zero) as a signed integer, as Java's (short) cast.",
    examples: [{ code: "(unchecked-short 40000)", result: "-25536" }],
    f1: (_cx, x) => narrow("unchecked-short", x, 16),
  },
  {
    name: "unchecked-int",
    arglists: ["[x]"],
    doc: "The low 32 bits of x as a signed integer; a float is truncated toward zero and saturates (##NaN is 0).",
    examples: [
      { code: "(unchecked-int 3000000000)", result: "-1294967296" },
      { code: "(unchecked-int 1e10)", result: "2147483647" },
    ],
    f1: (_cx, x) => narrow("unchecked-int", x, 32),
  },
  {
    name: "unchecked-long",
    arglists: ["[x]"],
    doc: "x as an integer, a float truncated toward zero (##NaN is 0); beyond ±(2^53-1) an overflow error.",
    examples: [{ code: "(unchecked-long -2.9)", result: "-2" }],
    f1: (_cx, x) => {
      const n = numberOf("unchecked-long", x, false);
      return typeof x === "number" && Number.isInteger(x) ? x : longResult("unchecked-long", saturate(n, 64));
    },
  },
  {
    name: "unchecked-char",
    arglists: ["[x]"],
    doc: "The character whose code is the low 16 bits of x (unsigned), as Java's (char) cast.",
    examples: [{ code: "(unchecked-char 65601)", result: "\\A" }],
    f1: (_cx, x) => {
      if (x instanceof Char) return x;
      const code = narrow("unchecked-char", x, 16) & 0xffff;
      return char(String.fromCharCode(code));
    },
  },
  {
    name: "unchecked-float",
    arglists: ["[x]"],
    doc: "x rounded to single precision (Java's float), as a float.",
    examples: [{ code: "(unchecked-float 0.1)", result: "0.10000000149011612" }],
    f1: (_cx, x) => float(Math.fround(numberOf("unchecked-float", x, true))),
  },
  {
    name: "unchecked-double",
    arglists: ["[x]"],
    doc: "x as a float.",
    examples: [{ code: "(unchecked-double 3)", result: "3.0" }],
    f1: (_cx, x) => float(numberOf("unchecked-double", x, true)),
  },
  {
    name: "unchecked-add",
    arglists: ["[x y]"],
    doc: "x + y, wrapping around in 64 bits instead of failing (integers); floats add as floats.",
    examples: [{ code: "(unchecked-add 1 2)", result: "3" }],
    f2: (_cx, a, b) =>
      longOp(
        "unchecked-add",
        a,
        b,
        (x, y) => x + y,
        (x, y) => x + y,
      ),
  },
  {
    name: "unchecked-subtract",
    arglists: ["[x y]"],
    doc: "x - y, wrapping around in 64 bits instead of failing (integers); floats subtract as floats.",
    examples: [{ code: "(unchecked-subtract 1 2)", result: "-1" }],
    f2: (_cx, a, b) =>
      longOp(
        "unchecked-subtract",
        a,
        b,
        (x, y) => x - y,
        (x, y) => x - y,
      ),
  },
  {
    name: "unchecked-multiply",
    arglists: ["[x y]"],
    doc: "x * y, wrapping around in 64 bits (integers); a wrapped result must still fit PTC-Lisp's exact integers.",
    examples: [{ code: "(unchecked-multiply 4294967296 4294967296)", result: "0" }],
    f2: (_cx, a, b) =>
      longOp(
        "unchecked-multiply",
        a,
        b,
        (x, y) => x * y,
        (x, y) => x * y,
      ),
  },
  {
    name: "unchecked-inc",
    arglists: ["[x]"],
    doc: "x + 1, unchecked (see unchecked-add).",
    examples: [{ code: "(unchecked-inc 41)", result: "42" }],
    f1: (_cx, a) =>
      longOp(
        "unchecked-inc",
        a,
        1,
        (x, y) => x + y,
        (x, y) => x + y,
      ),
  },
  {
    name: "unchecked-dec",
    arglists: ["[x]"],
    doc: "x - 1, unchecked (see unchecked-subtract).",
    examples: [{ code: "(unchecked-dec 43)", result: "42" }],
    f1: (_cx, a) =>
      longOp(
        "unchecked-dec",
        a,
        1,
        (x, y) => x - y,
        (x, y) => x - y,
      ),
  },
  {
    name: "unchecked-negate",
    arglists: ["[x]"],
    doc: "-x, unchecked (see unchecked-subtract).",
    examples: [{ code: "(unchecked-negate 5)", result: "-5" }],
    f1: (_cx, a) =>
      longOp(
        "unchecked-negate",
        0,
        a,
        (x, y) => x - y,
        (x, y) => x - y,
      ),
  },
  {
    name: "unchecked-add-int",
    arglists: ["[x y]"],
    doc: "x + y for 32-bit integers, wrapping around in 32 bits.",
    examples: [{ code: "(unchecked-add-int 2147483647 1)", result: "-2147483648" }],
    f2: (_cx, a, b) => (int32("unchecked-add-int", a) + int32("unchecked-add-int", b)) | 0,
  },
  {
    name: "unchecked-subtract-int",
    arglists: ["[x y]"],
    doc: "x - y for 32-bit integers, wrapping around in 32 bits.",
    examples: [{ code: "(unchecked-subtract-int -2147483648 1)", result: "2147483647" }],
    f2: (_cx, a, b) => (int32("unchecked-subtract-int", a) - int32("unchecked-subtract-int", b)) | 0,
  },
  {
    name: "unchecked-multiply-int",
    arglists: ["[x y]"],
    doc: "x * y for 32-bit integers, wrapping around in 32 bits (for hash-style arithmetic).",
    examples: [{ code: "(unchecked-multiply-int 65536 65537)", result: "65536" }],
    f2: (_cx, a, b) => Math.imul(int32("unchecked-multiply-int", a), int32("unchecked-multiply-int", b)),
  },
  {
    name: "unchecked-inc-int",
    arglists: ["[x]"],
    doc: "x + 1 for a 32-bit integer, wrapping around.",
    examples: [{ code: "(unchecked-inc-int 2147483647)", result: "-2147483648" }],
    f1: (_cx, a) => (int32("unchecked-inc-int", a) + 1) | 0,
  },
  {
    name: "unchecked-dec-int",
    arglists: ["[x]"],
    doc: "x - 1 for a 32-bit integer, wrapping around.",
    examples: [{ code: "(unchecked-dec-int -2147483648)", result: "2147483647" }],
    f1: (_cx, a) => (int32("unchecked-dec-int", a) - 1) | 0,
  },
  {
    name: "unchecked-negate-int",
    arglists: ["[x]"],
    doc: "-x for a 32-bit integer, wrapping around (the smallest int is its own negation).",
    examples: [{ code: "(unchecked-negate-int -2147483648)", result: "-2147483648" }],
    f1: (_cx, a) => -int32("unchecked-negate-int", a) | 0,
  },
  {
    name: "unchecked-divide-int",
    arglists: ["[x y]"],
    doc: "x / y for 32-bit integers, truncated toward zero; dividing by zero is an error.",
    examples: [{ code: "(unchecked-divide-int -7 2)", result: "-3" }],
    f2: (_cx, a, b) => {
      const x = int32("unchecked-divide-int", a);
      return (x / intDivisor("unchecked-divide-int", b)) | 0;
    },
  },
  {
    name: "unchecked-remainder-int",
    arglists: ["[x y]"],
    doc: "The remainder of x / y for 32-bit integers, with the sign of x (like rem); by zero is an error.",
    examples: [{ code: "(unchecked-remainder-int -7 2)", result: "-1" }],
    f2: (_cx, a, b) => {
      const x = int32("unchecked-remainder-int", a);
      return (x % intDivisor("unchecked-remainder-int", b)) + 0;
    },
  },
];
