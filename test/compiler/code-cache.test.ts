/**
 * The code caches of `ptcc compile` (src/compiler/code-cache.ts): a module loads as `require`
 * would load it, from its V8 cache in a later process, never from the cache of another
 * content (even of the same length, which V8 alone would accept), and a corrupt cache only
 * costs time. The content hashes kept by file identity are used only while it holds.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { cacheKey, codeCache, contentHash, saveCodeCaches } from "../../src/compiler/code-cache.js";

const ROOT = join(__dirname, "..", "..");
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), "ptcc-code-cache-"));
  made.push(d);
  return d;
}

/** Load `file` in a fresh process through the built code-cache.js: its exports' `v`, and whether V8 took the cache. */
function loadInChild(file: string, cacheDir: string): { v: unknown; fromCache: boolean } {
  const lib = pathToFileURL(join(ROOT, "dist", "compiler", "code-cache.js")).href;
  const script = `
    const { codeCache, requireCached, saveCodeCaches } = await import(${JSON.stringify(lib)});
    const cache = codeCache(${JSON.stringify(cacheDir)});
    const m = requireCached(${JSON.stringify(file)}, cache);
    process.stdout.write(JSON.stringify({ v: m.v, fromCache: cache.pending.length === 0 }));
    saveCodeCaches(cache);`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as { v: unknown; fromCache: boolean };
}

const MODULE = (v: number): string =>
  `"use strict";\nconst helper = require("./helper.cjs");\nmodule.exports = { v: helper(${v}) };\n`;

describe("requireCached", () => {
  it("loads a module, then from its cache; another content of the same length never meets that cache", () => {
    const dir = folder();
    const cacheDir = join(dir, "cache");
    writeFileSync(join(dir, "helper.cjs"), "module.exports = (x) => x * 10;\n");
    const file = join(dir, "mod.cjs");
    writeFileSync(file, MODULE(1));
    expect(loadInChild(file, cacheDir)).toEqual({ v: 10, fromCache: false });
    expect(readdirSync(cacheDir).filter((f) => f.endsWith(".v8"))).toHaveLength(1);
    expect(loadInChild(file, cacheDir)).toEqual({ v: 10, fromCache: true });
    // Same length, other text: V8's own check (the source's length) would take the old cache.
    writeFileSync(file, MODULE(2));
    expect(loadInChild(file, cacheDir)).toEqual({ v: 20, fromCache: false });
    expect(loadInChild(file, cacheDir)).toEqual({ v: 20, fromCache: true });
  });

  it("a corrupt cache is rejected silently and written again", () => {
    const dir = folder();
    const cacheDir = join(dir, "cache");
    writeFileSync(join(dir, "helper.cjs"), "module.exports = (x) => x + 1;\n");
    const file = join(dir, "mod.cjs");
    writeFileSync(file, MODULE(41));
    loadInChild(file, cacheDir);
    const [v8] = readdirSync(cacheDir).filter((f) => f.endsWith(".v8"));
    writeFileSync(join(cacheDir, v8!), "not a code cache");
    expect(loadInChild(file, cacheDir)).toEqual({ v: 42, fromCache: false });
    expect(loadInChild(file, cacheDir)).toEqual({ v: 42, fromCache: true });
  });
});

describe("contentHash", () => {
  it("uses a recorded hash while the file keeps its identity, and hashes again once it changes", () => {
    const dir = folder();
    const file = join(dir, "big.js");
    writeFileSync(file, "a".repeat(1000));
    const later = Date.now() + 60_000;
    const first = codeCache(dir);
    expect(contentHash(file, first, undefined, later)).toBe(cacheKey([Buffer.from("a".repeat(1000))]));
    saveCodeCaches(first);
    // A forged record for the same identity is believed (that is the point of recording)...
    const forged = codeCache(dir);
    contentHash(file, forged, undefined, later);
    forged.hashes!.set(file, { ...forged.hashes!.get(file)!, hash: "recorded" });
    expect(contentHash(file, forged, undefined, later)).toBe("recorded");
    // ...but not once the file is written again (its times change), however alike.
    writeFileSync(file, "b".repeat(1000));
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(contentHash(file, forged, undefined, later)).toBe(cacheKey([Buffer.from("b".repeat(1000))]));
  });

  it("does not record the hash of a file changed in the last seconds (it may change again unseen)", () => {
    const dir = folder();
    const file = join(dir, "fresh.js");
    writeFileSync(file, "x");
    const cache = codeCache(dir);
    expect(contentHash(file, cache)).toBe(cacheKey([Buffer.from("x")]));
    expect(cache.computed.size).toBe(0);
    expect(contentHash(join(dir, "missing.js"), cache)).toBeNull();
  });
});
