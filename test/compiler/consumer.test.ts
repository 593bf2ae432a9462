/**
 * The generated modules in an application's project: tsc (the repo's, 7) checks the
 * fixture's consumer files against the built package (`ptcc` resolves to dist/, as in an
 * application) with strict settings — `strict`, `exactOptionalPropertyTypes`,
 * `noUncheckedIndexedAccess` — once with `module`/`moduleResolution` nodenext and once with
 * esnext/bundler. consumer.ts must compile; every `@ts-expect-error` of consumer-misuse.ts
 * must still be an error, and without the directives each of them is reported.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const FIXTURE = join(__dirname, "fixture");
const TSC = join(ROOT, "node_modules", ".bin", "tsc");
const dir = mkdtempSync(join(tmpdir(), "ptcc-consumer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Setting = "nodenext" | "bundler" | "strictest";

function tsc(name: string, files: readonly string[], resolution: Setting): string {
  const config = join(dir, `${name}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      // @tsconfig/strictest (a pinned development dependency): noPropertyAccessFromIndexSignature,
      // noUnusedLocals and the rest, over nodenext.
      ...(resolution === "strictest"
        ? { extends: join(ROOT, "node_modules", "@tsconfig", "strictest", "tsconfig.json") }
        : {}),
      compilerOptions: {
        target: "es2022",
        lib: ["es2023", "dom"],
        module: resolution === "bundler" ? "esnext" : "nodenext",
        moduleResolution: resolution === "bundler" ? "bundler" : "nodenext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noImplicitOverride: true,
        noImplicitReturns: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files,
    }),
  );
  try {
    execFileSync(TSC, ["-p", config], { cwd: dir, encoding: "utf8", stdio: "pipe", timeout: 60_000 });
    return "";
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string; message: string };
    return `${out.stdout ?? ""}${out.stderr ?? ""}` || out.message;
  }
}

describe.each(["nodenext", "bundler", "strictest"] as const)("generated modules under %s settings", (resolution) => {
  it("the consumer type-checks and each misuse is an error", () => {
    expect(
      tsc(`ok-${resolution}`, [join(FIXTURE, "consumer.ts"), join(FIXTURE, "consumer-misuse.ts")], resolution),
    ).toBe("");
  });

  it("without @ts-expect-error, every misuse is reported", () => {
    const text = readFileSync(join(FIXTURE, "consumer-misuse.ts"), "utf8");
    const directives = text.split("\n").filter((l) => /^\s*\/\/ @ts-expect-error/.test(l)).length;
    const stripped = join(FIXTURE, `.misuse-${resolution}.ts`);
    writeFileSync(stripped, text.replace(/\/\/ @ts-expect-error.*/g, "// (expected)"));
    try {
      const out = tsc(`bad-${resolution}`, [stripped], resolution);
      const errorLines = new Set(out.split("\n").flatMap((l) => /\.misuse-\w+\.ts\((\d+),/.exec(l)?.[1] ?? []));
      expect(errorLines.size).toBe(directives);
    } finally {
      rmSync(stripped, { force: true });
    }
  });
});
