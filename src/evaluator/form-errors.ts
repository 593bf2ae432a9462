/**
 * The errors of special forms, made the same way by both tiers (the closure compiler,
 * compile.ts, and generated code through codegen/helpers.ts), so that their messages agree.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import type { Cx } from "../runtime/context.js";
import { runtimeError } from "../runtime/errors.js";
import { previewValue, print } from "../runtime/printer.js";
import type { Value, Var } from "../runtime/values.js";

/** A var that was declared but never given a value. */
export function unboundError(v: Var, span: Span): PtcError {
  return runtimeError(
    `${v.name} has no value yet`,
    "it was declared (declare, or def without a value) but never given one",
  ).at(span);
}

/** `case` without a matching clause or a default; the value shown shortened. */
export function noCaseError(v: Value, span: Span): PtcError {
  return runtimeError(`no case clause matches ${previewValue(v, 200)}`, "add a default as the last form of case").at(
    span,
  );
}

/** `(fail reason)`: the reason printed, shortened, and kept whole on the error. */
export function failError(cx: Cx, reason: Value, span: Span): PtcError {
  const shown = print(cx, reason, { readably: true, maxChars: 2_000, maxStringChars: 2_000 });
  return new PtcError({ kind: "fail", message: `the program failed: ${shown}`, span }, reason);
}

/** A map literal whose computed keys turned out equal. */
export function duplicateKeyError(span: Span): PtcError {
  return runtimeError("duplicate key in map literal").at(span);
}

/** A set literal whose computed items turned out equal. */
export function duplicateItemError(span: Span): PtcError {
  return runtimeError("duplicate item in set literal").at(span);
}
