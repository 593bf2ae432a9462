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
import type { ValidationIssue, ValidationMode } from "../runtime/validation.js";
import { checkInput, checkOutput } from "../signature/compiled.js";
import { mapOf, type Signature, type SigType } from "../signature/types.js";
import { enumsAsKeywords, keywordsAsStrings } from "./enum-keywords.js";
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
export function traceValue(x: unknown, limits?: Partial<Limits>, ms?: number): unknown {
  return traceValues([x], limits, ms)[0];
}

/** Several values for trace events, in one walk. Never throws. */
export function traceValues(xs: readonly unknown[], limits?: Partial<Limits>, ms?: number): unknown[] {
  const r = tryHostWalk((meter) => xs.map((x) => toJsonSafe(x, { meter, maxChars: TRACE_VALUE_MAX_CHARS })), {
    limits,
    ms,
  });
  return r.ok ? r.value : xs.map(() => `#too-large: ${r.error.message}`);
}

/** A value as the Step's JSON (whole). Never throws: a value that cannot be written is a marker string. */
export function jsonValue(x: unknown, limits?: Partial<Limits>, ms?: number): unknown {
  const r = tryHostWalk((meter) => toJsonSafe(x, { meter }), { limits, ms });
  return r.ok ? r.value : `#too-large: ${r.error.message}`;
}

/**
 * A run's return as the Step's JSON (whole) and as the trace keeps it, in one walk. A
 * return is never a marker: a value whose JSON cannot be made within the limits (steps,
 * the time left) is the error (`limit`, `timeout`), and the run fails with it.
 */
export function returnJson(
  value: unknown,
  limits?: Partial<Limits>,
  ms?: number,
): Result<{ readonly json: unknown; readonly trace: unknown }> {
  return tryHostWalk(
    (meter) => {
      const json = toJsonSafe(value, { meter, strict: true });
      return { json, trace: toJsonSafe(json, { meter, maxChars: TRACE_VALUE_MAX_CHARS }) };
    },
    { limits, ms },
  );
}

/** The JSON of the user vars at the end of a run, in one walk. Never throws. */
export function endVars(
  vars: readonly (readonly [string, unknown])[],
  limits?: Partial<Limits>,
  ms?: number,
): [string, unknown][] {
  const r = tryHostWalk((meter) => vars.map(([k, v]): [string, unknown] => [k, toJsonSafe(v, { meter })]), {
    limits,
    ms,
  });
  if (r.ok) return r.value;
  const marker = `#too-large: ${r.error.message}`;
  return vars.map(([k]) => [k, marker]);
}

/** A value printed for people or the model (shortened by `opts`). Never throws. */
export function printValue(v: Value, opts: PrintOptions, limits?: Partial<Limits>, ms?: number): string {
  const r = tryHostWalk((meter) => print(null, v, { ...opts, meter }), { limits, ms });
  return r.ok ? r.value : `#unprintable: ${r.error.message}`;
}

/**
 * A returned value checked against the output type, in one walk: its typed host view
 * (toTyped), then the validation. A value too deep or too large to view as data cannot be
 * checked, nor returned: that is an issue of its own. A walk that runs out of time is the
 * error (`timeout`): the turn's time is over, not the value wrong.
 */
export function returnIssues(
  sig: Signature,
  v: Value,
  mode: ValidationMode,
  limits?: Partial<Limits>,
  ms?: number,
): Result<readonly ValidationIssue[]> {
  const r = tryHostWalk(
    (meter) => checkOutput(sig, keywordsAsStrings(sig.output, toTyped(null, v, meter), meter), mode, meter),
    { limits, ms },
  );
  if (!r.ok) {
    if (r.error.kind === "timeout") return r;
    return { ok: true, value: [{ code: "invalid_type", path: "$", message: `cannot be checked: ${r.error.message}` }] };
  }
  return { ok: true, value: r.value.ok ? [] : r.value.errors };
}

/** Host data checked against the output type (a text-mode answer), with a budget. */
export function dataIssues(
  sig: Signature,
  x: unknown,
  mode: ValidationMode,
  limits?: Partial<Limits>,
  ms?: number,
): readonly ValidationIssue[] {
  const r = tryHostWalk((meter) => checkOutput(sig, x, mode, meter), { limits, ms });
  if (!r.ok) return [{ code: "invalid_type", path: "$", message: `cannot be checked: ${r.error.message}` }];
  return r.value.ok ? [] : r.value.errors;
}

/**
 * The caller's input checked against the parameters (coerced) and copied into an object
 * the run owns, in one walk (a proxy or a getter is read here, once).
 */
export function checkedInput(
  sig: Signature,
  input: unknown,
  limits?: Partial<Limits>,
  ms?: number,
): Result<{ readonly errors: readonly ValidationIssue[]; readonly input: Record<string, unknown> }> {
  return tryHostWalk(
    (meter) => {
      const checked = checkInput(sig, input, "enabled", meter);
      // Enum values enter the program as keywords (`"open"` → `:open`).
      const value = checked.ok ? enumsAsKeywords(paramsType(sig), checked.value ?? {}, meter) : {};
      const copy = { ...(value as Record<string, unknown>) };
      return { errors: checked.errors, input: copy };
    },
    { limits, ms },
  );
}

/** A signature's parameters as one map type, made once per signature (its enum test is kept by type). */
const paramTypes = new WeakMap<Signature, SigType>();
function paramsType(sig: Signature): SigType {
  let t = paramTypes.get(sig);
  if (t === undefined) {
    t = mapOf(sig.params);
    paramTypes.set(sig, t);
  }
  return t;
}

/** Host data (a text-mode answer) as values, within the limits. */
export function valueOf(x: unknown, limits?: Partial<Limits>, ms?: number): Result<Value> {
  const all = resolveLimits(limits);
  return tryHostWalk((meter) => fromHost(x, { meter, limits: all }), { limits, ms });
}

export { hostWalk };
