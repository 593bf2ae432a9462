/** How one conformance case is checked: against nbb, or (for `differs` cases) alone. */
import { describe as describeSuite, expect, it } from "vitest";
import type { ConformanceCase } from "./case.js";
import { compareWithNbb, describe as describeComparison, ptccEval } from "./oracle.js";

export function checkAlone(c: ConformanceCase): void {
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

export async function checkAgainstNbb(c: ConformanceCase): Promise<void> {
  const cmp = await compareWithNbb(c.program, { compareOutput: c.ignoreOutput === undefined });
  const message = describeComparison(cmp);
  expect(cmp.verdict, message).toMatch(/^(same|both error)$/);
  if (cmp.verdict === "both error" && c.ptccError !== undefined && !cmp.ptcc.ok) {
    expect(cmp.ptcc.kind, message).toBe(c.ptccError);
  }
}

/** Register one vitest test per case (skipping `bug` cases), plus a consistency check of the table. */
export function suite(title: string, cases: readonly ConformanceCase[]): void {
  describeSuite(title, () => {
    it("case names are unique and markings consistent", () => {
      const names = new Set<string>();
      for (const c of cases) {
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
    for (const c of cases) {
      if (c.bug !== undefined) it.skip(`${c.name} — BUG: ${c.bug}`, () => {});
      else if (c.differs !== undefined) it(`${c.name} (differs: ${c.differs})`, () => checkAlone(c));
      else it(c.name, () => checkAgainstNbb(c));
    }
  });
}
