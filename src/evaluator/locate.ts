/** Positions for errors raised inside compiled code. */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import type { Cx } from "../runtime/context.js";

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

/** Give an error without a position the position of the call it escaped from. */
export function locate(e: unknown, span: Span): unknown {
  if (e instanceof PtcError) return e.at(span);
  if (isStackOverflow(e)) {
    return new PtcError({
      kind: "limit",
      message: "recursion too deep for the host stack",
      span,
      hint: "use loop/recur for iteration",
    });
  }
  return e;
}

/** Out of fuel at a loop's back edge: account, and give a limit error this position. */
export function refuelAt(cx: Cx, span: Span): void {
  try {
    cx.refuel();
  } catch (e) {
    throw locate(e, span);
  }
}
