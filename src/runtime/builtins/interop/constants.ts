/**
 * The `Class/NAME` constants (`Double/NaN`, `Long/MAX_VALUE`, `Math/PI`...), which the
 * analyzer resolves at compile time.
 */
import { float, type Value } from "../../values.js";
import { table } from "../../table.js";

/** `Class/NAME` constants, by `Class/NAME`. */
export const INTEROP_CONSTANTS: Readonly<Record<string, Value>> = table({
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
});
