/** The two helpers most tests use: "evaluates to this" and "fails like this". */
import { expect } from "vitest";
import { evaluate, evaluateSync, Session, type EvalResult, type SessionOptions } from "../src/index.js";

export function run(source: string, options: SessionOptions = {}): EvalResult {
  return evaluateSync(source, options);
}

/** The printed (pr-str) value of a program; fails the test with the error if it fails. */
export function printed(source: string, options: SessionOptions = {}): string {
  const r = evaluateSync(source, options);
  if (!r.ok) throw new Error(`expected ${source} to succeed, got ${r.error.kind}: ${r.error.format()}`);
  return r.printed;
}

export async function printedAsync(source: string, options: SessionOptions = {}): Promise<string> {
  const r = await evaluate(source, options);
  if (!r.ok) throw new Error(`expected ${source} to succeed, got ${r.error.kind}: ${r.error.format()}`);
  return r.printed;
}

/** The error of a failing program: kind and one-line message (with position). */
export function failure(source: string, options: SessionOptions = {}): { kind: string; text: string } {
  const r = evaluateSync(source, options);
  if (r.ok) throw new Error(`expected ${source} to fail, got ${r.printed}`);
  return { kind: r.error.kind, text: r.error.format() };
}

export function expectPrinted(source: string, expected: string, options: SessionOptions = {}): void {
  expect(printed(source, options), source).toBe(expected);
}

export { Session };
