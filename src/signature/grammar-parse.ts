/**
 * Signature text → Signature through the ANTLR grammar (grammar/Signature.g4):
 *
 *   text → lexer (ANTLR) → token check (brackets, depth) → parser (ANTLR) → Signature
 *
 * The token check gives unbalanced brackets precise messages; the parser's errors are
 * reworded from what it expected at that point (`expected a type after "limit", found
 * "->"`); type names, enum values, refinements, optional markers and duplicate names are
 * checked while building.
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
  BoundContext,
  CompareContext,
  EnumValueContext,
  FieldContext,
  GroupContext,
  ListContext,
  LiteralContext,
  MapContext,
  MemberContext,
  NameContext,
  ParamContext,
  ParamsContext,
  PrimitiveContext,
  RefineContext,
  SignatureContext,
  SignatureParser,
  TypeContext,
} from "../generated/SignatureParser.js";
import { SignatureError } from "./errors.js";
import { numberValue, stringValue } from "./literal-text.js";
import {
  enumOf,
  field,
  isPrimitiveName,
  listOf,
  literal,
  mapOf,
  primitive,
  PRIMITIVES,
  ref,
  unionOf,
  withOptional,
  type Bounds,
  type Field,
  type NamedTypes,
  type Signature,
  type SigType,
} from "./types.js";
import { table } from "../runtime/table.js";
import { MAX_SIGNATURE_DEPTH, signatureStartSpan as startSpan } from "./limits.js";

export interface ParseOptions {
  /**
   * Named types the text may use as `:Ticket` (name without the colon → its type); each
   * use becomes a `ref` node holding the type. A name not here is an error with the
   * names that are close to it.
   */
  readonly types?: NamedTypes;
}

/** @internal parseSignature through ANTLR alone (the reference the fast reader is tested against). */
export function parseWithAntlr(text: string, options: ParseOptions = {}): Signature {
  const lexer = new SignatureLexer(CharStream.fromString(text));
  lexer.removeErrorListeners();
  const tokens = new CommonTokenStream(lexer);
  tokens.fill();
  checkTokens(text, tokens.getTokens());

  const parser = new SignatureParser(tokens);
  parser.removeErrorListeners();
  parser.addErrorListener(new SignatureErrorListener(text, tokens));
  try {
    return new SignatureBuilder(text, options.types).signature(parser.signature());
  } catch (e) {
    // `(:string) -> :int` reads as a parenthesized type up to "->"; the writer meant
    // parameters, so their error is the one to give when the parameters have one.
    if (e instanceof SignatureError && tokens.get(0).type === SignatureLexer.LPAREN && /found "->"/.test(e.message)) {
      tokens.seek(0);
      const again = new SignatureParser(tokens);
      again.removeErrorListeners();
      again.addErrorListener(new SignatureErrorListener(text, tokens));
      new SignatureBuilder(text, options.types).params(again.params());
    }
    throw e;
  }
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
  [SignatureLexer.PIPE]: '"|"',
  [SignatureLexer.STRING]: "a string",
  [SignatureLexer.NUMBER]: "a number",
  [SignatureLexer.DOTDOT]: '".."',
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

    if (tok.type === SignatureLexer.OTHER && tok.text === '"') return err("unclosed string", 'end it with "');
    if (tok.type === SignatureLexer.OTHER) return err(`unexpected character "${tok.text}"`);
    if (expects(SignatureLexer.NAME) && expects(SignatureLexer.RBRACK)) {
      return err(`expected an enum value (a name) or "]"${afterPrev}, found ${found(tok)}`);
    }

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
  enum: "list the values: :enum[open closed]",
});

/** Where refinements apply, and what they bound. */
const REFINABLE: Readonly<Record<string, "value" | "length">> = table({
  int: "value",
  float: "value",
  string: "length",
});

/** @internal The tree walker; exported for the grammar-coverage test, not part of the API. */
export class SignatureBuilder {
  constructor(
    private readonly text: string,
    private readonly types?: NamedTypes,
  ) {}

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
    return field(this.name(ctx.name()), this.type(ctx.type()), span(ctx), this.description(ctx.STRING()));
  }

  /** One member, or a union of several (`?` on a member is refused: it goes after the union). */
  type(ctx: TypeContext): SigType {
    const members = ctx.member();
    if (members.length === 1) return this.member(members[0]!);
    const of = members.map((m) => {
      const t = this.member(m);
      if (t.optional) {
        throw new SignatureError(
          "a member of a union cannot be optional",
          this.text,
          span(m),
          `make the whole union optional: (${this.text.slice(span(ctx).offset, span(ctx).end).replace(/\?(?=\||$)/g, "")})?`,
        );
      }
      return t;
    });
    return unionOf(of, false, span(ctx));
  }

  member(ctx: MemberContext): SigType {
    if (ctx instanceof PrimitiveContext) return this.primitive(ctx);
    if (ctx instanceof ListContext) return this.list(ctx);
    if (ctx instanceof MapContext) return this.map(ctx);
    if (ctx instanceof LiteralContext) return this.literal(ctx);
    if (ctx instanceof GroupContext) return this.group(ctx);
    throw new SignatureError("unexpected type syntax", this.text, span(ctx));
  }

  /** `:int`, `:int[>0]`, `:enum[a b]`, `:Ticket`, each with an optional `?`. */
  primitive(ctx: PrimitiveContext): SigType {
    const tok = ctx.KEYWORD().symbol;
    const at = tokenSpan(tok);
    let name = (tok.text ?? "").slice(1);
    let optional = false;
    if (name.endsWith("?")) {
      name = name.slice(0, -1);
      optional = true;
    }
    const refineCtx = ctx.refine();
    if (optional && refineCtx !== null) {
      throw new SignatureError(`"?" goes after the brackets`, this.text, at, `write :${name}[...]?`);
    }
    if (ctx.QMARK() !== null || (optional && name.endsWith("?"))) {
      name = name.replace(/\?+$/, "");
      if (optional) throw new SignatureError(`"?" written twice after :${name}`, this.text, at, `write :${name}?`);
      optional = true;
    }
    if (name === "enum") {
      if (refineCtx === null) {
        throw new SignatureError("an enum lists its values", this.text, at, "write :enum[open closed]");
      }
      return enumOf(this.enumValues(refineCtx), optional, span(ctx));
    }
    if (!isPrimitiveName(name)) {
      const named = this.types?.get(name);
      if (named !== undefined) {
        if (refineCtx !== null) {
          throw new SignatureError(`a named type cannot be refined`, this.text, span(refineCtx));
        }
        return ref(name, named, optional, span(ctx));
      }
      const known = [...PRIMITIVES, "enum", ...(this.types?.keys() ?? [])];
      const declareHint =
        /^[A-Z]/.test(name) && (this.types === undefined || this.types.size === 0)
          ? "named types are declared under types: in the agent file (or a shared types.ptcc)"
          : undefined;
      const hint =
        TYPE_HINTS[name.toLowerCase()] ?? didYouMean(closest(name, known).map((n) => `:${n}`)) ?? declareHint;
      throw new SignatureError(
        `unknown type :${name}`,
        this.text,
        at,
        hint ?? `the types are ${PRIMITIVES.map((n) => `:${n}`).join(" ")} and :enum[...]`,
      );
    }
    if (refineCtx === null) return primitive(name, optional, span(ctx));
    const what = REFINABLE[name];
    if (what === undefined) {
      throw new SignatureError(
        `:${name} cannot be refined`,
        this.text,
        span(refineCtx),
        "bounds apply to :int, :float, :string (length) and lists (length)",
      );
    }
    return primitive(name, optional, span(ctx), this.bounds(refineCtx, what === "length" || name === "int"));
  }

  list(ctx: ListContext): SigType {
    const r = ctx.refine();
    const bounds = r === null ? undefined : this.bounds(r, true);
    return listOf(this.type(ctx.type()), ctx.QMARK() !== null, span(ctx), bounds);
  }

  map(ctx: MapContext): SigType {
    const fields = this.unique(
      ctx.field().map((f) => this.field(f)),
      "field",
    );
    return mapOf(fields, ctx.QMARK() !== null, span(ctx));
  }

  /** `"fast"`, `42`, `true`. */
  literal(ctx: LiteralContext): SigType {
    const optional = ctx.QMARK() !== null;
    const s = ctx.STRING();
    if (s !== null) return literal(this.string(s.symbol), optional, span(ctx));
    const n = ctx.NUMBER();
    if (n !== null) return literal(numberValue(n.getText()), optional, span(ctx));
    const b = ctx.BOOL()!.getText();
    if (b.endsWith("?") && optional) {
      throw new SignatureError(`"?" written twice after ${b.slice(0, -1)}`, this.text, span(ctx));
    }
    return literal(b.startsWith("true"), optional || b.endsWith("?"), span(ctx));
  }

  /** `(T)` is T; `(T)?` is T made optional. */
  group(ctx: GroupContext): SigType {
    const t = this.type(ctx.type());
    if (ctx.QMARK() === null) return t;
    if (t.optional) {
      throw new SignatureError(`"?" written twice`, this.text, tokenSpan(ctx.QMARK()!.symbol));
    }
    return withOptional(t, true);
  }

  field(ctx: FieldContext): Field {
    return field(this.name(ctx.name()), this.type(ctx.type()), span(ctx), this.description(ctx.STRING()));
  }

  /** Refinements are checked where they are used (primitive, list); this reads the bounds. */
  refine(ctx: RefineContext): Bounds | readonly string[] {
    const b = ctx.bound();
    return b === null ? ctx.enumValue().map((v) => this.enumValue(v)) : this.bound(b, false);
  }

  bound(ctx: BoundContext, integral: boolean): Bounds {
    const numbers = [...ctx.NUMBER(), ...ctx.compare().map((c) => c.NUMBER())];
    for (const n of numbers) {
      if (integral && !Number.isInteger(numberValue(n.getText()))) {
        throw new SignatureError(`bound ${n.getText()} is not a whole number`, this.text, tokenSpan(n.symbol));
      }
    }
    if (ctx.DOTDOT() !== null) {
      const lo = ctx.NUMBER().find((n) => n.symbol.tokenIndex < ctx.DOTDOT()!.symbol.tokenIndex);
      const hi = ctx.NUMBER().find((n) => n.symbol.tokenIndex > ctx.DOTDOT()!.symbol.tokenIndex);
      if (lo === undefined && hi === undefined) {
        throw new SignatureError("a range needs a bound", this.text, span(ctx), "write [1..10], [1..] or [..10]");
      }
      const out: { min?: number; max?: number } = {};
      if (lo !== undefined) out.min = numberValue(lo.getText());
      if (hi !== undefined) out.max = numberValue(hi.getText());
      if (out.min !== undefined && out.max !== undefined && out.min > out.max) {
        throw new SignatureError(`empty range: ${out.min} is more than ${out.max}`, this.text, span(ctx));
      }
      return out;
    }
    const out: { min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean } = {};
    for (const c of ctx.compare()) {
      const b = this.compare(c);
      if ((b.min !== undefined && out.min !== undefined) || (b.max !== undefined && out.max !== undefined)) {
        throw new SignatureError("two bounds on the same side", this.text, span(c), "write [>0 <10] or [1..10]");
      }
      Object.assign(out, b);
    }
    if (out.min !== undefined && out.max !== undefined) {
      const empty = out.min > out.max || (out.min === out.max && (out.minExclusive || out.maxExclusive));
      if (empty) throw new SignatureError("empty range: no value is within these bounds", this.text, span(ctx));
    }
    return out;
  }

  compare(ctx: CompareContext): Bounds {
    const v = numberValue(ctx.NUMBER().getText());
    if (ctx.GT() !== null) return { min: v, minExclusive: true };
    if (ctx.GE() !== null) return { min: v };
    if (ctx.LT() !== null) return { max: v, maxExclusive: true };
    return { max: v };
  }

  enumValue(ctx: EnumValueContext): string {
    const raw = ctx.getText();
    return raw.startsWith(":") ? raw.slice(1) : raw;
  }

  name(ctx: NameContext): string {
    const raw = ctx.getText();
    const name = raw.startsWith(":") ? raw.slice(1) : raw;
    if (name === "__proto__") throw new SignatureError(`"${name}" cannot be a name`, this.text, span(ctx));
    return name;
  }

  private bounds(ctx: RefineContext, integral: boolean): Bounds {
    const b = ctx.bound();
    if (b === null) {
      throw new SignatureError(
        ctx.enumValue().length === 0 ? "empty refinement" : "expected bounds, found names",
        this.text,
        span(ctx),
        "write bounds such as [>0], [1..100] or [..10]; an enum is :enum[a b]",
      );
    }
    return this.bound(b, integral);
  }

  private enumValues(ctx: RefineContext): string[] {
    if (ctx.bound() !== null) {
      throw new SignatureError("an enum lists names, not bounds", this.text, span(ctx), "write :enum[open closed]");
    }
    const values = ctx.enumValue().map((v) => this.enumValue(v));
    if (values.length === 0) {
      throw new SignatureError("an enum needs at least one value", this.text, span(ctx), "write :enum[open closed]");
    }
    const seen = new Set<string>();
    ctx.enumValue().forEach((v, i) => {
      const name = values[i]!;
      if (seen.has(name)) throw new SignatureError(`duplicate enum value "${name}"`, this.text, span(v));
      seen.add(name);
    });
    return values;
  }

  private string(tok: Token): string {
    const v = stringValue(tok.text ?? "");
    if (v === undefined) {
      throw new SignatureError(
        "invalid escape in string",
        this.text,
        tokenSpan(tok),
        "escapes are JSON's: \\\" \\\\ \\n \\u00e9",
      );
    }
    return v;
  }

  private description(node: { symbol: Token } | null): string | undefined {
    return node === null ? undefined : this.string(node.symbol);
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
