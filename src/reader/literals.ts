/**
 * Decoding of literal token text into values: numbers, strings, characters.
 * Each decoder returns the value or a `LiteralError` (message, hint, offset of the problem
 * within the token) that the reader turns into a positioned parse error.
 */
import { table } from "../runtime/table.js";

export interface LiteralError {
  readonly error: string;
  readonly hint?: string;
  /** UTF-16 offset inside the token text where the problem is. */
  readonly at?: number;
}

export type NumberLiteral = { readonly kind: "int" | "float"; readonly value: number } | LiteralError;

const MAX = Number.MAX_SAFE_INTEGER;

function intResult(text: string, value: number): NumberLiteral {
  if (!Number.isSafeInteger(value)) {
    return {
      error: `integer ${text} is out of range`,
      hint: `PTC-Lisp integers are exact only within ±${MAX}; write a float (${Number(value).toExponential()}) or a string`,
    };
  }
  return { kind: "int", value: value === 0 ? 0 : value };
}

/** `42`, `-7`, `+3`, `0xFF`, `2r1010`, `7N`, `1/2`, `1.5`, `1e10`, `2.5M`. */
export function decodeNumber(text: string): NumberLiteral {
  let t = text;
  let sign = 1;
  if (t[0] === "+" || t[0] === "-") {
    if (t[0] === "-") sign = -1;
    t = t.slice(1);
  }
  let m: RegExpMatchArray | null;
  if ((m = /^0[xX]([0-9a-fA-F]+)N?$/.exec(t))) return intResult(text, sign * parseInt(m[1]!, 16));
  if ((m = /^(\d+)[rR]([0-9a-zA-Z]+)$/.exec(t))) {
    const radix = Number(m[1]);
    if (radix < 2 || radix > 36) return { error: `radix ${radix} in ${text} must be between 2 and 36` };
    const digits = m[2]!.toLowerCase();
    let v = 0;
    for (const d of digits) {
      const dv = parseInt(d, 36);
      if (Number.isNaN(dv) || dv >= radix) return { error: `invalid digit ${d} for radix ${radix} in ${text}` };
      v = v * radix + dv;
    }
    return intResult(text, sign * v);
  }
  if ((m = /^(\d+)\/(\d+)$/.exec(t))) {
    const num = Number(m[1]);
    const den = Number(m[2]);
    if (den === 0) return { error: `ratio ${text} divides by zero` };
    const v = (sign * num) / den;
    // Ratios do not exist in PTC-Lisp: a whole ratio is an integer, any other a float.
    return Number.isInteger(v) ? intResult(text, v) : { kind: "float", value: v };
  }
  if ((m = /^(\d+)N?$/.exec(t))) {
    const v = Number(m[1]);
    return intResult(text, sign * v);
  }
  if (/^\d+(\.\d*)?([eE][+-]?\d+)?M?$/.test(t)) {
    const v = sign * Number(t.endsWith("M") ? t.slice(0, -1) : t);
    return { kind: "float", value: v };
  }
  return { error: `invalid number ${text}` };
}

const NAMED_CHARS: Readonly<Record<string, string>> = table({
  newline: "\n",
  space: " ",
  tab: "\t",
  return: "\r",
  backspace: "\b",
  formfeed: "\f",
});

/** The text after the backslash of a character literal: `a`, `newline`, `u00e9`, `o101`. */
export function decodeChar(body: string): { value: string } | LiteralError {
  const named = NAMED_CHARS[body];
  if (named !== undefined) return { value: named };
  if (/^u[0-9a-fA-F]{4}$/.test(body)) return { value: String.fromCharCode(parseInt(body.slice(1), 16)) };
  if (/^o[0-7]{1,3}$/.test(body)) {
    const code = parseInt(body.slice(1), 8);
    if (code > 0o377) return { error: `octal character \\${body} is out of range (at most \\o377)` };
    return { value: String.fromCharCode(code) };
  }
  if (body.length === 1) return { value: body };
  const cp = body.codePointAt(0)!;
  if (cp > 0xffff && body.length === 2) {
    return {
      error: `character \\${body} does not fit in one UTF-16 unit`,
      hint: `write it as a string: "${body}"`,
    };
  }
  return {
    error: `unsupported character \\${body}`,
    hint: "write a single character (\\a), \\newline, \\space, \\tab, \\return, \\backspace, \\formfeed or \\uXXXX",
  };
}

const STRING_ESCAPES: Readonly<Record<string, string>> = table({
  n: "\n",
  t: "\t",
  r: "\r",
  b: "\b",
  f: "\f",
  "\\": "\\",
  '"': '"',
});

/** The text between the quotes of a string literal, with Clojure's escapes. */
export function decodeString(body: string): { value: string } | LiteralError {
  if (!body.includes("\\")) return { value: body };
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = body[i + 1] ?? "";
    const simple = STRING_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    if (e === "u") {
      const hex = body.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return { error: `invalid unicode escape \\u${hex} in string`, at: i };
      out += String.fromCharCode(parseInt(hex, 16));
      i += 5;
      continue;
    }
    if (/[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
      const code = parseInt(oct, 8);
      if (code > 0o377) return { error: `octal escape \\${oct} in string is out of range (at most \\377)`, at: i };
      out += String.fromCharCode(code);
      i += oct.length;
      continue;
    }
    return {
      error: `unsupported escape \\${e} in string`,
      hint: `write \\\\${e} for a backslash, or use a regex literal #"...\\${e}..." for a pattern`,
      at: i,
    };
  }
  return { value: out };
}
