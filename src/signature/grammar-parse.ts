/**
 * Signature text → Signature through the ANTLR grammar (grammar/Signature.g4):
 *
 *   text → lexer (ANTLR) → token check (brackets, depth) → parser (ANTLR) → Signature
 *
 * The token check gives unbalanced brackets precise messages; the parser's errors are
 * reworded from what it expected at that point (`expected a type after "limit", found
 * "->"`); type names, optional markers and duplicate names are checked while building.
 *
 * parse.ts reads well-formed text without this module (fast-parse.ts) and comes here for
 * the rest. The Node bundle loads this module (and ANTLR with it) on its first call, so
 * that importing ptcc does not pay for the parser (scripts/bundle-lib.mjs).
 */
import {
  BaseErrorListener,
  CharStream,
  CommonTokenStream,
  type ATNSimulator,
  type Parser,
  type Recognizer,
  type Token,
} from "antlr4ng";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { joinSpans, type Span } from "../diagnostics/span.js";
import { tokenSpan } from "../diagnostics/token-span.js";
import { SignatureLexer } from "../generated/SignatureLexer.js";
import {
  FieldContext,
  ListContext,
  MapContext,
  NameContext,
  ParamContext,
  ParamsContext,
  PrimitiveContext,
  SignatureContext,
  SignatureParser,
  TypeContext,
} from "../generated/SignatureParser.js";
import { SignatureError } from "./errors.js";
import {
  field,
  isPrimitiveName,
  listOf,
  mapOf,
  primitive,
  PRIMITIVES,
  type Field,
  type Signature,
  type SigType,
} from "./types.js";
import { table } from "../runtime/table.js";
import { MAX_SIGNATURE_DEPTH, signatureStartSpan as startSpan } from "./limits.js";

/** @internal parseSignature through ANTLR alone (the reference the fast reader is tested against). */
export function parseWithAntlr(text: string): Signature {
  const lexer = new SignatureLexer(CharStream.fromString(text));
  lexer.removeErrorListeners();
  const tokens = new CommonTokenStream(lexer);
  tokens.fill();
  checkTokens(text, tokens.getTokens());

  const parser = new SignatureParser(tokens);
  parser.removeErrorListeners();
  parser.addErrorListener(new SignatureErrorListener(text, tokens));
  return new SignatureBuilder(text).signature(parser.signature());
}

// ---------------------------------------------------------------------------------------
// Token check

const OPENERS: Readonly<Record<number, number>> = {
  [SignatureLexer.LPAREN]: SignatureLexer.RPAREN,
  [SignatureLexer.LBRACK]: SignatureLexer.RBRACK,
  [SignatureLexer.LBRACE]: SignatureLexer.RBRACE,
};
const CLOSER_TEXT: Readonly<Record<number, string>> = {
  [SignatureLexer.RPAREN]: ")",
  [SignatureLexer.RBRACK]: "]",
  [SignatureLexer.RBRACE]: "}",
};

function checkTokens(text: string, tokens: readonly Token[]): void {
  const visible = tokens.filter((t) => t.channel === 0 && t.type !== SignatureLexer.EOF);
  if (visible.length === 0) {
    throw new SignatureError("empty signature", text, startSpan(), "write a type, such as :any or {count :int}");
  }
  const open: Token[] = [];
  for (const t of visible) {
    const closer = OPENERS[t.type];
    if (closer !== undefined) {
      open.push(t);
      if (open.length > MAX_SIGNATURE_DEPTH) {
        throw new SignatureError(`types are nested more than ${MAX_SIGNATURE_DEPTH} levels deep`, text, tokenSpan(t));
      }
      continue;
    }
    const closes = CLOSER_TEXT[t.type];
    if (closes === undefined) continue;
    const top = open.pop();
    if (top === undefined) throw new SignatureError(`unexpected "${closes}": nothing to close`, text, tokenSpan(t));
    if (OPENERS[top.type] !== t.type) {
      const want = CLOSER_TEXT[OPENERS[top.type]!]!;
      const at = tokenSpan(top);
      throw new SignatureError(
        `unexpected "${closes}": expected "${want}" to close "${top.text}" opened at ${at.line}:${at.column}`,
        text,
        tokenSpan(t),
      );
    }
  }
  const unclosed = open.pop();
  if (unclosed !== undefined) {
    const want = CLOSER_TEXT[OPENERS[unclosed.type]!]!;
    const at = tokenSpan(unclosed);
    throw new SignatureError(
      `unclosed "${unclosed.text}" opened at ${at.line}:${at.column}`,
      text,
      at,
      `add "${want}"`,
    );
  }
}

// ---------------------------------------------------------------------------------------
// Parser errors, reworded

/** How an expected token is named in a message. */
const TOKEN_NAMES: Readonly<Record<number, string>> = {
  [SignatureLexer.ARROW]: '"->"',
  [SignatureLexer.LPAREN]: '"("',
  [SignatureLexer.RPAREN]: '")"',
  [SignatureLexer.LBRACK]: '"["',
  [SignatureLexer.RBRACK]: '"]"',
  [SignatureLexer.LBRACE]: '"{"',
  [SignatureLexer.RBRACE]: '"}"',
  [SignatureLexer.COMMA]: '","',
  [SignatureLexer.QMARK]: '"?"',
  [SignatureLexer.KEYWORD]: "a type",
  [SignatureLexer.NAME]: "a name",
  [SignatureLexer.EOF]: "the end of the signature",
};

function found(t: Token): string {
  return t.type === SignatureLexer.EOF ? "the end of the signature" : `"${t.text}"`;
}

class SignatureErrorListener extends BaseErrorListener {
  constructor(
    private readonly text: string,
    private readonly tokens: CommonTokenStream,
  ) {
    super();
  }

  override syntaxError<S extends Token, T extends ATNSimulator>(
    recognizer: Recognizer<T>,
    offending: S | null,
    line: number,
    column: number,
  ): void {
    const at: Span = offending
      ? tokenSpan(offending)
      : { line, column: column + 1, endLine: line, endColumn: column + 2, offset: 0, end: 0 };
    if (offending === null) throw new SignatureError("unexpected input", this.text, at);
    const prev = this.previous(offending.tokenIndex);
    const parser = recognizer as unknown as Parser;
    const expected = parser.getExpectedTokens();
    throw this.describe(offending, prev, (type) => expected.contains(type), at);
  }

  private describe(tok: Token, prev: Token | null, expects: (type: number) => boolean, at: Span): SignatureError {
    const err = (message: string, hint?: string): SignatureError => new SignatureError(message, this.text, at, hint);
    const prevText = prev?.text ?? "";
    const afterPrev = prev ? ` after "${prevText}"` : "";

    // Syntax of the seed's "future considerations": say so rather than "unexpected".
    if (tok.type === SignatureLexer.PIPE) {
      return err("union types (:string|:int) are not supported yet", "use one type, or :any");
    }
    if (tok.type === SignatureLexer.LBRACK && prev?.type === SignatureLexer.KEYWORD) {
      if (prevText === ":enum") {
        return err(
          "enum types (:enum[a b]) are not supported yet",
          "use :string or :keyword and list the values in the description",
        );
      }
      if (isPrimitiveName(prevText.slice(1).replace(/\?$/, ""))) {
        return err(
          `refinements (${prevText}[...]) are not supported yet`,
          "use the plain type and check the value in the program",
        );
      }
    }
    if (tok.type === SignatureLexer.OTHER) return err(`unexpected character "${tok.text}"`);

    const typeExpected =
      expects(SignatureLexer.KEYWORD) && expects(SignatureLexer.LBRACK) && !expects(SignatureLexer.NAME);
    if (typeExpected) {
      let hint: string | undefined;
      if (tok.type === SignatureLexer.NAME && isPrimitiveName(tok.text ?? ""))
        hint = `types start with a colon: :${tok.text}`;
      else if (tok.type === SignatureLexer.RBRACK && prev?.type === SignatureLexer.LBRACK)
        hint = "write [:any] for a list of anything";
      else if (prev?.type === SignatureLexer.KEYWORD && isPrimitiveName(prevText.slice(1)))
        hint = "each parameter or field is a name, then a type: (query :string), {id :int}";
      return err(`expected a type${afterPrev}, found ${found(tok)}`, hint);
    }
    if (expects(SignatureLexer.NAME) && expects(SignatureLexer.RPAREN)) {
      return err(`expected a parameter name or ")"${afterPrev}, found ${found(tok)}`);
    }
    if (expects(SignatureLexer.NAME) && expects(SignatureLexer.RBRACE)) {
      return err(`expected a field name or "}"${afterPrev}, found ${found(tok)}`);
    }
    if (expects(SignatureLexer.ARROW) && !expects(SignatureLexer.EOF)) {
      return err(`expected "->" after the parameters, found ${found(tok)}`);
    }
    if (expects(SignatureLexer.EOF)) {
      const hint = tok.type === SignatureLexer.ARROW ? "parameters go in parentheses: (x :int) -> :int" : undefined;
      return err(`expected the end of the signature${afterPrev}, found ${found(tok)}`, hint);
    }
    const names = [
      ...new Set(
        Object.keys(TOKEN_NAMES)
          .map(Number)
          .filter(expects)
          .map((k) => TOKEN_NAMES[k]!),
      ),
    ];
    return err(`expected ${names.join(" or ") || "something else"}${afterPrev}, found ${found(tok)}`);
  }

  private previous(index: number): Token | null {
    for (let i = index - 1; i >= 0; i--) {
      const t = this.tokens.get(i);
      if (t.channel === 0) return t;
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------
// Parse tree → Signature. One method per parser rule (a test checks that none is missing).

/** Type names LLMs and people write for the ones that exist. */
const TYPE_HINTS: Readonly<Record<string, string>> = table({
  integer: "write :int",
  long: "write :int",
  number: "write :float (integers are accepted) or :int",
  double: "write :float",
  decimal: "write :float",
  boolean: "write :bool",
  str: "write :string",
  text: "write :string",
  date: "dates are strings: write :string",
  datetime: "dates are strings: write :string",
  uuid: "write :string",
  object: "write :map, or {field :type ...}",
  dict: "write :map, or {field :type ...}",
  hash: "write :map, or {field :type ...}",
  function: "write :fn",
  list: "write a list type as [:type], such as [:int]",
  vector: "write a list type as [:type], such as [:int]",
  array: "write a list type as [:type], such as [:int]",
  seq: "write a list type as [:type], such as [:int]",
  set: "sets are lists here: write [:type]",
  nil: "an optional type ends with ?: :string?",
  null: "an optional type ends with ?: :string?",
  symbol: "write :keyword or :string",
  enum: "enum types are not supported yet: use :string or :keyword and list the values in the description",
});

/** @internal The tree walker; exported for the grammar-coverage test, not part of the API. */
export class SignatureBuilder {
  constructor(private readonly text: string) {}

  signature(ctx: SignatureContext): Signature {
    const p = ctx.params();
    return { params: p === null ? [] : this.params(p), output: this.type(ctx.type()) };
  }

  params(ctx: ParamsContext): Field[] {
    return this.unique(
      ctx.param().map((p) => this.param(p)),
      "parameter",
    );
  }

  param(ctx: ParamContext): Field {
    return field(this.name(ctx.name()), this.type(ctx.type()), span(ctx));
  }

  type(ctx: TypeContext): SigType {
    if (ctx instanceof PrimitiveContext) return this.primitive(ctx);
    if (ctx instanceof ListContext) return this.list(ctx);
    if (ctx instanceof MapContext) return this.map(ctx);
    throw new SignatureError("unexpected type syntax", this.text, span(ctx));
  }

  primitive(ctx: PrimitiveContext): SigType {
    const tok = ctx.KEYWORD().symbol;
    const at = tokenSpan(tok);
    let name = (tok.text ?? "").slice(1);
    let optional = false;
    if (name.endsWith("?")) {
      name = name.slice(0, -1);
      optional = true;
    }
    if (ctx.QMARK() !== null || (optional && name.endsWith("?"))) {
      name = name.replace(/\?+$/, "");
      if (optional) throw new SignatureError(`"?" written twice after :${name}`, this.text, at, `write :${name}?`);
      optional = true;
    }
    if (!isPrimitiveName(name)) {
      const hint = TYPE_HINTS[name.toLowerCase()] ?? didYouMean(closest(name, PRIMITIVES).map((n) => `:${n}`));
      throw new SignatureError(
        `unknown type :${name}`,
        this.text,
        at,
        hint ?? `the types are ${PRIMITIVES.map((n) => `:${n}`).join(" ")}`,
      );
    }
    return primitive(name, optional, span(ctx));
  }

  list(ctx: ListContext): SigType {
    return listOf(this.type(ctx.type()), ctx.QMARK() !== null, span(ctx));
  }

  map(ctx: MapContext): SigType {
    const fields = this.unique(
      ctx.field().map((f) => this.field(f)),
      "field",
    );
    return mapOf(fields, ctx.QMARK() !== null, span(ctx));
  }

  field(ctx: FieldContext): Field {
    return field(this.name(ctx.name()), this.type(ctx.type()), span(ctx));
  }

  name(ctx: NameContext): string {
    const raw = ctx.getText();
    const name = raw.startsWith(":") ? raw.slice(1) : raw;
    if (name === "__proto__") throw new SignatureError(`"${name}" cannot be a name`, this.text, span(ctx));
    return name;
  }

  /** Names must differ, also across `-`/`_` spellings (they match the same keys). */
  private unique(fields: Field[], what: "parameter" | "field"): Field[] {
    const seen = new Map<string, Field>();
    for (const f of fields) {
      const key = f.name.replace(/-/g, "_");
      const other = seen.get(key);
      if (other !== undefined) {
        const same = other.name === f.name ? "" : ` (the same as "${other.name}": - and _ match the same keys)`;
        throw new SignatureError(`duplicate ${what} "${f.name}"${same}`, this.text, f.span ?? startSpan());
      }
      seen.set(key, f);
    }
    return fields;
  }
}

function span(ctx: { start: Token | null; stop: Token | null }): Span {
  const start = tokenSpan(ctx.start!);
  return ctx.stop ? joinSpans(start, tokenSpan(ctx.stop)) : start;
}
