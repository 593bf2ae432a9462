/**
 * The error of agent files: a PtcError of kind `definition` that always names its file
 * and, when it can, the line and column in it, so editors and terminals can jump there:
 *
 *   agents/research.agent.md:4:1: unknown key maxTurn — did you mean maxTurns?
 */
import { codeFrame } from "../diagnostics/code-frame.js";
import { PtcError } from "../diagnostics/error.js";
import { formatPosition, type Span } from "../diagnostics/span.js";

export class AgentFileError extends PtcError {
  /** The file's text, when the error was found while reading it (for `formatWithSource`). */
  readonly source: string | undefined;
  /** Every problem of the file, this one first (one element when it is the only one). */
  problems: readonly AgentFileError[] = [this];

  constructor(message: string, file: string, span?: Span, hint?: string, source?: string) {
    super({ kind: "definition", message, file, span, hint });
    this.name = "AgentFileError";
    this.source = source;
  }

  /** This error, carrying every problem of its file. */
  withProblems(problems: readonly AgentFileError[]): this {
    this.problems = problems.length > 0 ? problems : [this];
    return this;
  }

  /** `file:line:col: message — hint` (`file: message` when there is no position). */
  override format(): string {
    const where = this.span === undefined ? `${this.file ?? ""}` : `${this.file ?? ""}:${formatPosition(this.span)}`;
    return `${where}: ${this.message}${this.hint ? ` — ${this.hint}` : ""}`;
  }

  /** The one-line form, then the offending line of the file with a caret, for people. */
  formatWithSource(): string {
    if (this.span === undefined || this.source === undefined) return this.format();
    return `${this.format()}\n${codeFrame(this.source, this.span)}`;
  }
}

export function isAgentFileError(e: unknown): e is AgentFileError {
  return e instanceof AgentFileError;
}
