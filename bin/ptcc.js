#!/usr/bin/env node
// The ptcc command: runs the bundled CLI (`npm install` builds dist/ through `prepare`).
//
// `ptcc eval` starts from a bundle of its own (dist/bundle/ptcc-eval.cjs: the language
// without yargs and the other commands) compiled from the V8 code cache made at build
// time (scripts/bundle-eval.mjs), so a one-line evaluation starts about as fast as Node
// itself. What that bundle does not handle, it leaves to the full command line. This
// file is CommonJS (bin/package.json) because Node starts CommonJS faster than ESM.
"use strict";
const { readFileSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { dirname, join } = require("node:path");
const vm = require("node:vm");

const args = process.argv.slice(2);

/** Run `ptcc eval` from its own bundle; false when it must go to the full command line. */
async function quickEval() {
  const file = join(__dirname, "..", "dist", "bundle", "ptcc-eval.cjs");
  const cacheFile = file.replace(/\.cjs$/, ".cache");
  let source;
  try {
    source = readFileSync(file, "utf8");
  } catch {
    return false;
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
  const handled = await module.exports.fastEval(args);
  // The build makes the cache after a sample evaluation (scripts/bundle-eval.mjs).
  if (process.env.PTCC_EVAL_CACHE === "write") writeFileSync(cacheFile, script.createCachedData());
  return handled;
}

(async () => {
  if (args[0] !== "eval" || !(await quickEval())) await import("../dist/bundle/ptcc.mjs");
})().catch((e) => {
  process.stderr.write(`ptcc: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
});
