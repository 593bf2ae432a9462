/**
 * Regular expressions written in Java's syntax (as Clojure programs use them).
 *
 * A pattern is parsed here, by Java's rules, into a small syntax tree. From the tree come:
 *
 * - a JavaScript RegExp (`u` flag) with Java's meaning: `\s` is ASCII whitespace, `.` and
 *   `$` know Java's line terminators, `(?i)` folds ASCII case only, `\Q...\E`, possessive
 *   and atomic constructs are rewritten or rejected with a message saying what to write;
 * - a cost model of backtracking: JavaScript engines backtrack, a match cannot be
 *   interrupted, and `(a+)+b` or `.*a.*b` take exponential or polynomial time on
 *   unlucky input;
 * - a program for a Pike VM (Thompson's construction with Pike's submatch tracking): a
 *   linear-time matcher that charges the step budget as it goes.
 *
 * Each match runs on V8 when the cost model says the worst case is cheap for that input
 * length, and on the VM otherwise (patterns with nested quantifiers always run there). The
 * VM gives the same results as backtracking (leftmost, with the same group captures) for
 * everything it supports, lookaround included (a lookaround runs a sub-match at each
 * position). Patterns it cannot run (back references, or counted repetitions too large to
 * expand) run on V8 within a bounded input length, and are rejected up front when they can
 * blow up exponentially.
 *
 * Builtins match through `regexFind`, `regexMatches`, `regexEach` and `regexSplitFast`,
 * never through `Regex.re` directly.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Cx } from "./context.js";
import { Regex } from "./values.js";

/** Longest pattern accepted, to keep compile time and matching bounded. */
export const MAX_PATTERN = 2_000;

const MAX_CP = 0x10ffff;

// =======================================================================================
// Character sets

/** A Unicode property escape (`\p{L}`), tested one code point at a time by the VM. */
interface Prop {
  readonly js: string;
  readonly re: RegExp;
}

/**
 * A set of code points: sorted, merged inclusive ranges `[lo0, hi0, lo1, hi1, ...]`, plus
 * Unicode properties. `negated` is only ever set when there are properties (a set of
 * plain ranges is complemented directly).
 */
interface CharSet {
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

function rangesHave(r: readonly number[], cp: number): boolean {
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

function rangeSet(flat: readonly number[]): CharSet {
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

function setHas(s: CharSet, cp: number): boolean {
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

function negateSet(s: CharSet): CharSet {
  if (s.props.length === 0) return { ranges: complementRanges(s.ranges), props: [], negated: false };
  return { ranges: s.ranges, props: s.props, negated: !s.negated };
}

function unionSets(a: CharSet, b: CharSet, at: () => never): CharSet {
  if (
    (a.negated && (b.ranges.length > 0 || b.props.length > 0)) ||
    (b.negated && (a.ranges.length > 0 || a.props.length > 0))
  )
    return at();
  if (a.negated) return a;
  if (b.negated) return b;
  return { ranges: normalize([...a.ranges, ...b.ranges]), props: [...a.props, ...b.props], negated: false };
}

function intersectSets(a: CharSet, b: CharSet, at: () => never): CharSet {
  if (a.props.length > 0 || b.props.length > 0) return at();
  return {
    ranges: complementRanges(normalize([...complementRanges(a.ranges), ...complementRanges(b.ranges)])),
    props: [],
    negated: false,
  };
}

/** Add the other case of every letter: ASCII only (Java's default), or all of Unicode. */
function caseClose(s: CharSet, unicode: boolean): CharSet {
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

const ANY: CharSet = rangeSet([0, MAX_CP]);
const DIGIT = rangeSet([0x30, 0x39]);
const WORD = rangeSet([0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]);
const SPACE = rangeSet([0x09, 0x0d, 0x20, 0x20]);
const HSPACE = rangeSet([
  0x09, 0x09, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x180e, 0x180e, 0x2000, 0x200a, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000,
]);
const VSPACE = rangeSet([0x0a, 0x0d, 0x85, 0x85, 0x2028, 0x2029]);
const LINE_TERMINATORS = rangeSet([0x0a, 0x0a, 0x0d, 0x0d, 0x85, 0x85, 0x2028, 0x2029]);
const DOT = negateSet(LINE_TERMINATORS);
const DOT_UNIX = negateSet(rangeSet([0x0a, 0x0a]));
const U_DIGIT = propSet("\\p{Nd}");
const U_WORD = propSet("\\p{Alphabetic}", "\\p{M}", "\\p{Nd}", "\\p{Pc}", "\\p{Join_Control}");
const U_SPACE = propSet("\\p{White_Space}");

/** Java's POSIX classes (`\p{Alpha}`), ASCII as in Java without UNICODE_CHARACTER_CLASS. */
const POSIX: Readonly<Record<string, readonly number[]>> = {
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
};

/** Java's `\p{IsXxx}` binary properties, as JavaScript property names. */
const BINARY_PROPS: Readonly<Record<string, string>> = {
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
};

/** `java.lang.Character` classes (`\p{javaLowerCase}`). */
const JAVA_PROPS: Readonly<Record<string, readonly string[]>> = {
  javalowercase: ["\\p{Lowercase}"],
  javauppercase: ["\\p{Uppercase}"],
  javaalphabetic: ["\\p{Alphabetic}"],
  javaletter: ["\\p{L}"],
  javadigit: ["\\p{Nd}"],
  javaletterordigit: ["\\p{L}", "\\p{Nd}"],
  javaideographic: ["\\p{Ideographic}"],
  javatitlecase: ["\\p{Lt}"],
  javaspacechar: ["\\p{Z}"],
};

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
function namedSet(name: string): CharSet | null {
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

// =======================================================================================
// Syntax tree

type Assertion =
  | "start"
  | "end"
  | "endZ"
  | "endZUnix"
  | "bolM"
  | "bolMUnix"
  | "eolM"
  | "eolMUnix"
  | "wordB"
  | "notWordB"
  | "uWordB"
  | "uNotWordB";

type Node =
  | { readonly k: "set"; readonly set: CharSet }
  | { readonly k: "seq"; readonly items: readonly Node[] }
  | { readonly k: "alt"; readonly alts: readonly Node[] }
  | { readonly k: "group"; readonly cap: number; readonly body: Node }
  | { readonly k: "rep"; readonly body: Node; readonly min: number; readonly max: number; readonly lazy: boolean }
  | { readonly k: "assert"; readonly a: Assertion }
  | { readonly k: "look"; readonly behind: boolean; readonly neg: boolean; readonly body: Node }
  | { k: "ref"; n: number; readonly name?: string };

const EMPTY: Node = { k: "seq", items: [] };

interface Flags {
  i: boolean;
  d: boolean;
  m: boolean;
  s: boolean;
  u: boolean;
  x: boolean;
  U: boolean;
}

// =======================================================================================
// Parser (java.util.regex.Pattern's syntax)

class Parser {
  private pos = 0;
  groups = 0;
  readonly names = new Map<string, number>();
  readonly refs: Extract<Node, { k: "ref" }>[] = [];

  constructor(
    private readonly src: string,
    private flags: Flags,
  ) {}

  fail(what: string, hint?: string, at: number = this.pos): never {
    throw new PtcError({
      kind: "type",
      message: `invalid regex #"${this.src}": ${what} at index ${Math.min(at, this.src.length)}`,
      hint,
    });
  }

  unsupported(what: string, hint: string): never {
    throw new PtcError({ kind: "type", message: `regex ${what} is not supported (in #"${this.src}")`, hint });
  }

  parse(): Node {
    const n = this.alternation();
    if (this.pos < this.src.length) {
      // Only an unmatched `)` stops an alternation early.
      this.fail("unmatched closing ')'", "escape a literal parenthesis as \\)");
    }
    for (const r of this.refs) {
      if (r.name !== undefined) {
        const n = this.names.get(r.name);
        if (n === undefined) this.fail(`named capturing group <${r.name}> does not exist`);
        r.n = n;
      }
    }
    return n;
  }

  private peek(): string {
    return this.src[this.pos] ?? "";
  }

  private more(): boolean {
    return this.pos < this.src.length;
  }

  /** In (?x) mode: skip whitespace and # comments. */
  private skipComments(): void {
    if (!this.flags.x) return;
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\x0B") this.pos++;
      else if (c === "#") {
        while (this.more() && this.peek() !== "\n") this.pos++;
      } else return;
    }
  }

  private alternation(): Node {
    const saved = this.flags;
    const alts: Node[] = [this.sequence()];
    while (this.peek() === "|") {
      this.pos++;
      alts.push(this.sequence());
    }
    // Inline flags like (?i) last until the end of the enclosing group.
    this.flags = saved;
    return alts.length === 1 ? alts[0]! : { k: "alt", alts };
  }

  private sequence(): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipComments();
      if (!this.more()) break;
      const c = this.peek();
      if (c === "|" || c === ")") break;
      const atom = this.atom();
      if (atom === null) continue;
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? items[0]! : { k: "seq", items };
  }

  private quantified(atom: Node): Node {
    this.skipComments();
    const c = this.peek();
    let min: number;
    let max: number;
    const start = this.pos;
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.src.slice(this.pos));
      if (m === null) {
        if (/^\{\d*(,\d*)?$/.test(this.src.slice(this.pos))) this.fail("unclosed counted closure");
        this.fail("illegal repetition", "escape a literal brace as \\{");
      }
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      if (max < min) this.fail("illegal repetition range", undefined, start);
      if (min > 100_000 || (max !== Infinity && max > 100_000))
        this.fail("repetition count too large", undefined, start);
      this.pos += m[0].length - 1;
    } else return atom;
    this.pos++;
    let lazy = false;
    if (this.peek() === "?") {
      lazy = true;
      this.pos++;
    } else if (this.peek() === "+") {
      this.unsupported(
        "possessive quantifier",
        `write ${this.src.slice(start, this.pos)} without the trailing + (a plain greedy quantifier)`,
      );
    }
    // A quantified zero-width assertion matches like the assertion itself (or always).
    if (atom.k === "assert" || atom.k === "look") return min === 0 ? EMPTY : atom;
    const q: Node = { k: "rep", body: atom, min, max, lazy };
    this.skipComments();
    const n = this.peek();
    if (n === "*" || n === "+" || n === "?" || (n === "{" && /^\{\d/.test(this.src.slice(this.pos))))
      this.fail(
        `dangling meta character '${n}'`,
        "a quantifier cannot follow another quantifier; wrap the first in (?:...)",
      );
    return q;
  }

  private atom(): Node | null {
    const c = this.peek();
    switch (c) {
      case "(":
        return this.group();
      case "[":
        this.pos++;
        return { k: "set", set: this.klass() };
      case ".":
        this.pos++;
        return { k: "set", set: this.flags.s ? ANY : this.flags.d ? DOT_UNIX : DOT };
      case "^":
        this.pos++;
        return { k: "assert", a: this.flags.m ? (this.flags.d ? "bolMUnix" : "bolM") : "start" };
      case "$":
        this.pos++;
        return {
          k: "assert",
          a: this.flags.m ? (this.flags.d ? "eolMUnix" : "eolM") : this.flags.d ? "endZUnix" : "endZ",
        };
      case "\\":
        return this.escape();
      case "*":
      case "+":
      case "?":
        return this.fail(`dangling meta character '${c}'`, `escape it as \\${c} to match it literally`);
      case "{":
        return this.fail("illegal repetition", "escape a literal brace as \\{");
      default: {
        const cp = this.src.codePointAt(this.pos)!;
        this.pos += cp > 0xffff ? 2 : 1;
        return this.charNode(cp);
      }
    }
  }

  private charNode(cp: number): Node {
    return { k: "set", set: this.caseFold(rangeSet([cp, cp])) };
  }

  private caseFold(s: CharSet): CharSet {
    return this.flags.i ? caseClose(s, this.flags.u || this.flags.U) : s;
  }

  private group(): Node | null {
    const open = this.pos;
    this.pos++;
    let cap = 0;
    let look: { behind: boolean; neg: boolean } | null = null;
    const saved = this.flags;
    if (this.peek() === "?") {
      this.pos++;
      const c = this.peek();
      if (c === ":") this.pos++;
      else if (c === "=" || c === "!") {
        this.pos++;
        look = { behind: false, neg: c === "!" };
      } else if (c === "<" && (this.src[this.pos + 1] === "=" || this.src[this.pos + 1] === "!")) {
        look = { behind: true, neg: this.src[this.pos + 1] === "!" };
        this.pos += 2;
      } else if (c === "<") {
        const m = /^<([a-zA-Z][a-zA-Z0-9]*)>/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("named capturing group is missing a valid name (letters, then letters or digits)");
        if (this.names.has(m[1]!)) this.fail(`named capturing group <${m[1]}> is already defined`);
        cap = ++this.groups;
        this.names.set(m[1]!, cap);
        this.pos += m[0].length;
      } else if (c === ">") {
        this.unsupported("atomic group (?>...)", "use a non-capturing group (?:...)");
      } else {
        const m = /^([idmsuxU]*)(?:-([idmsuxU]*))?([:)])/.exec(this.src.slice(this.pos));
        if (m === null) this.fail(`unknown inline modifier '${c}'`);
        const f = { ...this.flags };
        for (const ch of m[1]!) f[ch as keyof Flags] = true;
        for (const ch of m[2] ?? "") f[ch as keyof Flags] = false;
        this.pos += m[0].length;
        if (m[3] === ")") {
          // (?i) alone: applies to the rest of the enclosing group.
          this.flags = f;
          return null;
        }
        this.flags = f;
      }
    } else cap = ++this.groups;
    const body = this.alternation();
    this.flags = saved;
    if (this.peek() !== ")") this.fail("unclosed group", "close it with )", open);
    this.pos++;
    if (look !== null && look.behind && unitBounds(body)[1] === Infinity)
      this.fail(
        "look-behind group does not have an obvious maximum length",
        "use a bounded quantifier such as {0,20} in lookbehind",
        open,
      );
    if (look !== null) return { k: "look", behind: look.behind, neg: look.neg, body };
    return cap === 0 ? body : { k: "group", cap, body };
  }

  /** After a backslash, outside a character class. */
  private escape(): Node {
    const start = this.pos;
    this.pos++;
    const c = this.peek();
    if (c === "") this.fail("unexpected end of pattern after \\", "write \\\\ for a backslash");
    switch (c) {
      case "b":
        this.pos++;
        if (this.peek() === "{") this.unsupported("boundary \\b{...}", "use \\b");
        return { k: "assert", a: this.flags.U ? "uWordB" : "wordB" };
      case "B":
        this.pos++;
        return { k: "assert", a: this.flags.U ? "uNotWordB" : "notWordB" };
      case "A":
        this.pos++;
        return { k: "assert", a: "start" };
      case "z":
        this.pos++;
        return { k: "assert", a: "end" };
      case "Z":
        this.pos++;
        return { k: "assert", a: this.flags.d ? "endZUnix" : "endZ" };
      case "G":
        this.unsupported("\\G", "anchor with ^ instead");
        break;
      case "R":
        this.pos++;
        return {
          k: "alt",
          alts: [
            { k: "seq", items: [this.charNode(13), this.charNode(10)] },
            { k: "set", set: VSPACE },
          ],
        };
      case "X":
        this.unsupported("\\X (grapheme cluster)", "match the characters you need explicitly");
        break;
      case "Q": {
        this.pos++;
        const end = this.src.indexOf("\\E", this.pos);
        const lit = this.src.slice(this.pos, end < 0 ? undefined : end);
        this.pos = end < 0 ? this.src.length : end + 2;
        const items: Node[] = [];
        for (const ch of lit) items.push(this.charNode(ch.codePointAt(0)!));
        return items.length === 1 ? items[0]! : { k: "seq", items };
      }
      case "E":
        // A stray \E is ignored, as in Java.
        this.pos++;
        return EMPTY;
      case "k": {
        this.pos++;
        const m = /^<([a-zA-Z][a-zA-Z0-9]*)>/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("\\k is not followed by <name>");
        this.pos += m[0].length;
        const ref = { k: "ref" as const, n: 0, name: m[1]! };
        this.refs.push(ref);
        return ref;
      }
    }
    if (c >= "1" && c <= "9") {
      // Java reads as many digits as still name an existing group.
      let n = Number(c);
      this.pos++;
      while (/[0-9]/.test(this.peek())) {
        const next = n * 10 + Number(this.peek());
        if (next > this.groups) break;
        n = next;
        this.pos++;
      }
      const ref = { k: "ref" as const, n };
      this.refs.push(ref);
      return ref;
    }
    this.pos = start;
    const set = this.escapeSet();
    return { k: "set", set };
  }

  /**
   * An escape that stands for a set of characters or one character (`\d`, `\p{L}`, `\n`,
   * `\x41`, `\.`), at `this.pos` (on the backslash). Also used inside classes.
   */
  private escapeSet(): CharSet {
    const start = this.pos;
    this.pos++;
    const c = this.peek();
    this.pos++;
    const U = this.flags.U;
    switch (c) {
      case "d":
        return U ? U_DIGIT : DIGIT;
      case "D":
        return negateSet(U ? U_DIGIT : DIGIT);
      case "w":
        return U ? U_WORD : WORD;
      case "W":
        return negateSet(U ? U_WORD : WORD);
      case "s":
        return U ? U_SPACE : SPACE;
      case "S":
        return negateSet(U ? U_SPACE : SPACE);
      case "h":
        return HSPACE;
      case "H":
        return negateSet(HSPACE);
      case "v":
        return VSPACE;
      case "V":
        return negateSet(VSPACE);
      case "p":
      case "P": {
        let name: string;
        if (this.peek() === "{") {
          const end = this.src.indexOf("}", this.pos);
          if (end < 0) this.fail("unclosed character family", undefined, start);
          name = this.src.slice(this.pos + 1, end);
          this.pos = end + 1;
        } else {
          name = this.peek();
          this.pos++;
        }
        if (/^in/i.test(name) || /^(block|blk)=/i.test(name))
          this.unsupported(`Unicode block \\${c}{${name}}`, "use a script such as \\p{IsGreek} or an explicit range");
        const set = namedSet(name);
        if (set === null)
          this.fail(
            `unknown character property name {${name}}`,
            "examples: \\p{L}, \\p{Lu}, \\p{Alpha}, \\p{IsLatin}",
            start,
          );
        const folded = this.flags.i && set.props.length === 0 ? this.caseFold(set) : set;
        return c === "P" ? negateSet(folded) : folded;
      }
    }
    const one = this.escapeChar(c, start);
    return this.caseFold(rangeSet([one, one]));
  }

  /** The code point of a single-character escape (the letter after `\` already consumed). */
  private escapeChar(c: string, start: number): number {
    switch (c) {
      case "t":
        return 9;
      case "n":
        return 10;
      case "r":
        return 13;
      case "f":
        return 12;
      case "a":
        return 7;
      case "e":
        return 27;
      case "0": {
        const m = /^(?:[0-3][0-7]{2}|[0-7]{1,2})/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("illegal octal escape sequence", undefined, start);
        this.pos += m[0].length;
        return parseInt(m[0], 8);
      }
      case "x": {
        if (this.peek() === "{") {
          const m = /^\{([0-9a-fA-F]+)\}/.exec(this.src.slice(this.pos));
          if (m === null || parseInt(m[1]!, 16) > MAX_CP)
            this.fail("illegal hexadecimal escape sequence", undefined, start);
          this.pos += m[0].length;
          return parseInt(m[1]!, 16);
        }
        const m = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("illegal hexadecimal escape sequence", undefined, start);
        this.pos += 2;
        return parseInt(m[0], 16);
      }
      case "u": {
        const m = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.pos));
        if (m === null) this.fail("illegal Unicode escape sequence", undefined, start);
        this.pos += 4;
        let cp = parseInt(m[0], 16);
        // A surrogate pair written as two \u escapes is one code point.
        const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(this.src.slice(this.pos));
        if (cp >= 0xd800 && cp <= 0xdbff && low !== null) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
          this.pos += 6;
        }
        return cp;
      }
      case "c": {
        const ch = this.peek();
        if (ch === "") this.fail("illegal control escape sequence", undefined, start);
        this.pos++;
        return ch.charCodeAt(0) ^ 64;
      }
      case "N":
        return this.unsupported("\\N{name}", "write the character itself or \\uXXXX");
    }
    if (/[a-zA-Z]/.test(c))
      this.fail(`illegal escape sequence \\${c}`, "escape only punctuation; for a backslash write \\\\", start);
    if (c >= "1" && c <= "9") this.fail("back references are not allowed in a character class", undefined, start);
    // Any other escaped character is itself.
    const cp = this.src.codePointAt(this.pos - 1)!;
    if (cp > 0xffff) this.pos++;
    return cp;
  }

  /** A character class, after its `[`. */
  private klass(): CharSet {
    const open = this.pos - 1;
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.pos++;
    }
    const complex = (): never =>
      this.unsupported("character class mixing negated Unicode properties", "split the class");
    let acc: CharSet | null = null;
    let cur: CharSet = rangeSet([]);
    let first = true;
    for (;;) {
      if (this.flags.x) {
        while (/[ \t\n\r\f\x0B]/.test(this.peek())) this.pos++;
      }
      if (!this.more()) this.fail("unclosed character class", "close it with ]", open);
      const c = this.peek();
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      first = false;
      if (c === "[") {
        this.pos++;
        cur = unionSets(cur, this.klass(), complex);
        continue;
      }
      if (c === "&" && this.src[this.pos + 1] === "&") {
        this.pos += 2;
        acc = acc === null ? cur : intersectSets(acc, cur, complex);
        cur = rangeSet([]);
        // `[a-z&&]` means `[a-z]`: an empty right side is ignored, as in Java.
        if (this.peek() === "]") {
          cur = ANY;
        }
        continue;
      }
      let lo: number;
      if (c === "\\") {
        const n = this.src[this.pos + 1] ?? "";
        if ("dDwWsShHvVpP".includes(n) && n !== "") {
          cur = unionSets(cur, this.escapeSet(), complex);
          continue;
        }
        if (n === "Q") {
          const end = this.src.indexOf("\\E", this.pos + 2);
          const lit = this.src.slice(this.pos + 2, end < 0 ? undefined : end);
          this.pos = end < 0 ? this.src.length : end + 2;
          const flat: number[] = [];
          for (const ch of lit) flat.push(ch.codePointAt(0)!, ch.codePointAt(0)!);
          cur = unionSets(cur, this.caseFold(rangeSet(flat)), complex);
          continue;
        }
        this.pos += 2;
        lo = this.escapeChar(n, this.pos - 2);
      } else {
        lo = this.src.codePointAt(this.pos)!;
        this.pos += lo > 0xffff ? 2 : 1;
      }
      let hi = lo;
      if (this.peek() === "-" && this.src[this.pos + 1] !== "]" && this.src[this.pos + 1] !== undefined) {
        const after = this.src[this.pos + 1]!;
        if (after === "[") this.fail("illegal character range", undefined, this.pos);
        this.pos++;
        if (after === "\\") {
          const n = this.src[this.pos + 1] ?? "";
          if ("dDwWsShHvVpPQ".includes(n)) this.fail("illegal character range", undefined, this.pos);
          this.pos += 2;
          hi = this.escapeChar(n, this.pos - 2);
        } else {
          hi = this.src.codePointAt(this.pos)!;
          this.pos += hi > 0xffff ? 2 : 1;
        }
        if (hi < lo) this.fail("illegal character range", "write the smaller character first", this.pos - 1);
      }
      cur = unionSets(cur, this.caseFold(rangeSet([lo, hi])), complex);
    }
    const set = acc === null ? cur : intersectSets(acc, cur, complex);
    return negated ? negateSet(set) : set;
  }
}

// =======================================================================================
// JavaScript source

function hex(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

function classChar(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a))
    return String.fromCharCode(cp);
  return hex(cp);
}

function setSource(s: CharSet): string {
  const r = s.ranges;
  if (s.props.length === 0) {
    if (r.length === 2 && r[0] === 0 && r[1] === MAX_CP) return "[^]";
    if (r.length === 2 && r[0] === r[1]) return classChar(r[0]!);
  }
  let body = "";
  for (let i = 0; i < r.length; i += 2) {
    body += classChar(r[i]!);
    if (r[i + 1]! > r[i]!) body += (r[i + 1]! > r[i]! + 1 ? "-" : "") + classChar(r[i + 1]!);
  }
  for (const p of s.props) body += p.js;
  return `[${s.negated ? "^" : ""}${body}]`;
}

const TERM = "\\n\\r\\u{85}\\u{2028}\\u{2029}";
const U_WORD_SRC = setSource(U_WORD);

const ASSERT_SOURCE: Readonly<Record<Assertion, string>> = {
  start: "^",
  end: "$",
  endZ: `(?=(?:\\r\\n|[${TERM}])?$)(?!\\n(?<=\\r\\n))`,
  endZUnix: "(?=\\n?$)",
  bolM: `(?<![^${TERM}])(?!(?<=\\r)\\n)(?=[^])`,
  bolMUnix: "(?<![^\\n])(?=[^])",
  eolM: `(?=[${TERM}]|$)(?!(?<=\\r)\\n)`,
  eolMUnix: "(?=\\n|$)",
  wordB: "\\b",
  notWordB: "\\B",
  uWordB: `(?:(?<=${U_WORD_SRC})(?!${U_WORD_SRC})|(?<!${U_WORD_SRC})(?=${U_WORD_SRC}))`,
  uNotWordB: `(?:(?<=${U_WORD_SRC})(?=${U_WORD_SRC})|(?<!${U_WORD_SRC})(?!${U_WORD_SRC}))`,
};

function jsSource(n: Node, groups: number): string {
  switch (n.k) {
    case "set":
      return setSource(n.set);
    case "seq":
      return n.items.map((x) => jsSource(x, groups)).join("");
    case "alt":
      return `(?:${n.alts.map((x) => jsSource(x, groups)).join("|")})`;
    case "group":
      return `(${jsSource(n.body, groups)})`;
    case "rep": {
      // JavaScript skips an optional part that matches empty (its captures are lost);
      // Java takes it. An alternation takes it in both.
      if (n.min === 0 && n.max === 1 && shape(n.body).min === 0) {
        const b = jsSource(n.body, groups);
        return n.lazy ? `(?:|${b})` : `(?:${b}|)`;
      }
      const body =
        n.body.k === "set" || n.body.k === "group" ? jsSource(n.body, groups) : `(?:${jsSource(n.body, groups)})`;
      const q =
        n.min === 0 && n.max === Infinity
          ? "*"
          : n.min === 1 && n.max === Infinity
            ? "+"
            : n.min === 0 && n.max === 1
              ? "?"
              : n.max === Infinity
                ? `{${n.min},}`
                : n.min === n.max
                  ? `{${n.min}}`
                  : `{${n.min},${n.max}}`;
      return body + q + (n.lazy ? "?" : "");
    }
    case "assert":
      return ASSERT_SOURCE[n.a];
    case "look":
      return `(?${n.behind ? "<" : ""}${n.neg ? "!" : "="}${jsSource(n.body, groups)})`;
    case "ref":
      // Java: a reference to a group that does not exist never matches.
      return n.n > groups ? "(?!)" : `(?:\\${n.n})`;
  }
}

// =======================================================================================
// Cost model of backtracking

interface Shape {
  readonly min: number;
  readonly max: number;
  /** Contains a quantifier with a choice of counts, or an alternation. */
  readonly choice: boolean;
}

function shape(n: Node): Shape {
  switch (n.k) {
    case "set":
      return { min: 1, max: 1, choice: false };
    case "seq": {
      let min = 0;
      let max = 0;
      let choice = false;
      for (const x of n.items) {
        const s = shape(x);
        min += s.min;
        max += s.max;
        choice ||= s.choice;
      }
      return { min, max, choice };
    }
    case "alt": {
      let min = Infinity;
      let max = 0;
      for (const x of n.alts) {
        const s = shape(x);
        min = Math.min(min, s.min);
        max = Math.max(max, s.max);
      }
      return { min, max, choice: true };
    }
    case "group":
      return shape(n.body);
    case "rep": {
      const s = shape(n.body);
      return { min: s.min * n.min, max: s.max * n.max, choice: s.choice || n.max > n.min };
    }
    case "assert":
    case "look":
      return { min: 0, max: 0, choice: false };
    case "ref":
      return { min: 0, max: Infinity, choice: true };
  }
}

/**
 * Backtracking cost of a pattern as a function of the input length n: n^degree * factor
 * at worst (the search over start positions counts one degree), or Infinity for nested
 * quantifiers and repeated alternations, which can take exponential time.
 */
interface Cost {
  degree: number;
  /** log10 of the constant factor. */
  logFactor: number;
  exponential: boolean;
}

/** Can matching fail at this node (anything but an always-matching, zero-width node)? */
function canFail(n: Node): boolean {
  switch (n.k) {
    case "set":
    case "assert":
    case "look":
    case "ref":
      return true;
    case "seq":
      return n.items.some(canFail);
    case "alt":
      return n.alts.every(canFail);
    case "group":
      return canFail(n.body);
    case "rep":
      return n.min > 0 && canFail(n.body);
  }
}

function analyze(n: Node, tail: boolean, cost: Cost): void {
  switch (n.k) {
    case "seq":
      for (let i = 0; i < n.items.length; i++) {
        const restFails = n.items.slice(i + 1).some(canFail);
        analyze(n.items[i]!, tail && !restFails, cost);
      }
      return;
    case "alt":
      if (!tail) cost.logFactor += Math.log10(n.alts.length);
      for (const a of n.alts) analyze(a, tail, cost);
      return;
    case "group":
      analyze(n.body, tail, cost);
      return;
    case "look":
      // A lookaround is atomic: once its body matches, nothing backtracks into it.
      analyze(n.body, true, cost);
      return;
    case "rep": {
      const body = shape(n.body);
      if (n.max > 1 && (body.choice || body.max > body.min)) {
        // A repeated body that can match in several ways: exponential in the worst case
        // (unless the count is tiny). A body that can match empty always counts: engines
        // treat empty iterations differently, so such patterns always run on the VM.
        if (n.max === Infinity || n.max > 4 || body.min === 0) cost.exponential = true;
        else cost.logFactor += n.max * 2;
      }
      if (!tail && n.max > n.min) {
        if (n.max === Infinity) cost.degree++;
        else cost.logFactor += Math.log10(n.max - n.min + 1);
      }
      // After the last iteration only the exit is left, which succeeds when the repetition
      // is in tail position: the body inherits it.
      analyze(n.body, tail, cost);
      return;
    }
    case "ref":
      if (!tail) cost.degree++;
      return;
    default:
      return;
  }
}

// =======================================================================================
// Pike VM

const enum Op {
  Set,
  Split,
  Jmp,
  Save,
  Assert,
  Look,
  Match,
}

interface Inst {
  op: Op;
  set?: CharSet;
  /** Fast path: a single code point. */
  cp?: number;
  x?: number;
  y?: number;
  n?: number;
  a?: Assertion;
  /** Lookaround: the body's own program, and (behind) its length bounds in UTF-16 units. */
  sub?: Inst[];
  behind?: boolean;
  neg?: boolean;
  min?: number;
  max?: number;
}

/** Most VM instructions a pattern may compile to (counted repetitions are expanded). */
const MAX_PROGRAM = 20_000;

class NoVm extends Error {}

/** Length bounds of what a node matches, in UTF-16 units. */
function unitBounds(n: Node): [number, number] {
  switch (n.k) {
    case "set": {
      const r = n.set.ranges;
      const astral = n.set.negated || n.set.props.length > 0 || (r.length > 0 && r[r.length - 1]! > 0xffff);
      return [1, astral ? 2 : 1];
    }
    case "seq": {
      let min = 0;
      let max = 0;
      for (const x of n.items) {
        const [a, b] = unitBounds(x);
        min += a;
        max += b;
      }
      return [min, max];
    }
    case "alt": {
      let min = Infinity;
      let max = 0;
      for (const x of n.alts) {
        const [a, b] = unitBounds(x);
        min = Math.min(min, a);
        max = Math.max(max, b);
      }
      return [min, max];
    }
    case "group":
      return unitBounds(n.body);
    case "rep": {
      const [a, b] = unitBounds(n.body);
      return [a * n.min, n.max === Infinity ? (b === 0 ? 0 : Infinity) : b * n.max];
    }
    case "assert":
    case "look":
      return [0, 0];
    case "ref":
      return [0, Infinity];
  }
}

/** Compile a node to a VM program; `whole` adds the saves of group 0. Throws NoVm. */
function compileProgram(root: Node, whole: boolean, budget: { left: number }): Inst[] {
  const prog: Inst[] = [];
  const emit = (i: Inst): number => {
    if (--budget.left < 0) throw new NoVm();
    prog.push(i);
    return prog.length - 1;
  };
  const gen = (n: Node): void => {
    switch (n.k) {
      case "set": {
        const r = n.set.ranges;
        if (n.set.props.length === 0 && r.length === 2 && r[0] === r[1]) emit({ op: Op.Set, cp: r[0]! });
        else emit({ op: Op.Set, set: n.set });
        return;
      }
      case "seq":
        for (const x of n.items) gen(x);
        return;
      case "alt": {
        const jumps: number[] = [];
        for (let i = 0; i < n.alts.length; i++) {
          if (i < n.alts.length - 1) {
            const split = emit({ op: Op.Split, x: 0, y: 0 });
            prog[split]!.x = prog.length;
            gen(n.alts[i]!);
            jumps.push(emit({ op: Op.Jmp, x: 0 }));
            prog[split]!.y = prog.length;
          } else gen(n.alts[i]!);
        }
        for (const j of jumps) prog[j]!.x = prog.length;
        return;
      }
      case "group":
        emit({ op: Op.Save, n: 2 * n.cap });
        gen(n.body);
        emit({ op: Op.Save, n: 2 * n.cap + 1 });
        return;
      case "rep": {
        for (let i = 0; i < n.min; i++) gen(n.body);
        if (n.max === Infinity) {
          const split = emit({ op: Op.Split, x: 0, y: 0 });
          const bodyAt = prog.length;
          gen(n.body);
          emit({ op: Op.Jmp, x: split });
          const after = prog.length;
          prog[split]!.x = n.lazy ? after : bodyAt;
          prog[split]!.y = n.lazy ? bodyAt : after;
        } else {
          const splits: number[] = [];
          for (let i = n.min; i < n.max; i++) {
            const split = emit({ op: Op.Split, x: 0, y: 0 });
            splits.push(split);
            prog[split]!.x = prog.length;
            gen(n.body);
          }
          const after = prog.length;
          for (const sp of splits) {
            const i = prog[sp]!;
            if (n.lazy) {
              i.y = i.x;
              i.x = after;
            } else i.y = after;
          }
        }
        return;
      }
      case "assert":
        emit({ op: Op.Assert, a: n.a });
        return;
      case "look": {
        const [min, max] = unitBounds(n.body);
        emit({ op: Op.Look, sub: compileProgram(n.body, false, budget), behind: n.behind, neg: n.neg, min, max });
        return;
      }
      case "ref":
        throw new NoVm();
    }
  };
  if (whole) emit({ op: Op.Save, n: 0 });
  gen(root);
  if (whole) emit({ op: Op.Save, n: 1 });
  emit({ op: Op.Match });
  return prog;
}

function compileVm(root: Node): Inst[] | null {
  try {
    return compileProgram(root, true, { left: MAX_PROGRAM });
  } catch (e) {
    if (e instanceof NoVm) return null;
    throw e;
  }
}

/**
 * The characters a match can start with, or null when that is not known (the pattern
 * can match the empty string, or starts with a back reference).
 */
function firstSet(root: Node): CharSet | null {
  const fail = (): never => {
    throw new NoVm();
  };
  const first = (n: Node): { set: CharSet; nullable: boolean } => {
    switch (n.k) {
      case "set":
        return { set: n.set, nullable: false };
      case "seq": {
        let set = rangeSet([]);
        for (const x of n.items) {
          const f = first(x);
          set = unionSets(set, f.set, fail);
          if (!f.nullable) return { set, nullable: false };
        }
        return { set, nullable: true };
      }
      case "alt": {
        let set = rangeSet([]);
        let nullable = false;
        for (const x of n.alts) {
          const f = first(x);
          set = unionSets(set, f.set, fail);
          nullable ||= f.nullable;
        }
        return { set, nullable };
      }
      case "group":
        return first(n.body);
      case "rep": {
        const f = first(n.body);
        return { set: f.set, nullable: f.nullable || n.min === 0 };
      }
      case "assert":
      case "look":
        return { set: rangeSet([]), nullable: true };
      case "ref":
        return fail();
    }
  };
  try {
    const f = first(root);
    return f.nullable ? null : f.set;
  } catch (e) {
    if (e instanceof NoVm) return null;
    throw e;
  }
}

function isLineTerm(c: number): boolean {
  return c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029;
}

function isWordAt(s: string, i: number, unicode: boolean): boolean {
  if (i < 0 || i >= s.length) return false;
  const cp = s.codePointAt(i)!;
  if (!unicode) return rangesHave(WORD.ranges, cp);
  return setHas(U_WORD, cp);
}

/** Code point ending at i (for looking behind). */
function cpBefore(s: string, i: number): number {
  const c = s.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = s.charCodeAt(i - 2);
    if (h >= 0xd800 && h <= 0xdbff) return s.codePointAt(i - 2)!;
  }
  return c;
}

function assertAt(a: Assertion, s: string, i: number): boolean {
  const n = s.length;
  switch (a) {
    case "start":
      return i === 0;
    case "end":
      return i === n;
    case "endZ":
      if (i === n) return true;
      if (i === n - 2) return s.charCodeAt(i) === 13 && s.charCodeAt(i + 1) === 10;
      if (i === n - 1) {
        const c = s.charCodeAt(i);
        if (c === 10) return !(i > 0 && s.charCodeAt(i - 1) === 13);
        return isLineTerm(c);
      }
      return false;
    case "endZUnix":
      return i === n || (i === n - 1 && s.charCodeAt(i) === 10);
    case "bolM": {
      if (i === n) return false;
      if (i === 0) return true;
      const p = s.charCodeAt(i - 1);
      if (!isLineTerm(p)) return false;
      return !(p === 13 && s.charCodeAt(i) === 10);
    }
    case "bolMUnix":
      return i < n && (i === 0 || s.charCodeAt(i - 1) === 10);
    case "eolM": {
      if (i === n) return true;
      const c = s.charCodeAt(i);
      if (c === 10) return !(i > 0 && s.charCodeAt(i - 1) === 13);
      return isLineTerm(c);
    }
    case "eolMUnix":
      return i === n || s.charCodeAt(i) === 10;
    case "wordB":
    case "notWordB": {
      const b = (i > 0 && rangesHave(WORD.ranges, cpBefore(s, i))) !== isWordAt(s, i, false);
      return a === "wordB" ? b : !b;
    }
    case "uWordB":
    case "uNotWordB": {
      const b = (i > 0 && setHas(U_WORD, cpBefore(s, i))) !== isWordAt(s, i, true);
      return a === "uWordB" ? b : !b;
    }
  }
}

type Caps = (number | undefined)[];

/** A list of threads for one input position, each a pc with its captures, in priority order. */
class Threads {
  readonly pcs: number[] = [];
  readonly caps: Caps[] = [];
  /** Generation marks: pc is on the list when mark[pc] === gen. */
  constructor(
    readonly mark: Int32Array,
    public gen: number,
  ) {}
}

/** A lookaround at `pos`: the captures to go on with, or null when it does not hold. */
function lookAt(cx: Cx, inst: Inst, s: string, pos: number, caps: Caps): Caps | null {
  let found: Caps | null = null;
  if (!inst.behind) found = pikeExec(cx, inst.sub!, s, pos, true, -1, caps, null);
  else {
    // Nearest start first, as Java tries them.
    const lowest = Math.max(0, pos - inst.max!);
    for (let j = pos - inst.min!; j >= lowest && found === null; j--)
      found = pikeExec(cx, inst.sub!, s, j, true, pos, caps, null);
  }
  if (inst.neg) return found === null ? caps : null;
  return found;
}

/**
 * Run a VM program over `s` from `from`, in priority order (so the result is the one a
 * backtracking matcher would find). `anchored`: the match must start at `from`. `endAt`:
 * the position the match must end at, or -1 for anywhere. `first`: the characters an
 * unanchored match can start with, to skip ahead. Returns the capture offsets, or null.
 */
function pikeExec(
  cx: Cx,
  prog: readonly Inst[],
  s: string,
  from: number,
  anchored: boolean,
  endAt: number,
  init: Caps,
  first: CharSet | null,
): Caps | null {
  const size = prog.length;
  let clist = new Threads(new Int32Array(size).fill(-1), 0);
  let nlist = new Threads(new Int32Array(size).fill(-1), 1);
  let gen = 2;
  let matched: Caps | null = null;
  const stackPc: number[] = [];
  const stackCaps: Caps[] = [];

  const add = (list: Threads, pc0: number, caps0: Caps, pos: number): void => {
    stackPc.push(pc0);
    stackCaps.push(caps0);
    while (stackPc.length > 0) {
      const pc = stackPc.pop()!;
      let caps = stackCaps.pop()!;
      if (list.mark[pc] === list.gen) continue;
      list.mark[pc] = list.gen;
      const inst = prog[pc]!;
      switch (inst.op) {
        case Op.Jmp:
          stackPc.push(inst.x!);
          stackCaps.push(caps);
          break;
        case Op.Split:
          // y is pushed first so that x (the preferred branch) is explored first.
          stackPc.push(inst.y!, inst.x!);
          stackCaps.push(caps, caps);
          break;
        case Op.Save:
          caps = caps.slice();
          caps[inst.n!] = pos;
          stackPc.push(pc + 1);
          stackCaps.push(caps);
          break;
        case Op.Assert:
          if (assertAt(inst.a!, s, pos)) {
            stackPc.push(pc + 1);
            stackCaps.push(caps);
          }
          break;
        case Op.Look: {
          const after = lookAt(cx, inst, s, pos, caps);
          if (after !== null) {
            stackPc.push(pc + 1);
            stackCaps.push(after);
          }
          break;
        }
        default:
          list.pcs.push(pc);
          list.caps.push(caps);
      }
    }
  };

  const n = s.length;
  let i = from;
  for (;;) {
    if (matched === null && (!anchored || i === from)) {
      if (first !== null && clist.pcs.length === 0) {
        // Nothing alive: jump to the next place a match can start.
        const start = i;
        while (i < n) {
          const c = s.codePointAt(i)!;
          if (setHas(first, c)) break;
          i += c > 0xffff ? 2 : 1;
        }
        cx.charge(((i - start) >>> 3) + 1);
        if (i >= n) break;
        // Marks left by dead threads belong to the old position.
        if (i !== start) clist.gen = gen++;
      }
      add(clist, 0, init, i);
    }
    const cp = i < n ? s.codePointAt(i)! : -1;
    const next = i + (cp > 0xffff ? 2 : 1);
    if (clist.pcs.length === 0) {
      // No thread alive: done, unless a search can still start further on.
      if (matched !== null || anchored || cp < 0) break;
      clist.gen = gen++;
      i = next;
      if ((i & 0xff) === 0) cx.charge(64);
      continue;
    }
    cx.charge(clist.pcs.length);
    for (let t = 0; t < clist.pcs.length; t++) {
      const pc = clist.pcs[t]!;
      const inst = prog[pc]!;
      if (inst.op === Op.Match) {
        if (endAt >= 0 && i !== endAt) continue;
        matched = clist.caps[t]!;
        // Threads after this one have lower priority: drop them.
        break;
      }
      if (cp < 0 || (endAt >= 0 && i >= endAt)) continue;
      if (inst.cp !== undefined ? inst.cp === cp : setHas(inst.set!, cp)) add(nlist, pc + 1, clist.caps[t]!, next);
    }
    if (cp < 0) break;
    const done = clist;
    clist = nlist;
    nlist = done;
    nlist.pcs.length = 0;
    nlist.caps.length = 0;
    nlist.gen = gen++;
    i = next;
  }
  return matched;
}

// =======================================================================================
// Compiled patterns

/** A pattern compiled by this module (the analyzer's literals and re-pattern). */
export class JavaRegex extends Regex {
  /** For finding matches from lastIndex (flags g + u). */
  readonly global: RegExp;
  /** For whole-input matches (sticky, with an end-of-input assertion). */
  readonly full: RegExp;
  readonly groupTotal: number;
  /** The VM program, or null when the pattern uses what the VM cannot run. */
  readonly prog: readonly Inst[] | null;
  /** The characters a match can start with, when known. */
  readonly first: CharSet | null;
  /** Named groups, by name. */
  readonly names: ReadonlyMap<string, number>;
  /** The text the pattern matches when it is a plain literal (`#","`), else null. */
  readonly literal: string | null;
  /** No groups and no empty matches: JavaScript's split splits as Java's does (limit -1). */
  readonly splittable: boolean;
  /** Longest input V8 may scan in one match (beyond it the VM runs, or an error). */
  private readonly v8Max: number;
  private readonly cost: Cost;

  constructor(source: string, c: Compiled) {
    super(source, new RegExp(c.js, "u"));
    this.global = new RegExp(c.js, "gu");
    this.full = new RegExp(`(?:${c.js})(?![^])`, "yu");
    this.groupTotal = c.groups;
    this.prog = c.prog;
    this.first = c.first;
    this.names = c.names;
    this.literal = c.literal;
    this.splittable = c.groups === 0 && c.minLength > 0;
    this.cost = c.cost;
    this.v8Max = c.cost.exponential ? -1 : Math.floor(10 ** ((V8_BUDGET_LOG - c.cost.logFactor) / c.cost.degree));
  }

  emptyCaps(): Caps {
    return new Array<number | undefined>(2 * (this.groupTotal + 1)).fill(undefined);
  }

  /** Should a match over `n` characters run on the VM instead of V8? */
  useVm(n: number): boolean {
    return this.prog !== null && n > this.v8Max;
  }

  /** When the VM cannot run this pattern: fail before a slow V8 match over `n` characters. */
  checkV8(n: number): void {
    if (this.prog !== null || n <= this.v8Max * 10 ** (1 / this.cost.degree)) return;
    const max = Math.floor(this.v8Max * 10 ** (1 / this.cost.degree));
    throw new PtcError({
      kind: "limit",
      message: `regex #"${this.source}" may backtrack too long on ${n} characters of input (at most ${max} for this pattern)`,
      hint: "patterns with back references run on a backtracking engine; drop them, or match smaller pieces",
    });
  }
}

/** log10 of the worst-case backtracking steps allowed on V8 for one match. */
const V8_BUDGET_LOG = 7;

/** The text a pattern of plain characters matches, or null. */
function literalOf(n: Node): string | null {
  const one = (x: Node): string | null => {
    if (x.k !== "set" || x.set.props.length > 0 || x.set.ranges.length !== 2 || x.set.ranges[0] !== x.set.ranges[1])
      return null;
    return String.fromCodePoint(x.set.ranges[0]!);
  };
  if (n.k === "set") return one(n);
  if (n.k !== "seq" || n.items.length === 0) return null;
  let out = "";
  for (const x of n.items) {
    const c = one(x);
    if (c === null) return null;
    out += c;
  }
  return out;
}

/** What compiling a pattern yields, shared by every Regex value made from the same source. */
interface Compiled {
  readonly js: string;
  readonly groups: number;
  readonly cost: Cost;
  readonly prog: readonly Inst[] | null;
  readonly first: CharSet | null;
  readonly names: ReadonlyMap<string, number>;
  readonly literal: string | null;
  /** Fewest code points a match has. */
  readonly minLength: number;
}

/** Recently compiled sources: `(re-pattern s)` inside a loop compiles once. */
const recent = new Map<string, Compiled>();
const RECENT_MAX = 256;

function compileParts(source: string): Compiled {
  const hit = recent.get(source);
  if (hit !== undefined) return hit;
  if (source.length > MAX_PATTERN) {
    throw new PtcError({
      kind: "type",
      message: `regex pattern is too long (${source.length} characters, at most ${MAX_PATTERN})`,
    });
  }
  const p = new Parser(source, { i: false, d: false, m: false, s: false, u: false, x: false, U: false });
  const ast = p.parse();
  const cost: Cost = { degree: 1, logFactor: 0, exponential: false };
  analyze(ast, true, cost);
  const prog = compileVm(ast);
  if (prog === null && cost.exponential) {
    throw new PtcError({
      kind: "type",
      message: `regex #"${source}" can take exponential time: a repeated part can match the same text in several ways`,
      hint:
        p.refs.length > 0
          ? "with back references, avoid nested quantifiers like (a+)+ and repeated alternatives like (a|ab)*"
          : "simplify the pattern: avoid nested quantifiers like (a+)+ and large nested counts",
    });
  }
  const js = jsSource(ast, p.groups);
  try {
    new RegExp(js, "u");
  } catch (e) {
    throw new PtcError({
      kind: "type",
      message: `invalid regex #"${source}": ${(e as Error).message.replace(/^Invalid regular expression: /, "")}`,
    });
  }
  const c: Compiled = {
    js,
    groups: p.groups,
    cost,
    prog,
    first: firstSet(ast),
    names: p.names,
    literal: literalOf(ast),
    minLength: shape(ast).min,
  };
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(source, c);
  return c;
}

/**
 * Compile a pattern written in Java's syntax. Invalid and unsupported patterns throw a
 * `type` error saying what to write instead (the analyzer reports it for literals).
 */
export function compileRegex(source: string): Regex {
  const c = compileParts(source);
  return new JavaRegex(source, c);
}

const compiledCache = new WeakMap<Regex, JavaRegex>();

/** The compiled form of any Regex value (values made elsewhere are compiled on first use). */
export function javaRegex(r: Regex): JavaRegex {
  if (r instanceof JavaRegex) return r;
  let c = compiledCache.get(r);
  if (c === undefined) {
    c = compileRegex(r.source) as JavaRegex;
    compiledCache.set(r, c);
  }
  return c;
}

// =======================================================================================
// Matching

/** One match: where it is, and the text of every group (group 0 is the whole match). */
export interface RegexMatch {
  readonly start: number;
  readonly end: number;
  /** Group texts; null or undefined for a group that did not take part in the match. */
  readonly groups: readonly (string | null | undefined)[];
  readonly input: string;
}

function fromExec(e: RegExpExecArray, input: string): RegexMatch {
  return { start: e.index, end: e.index + e[0].length, groups: e, input };
}

function fromCaps(caps: Caps, groupTotal: number, input: string): RegexMatch {
  const groups: (string | null)[] = new Array<string | null>(groupTotal + 1);
  for (let g = 0; g <= groupTotal; g++) {
    const a = caps[2 * g];
    const b = caps[2 * g + 1];
    groups[g] = a === undefined || b === undefined ? null : input.slice(a, b);
  }
  return { start: caps[0]!, end: caps[1]!, groups, input };
}

/** Java's `find()` from `from`: the leftmost match starting at or after `from`. */
export function regexFind(cx: Cx, r: Regex, s: string, from: number, engine?: "vm" | "v8"): RegexMatch | null {
  if (from > s.length) return null;
  const j = javaRegex(r);
  const n = s.length - from;
  if (engine === "vm" || (engine === undefined && j.useVm(n))) {
    const caps = pikeExec(cx, j.prog!, s, from, false, -1, j.emptyCaps(), j.first);
    return caps === null ? null : fromCaps(caps, j.groupTotal, s);
  }
  j.checkV8(n);
  const re = j.global;
  re.lastIndex = from;
  const e = re.exec(s);
  // Charge for the text scanned (the cost model bounds the backtracking over it).
  cx.charge((Math.max(0, (e === null ? s.length : e.index + e[0].length) - from) >> 3) + 1);
  return e === null ? null : fromExec(e, s);
}

/** Java's `matches()`: the whole input must match. */
export function regexMatches(cx: Cx, r: Regex, s: string, engine?: "vm" | "v8"): RegexMatch | null {
  const j = javaRegex(r);
  if (engine === "vm" || (engine === undefined && j.useVm(s.length))) {
    const caps = pikeExec(cx, j.prog!, s, 0, true, s.length, j.emptyCaps(), null);
    return caps === null ? null : fromCaps(caps, j.groupTotal, s);
  }
  j.checkV8(s.length);
  cx.charge((s.length >>> 3) + 1);
  const re = j.full;
  re.lastIndex = 0;
  const e = re.exec(s);
  return e === null ? null : fromExec(e, s);
}

/**
 * The next search position after a match, as Java's `find()` moves on: after an empty
 * match, one character further (a whole code point).
 */
export function nextFrom(m: RegexMatch): number {
  if (m.end > m.start) return m.end;
  const c = m.input.charCodeAt(m.end);
  return m.end + (c >= 0xd800 && c <= 0xdbff && m.end + 1 < m.input.length ? 2 : 1);
}

/**
 * The parts of `s` around every match, when JavaScript's split gives what Java's split
 * with a negative limit gives (the pattern has no groups and cannot match empty); null
 * otherwise, and the caller splits match by match.
 */
export function regexSplitFast(cx: Cx, r: Regex, s: string): string[] | null {
  const j = javaRegex(r);
  if (j.literal !== null && j.literal !== "") {
    cx.charge((s.length >> 4) + 1);
    return s.split(j.literal);
  }
  if (!j.splittable || j.useVm(s.length)) return null;
  j.checkV8(s.length);
  cx.charge((s.length >> 3) + 1);
  return s.split(j.re);
}

/** Every match, in order, as repeated `find()` calls give them; `f` returns false to stop. */
export function regexEach(cx: Cx, r: Regex, s: string, f: (m: RegexMatch) => boolean | void): void {
  let from = 0;
  while (from <= s.length) {
    const m = regexFind(cx, r, s, from);
    if (m === null) return;
    if (f(m) === false) return;
    from = nextFrom(m);
  }
}
