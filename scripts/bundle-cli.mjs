#!/usr/bin/env node
// Bundles the compiled CLI (dist/cli/main.js and everything it imports) into
// dist/bundle/ptcc.mjs, which bin/ptcc.js runs: a few modules to load instead of hundreds
// makes `ptcc` start about 60 ms sooner (see bench/README.md, cold start). Commands load
// their code with import(), and code splitting puts each such part in its own chunk, so
// `ptcc eval` does not parse the signature tools (or the reverse).
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
await build({
  entryPoints: [join(root, "dist", "cli", "main.js")],
  outdir: join(root, "dist", "bundle"),
  entryNames: "ptcc",
  chunkNames: "chunk-[hash]",
  outExtension: { ".js": ".mjs" },
  splitting: true,
  bundle: true,
  // tsx loads TypeScript tool modules with its own loader files, found relative to its
  // package: it must stay a dependency that Node resolves, not code inside the bundle.
  // gpt-tokenizer (a dev dependency) counts tokens for `ptcc run --dry-run` when it is
  // installed; bundled, it would add megabytes for everyone. The MCP SDK, OpenTelemetry,
  // BullMQ and ioredis are optional peer dependencies: found in the user's node_modules when
  // a command needs them, never copied into the bundle. ts-morph (ptcc compile, ~350 ms to
  // load) is imported only by the command that needs it, so other commands never pay for it.
  external: [
    "tsx",
    "tsx/*",
    "gpt-tokenizer",
    "@modelcontextprotocol/*",
    "@opentelemetry/*",
    "ts-morph",
    "bullmq",
    "ioredis",
  ],
  platform: "node",
  format: "esm",
  target: "node20",
  // A third less to read at each start and to install; names stay (error messages use none).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
  // Some bundled CommonJS dependencies call require() for Node's built-in modules.
  banner: {
    js: "import { createRequire as __ptccCreateRequire } from 'node:module'; const require = __ptccCreateRequire(import.meta.url);",
  },
});
