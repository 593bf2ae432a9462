/**
 * The small Java-interop surface LLMs write from habit: `(java.util.Date.)`, `(.getTime d)`,
 * `(System/currentTimeMillis)`, `(LocalDate/parse s)`, `(.indexOf s x)`, `Math/...` and the
 * `Double/...` constants. The analyzer resolves `(.method x)` to `ptc.interop/.method`,
 * `(Class. x)` to `ptc.interop/Class.`, `(Class/method x)` to `ptc.interop/Class.method`
 * (for `Math`, falling back to the core function of the same name) and `Class/CONSTANT`
 * to INTEROP_CONSTANTS.
 */
import { float, type Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

export const INTEROP: BuiltinSpec[] = [];

/** `Class/NAME` constants, by `Class/NAME`. */
export const INTEROP_CONSTANTS: Readonly<Record<string, Value>> = {
  "Double/POSITIVE_INFINITY": Infinity,
  "Double/NEGATIVE_INFINITY": -Infinity,
  "Double/NaN": NaN,
  "Double/MAX_VALUE": float(Number.MAX_VALUE),
  "Double/MIN_VALUE": Number.MIN_VALUE,
  // Integers are exact only within ±(2^53-1) in PTC-Lisp: the extremes stand in for Java's.
  "Long/MAX_VALUE": Number.MAX_SAFE_INTEGER,
  "Long/MIN_VALUE": -Number.MAX_SAFE_INTEGER,
  "Integer/MAX_VALUE": 2147483647,
  "Integer/MIN_VALUE": -2147483648,
  "Math/PI": Math.PI,
  "Math/E": Math.E,
};
