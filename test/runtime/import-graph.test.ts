/**
 * The runtime does not depend on the compiler: src/runtime imports nothing from ANTLR,
 * yargs, ts-morph or prettier, and nothing from the reader, analyzer, evaluator or CLI.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [
    ...text.matchAll(/^\s*(?:import|export)[^'"]*?from\s+["']([^"']+)["']/gm),
    ...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
}

describe("import graph", () => {
  const runtime = files(join(SRC, "runtime"));
  it("finds the runtime's files", () => {
    expect(runtime.length).toBeGreaterThan(10);
  });
  it.each(runtime.map((f) => [relative(SRC, f)]))("%s imports only the runtime, diagnostics and node", (rel) => {
    for (const spec of imports(join(SRC, rel))) {
      expect(spec, `${rel} imports ${spec}`).not.toMatch(/antlr4ng|antlr-ng|yargs|ts-morph|prettier/);
      expect(spec, `${rel} imports ${spec}`).not.toMatch(/\/(reader|analyzer|evaluator|cli|generated)\//);
    }
  });
  it("the analyzer does not import the evaluator or the CLI", () => {
    for (const f of files(join(SRC, "analyzer"))) {
      for (const spec of imports(f))
        expect(spec, `${relative(SRC, f)} imports ${spec}`).not.toMatch(/\/(evaluator|cli)\//);
    }
  });
});
