/**
 * What the CLI writes for people goes to a terminal, and much of it was written by a
 * model or a tool (programs, `println` output, values, error messages quoting them): an
 * escape sequence in it could retitle the window, clear the screen or rewrite what was
 * shown. Human output shows control characters as visible escapes (`\u001b`); newlines
 * and tabs stay. JSON output (`--json`, `--jsonl`, traces) is left as it is: JSON
 * escapes control characters itself.
 */

/** C0 controls but tab and newline, DEL, C1 controls, bidirectional overrides and isolates. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character (but `\n` and `\t`) shown as `\uXXXX`. */
export function sanitize(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
