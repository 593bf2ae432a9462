/**
 * Arithmetic with Clojure's integer/float rules.
 *
 * Integers stay integers (`(+ 1 2)` is 3), anything touching a float is a float
 * (`(* 1.0 2)` is 2.0), `/` of two integers is exact when it divides (`(/ 10 2)` is 5)
 * and a float otherwise (`(/ 10 4)` is 2.5; there are no ratios). Integer division by
 * zero is an error; float division by zero gives ##Inf/##NaN. Integers are exact up to
 * ±(2^53-1); going past that is an overflow error, as going past 2^63 is in Clojure.
 */
import { arithmeticError, typeError } from "./errors.js";
import { prStr } from "./printer.js";
import { PtcFloat, float, type Value } from "./values.js";

export type Num = number | PtcFloat;

export function overflow(op: string): never {
  throw arithmeticError(
    `integer overflow in ${op}`,
    "results must stay within ±9007199254740991; use floats (1.0) for larger numbers",
  );
}

/** The JS number of a numeric argument, or a type error naming the function. */
export function toNum(fn: string, v: Value): number {
  if (typeof v === "number") return v;
  if (v instanceof PtcFloat) return v.value;
  throw typeError(fn, "a number", v);
}

function isIntVal(v: Value): boolean {
  return typeof v === "number" && Number.isInteger(v);
}

export function add(a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") {
    const r = a + b;
    if (Number.isInteger(a) && Number.isInteger(b)) return Number.isSafeInteger(r) ? r : overflow("+");
    return float(r);
  }
  return float(toNum("+", a) + toNum("+", b));
}

export function sub(a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") {
    const r = a - b;
    if (Number.isInteger(a) && Number.isInteger(b)) return Number.isSafeInteger(r) ? r : overflow("-");
    return float(r);
  }
  return float(toNum("-", a) - toNum("-", b));
}

export function mul(a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") {
    const r = a * b;
    if (Number.isInteger(a) && Number.isInteger(b)) return Number.isSafeInteger(r) ? r + 0 : overflow("*");
    return float(r);
  }
  return float(toNum("*", a) * toNum("*", b));
}

export function div(a: Value, b: Value): Value {
  const x = toNum("/", a);
  const y = toNum("/", b);
  if (isIntVal(a) && isIntVal(b)) {
    if (y === 0)
      throw arithmeticError("divide by zero", "dividing an integer by zero is an error; divide by 0.0 for ##Inf");
    const r = x / y;
    return Number.isInteger(r) ? r + 0 : r;
  }
  return float(x / y);
}

export function negate(a: Value): Value {
  if (typeof a === "number") return Number.isInteger(a) ? 0 - a : -a;
  return float(-toNum("-", a));
}

export function inc(a: Value): Value {
  if (typeof a === "number" && Number.isInteger(a)) return a < Number.MAX_SAFE_INTEGER ? a + 1 : overflow("inc");
  return float(toNum("inc", a) + 1);
}

export function dec(a: Value): Value {
  if (typeof a === "number" && Number.isInteger(a)) return a > -Number.MAX_SAFE_INTEGER ? a - 1 : overflow("dec");
  return float(toNum("dec", a) - 1);
}

/** Both plain integers (the fast path of the integer operations below). */
function ints(a: Value, b: Value): boolean {
  return typeof a === "number" && typeof b === "number" && Number.isInteger(a) && Number.isInteger(b);
}

function divideByZero(op: string): never {
  throw arithmeticError(`divide by zero in ${op}`, `the divisor of ${op} must not be zero`);
}

/**
 * The truncated quotient of two floats as Clojure computes it (`n / d` truncated); a
 * quotient that is infinite or NaN is an error, as on the JVM.
 */
function floatQuot(op: string, x: number, y: number): number {
  if (y === 0) divideByZero(op);
  const q = x / y;
  if (!Number.isFinite(q))
    throw arithmeticError(
      `${op} of ${strNum(x)} by ${strNum(y)} has no finite quotient`,
      "check for ##Inf and ##NaN before dividing",
    );
  return Math.trunc(q);
}

function strNum(n: number): string {
  return prStr(null, n);
}

/** `quot`: quotient truncated toward zero. */
export function quot(a: Value, b: Value): Value {
  if (ints(a, b) && b !== 0) return Math.trunc((a as number) / (b as number)) + 0;
  const x = toNum("quot", a);
  const y = toNum("quot", b);
  if (isIntVal(a) && isIntVal(b)) divideByZero("quot");
  return float(floatQuot("quot", x, y));
}

/** Clojure's remainder of two floats: `n - d * trunc(n / d)` (so `(rem 5 ##Inf)` is ##NaN, as on the JVM). */
function floatRem(op: string, x: number, y: number): number {
  const q = floatQuot(op, x, y);
  return x - q * y;
}

/** `rem`: remainder with the sign of the dividend. */
export function rem(a: Value, b: Value): Value {
  if (ints(a, b) && b !== 0) return ((a as number) % (b as number)) + 0;
  const x = toNum("rem", a);
  const y = toNum("rem", b);
  if (isIntVal(a) && isIntVal(b)) divideByZero("rem");
  return float(floatRem("rem", x, y));
}

/** `mod`: modulus with the sign of the divisor. */
export function mod(a: Value, b: Value): Value {
  if (ints(a, b) && b !== 0) {
    const m = (a as number) % (b as number);
    return (m !== 0 && m < 0 !== (b as number) < 0 ? m + (b as number) : m) + 0;
  }
  const x = toNum("mod", a);
  const y = toNum("mod", b);
  if (isIntVal(a) && isIntVal(b)) divideByZero("mod");
  // Clojure: (let [m (rem num div)] (if (or (zero? m) (= (pos? num) (pos? div))) m (+ m div)))
  const m = floatRem("mod", x, y);
  return float(m === 0 || x > 0 === y > 0 ? m : m + y);
}

/**
 * Numeric comparison for `<` and friends: both must be numbers. Returns -1, 0 or 1, or
 * NaN when either is NaN (so every ordering test is false, as in Clojure).
 */
export function numCompare(fn: string, a: Value, b: Value): number {
  const x = typeof a === "number" ? a : a instanceof PtcFloat ? a.value : null;
  const y = typeof b === "number" ? b : b instanceof PtcFloat ? b.value : null;
  if (x === null || y === null)
    throw typeError(fn, "numbers", x === null ? a : b, "compare strings and other values with compare");
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

/** `==`: numeric equality across integers and floats. */
export function numEquals(a: Value, b: Value): boolean {
  return toNum("==", a) === toNum("==", b);
}
