/**
 * The firewall by value: every firewalled value a mission has seen (a leaf under a `_` key
 * of the input, of a tool's answer, of a child agent's return), and its removal from text
 * bound for a model.
 *
 * Masking `_` keys in the printer keeps a value hidden only while it sits under its key; a
 * program can take it out (`(:_email c)`, `(str c)`, `(println ...)`). So every text that
 * goes to a model is also searched for the values themselves, in the forms the printer
 * produces (raw, and escaped as `pr-str` escapes a string), and each occurrence becomes
 * `<Firewalled>`. Values transformed into new text (a substring, an upper-cased copy, a
 * sum) are not recognised: see docs/signatures.md for the exact rule.
 */

import type { Meter } from "../runtime/budget.js";
import { table } from "../runtime/table.js";

/** What a firewalled value is shown as. */
export const FIREWALLED_TEXT = "<Firewalled>";

/**
 * Shorter values are not searched for: `"ok"`, `7`, `true` would hide ordinary text. (Under
 * their `_` key they are still masked.)
 */
export const MIN_SECRET_CHARS = 4;
/** Strings shorter than this are found only as whole words, so `"open"` does not hide `"opened"`. */
const WHOLE_WORD_BELOW = 8;
/**
 * A known value cut short by a printer (`"ann.smith@exam..."`, `"ann.smith@exam"… (21
 * characters)`) still gives away its start: a prefix of at least this many characters that
 * ends where the text ends or where a truncation mark begins (`...` or `…`, or a closing
 * quote before one) is hidden too.
 */
const MIN_PREFIX_CHARS = 8;
/** At most this many values are kept (a bound on memory and on the search). */
export const MAX_SECRETS = 100_000;
/** At most this many characters of values are kept (a bound on memory). */
const MAX_SECRET_CHARS = 20_000_000;
/** Nodes visited by one collection walk at most (shared structure is visited once). */
const MAX_COLLECT_NODES = 2_000_000;

/** How a known value must be delimited: not at all, as a whole word, or as a whole number. */
type Bound = "none" | "word" | "number";

/**
 * The known values that start with the same four characters. A position of a text is
 * checked against it with one lookup per distinct length (not one comparison per value),
 * and a truncated start with a binary search: a tool answer of 100,000 values that share
 * their first characters (phone numbers, ids) costs no more per position than a few.
 */
interface Bucket {
  /** The values by length, with their bound. */
  readonly byLength: Map<number, Map<string, Bound>>;
  /** The distinct lengths, longest first (at one position the longest value wins). */
  readonly lengths: number[];
  /** Every value, sorted when `sorted` is false; for finding a truncated start. */
  readonly values: string[];
  sorted: boolean;
}

const PR_ESCAPES: Readonly<Record<string, string>> = table({
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\t": "\\t",
  "\r": "\\r",
  "\b": "\\b",
  "\f": "\\f",
});

export class FirewallSecrets {
  /** Buckets by their values' first two characters, then the next two. */
  private readonly index = new Map<number, Map<number, Bucket>>();
  private readonly seen = new Set<string>();
  private count = 0;
  /** Characters of the values kept. */
  private chars = 0;
  /** Nodes of the current collection walk so far, and its meter. */
  private walked = 0;
  private meter: Meter | undefined;

  /** How many values are known. */
  get size(): number {
    return this.count;
  }

  /**
   * Remember the firewalled leaves of a host value: everything under a key that starts
   * with `_`, at any depth. Plain objects and arrays are walked (each once, so shared
   * structure costs its size, not its size as a tree); other values are ignored.
   */
  collect(value: unknown, meter?: Meter): void {
    if (typeof value !== "object" || value === null) return;
    // Two stacks instead of one of pairs: a walk of a large input allocates nothing per node.
    const values: object[] = [value];
    const hiddenFlags: boolean[] = [false];
    const visited = new Map<object, boolean>();
    this.walked = 0;
    this.meter = meter;
    while (values.length > 0 && this.walked++ < MAX_COLLECT_NODES && this.count < MAX_SECRETS) {
      if (meter !== undefined && --meter.fuel < 0) meter.refuel();
      const v = values.pop()!;
      const hidden = hiddenFlags.pop()!;
      // A node already walked as hidden has nothing more to give.
      const before = visited.get(v);
      if (before === true || (before === false && !hidden)) continue;
      visited.set(v, hidden);
      try {
        this.children(v, hidden, values, hiddenFlags);
      } catch {
        // Host data that cannot be read (a proxy whose traps throw) holds nothing to find;
        // converting it for a program fails on its own, with a message.
      }
    }
  }

  /**
   * Push a node's children: objects to walk, and under a `_` key its leaves are remembered
   * at once (a leaf outside one holds nothing to find and is not visited).
   */
  private children(v: object, hidden: boolean, values: object[], hiddenFlags: boolean[]): void {
    if (Array.isArray(v)) {
      const n = Math.min(v.length, MAX_COLLECT_NODES - this.walked);
      for (let i = 0; i < n; i++) this.child(v[i] as unknown, hidden, values, hiddenFlags);
      return;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      // A PTC-Lisp float box or a string-like object: its printed form is its value.
      if (hidden) this.add(v);
      return;
    }
    for (const k of Object.keys(v)) {
      if (this.walked >= MAX_COLLECT_NODES) return;
      // Data properties only: a getter is code, and is not run here.
      const d = Object.getOwnPropertyDescriptor(v, k);
      if (d === undefined || !("value" in d)) continue;
      this.child(d.value as unknown, hidden || k.startsWith("_"), values, hiddenFlags);
    }
  }

  private child(c: unknown, hidden: boolean, values: object[], hiddenFlags: boolean[]): void {
    // Every child counts against the walk's bounds, leaves too.
    this.walked++;
    if (this.meter !== undefined && --this.meter.fuel < 0) this.meter.refuel();
    if (typeof c === "object" && c !== null) {
      values.push(c);
      hiddenFlags.push(hidden);
    } else if (hidden) {
      this.add(c);
    }
  }

  /** Remember one value (strings and numbers long enough to be searched for). */
  add(value: unknown): void {
    if (typeof value === "string") {
      if (value.length < MIN_SECRET_CHARS) return;
      const bound = value.length < WHOLE_WORD_BELOW ? "word" : "none";
      this.addPattern(value, bound);
      const escaped = value.replace(/["\\\n\t\r\b\f]/g, (c) => PR_ESCAPES[c]!);
      if (escaped !== value) this.addPattern(escaped, bound);
      const json = JSON.stringify(value).slice(1, -1);
      if (json !== value && json !== escaped) this.addPattern(json, bound);
      return;
    }
    if (typeof value === "number" && Number.isFinite(value)) {
      this.addPattern(String(value), "number");
      if (Number.isInteger(value)) this.addPattern(`${value}.0`, "number");
      return;
    }
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as { valueOf(): unknown }).valueOf === "function"
    ) {
      const n = (value as { valueOf(): unknown }).valueOf();
      if (typeof n === "number") this.add(n);
    }
  }

  private addPattern(text: string, bound: Bound): void {
    if (text.length < MIN_SECRET_CHARS || this.seen.has(text) || this.count >= MAX_SECRETS) return;
    if (this.chars + text.length > MAX_SECRET_CHARS) return;
    this.seen.add(text);
    this.count++;
    this.chars += text.length;
    const a = key2(text, 0);
    const b = key2(text, 2);
    let inner = this.index.get(a);
    if (inner === undefined) {
      inner = new Map();
      this.index.set(a, inner);
    }
    let bucket = inner.get(b);
    if (bucket === undefined) {
      bucket = { byLength: new Map(), lengths: [], values: [], sorted: true };
      inner.set(b, bucket);
    }
    let sameLength = bucket.byLength.get(text.length);
    if (sameLength === undefined) {
      sameLength = new Map();
      bucket.byLength.set(text.length, sameLength);
      const at = bucket.lengths.findIndex((n) => n < text.length);
      bucket.lengths.splice(at < 0 ? bucket.lengths.length : at, 0, text.length);
    }
    sameLength.set(text, bound);
    bucket.values.push(text);
    bucket.sorted = false;
  }

  /** The text with every occurrence of a known value replaced by `<Firewalled>`. */
  redact(text: string): string {
    if (this.count === 0 || text.length < MIN_SECRET_CHARS) return text;
    let out: string[] | null = null;
    let marks: number[] | null = null;
    let from = 0;
    const last = text.length - MIN_SECRET_CHARS;
    for (let i = 0; i <= last; i++) {
      const inner = this.index.get(key2(text, i));
      if (inner === undefined) continue;
      const bucket = inner.get(key2(text, i + 2));
      if (bucket === undefined) continue;
      marks ??= truncationMarks(text);
      const length = matchAt(text, i, bucket, marks);
      if (length === 0) continue;
      out ??= [];
      out.push(text.slice(from, i), FIREWALLED_TEXT);
      from = i + length;
      i = from - 1;
    }
    if (out === null) return text;
    out.push(text.slice(from));
    return out.join("");
  }
}

/**
 * How many characters at `i` are a known value (the longest that fits), or a truncated
 * start of one; 0 for none.
 */
function matchAt(text: string, i: number, bucket: Bucket, marks: readonly number[]): number {
  for (const n of bucket.lengths) {
    if (i + n > text.length) continue;
    const bound = bucket.byLength.get(n)!.get(text.slice(i, i + n));
    if (bound !== undefined && delimited(text, i, n, bound)) return n;
  }
  // A truncated start ends where the text ends or where a truncation mark begins.
  const longest = bucket.lengths[0]!;
  const ends: number[] = [];
  if (text.length - i >= MIN_PREFIX_CHARS && text.length - i < longest) ends.push(text.length);
  // The nearest few marks (a value may hold `...` itself; many more would make a hostile text slow).
  const first = firstAtOrAfter(marks, i + MIN_PREFIX_CHARS);
  for (let m = first; m < marks.length && m < first + MAX_MARKS_TRIED && marks[m]! - i < longest; m++) {
    ends.push(marks[m]!);
  }
  if (ends.length === 0) return 0;
  if (!bucket.sorted) {
    bucket.values.sort();
    bucket.sorted = true;
  }
  for (const end of ends) {
    const start = text.slice(i, end);
    const at = firstAtOrAfter(bucket.values, start);
    const v = bucket.values[at];
    if (v !== undefined && v.length > start.length && v.startsWith(start)) return start.length;
  }
  return 0;
}

/**
 * Where printers cut a text short: `...` (the printer, truncate.ts) or `…` (value
 * descriptions), each also after the closing quote of a printed string (`"ann.smith@exa"…`).
 */
const TRUNCATION = /"?(?:\.\.\.|\u2026)/g;

/** Truncation marks tried after one position. */
const MAX_MARKS_TRIED = 4;

/** The positions of the truncation marks in a text, ascending. */
function truncationMarks(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(TRUNCATION)) out.push(m.index);
  return out;
}

/** The index of the first item not less than `x` in an ascending array (its length when none). */
function firstAtOrAfter<T extends number | string>(sorted: readonly T[], x: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function key2(s: string, i: number): number {
  return (s.charCodeAt(i) << 16) | s.charCodeAt(i + 1);
}

const WORD = /[\p{L}\p{N}_]/u;
const DIGIT = /[0-9]/;

function delimited(text: string, at: number, length: number, bound: Bound): boolean {
  if (bound === "none") return true;
  const before = at > 0 ? text.charAt(at - 1) : "";
  const end = at + length;
  const after = text.charAt(end);
  if (bound === "word") return !(before !== "" && WORD.test(before)) && !(after !== "" && WORD.test(after));
  // A number: no digit (or decimal point) joined on either side; a full stop may follow.
  if (before !== "" && (DIGIT.test(before) || before === ".")) return false;
  if (after !== "" && DIGIT.test(after)) return false;
  return !(after === "." && DIGIT.test(text.charAt(end + 1)));
}

/** Deeper JSON than this is cut (a trace event is built by ptcc; this bounds a hostile value in it). */
const MAX_REDACT_DEPTH = 200;

/**
 * A JSON value (a trace event) as it may leave the process: every `_` field's value is
 * `<Firewalled>` and every string has the known values replaced. Returns new objects
 * only where something changed; shared structure is redacted once.
 */
export function redactJson(
  value: unknown,
  secrets: FirewallSecrets,
  /** Top-level fields left as they are: names and ids that tie events together. */
  keep: ReadonlySet<string> = new Set(),
): unknown {
  const done = new Map<object, unknown>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return secrets.redact(v);
    if (typeof v !== "object" || v === null) return v;
    const known = done.get(v);
    if (known !== undefined) return known;
    if (depth > MAX_REDACT_DEPTH) return "<nested too deep>";
    let out: unknown = v;
    if (Array.isArray(v)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < v.length; i++) {
        const r = walk(v[i], depth + 1);
        if (r !== v[i]) (copy ??= [...v])[i] = r;
      }
      out = copy ?? v;
    } else if (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) {
      let copy: Record<string, unknown> | null = null;
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const item = o[k];
        const r = k.startsWith("_") ? FIREWALLED_TEXT : depth === 0 && keep.has(k) ? item : walk(item, depth + 1);
        if (r !== item) {
          copy ??= { ...o };
          Object.defineProperty(copy, k, { value: r, enumerable: true, writable: true, configurable: true });
        }
      }
      out = copy ?? v;
    }
    done.set(v, out);
    return out;
  };
  return walk(value, 0);
}
