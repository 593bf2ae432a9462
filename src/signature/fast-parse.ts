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
import {
  field,
  isPrimitiveName,
  listOf,
  mapOf,
  primitive,
  type Field,
  type NamedTypes,
  type Signature,
  type SigType,
} from "./types.js";

/** Token kinds (the grammar's, but PIPE and OTHER: text with those is left to ANTLR). */
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
]);

/** Nesting the token check allows (parse.ts: MAX_SIGNATURE_DEPTH). */
const MAX_DEPTH = 64;

/** Gave up: the text is left to ANTLR. */
class GiveUp extends Error {}

/** The signature, or null when ANTLR must read the text (an error, or anything unusual). */
export function parseSignatureFast(text: string, _options: { readonly types?: NamedTypes } = {}): Signature | null {
  const tokens = scan(text);
  if (tokens === null || tokens.length === 1) return null;
  try {
    return new Reader(tokens).signature();
  } catch (e) {
    if (e instanceof GiveUp) return null;
    throw e;
  }
}

const isNameStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isNameChar = (c: number): boolean => isNameStart(c) || (c >= 48 && c <= 57) || c === 63 || c === 33;

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
    } else if (c === 58 && i + 1 < text.length && isNameStart(text.charCodeAt(i + 1))) {
      push(K.Keyword, nameEnd(i + 1));
    } else if (isNameStart(c)) {
      push(K.Name, nameEnd(i));
    } else {
      return null;
    }
  }
  out.push({ kind: K.Eof, text: "<EOF>", line, column, start: i, stop: i - 1 });
  return out;
}

class Reader {
  private at = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Tok[]) {}

  signature(): Signature {
    let params: Field[] = [];
    if (this.peek() === K.LParen) {
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
    if (name.kind !== K.Name && name.kind !== K.Keyword) throw new GiveUp();
    this.at++;
    const text = name.kind === K.Keyword ? name.text.slice(1) : name.text;
    if (text === "__proto__") throw new GiveUp();
    const type = this.type();
    return field(text, type, joinSpans(tokenSpan(name), tokenSpan(this.tokens[this.at - 1]!)));
  }

  private type(): SigType {
    const first = this.tokens[this.at]!;
    switch (first.kind) {
      case K.Keyword: {
        this.at++;
        const qmark = this.optionalMark();
        let name = first.text.slice(1);
        let optional = false;
        if (name.endsWith("?")) {
          name = name.slice(0, -1);
          optional = true;
        }
        if (qmark || (optional && name.endsWith("?"))) {
          if (optional) throw new GiveUp(); // "?" written twice
          name = name.replace(/\?+$/, "");
          optional = true;
        }
        if (!isPrimitiveName(name)) throw new GiveUp();
        return primitive(name, optional, this.spanFrom(first));
      }
      case K.LBrack: {
        this.at++;
        if (++this.depth > MAX_DEPTH) throw new GiveUp();
        const of = this.type();
        this.take(K.RBrack);
        this.depth--;
        return listOf(of, this.optionalMark(), this.spanFrom(first));
      }
      case K.LBrace: {
        const fields = this.fields(K.LBrace, K.RBrace);
        return mapOf(fields, this.optionalMark(), this.spanFrom(first));
      }
      default:
        throw new GiveUp();
    }
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
