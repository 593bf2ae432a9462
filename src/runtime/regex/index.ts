/**
 * Regular expressions written in Java's syntax (as Clojure programs use them): compiling a
 * pattern, and matching.
 *
 * A pattern is parsed, by Java's rules, into a small syntax tree (parse.ts, with the
 * code-point sets of charset.ts). From the tree come:
 *
 * - a JavaScript RegExp (`u` flag) with Java's meaning (js-source.ts);
 * - a cost model of backtracking (cost.ts): JavaScript engines backtrack, a match cannot be
 *   interrupted, and `(a+)+b` or `.*a.*b` take exponential or polynomial time on
 *   unlucky input;
 * - a program for a Pike VM (vm.ts): a linear-time matcher that charges the step budget as
 *   it goes.
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
import { PtcError } from "../../diagnostics/error.js";
import type { Cx } from "../context.js";
import { Regex } from "../values.js";
import type { CharSet } from "./charset.js";
import { analyze, scanLength, shape, SHORT_SCAN, type Cost } from "./cost.js";
import { jsSource } from "./js-source.js";
import { Parser, type Node } from "./parse.js";
import { compileVm, firstSet, pikeExec, type Caps, type Inst } from "./vm.js";

export { isJavaWhitespace } from "./charset.js";

/** Longest pattern accepted, to keep compile time and matching bounded. */
export const MAX_PATTERN = 2_000;

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
  /** Most characters one match attempt may examine because of counted repetitions (cost.ts). */
  private readonly scan: number;
  /** Whether the pattern has back references (else a missing VM program means too large). */
  private readonly refs: boolean;
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
    this.refs = c.refs;
    this.scan = c.scan;
    this.v8Max = c.cost.exponential ? -1 : Math.floor(10 ** ((V8_BUDGET_LOG - c.cost.logFactor) / c.cost.degree));
  }

  emptyCaps(): Caps {
    return new Array<number | undefined>(2 * (this.groupTotal + 1)).fill(undefined);
  }

  /**
   * Is the worst case of a V8 match over `n` characters within budget (`slack` orders of
   * magnitude more)? Backtracking as the cost model has it, times the characters one
   * attempt may examine when that is more than a short run (at most the input: `a{10000}b`
   * costs 10000 per start position on a long input, a few on a short one).
   */
  private v8Ok(n: number, slack: number): boolean {
    if (n > this.v8Max * 10 ** (slack / this.cost.degree)) return false;
    const attempt = Math.min(this.scan, n);
    return attempt <= SHORT_SCAN || this.logAt(n) + Math.log10(attempt) <= V8_BUDGET_LOG + slack;
  }

  private logAt(n: number): number {
    return this.cost.degree * Math.log10(Math.max(n, 1)) + this.cost.logFactor;
  }

  /**
   * The longest input for which `v8Ok(n, slack)` holds (it holds for every shorter one):
   * found once per pattern and slack, so that a match costs a comparison, not logarithms
   * (re-seq over a long string asks once per match).
   */
  private v8Longest(slack: 0 | 1): number {
    const known = this.longest[slack];
    if (known !== undefined) return known;
    let lo = -1;
    let hi = 1;
    while (hi < 2 ** 52 && this.v8Ok(hi, slack)) {
      lo = hi;
      hi *= 2;
    }
    if (hi >= 2 ** 52) lo = Infinity;
    else {
      // v8Ok(lo) holds (or lo is -1), v8Ok(hi) does not.
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (this.v8Ok(mid, slack)) lo = mid;
        else hi = mid;
      }
    }
    this.longest[slack] = lo;
    return lo;
  }
  private readonly longest: [number | undefined, number | undefined] = [undefined, undefined];

  /** Should a match over `n` characters run on the VM instead of V8? */
  useVm(n: number): boolean {
    return this.prog !== null && n > this.v8Longest(0);
  }

  /** When the VM cannot run this pattern: fail before a slow V8 match over `n` characters. */
  checkV8(n: number): void {
    if (this.prog !== null || n <= this.v8Longest(1)) return;
    // The longest input that passes, for the message.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.v8Ok(mid, 1)) lo = mid;
      else hi = mid - 1;
    }
    const max = lo;
    throw new PtcError({
      kind: "limit",
      message: `regex #"${this.source}" may backtrack too long on ${n} characters of input (at most ${max} for this pattern)`,
      hint: this.refs
        ? "patterns with back references run on a backtracking engine; drop them, or match smaller pieces"
        : "counted repetitions this large run on a backtracking engine; use smaller counts, or match smaller pieces",
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
  readonly refs: boolean;
  readonly scan: number;
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
    refs: p.refs.length > 0,
    scan: scanLength(ast),
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
