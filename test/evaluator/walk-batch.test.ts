/** Walks gathered into one watchdog stretch: each gets its result, a stopped walk fails alone. */
import { describe, expect, it } from "vitest";
import { PtcError } from "../../src/diagnostics/error.js";
import { WalkBatch } from "../../src/evaluator/walk-batch.js";

describe("WalkBatch", () => {
  it("runs the walks asked for together and gives each its own result or error", async () => {
    const batch = new WalkBatch();
    const results = await Promise.allSettled([
      batch.walk(() => 1),
      batch.walk(() => {
        throw new Error("bad value");
      }),
      batch.walk(() => "three"),
    ]);
    expect(results[0]).toEqual({ status: "fulfilled", value: 1 });
    expect(results[1]).toMatchObject({ status: "rejected", reason: expect.any(PtcError) });
    expect(results[2]).toEqual({ status: "fulfilled", value: "three" });
  });

  it("a walk the watchdog stops fails alone: the walks after it still run", async () => {
    const batch = new WalkBatch();
    const t0 = performance.now();
    const results = await Promise.allSettled([
      batch.walk(() => "before", { ms: 50 }),
      batch.walk(
        () => {
          // Never yields and never spends its budget: only the watchdog stops it.
          for (;;);
        },
        { ms: 50 },
      ),
      batch.walk(() => "after", { ms: 50 }),
    ]);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(results[0]).toEqual({ status: "fulfilled", value: "before" });
    expect(results[1]).toMatchObject({ status: "rejected", reason: { kind: "timeout" } });
    expect(results[2]).toEqual({ status: "fulfilled", value: "after" });
  });
});
