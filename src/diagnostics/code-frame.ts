import type { Span } from "./span.js";

/**
 * A code frame for people: the offending line with its neighbours and a caret line
 * under the span. The LLM gets the one-line form instead (PtcError.format()).
 */
export function codeFrame(source: string, at: Span, context = 1): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, at.line - context);
  const last = Math.min(lines.length, at.line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = lines[n - 1] ?? "";
    out.push(`${n === at.line ? ">" : " "} ${String(n).padStart(width)} | ${text}`);
    if (n === at.line) {
      const caretEnd = at.endLine === at.line ? Math.max(at.endColumn, at.column + 1) : text.length + 1;
      const carets = "^".repeat(Math.max(1, caretEnd - at.column));
      out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, at.column - 1))}${carets}`);
    }
  }
  return out.join("\n");
}
