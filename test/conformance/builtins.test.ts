/**
 * Differential tests of the builtins: every case of the builtins-*.cases.ts tables runs in
 * ptcc and in nbb (ClojureScript) and must print the same value in canonical form (or fail
 * in both); `differs` cases check ptcc alone. See case.ts for the markings.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { REGISTRY } from "../../src/index.js";
import { interopName } from "../../src/docs/reference.js";
import { suite } from "./check.js";
import { loadNbb } from "./oracle.js";
import { TABLES } from "./builtins.tables.js";

beforeAll(async () => {
  await loadNbb();
});

for (const [title, cases] of TABLES) suite(title, cases);

describe("the builtin tables span the library", () => {
  const all = TABLES.flatMap(([, cases]) => cases);
  it("have at least 1,500 cases", () => {
    expect(all.length).toBeGreaterThanOrEqual(1500);
  });
  it("exercise every builtin", () => {
    const programs = all.map((c) => c.program).join("\n");
    // Interop names are written as programs write them: `Math.floor` as `Math/floor`.
    const written = (d: (typeof REGISTRY.all)[number]): string =>
      d.ns === "ptc.interop" ? interopName(d.name) : d.name;
    const missing = REGISTRY.all
      .filter((d) => d.ns !== "ptc.internal")
      .filter((d) => !new RegExp(`[\\s(\\[{#'/.]${escape(written(d))}[\\s)\\]}]`).test(programs))
      .map((d) => d.qualified);
    expect(missing).toEqual([]);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
