/**
 * The walks the agent loop makes over values outside an evaluation — the trace's copies
 * of inputs, tool calls and returns, the Step's JSON, a single turn's printed answer, the
 * typed view a return is validated on, a text-mode answer read into values — each with a
 * budget and under the watchdog (src/evaluator/host-walk.ts), and each total: a value
 * that cannot be walked (too large as a tree, nested too deep, a host object that throws)
 * gives a marker or a typed error, never an exception out of the loop.
 */
import type { PtcError } from "../diagnostics/error.js";
import { hostWalk, tryHostWalk } from "../evaluator/host-walk.js";
import { fromHost, toJsonSafe, toTyped } from "../runtime/convert.js";
import { resolveLimits, type Limits } from "../runtime/limits.js";
import { print, type PrintOptions } from "../runtime/printer.js";
import type { Value } from "../runtime/values.js";

/**
 * Most characters (about, as JSON) the trace keeps of one value — a tool's arguments or
 * result, the input, the return: a larger one is kept as a preview and its size
 * (`{"#truncated": "...", "#size": "..."}`).
 */
export const TRACE_VALUE_MAX_CHARS = 1_000_000;

type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PtcError };

/** A value for a trace event: JSON-safe, at most TRACE_VALUE_MAX_CHARS. Never throws. */
export function traceValue(x: unknown, limits?: Partial<Limits>): unknown {
  const r = tryHostWalk((meter) => toJsonSafe(x, { meter, maxChars: TRACE_VALUE_MAX_CHARS }), { limits });
  return r.ok ? r.value : `#too-large: ${r.error.message}`;
}

/** A value as the Step's JSON (whole). Never throws: a value that cannot be written is a marker string. */
export function jsonValue(x: unknown, limits?: Partial<Limits>): unknown {
  const r = tryHostWalk((meter) => toJsonSafe(x, { meter }), { limits });
  return r.ok ? r.value : `#too-large: ${r.error.message}`;
}

/** The JSON of the user vars of a namespace, under one budget. Never throws. */
export function jsonValues(xs: readonly (readonly [string, unknown])[], limits?: Partial<Limits>): [string, unknown][] {
  const r = tryHostWalk((meter) => xs.map(([k, v]): [string, unknown] => [k, toJsonSafe(v, { meter })]), {
    limits,
  });
  return r.ok ? r.value : xs.map(([k]) => [k, `#too-large: ${r.error.message}`]);
}

/** A value printed for people or the model (shortened by `opts`). Never throws. */
export function printValue(v: Value, opts: PrintOptions, limits?: Partial<Limits>): string {
  const r = tryHostWalk((meter) => print(null, v, { ...opts, meter }), { limits });
  return r.ok ? r.value : `#unprintable: ${r.error.message}`;
}

/** The typed host view of a return value, which signatures validate (toTyped), or why there is none. */
export function typedValue(v: Value, limits?: Partial<Limits>): Result<unknown> {
  return tryHostWalk((meter) => toTyped(null, v, meter), { limits });
}

/** Host data (a text-mode answer) as values, within the limits. */
export function valueOf(x: unknown, limits?: Partial<Limits>): Result<Value> {
  const all = resolveLimits(limits);
  return tryHostWalk((meter) => fromHost(x, { meter, limits: all }), { limits });
}

export { hostWalk };
