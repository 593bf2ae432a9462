#!/usr/bin/env node
// Bundles the library's Node entries — `ptcc`, `ptcc/runtime`, `ptcc/otel`, `ptcc/mcp`,
// `ptcc/ai-sdk`, `ptcc/queue`, `ptcc/bullmq`, `ptcc/trace-view` — from the compiled dist/ into
// dist/lib/, the files package.json's `exports` name for Node. Importing a few files instead
// of some 300 modules is most of what `import "ptcc"` costs over bare Node (bench/README.md,
// import time). The entries are built together with code splitting, so code they share
// lives in shared chunks: one module instance of each class (PtcError, PtcFn, ...) whichever
// entries an app imports. Browsers get the unbundled dist/browser.js (the `browser`
// condition) and bundle it themselves.
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
await build({
  entryPoints: [
    "index.js",
    "runtime/index.js",
    "otel/index.js",
    "mcp/index.js",
    "ai-sdk/index.js",
    "queue/index.js",
    "bullmq/index.js",
    "trace-view/index.js",
  ].map((e) => join(dist, e)),
  outbase: dist,
  outdir: join(dist, "lib"),
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Loaded when used, from the app's node_modules: tsx and ts-morph (TypeScript tool
  // modules, ptcc compile), the optional peers, gpt-tokenizer (a dev dependency).
  external: [
    "tsx",
    "tsx/*",
    "ts-morph",
    "gpt-tokenizer",
    "@opentelemetry/*",
    "@modelcontextprotocol/*",
    "ai",
    "bullmq",
    "ioredis",
  ],
  // The maps of tsc's output (with the TypeScript sources inlined) are followed, so stack
  // traces and debuggers reach src/.
  sourcemap: true,
  logLevel: "warning",
  // Bundled CommonJS dependencies (yaml) call require() for Node's built-in modules.
  banner: {
    js: "import { createRequire as __ptccCreateRequire } from 'node:module'; const require = __ptccCreateRequire(import.meta.url);",
  },
});
