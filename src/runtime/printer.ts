/**
 * Printing values as Clojure does: `pr-str` (readable), `str`/`print` (human), and a
 * truncating printer for feedback to the LLM.
 *
 * With a context, lazy seqs are realized as they are printed (and an infinite one runs
 * into the size limit). Without one (error messages), unrealized lazy seqs print as
 * `(...)` so that describing a value never runs program code.
 */
import { PtcError } from "../diagnostics/error.js";
import { Budget, MAX_NESTING, nestingError, type Meter } from "./budget.js";
import type { Cx } from "./context.js";
import { DEFAULT_LIMITS } from "./limits.js";
import { formatDouble, prFloat } from "./float-format.js";
import { HostObject } from "./host-object.js";
import { Reduced } from "./lazy.js";
import { PMap } from "./map.js";
import { ASeq, ArraySeq, EmptyList, LazySeq, PList, Range } from "./seq.js";
import { PSet } from "./set.js";
import { Char, Keyword, PtcFloat, PtcFn, PtcObject, Regex, Sym, Var, type Value } from "./values.js";
import { PVector } from "./vector.js";
import { table } from "./table.js";

export interface PrintOptions {
  /** Print strings and chars readably (`"a\n"`, `\a`) as pr-str does, or raw as str does. */
  readonly readably: boolean;
  /** Most items shown per collection; the rest is summarized. */
  readonly maxItems?: number;
  /** Most characters of output; the rest is cut with a marker. */
  readonly maxChars?: number;
  /** Most characters shown of one string. */
  readonly maxStringChars?: number;
  /**
   * Show the value of each map entry whose key (keyword or string) starts with `_` as
   * `<Firewalled>`: the view an LLM gets of firewalled fields.
   */
  readonly firewall?: boolean;
  /**
   * What the walk spends without a context (one unit per value printed); the context
   * itself when there is one, a fresh default Budget when neither is given.
   */
  readonly meter?: Meter;
}

/** Clojure's `pr-str` of one value. */
export function prStr(cx: Cx | null, v: Value): string {
  return print(cx, v, READABLY);
}

/**
 * The text `str` makes of one value: strings and chars raw, nil empty, numbers as Java
 * prints them (`Infinity`), collections readably (`(str ["a"])` is `["a"]`).
 */
export function strOf(cx: Cx | null, v: Value): string {
  if (typeof v === "string") return v;
  if (v === null) return "";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : strFloat(v);
  if (v instanceof PtcFloat) return strFloat(v.value);
  if (v instanceof Char) return v.c;
  if (v instanceof HostObject) return v.str();
  // Java's Pattern.toString is its source: `(str #"a+")` is "a+".
  if (v instanceof Regex) return v.source;
  return print(cx, v, READABLY);
}

/** What `print`/`println` show: like `str`, but strings inside collections unquoted too. */
export function printRaw(cx: Cx | null, v: Value): string {
  if (v === null) return "nil";
  if (typeof v === "object" && !(v instanceof PtcFloat) && !(v instanceof Char)) return print(cx, v, RAW);
  return strOf(cx, v);
}

/**
 * A short, context-free preview for error messages: what the printer shows, cut to
 * `maxChars` (so describing any value, however large or deep, is cheap and never fails).
 */
export function previewValue(v: Value, maxChars: number): string {
  return print(null, v, { readably: true, maxItems: 5, maxChars, maxStringChars: maxChars });
}

/** Truncated pr-str for feedback: `[1 2 3 ... (500 items, showing first 3)]`. */
export function prStrTruncated(cx: Cx | null, v: Value, maxItems: number, maxChars: number): string {
  return print(cx, v, { readably: true, maxItems, maxChars, maxStringChars: maxChars });
}

const READABLY: PrintOptions = { readably: true };
const RAW: PrintOptions = { readably: false };

/** `str` of a float: Java's Double.toString, with Infinity/NaN spelled as Java does. */
export function strFloat(n: number): string {
  if (n === Infinity) return "Infinity";
  if (n === -Infinity) return "-Infinity";
  if (Number.isNaN(n)) return "NaN";
  return formatDouble(n);
}

class Stop {}
const STOP = new Stop();

export function print(cx: Cx | null, v: Value, opts: PrintOptions): string {
  const p = new Printer(cx, opts);
  try {
    p.value(v);
  } catch (e) {
    if (e !== STOP) throw e;
    return `${p.text().slice(0, opts.maxChars)}... (truncated)`;
  }
  return p.text();
}

const CHAR_NAMES: Readonly<Record<string, string>> = table({
  "\n": "newline",
  "\t": "tab",
  " ": "space",
  "\r": "return",
  "\b": "backspace",
  "\f": "formfeed",
});

const STRING_ESCAPES: Readonly<Record<string, string>> = table({
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\t": "\\t",
  "\r": "\\r",
  "\b": "\\b",
  "\f": "\\f",
});

class Printer {
  private parts: string[] = [];
  private len = 0;
  private depth = 0;
  private readonly maxItems: number;
  private readonly maxChars: number;
  private readonly maxString: number;
  /** Longest text printed before the string limit stops it. */
  private readonly maxOut: number;
  private readonly m: Meter;

  constructor(
    private readonly cx: Cx | null,
    private readonly opts: PrintOptions,
  ) {
    this.maxItems = opts.maxItems ?? Infinity;
    this.maxChars = opts.maxChars ?? Infinity;
    this.maxString = opts.maxStringChars ?? Infinity;
    this.maxOut = cx !== null ? cx.limits.maxString : DEFAULT_LIMITS.maxString;
    this.m = cx ?? opts.meter ?? Budget.of();
  }

  text(): string {
    return this.parts.join("");
  }

  private w(s: string): void {
    this.parts.push(s);
    this.len += s.length;
    if (this.len > this.maxChars) throw STOP;
    if (this.len > this.maxOut) {
      if (this.cx !== null) this.cx.checkString(this.len);
      throw new PtcError({
        kind: "limit",
        message: `string size limit exceeded: the printed value is longer than ${this.maxOut} characters`,
      });
    }
  }

  /** Go one level deeper (a collection's items); false when a shortened print stops here. */
  private down(): boolean {
    if (++this.depth <= MAX_NESTING) return true;
    this.depth--;
    if (this.maxChars === Infinity) throw nestingError("cannot print");
    this.w("...");
    return false;
  }

  value(v: Value): void {
    if (--this.m.fuel < 0) this.m.refuel();
    switch (typeof v) {
      case "number":
        this.w(Number.isInteger(v) ? String(v) : prFloat(v));
        return;
      case "string":
        this.string(v);
        return;
      case "boolean":
        this.w(v ? "true" : "false");
        return;
      default:
        if (v === null) this.w("nil");
        else this.object(v);
    }
  }

  private string(s: string): void {
    const cut = s.length > this.maxString;
    const shown = cut ? s.slice(0, this.maxString) : s;
    if (!this.opts.readably) {
      this.w(cut ? `${shown}...` : shown);
      return;
    }
    this.w(`"${shown.replace(/["\\\n\t\r\b\f]/g, (c) => STRING_ESCAPES[c]!)}${cut ? "..." : ""}"`);
  }

  private object(v: PtcObject): void {
    if (v instanceof Keyword) return this.w(`:${v.fqn}`);
    if (v instanceof PVector) return this.items("[", "]", v.arr, v.count);
    if (v instanceof PMap) return this.map(v);
    if (v instanceof PtcFloat) return this.w(prFloat(v.value));
    if (v instanceof PSet) return this.items("#{", "}", v.itemArray(), v.count);
    if (v instanceof Char) {
      if (!this.opts.readably) return this.w(v.c);
      return this.w(`\\${CHAR_NAMES[v.c] ?? v.c}`);
    }
    if (v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList) return this.seq(v);
    if (v instanceof Sym) return this.w(v.fqn);
    if (v instanceof Var) return this.w(`#'${v.name}`);
    if (v instanceof Regex) return this.w(`#"${v.source}"`);
    if (v instanceof PtcFn) return this.w(fnLabel(v));
    if (v instanceof HostObject) return this.w(this.opts.readably ? v.pr() : v.str());
    if (v instanceof Reduced) {
      if (!this.down()) return;
      this.w("#reduced[");
      this.value(v.val);
      this.depth--;
      return this.w("]");
    }
    this.w("#object[unknown]");
  }

  private items(open: string, close: string, arr: readonly Value[], count: number): void {
    if (!this.down()) return;
    this.w(open);
    const shown = Math.min(count, this.maxItems);
    for (let i = 0; i < shown; i++) {
      if (i > 0) this.w(" ");
      this.value(arr[i] as Value);
    }
    if (count > shown) this.w(`${shown > 0 ? " " : ""}... (${count} items, showing first ${shown})`);
    this.w(close);
    this.depth--;
  }

  private map(m: PMap): void {
    if (!this.down()) return;
    this.w("{");
    let i = 0;
    const shown = Math.min(m.count, this.maxItems);
    m.forEach((k, val) => {
      if (i >= shown) return false;
      if (i > 0) this.w(", ");
      this.value(k);
      this.w(" ");
      if (this.opts.firewall === true && isFirewalledKey(k)) this.w("<Firewalled>");
      else this.value(val);
      i++;
      return true;
    });
    if (m.count > shown) this.w(`${shown > 0 ? ", " : ""}... (${m.count} entries, showing first ${shown})`);
    this.w("}");
    this.depth--;
  }

  private seq(v: ASeq | LazySeq | EmptyList): void {
    if (!this.down()) return;
    this.w("(");
    let s: ASeq | null;
    if (v instanceof EmptyList) s = null;
    else if (v instanceof LazySeq) {
      if (this.cx === null && !v.isRealized) {
        this.w("...)");
        this.depth--;
        return;
      }
      s = this.cx === null ? v.realizedSeq() : v.seq(this.cx);
    } else s = v;
    let i = 0;
    while (s !== null) {
      if (i >= this.maxItems) {
        const total = knownCount(s, i);
        this.w(total === null ? " ... (more items)" : ` ... (${total} items, showing first ${i})`);
        break;
      }
      if (i > 0) this.w(" ");
      this.value(s.first());
      i++;
      s = this.step(s);
    }
    this.w(")");
    this.depth--;
  }

  private step(s: ASeq): ASeq | null {
    if (this.cx !== null) {
      if (--this.cx.fuel < 0) this.cx.refuel();
      return s.next(this.cx);
    }
    // Without a context only already-realized parts can be walked.
    if (s instanceof ArraySeq) {
      if (s.i + 1 < s.end) return new ArraySeq(s.arr, s.i + 1, s.end, s.more);
      const m = s.more;
      if (m === null) return null;
      if (m instanceof LazySeq && !m.isRealized) {
        this.w(" ...");
        return null;
      }
      return m instanceof LazySeq ? m.realizedSeq() : m instanceof ASeq ? m : null;
    }
    if (s instanceof PList) return s.tail;
    if (s instanceof Range) return s.next();
    this.w(" ...");
    return null;
  }
}

function isFirewalledKey(k: Value): boolean {
  const name = typeof k === "string" ? k : k instanceof Keyword ? k.name : null;
  return name !== null && name.startsWith("_");
}

/** Total item count of a seq whose first `seen` items were printed, when it is cheap to know. */
function knownCount(s: ASeq, seen: number): number | null {
  if (s instanceof ArraySeq && s.more === null) return seen + (s.end - s.i);
  if (s instanceof PList) return seen + s.count;
  if (s instanceof Range && Number.isFinite(s.count)) return seen + s.count;
  return null;
}

/** `#fn[name [a b]]`, `#fn[[x]]`: parameter lists only, never a body. */
export function fnLabel(f: PtcFn): string {
  const parts = [f.name ?? "", ...f.paramLists()].filter((p) => p !== "");
  return `#fn[${parts.join(" ")}]`;
}
