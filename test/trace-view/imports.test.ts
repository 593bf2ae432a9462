/**
 * What the trace view may import. The page's script (page/client.ts) is embedded as its
 * source text, so it may import types only: a value it imported would not exist in the
 * page. The rest reads events and renders them: it does not reach the evaluator, the
 * compiler, or the agent loop.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..", "..", "src");
const VIEW = join(SRC, "trace-view");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The specifiers of imports that load something at run time (`import type` left out). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/^\s*(?:import|export)\s+type\s[^;]*?from\s+["'][^"']+["'];?/gm, "");
  return [
    ...text.matchAll(/^\s*(?:import|export)[^'"]*?from\s+["']([^"']+)["']/gm),
    ...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
}

describe("the trace view's imports", () => {
  it("the page's script imports no values", () => {
    expect(valueImports(join(VIEW, "page", "client.ts"))).toEqual([]);
    expect(valueImports(join(VIEW, "page", "dom.ts"))).toEqual([]);
  });

  it.each(files(VIEW).map((f) => [relative(SRC, f)]))(
    "%s reaches only events, the firewall and small helpers",
    (rel) => {
      for (const spec of valueImports(join(SRC, rel))) {
        expect(spec, `${rel} imports ${spec}`).not.toMatch(
          /\/(evaluator|compiler|reader|analyzer|agent-file|generated)\/|\/loop\.js$/,
        );
        expect(spec, `${rel} imports ${spec}`).not.toMatch(/^(antlr4ng|yargs|ts-morph|prettier|tsx)/);
      }
    },
  );
});
