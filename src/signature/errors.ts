/**
 * Signature parse errors. One line for logs and LLM feedback, plus the source line with a
 * caret for people:
 *
 *   signature error at 1:23: expected a type after "limit", found "->"
 *   (query :string, limit -> :int)
 *                         ^
 */
import { PtcError } from "../diagnostics/error.js";
import { formatPosition, type Span } from "../diagnostics/span.js";

export class SignatureError extends PtcError {
  /** The signature text the span points into. */
  readonly source: string;

  constructor(message: string, source: string, span: Span, hint?: string) {
    super({ kind: "signature", message, span, hint });
    this.name = "SignatureError";
    this.source = source;
  }

  /** `signature error at 1:23: expected a type after "limit", found "->"` (and ` — hint`). */
  override format(): string {
    const at = this.span === undefined ? "" : ` at ${this.file ? `${this.file}:` : ""}${formatPosition(this.span)}`;
    return `signature error${at}: ${this.message}${this.hint ? ` — ${this.hint}` : ""}`;
  }

  /** The one-line form, then the offending source line and a caret under the column. */
  formatWithSource(): string {
    if (this.span === undefined) return this.format();
    const line = this.source.split(/\r?\n/)[this.span.line - 1] ?? "";
    return `${this.format()}\n${line}\n${" ".repeat(this.span.column - 1)}^`;
  }
}
