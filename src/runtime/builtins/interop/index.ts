/**
 * The small Java-interop surface LLMs write from habit: `(java.util.Date.)`, `(.getTime d)`,
 * `(System/currentTimeMillis)`, `(LocalDate/parse s)`, String methods (`(.indexOf s x)`,
 * `(.toUpperCase s)`...), `Integer/parseInt` and friends, and the `Double/...` constants.
 * The analyzer resolves `(.method x)` to `ptc.interop/.method`, `(Class. x)` to
 * `ptc.interop/Class.`, `(Class/method x)` to `ptc.interop/Class.method` (for `Math`,
 * falling back to the core function of the same name) and `Class/CONSTANT` to
 * INTEROP_CONSTANTS.
 *
 * Dates are values of their own (HostObject): `java.util.Date` (milliseconds since the
 * epoch, UTC) and `java.time.LocalDate` (days since the epoch). They compare, hash and
 * print through the methods of HostObject.
 *
 * This module gathers the groups, in registration order: dates (dates.ts), String and
 * object methods (string-methods.ts), Number methods (number-methods.ts) and static
 * methods (statics.ts); the constants are in constants.ts.
 */
import type { BuiltinSpec } from "../registry.js";
import { DATE_BUILTINS } from "./dates.js";
import { NUMBER_METHODS } from "./number-methods.js";
import { STATIC_METHODS } from "./statics.js";
import { STRING_METHODS } from "./string-methods.js";

export { civilFromDays, daysFromCivil } from "./calendar.js";
export { INTEROP_CONSTANTS } from "./constants.js";
export { parseDateString, PtcDate, PtcLocalDate } from "./date-values.js";

export const INTEROP: BuiltinSpec[] = [...DATE_BUILTINS, ...STRING_METHODS, ...NUMBER_METHODS, ...STATIC_METHODS];
