/**
 * The data envelope: text that comes from outside the conversation (tool results, println
 * output, printed values, error details) reaches the model between `<data>` and
 * `</data>`, and the system prompt says that text inside is data, never instructions. A
 * tool result that says "ignore your instructions" stays inside the envelope.
 *
 * A closing marker inside the data is escaped, so data cannot end the envelope early:
 * every `</data>` (any case, spaces allowed, and any backslashes already after the `<`)
 * gets one more backslash after its `<`: `</data>` becomes `<\/data>`, `<\/data>` becomes
 * `<\\/data>`. The escape is reversible (`unescapeData`), and escaped text holds no
 * closing marker at all.
 */

export const DATA_OPEN = "<data>";
export const DATA_CLOSE = "</data>";

/** A closing marker, with the backslashes an earlier escape added. */
const CLOSER = /<(\\*)(\/\s*data\s*>)/gi;

/** The text with every closing marker escaped. */
export function escapeData(text: string): string {
  return text.replace(CLOSER, (_m, bs: string, rest: string) => `<\\${bs}${rest}`);
}

/** The inverse of `escapeData`. */
export function unescapeData(text: string): string {
  return text.replace(CLOSER, (m, bs: string, rest: string) => (bs.length === 0 ? m : `<${bs.slice(1)}${rest}`));
}

/** The text inside an envelope, on lines of its own. */
export function envelope(text: string): string {
  return `${DATA_OPEN}\n${escapeData(text)}\n${DATA_CLOSE}`;
}

/** Whether the text holds a closing marker (what escaping removes). */
export function hasCloser(text: string): boolean {
  CLOSER.lastIndex = 0;
  for (const m of text.matchAll(CLOSER)) if (m[1] === "") return true;
  return false;
}

/** The text with every envelope replaced by its content, unescaped: feedback as people read it. */
export function stripEnvelopes(text: string): string {
  return text.replace(ENVELOPE, (_m, inner: string) => unescapeData(inner));
}

/** An envelope as `envelope` writes it: escaped content holds no closing marker, so the first one ends it. */
const ENVELOPE = /<data>\n([\s\S]*?)\n<\/data>/g;
