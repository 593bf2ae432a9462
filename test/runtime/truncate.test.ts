import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromHost } from "../../src/runtime/convert.js";
import { prStr } from "../../src/runtime/printer.js";
import { truncateValue } from "../../src/runtime/truncate.js";
import { PVector } from "../../src/runtime/vector.js";
import { PMap } from "../../src/runtime/map.js";

describe("truncateValue (for *1 *2 *3)", () => {
  it("returns a value that fits as it is", () => {
    const v = fromHost({ a: [1, 2, 3] });
    expect(truncateValue(v, 100)).toBe(v);
  });

  it.each([
    [Array.from({ length: 100 }, (_, i) => i), 30, "[0 1 2 3 4 5 6 7 8 9 10 11 12]"],
    ["x".repeat(50), 12, '"xxxxxxx..."'],
    [{ a: "x".repeat(40), b: 2 }, 20, '{"a" "xxxxxxxxx..."}'],
  ])("%j to %i characters", (host, max, printed) => {
    expect(prStr(null, truncateValue(fromHost(host), max))).toBe(printed);
  });

  it("keeps the kind: vectors stay vectors, maps stay maps, seqs become vectors", () => {
    expect(truncateValue(fromHost(Array.from({ length: 500 }, (_, i) => i)), 50)).toBeInstanceOf(PVector);
    expect(truncateValue(fromHost({ k: "y".repeat(500) }), 50)).toBeInstanceOf(PMap);
  });

  it("the result is never much longer than asked (property)", () => {
    const json = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.array(tie("v"), { maxLength: 20 }),
        fc.dictionary(fc.string({ maxLength: 5 }), tie("v"), { maxKeys: 8 }),
      ),
    })).v;
    fc.assert(
      fc.property(json, fc.integer({ min: 8, max: 400 }), (host, max) => {
        const out = prStr(null, truncateValue(fromHost(host), max));
        // A number or a key longer than the budget is kept whole; otherwise it fits.
        expect(out.length).toBeLessThanOrEqual(Math.max(max, 40) + 40);
      }),
    );
  });
});
