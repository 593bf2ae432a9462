import type { Span } from "./span.js";

/** What a span needs from a lexer token (ANTLR's Token has these fields). */
export interface TokenLike {
  readonly text?: string | undefined;
  /** 1-based. */
  readonly line: number;
  /** 0-based. */
  readonly column: number;
  readonly start: number;
  readonly stop: number;
}

/** The span of one token, multi-line tokens (strings) included. */
export function tokenSpan(t: TokenLike): Span {
  const text = t.text ?? "";
  const line = t.line;
  const column = t.column + 1;
  let endLine = line;
  let endColumn = column + text.length;
  const lastNl = text.lastIndexOf("\n");
  if (lastNl >= 0) {
    for (const c of text) if (c === "\n") endLine++;
    endColumn = text.length - lastNl;
  }
  return { line, column, endLine, endColumn, offset: t.start, end: t.stop + 1 };
}
