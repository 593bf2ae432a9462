/**
 * Differential tests of PTC-Lisp's special forms: every case of special-forms.cases.ts runs
 * in ptcc and in nbb (ClojureScript) and must print the same value, in canonical form (or
 * fail in both). Cases marked `differs` check ptcc alone; cases marked `bug` are skipped.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { suite } from "./check.js";
import { canonical, compareWithNbb, loadNbb, nbbEval } from "./oracle.js";
import { CASES } from "./special-forms.cases.js";

beforeAll(async () => {
  await loadNbb();
});

describe("oracle harness", () => {
  it("canonical erases int/float, char/string and map/set order", () => {
    expect(canonical("[2.0 \\a {:b 1, :a 2} #{3 1 2}]")).toBe(canonical('[2 "a" {:a 2 :b 1} #{1 2 3}]'));
    expect(canonical("[##NaN ##Inf ##-Inf -0.0]")).toBe("[##NaN ##Inf ##-Inf 0]");
    expect(canonical("#'conf-case-3/x")).toBe(canonical("#'x"));
  });

  it("canonical keeps lists, vectors, strings and symbols apart", () => {
    expect(canonical("(1 2)")).not.toBe(canonical("[1 2]"));
    expect(canonical('"a"')).not.toBe(canonical("a"));
    expect(canonical(":a")).not.toBe(canonical("a"));
    expect(canonical("{:a [1]}")).not.toBe(canonical("{:a (1)}"));
    expect(canonical("#object[Function]")).toBe("#<unreadable #object[Function]>");
  });

  it("nbbEval runs each program in a fresh namespace and prints the last value", async () => {
    expect(await nbbEval("(def x 1) (defn f [y] (+ x y)) (f 2)")).toEqual({ ok: true, printed: "3", output: [] });
    const fresh = await nbbEval("(resolve 'f)");
    expect(fresh).toEqual({ ok: true, printed: "nil", output: [] });
    expect(await nbbEval('(println "a" 1) (str/upper-case "x")')).toEqual({
      ok: true,
      printed: '"X"',
      output: ["a 1"],
    });
    expect((await nbbEval("(nth [] 3)")).ok).toBe(false);
  });

  it("compareWithNbb reports agreement and disagreement", async () => {
    expect((await compareWithNbb("(* 1.0 2)")).verdict).toBe("same");
    expect((await compareWithNbb("(str 1.0)")).verdict).toBe("value differs");
    expect((await compareWithNbb("(inc nil)")).verdict).toBe("only ptcc error");
    expect((await compareWithNbb("(nth [] 1)")).verdict).toBe("both error");
    expect((await compareWithNbb("(prn \\a)")).verdict).toBe("output differs");
  });
});

suite("special forms agree with Clojure (nbb)", CASES);
