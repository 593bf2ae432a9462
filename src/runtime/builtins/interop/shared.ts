/**
 * Argument helpers shared by several interop modules: Java `long` and CharSequence arguments.
 */
import { typeError } from "../../errors.js";
import { Char, isInt, type Value } from "../../values.js";

export function longArg(fn: string, v: Value, what = "an integer"): number {
  if (isInt(v)) return v;
  throw typeError(fn, what, v);
}

/** A Java CharSequence argument: a string, or a character as its one-char string. */
export function seqArg(fn: string, v: Value): string {
  if (typeof v === "string") return v;
  if (v instanceof Char) return v.c;
  throw typeError(fn, "a string", v);
}
