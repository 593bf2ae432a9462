/**
 * Parsing strings to numbers and booleans, as Clojure 1.11 does: parse-long, parse-double
 * and parse-boolean give nil for a string that is not a number (or boolean), and fail for
 * anything that is not a string. parse-int is a PTC-Lisp name for parse-long.
 */
import { arithmeticError, typeError } from "../errors.js";
import { float, type Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

const ND = /^\p{Nd}$/u;
/** The 8-4-4-4-12 hex digit form ClojureScript's parse-uuid accepts. */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The value of a decimal digit of any script (Java's Character.digit(c, 10)), or -1. */
function digitValue(cp: number): number {
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  if (cp < 0x80 || !ND.test(String.fromCodePoint(cp))) return -1;
  // Unicode decimal digits come in runs of ten (or multiples), each starting at zero.
  let start = cp;
  while (ND.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/**
 * Java's Long.valueOf: an optional sign and decimal digits, nothing else. Returns null
 * when the text is not a long; integers beyond PTC-Lisp's exact range are an error.
 */
export function parseJavaLong(s: string, fn: string, min = -(2n ** 63n), max = 2n ** 63n - 1n): number | null {
  let i = 0;
  let neg = false;
  if (s[0] === "+" || s[0] === "-") {
    neg = s[0] === "-";
    i = 1;
  }
  if (i >= s.length) return null;
  let n = 0n;
  let small = 0;
  let digits = 0;
  for (; i < s.length;) {
    const cp = s.codePointAt(i)!;
    const d = digitValue(cp);
    if (d < 0) return null;
    if (digits < 15) small = small * 10 + d;
    else {
      if (digits === 15) n = BigInt(small);
      n = n * 10n + BigInt(d);
      if (n > 2n ** 64n) return null;
    }
    digits++;
    i += cp > 0xffff ? 2 : 1;
  }
  if (digits <= 15) {
    const v = neg ? -small : small;
    return v < Number(min) || v > Number(max) ? null : v;
  }
  const v = neg ? -n : n;
  if (v < min || v > max) return null;
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw arithmeticError(
      `${fn}: ${s} is outside the exact integer range of PTC-Lisp (±9007199254740991)`,
      "use parse-double for a float approximation",
    );
  }
  return Number(v);
}

const DECIMAL = /^[+-]?(?:NaN|Infinity|(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?))$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)[fFdD]?$/;

/** Java's Double.parseDouble (surrounding whitespace allowed), or null when invalid. */
export function parseJavaDouble(text: string): number | null {
  // String.trim: every char up to U+0020.
  let a = 0;
  let b = text.length;
  while (a < b && text.charCodeAt(a) <= 32) a++;
  while (b > a && text.charCodeAt(b - 1) <= 32) b--;
  const s = text.slice(a, b);
  if (DECIMAL.test(s)) {
    const body = s.replace(/[fFdD]$/, "");
    if (body.endsWith("NaN")) return NaN;
    if (body.endsWith("Infinity")) return body.startsWith("-") ? -Infinity : Infinity;
    return Number(body);
  }
  const h = HEX.exec(s);
  if (h !== null && (h[2] !== "" || (h[3] ?? "") !== "")) {
    const int = h[2]!;
    const frac = h[3] ?? "";
    let mant = 0;
    for (const c of int + frac) mant = mant * 16 + parseInt(c, 16);
    const v = mant * 2 ** (Number(h[4]) - 4 * frac.length);
    return h[1] === "-" ? -v : v;
  }
  return null;
}

function parseArg(fn: string, v: Value): string {
  if (typeof v === "string") return v;
  throw typeError(
    fn,
    "a string",
    v,
    v === null
      ? undefined
      : `to convert a ${typeof v === "number" ? "number" : "value"}, use it directly or (str x) first`,
  );
}

/** parse-long of a string or nil (nil stays nil): for extract-int. */
export function parseLongOrNil(s: string | null): number | null {
  return s === null ? null : parseJavaLong(s, "extract-int");
}

function parseLong(fn: string): (cx: unknown, v: Value) => Value {
  return (_cx, v) => parseJavaLong(parseArg(fn, v), fn);
}

export const PARSING: BuiltinSpec[] = [
  {
    name: "parse-long",
    arglists: ["[s]"],
    doc: "The integer written in s (an optional sign and digits), or nil when s is not one.",
    examples: [
      { code: '(parse-long "-42")', result: "-42" },
      { code: '(parse-long "4.2")', result: "nil" },
      { code: "(parse-long 42)", result: "error: type" },
    ],
    f1: parseLong("parse-long"),
  },
  {
    name: "parse-int",
    ns: "ptc",
    arglists: ["[s]"],
    doc: "Another name for parse-long: the integer written in s, or nil.",
    examples: [{ code: '(parse-int "42")', result: "42" }],
    f1: parseLong("parse-int"),
  },
  {
    name: "parse-double",
    arglists: ["[s]"],
    doc: "The float written in s (as Java's Double/parseDouble reads it, NaN and Infinity included), or nil when s is not one.",
    examples: [
      { code: '(parse-double "3.5")', result: "3.5" },
      { code: '(parse-double "1e3")', result: "1000.0" },
      { code: '(parse-double "abc")', result: "nil" },
    ],
    f1: (_cx, v) => {
      const n = parseJavaDouble(parseArg("parse-double", v));
      return n === null ? null : float(n);
    },
  },
  {
    name: "parse-boolean",
    arglists: ["[s]"],
    doc: 'true for "true", false for "false", nil for any other string.',
    examples: [
      { code: '(parse-boolean "true")', result: "true" },
      { code: '(parse-boolean "yes")', result: "nil" },
    ],
    f1: (_cx, v) => {
      const s = parseArg("parse-boolean", v);
      return s === "true" ? true : s === "false" ? false : null;
    },
  },
  {
    name: "parse-uuid",
    arglists: ["[s]"],
    doc: "The UUID written in s, as a lower-case string (PTC-Lisp has no UUID type), or nil when s is not one.",
    examples: [
      { code: '(parse-uuid "B6883C0A-0342-4007-9966-BC2DFA6B109E")', result: '"b6883c0a-0342-4007-9966-bc2dfa6b109e"' },
      { code: '(parse-uuid "not-a-uuid")', result: "nil" },
    ],
    f1: (_cx, s) => {
      if (typeof s !== "string") throw typeError("parse-uuid", "a string", s);
      return UUID.test(s) ? s.toLowerCase() : null;
    },
  },
];
