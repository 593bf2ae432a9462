/** Recognising a host stack overflow (the reader and the evaluator turn it into their own errors). */

/**
 * Whether the host stack ran out. V8 says so in a RangeError, or in a SyntaxError when the
 * overflow happened while compiling a regular expression met for the first time; tested
 * without a regular expression of our own, which could fail the same way.
 */
export function isStackOverflow(e: unknown): boolean {
  if (!(e instanceof RangeError) && !(e instanceof SyntaxError)) return false;
  const m: unknown = e.message;
  return typeof m === "string" && m.includes("Maximum call stack size exceeded");
}
