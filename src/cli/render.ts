/** Human rendering of errors and warnings for the terminal: one line, then a code frame. */
import { codeFrame } from "../diagnostics/code-frame.js";
import type { PtcError } from "../diagnostics/error.js";
import { formatWarning, type Warning } from "../diagnostics/warning.js";

/**
 * `source` is the text the error's position points into; `where` names it when that is
 * not the input just evaluated (a function defined by an earlier REPL input).
 */
export function renderError(e: PtcError, source: string, where?: string): string {
  const head = `error[${e.kind}]: ${e.format()}\n`;
  if (e.span === undefined || e.span.line < 1) return head;
  return `${head}${where === undefined ? "" : `${where}:\n`}${codeFrame(source, e.span)}\n`;
}

export function renderWarnings(ws: readonly Warning[], file?: string): string {
  return ws.map((w) => `warning: ${file ? `${file}: ` : ""}${formatWarning(w)}\n`).join("");
}
