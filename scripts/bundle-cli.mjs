#!/usr/bin/env node
// Bundles the compiled CLI (dist/cli/main.js and everything it imports) into one file,
// dist/ptcc.mjs, which bin/ptcc.js runs: one module to load instead of hundreds makes
// `ptcc` start about 60 ms sooner (see bench/README.md, cold start).
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
await build({
  entryPoints: [join(root, "dist", "cli", "main.js")],
  outfile: join(root, "dist", "ptcc.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  // Some bundled CommonJS dependencies call require() for Node's built-in modules.
  banner: {
    js: "import { createRequire as __ptccCreateRequire } from 'node:module'; const require = __ptccCreateRequire(import.meta.url);",
  },
});
