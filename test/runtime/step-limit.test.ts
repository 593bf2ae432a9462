/** Running out of steps is recognised by the error's marker, not by its wording. */
import { describe, expect, it } from "vitest";
import { PtcError } from "../../src/diagnostics/error.js";
import { Budget, isStepLimit, walkLimitError } from "../../src/runtime/budget.js";
import { fromHost } from "../../src/runtime/convert.js";

describe("the step limit", () => {
  it("is recognised by its marker", () => {
    expect(isStepLimit(walkLimitError(10))).toBe(true);
    expect(isStepLimit(new PtcError({ kind: "limit", message: "step limit exceeded: worded the same" }))).toBe(false);
    expect(isStepLimit(new Error("step limit exceeded"))).toBe(false);
  });

  it("a conversion out of steps says the data is too large", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i }));
    expect(() => fromHost(rows, { meter: new Budget(100, 5_000) })).toThrow(
      /^the data is too large to convert: step limit/,
    );
  });
});
