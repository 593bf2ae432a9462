/**
 * Sets of code points, as the parser builds them and the VM tests them: sorted, merged
 * ranges plus Unicode properties. Also the predefined classes (`\d`, `\w`, `\s`, `.` and
 * their Unicode variants), the names `\p{...}` accepts (general categories, POSIX classes,
 * binary properties, scripts, `java.lang.Character` classes), and Java's
 * `Character.isWhitespace`.
 */
import { table } from "../table.js";

export const MAX_CP = 0x10ffff;

/** A Unicode property escape (`\p{L}`), tested one code point at a time by the VM. */
export interface Prop {
  readonly js: string;
  readonly re: RegExp;
}

/**
 * A set of code points: sorted, merged inclusive ranges `[lo0, hi0, lo1, hi1, ...]`, plus
 * Unicode properties. `negated` is only ever set when there are properties (a set of
 * plain ranges is complemented directly).
 */
export interface CharSet {
  readonly ranges: readonly number[];
  readonly props: readonly Prop[];
  readonly negated: boolean;
}

function normalize(flat: readonly number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const n = out.length;
    if (n > 0 && lo <= out[n - 1]! + 1) {
      if (hi > out[n - 1]!) out[n - 1] = hi;
    } else out.push(lo, hi);
  }
  return out;
}

function complementRanges(r: readonly number[]): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < r.length; i += 2) {
    if (r[i]! > next) out.push(next, r[i]! - 1);
    next = r[i + 1]! + 1;
  }
  if (next <= MAX_CP) out.push(next, MAX_CP);
  return out;
}

export function rangesHave(r: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = (r.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < r[2 * mid]!) hi = mid - 1;
    else if (cp > r[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

export function rangeSet(flat: readonly number[]): CharSet {
  return { ranges: normalize(flat), props: [], negated: false };
}

const propCache = new Map<string, Prop>();

function prop(js: string): Prop {
  let p = propCache.get(js);
  if (p === undefined) {
    p = { js, re: new RegExp(`^${js}$`, "u") };
    propCache.set(js, p);
  }
  return p;
}

function propSet(...js: string[]): CharSet {
  return { ranges: [], props: js.map(prop), negated: false };
}

export function setHas(s: CharSet, cp: number): boolean {
  let hit = rangesHave(s.ranges, cp);
  if (!hit && s.props.length > 0) {
    const ch = String.fromCodePoint(cp);
    for (const p of s.props) {
      if (p.re.test(ch)) {
        hit = true;
        break;
      }
    }
  }
  return hit !== s.negated;
}

export function negateSet(s: CharSet): CharSet {
  if (s.props.length === 0) return { ranges: complementRanges(s.ranges), props: [], negated: false };
  return { ranges: s.ranges, props: s.props, negated: !s.negated };
}

export function unionSets(a: CharSet, b: CharSet, at: () => never): CharSet {
  if (
    (a.negated && (b.ranges.length > 0 || b.props.length > 0)) ||
    (b.negated && (a.ranges.length > 0 || a.props.length > 0))
  )
    return at();
  if (a.negated) return a;
  if (b.negated) return b;
  return { ranges: normalize([...a.ranges, ...b.ranges]), props: [...a.props, ...b.props], negated: false };
}

export function intersectSets(a: CharSet, b: CharSet, at: () => never): CharSet {
  if (a.props.length > 0 || b.props.length > 0) return at();
  return {
    ranges: complementRanges(normalize([...complementRanges(a.ranges), ...complementRanges(b.ranges)])),
    props: [],
    negated: false,
  };
}

/** Add the other case of every letter: ASCII only (Java's default), or all of Unicode. */
export function caseClose(s: CharSet, unicode: boolean): CharSet {
  const extra: number[] = [];
  const r = s.ranges;
  for (let i = 0; i < r.length; i += 2) {
    const lo = r[i]!;
    const hi = r[i + 1]!;
    const a = Math.max(lo, 0x61);
    const b = Math.min(hi, 0x7a);
    if (a <= b) extra.push(a - 32, b - 32);
    const c = Math.max(lo, 0x41);
    const d = Math.min(hi, 0x5a);
    if (c <= d) extra.push(c + 32, d + 32);
    if (unicode && hi >= 0x80) {
      const end = Math.min(hi, Math.max(lo, 0x80) + 20_000);
      for (let cp = Math.max(lo, 0x80); cp <= end; cp++) {
        const ch = String.fromCodePoint(cp);
        for (const v of [ch.toLowerCase(), ch.toUpperCase()]) {
          const vc = v.codePointAt(0)!;
          if (v.length === (vc > 0xffff ? 2 : 1) && vc !== cp) extra.push(vc, vc);
        }
      }
    }
  }
  if (extra.length === 0) return s;
  return { ranges: normalize([...r, ...extra]), props: s.props, negated: s.negated };
}

export const ANY: CharSet = rangeSet([0, MAX_CP]);
export const DIGIT = rangeSet([0x30, 0x39]);
export const WORD = rangeSet([0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]);
export const SPACE = rangeSet([0x09, 0x0d, 0x20, 0x20]);
export const HSPACE = rangeSet([
  0x09, 0x09, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x180e, 0x180e, 0x2000, 0x200a, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000,
]);
export const VSPACE = rangeSet([0x0a, 0x0d, 0x85, 0x85, 0x2028, 0x2029]);
const LINE_TERMINATORS = rangeSet([0x0a, 0x0a, 0x0d, 0x0d, 0x85, 0x85, 0x2028, 0x2029]);
export const DOT = negateSet(LINE_TERMINATORS);
export const DOT_UNIX = negateSet(rangeSet([0x0a, 0x0a]));
export const U_DIGIT = propSet("\\p{Nd}");
export const U_WORD = propSet("\\p{Alphabetic}", "\\p{M}", "\\p{Nd}", "\\p{Pc}", "\\p{Join_Control}");
export const U_SPACE = propSet("\\p{White_Space}");

/** Java's POSIX classes (`\p{Alpha}`), ASCII as in Java without UNICODE_CHARACTER_CLASS. */
const POSIX: Readonly<Record<string, readonly number[]>> = table({
  lower: [0x61, 0x7a],
  upper: [0x41, 0x5a],
  ascii: [0, 0x7f],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  digit: [0x30, 0x39],
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  graph: [0x21, 0x7e],
  print: [0x20, 0x7e],
  blank: [0x09, 0x09, 0x20, 0x20],
  cntrl: [0, 0x1f, 0x7f, 0x7f],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
  space: [0x09, 0x0d, 0x20, 0x20],
});

/** Java's `\p{IsXxx}` binary properties, as JavaScript property names. */
const BINARY_PROPS: Readonly<Record<string, string>> = table({
  alphabetic: "Alphabetic",
  ideographic: "Ideographic",
  letter: "L",
  lowercase: "Lowercase",
  uppercase: "Uppercase",
  titlecase: "Lt",
  punctuation: "P",
  control: "Cc",
  white_space: "White_Space",
  whitespace: "White_Space",
  digit: "Nd",
  hex_digit: "Hex_Digit",
  hexdigit: "Hex_Digit",
  join_control: "Join_Control",
  joincontrol: "Join_Control",
  noncharacter_code_point: "Noncharacter_Code_Point",
  noncharactercodepoint: "Noncharacter_Code_Point",
  assigned: "Assigned",
  emoji: "Emoji",
  emoji_presentation: "Emoji_Presentation",
  emoji_modifier: "Emoji_Modifier",
  emoji_modifier_base: "Emoji_Modifier_Base",
  emoji_component: "Emoji_Component",
  extended_pictographic: "Extended_Pictographic",
});

/** `java.lang.Character` classes (`\p{javaLowerCase}`). */
const JAVA_PROPS: Readonly<Record<string, readonly string[]>> = table({
  javalowercase: ["\\p{Lowercase}"],
  javauppercase: ["\\p{Uppercase}"],
  javaalphabetic: ["\\p{Alphabetic}"],
  javaletter: ["\\p{L}"],
  javadigit: ["\\p{Nd}"],
  javaletterordigit: ["\\p{L}", "\\p{Nd}"],
  javaideographic: ["\\p{Ideographic}"],
  javatitlecase: ["\\p{Lt}"],
  javaspacechar: ["\\p{Z}"],
});

const CATEGORIES = new Set(
  "L Lu Ll Lt Lm Lo LC M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp C Cc Cf Co Cs Cn".split(
    " ",
  ),
);

function validJsProp(js: string): boolean {
  try {
    new RegExp(js, "u");
    return true;
  } catch {
    return false;
  }
}

/** The set named by `\p{name}`, or null when Java would not know the name either. */
export function namedSet(name: string): CharSet | null {
  const lower = name.toLowerCase();
  if (lower === "ld") return propSet("\\p{L}", "\\p{Nd}");
  if (CATEGORIES.has(name)) return propSet(`\\p{${name}}`);
  const posix = POSIX[lower];
  if (posix !== undefined && !name.startsWith("Is")) return rangeSet(posix);
  const java = JAVA_PROPS[lower];
  if (java !== undefined) return propSet(...java);
  if (lower === "javawhitespace") return JAVA_WHITESPACE;
  const eq = name.indexOf("=");
  if (eq > 0) {
    const key = name.slice(0, eq).toLowerCase();
    const value = name.slice(eq + 1);
    if (key === "general_category" || key === "gc") return CATEGORIES.has(value) ? propSet(`\\p{${value}}`) : null;
    if (key === "script" || key === "sc") return scriptSet(value);
    return null;
  }
  if (/^is/i.test(name)) {
    const rest = name.slice(2);
    if (CATEGORIES.has(rest)) return propSet(`\\p{${rest}}`);
    const bin = BINARY_PROPS[rest.toLowerCase()];
    if (bin !== undefined) return propSet(`\\p{${bin}}`);
    return scriptSet(rest);
  }
  return null;
}

function scriptSet(name: string): CharSet | null {
  const canonical = name
    .toLowerCase()
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("_");
  for (const n of [name, canonical]) {
    const js = `\\p{Script=${n}}`;
    if (/^[A-Za-z_]+$/.test(n) && validJsProp(js)) return propSet(js);
  }
  return null;
}

/** Character.isWhitespace: Unicode space separators except no-break spaces, plus controls. */
const JAVA_WHITESPACE = rangeSet([
  0x09, 0x0d, 0x1c, 0x20, 0x1680, 0x1680, 0x2000, 0x2006, 0x2008, 0x200a, 0x2028, 0x2029, 0x205f, 0x205f, 0x3000,
  0x3000,
]);

/** Java's `Character.isWhitespace` for one UTF-16 unit (used by clojure.string functions). */
export function isJavaWhitespace(code: number): boolean {
  return rangesHave(JAVA_WHITESPACE.ranges, code);
}
