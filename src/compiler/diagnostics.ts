/**
 * What `ptcc compile` reports: errors and warnings with a stable code, a position in the
 * file that caused them, and a did-you-mean in the hint where there is a near name. They
 * have the project's error shape (PtcError's message, hint, span, file) and render with its
 * code frame, in three formats:
 *
 *   pretty  agents/search.agent.md:4:1: error PTC102: unknown key maxTurn — did you mean maxTurns?
 *           > 4 | maxTurn: 3
 *               | ^^^^^^^
 *   json    {"diagnostics":[{"file":…,"line":4,"column":1,"severity":"error","code":"PTC102",…}],…}
 *   github  ::error file=agents/search.agent.md,line=4,col=1,…,title=PTC102::unknown key maxTurn — …
 */
import { codeFrame } from "../diagnostics/code-frame.js";
import { formatPosition, type Span } from "../diagnostics/span.js";
import type { DiagnosticCode } from "./codes.js";

export type Severity = "error" | "warning";

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** The file as the user named it (relative to the working directory). */
  readonly file: string;
  readonly message: string;
  /** What to write instead: a did-you-mean, or how to fix it. */
  readonly hint?: string;
  /** Where in `file`; absent for problems of a whole file (it is unreadable). */
  readonly span?: Span;
  /** The file's text, for the code frame. */
  readonly source?: string;
}

/** `message — hint`, the text after the code. */
export function diagnosticText(d: Diagnostic): string {
  return d.hint === undefined ? d.message : `${d.message} — ${d.hint}`;
}

/** `file:line:col: error PTC102: message — hint` (the tsc shape editors jump to). */
export function formatDiagnosticLine(d: Diagnostic): string {
  const where = d.span === undefined ? d.file : `${d.file}:${formatPosition(d.span)}`;
  return `${where}: ${d.severity} ${d.code}: ${diagnosticText(d)}`;
}

/** The line, then the code frame when the position and the text are known. */
export function formatDiagnostic(d: Diagnostic): string {
  const line = formatDiagnosticLine(d);
  if (d.span === undefined || d.source === undefined) return line;
  return `${line}\n${codeFrame(d.source, d.span)}`;
}

/** The JSON form of one diagnostic (no source text). */
export interface DiagnosticJson {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint?: string;
}

export function diagnosticToJson(d: Diagnostic): DiagnosticJson {
  return {
    file: d.file,
    ...(d.span === undefined
      ? {}
      : { line: d.span.line, column: d.span.column, endLine: d.span.endLine, endColumn: d.span.endColumn }),
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(d.hint === undefined ? {} : { hint: d.hint }),
  };
}

/**
 * A GitHub Actions workflow command: `::error file=…,line=…,col=…::message`. Properties and
 * the message are escaped as the runner expects (`%`, line breaks, and in properties `:` and `,`).
 */
export function formatGithubAnnotation(d: Diagnostic): string {
  const props: [string, string | number][] = [["file", d.file]];
  if (d.span !== undefined) {
    props.push(["line", d.span.line], ["col", d.span.column]);
    if (d.span.endLine === d.span.line) props.push(["endColumn", d.span.endColumn]);
    else props.push(["endLine", d.span.endLine]);
  }
  props.push(["title", d.code]);
  return githubCommand(d.severity, props, diagnosticText(d));
}

/** `::error file=…,title=…::message`: a workflow command, its properties and message escaped. */
export function githubCommand(
  level: "error" | "warning",
  props: readonly (readonly [string, string | number])[],
  message: string,
): string {
  const shown = props.map(([k, v]) => `${k}=${typeof v === "number" ? v : escapeProperty(v)}`);
  return `::${level} ${shown.join(",")}::${escapeData(message)}`;
}

function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** Errors first, then warnings; each by file, then position. */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  const rank = (d: Diagnostic): number => (d.severity === "error" ? 0 : 1);
  return [...ds].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      (a.span?.offset ?? -1) - (b.span?.offset ?? -1) ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
