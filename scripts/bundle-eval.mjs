#!/usr/bin/env node
// Bundles the quick start of `ptcc eval` (dist/cli/fast-eval.js and what it imports: the
// language, not yargs or the other commands) into one CommonJS script,
// dist/bundle/ptcc-eval.cjs, and makes its V8 code cache, dist/bundle/ptcc-eval.cache:
// the bytecode of every function a small evaluation runs, compiled now rather than at
// each start. bin/ptcc.js loads the script with that cache (see bench/README.md, cold
// start). A cache V8 rejects (another Node version) only costs the time it saves.
import { execFileSync } from "node:child_process";
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "bundle", "ptcc-eval.cjs");
await build({
  entryPoints: [join(root, "dist", "cli", "fast-eval.js")],
  outfile: out,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  // Less text to read and hash at each start; names stay (error messages use none).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
});

// Run an evaluation through the loader bin/ptcc.js uses, then save the code cache: it
// then holds the functions that evaluation compiled (reader, analyzer, printer...).
execFileSync(
  process.execPath,
  [join(root, "bin", "ptcc.js"), "eval", "-e", '(let [x [1 2.5 "s" :k {:a #{1}}]] (str (map inc [1 2]) x))'],
  { env: { ...process.env, PTCC_BUNDLE_CACHE: "write" }, stdio: ["ignore", "ignore", "inherit"] },
);
