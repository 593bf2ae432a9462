/**
 * One corpus, two ways: every conformance program run by the interpreter (Session.evaluate)
 * and frozen — generated at compile time into module text (src/compiler/emit-frozen.ts),
 * that text turned into JavaScript as a bundler would (esbuild, types stripped) and run by
 * Session.evaluateFrozen. Both must give the same value, output, steps, and the same error
 * (kind, message, position in the program file).
 */
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import * as ptcc from "../../src/index.js";
import { frozenProgramText, generateProgram } from "../../src/compiler/emit-frozen.js";
import { PtcError } from "../../src/diagnostics/error.js";
import type { FrozenProgram } from "../../src/evaluator/frozen.js";
import { Session } from "../../src/evaluator/session.js";
import type { EvalResult } from "../../src/evaluator/evaluate.js";
import { prStr } from "../../src/runtime/printer.js";
import { TABLES } from "./builtins.tables.js";
import type { ConformanceCase } from "./case.js";
import { CASES as SPECIAL_FORMS } from "./special-forms.cases.js";

const FILE = "case.program.clj";

/** The frozen program of a source, through the module text a compile writes; or the compile-time error. */
function freeze(source: string): FrozenProgram | PtcError {
  let text: string;
  try {
    text = frozenProgramText(
      FILE,
      source,
      generateProgram(source, { tools: new Set(), toolCatalog: null, dataKeys: new Set() }),
    );
  } catch (e) {
    if (e instanceof PtcError) return e;
    throw e;
  }
  const js = transformSync(`const program = ${text};`, { loader: "ts" }).code;
  return new Function("$ptcc", `${js}\nreturn program;`)(ptcc) as FrozenProgram;
}

interface Outcome {
  readonly ok: boolean;
  readonly value?: string;
  readonly output?: readonly string[];
  readonly steps?: number;
  readonly error?: { kind: string; message: string; line?: number; column?: number; file?: string };
}

function outcome(r: EvalResult): Outcome {
  if (r.ok) return { ok: true, value: prStr(null, r.value), output: r.output, steps: r.steps };
  return { ok: false, output: r.output, steps: r.steps, error: errorOf(r.error) };
}

function errorOf(e: PtcError): Outcome["error"] {
  return {
    kind: e.kind,
    message: e.message,
    ...(e.span !== undefined ? { line: e.span.line, column: e.span.column } : {}),
    ...(e.file !== undefined ? { file: e.file } : {}),
  };
}

async function both(c: ConformanceCase): Promise<void> {
  const interpreted = outcome(await new Session({ context: {} }).evaluate(c.program, { file: FILE }));
  const frozen = freeze(c.program);
  if (frozen instanceof PtcError) {
    // Caught at compile time: the interpreter stops at the same place before running anything.
    expect(interpreted.ok, c.program).toBe(false);
    expect({ ...errorOf(frozen), file: FILE }, c.program).toEqual(interpreted.error);
    expect(interpreted.steps, c.program).toBe(0);
    return;
  }
  const r = outcome(await new Session({ context: {} }).evaluateFrozen(frozen));
  expect(r, c.program).toEqual(interpreted);
}

const ALL: readonly (readonly [string, readonly ConformanceCase[]])[] = [...TABLES, ["special forms", SPECIAL_FORMS]];

describe("frozen programs agree with the interpreter (values, output, steps, errors and positions)", () => {
  for (const [title, cases] of ALL) {
    describe(title, () => {
      for (const c of cases) {
        if (c.bug !== undefined) continue;
        it(c.name, () => both(c));
      }
    });
  }

  it("a run-time error is positioned in the program file", async () => {
    const p = freeze('(def x 1)\n(defn f [m] (:a m))\n(+ x (f {:a "s"}))');
    if (p instanceof PtcError) throw p;
    const r = await new Session().evaluateFrozen(p);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.error.file, r.error.span?.line, r.error.span?.column]).toEqual([FILE, 3, 1]);
  });
});
