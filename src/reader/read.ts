/**
 * The reader: source text → Forms with spans.
 *
 *   text → lexer (ANTLR) → token check (brackets, error tokens) → parser (ANTLR) → Forms
 *
 * The token check runs first so that the common mistakes get precise messages
 * (`unclosed ( opened at 3:5`) instead of the parser's generic recovery ones.
 */
import { tagSpan, type SourceOrigin } from "../diagnostics/span-source.js";
import {
  BaseErrorListener,
  CharStream,
  CommonTokenStream,
  ParserRuleContext,
  type ATNSimulator,
  type ParseTree,
  type RecognitionException,
  type Recognizer,
  type Token,
} from "antlr4ng";
import { PtcError } from "../diagnostics/error.js";
import { isStackOverflow } from "../diagnostics/stack-overflow.js";
import { formatPosition, joinSpans, type Span } from "../diagnostics/span.js";
import { tokenSpan } from "../diagnostics/token-span.js";
import type { Warning } from "../diagnostics/warning.js";
import { PtcLispLexer } from "../generated/PtcLispLexer.js";
import {
  AnonFnContext,
  BodyContext,
  DerefContext,
  DiscardContext,
  ElementContext,
  FormContext,
  ListContext,
  LiteralContext,
  MapContext,
  MetaContext,
  ProgramContext,
  PtcLispParser,
  QuoteContext,
  ReaderConditionalContext,
  SetContext,
  StrayContext,
  SyntaxQuoteContext,
  TaggedLiteralContext,
  UnquoteContext,
  UnquoteSplicingContext,
  UnsupportedContext,
  VarQuoteContext,
  VectorContext,
} from "../generated/PtcLispParser.js";
import { expandAnonFn } from "./anon-fn.js";
import { list, sym, type Form } from "./form.js";
import { decodeChar, decodeNumber, decodeString, type LiteralError } from "./literals.js";

export interface ReadResult {
  readonly forms: Form[];
  readonly warnings: Warning[];
}

/** Read a whole program: any number of top-level forms. Throws PtcError(kind "parse"). */
/**
 * Read a program. With an `origin`, every form's span is tagged with it (see
 * diagnostics/span-source.ts), so errors raised later can tell which program they point into.
 */
export function read(source: string, origin?: SourceOrigin): ReadResult {
  const lexer = new PtcLispLexer(CharStream.fromString(source));
  lexer.removeErrorListeners();
  const tokens = new CommonTokenStream(lexer);
  tokens.fill();
  const warnings: Warning[] = [];
  checkTokens(tokens.getTokens(), warnings);

  const parser = new PtcLispParser(tokens);
  parser.removeErrorListeners();
  parser.addErrorListener(new ThrowingListener(tokens));
  let forms: Form[];
  try {
    forms = new FormBuilder().program(parser.program());
  } catch (e) {
    // Nesting that checkTokens does not count (metadata, tags) can still exhaust the stack.
    if (!isStackOverflow(e)) throw e;
    throw nestingLimit(tokenSpan(tokens.get(0)));
  }
  if (origin !== undefined) tagForms(forms, origin);
  return { forms, warnings };
}

function tagForms(forms: readonly Form[], origin: SourceOrigin): void {
  const stack = [...forms];
  for (let f = stack.pop(); f !== undefined; f = stack.pop()) {
    tagSpan(f.span, origin);
    if (f.kind === "list" || f.kind === "vector" || f.kind === "map" || f.kind === "set") stack.push(...f.items);
  }
}

/** Read exactly one form (used by tests and the REPL's helpers). */
export function readOne(source: string): Form {
  const { forms } = read(source);
  if (forms.length !== 1) {
    throw new PtcError({ kind: "parse", message: `expected exactly one form, found ${forms.length}` });
  }
  return forms[0]!;
}

// ---------------------------------------------------------------------------------------
// Spans

function ctxSpan(ctx: ParserRuleContext): Span {
  const start = tokenSpan(ctx.start!);
  const stop = ctx.stop && ctx.stop.tokenIndex >= ctx.start!.tokenIndex ? tokenSpan(ctx.stop) : start;
  return joinSpans(start, stop);
}

/** The position of a character inside a (possibly multi-line) token. */
function spanInside(t: Token, index: number, length: number): Span {
  const text = t.text ?? "";
  let line = t.line;
  let column = t.column + 1;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text[i] === "\n") {
      line++;
      column = 1;
    } else column++;
  }
  return {
    line,
    column,
    endLine: line,
    endColumn: column + length,
    offset: t.start + index,
    end: t.start + index + length,
  };
}

/** A program nested past what the reader takes: a limit, like data nested past what printers take. */
function nestingLimit(span: Span): PtcError {
  return new PtcError({
    kind: "limit",
    message: `forms nested more than ${MAX_READ_NESTING} levels deep`,
    span,
    hint: "flatten the program, or build deep data with code",
  });
}

function parseError(message: string, span: Span, hint?: string): PtcError {
  return new PtcError({ kind: "parse", message, span, hint });
}

function literalError(e: LiteralError, t: Token, offsetInToken = 0): PtcError {
  const span = e.at === undefined ? tokenSpan(t) : spanInside(t, offsetInToken + e.at, 2);
  return parseError(e.error, span, e.hint);
}

// ---------------------------------------------------------------------------------------
// Token check: brackets and error tokens

const OPENERS: Record<number, string> = {
  [PtcLispParser.LPAREN]: ")",
  [PtcLispParser.HASH_LPAREN]: ")",
  [PtcLispParser.LBRACK]: "]",
  [PtcLispParser.LBRACE]: "}",
  [PtcLispParser.HASH_LBRACE]: "}",
};

/** Deeper nesting of forms is a parse error (printing such a value fails at 1,000 levels too). */
export const MAX_READ_NESTING = 1000;

/** Tokens that make the next form part of theirs (quote, deref, metadata, tags, discard). */
const PREFIXES: ReadonlySet<number> = new Set([
  PtcLispParser.QUOTE,
  PtcLispParser.SYNTAX_QUOTE,
  PtcLispParser.UNQUOTE,
  PtcLispParser.UNQUOTE_SPLICING,
  PtcLispParser.DEREF,
  PtcLispParser.VAR_QUOTE,
  PtcLispParser.CARET,
  PtcLispParser.DISCARD,
  PtcLispParser.TAG,
  PtcLispParser.READER_COND,
]);

function checkTokens(all: Token[], warnings: Warning[]): void {
  const stack: Token[] = [];
  /** The nesting at each open bracket of `stack`, counting the prefixes (`'`, `@`, ...) before it. */
  const depths: number[] = [];
  /** Prefix forms since the last bracket or atom: each nests the form after it one level. */
  let prefixes = 0;
  const nested = (t: Token, depth: number): void => {
    if (depth > MAX_READ_NESTING) throw nestingLimit(tokenSpan(t));
  };
  for (const t of all) {
    if (t.channel !== 0) continue;
    const text = t.text ?? "";
    if (PREFIXES.has(t.type)) {
      prefixes++;
      nested(t, (depths[depths.length - 1] ?? 0) + prefixes);
      continue;
    }
    const depth = (depths[depths.length - 1] ?? 0) + prefixes + 1;
    prefixes = 0;
    switch (t.type) {
      case PtcLispParser.LPAREN:
      case PtcLispParser.HASH_LPAREN:
      case PtcLispParser.LBRACK:
      case PtcLispParser.LBRACE:
      case PtcLispParser.HASH_LBRACE:
        nested(t, depth);
        stack.push(t);
        depths.push(depth);
        break;
      case PtcLispParser.RPAREN:
      case PtcLispParser.RBRACK:
      case PtcLispParser.RBRACE: {
        const open = stack[stack.length - 1];
        if (open === undefined) {
          warnings.push({ message: `ignored unmatched ${text}`, span: tokenSpan(t) });
        } else if (OPENERS[open.type] !== text) {
          throw parseError(
            `unexpected ${text}`,
            tokenSpan(t),
            `expected ${OPENERS[open.type]} to close ${open.text} opened at ${formatPosition(tokenSpan(open))}`,
          );
        } else {
          stack.pop();
          depths.pop();
        }
        break;
      }
      case PtcLispParser.UNTERMINATED_STRING:
        throw parseError("unterminated string", tokenSpan(t), 'a string needs a closing "');
      case PtcLispParser.UNTERMINATED_REGEX:
        throw parseError("unterminated regex", tokenSpan(t), 'a regex literal #"..." needs a closing "');
      case PtcLispParser.BAD_NUMBER:
        throw parseError(`invalid number ${text}`, tokenSpan(t));
      case PtcLispParser.BAD_CHAR: {
        const e = decodeChar(text.slice(1));
        throw parseError(
          "error" in e ? e.error : `unsupported character ${text}`,
          tokenSpan(t),
          "error" in e ? e.hint : undefined,
        );
      }
      case PtcLispParser.ERROR_CHAR:
        throw parseError(`unexpected character ${JSON.stringify(text)}`, tokenSpan(t), errorCharHint(text));
      default:
        break;
    }
  }
  const open = stack[stack.length - 1];
  if (open !== undefined) {
    const more = stack.length > 1 ? `${stack.length} brackets are unclosed; ` : "";
    throw parseError(`unclosed ${open.text} opened`, tokenSpan(open), `${more}add ${OPENERS[open.type]}`);
  }
}

function errorCharHint(c: string): string | undefined {
  if (c === "#") return '# starts #{set}, #(fn), #"regex", #\'var or #_ discard';
  if (c === ":") return "a keyword needs a name after the colon, like :name";
  if (c === "\\") return "a character literal needs a character after the backslash, like \\a";
  if (/[\u201c\u201d\u2018\u2019]/.test(c)) return 'use straight quotes " instead of typographic ones';
  return undefined;
}

class ThrowingListener extends BaseErrorListener {
  constructor(private readonly tokens: CommonTokenStream) {
    super();
  }

  override syntaxError<S extends Token, T extends ATNSimulator>(
    _recognizer: Recognizer<T>,
    offending: S | null,
    line: number,
    column: number,
    _msg: string,
    _e: RecognitionException | null,
  ): void {
    // After the token check only prefix forms can be incomplete: `'`, `#'`, `^m`, `#_`, `@`...
    const prev = offending ? this.previous(offending.tokenIndex) : null;
    if (prev) {
      const what = offending && offending.type === PtcLispParser.EOF ? "the end of the input" : offending?.text;
      throw parseError(`expected a form after ${prev.text}, found ${what}`, tokenSpan(prev));
    }
    const at = offending
      ? tokenSpan(offending)
      : { line, column: column + 1, endLine: line, endColumn: column + 2, offset: 0, end: 0 };
    throw parseError(`unexpected ${offending?.text ?? "input"}`, at);
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
// Parse tree → Forms. One method per parser rule (a test checks that none is missing).

/** @internal The tree walker; exported for the grammar-coverage test, not part of the API. */
export class FormBuilder {
  /** Depth of `#(...)` being read, to reject nested ones. */
  private anonDepth = 0;

  program(ctx: ProgramContext): Form[] {
    const out: Form[] = [];
    for (const el of ctx.element()) {
      const f = this.element(el);
      if (f !== null) out.push(f);
    }
    return out;
  }

  element(ctx: ElementContext): Form | null {
    const f = ctx.form();
    if (f) return this.form(f);
    const d = ctx.discard();
    if (d) return this.discard(d);
    return this.stray(ctx.stray()!);
  }

  /** Already reported as a warning by the token check. */
  stray(_ctx: StrayContext): null {
    return null;
  }

  /** Read (so that its errors are reported) and drop. */
  discard(ctx: DiscardContext): null {
    for (const d of ctx.discard()) this.discard(d);
    this.form(ctx.form());
    return null;
  }

  body(ctx: BodyContext): Form[] {
    const out: Form[] = [];
    for (const child of ctx.children) {
      if (child instanceof FormContext) out.push(this.form(child));
      else if (child instanceof DiscardContext) this.discard(child);
    }
    return out;
  }

  form(ctx: FormContext): Form {
    const child = ctx.getChild(0) as ParseTree;
    if (child instanceof LiteralContext) return this.literal(child);
    if (child instanceof ListContext) return this.list(child);
    if (child instanceof VectorContext) return this.vector(child);
    if (child instanceof MapContext) return this.map(child);
    if (child instanceof SetContext) return this.set(child);
    if (child instanceof AnonFnContext) return this.anonFn(child);
    if (child instanceof QuoteContext) return this.quote(child);
    if (child instanceof VarQuoteContext) return this.varQuote(child);
    if (child instanceof MetaContext) return this.meta(child);
    if (child instanceof UnsupportedContext) return this.unsupported(child);
    throw parseError("unexpected input", ctxSpan(ctx));
  }

  list(ctx: ListContext): Form {
    return { kind: "list", items: this.body(ctx.body()), span: ctxSpan(ctx) };
  }

  vector(ctx: VectorContext): Form {
    return { kind: "vector", items: this.body(ctx.body()), span: ctxSpan(ctx) };
  }

  map(ctx: MapContext): Form {
    const items = this.body(ctx.body());
    const span = ctxSpan(ctx);
    if (items.length % 2 !== 0) {
      throw parseError(
        "map literal needs an even number of forms",
        span,
        `found ${items.length}: every key needs a value`,
      );
    }
    return { kind: "map", items, span };
  }

  set(ctx: SetContext): Form {
    return { kind: "set", items: this.body(ctx.body()), span: ctxSpan(ctx) };
  }

  anonFn(ctx: AnonFnContext): Form {
    const span = ctxSpan(ctx);
    if (this.anonDepth > 0) {
      throw parseError("nested #() is not allowed", span, "use (fn [x] ...) for the inner function");
    }
    this.anonDepth++;
    try {
      return expandAnonFn(this.body(ctx.body()), span);
    } finally {
      this.anonDepth--;
    }
  }

  quote(ctx: QuoteContext): Form {
    const span = ctxSpan(ctx);
    return list([sym("quote", tokenSpan(ctx.start!)), this.form(ctx.form())], span);
  }

  varQuote(ctx: VarQuoteContext): Form {
    const span = ctxSpan(ctx);
    return list([sym("var", tokenSpan(ctx.start!)), this.form(ctx.form())], span);
  }

  /** `^meta form`: metadata has no meaning in PTC-Lisp; it is read and dropped. */
  meta(ctx: MetaContext): Form {
    const [m, target] = ctx.form();
    this.form(m!);
    for (const d of ctx.discard()) this.discard(d);
    return this.form(target!);
  }

  unsupported(ctx: UnsupportedContext): never {
    if (ctx instanceof DerefContext) return this.deref(ctx);
    if (ctx instanceof SyntaxQuoteContext) return this.syntaxQuote(ctx);
    if (ctx instanceof UnquoteContext) return this.unquote(ctx);
    if (ctx instanceof UnquoteSplicingContext) return this.unquoteSplicing(ctx);
    if (ctx instanceof TaggedLiteralContext) return this.taggedLiteral(ctx);
    if (ctx instanceof ReaderConditionalContext) return this.readerConditional(ctx);
    throw parseError("unsupported syntax", ctxSpan(ctx));
  }

  deref(ctx: DerefContext): never {
    throw parseError("@ (deref) is not supported", tokenSpan(ctx.start!), "PTC-Lisp has no atoms; keep state with def");
  }

  syntaxQuote(ctx: SyntaxQuoteContext): never {
    throw parseError(
      "` (syntax quote) is not supported",
      tokenSpan(ctx.start!),
      "PTC-Lisp has no macros; use ' to quote data",
    );
  }

  unquote(ctx: UnquoteContext): never {
    throw parseError("~ (unquote) is not supported", tokenSpan(ctx.start!), "PTC-Lisp has no macros");
  }

  unquoteSplicing(ctx: UnquoteSplicingContext): never {
    throw parseError("~@ (unquote-splicing) is not supported", tokenSpan(ctx.start!), "PTC-Lisp has no macros");
  }

  taggedLiteral(ctx: TaggedLiteralContext): never {
    throw parseError(
      `tagged literal ${ctx.start!.text} is not supported`,
      tokenSpan(ctx.start!),
      "write the value as a string or map",
    );
  }

  readerConditional(ctx: ReaderConditionalContext): never {
    throw parseError(
      "reader conditionals #? are not supported",
      tokenSpan(ctx.start!),
      "write the form for one platform only",
    );
  }

  literal(ctx: LiteralContext): Form {
    const t = ctx.start!;
    const span = tokenSpan(t);
    const text = t.text ?? "";
    switch (t.type) {
      case PtcLispParser.NIL:
        return { kind: "nil", span };
      case PtcLispParser.TRUE:
        return { kind: "boolean", value: true, span };
      case PtcLispParser.FALSE:
        return { kind: "boolean", value: false, span };
      case PtcLispParser.SPECIAL_FLOAT:
        return { kind: "float", value: text === "##Inf" ? Infinity : text === "##-Inf" ? -Infinity : NaN, span };
      case PtcLispParser.NUMBER: {
        const n = decodeNumber(text);
        if ("error" in n) throw literalError(n, t);
        return { kind: n.kind, value: n.value, span };
      }
      case PtcLispParser.STRING: {
        const s = decodeString(text.slice(1, -1));
        if ("error" in s) throw literalError(s, t, 1);
        return { kind: "string", value: s.value, span };
      }
      case PtcLispParser.REGEX:
        return { kind: "regex", source: text.slice(2, -1), span };
      case PtcLispParser.CHAR: {
        const c = decodeChar(text.slice(1));
        if ("error" in c) throw literalError(c, t);
        return { kind: "char", value: c.value, span };
      }
      case PtcLispParser.KEYWORD:
        return keywordForm(text, span);
      case PtcLispParser.SYMBOL:
        return symbolForm(text, span);
      default:
        throw parseError(`unexpected ${text}`, span);
    }
  }
}

function splitName(body: string): { ns: string | null; name: string } {
  const i = body.indexOf("/");
  if (i > 0 && i < body.length - 1) return { ns: body.slice(0, i), name: body.slice(i + 1) };
  return { ns: null, name: body };
}

function keywordForm(text: string, span: Span): Form {
  // `::name` is auto-resolved to the one user namespace.
  if (text.startsWith("::")) return { kind: "keyword", ns: "user", name: text.slice(2), span };
  const { ns, name } = splitName(text.slice(1));
  if (name.endsWith("/") || name === "") throw parseError(`invalid keyword ${text}`, span);
  return { kind: "keyword", ns, name, span };
}

function symbolForm(text: string, span: Span): Form {
  const { ns, name } = splitName(text);
  return { kind: "symbol", ns, name, span };
}
