/**
 * Frozen programs against the interpreter on generated programs (program-gen.ts, the tiers'
 * generator): the program compiled ahead of time through the module text a compile writes,
 * types stripped by esbuild, run by Session.evaluateFrozen, gives the same value, output,
 * steps and error (kind, message, position) as Session.evaluate. And the constants' data form
 * (frozen-value.ts) gives back the same values, through JSON, for every kind a literal makes.
 */
import { transformSync } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ptcc from "../../src/index.js";
import { frozenProgramText, generateProgram } from "../../src/compiler/emit-frozen.js";
import { PtcError } from "../../src/diagnostics/error.js";
import type { EvalResult } from "../../src/evaluator/evaluate.js";
import type { FrozenProgram } from "../../src/evaluator/frozen.js";
import { decodeValue, encodeValue, VarName, type FrozenValue } from "../../src/evaluator/frozen-value.js";
import { Session } from "../../src/evaluator/session.js";
import { fromHost } from "../../src/runtime/convert.js";
import { prStr } from "../../src/runtime/printer.js";
import { Var } from "../../src/runtime/values.js";
import { read } from "../../src/reader/read.js";
import { formToValue } from "../../src/analyzer/quote.js";
import { programs } from "./program-gen.js";

const RUNS = Number(process.env["PTCC_TIER_RUNS"] ?? 150);

function freeze(source: string): FrozenProgram | PtcError {
  let text: string;
  try {
    text = frozenProgramText(
      "p.clj",
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

const outcome = (r: EvalResult): unknown =>
  r.ok
    ? { value: prStr(null, r.value), output: r.output, steps: r.steps }
    : {
        error: [r.error.kind, r.error.message, r.error.span?.line, r.error.span?.column],
        output: r.output,
        steps: r.steps,
      };

describe("frozen programs", () => {
  it.each([
    ["an error realizing the last form's value", "(def xs (lazy-seq (map inc xs)))\nxs"],
    ["an error in the second form", "(def a 1)\n(+ a :k)"],
  ])("place %s where the interpreter does", async (_what, src) => {
    const interpreted = await new Session().evaluate(src, { file: "p.clj" });
    const frozen = freeze(src);
    if (frozen instanceof PtcError) throw frozen;
    const r = await new Session().evaluateFrozen(frozen);
    expect(interpreted.ok).toBe(false);
    expect(outcome(r)).toEqual(outcome(interpreted));
    expect(r.ok ? null : r.error.span?.line).toBe(2);
  });

  it(
    "agree with the interpreter on generated programs",
    async () => {
      await fc.assert(
        fc.asyncProperty(programs, async (src) => {
          const interpreted = await new Session().evaluate(src, { file: "p.clj" });
          const frozen = freeze(src);
          if (frozen instanceof PtcError) {
            expect(interpreted.ok ? null : [interpreted.error.kind, interpreted.error.message], src).toEqual([
              frozen.kind,
              frozen.message,
            ]);
            return;
          }
          expect(outcome(await new Session().evaluateFrozen(frozen)), src).toEqual(outcome(interpreted));
        }),
        { numRuns: RUNS },
      );
    },
    Math.max(60_000, RUNS * 200),
  );

  it.each([
    "nil",
    "true",
    "-7",
    "2.5",
    "2.0",
    "-0.0",
    "##NaN",
    "##Inf",
    "##-Inf",
    '"a\\u2028b"',
    "\\a",
    ":k",
    ":ns/k",
    "'sym",
    "'ns/sym",
    '#"a+(b)?"',
    "'(1 (2 x) [3])",
    "'()",
    '{:a 1 "b" [2] 3 #{4}}',
    '#{1 :a "c"}',
    "[]",
  ])("the constant %s survives its data form through JSON", (text) => {
    const v = formToValue(
      read(text).forms[0]!.kind === "list" && text.startsWith("'")
        ? (read(text).forms[0] as { items: readonly ptcc.Form[] }).items[1]!
        : read(text).forms[0]!,
    );
    const back = decodeValue(JSON.parse(JSON.stringify(encodeValue(v))) as FrozenValue);
    expect(prStr(null, back)).toBe(prStr(null, v));
  });

  it("host data survives its data form (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (x) => {
        const v = fromHost(x);
        const back = decodeValue(JSON.parse(JSON.stringify(encodeValue(v))) as FrozenValue);
        expect(prStr(null, back)).toBe(prStr(null, v));
      }),
      { numRuns: 200 },
    );
  });

  it("a var constant stays a name until the run gives its var; builtins go by name", () => {
    expect(encodeValue(new Var("total"))).toEqual({ var: "total" });
    expect(decodeValue({ var: "total" })).toBeInstanceOf(VarName);
    const inc = ptcc.REGISTRY.get("inc")!.value;
    expect(encodeValue(inc)).toEqual({ builtin: "clojure.core/inc" });
    expect(decodeValue({ builtin: "clojure.core/inc" })).toBe(inc);
    expect(() => decodeValue({ builtin: "clojure.core/no-such" })).toThrow(/does not have/);
  });
});
