/**
 * The messages sent back to the LLM after each turn. They read like a REPL session:
 * the program's printed output, then its value, shortened per the agent's
 * formatOptions; or the error, with its position and the line it points at.
 *
 * What the program produced (output, value, error details, the issues of a returned
 * value) comes inside the data envelope (envelope.ts); ptcc's own guidance (the code
 * frame of the model's program, notes, what to do next) stays outside it.
 */
import { codeFrame } from "../diagnostics/code-frame.js";
import { formatPosition } from "../diagnostics/span.js";
import { originOf, type SourceOrigin } from "../diagnostics/span-source.js";
import type { PtcError } from "../diagnostics/error.js";
import { formatWarning, type Warning } from "../diagnostics/warning.js";
import { formatIssue, hideValue, type ValidationIssue } from "../runtime/validation.js";
import { envelope } from "./envelope.js";
import type { FormatOptions } from "./types.js";

/** Most lines of println output shown. */
const MAX_OUTPUT_LINES = 50;

/** Cut text to `max` characters, saying how much was left out. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}... (${text.length - max} more characters)`;
}

/** Printed output lines, shortened. */
function outputBlock(output: readonly string[], fmt: FormatOptions): string[] {
  if (output.length === 0) return [];
  const shown = output.slice(0, MAX_OUTPUT_LINES);
  const text = cut(shown.join("\n"), fmt.feedbackMaxChars);
  const more = output.length > shown.length ? [`;; (${output.length - shown.length} more lines of output)`] : [];
  return [text, ...more];
}

function warningLines(warnings: readonly Warning[]): string[] {
  return warnings.map((w) => (w.note === true ? `;; note: ${w.message}` : `;; warning: ${formatWarning(w)}`));
}

/** After a program ran: its output, then `printed` (already shortened by the printer). */
export function resultFeedback(
  printed: string,
  output: readonly string[],
  warnings: readonly Warning[],
  fmt: FormatOptions,
): string {
  const out = outputBlock(output, fmt);
  const value = cut(printed, fmt.feedbackMaxChars);
  const lines = out.length > 0 ? [...out, `=> ${value}`] : [value];
  return [envelope(lines.join("\n")), ...warningLines(warnings)].join("\n");
}

/**
 * After a program failed: the error on one line, then the line it points at — or, when
 * the position is in another program (a function defined in an earlier turn, or
 * inherited from the parent agent), which program that is.
 */
export function errorFeedback(
  error: PtcError,
  program: string,
  output: readonly string[],
  fmt: FormatOptions,
  current: SourceOrigin,
  warnings: readonly Warning[] = [],
): string {
  const lines = [envelope([...outputBlock(output, fmt), `Error: ${error.format()}`].join("\n"))];
  const span = error.span;
  const origin = span === undefined ? undefined : originOf(span);
  if (span !== undefined && origin !== undefined && (origin.run !== current.run || origin.turn !== current.turn)) {
    lines.push(
      origin.run === current.run
        ? `;; (${formatPosition(span)} is in your program of turn ${origin.turn}, where the function was defined)`
        : `;; (${formatPosition(span)} is in a program of agent ${origin.agent}, where this inherited function was defined)`,
    );
  } else if (span !== undefined && error.file === undefined && span.line > 0) {
    lines.push(codeFrame(program, span, 0));
  }
  // Notes about the data (a key spelled differently) often explain the error.
  lines.push(...warningLines(warnings.filter((w) => w.note === true)));
  lines.push(";; Nothing this program defined was kept. Fix it and try again.");
  return lines.join("\n");
}

/** A firewalled segment in an issue path: `_token`, `items[0]._raw`. */
const FIREWALLED_PATH = /(^|[.\]])_/;

/** An issue as an LLM may read it: through a firewalled field, without the value. */
export function llmIssue(issue: ValidationIssue): string {
  return formatIssue(FIREWALLED_PATH.test(issue.path) ? hideValue(issue) : issue);
}

/**
 * After (return v) with a value that does not match the output type. The issues quote
 * the value, so in lisp mode they come in the data envelope (`wrap`); in text mode they
 * quote the model's own answer.
 */
export function invalidReturnFeedback(expected: string, errors: readonly ValidationIssue[], wrap = true): string {
  const head = `;; Error: the returned value does not match the expected output ${expected}:`;
  if (wrap) {
    const shown = errors.slice(0, 20).map(llmIssue);
    if (errors.length > shown.length) shown.push(`... and ${errors.length - shown.length} more`);
    return [head, envelope(shown.join("\n"))].join("\n");
  }
  const shown = errors.slice(0, 20).map((e) => `;;   ${llmIssue(e)}`);
  if (errors.length > shown.length) shown.push(`;;   ... and ${errors.length - shown.length} more`);
  return [head, ...shown].join("\n");
}

/** After a reply without a program. */
export function noProgramFeedback(mode: "lisp" | "text" | "tool_call"): string {
  switch (mode) {
    case "lisp":
      return ";; Error: no program found in your reply. Reply with one program in a ```clojure block.";
    case "tool_call":
      return ";; Error: no program and no JSON answer found in your reply. Call run_program with one program, or answer with the JSON value of the expected output.";
    case "text":
      return ";; Error: no JSON value found in your reply. Reply with one JSON value in a ```json block.";
  }
}

/**
 * After a reply cut off at the output-token limit (finish reason `length`): what was
 * written is incomplete, so nothing of it ran.
 */
export function cutOffFeedback(mode: "lisp" | "text"): string {
  return mode === "lisp"
    ? ";; Error: your reply was cut off at the output-token limit before the program ended, so nothing ran. Reply with a shorter program: def intermediate results and continue in the next turn."
    : ";; Error: your reply was cut off at the output-token limit before the JSON value ended. Reply with a shorter answer.";
}

/** Warnings of input coercion, shown when a tool's arguments were coerced. */
export function coercionNotes(tool: string, warnings: readonly ValidationIssue[]): string[] {
  return warnings.map((w) => `;; note: tool/${tool} ${llmIssue(w)}`);
}
