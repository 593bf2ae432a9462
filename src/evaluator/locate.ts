/** Positions for errors raised inside compiled code. */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import { isStackOverflow } from "../diagnostics/stack-overflow.js";
import type { Cx } from "../runtime/context.js";
import { realizeKey } from "../runtime/equality.js";
import { seq, type ASeq } from "../runtime/seq.js";
import type { Value } from "../runtime/values.js";

export { isStackOverflow };

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

/** `seq` of a collection a form walks (`for`, `doseq`): its errors at the collection's span. */
export function seqAt(cx: Cx, v: Value, span: Span): ASeq | null {
  try {
    return seq(cx, v);
  } catch (e) {
    throw locate(e, span);
  }
}

/** A value as a key (`case`, map and set literals), realized: its errors at the form's span. */
export function keyAt(cx: Cx, v: Value, span: Span): Value {
  try {
    return realizeKey(cx, v);
  } catch (e) {
    throw locate(e, span);
  }
}
