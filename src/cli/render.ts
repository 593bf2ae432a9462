/** Human rendering of errors and warnings for the terminal: one line, then a code frame. */
import { codeFrame } from "../diagnostics/code-frame.js";
import type { PtcError } from "../diagnostics/error.js";
import { formatWarning, type Warning } from "../diagnostics/warning.js";

export function renderError(e: PtcError, source: string): string {
  const head = `error[${e.kind}]: ${e.format()}\n`;
  if (e.span === undefined || e.span.line < 1) return head;
  return `${head}${codeFrame(source, e.span)}\n`;
}

export function renderWarnings(ws: readonly Warning[], file?: string): string {
  return ws.map((w) => `warning: ${file ? `${file}: ` : ""}${formatWarning(w)}\n`).join("");
}
