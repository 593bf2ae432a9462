/**
 * A sample of the fuzzing `npm run fuzz` does at length (issue 13): random programs from
 * the grammar and the registry, with hostile values, tool answers and inputs, must each
 * end within their deadline + 100 ms with a value or a typed error that is not
 * `internal`, and leave Object.prototype as it was; every builtin over hostile arguments
 * must give a value within the limits or such an error.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineBuiltins } from "../../src/runtime/builtins/registry.js";
import { PVector } from "../../src/runtime/vector.js";
import { overLimit, probeCall, sweepBuiltins } from "./builtin-sweep.js";
import { FUZZ_LIMITS } from "./hostile-values.js";
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

  it("the sweep's judge tells what goes wrong (so that a clean sweep means something)", () => {
    const [broken, big, slow] = defineBuiltins([
      { name: "broken", arglists: ["[x]"], doc: "", examples: [], f1: () => (null as unknown as { a: number }).a },
      { name: "big", arglists: ["[x]"], doc: "", examples: [], f1: () => PVector.of(new Array(500).fill(1)) },
      {
        name: "slow",
        arglists: ["[x]"],
        doc: "",
        examples: [],
        f1: () => {
          for (;;);
        },
      },
    ]);
    expect(probeCall(broken!, [1], FUZZ_LIMITS).outcome).toBe("internal");
    expect(probeCall(big!, [1], FUZZ_LIMITS)).toEqual({ outcome: "over-limit", detail: "a vector of 500 items" });
    expect(probeCall(slow!, [1], { ...FUZZ_LIMITS, timeoutMs: 50 }).outcome).toBe("error");
    expect(overLimit("x".repeat(3000), FUZZ_LIMITS)).toBe("a string of 3000 characters");
  });

  it("every builtin over hostile arguments", () => {
    const stats = sweepBuiltins({ seed: 13, perArity: 4, everyUnary: false });
    expect(stats.findings).toEqual([]);
    expect(stats.calls).toBeGreaterThan(2_000);
  }, 120_000);
});
