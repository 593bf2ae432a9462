#!/usr/bin/env node
// The ptcc command: runs the bundled CLI (`npm install` builds dist/ through `prepare`).
//
// `ptcc eval` starts from a bundle of its own (dist/bundle/ptcc-eval.cjs: the language
// without yargs and the other commands) compiled from the V8 code cache made at build
// time (scripts/bundle-eval.mjs), so a one-line evaluation starts about as fast as Node
// itself. What that bundle does not handle, it leaves to the full command line.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const args = process.argv.slice(2);
if (args[0] !== "eval" || !(await quickEval())) await import("../dist/bundle/ptcc.mjs");

async function quickEval() {
  const file = fileURLToPath(new URL("../dist/bundle/ptcc-eval.cjs", import.meta.url));
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
