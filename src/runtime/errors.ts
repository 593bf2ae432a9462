/**
 * Runtime error constructors. Messages name the function, what it expected and what it
 * got, so that an LLM reading them knows what to write instead:
 * `inc expects a number, got string "a"`.
 */
import { PtcError } from "../diagnostics/error.js";
import { typeName } from "./type-name.js";
import { previewValue } from "./printer.js";
import type { Value } from "./values.js";

/** `inc expects a number, got string "a"` */
export function typeError(fn: string, expected: string, got: Value, hint?: string): PtcError {
  return new PtcError({ kind: "type", message: `${fn} expects ${expected}, got ${describe(got)}`, hint });
}

/** `string "a"`, `nil`, `vector [1 2 3]`: a value's type and a short preview. */
export function describe(v: Value): string {
  if (v === null) return "nil";
  return `${typeName(v)} ${previewValue(v, 40)}`;
}

export function arityError(fn: string, got: number, expected: string): PtcError {
  return new PtcError({
    kind: "arity",
    message: `${fn} called with ${got} argument${got === 1 ? "" : "s"}, expects ${expected}`,
  });
}

export function arithmeticError(message: string, hint?: string): PtcError {
  return new PtcError({ kind: "arithmetic", message, hint });
}

export function runtimeError(message: string, hint?: string): PtcError {
  return new PtcError({ kind: "runtime", message, hint });
}

export function limitError(message: string, hint?: string): PtcError {
  return new PtcError({ kind: "limit", message, hint });
}

export function internalError(message: string): PtcError {
  return new PtcError({ kind: "internal", message: `internal error: ${message}` });
}
