/**
 * The shape of a conformance case, and a table builder, shared by every *.cases.ts file.
 *
 * Each case is a program; by default ptcc and nbb must print the same value (compared in
 * canonical form, see oracle.ts) and the same println/prn lines, or both fail.
 *
 * - `differs`: ptcc deliberately differs from Clojure, or nbb differs from JVM Clojure (JS
 *   numbers, characters as strings, set order, lax arity and nil arithmetic). The test then
 *   checks ptcc alone: its pr-str must equal `expected` (and its output `expectedOutput`, if
 *   given), or it must fail with `expectError`.
 * - `bug`: ptcc looks wrong; the test is skipped until it is fixed.
 * - `ptccError`: for cases that fail in both, the error kind ptcc must report.
 * - `ignoreOutput`: printed output is not compared (ptcc keeps `print`/`pr` output line by
 *   line; nbb prints characters as strings).
 */
import type { ErrorKind } from "../../src/index.js";

export interface ConformanceCase {
  readonly name: string;
  readonly program: string;
  readonly note?: string;
  /** Why ptcc's result is checked on its own instead of against nbb. */
  readonly differs?: string;
  /** ptcc's exact pr-str, for `differs` cases. */
  readonly expected?: string;
  /** The error kind ptcc must fail with, for `differs` cases. */
  readonly expectError?: ErrorKind;
  /** ptcc's exact output lines, for `differs` cases about output. */
  readonly expectedOutput?: readonly string[];
  /** What looks wrong in ptcc; the case is skipped. */
  readonly bug?: string;
  /** The error kind ptcc must report when both fail. */
  readonly ptccError?: ErrorKind;
  /** Why printed output is not compared. */
  readonly ignoreOutput?: string;
}

type Extra = Omit<ConformanceCase, "name" | "program">;

/** A table of cases filled group by group: `t.group("get", [["name", "(program)"], ...])`. */
export class CaseTable {
  readonly cases: ConformanceCase[] = [];
  group(prefix: string, cases: readonly (readonly [string, string] | readonly [string, string, Extra])[]): void {
    for (const [name, program, extra] of cases) this.cases.push({ name: `${prefix}: ${name}`, program, ...extra });
  }
}
