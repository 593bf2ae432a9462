/**
 * The generated validators must agree with the interpreter exactly: same verdict, same
 * issues in the same order, same coerced value (deeply, and the same object when nothing
 * changed), in every mode, for random signatures and values.
 */
import { transformSync } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as runtime from "../../src/runtime/index.js";
import type { ValidationMode, ValidationResult } from "../../src/runtime/validation.js";
import { compileValidator, type CompileValidatorOptions } from "../../src/signature/compile-validator.js";
import { parseSignature } from "../../src/signature/parse.js";
import type { Signature } from "../../src/signature/types.js";
import { validate, validateAndCoerce } from "../../src/signature/validate.js";
import { inputFor, signatureArb, valueFor } from "./arbitraries.js";

type Check = (value: unknown, mode?: ValidationMode) => ValidationResult;

/** Compile the generated TypeScript and load it with the runtime as `$v`. */
function load(sig: Signature | string, options: CompileValidatorOptions): Check {
  const ts = compileValidator(sig, { ...options, name: "check", exported: false });
  const js = transformSync(`${ts}\nreturn check;`, { loader: "ts" }).code;
  return new Function("$v", js)(runtime) as Check;
}

/**
 * A structural picture of a value: key order, prototypes and boxed floats included.
 * (toStrictEqual compares `.constructor`, which random maps may have as a key.)
 */
function canon(v: unknown): unknown {
  if (Array.isArray(v)) return ["list", ...v.map(canon)];
  if (v instanceof runtime.PtcFloat) return ["float", v.value];
  if (v instanceof runtime.Keyword) return ["keyword", v.fqn];
  if (v !== null && typeof v === "object") {
    const proto = Object.getPrototypeOf(v) === null ? "null" : "object";
    return ["map", proto, ...Object.keys(v).map((k) => [k, canon((v as Record<string, unknown>)[k])])];
  }
  return v === undefined ? ["undefined"] : v;
}

const MODES: ValidationMode[] = ["enabled", "strict", "warn_only", "disabled"];

function interpreted(sig: Signature, value: unknown, part: "input" | "output", coerce: boolean, mode: ValidationMode) {
  return (coerce ? validateAndCoerce : validate)(sig, value, { part, mode });
}

function agree(sig: Signature, part: "input" | "output", coerce: boolean, values: unknown[]): void {
  const check = load(sig, { part, coerce });
  for (const v of values) {
    for (const mode of MODES) {
      const a = check(v, mode);
      const b = interpreted(sig, v, part, coerce, mode);
      expect(a.ok).toBe(b.ok);
      expect(a.errors).toEqual(b.errors);
      expect(a.warnings).toEqual(b.warnings);
      expect(canon(a.value)).toEqual(canon(b.value));
      // Copy on write: unchanged values come back as the same object.
      expect(a.value === v).toBe(b.value === v);
    }
  }
}

describe("generated validators", () => {
  it("agree with the interpreter on random output signatures and values", () => {
    fc.assert(
      fc.property(
        signatureArb.chain((sig) =>
          fc.tuple(fc.constant(sig), fc.array(valueFor(sig.output), { minLength: 1, maxLength: 6 }), fc.boolean()),
        ),
        ([sig, values, coerce]) => agree(sig, "output", coerce, values),
      ),
      { numRuns: 300 },
    );
  });

  it("agree with the interpreter on random parameters and inputs", () => {
    fc.assert(
      fc.property(
        signatureArb.chain((sig) =>
          fc.tuple(fc.constant(sig), fc.array(inputFor(sig), { minLength: 1, maxLength: 6 }), fc.boolean()),
        ),
        ([sig, values, coerce]) => agree(sig, "input", coerce, values),
      ),
      { numRuns: 300 },
    );
  });

  it("agree on the seed's examples", () => {
    const sig = parseSignature("(id :int, name :string) -> {count :int, items [:string]}");
    agree(sig, "input", true, [{ id: "42", name: "Alice" }, { id: "x" }, null, [1], { id: 1, name: "a", extra: 1 }]);
    agree(sig, "output", false, [{ count: 5, items: ["a", "b"] }, { count: "5", items: [1] }, { items: [] }]);
  });

  it("are straight-line code: no signature text is interpreted at run time", () => {
    const src = compileValidator("{id :int, tags [:string]}");
    expect(src).not.toMatch(/parseSignature|SigType|"kind"/);
    expect(src).toContain('$v.typeIssue("id", "int", ');
    expect(src).toMatch(/for \(let i\d+ = 0;/);
  });

  it("use only what ptcc/runtime exports", () => {
    const src = [
      compileValidator("(a :int, b :float?, c :bool, k :keyword, f :fn, m :map, was_it :any) -> [{constructor :int}]", {
        part: "input",
      }),
      compileValidator("[{x [:float], was_it {y :bool}}]", { coerce: true }),
    ].join("\n");
    const used = new Set([...src.matchAll(/\$v\.([A-Za-z]+)/g)].map((m) => m[1]!));
    const types = new Set(["ValidationMode", "ValidationResult", "ValidationIssue", "Meter"]);
    for (const name of used) {
      if (!types.has(name)) expect(runtime, `ptcc/runtime exports ${name}`).toHaveProperty(name);
    }
    expect(used.size).toBeGreaterThan(15);
  });

  it("type-check and export what was asked", () => {
    const src = compileValidator("(q :string) -> :int", {
      name: "checkInput",
      part: "input",
      valueType: "{ q: string }",
    });
    expect(
      src.startsWith(
        'export function checkInput(value: unknown, mode: $v.ValidationMode = "enabled", meter: $v.Meter = $v.defaultMeter()): $v.ValidationResult<{ q: string }> {',
      ),
    ).toBe(true);
    expect(() => compileValidator(":int", { name: "no good" })).toThrow(/not a function name/);
  });
});
