/**
 * How the command line prints a command that failed outside its own output: a usage error
 * as `ptcc: message`, anything else as `ptcc: internal error: message`. Messages can quote
 * what users, models and agent files wrote, so control characters are shown escaped.
 */
import { sanitize } from "./sanitize.js";
import { UsageError } from "./usage-error.js";

/** The line (with its newline) that reports `e` on stderr. */
export function failureLine(e: unknown): string {
  if (e instanceof UsageError) return `ptcc: ${sanitize(e.message)}\n`;
  let message: string;
  try {
    message = e instanceof Error ? String(e.message) : String(e);
  } catch {
    message = "an error that cannot be shown";
  }
  return `ptcc: internal error: ${sanitize(message)}\n`;
}
