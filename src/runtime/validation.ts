/**
 * What signature validation needs at run time: the result and issue types, how values
 * are classified (an integer is a JS number that is a safe integer, exactly as the
 * PTC-Lisp runtime reads host numbers; a boxed PtcFloat is a float even when integral),
 * the string coercions, value descriptions and issue constructors.
 *
 * Both the interpreter (src/signature/validate.ts) and the validators that
 * `compileValidator` generates call these, so the two give the same verdicts, issues and
 * values. Generated modules import this through `ptcc/runtime`.
 *
 * Values are host values: null/undefined, booleans, numbers, strings, arrays, plain
 * objects; plus PtcFloat boxes (floats that must stay floats), Keywords and PTC-Lisp
 * functions (`:fn`).
 */
import { Budget, spend, type Meter } from "./budget.js";
import { prFloat } from "./float-format.js";
import { Keyword, PtcFloat, PtcFn } from "./values.js";

export { Keyword, PtcFloat, PtcFn };

/**
 * What a validation spends: one unit per list item and per key of a map checked in
 * strict mode (a list holding the same list many times is checked once per reference,
 * so its cost is the tree's). A default Budget when the caller gives none; running out is
 * a `limit` (or `timeout`) PtcError thrown from the validator.
 */
export { Budget, spend, type Meter };

/** The meter of a validation given none. */
export function defaultMeter(): Meter {
  return Budget.of();
}

/**
 * For generated validators, which keep the fuel in a local: hand `fuel` (spent below
 * zero) back to the meter, let it refuel (or throw), and take up what it now has.
 */
export function refuelFrom(meter: Meter, fuel: number): number {
  meter.fuel = fuel;
  meter.refuel();
  return meter.fuel;
}

/**
 * - `enabled` (default): validate, fail on errors, allow extra fields;
 * - `warn_only`: validate, report errors as warnings, pass;
 * - `disabled`: skip validation (and coercion) entirely;
 * - `strict`: validate, fail on errors, reject extra fields at every depth.
 */
export type ValidationMode = "enabled" | "warn_only" | "disabled" | "strict";

export const VALIDATION_MODES: readonly ValidationMode[] = ["enabled", "warn_only", "disabled", "strict"];

/** Stable codes of validation issues. */
export type IssueCode = "invalid_type" | "missing_field" | "unexpected_field" | "coerced" | "out_of_range";

export interface ValidationIssue {
  readonly code: IssueCode;
  /** `results[0].customer.id`; `[1]` for an item of a top-level list; `$` for the value itself. */
  readonly path: string;
  /** `expected int, got string "abc"` */
  readonly message: string;
}

/**
 * What a validation found, discriminated by `ok` as zod's `safeParse` is: the typed value
 * when it passed; the errors, and the value untyped, when it did not.
 */
export type ValidationResult<T = unknown> = ValidationSuccess<T> | ValidationFailure;

/** A value that passed (in `warn_only` mode, also one whose errors became warnings). */
export interface ValidationSuccess<T = unknown> {
  readonly ok: true;
  /** The value, coerced where coercion applied (the input itself when nothing changed). */
  readonly value: T;
  /** Always empty. */
  readonly errors: readonly ValidationIssue[];
  readonly warnings: readonly ValidationIssue[];
}

/** A value that did not pass: at least one error. */
export interface ValidationFailure {
  readonly ok: false;
  /** The value as checked (coerced in part, perhaps): not of the signature's type. */
  readonly value: unknown;
  readonly errors: readonly ValidationIssue[];
  readonly warnings: readonly ValidationIssue[];
}

/** `results[0].customer.id: expected int, got string "abc"` */
export function formatIssue(i: ValidationIssue): string {
  return `${i.path}: ${i.message}`;
}

// ---------------------------------------------------------------------------------------
// Classification

export function isInt(v: unknown): v is number {
  return Number.isSafeInteger(v);
}

/** Integers satisfy `:float` too. */
export function isFloat(v: unknown): boolean {
  return typeof v === "number" || v instanceof PtcFloat;
}

export function isKeywordValue(v: unknown): boolean {
  return typeof v === "string" || v instanceof Keyword;
}

/**
 * Whether `v` is the enum value `name`: the string (host) or the keyword (PTC-Lisp).
 * A keyword with a namespace is never an enum value.
 */
export function isEnumValue(v: unknown, name: string): boolean {
  return v === name || (v instanceof Keyword && v.ns === null && v.name === name);
}

/** Whether `v` is the number `n` (a float such as 42.0 included). */
export function isNumber(v: unknown, n: number): boolean {
  return v === n || (v instanceof PtcFloat && v.value === n);
}

/** A number's value, a float's included (NaN for anything else). */
export function numberOf(v: unknown): number {
  return typeof v === "number" ? v : v instanceof PtcFloat ? v.value : NaN;
}

/** A string's length in code points, as JSON Schema's `maxLength` counts it. */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * Whether a string's length in code points is within `min..max` (inclusive), counting them
 * only when the length in code units cannot tell (each code point is one or two units).
 */
export function lengthIn(s: string, min: number, max: number): boolean {
  const n = s.length;
  if (n < min) return false;
  if (n <= max && (n + 1) >> 1 >= min) return true;
  const cp = codePoints(s);
  return cp >= min && cp <= max;
}

/** A plain object (what JSON.parse makes), not an array, a Map, a Date or a class instance. */
export function isPlainMap(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function isFn(v: unknown): boolean {
  return v instanceof PtcFn;
}

/** An own property's value, for names that plain objects inherit (`constructor`, `toString`). */
export function own(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

// ---------------------------------------------------------------------------------------
// Coercions (input only)

const INT_TEXT = /^\s*[+-]?\d+\s*$/;
const FLOAT_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** `"42"` → 42; undefined when the text is not an integer in the exact range. */
export function intFromString(s: string): number | undefined {
  if (!INT_TEXT.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** `"3.14"` → 3.14, `"42"` → 42; undefined when the text is not a finite decimal number. */
export function floatFromString(s: string): number | undefined {
  if (!FLOAT_TEXT.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Only `"true"` and `"false"` coerce to booleans. */
export function boolFromString(s: string): boolean | undefined {
  return s === "true" ? true : s === "false" ? false : undefined;
}

// ---------------------------------------------------------------------------------------
// Descriptions and issues

const MAX_SHOWN_STRING = 40;

/** `string "abc"`, `int 42`, `float 42.0`, `nil`, `list of 3 items`, `map`, `fn`. */
export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return "nil";
  switch (typeof v) {
    case "boolean":
      return `bool ${v}`;
    case "number":
      return Number.isSafeInteger(v) ? `int ${v}` : `float ${prFloat(v)}`;
    case "string":
      return v.length > MAX_SHOWN_STRING
        ? `string ${JSON.stringify(v.slice(0, MAX_SHOWN_STRING))}… (${v.length} characters)`
        : `string ${JSON.stringify(v)}`;
    case "bigint":
      return `bigint ${v}`;
    case "function":
      return "a JavaScript function";
    case "symbol":
      return "a JavaScript symbol";
  }
  if (v instanceof PtcFloat) return `float ${prFloat(v.value)}`;
  if (v instanceof Keyword) return `keyword :${v.fqn}`;
  if (v instanceof PtcFn) return "fn";
  if (Array.isArray(v)) return v.length === 0 ? "empty list" : `list of ${v.length} item${v.length === 1 ? "" : "s"}`;
  if (isPlainMap(v)) return "map";
  const ctor = (v as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof ctor === "string" && ctor !== "" ? `object ${ctor}` : "object";
}

/** The path of the value itself. */
export const ROOT_PATH = "$";

function at(path: string): string {
  return path === "" ? ROOT_PATH : path;
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_?!-]*$/;

/** `user` + `id` → `user.id`; a key that is not a plain name is quoted: `user["a b"]`. */
export function pathKey(base: string, key: string): string {
  if (!PLAIN_KEY.test(key)) return `${base}[${JSON.stringify(key)}]`;
  return base === "" ? key : `${base}.${key}`;
}

export function pathIndex(base: string, i: number): string {
  return `${base}[${i}]`;
}

export function typeIssue(path: string, expected: string, v: unknown): ValidationIssue {
  return { code: "invalid_type", path: at(path), message: `expected ${expected}, got ${describeValue(v)}` };
}

/** A value of the right type outside a refinement's bounds: `expected int >= 1, got int 0`. */
export function rangeIssue(path: string, expected: string, v: unknown): ValidationIssue {
  return { code: "out_of_range", path: at(path), message: `expected ${expected}, got ${describeValue(v)}` };
}

export function missingIssue(path: string, expected: string): ValidationIssue {
  return { code: "missing_field", path: at(path), message: `missing required field (expected ${expected})` };
}

export function unexpectedIssue(path: string): ValidationIssue {
  return { code: "unexpected_field", path: at(path), message: "unexpected field" };
}

export function coercedIssue(path: string, from: unknown, to: string): ValidationIssue {
  return { code: "coerced", path: at(path), message: `coerced ${describeValue(from)} to ${to}` };
}

/**
 * The issue with the offending value left out of its message, only its type kept
 * (`expected int, got string <Firewalled>`): what an LLM may read about a firewalled field.
 * The inverse of typeIssue's and coercedIssue's wording (describeValue puts the type first).
 */
export function hideValue(issue: ValidationIssue): ValidationIssue {
  const message =
    issue.code === "invalid_type" || issue.code === "out_of_range"
      ? issue.message.replace(/, got (\S+).*$/s, ", got $1 <Firewalled>")
      : issue.code === "coerced"
        ? issue.message.replace(/^coerced (\S+) .* to (\S+)$/s, "coerced $1 <Firewalled> to $2")
        : issue.message;
  return { ...issue, message };
}

const NONE: readonly ValidationIssue[] = Object.freeze([]);

/** The result of a run that skipped validation (`disabled`). */
export function pass<T>(value: T): ValidationResult<T> {
  return { ok: true, value, errors: NONE, warnings: NONE };
}

/** Apply the mode to what a run found: `warn_only` turns errors into warnings. */
export function finish<T>(
  value: T,
  errors: ValidationIssue[],
  warnings: ValidationIssue[],
  mode: ValidationMode,
): ValidationResult<T> {
  if (mode === "warn_only") {
    return { ok: true, value, errors: NONE, warnings: errors.length === 0 ? warnings : warnings.concat(errors) };
  }
  return errors.length === 0 ? { ok: true, value, errors: NONE, warnings } : { ok: false, value, errors, warnings };
}
