/**
 * One corpus through both compilation tiers: every conformance case (the nbb differential
 * tables of special forms and builtins) and every builtin's documented example must give
 * the same value or error (with its position), output, warnings and step count whether
 * its forms run as generated JavaScript, as closures, or as closures handed over to
 * generated code mid-way (the "auto" tier, switching as early as it can). And the
 * generator must handle every form of the corpus itself (no silent fallback to closures).
 */
import { describe, expect, it } from "vitest";
import { REGISTRY } from "../../src/index.js";
import { emitForm } from "../../src/evaluator/codegen/generate.js";
import { TABLES } from "../conformance/builtins.tables.js";
import { CASES } from "../conformance/special-forms.cases.js";
import { analyzed, bothTiers } from "./tiers.js";

const CORPUS: readonly string[] = [
  ...CASES.map((c) => c.program),
  ...TABLES.flatMap(([, cases]) => cases.map((c) => c.program)),
  ...REGISTRY.all.flatMap((d) => d.examples.map((e) => e.code)),
];

describe("the corpus through both tiers", () => {
  it("is the whole corpus", () => {
    expect(CORPUS.length).toBeGreaterThan(4000);
  });

  it("gives identical values, errors, positions, output and steps", () => {
    const differ: string[] = [];
    for (const program of CORPUS) {
      const { generated, closures, tieredUp } = bothTiers(program);
      const c = JSON.stringify(closures);
      if (JSON.stringify(generated) !== c || JSON.stringify(tieredUp) !== c) {
        differ.push(
          `${program}\n  generated: ${JSON.stringify(generated)}\n  tiered up: ${JSON.stringify(tieredUp)}\n  closures:  ${c}`,
        );
      }
    }
    expect(differ.slice(0, 10).join("\n")).toBe("");
  });

  it("generates every form of it", () => {
    const failed: string[] = [];
    let forms = 0;
    for (const program of CORPUS) {
      for (const node of analyzed(program) ?? []) {
        forms++;
        try {
          new Function("K", "S", "D", "V", "M", "H", emitForm(node).source);
        } catch (e) {
          failed.push(`${program}: ${String(e)}`);
        }
      }
    }
    expect(forms).toBeGreaterThan(4000);
    expect(failed.slice(0, 10)).toEqual([]);
  });
});

describe("programs where the tiers once differed", () => {
  const programs: [string, string][] = [
    // A rest of a vector pattern shares the vector's array: a later conj must not reach it.
    [
      "[& r] of a vector, then conj",
      "(defn f [v] (let [[& r] v] (count (mapv (fn [x] (conj v 9) x) r)))) (mapv (fn [i] (f (conj [0] i))) (range 8))",
    ],
    [
      "[a & r] of a vector, then conj",
      "(defn g [v] (let [[a & r] v] (conj v 1) (vec r))) (mapv (fn [i] (g [i 1 2])) (range 6))",
    ],
    // Error messages made by the same function in both tiers (shortened alike).
    ["case of a large value", "(case (vec (range 100000)) 1 2)"],
    ["fail of a long string", '(fail (apply str (repeat 5000 "x")))'],
  ];
  it.each(programs)("%s", (_name, program) => {
    const { generated, closures, tieredUp } = bothTiers(program);
    expect(generated).toEqual(closures);
    expect(tieredUp).toEqual(closures);
  });
});

describe("errors of walking a form's collection or keys point at it, in both tiers", () => {
  const programs: [string, string][] = [
    ["(let [c 5] (doseq [x c] x))", "1:22"],
    ["(let [c 5] (for [x c] x))", "1:20"],
    ["(let [x (range)] (case x 1 2))", "1:18"],
    ["(let [c (range)] #{c})", "1:18"],
    ["(let [c (range)] {c 1})", "1:18"],
  ];
  it.each(programs)("%s at %s", (program, position) => {
    const { generated, closures, tieredUp } = bothTiers(program);
    expect(closures.result).toContain(` at ${position}`);
    expect(generated).toEqual(closures);
    expect(tieredUp).toEqual(closures);
  });
});
