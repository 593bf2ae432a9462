/**
 * The agent runtime's compiled validators (src/signature/compiled.ts: compileValidator's
 * JavaScript turned into functions) give exactly what the interpreter gives, in every
 * mode, for random signatures and values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkInput, checkOutput } from "../../src/signature/compiled.js";
import { validate, validateAndCoerce } from "../../src/signature/validate.js";
import type { ValidationMode } from "../../src/runtime/validation.js";
import { inputFor, signatureArb, valueFor } from "./arbitraries.js";

const modeArb = fc.constantFrom<ValidationMode>("enabled", "strict", "warn_only", "disabled");

describe("compiled validators", () => {
  it("outputs: the same result as validate (property)", () => {
    fc.assert(
      fc.property(
        signatureArb.chain((sig) => fc.tuple(fc.constant(sig), valueFor(sig.output), modeArb)),
        ([sig, value, mode]) => {
          expect(checkOutput(sig, value, mode)).toEqual(validate(sig, value, { mode }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("inputs: the same result as validateAndCoerce, coerced values included (property)", () => {
    fc.assert(
      fc.property(
        signatureArb.chain((sig) => fc.tuple(fc.constant(sig), inputFor(sig), modeArb)),
        ([sig, value, mode]) => {
          expect(checkInput(sig, value, mode)).toEqual(validateAndCoerce(sig, value, { mode }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("works on a hand-built signature object", () => {
    const sig = { params: [], output: { kind: "primitive", name: "int", optional: false } } as const;
    expect(checkOutput(sig, 1).ok).toBe(true);
    expect(checkOutput(sig, "x").errors[0]?.message).toBe('expected int, got string "x"');
  });
});
