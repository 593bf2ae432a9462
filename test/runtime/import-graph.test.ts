/**
 * The runtime does not depend on the compiler: src/runtime imports nothing from ANTLR,
 * yargs, ts-morph or prettier, and nothing from the reader, analyzer, evaluator or CLI.
 * Nothing that runs agents imports `ptcc compile` (src/compiler), and what a browser
 * bundle reaches from src/browser.ts holds no Node-only module.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
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

/** Imports that load something at run time: `import type` and `typeof import(...)` are left out. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, "utf8")
    .replace(/^\s*(?:import|export)\s+type\s[^;]*?from\s+["'][^"']+["'];?/gm, "")
    .replace(/typeof\s+import\(\s*["'][^"']+["']\s*\)/g, "");
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

  it("nothing that runs agents imports the compiler, ts-morph or prettier", () => {
    const runners = [
      "runtime",
      "evaluator",
      "agent",
      "agent-file",
      "llm",
      "signature",
      "reader",
      "analyzer",
      "queue",
      "bullmq",
    ];
    for (const area of runners) {
      for (const f of files(join(SRC, area))) {
        for (const spec of imports(f)) {
          expect(spec, `${relative(SRC, f)} imports ${spec}`).not.toMatch(/\/compiler\/|^ts-morph|^prettier/);
        }
      }
    }
  });

  it("ptcc/queue loads no optional peer, and ptcc/bullmq loads bullmq and ioredis only by name, when it connects", () => {
    for (const f of files(join(SRC, "queue"))) {
      for (const spec of valueImports(f)) {
        expect(spec, `${relative(SRC, f)} imports ${spec}`).toMatch(/^\.|^node:/);
        expect(spec, `${relative(SRC, f)} imports ${spec}`).not.toMatch(/\/bullmq\//);
      }
    }
    for (const f of files(join(SRC, "bullmq"))) {
      for (const spec of valueImports(f)) expect(spec, `${relative(SRC, f)} imports ${spec}`).toMatch(/^\.|^node:/);
    }
  });

  it("the browser entry reaches no Node-only module", () => {
    const seen = new Set<string>();
    const queue = [join(SRC, "browser.ts")];
    const outside: string[] = [];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of valueImports(file)) {
        if (!spec.startsWith(".")) {
          if (/^node:|^tsx|^ts-morph|^prettier|^yargs/.test(spec))
            outside.push(`${relative(SRC, file)} imports ${spec}`);
          continue;
        }
        const target = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
        if (existsSync(target)) queue.push(target);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(outside).toEqual([]);
    expect([...seen].map((f) => relative(SRC, f)).filter((f) => /^(compiler|cli)\/|^agent-file\/load/.test(f))).toEqual(
      [],
    );
  });
});
