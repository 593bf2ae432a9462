#!/usr/bin/env node
// The ptcc command: runs the bundled CLI (`npm install` builds dist/ through `prepare`).
//
// `ptcc eval` and `ptcc compile` start from bundles of their own (dist/bundle/ptcc-eval.cjs,
// dist/bundle/ptcc-compile-quick.cjs: the command without yargs and the others) compiled
// from the V8 code cache made at build time (scripts/bundle-eval.mjs, bundle-compile.mjs),
// so a one-line evaluation starts about as fast as Node itself and a compile with nothing
// to do reads only its files. What those bundles do not handle, they leave to the full
// command line. This file is CommonJS (bin/package.json) because Node starts CommonJS
// faster than ESM.
"use strict";
const { readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { dirname, join } = require("node:path");
const vm = require("node:vm");

const args = process.argv.slice(2);
const bundles = join(__dirname, "..", "dist", "bundle");
/** Bundles loaded, whose code cache the build writes when the command is done. */
const loaded = [];

/** The exports of dist/bundle/NAME.cjs, compiled with NAME.cache when V8 accepts it; null: no bundle. */
function load(name) {
  const file = join(bundles, `${name}.cjs`);
  const cacheFile = join(bundles, `${name}.cache`);
  let source;
  try {
    source = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const wrapper = "(function (exports, require, module, __filename, __dirname) {" + source + "\n})";
  const script = new vm.Script(wrapper, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  // A cache that is missing (the published package ships none) or made by another Node
  // version is made again when the command is done: the next start is the fast one.
  loaded.push({ script, cacheFile, stale: cachedData === undefined || script.cachedDataRejected === true });
  return module.exports;
}

/**
 * Write the code caches: always when the build asks (a sample command, scripts/bundle-*.mjs),
 * else those that were missing or rejected. Best effort: a read-only install keeps starting
 * without them. Written whole and renamed, so a concurrent start never reads half a cache.
 */
function writeCaches() {
  const build = process.env.PTCC_BUNDLE_CACHE === "write";
  for (const { script, cacheFile, stale } of loaded) {
    if (!build && !stale) continue;
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // nothing to clean
      }
    }
  }
}

/** `ptcc eval` from its own bundle; false when it must go to the full command line. */
async function quickEval() {
  const bundle = load("ptcc-eval");
  return bundle !== null && (await bundle.fastEval(args));
}

/** `ptcc compile` from its own bundles; null (nothing printed) when it must go to the full command line. */
async function quickCompile() {
  const bundle = load("ptcc-compile-quick");
  return bundle === null ? null : bundle.quickCompile(args.slice(1), load);
}

(async () => {
  if (args[0] === "eval" && (await quickEval())) return writeCaches();
  if (args[0] === "compile") {
    const code = await quickCompile();
    if (code !== null) {
      process.exitCode = code;
      return writeCaches();
    }
  }
  await import("../dist/bundle/ptcc.mjs");
})().catch((e) => {
  process.stderr.write(`ptcc: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
});
