import { formatPosition, type Span } from "./span.js";

/**
 * Every failure a user, an LLM-written program or a host tool can cause.
 *
 * - `parse`: the reader could not read the text.
 * - `analysis`: a form is malformed (special-form shape, `recur` position, bad names).
 * - `undefined`: a symbol, tool or data key that does not exist.
 * - `arity`: wrong number of arguments.
 * - `type`: an argument of the wrong type.
 * - `arithmetic`: integer division by zero, integer overflow.
 * - `runtime`: any other failure while running (index out of range, no matching clause).
 * - `tool`: a tool call failed.
 * - `timeout`: the wall-clock limit passed.
 * - `interrupted`: Ctrl-C stopped the evaluation (only where the caller asked for it).
 * - `limit`: a step, size or depth budget ran out.
 * - `fail`: the program called `(fail ...)`.
 * - `signature`: a signature (`(query :string) -> [:int]`) could not be parsed.
 * - `definition`: an agent definition or agent file is invalid (unknown placeholder,
 *   a tool that is also a data name, a bad option).
 * - `internal`: a defect in ptcc itself; reported, never thrown at the host.
 */
export type ErrorKind =
  | "parse"
  | "analysis"
  | "undefined"
  | "arity"
  | "type"
  | "arithmetic"
  | "runtime"
  | "tool"
  | "timeout"
  | "interrupted"
  | "limit"
  | "fail"
  | "signature"
  | "definition"
  | "internal";

export interface ErrorData {
  readonly kind: ErrorKind;
  /** The message without the primary position. */
  readonly message: string;
  /** A suggestion of what to write instead, shown after the position. */
  readonly hint?: string;
  readonly span?: Span;
  /** The source file the span refers to, when there is one. */
  readonly file?: string;
}

/**
 * The one error type of ptcc. Diagnostics are data: `kind`, `message`, `hint` and `span`
 * are what callers use; `format()` renders the one-line form used for LLM feedback and
 * the CLI.
 */
export class PtcError extends Error {
  readonly kind: ErrorKind;
  readonly hint: string | undefined;
  span: Span | undefined;
  file: string | undefined;
  /** For `fail`: the value given to `(fail ...)`. For `tool`: the tool's name. */
  detail: unknown;

  constructor(data: ErrorData, detail?: unknown) {
    super(data.message);
    this.name = "PtcError";
    this.kind = data.kind;
    this.hint = data.hint;
    this.span = data.span;
    this.file = data.file;
    this.detail = detail;
  }

  /** Attach a position if the error does not have one yet (the innermost one wins). */
  at(s: Span | undefined): this {
    if (this.span === undefined && s !== undefined) this.span = s;
    return this;
  }

  /** `undefined symbol fliter at 1:2 — did you mean filter?` */
  format(): string {
    return formatError(this);
  }

  toJSON(): { kind: ErrorKind; message: string; line?: number; column?: number } {
    const out: { kind: ErrorKind; message: string; line?: number; column?: number } = {
      kind: this.kind,
      message: this.hint ? `${this.message} — ${this.hint}` : this.message,
    };
    if (this.span) {
      out.line = this.span.line;
      out.column = this.span.column;
    }
    return out;
  }
}

export function formatError(e: ErrorData): string {
  let where = "";
  if (e.span) where = ` at ${e.file ? `${e.file}:` : ""}${formatPosition(e.span)}`;
  else if (e.file) where = ` in ${e.file}`;
  return `${e.message}${where}${e.hint ? ` — ${e.hint}` : ""}`;
}

export function ptcError(kind: ErrorKind, message: string, span?: Span, hint?: string): PtcError {
  return new PtcError({ kind, message, span, hint });
}

export function isPtcError(e: unknown): e is PtcError {
  return e instanceof PtcError;
}
