/**
 * The PTC-Lisp value model.
 *
 *   nil      -> null            boolean -> boolean        string -> string
 *   integer  -> number for which Number.isInteger holds (always within ±(2^53-1))
 *   float    -> a non-integral number (0.5, ##Inf, ##NaN), or a PtcFloat box for
 *               integral floats (2.0, -0.0, 1e20), so that `(* 1.0 2)` stays `2.0`
 *   keyword, symbol, char, vector, list/seq, map, set, fn, var, regex -> PtcObject subclasses
 *
 * `undefined` is never a value. Everything here is immutable once built.
 */
import type { Cx } from "./context.js";

export type Value = null | boolean | number | string | PtcObject;

/** Type tags, one per value family; seq classes share SEQ, map classes share MAP. */
export const T = {
  FLOAT: 1,
  KEYWORD: 2,
  SYMBOL: 3,
  CHAR: 4,
  VECTOR: 5,
  SEQ: 6,
  MAP: 7,
  SET: 8,
  FN: 9,
  VAR: 10,
  REGEX: 11,
  /** A value standing for a Java object (dates): see host-object.ts. */
  HOST: 12,
  /** Internal markers that never reach programs as ordinary values (reduce's `reduced`). */
  MARKER: 13,
} as const;
export type Tag = (typeof T)[keyof typeof T];

export abstract class PtcObject {
  abstract readonly tag: Tag;
}

// ---------------------------------------------------------------------------------------
// Numbers

/** An integral float (2.0, -0.0, 1e20). Non-integral floats are plain numbers. */
export class PtcFloat extends PtcObject {
  readonly tag = T.FLOAT;
  constructor(readonly value: number) {
    super();
  }
}

/** Wrap the result of a floating-point operation so it stays a float. */
export function float(n: number): number | PtcFloat {
  return Number.isInteger(n) ? new PtcFloat(n) : n;
}

export function isInt(v: Value): v is number {
  return typeof v === "number" && Number.isInteger(v);
}

export function isFloat(v: Value): boolean {
  return (typeof v === "number" && !Number.isInteger(v)) || v instanceof PtcFloat;
}

export function isNumber(v: Value): v is number | PtcFloat {
  return typeof v === "number" || v instanceof PtcFloat;
}

/** The JS number of a numeric value (caller has checked isNumber). */
export function numVal(v: number | PtcFloat): number {
  return typeof v === "number" ? v : v.value;
}

// ---------------------------------------------------------------------------------------
// Keywords and symbols

/**
 * The keyword intern table belongs to the process (keywords in a program's literals, in
 * builtins and in host code must be the same objects), so it is bounded by what it holds,
 * not only by its number of entries: a program making long keywords in every evaluation
 * must not grow the heap. Keywords longer than INTERN_MAX_LENGTH, or made once the table
 * holds INTERN_MAX_CHARS characters, are not interned: they are still equal by name (every
 * comparison of keywords falls back to their names), only not identical.
 */
const INTERN_MAX_LENGTH = 256;
const INTERN_MAX_CHARS = 4_000_000;
const INTERN_CAP = 100_000;
const keywordTable = new Map<string, Keyword>();
let internedChars = 0;

export class Keyword extends PtcObject {
  readonly tag = T.KEYWORD;
  /** `ns/name` or `name`; equality compares this. */
  readonly fqn: string;
  hashCache = 0;
  constructor(
    readonly ns: string | null,
    readonly name: string,
  ) {
    super();
    this.fqn = ns === null ? name : `${ns}/${name}`;
  }
}

/** The keyword `:name` or `:ns/name`. */
export function keyword(name: string, ns: string | null = null): Keyword {
  const fqn = ns === null ? name : `${ns}/${name}`;
  const hit = keywordTable.get(fqn);
  if (hit !== undefined) return hit;
  const k = new Keyword(ns, name);
  if (fqn.length <= INTERN_MAX_LENGTH && keywordTable.size < INTERN_CAP && internedChars < INTERN_MAX_CHARS) {
    keywordTable.set(fqn, k);
    internedChars += fqn.length;
  }
  return k;
}

/** Parse `ns/name` or `name` into a keyword (a lone `/` is a name). */
export function keywordFromString(s: string): Keyword {
  const i = s.indexOf("/");
  if (i > 0 && i < s.length - 1) return keyword(s.slice(i + 1), s.slice(0, i));
  return keyword(s);
}

export class Sym extends PtcObject {
  readonly tag = T.SYMBOL;
  readonly fqn: string;
  constructor(
    readonly ns: string | null,
    readonly name: string,
  ) {
    super();
    this.fqn = ns === null ? name : `${ns}/${name}`;
  }
}

export function symbol(name: string, ns: string | null = null): Sym {
  return new Sym(ns, name);
}

// ---------------------------------------------------------------------------------------
// Characters: one UTF-16 code unit, as in Clojure on the JVM.

export class Char extends PtcObject {
  readonly tag = T.CHAR;
  constructor(readonly c: string) {
    super();
  }
}

const charCache: (Char | undefined)[] = [];

export function char(c: string): Char {
  const code = c.charCodeAt(0);
  if (c.length === 1) {
    const hit = charCache[code];
    if (hit !== undefined) return hit;
    const made = new Char(c);
    charCache[code] = made;
    return made;
  }
  return new Char(c);
}

// ---------------------------------------------------------------------------------------
// Vars: the result of `def`, printed #'name.

export class Var extends PtcObject {
  readonly tag = T.VAR;
  value: Value = null;
  bound = false;
  doc: string | null = null;
  constructor(readonly name: string) {
    super();
  }
}

// ---------------------------------------------------------------------------------------
// Regular expressions: compiled once, at analysis time for literals.

export class Regex extends PtcObject {
  readonly tag = T.REGEX;
  constructor(
    /** The pattern as written (Clojure notation). */
    readonly source: string,
    /** The compiled JS pattern; the `g` flag is never set, so it carries no state. */
    readonly re: RegExp,
  ) {
    super();
  }
  private groups = -1;
  /** Number of capturing groups (computed once). */
  get groupCount(): number {
    if (this.groups < 0) this.groups = new RegExp(`${this.re.source}|`, this.re.flags).exec("")!.length - 1;
    return this.groups;
  }
}

// ---------------------------------------------------------------------------------------
// Functions

export abstract class PtcFn extends PtcObject {
  readonly tag = T.FN;
  abstract readonly name: string | null;
  /** Call with an argument array (which the callee must not keep or mutate). */
  abstract invoke(cx: Cx, args: Value[]): Value;
  /** Call with one argument; subclasses avoid the argument array where they can. */
  call1(cx: Cx, a: Value): Value {
    return this.invoke(cx, [a]);
  }
  /** Call with two arguments. */
  call2(cx: Cx, a: Value, b: Value): Value {
    return this.invoke(cx, [a, b]);
  }
  /**
   * A JS function calling this function with one argument, for loops that call it many
   * times (subclasses return their fastest entry point).
   */
  unary(): (cx: Cx, a: Value) => Value {
    return (cx, a) => this.call1(cx, a);
  }
  /** Like unary, for two arguments. */
  binary(): (cx: Cx, a: Value, b: Value) => Value {
    return (cx, a, b) => this.call2(cx, a, b);
  }
  /**
   * The fixed parameter count of the variadic arity (`[a b & more]` → 2), or null when
   * there is none (or the function is a builtin): `apply` over a lazy seq then realizes
   * only what the parameters bind and hands the rest over unrealized.
   */
  restArity(): number | null {
    return null;
  }
  /** Call the variadic arity with its fixed arguments and the rest as a seq (see restArity). */
  invokeRest(cx: Cx, fixed: Value[], rest: Value): Value {
    void rest;
    return this.invoke(cx, fixed);
  }
  /** Parameter lists for printing (`[a b & more]`); never the body. */
  paramLists(): string[] {
    return [];
  }
  /** The docstring (`(defn f "doc" [x] ...)`), shown in prompts; null when there is none. */
  get doc(): string | null {
    return null;
  }
  /**
   * What JSON.stringify writes for a function that reaches host data (a trace, a step's
   * return): its printed label `#fn[name [x]]`, never its body or captured values.
   */
  toJSON(): string {
    const parts = [this.name ?? "", ...this.paramLists()].filter((p) => p !== "");
    return `#fn[${parts.join(" ")}]`;
  }
}

// ---------------------------------------------------------------------------------------
// Small predicates used everywhere

export function truthy(v: Value): boolean {
  return v !== null && v !== false;
}

export function isKeyword(v: Value): v is Keyword {
  return v instanceof Keyword;
}
