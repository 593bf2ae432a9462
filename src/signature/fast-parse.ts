/**
 * The signature grammar (grammar/Signature.g4) for well-formed text only, without ANTLR:
 * a scanner and an LL(1) reader that build exactly what parse.ts builds from ANTLR's tree —
 * the same types, names and spans — or give up (null) at the first thing they do not expect.
 * parseSignature tries this first and leaves everything else, errors above all, to ANTLR,
 * whose messages it words. A property test holds the two to the same results
 * (test/signature/fast-parse.test.ts).
 *
 * Why: a cold process parses a signature with ANTLR in about a millisecond (most of it
 * interpreting ANTLR's machinery), and `ptcc compile` parses one per agent file and tool.
 */
import { joinSpans, type Span } from "../diagnostics/span.js";
import { tokenSpan } from "../diagnostics/token-span.js";
import { numberValue, stringValue } from "./literal-text.js";
import {
  enumOf,
  field,
  isPrimitiveName,
  listOf,
  literal,
  mapOf,
  primitive,
  ref,
  unionOf,
  withOptional,
  type Bounds,
  type Field,
  type NamedTypes,
  type Signature,
  type SigType,
} from "./types.js";

/** Token kinds (the grammar's, but OTHER: text with that is left to ANTLR). */
const enum K {
  Arrow,
  LParen,
  RParen,
  LBrack,
  RBrack,
  LBrace,
  RBrace,
  Comma,
  QMark,
  Pipe,
  DotDot,
  Ge,
  Le,
  Gt,
  Lt,
  String,
  Number,
  Bool,
  Keyword,
  Name,
  Eof,
}

interface Tok {
  readonly kind: K;
  readonly text: string;
  /** 1-based. */
  readonly line: number;
  /** 0-based, as ANTLR counts. */
  readonly column: number;
  readonly start: number;
  /** Inclusive. */
  readonly stop: number;
}

const SINGLE: ReadonlyMap<string, K> = new Map([
  ["(", K.LParen],
  [")", K.RParen],
  ["[", K.LBrack],
  ["]", K.RBrack],
  ["{", K.LBrace],
  ["}", K.RBrace],
  [",", K.Comma],
  ["?", K.QMark],
  ["|", K.Pipe],
]);

/** Where refinements apply (parse.ts: REFINABLE). */
const REFINABLE: ReadonlySet<string> = new Set(["int", "float", "string"]);

/** Nesting the token check allows (parse.ts: MAX_SIGNATURE_DEPTH). */
const MAX_DEPTH = 64;

/** Bounds as written: a range `lo..hi` or one or two comparisons. */
interface RawBounds {
  readonly lo?: Tok | undefined;
  readonly hi?: Tok | undefined;
  readonly compares?: readonly [K, Tok][];
}

/** Gave up: the text is left to ANTLR. */
class GiveUp extends Error {}

/** The signature, or null when ANTLR must read the text (an error, or anything unusual). */
export function parseSignatureFast(text: string, options: { readonly types?: NamedTypes } = {}): Signature | null {
  const tokens = scan(text);
  if (tokens === null || tokens.length === 1) return null;
  try {
    return new Reader(tokens, options.types).signature();
  } catch (e) {
    if (e instanceof GiveUp) return null;
    throw e;
  }
}

const isNameStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isNameChar = (c: number): boolean => isNameStart(c) || isDigit(c) || c === 63 || c === 33;

/** The tokens (ANTLR's lexer's, whitespace skipped) ending with Eof; null: a character it would not take. */
function scan(text: string): Tok[] | null {
  const out: Tok[] = [];
  let line = 1;
  let column = 0;
  let i = 0;
  const push = (kind: K, end: number): void => {
    out.push({ kind, text: text.slice(i, end), line, column, start: i, stop: end - 1 });
    column += end - i;
    i = end;
  };
  /** The end of NAME_BODY starting at `from` (a NAME_START): NAME_CHAR*, then (- NAME_CHAR+)*. */
  const nameEnd = (from: number): number => {
    let j = from + 1;
    for (;;) {
      while (j < text.length && isNameChar(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === 45 && j + 1 < text.length && isNameChar(text.charCodeAt(j + 1))) j++;
      else return j;
    }
  };
  while (i < text.length) {
    const ch = text[i]!;
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      column = 0;
      i++;
    } else if (c === 32 || c === 9 || c === 13) {
      column++;
      i++;
    } else if (SINGLE.has(ch)) {
      push(SINGLE.get(ch)!, i + 1);
    } else if (c === 45 && text.charCodeAt(i + 1) === 62) {
      push(K.Arrow, i + 2);
    } else if (c === 46 && text.charCodeAt(i + 1) === 46) {
      push(K.DotDot, i + 2);
    } else if (c === 62 || c === 60) {
      const eq = text.charCodeAt(i + 1) === 61;
      push(c === 62 ? (eq ? K.Ge : K.Gt) : eq ? K.Le : K.Lt, i + (eq ? 2 : 1));
    } else if (c === 34) {
      // STRING: to the closing quote, a backslash taking the next character; no line breaks.
      let j = i + 1;
      for (;;) {
        const d = text.charCodeAt(j);
        if (j >= text.length || d === 10 || d === 13) return null;
        if (d === 34) break;
        j += d === 92 ? 2 : 1;
      }
      push(K.String, j + 1);
    } else if (isDigit(c) || (c === 45 && isDigit(text.charCodeAt(i + 1)))) {
      push(K.Number, numberEnd(text, i));
    } else if (c === 58 && i + 1 < text.length && isNameStart(text.charCodeAt(i + 1))) {
      push(K.Keyword, nameEnd(i + 1));
    } else if (isNameStart(c)) {
      const end = nameEnd(i);
      const word = text.slice(i, end);
      push(/^(true|false)\??$/.test(word) ? K.Bool : K.Name, end);
    } else {
      return null;
    }
  }
  out.push({ kind: K.Eof, text: "<EOF>", line, column, start: i, stop: i - 1 });
  return out;
}

/** The end of NUMBER from `i`: `-`? digits, then `.digits` and an exponent when complete. */
function numberEnd(text: string, i: number): number {
  let j = text.charCodeAt(i) === 45 ? i + 1 : i;
  while (isDigit(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 46 && isDigit(text.charCodeAt(j + 1))) {
    j += 2;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 101 || e === 69) {
    let k = j + 1;
    const sign = text.charCodeAt(k);
    if (sign === 43 || sign === 45) k++;
    if (isDigit(text.charCodeAt(k))) {
      while (isDigit(text.charCodeAt(k))) k++;
      j = k;
    }
  }
  return j;
}

class Reader {
  private at = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly Tok[],
    private readonly types: NamedTypes | undefined,
  ) {}

  signature(): Signature {
    let params: Field[] = [];
    // `(` opens the parameters when its `)` is followed by `->`, else a parenthesized type.
    if (this.peek() === K.LParen && this.tokens[this.closing(this.at) + 1]?.kind === K.Arrow) {
      params = this.fields(K.LParen, K.RParen);
      this.take(K.Arrow);
    }
    const output = this.type();
    this.take(K.Eof);
    return { params, output };
  }

  /** `( name type ,? ... )` or `{ ... }`: the fields, distinct. */
  private fields(open: K, close: K): Field[] {
    this.take(open);
    if (++this.depth > MAX_DEPTH) throw new GiveUp();
    const fields: Field[] = [];
    while (this.peek() !== close) {
      fields.push(this.field());
      if (this.peek() === K.Comma) {
        this.at++;
        if (this.peek() !== close && this.peek() !== K.Name && this.peek() !== K.Keyword) throw new GiveUp();
      }
    }
    this.at++;
    this.depth--;
    // Names must differ, also across -/_ spellings (parse.ts words the error).
    const seen = new Set<string>();
    for (const f of fields) {
      const key = f.name.replace(/-/g, "_");
      if (seen.has(key)) throw new GiveUp();
      seen.add(key);
    }
    return fields;
  }

  private field(): Field {
    const name = this.tokens[this.at]!;
    if (name.kind !== K.Name && name.kind !== K.Keyword && name.kind !== K.Bool) throw new GiveUp();
    this.at++;
    const text = name.kind === K.Keyword ? name.text.slice(1) : name.text;
    if (text === "__proto__") throw new GiveUp();
    const type = this.type();
    const description = this.peek() === K.String ? this.string() : undefined;
    return field(text, type, joinSpans(tokenSpan(name), tokenSpan(this.tokens[this.at - 1]!)), description);
  }

  /** `member (| member)*`: two or more members make a union (none of them optional). */
  private type(): SigType {
    const first = this.tokens[this.at]!;
    const t = this.member();
    if (this.peek() !== K.Pipe) return t;
    const members = [t];
    while (this.peek() === K.Pipe) {
      this.at++;
      members.push(this.member());
    }
    if (members.some((m) => m.optional)) throw new GiveUp();
    return unionOf(members, false, this.spanFrom(first));
  }

  private member(): SigType {
    const first = this.tokens[this.at]!;
    switch (first.kind) {
      case K.Keyword: {
        this.at++;
        const refine = this.peek() === K.LBrack ? this.refine() : null;
        const qmark = this.optionalMark();
        let name = first.text.slice(1);
        let optional = false;
        if (name.endsWith("?")) {
          name = name.slice(0, -1);
          optional = true;
        }
        if (optional && refine !== null) throw new GiveUp(); // "?" before the brackets
        if (qmark || (optional && name.endsWith("?"))) {
          if (optional) throw new GiveUp(); // "?" written twice
          name = name.replace(/\?+$/, "");
          optional = true;
        }
        const at = this.spanFrom(first);
        if (name === "enum") {
          if (refine === null || !Array.isArray(refine) || refine.length === 0) throw new GiveUp();
          if (new Set(refine).size !== refine.length) throw new GiveUp();
          return enumOf(refine, optional, at);
        }
        if (!isPrimitiveName(name)) {
          const named = this.types?.get(name);
          if (named === undefined || refine !== null) throw new GiveUp();
          return ref(name, named, optional, at);
        }
        if (refine === null) return primitive(name, optional, at);
        if (!REFINABLE.has(name) || Array.isArray(refine)) throw new GiveUp();
        return primitive(name, optional, at, this.bounds(refine as RawBounds, name !== "float"));
      }
      case K.LBrack: {
        this.at++;
        if (++this.depth > MAX_DEPTH) throw new GiveUp();
        const of = this.type();
        this.take(K.RBrack);
        this.depth--;
        const refine = this.peek() === K.LBrack ? this.refine() : null;
        if (refine !== null && Array.isArray(refine)) throw new GiveUp();
        const bounds = refine === null ? undefined : this.bounds(refine as RawBounds, true);
        return listOf(of, this.optionalMark(), this.spanFrom(first), bounds);
      }
      case K.LBrace: {
        const fields = this.fields(K.LBrace, K.RBrace);
        return mapOf(fields, this.optionalMark(), this.spanFrom(first));
      }
      case K.String: {
        const v = this.string();
        return literal(v, this.optionalMark(), this.spanFrom(first));
      }
      case K.Number:
        this.at++;
        return literal(numberValue(first.text), this.optionalMark(), this.spanFrom(first));
      case K.Bool: {
        this.at++;
        const qmark = this.optionalMark();
        if (qmark && first.text.endsWith("?")) throw new GiveUp(); // "?" written twice
        return literal(first.text.startsWith("true"), qmark || first.text.endsWith("?"), this.spanFrom(first));
      }
      case K.LParen: {
        this.at++;
        if (++this.depth > MAX_DEPTH) throw new GiveUp();
        const t = this.type();
        this.take(K.RParen);
        this.depth--;
        if (!this.optionalMark()) return t;
        if (t.optional) throw new GiveUp();
        return withOptional(t, true);
      }
      default:
        throw new GiveUp();
    }
  }

  /** `[...]` after a type: enum values (names), or bounds as written (checked by `bounds`). */
  private refine(): string[] | RawBounds {
    this.take(K.LBrack);
    const k = this.peek();
    let out: string[] | RawBounds;
    if (k === K.Gt || k === K.Ge || k === K.Lt || k === K.Le) {
      const compares: [K, Tok][] = [];
      while (this.peek() !== K.RBrack) {
        const op = this.peek();
        if ((op !== K.Gt && op !== K.Ge && op !== K.Lt && op !== K.Le) || compares.length === 2) throw new GiveUp();
        this.at++;
        const n = this.tokens[this.at]!;
        this.take(K.Number);
        compares.push([op, n]);
      }
      out = { compares };
    } else if (k === K.Number || k === K.DotDot) {
      const lo = k === K.Number ? this.tokens[this.at++]! : undefined;
      this.take(K.DotDot);
      const hi = this.peek() === K.Number ? this.tokens[this.at++]! : undefined;
      out = { lo, hi };
    } else {
      const names: string[] = [];
      while (this.peek() === K.Name || this.peek() === K.Keyword || this.peek() === K.Bool) {
        const t = this.tokens[this.at++]!;
        names.push(t.kind === K.Keyword ? t.text.slice(1) : t.text);
      }
      out = names;
    }
    this.take(K.RBrack);
    return out;
  }

  /** Bounds as parse.ts builds them; anything it refuses is left to it. */
  private bounds(raw: RawBounds, integral: boolean): Bounds {
    const numbers = [raw.lo, raw.hi, ...(raw.compares ?? []).map(([, n]) => n)].filter(
      (n): n is Tok => n !== undefined,
    );
    if (integral && numbers.some((n) => !Number.isInteger(numberValue(n.text)))) throw new GiveUp();
    const out: { min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean } = {};
    if (raw.compares === undefined) {
      if (raw.lo === undefined && raw.hi === undefined) throw new GiveUp();
      if (raw.lo !== undefined) out.min = numberValue(raw.lo.text);
      if (raw.hi !== undefined) out.max = numberValue(raw.hi.text);
      if (out.min !== undefined && out.max !== undefined && out.min > out.max) throw new GiveUp();
      return out;
    }
    for (const [op, n] of raw.compares) {
      const v = numberValue(n.text);
      if (op === K.Gt || op === K.Ge) {
        if (out.min !== undefined) throw new GiveUp();
        out.min = v;
        if (op === K.Gt) out.minExclusive = true;
      } else {
        if (out.max !== undefined) throw new GiveUp();
        out.max = v;
        if (op === K.Lt) out.maxExclusive = true;
      }
    }
    if (out.min !== undefined && out.max !== undefined) {
      if (out.min > out.max || (out.min === out.max && (out.minExclusive || out.maxExclusive))) throw new GiveUp();
    }
    return out;
  }

  /** A STRING token's value (consumed); a bad escape is left to ANTLR's reading. */
  private string(): string {
    const t = this.tokens[this.at]!;
    this.take(K.String);
    const v = stringValue(t.text);
    if (v === undefined) throw new GiveUp();
    return v;
  }

  /** The index of the token that closes the bracket at `i` (the last token when none does). */
  private closing(i: number): number {
    let depth = 0;
    for (let j = i; j < this.tokens.length; j++) {
      const k = this.tokens[j]!.kind;
      if (k === K.LParen || k === K.LBrack || k === K.LBrace) depth++;
      else if (k === K.RParen || k === K.RBrack || k === K.RBrace) {
        if (--depth === 0) return j;
      }
    }
    return this.tokens.length - 1;
  }

  /** A `?` token after a type (consumed). */
  private optionalMark(): boolean {
    if (this.peek() !== K.QMark) return false;
    this.at++;
    return true;
  }

  /** From `first` to the last token read. */
  private spanFrom(first: Tok): Span {
    return joinSpans(tokenSpan(first), tokenSpan(this.tokens[this.at - 1]!));
  }

  private peek(): K {
    return this.tokens[this.at]!.kind;
  }

  private take(kind: K): void {
    if (this.peek() !== kind) throw new GiveUp();
    this.at++;
  }
}
