#!/usr/bin/env node
// Bundles `ptcc compile` into three CommonJS scripts of dist/bundle, each with the V8 code
// cache of what a sample compile ran (made here, like ptcc-eval's in bundle-eval.mjs):
//
//   ptcc-compile-quick.cjs  what bin/ptcc.js loads for every `ptcc compile`: the arguments,
//                           the no-change check, the summary; starts the two below
//   ptcc-compile.cjs        the command and the compiler (agent files, YAML, the signature
//                           parser, checks, emit, output)
//   ptcc-compile-types.cjs  the tool types worker (TypeScript's side; ts-morph's compiler is
//                           loaded at run time from node_modules, with its own code cache)
//
// The sample compile also makes the code cache of TypeScript itself in
// node_modules/.cache/ptcc (src/compiler/load-typescript.ts). A cache V8 rejects (another
// Node version) only costs the time it saves.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundles = {
  "ptcc-compile-quick": "cli/compile-quick.js",
  "ptcc-compile": "cli/compile.js",
  "ptcc-compile-types": "compiler/tool-types-worker.js",
};
for (const [name, entry] of Object.entries(bundles)) {
  await build({
    entryPoints: [join(root, "dist", entry)],
    outfile: join(root, "dist", "bundle", `${name}.cjs`),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["ts-morph"],
    // The modules find package.json and templates/ from their own URL: here, the bundle's.
    define: { "import.meta.url": "__ptccModuleUrl" },
    banner: { js: 'const __ptccModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    // Less text to read and hash at each start; names stay (error messages use none).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "warning",
  });
}

// A sample project (an agent with a TypeScript tool: one declared signature, one derived),
// compiled cold and then again with nothing changed, each time saving the caches of what
// ran. TypeScript's own cache goes to the usual place (unless PTCC_CACHE_DIR says otherwise).
const dir = mkdtempSync(join(tmpdir(), "ptcc-bundle-compile-"));
try {
  const files = {
    "agents/sample.agent.md":
      '---\ndescription: A sample.\nsignature: "(query :string, limit :int?) -> {items [{id :int, name :string}]}"\n' +
      'tools:\n  - from: ../tools/shop.ts#search\n    signature: "(query :string) -> [{id :int, name :string}]"\n' +
      "  - from: ../tools/shop.ts#count\n---\n\nFind {{query}}, at most {{limit}}.\n",
    "tools/shop.ts":
      "/** Items named like the query. */\nexport async function search(args: { query: string }): Promise<{ id: number; name: string }[]> {\n" +
      "  return [{ id: 1, name: args.query }];\n}\n\n/** How many items there are. */\n" +
      "export function count(args: { of?: string | null }): number {\n  return args.of === undefined ? 0 : 1;\n}\n",
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  for (let i = 0; i < 2; i++) {
    execFileSync(process.execPath, [join(root, "bin", "ptcc.js"), "compile", "agents", "--out", "gen"], {
      cwd: dir,
      env: { ...process.env, PTCC_BUNDLE_CACHE: "write" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
