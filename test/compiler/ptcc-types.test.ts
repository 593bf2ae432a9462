/**
 * The declarations `ptcc compile` gives tool modules for `ptcc` (src/compiler/ptcc-types.ts)
 * stay equal to the real ones: tsc checks that each is assignable both ways.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PTCC_TYPES } from "../../src/compiler/ptcc-types.js";

const ROOT = join(__dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "ptcc-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the declarations tool modules see while compiling", () => {
  it("are the package's own", () => {
    writeFileSync(join(dir, "stub.d.ts"), PTCC_TYPES);
    const real = JSON.stringify(join(ROOT, "src", "index.js"));
    writeFileSync(
      join(dir, "check.ts"),
      [
        'import type * as Stub from "./stub.js";',
        `import type * as Real from ${real};`,
        "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
        "type Expect<T extends true> = T;",
        "export type C1 = Expect<Same<Stub.ToolContext, Real.ToolContext>>;",
        "export type C2 = Expect<Same<Stub.ToolFn, Real.ToolFn>>;",
        "export type C3 = Expect<Same<Stub.TypedToolFn<{ a: number }, string>, Real.TypedToolFn<{ a: number }, string>>>;",
        "export type C4 = Expect<Same<Stub.FnLabel, Real.FnLabel>>;",
        "export type C5 = Expect<Same<Stub.Json, Real.Json>>;",
        "export type C6 = Expect<Same<Pick<Stub.PtcFn, 'name' | 'toJSON'>, Pick<Real.PtcFn, 'name' | 'toJSON'>>>;",
        "",
      ].join("\n"),
    );
    let out = "";
    try {
      execFileSync(
        join(ROOT, "node_modules", ".bin", "tsc"),
        [
          "--noEmit",
          "--strict",
          "--ignoreConfig",
          "--module",
          "nodenext",
          "--skipLibCheck",
          "--lib",
          "es2023,dom",
          "--typeRoots",
          join(ROOT, "node_modules", "@types"),
          "--types",
          "node",
          join(dir, "check.ts"),
        ],
        { cwd: dir, encoding: "utf8", stdio: "pipe", timeout: 60_000 },
      );
    } catch (e) {
      const x = e as { stdout?: string; stderr?: string };
      out = `${x.stdout ?? ""}${x.stderr ?? ""}`;
    }
    expect(out).toBe("");
  });
});
