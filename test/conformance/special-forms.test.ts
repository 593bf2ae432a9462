/**
 * Differential tests of PTC-Lisp's special forms: every case of special-forms.cases.ts runs
 * in ptcc and in nbb (ClojureScript) and must print the same value, in canonical form (or
 * fail in both). Cases marked `differs` check ptcc alone; cases marked `bug` are skipped.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { canonical, compareWithNbb, describe as describeComparison, loadNbb, nbbEval, ptccEval } from "./oracle.js";
import { CASES, type ConformanceCase } from "./special-forms.cases.js";

beforeAll(async () => {
  await loadNbb();
});

function checkAlone(c: ConformanceCase): void {
  const r = ptccEval(c.program);
  const got = r.ok ? r.printed : `ERROR [${r.kind}] ${r.message}`;
  if (c.expectError !== undefined) {
    expect(r.ok ? null : r.kind, `${c.program}\nptcc: ${got}`).toBe(c.expectError);
  } else {
    expect(got, c.program).toBe(c.expected);
  }
  if (c.expectedOutput !== undefined) {
    expect(r.ok ? r.output : null, `${c.program}\nptcc output`).toEqual(c.expectedOutput);
  }
}

async function checkAgainstNbb(c: ConformanceCase): Promise<void> {
  const cmp = await compareWithNbb(c.program, { compareOutput: c.ignoreOutput === undefined });
  const message = describeComparison(cmp);
  expect(cmp.verdict, message).toMatch(/^(same|both error)$/);
  if (cmp.verdict === "both error" && c.ptccError !== undefined && !cmp.ptcc.ok) {
    expect(cmp.ptcc.kind, message).toBe(c.ptccError);
  }
}

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

describe("special forms agree with Clojure (nbb)", () => {
  it("case names are unique and markings consistent", () => {
    const names = new Set<string>();
    for (const c of CASES) {
      expect(names.has(c.name), `duplicate case name ${c.name}`).toBe(false);
      names.add(c.name);
      if (c.differs !== undefined) {
        expect(
          (c.expected === undefined) !== (c.expectError === undefined),
          `${c.name}: differs needs expected or expectError`,
        ).toBe(true);
      }
    }
  });

  for (const c of CASES) {
    if (c.bug !== undefined) {
      it.skip(`${c.name} — BUG: ${c.bug}`, () => {});
    } else if (c.differs !== undefined) {
      it(`${c.name} (differs: ${c.differs})`, () => checkAlone(c));
    } else {
      it(c.name, () => checkAgainstNbb(c));
    }
  }
});
