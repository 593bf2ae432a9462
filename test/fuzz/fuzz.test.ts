/**
 * A sample of the fuzzing `npm run fuzz` does at length (issue 13): random programs from
 * the grammar and the registry, with hostile values, tool answers and inputs, must each
 * end within their deadline + 100 ms with a value or a typed error that is not
 * `internal`, and leave Object.prototype as it was; every builtin over hostile arguments
 * must give a value within the limits or such an error.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sweepBuiltins } from "./builtin-sweep.js";
import { caseArbitrary, FuzzRunner } from "./run-program.js";

describe("fuzzing (a sample; npm run fuzz runs many more)", () => {
  it("random programs end in time with a value or a typed error", async () => {
    const runner = new FuzzRunner();
    const bad: string[] = [];
    await fc.assert(
      fc.asyncProperty(caseArbitrary(), async (c) => {
        const r = await runner.run(c);
        if (r.outcome !== "ok" && r.outcome !== "error") bad.push(`[${r.outcome}] ${c.program}\n  ${r.detail}`);
        return r.outcome === "ok" || r.outcome === "error";
      }),
      { numRuns: 400, seed: 13, endOnFailure: true },
    );
    expect(bad).toEqual([]);
  }, 120_000);

  it("every builtin over hostile arguments", () => {
    const stats = sweepBuiltins({ seed: 13, perArity: 4, everyUnary: false });
    expect(stats.findings).toEqual([]);
    expect(stats.calls).toBeGreaterThan(2_000);
  }, 120_000);
});
