/**
 * Source positions. Lines and columns are 1-based, as editors and the CLI show them;
 * offsets are 0-based UTF-16 indexes into the source text (end exclusive).
 */
export interface Span {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly offset: number;
  readonly end: number;
}

export function span(
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  offset: number,
  end: number,
): Span {
  return { line, column, endLine, endColumn, offset, end };
}

/** A span covering `from` up to the end of `to`. */
export function joinSpans(from: Span, to: Span): Span {
  return {
    line: from.line,
    column: from.column,
    endLine: to.endLine,
    endColumn: to.endColumn,
    offset: from.offset,
    end: to.end,
  };
}

/** `3:5`, the form used inside messages. */
export function formatPosition(s: Pick<Span, "line" | "column">): string {
  return `${s.line}:${s.column}`;
}
