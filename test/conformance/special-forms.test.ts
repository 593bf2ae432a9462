/**
 * Differential tests of PTC-Lisp's special forms: every case of special-forms.cases.ts runs
 * in ptcc and in nbb (ClojureScript) and must print the same value, in canonical form (or
 * fail in both). Cases marked `differs` check ptcc alone; cases marked `bug` are skipped.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { compareWithNbb, describe as describeComparison, loadNbb, ptccEval } from "./oracle.js";
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
