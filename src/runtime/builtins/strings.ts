/**
 * Strings: str, pr-str and friends, subs, format, names (name, namespace, keyword,
 * symbol, char), and clojure.string. Behaviour follows Clojure on the JVM: Java's
 * whitespace for trimming, Java's split rules, Matcher.replaceAll's `$1` replacements,
 * String.format's conversions.
 */
import type { Cx } from "../context.js";
import { call1, isCallable } from "../call.js";
import { runtimeError, typeError } from "../errors.js";
import { printRaw, prStr, strOf } from "../printer.js";
import {
  compileRegex,
  isJavaWhitespace,
  javaRegex,
  nextFrom,
  regexFind,
  regexSplitFast,
  type RegexMatch,
} from "../regex/index.js";
import { asArray, isRealized, isSeqable } from "../seq.js";
import { forEachItem } from "../lazy.js";
import {
  Char,
  char,
  isFloat,
  isInt,
  Keyword,
  keyword,
  keywordFromString,
  PtcFloat,
  PtcFn,
  Regex,
  Sym,
  Var,
  type Value,
} from "../values.js";
import { vec } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";
import { table } from "../table.js";

// ---------------------------------------------------------------------------------------
// Helpers (exported for the regex, parsing and interop groups)

export function strArg(fn: string, v: Value, what = "a string"): string {
  if (typeof v === "string") return v;
  throw typeError(
    fn,
    what,
    v,
    v instanceof Char ? `a character is not a string; use (str ${prStr(null, v)})` : undefined,
  );
}

export function intArg(fn: string, v: Value, what: string): number {
  if (isInt(v)) return v;
  throw typeError(fn, what, v);
}

/** Join the `str` of each value, checking the size of what is built. */
export function strAll(cx: Cx, args: readonly Value[]): string {
  let out = "";
  for (const a of args) {
    out += strOf(cx, a);
    growing(cx, out.length);
  }
  cx.checkString(out.length);
  return out;
}

/** `strAll` of two values, without an argument array (`(str "id-" n)` in a hot loop). */
function strTwo(cx: Cx, a: Value, b: Value): string {
  let out = strOf(cx, a);
  growing(cx, out.length);
  out += strOf(cx, b);
  growing(cx, out.length);
  cx.checkString(out.length);
  return out;
}

/**
 * `(join sep coll)` over a lazy coll: the items stream through (the string limit bounds the
 * result; no collection of the items is kept, so more than a collection may hold can pass).
 */
function joinStreamed(cx: Cx, sep: string, coll: Value): string {
  if (!isSeqable(coll)) throw typeError("join", "a collection", coll);
  const texts: string[] = [];
  let len = 0;
  forEachItem(cx, coll, (x) => {
    const t = strOf(cx, x);
    len += t.length + (texts.length > 0 ? sep.length : 0);
    growing(cx, len);
    texts.push(t);
    return true;
  });
  cx.checkString(len);
  return texts.join(sep);
}

/** Fail as soon as a string being built passes the size limit (the work is charged once, at the end). */
export function growing(cx: Cx, n: number): void {
  if (n > cx.limits.maxString) cx.checkString(n);
}

/** The value of a match as re-find/re-seq give it: the string, or [whole g1 g2 ...]. */
export function matchValue(m: RegexMatch): Value {
  const g = m.groups;
  if (g.length === 1) return g[0]!;
  const items = new Array<Value>(g.length);
  for (let i = 0; i < g.length; i++) items[i] = g[i] ?? null;
  return vec(items);
}

/** A regex argument; with `allowString`, a string is taken literally (Pattern/quote). */
function regexArg(fn: string, v: Value): Regex {
  if (v instanceof Regex) return v;
  throw typeError(fn, "a regex", v, typeof v === "string" ? `write #"${v}" or (re-pattern s)` : undefined);
}

// ---------------------------------------------------------------------------------------
// Java's String.split (what clojure.string/split does)

/**
 * Split `s` around matches, by Java's rules: a limit above 0 caps the number of parts
 * (the last holds the rest), 0 drops trailing empty strings, below 0 keeps everything; a
 * zero-width match at the start never makes a leading empty part; no match gives `[s]`.
 */
export function javaSplit(cx: Cx, s: string, sep: Regex | string, limit: number): string[] {
  if (limit <= 0) {
    // Fast paths: a literal separator, or a pattern JavaScript splits by as Java does.
    const all = typeof sep === "string" ? (sep === "" ? null : s.split(sep)) : regexSplitFast(cx, sep, s);
    if (all !== null) {
      let size = all.length;
      // No match gives [s] itself, even for "" (Java's rule).
      if (limit === 0 && size > 1) while (size > 0 && all[size - 1] === "") size--;
      cx.charge(size);
      cx.checkSize(size);
      if (size < all.length) all.length = size;
      return all;
    }
  }
  const parts: string[] = [];
  let index = 0;
  const limited = limit > 0;
  let from = 0;
  for (;;) {
    let start: number;
    let end: number;
    if (typeof sep === "string") {
      if (sep === "") {
        // Java splits between every UTF-16 unit.
        if (from > s.length) break;
        start = end = from;
        from++;
      } else {
        start = s.indexOf(sep, from);
        if (start < 0) break;
        end = start + sep.length;
        from = end;
      }
    } else {
      const m = regexFind(cx, sep, s, from);
      if (m === null) break;
      start = m.start;
      end = m.end;
      from = nextFrom(m);
    }
    if (!limited || parts.length < limit - 1) {
      if (index === 0 && start === 0 && end === 0) continue;
      parts.push(s.slice(index, start));
      index = end;
    } else if (parts.length === limit - 1) {
      parts.push(s.slice(index));
      index = end;
      break;
    }
    if (from > s.length) break;
  }
  if (index === 0) return [s];
  if (!limited || parts.length < limit) parts.push(s.slice(index));
  let size = parts.length;
  if (limit === 0) while (size > 0 && parts[size - 1] === "") size--;
  cx.charge(size);
  cx.checkSize(size);
  return size === parts.length ? parts : parts.slice(0, size);
}

// ---------------------------------------------------------------------------------------
// Replacement (Matcher.replaceAll / appendReplacement)

type Piece = string | number;

/** Parse a replacement string (`$1`, `${name}`, `\$`) as Java does, for a given pattern. */
function replacementPieces(fn: string, rep: string, re: Regex): Piece[] {
  const j = javaRegex(re);
  const pieces: Piece[] = [];
  let lit = "";
  let i = 0;
  const bad = (msg: string): never => {
    throw runtimeError(
      `${fn}: ${msg} in replacement "${rep}"`,
      "write \\$ for a literal dollar sign and \\\\ for a backslash",
    );
  };
  while (i < rep.length) {
    const c = rep[i]!;
    if (c === "\\") {
      i++;
      if (i === rep.length) bad("character to be escaped is missing");
      lit += rep[i]!;
      i++;
    } else if (c === "$") {
      i++;
      if (i === rep.length) bad("illegal group reference: group index is missing");
      let ref: number;
      if (rep[i] === "{") {
        i++;
        let name = "";
        while (i < rep.length && /[a-zA-Z0-9]/.test(rep[i]!)) name += rep[i++];
        if (name === "") bad("named capturing group has 0 length name");
        if (rep[i] !== "}") bad("named capturing group is missing trailing '}'");
        if (/^[0-9]/.test(name)) bad(`capturing group name {${name}} starts with digit character`);
        const n = j.names.get(name);
        if (n === undefined) bad(`no group with name {${name}}`);
        ref = n!;
        i++;
      } else {
        const d = rep.charCodeAt(i) - 48;
        if (d < 0 || d > 9) bad("illegal group reference");
        ref = d;
        i++;
        while (i < rep.length) {
          const nd = rep.charCodeAt(i) - 48;
          if (nd < 0 || nd > 9) break;
          const next = ref * 10 + nd;
          if (j.groupTotal < next) break;
          ref = next;
          i++;
        }
        if (ref > j.groupTotal)
          throw runtimeError(
            `${fn}: no group ${ref} in ${prStr(null, re)}`,
            `the pattern has ${j.groupTotal} group${j.groupTotal === 1 ? "" : "s"}`,
          );
      }
      if (lit !== "") pieces.push(lit);
      lit = "";
      pieces.push(ref);
    } else {
      lit += c;
      i++;
    }
  }
  if (lit !== "") pieces.push(lit);
  return pieces;
}

/** The text to put in for one match: a replacement string (parsed once) or a function of the match. */
type Replacer = (cx: Cx, m: RegexMatch) => string;

function regexReplacer(fn: string, re: Regex, replacement: Value): Replacer {
  if (typeof replacement === "string") {
    let pieces: Piece[] | null = null;
    return (_cx, m) => {
      // Parsed at the first match, as Java does (no match, no error).
      pieces ??= replacementPieces(fn, replacement, re);
      let out = "";
      for (const p of pieces) out += typeof p === "string" ? p : (m.groups[p] ?? "");
      return out;
    };
  }
  if (isCallable(replacement)) {
    return (cx, m) => {
      const r = call1(cx, replacement, matchValue(m));
      if (typeof r === "string") return r;
      throw typeError(`${fn}'s replacement function`, "to return a string", r, "wrap the result in (str ...)");
    };
  }
  throw typeError(fn, "a replacement string or function", replacement);
}

function replaceRegex(cx: Cx, fn: string, s: string, re: Regex, replacement: Value, firstOnly: boolean): string {
  const replacer = regexReplacer(fn, re, replacement);
  let out = "";
  let last = 0;
  let from = 0;
  while (from <= s.length) {
    const m = regexFind(cx, re, s, from);
    if (m === null) break;
    out += s.slice(last, m.start) + replacer(cx, m);
    growing(cx, out.length);
    last = m.end;
    if (firstOnly) break;
    from = nextFrom(m);
  }
  if (last === 0 && out === "") return s;
  out += s.slice(last);
  cx.checkString(out.length);
  return out;
}

function replaceLiteral(cx: Cx, s: string, match: string, rep: string, firstOnly: boolean): string {
  if (firstOnly) {
    const i = s.indexOf(match);
    return i < 0 ? s : s.slice(0, i) + rep + s.slice(i + match.length);
  }
  if (s === "" && match === "") return rep;
  // Java's String.replace with an empty target puts the replacement around every unit.
  const parts = match === "" ? ["", ...s.split(""), ""] : s.split(match);
  cx.charge(parts.length);
  const out = parts.join(rep);
  cx.checkString(out.length);
  return out;
}

/** clojure.string/replace and replace-first. */
export function replaceImpl(
  cx: Cx,
  fn: string,
  sv: Value,
  match: Value,
  replacement: Value,
  firstOnly: boolean,
): string {
  const s = strArg(fn, sv);
  if (match instanceof Char) {
    if (!(replacement instanceof Char))
      throw typeError(
        fn,
        "a character replacement for a character match",
        replacement,
        "match and replacement must both be characters or both strings",
      );
    return replaceLiteral(cx, s, match.c, replacement.c, firstOnly);
  }
  if (typeof match === "string") {
    if (typeof replacement !== "string")
      throw typeError(
        fn,
        "a string replacement for a string match",
        replacement,
        typeof replacement === "object" && replacement instanceof PtcFn
          ? 'a function replacement needs a regex match: #"..."'
          : undefined,
      );
    return replaceLiteral(cx, s, match, replacement, firstOnly);
  }
  if (match instanceof Regex) return replaceRegex(cx, fn, s, match, replacement, firstOnly);
  throw typeError(fn, "a string, character or regex to match", match);
}

// ---------------------------------------------------------------------------------------
// Trimming (Character/isWhitespace, as clojure.string does)

function trimStart(s: string): number {
  let i = 0;
  while (i < s.length && isJavaWhitespace(s.charCodeAt(i))) i++;
  return i;
}

function trimEnd(s: string, min = 0): number {
  let j = s.length;
  while (j > min && isJavaWhitespace(s.charCodeAt(j - 1))) j--;
  return j;
}

// ---------------------------------------------------------------------------------------
// index-of (Java's String.indexOf / lastIndexOf)

function needleOf(fn: string, v: Value): string {
  if (typeof v === "string") return v;
  if (v instanceof Char) return v.c;
  throw typeError(fn, "a string or character to look for", v);
}

/** Java's `s.indexOf(needle, from)` (from clamped; -1 when absent). */
export function javaIndexOf(s: string, needle: string, from: number): number {
  const f = Math.max(0, from);
  if (f >= s.length) return needle === "" ? s.length : -1;
  return s.indexOf(needle, f);
}

/** Java's `s.lastIndexOf(needle, from)` (-1 when absent or from is negative). */
export function javaLastIndexOf(s: string, needle: string, from: number): number {
  const right = s.length - needle.length;
  const f = Math.min(from, right);
  if (f < 0) return -1;
  return s.lastIndexOf(needle, f);
}

// ---------------------------------------------------------------------------------------
// format (java.util.Formatter)

const SPEC = /%(\d+\$|<)?([-#+ 0,(]*)(\d+)?(\.\d+)?([a-zA-Z%])/y;

const FORMAT_HINT = "supported: %s %d %f %e %g %x %o %c %b %% %n, with flags - 0 + , ( # and widths";

function formatError(message: string, hint?: string): never {
  throw runtimeError(`format: ${message}`, hint);
}

/** Digits and decimal exponent of a positive finite number: x = 0.d1d2... * 10^(exp+1). */
function decimalDigits(x: number): { digits: string; exp: number } {
  const e = x.toExponential();
  const ePos = e.indexOf("e");
  return { digits: e[0]! + e.slice(2, ePos).replace(".", ""), exp: Number(e.slice(ePos + 1)) };
}

/** Round a digit string to `keep` digits, half up; returns the digits and the carry. */
function roundDigits(digits: string, keep: number): { digits: string; carry: boolean } {
  if (keep >= digits.length) return { digits: digits + "0".repeat(keep - digits.length), carry: false };
  if (keep < 0) return { digits: "", carry: false };
  const up = digits.charCodeAt(keep) >= 53;
  const kept = digits.slice(0, keep).split("").map(Number);
  if (up) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === 9) kept[i--] = 0;
    if (i < 0) return { digits: "1" + kept.join(""), carry: true };
    kept[i]!++;
  }
  return { digits: kept.join(""), carry: false };
}

/** A decimal digit string plus one in its last place ("199" → "200", "99" → "100"). */
function incrementDigits(d: string): string {
  let i = d.length - 1;
  while (i >= 0 && d[i] === "9") i--;
  if (i < 0) return "1" + "0".repeat(d.length);
  return d.slice(0, i) + String.fromCharCode(d.charCodeAt(i) + 1) + "0".repeat(d.length - 1 - i);
}

/** `%.{prec}f` of a non-negative finite number, rounding half up on its shortest decimal digits. */
function fixed(x: number, prec: number): string {
  if (x === 0) return prec > 0 ? `0.${"0".repeat(prec)}` : "0";
  const plain = String(x);
  if (!plain.includes("e")) {
    // Shortest digits in plain notation (1e-7 <= x < 1e21): round the text itself.
    const dot = plain.indexOf(".");
    const int = dot < 0 ? plain : plain.slice(0, dot);
    const frac = dot < 0 ? "" : plain.slice(dot + 1);
    if (frac.length <= prec) return prec > 0 ? `${int}.${frac.padEnd(prec, "0")}` : int;
    let digits = int + frac.slice(0, prec);
    if (frac.charCodeAt(prec) >= 53) digits = incrementDigits(digits);
    const intLen = digits.length - prec;
    return prec > 0 ? `${digits.slice(0, intLen)}.${digits.slice(intLen)}` : digits;
  }
  const { digits, exp } = decimalDigits(x);
  const intDigits = exp + 1;
  const r = roundDigits(digits, intDigits + prec);
  let all = r.digits;
  let intLen = intDigits + (r.carry ? 1 : 0);
  if (intLen <= 0) {
    all = "0".repeat(1 - intLen) + all;
    intLen = 1;
  }
  all = all.padEnd(intLen + prec, "0");
  const int = all.slice(0, intLen).replace(/^0+(?=\d)/, "");
  return prec > 0 ? `${int}.${all.slice(intLen, intLen + prec)}` : int;
}

/** `%.{prec}e` of a non-negative finite number. */
function scientific(x: number, prec: number): string {
  let digits = "0";
  let exp = 0;
  if (x !== 0) {
    const d = decimalDigits(x);
    const r = roundDigits(d.digits, prec + 1);
    digits = r.carry ? r.digits.slice(0, prec + 1) : r.digits;
    exp = d.exp + (r.carry ? 1 : 0);
  }
  digits = digits.padEnd(prec + 1, "0");
  const mant = prec > 0 ? `${digits[0]}.${digits.slice(1, prec + 1)}` : digits[0]!;
  const ae = Math.abs(exp);
  return `${mant}e${exp < 0 ? "-" : "+"}${ae < 10 ? "0" : ""}${ae}`;
}

/** `%.{prec}g`: Java's general scientific format. */
function general(x: number, precIn: number): string {
  const prec = precIn === 0 ? 1 : precIn;
  if (x === 0) return fixed(0, prec - 1);
  const { digits, exp } = decimalDigits(x);
  const r = roundDigits(digits, prec);
  const e = exp + (r.carry ? 1 : 0);
  const rounded = Number(`0.${r.digits}e${e + 1}`);
  if (rounded >= 1e-4 && rounded < 10 ** prec) return fixed(x, Math.max(0, prec - (e + 1)));
  return scientific(x, prec - 1);
}

function group3(int: string): string {
  let out = "";
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) out += ",";
    out += int[i];
  }
  return out;
}

interface Spec {
  readonly text: string;
  readonly flags: string;
  readonly width: number | null;
  readonly precision: number | null;
  readonly conv: string;
}

function pad(spec: Spec, body: string): string {
  const w = spec.width;
  if (w === null || body.length >= w) return body;
  return spec.flags.includes("-") ? body.padEnd(w) : body.padStart(w);
}

function checkFlags(spec: Spec, allowed: string): void {
  if (spec.flags === "") return;
  for (const f of spec.flags) {
    if (!allowed.includes(f)) formatError(`flag '${f}' does not apply to %${spec.conv} (in ${spec.text})`);
  }
  if (spec.flags.includes("-") && spec.flags.includes("0"))
    formatError(`flags '-' and '0' cannot be combined (in ${spec.text})`);
  if ((spec.flags.includes("-") || spec.flags.includes("0")) && spec.width === null)
    formatError(
      `${spec.text} needs a width for flag '${spec.flags.includes("-") ? "-" : "0"}'`,
      "for example %-10s or %05d",
    );
  if (spec.flags.includes("+") && spec.flags.includes(" "))
    formatError(`flags '+' and ' ' cannot be combined (in ${spec.text})`);
}

/** Sign, grouping, parentheses and zero padding of a formatted magnitude. */
function numberBody(spec: Spec, neg: boolean, magnitude: string): string {
  const f = spec.flags;
  let mag = magnitude;
  if (f.includes(",")) {
    const dot = mag.indexOf(".");
    mag = group3(dot < 0 ? mag : mag.slice(0, dot)) + (dot < 0 ? "" : mag.slice(dot));
  }
  let prefix = neg ? (f.includes("(") ? "(" : "-") : f.includes("+") ? "+" : f.includes(" ") ? " " : "";
  const suffix = neg && f.includes("(") ? ")" : "";
  if (f.includes("0") && spec.width !== null) {
    const zeros = spec.width - prefix.length - mag.length - suffix.length;
    if (zeros > 0) prefix += "0".repeat(zeros);
  }
  return pad(spec, prefix + mag + suffix);
}

const LOWER_CONV: Readonly<Record<string, string>> = table({
  S: "s",
  B: "b",
  C: "c",
  X: "x",
  E: "e",
  G: "g",
  A: "a",
  H: "h",
  T: "t",
});
const upperCase = (s: string): string => s.toUpperCase();
const same = (s: string): string => s;

function formatOne(cx: Cx, spec: Spec, arg: Value): string {
  const c = spec.conv;
  const lower = LOWER_CONV[c] ?? c;
  // A width pads, a float's precision writes digits: either makes a string that long.
  const made = Math.max(spec.width ?? 0, lower === "e" || lower === "f" || lower === "g" ? (spec.precision ?? 0) : 0);
  if (made > cx.limits.maxString) cx.checkString(made);
  const upper = c !== lower;
  const out = upper ? upperCase : same;
  if (arg === null && lower !== "b") {
    checkFlags(spec, "-#");
    const s = spec.precision !== null ? "null".slice(0, spec.precision) : "null";
    return out(pad(spec, s));
  }
  switch (lower) {
    case "s": {
      checkFlags(spec, "-");
      let s = strOf(cx, arg);
      if (spec.precision !== null) s = s.slice(0, spec.precision);
      return out(pad(spec, s));
    }
    case "b": {
      checkFlags(spec, "-");
      let s = arg === null ? "false" : typeof arg === "boolean" ? String(arg) : "true";
      if (spec.precision !== null) s = s.slice(0, spec.precision);
      return out(pad(spec, s));
    }
    case "c": {
      checkFlags(spec, "-");
      if (spec.precision !== null) formatError(`precision is not allowed with %c (in ${spec.text})`);
      if (!(arg instanceof Char))
        throw typeError(
          "format",
          `a character for ${spec.text}`,
          arg,
          isInt(arg) ? "Clojure's %c takes a character: (char n)" : undefined,
        );
      return out(pad(spec, arg.c));
    }
    case "d": {
      checkFlags(spec, "-+ 0,(");
      if (spec.precision !== null) formatError(`precision is not allowed with %d (in ${spec.text})`);
      if (!isInt(arg))
        throw typeError(
          "format",
          `an integer for ${spec.text}`,
          arg,
          isFloat(arg) ? "use %f for floats, or (long x)" : undefined,
        );
      return numberBody(spec, arg < 0, String(Math.abs(arg)));
    }
    case "o":
    case "x": {
      checkFlags(spec, "-#0");
      if (spec.precision !== null) formatError(`precision is not allowed with %${c} (in ${spec.text})`);
      if (!isInt(arg)) throw typeError("format", `an integer for ${spec.text}`, arg);
      // Negative longs print as their 64-bit two's complement, as in Java.
      const digits = BigInt.asUintN(64, BigInt(arg)).toString(lower === "x" ? 16 : 8);
      let body = (spec.flags.includes("#") ? (lower === "x" ? "0x" : "0") : "") + digits;
      if (spec.flags.includes("0") && spec.width !== null && body.length < spec.width) {
        const pre = spec.flags.includes("#") && lower === "x" ? 2 : 0;
        body = body.slice(0, pre) + "0".repeat(spec.width - body.length) + body.slice(pre);
      }
      return out(pad(spec, body));
    }
    case "e":
    case "f":
    case "g": {
      checkFlags(spec, lower === "e" ? "-#+ 0(" : lower === "g" ? "-+ 0,(" : "-#+ 0,(");
      if (!isFloat(arg))
        throw typeError(
          "format",
          `a float for ${spec.text}`,
          arg,
          isInt(arg) ? "use %d for integers, or convert with (double x)" : undefined,
        );
      const x = arg instanceof PtcFloat ? arg.value : (arg as number);
      const neg = x < 0 || Object.is(x, -0);
      if (!Number.isFinite(x)) {
        const body = Number.isNaN(x)
          ? "NaN"
          : neg
            ? spec.flags.includes("(")
              ? "(Infinity)"
              : "-Infinity"
            : spec.flags.includes("+")
              ? "+Infinity"
              : "Infinity";
        return out(pad(spec, body));
      }
      const a = Math.abs(x);
      const prec = spec.precision ?? 6;
      const mag = lower === "f" ? fixed(a, prec) : lower === "e" ? scientific(a, prec) : general(a, prec);
      return out(numberBody(spec, neg, mag));
    }
    case "a":
    case "h":
    case "t":
      return formatError(`%${c} is not supported (in ${spec.text})`, FORMAT_HINT);
  }
  return formatError(`unknown conversion '${c}' (in ${spec.text})`, FORMAT_HINT);
}

/** Java's String.format for the conversions programs use. */
export function format(cx: Cx, fmt: string, args: readonly Value[]): string {
  const parts = parseFormat(fmt);
  let out = "";
  let ordinary = 0;
  let last = -1;
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    if (part.conv === "%") {
      // A widely padded percent sign: padded here, where the string limit is known.
      checkFlags(part, "-");
      if ((part.width ?? 0) > cx.limits.maxString) cx.checkString(part.width ?? 0);
      out += pad(part, "%");
      continue;
    }
    let index: number;
    if (part.index === "<") {
      if (last < 0) formatError(`${part.text} refers to a previous argument, but there is none`);
      index = last;
    } else if (part.index !== null) index = part.index;
    else index = ordinary++;
    if (index >= args.length) {
      formatError(`no argument for ${part.text} (the format string needs more than the ${args.length} given)`);
    }
    last = index;
    out += formatOne(cx, part, args[index]!);
    growing(cx, out.length);
  }
  cx.checkString(out.length);
  return out;
}

interface ArgSpec extends Spec {
  /** Explicit argument (0-based), `<` for the previous one, or null for the next. */
  readonly index: number | "<" | null;
}

/** Recently parsed format strings: text pieces and conversions. */
const formats = new Map<string, readonly (string | ArgSpec)[]>();

function parseFormat(fmt: string): readonly (string | ArgSpec)[] {
  const hit = formats.get(fmt);
  if (hit !== undefined) return hit;
  const parts: (string | ArgSpec)[] = [];
  let text = "";
  let i = 0;
  while (i < fmt.length) {
    const pct = fmt.indexOf("%", i);
    if (pct < 0) {
      text += fmt.slice(i);
      break;
    }
    text += fmt.slice(i, pct);
    SPEC.lastIndex = pct;
    const m = SPEC.exec(fmt);
    if (m === null) {
      const bad = fmt[pct + 1];
      formatError(
        bad === undefined ? "the format string ends with a lone %" : `unknown conversion '${bad}' at index ${pct}`,
        "write %% for a percent sign",
      );
    }
    i = pct + m[0].length;
    const conv = m[5]!;
    let index: number | "<" | null = null;
    if (m[1] === "<") index = "<";
    else if (m[1] !== undefined) {
      index = Number(m[1].slice(0, -1)) - 1;
      if (index < 0) formatError(`illegal argument index in ${m[0]}`);
    }
    const spec: ArgSpec = {
      text: m[0],
      flags: m[2] ?? "",
      width: m[3] === undefined ? null : Number(m[3]),
      precision: m[4] === undefined ? null : Number(m[4].slice(1)),
      conv,
      index,
    };
    if (conv === "n") text += "\n";
    else if (conv === "%" && (spec.width ?? 0) <= 1024) {
      checkFlags(spec, "-");
      text += pad(spec, "%");
    } else {
      if (!"sSbBcCdoxXeEfgGaAhHtT%".includes(conv))
        formatError(`unknown conversion '${conv}' (in ${spec.text})`, FORMAT_HINT);
      if (text !== "") parts.push(text);
      text = "";
      parts.push(spec);
    }
  }
  if (text !== "") parts.push(text);
  // Only short format strings are kept: the cache belongs to the process, not to a program.
  if (fmt.length > 1024) return parts;
  if (formats.size >= 256) formats.delete(formats.keys().next().value!);
  formats.set(fmt, parts);
  return parts;
}

// ---------------------------------------------------------------------------------------
// Names

/** Java's Symbol.intern(String): split at the first slash (a lone "/" is a name). */
function symbolFromString(s: string): Sym {
  const i = s.indexOf("/");
  if (i < 0 || s === "/") return new Sym(null, s);
  return new Sym(s.slice(0, i), s.slice(i + 1));
}

// ---------------------------------------------------------------------------------------
// The builtins

export const STRINGS: BuiltinSpec[] = [
  {
    name: "str",
    arglists: ["[]", "[x]", "[x & ys]"],
    doc: 'The concatenation of the text of the arguments; nil is "".',
    examples: [
      { code: '(str "a" 1 :b nil)', result: '"a1:b"' },
      { code: '(str [1 "x"])', result: '"[1 \\"x\\"]"' },
    ],
    f0: () => "",
    f1: (cx, a) => strOf(cx, a),
    f2: (cx, a, b) => strTwo(cx, a, b),
    fn: (cx, args) => strAll(cx, args),
  },
  {
    name: "pr-str",
    arglists: ["[& xs]"],
    doc: "The readable printed form of the arguments, separated by spaces.",
    examples: [{ code: '(pr-str "a" [1 :b])', result: '"\\"a\\" [1 :b]"' }],
    fn: (cx, args) => args.map((a) => prStr(cx, a)).join(" "),
  },
  {
    name: "prn-str",
    arglists: ["[& xs]"],
    doc: "Like pr-str, followed by a newline.",
    examples: [{ code: '(prn-str "a" 1)', result: '"\\"a\\" 1\\n"' }],
    fn: (cx, args) => `${args.map((a) => prStr(cx, a)).join(" ")}\n`,
  },
  {
    name: "print-str",
    arglists: ["[& xs]"],
    doc: "What print would show: the arguments as text (strings unquoted), separated by spaces.",
    examples: [{ code: '(print-str "a" ["b"] nil)', result: '"a [b] nil"' }],
    fn: (cx, args) => args.map((a) => printRaw(cx, a)).join(" "),
  },
  {
    name: "println-str",
    arglists: ["[& xs]"],
    doc: "Like print-str, followed by a newline.",
    examples: [{ code: '(println-str "a" 1)', result: '"a 1\\n"' }],
    fn: (cx, args) => `${args.map((a) => printRaw(cx, a)).join(" ")}\n`,
  },
  {
    name: "format",
    arglists: ["[fmt & args]"],
    doc: "Java's String.format: %s %d %f %.2f %e %g %x %o %c %b %% %n, with widths and the - 0 + , flags.",
    examples: [
      { code: '(format "%s has %d items" "cart" 3)', result: '"cart has 3 items"' },
      { code: '(format "%.2f|%5d|%-4s|" 3.14159 42 "ab")', result: '"3.14|   42|ab  |"' },
      { code: '(format "%d" 1.5)', result: "error: type" },
    ],
    fn: (cx, args) => format(cx, strArg("format", args[0]!, "a format string"), args.slice(1)),
  },
  {
    name: "subs",
    arglists: ["[s start]", "[s start end]"],
    doc: "The substring of s from start (inclusive) to end (exclusive).",
    examples: [
      { code: '(subs "hello" 1 3)', result: '"el"' },
      { code: '(subs "hello" 2)', result: '"llo"' },
      { code: '(subs "hello" 2 9)', result: "error: runtime" },
    ],
    f2: (_cx, sv, startv) => {
      const s = strArg("subs", sv);
      const start = intArg("subs", startv, "an integer start");
      if (start < 0 || start > s.length)
        throw runtimeError(`subs: start ${start} is out of range for a string of length ${s.length}`);
      return s.slice(start);
    },
    f3: (_cx, sv, startv, endv) => {
      const s = strArg("subs", sv);
      const start = intArg("subs", startv, "an integer start");
      const end = intArg("subs", endv, "an integer end");
      if (start < 0 || end > s.length || start > end) {
        throw runtimeError(`subs: range ${start}..${end} is out of range for a string of length ${s.length}`);
      }
      return s.slice(start, end);
    },
  },
  {
    name: "name",
    arglists: ["[x]"],
    doc: "The name of a keyword or symbol (without namespace), or the string itself.",
    examples: [{ code: "(name :user/id)", result: '"id"' }],
    f1: (_cx, x) => {
      if (typeof x === "string") return x;
      if (x instanceof Keyword || x instanceof Sym) return x.name;
      throw typeError("name", "a keyword, symbol or string", x);
    },
  },
  {
    name: "namespace",
    arglists: ["[x]"],
    doc: "The namespace of a keyword or symbol, or nil when it has none.",
    examples: [
      { code: "(namespace :user/id)", result: '"user"' },
      { code: "(namespace :id)", result: "nil" },
    ],
    f1: (_cx, x) => {
      if (x instanceof Keyword || x instanceof Sym) return x.ns;
      throw typeError("namespace", "a keyword or symbol", x);
    },
  },
  {
    name: "keyword",
    arglists: ["[name]", "[ns name]"],
    doc: "The keyword with this name (a string, keyword or symbol); nil for anything else.",
    examples: [
      { code: '(keyword "status")', result: ":status" },
      { code: '(keyword "user" "id")', result: ":user/id" },
    ],
    f1: (_cx, x) => {
      if (x instanceof Keyword) return x;
      if (typeof x === "string") return keywordFromString(x);
      if (x instanceof Sym) return keyword(x.name, x.ns);
      return null;
    },
    f2: (_cx, ns, n) =>
      keyword(strArg("keyword", n, "a string name"), ns === null ? null : strArg("keyword", ns, "a string namespace")),
  },
  {
    name: "symbol",
    arglists: ["[name]", "[ns name]"],
    doc: "The symbol with this name (a string, keyword or symbol).",
    examples: [
      { code: '(symbol "a")', result: "a" },
      { code: '(symbol "user" "id")', result: "user/id" },
    ],
    f1: (_cx, x) => {
      if (x instanceof Sym) return x;
      if (typeof x === "string") return symbolFromString(x);
      if (x instanceof Keyword) return new Sym(x.ns, x.name);
      if (x instanceof Var) return new Sym(null, x.name);
      throw typeError("symbol", "a string, keyword or symbol", x);
    },
    f2: (_cx, ns, n) =>
      new Sym(ns === null ? null : strArg("symbol", ns, "a string namespace"), strArg("symbol", n, "a string name")),
  },
  {
    name: "char",
    arglists: ["[code]"],
    doc: "The character with this UTF-16 code.",
    examples: [{ code: "(char 97)", result: "\\a" }],
    f1: (_cx, x) => {
      if (x instanceof Char) return x;
      const n = typeof x === "number" ? Math.trunc(x) : x instanceof PtcFloat ? x.value : NaN;
      if (!(n >= 0 && n <= 0xffff)) throw typeError("char", "an integer from 0 to 65535", x);
      return char(String.fromCharCode(n));
    },
  },

  // -------------------------------------------------------------------------------------
  // clojure.string

  {
    name: "join",
    ns: "clojure.string",
    arglists: ["[coll]", "[separator coll]"],
    doc: "The text of the items joined, with an optional separator.",
    examples: [
      { code: '(clojure.string/join ", " [1 2 3])', result: '"1, 2, 3"' },
      { code: "(clojure.string/join [:a nil 1])", result: '":a1"' },
    ],
    f1: (cx, c) => (isRealized(c) ? strAll(cx, asArray(cx, c)) : joinStreamed(cx, "", c)),
    f2: (cx, sep, c) => {
      if (!isRealized(c)) return joinStreamed(cx, strOf(cx, sep), c);
      const items = asArray(cx, c);
      const sepText = strOf(cx, sep);
      const texts = new Array<string>(items.length);
      let len = 0;
      for (let i = 0; i < items.length; i++) {
        const t = strOf(cx, items[i]!);
        texts[i] = t;
        len += t.length + sepText.length;
        growing(cx, len);
      }
      cx.charge(items.length);
      cx.checkString(len);
      return texts.join(sepText);
    },
  },
  {
    name: "split",
    ns: "clojure.string",
    arglists: ["[s re]", "[s re limit]"],
    doc: "A vector of the parts of s between matches of a regex (or a literal string); trailing empty parts are dropped unless a limit is given.",
    examples: [
      { code: '(clojure.string/split "a,b,,c,," #",")', result: '["a" "b" "" "c"]' },
      { code: '(clojure.string/split "a b c" #" " 2)', result: '["a" "b c"]' },
      { code: '(clojure.string/split "k=v" "=")', result: '["k" "v"]' },
    ],
    f2: (cx, s, sep) => vec(javaSplit(cx, strArg("split", s), splitSep(sep), 0)),
    f3: (cx, s, sep, limit) =>
      vec(javaSplit(cx, strArg("split", s), splitSep(sep), intArg("split", limit, "an integer limit"))),
  },
  {
    name: "split-lines",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "A vector of the lines of s (split at \\n or \\r\\n); trailing empty lines are dropped.",
    examples: [{ code: '(clojure.string/split-lines "a\\nb\\r\\nc\\n\\n")', result: '["a" "b" "c"]' }],
    f1: (cx, s) => vec(javaSplit(cx, strArg("split-lines", s), LINE_BREAK, 0)),
  },
  {
    name: "upper-case",
    ns: "clojure.string",
    aliases: ["upcase"],
    arglists: ["[s]"],
    doc: "s in upper case.",
    examples: [{ code: '(clojure.string/upper-case "abc")', result: '"ABC"' }],
    f1: (cx, s) => {
      const out = strArg("upper-case", s).toUpperCase();
      cx.checkString(out.length);
      return out;
    },
  },
  {
    name: "lower-case",
    ns: "clojure.string",
    aliases: ["downcase"],
    arglists: ["[s]"],
    doc: "s in lower case.",
    examples: [{ code: '(clojure.string/lower-case "ABC")', result: '"abc"' }],
    f1: (cx, s) => {
      const out = strArg("lower-case", s).toLowerCase();
      cx.checkString(out.length);
      return out;
    },
  },
  {
    name: "capitalize",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "s with its first character in upper case and the rest in lower case.",
    examples: [{ code: '(clojure.string/capitalize "hELLO world")', result: '"Hello world"' }],
    f1: (cx, sv) => {
      const s = strArg("capitalize", sv);
      cx.checkString(s.length);
      if (s.length < 2) return s.toUpperCase();
      return s.slice(0, 1).toUpperCase() + s.slice(1).toLowerCase();
    },
  },
  {
    name: "trim",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "s without leading and trailing whitespace.",
    examples: [{ code: '(clojure.string/trim "  a b \\n")', result: '"a b"' }],
    f1: (_cx, sv) => {
      const s = strArg("trim", sv);
      const j = trimEnd(s);
      let i = 0;
      while (i < j && isJavaWhitespace(s.charCodeAt(i))) i++;
      return i === 0 && j === s.length ? s : s.slice(i, j);
    },
  },
  {
    name: "triml",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "s without leading whitespace.",
    examples: [{ code: '(clojure.string/triml "  a b  ")', result: '"a b  "' }],
    f1: (_cx, sv) => {
      const s = strArg("triml", sv);
      return s.slice(trimStart(s));
    },
  },
  {
    name: "trimr",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "s without trailing whitespace.",
    examples: [{ code: '(clojure.string/trimr "  a b  ")', result: '"  a b"' }],
    f1: (_cx, sv) => {
      const s = strArg("trimr", sv);
      return s.slice(0, trimEnd(s));
    },
  },
  {
    name: "trim-newline",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "s without trailing newline and return characters.",
    examples: [{ code: '(clojure.string/trim-newline "a\\r\\n\\n")', result: '"a"' }],
    f1: (_cx, sv) => {
      const s = strArg("trim-newline", sv);
      let j = s.length;
      while (j > 0 && (s.charCodeAt(j - 1) === 10 || s.charCodeAt(j - 1) === 13)) j--;
      return s.slice(0, j);
    },
  },
  {
    name: "blank?",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "True if s is nil, empty or only whitespace.",
    examples: [
      { code: '(clojure.string/blank? " \\t")', result: "true" },
      { code: "(clojure.string/blank? nil)", result: "true" },
    ],
    f1: (_cx, s) => {
      if (s === null) return true;
      const str = strArg("blank?", s);
      return trimStart(str) === str.length;
    },
  },
  {
    name: "includes?",
    ns: "clojure.string",
    arglists: ["[s substr]"],
    doc: "True if s contains substr.",
    examples: [{ code: '(clojure.string/includes? "hello" "ell")', result: "true" }],
    f2: (_cx, s, sub) => strArg("includes?", s).includes(strArg("includes?", sub, "a string to look for")),
  },
  {
    name: "starts-with?",
    ns: "clojure.string",
    arglists: ["[s prefix]"],
    doc: "True if s starts with prefix.",
    examples: [{ code: '(clojure.string/starts-with? "hello" "he")', result: "true" }],
    f2: (_cx, s, p) => strArg("starts-with?", s).startsWith(strArg("starts-with?", p, "a string prefix")),
  },
  {
    name: "ends-with?",
    ns: "clojure.string",
    arglists: ["[s suffix]"],
    doc: "True if s ends with suffix.",
    examples: [{ code: '(clojure.string/ends-with? "hello" "lo")', result: "true" }],
    f2: (_cx, s, p) => strArg("ends-with?", s).endsWith(strArg("ends-with?", p, "a string suffix")),
  },
  {
    name: "index-of",
    ns: "clojure.string",
    arglists: ["[s value]", "[s value from-index]"],
    doc: "The index of the first occurrence of value (a string or character) in s, from an optional index; nil when absent.",
    examples: [
      { code: '(clojure.string/index-of "banana" "an")', result: "1" },
      { code: '(clojure.string/index-of "banana" \\n 3)', result: "4" },
      { code: '(clojure.string/index-of "banana" "x")', result: "nil" },
    ],
    f2: (_cx, s, v) => {
      const i = javaIndexOf(strArg("index-of", s), needleOf("index-of", v), 0);
      return i < 0 ? null : i;
    },
    f3: (_cx, s, v, from) => {
      const i = javaIndexOf(
        strArg("index-of", s),
        needleOf("index-of", v),
        intArg("index-of", from, "an integer index"),
      );
      return i < 0 ? null : i;
    },
  },
  {
    name: "last-index-of",
    ns: "clojure.string",
    arglists: ["[s value]", "[s value from-index]"],
    doc: "The index of the last occurrence of value in s, searching backward from an optional index; nil when absent.",
    examples: [
      { code: '(clojure.string/last-index-of "banana" "an")', result: "3" },
      { code: '(clojure.string/last-index-of "banana" "an" 2)', result: "1" },
    ],
    f2: (_cx, sv, v) => {
      const s = strArg("last-index-of", sv);
      const i = javaLastIndexOf(s, needleOf("last-index-of", v), s.length);
      return i < 0 ? null : i;
    },
    f3: (_cx, sv, v, from) => {
      const s = strArg("last-index-of", sv);
      const i = javaLastIndexOf(s, needleOf("last-index-of", v), intArg("last-index-of", from, "an integer index"));
      return i < 0 ? null : i;
    },
  },
  {
    name: "replace",
    ns: "clojure.string",
    arglists: ["[s match replacement]"],
    doc: "s with every match replaced: a string or character by a string or character, or a regex by a string (with $1 for groups) or by a function of the match.",
    examples: [
      { code: '(clojure.string/replace "a-b-c" "-" "+")', result: '"a+b+c"' },
      { code: '(clojure.string/replace "2024-01-15" #"(\\d+)-(\\d+)-(\\d+)" "$3/$2/$1")', result: '"15/01/2024"' },
      { code: '(clojure.string/replace "a1b22" #"\\d+" (fn [m] (str "<" m ">")))', result: '"a<1>b<22>"' },
    ],
    f3: (cx, s, match, replacement) => replaceImpl(cx, "replace", s, match, replacement, false),
  },
  {
    name: "replace-first",
    ns: "clojure.string",
    arglists: ["[s match replacement]"],
    doc: "s with the first match replaced, as replace does.",
    examples: [{ code: '(clojure.string/replace-first "a-b-c" "-" "+")', result: '"a+b-c"' }],
    f3: (cx, s, match, replacement) => replaceImpl(cx, "replace-first", s, match, replacement, true),
  },
  {
    name: "reverse",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "s with its characters in reverse order (surrogate pairs kept together).",
    examples: [{ code: '(clojure.string/reverse "abc")', result: '"cba"' }],
    f1: (cx, sv) => {
      const s = strArg("reverse", sv);
      cx.checkString(s.length);
      let out = "";
      for (let i = s.length - 1; i >= 0; i--) {
        const c = s.charCodeAt(i);
        if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
          const h = s.charCodeAt(i - 1);
          if (h >= 0xd800 && h <= 0xdbff) {
            out += s[i - 1]! + s[i]!;
            i--;
            continue;
          }
        }
        out += s[i]!;
      }
      return out;
    },
  },
  {
    name: "escape",
    ns: "clojure.string",
    arglists: ["[s cmap]"],
    doc: "s with each character c replaced by (cmap c) when that is not nil.",
    examples: [{ code: '(clojure.string/escape "a<b>" {\\< "&lt;" \\> "&gt;"})', result: '"a&lt;b&gt;"' }],
    f2: (cx, sv, cmap) => {
      const s = strArg("escape", sv);
      let out = "";
      for (let i = 0; i < s.length; i++) {
        const ch = s[i]!;
        const r = call1(cx, cmap, char(ch));
        out += r === null || r === false ? ch : strOf(cx, r);
        growing(cx, out.length);
      }
      cx.charge(s.length);
      cx.checkString(out.length);
      return out;
    },
  },
];

function splitSep(sep: Value): Regex | string {
  if (sep instanceof Regex) return sep;
  if (typeof sep === "string") return sep;
  return regexArg("split", sep);
}

/** `#"\r?\n"`, where split-lines splits. */
const LINE_BREAK = compileRegex("\\r?\\n");
