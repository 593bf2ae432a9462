#!/usr/bin/env node
// Bundles the library's Node entries — `ptcc`, `ptcc/runtime`, `ptcc/otel`, `ptcc/mcp`,
// `ptcc/ai-sdk`, `ptcc/queue`, `ptcc/bullmq`, `ptcc/trace-view` — from the compiled dist/ into
// dist/lib/, the files package.json's `exports` name for Node. Importing a few files instead
// of some 300 modules is most of what `import "ptcc"` costs over bare Node (bench/README.md,
// import time). The entries are built together with code splitting, so code they share
// lives in shared chunks: one module instance of each class (PtcError, PtcFn, ...) whichever
// entries an app imports. Browsers get dist/web/ (the `browser` condition; built at the end),
// which their bundlers bundle again.
//
// The ANTLR side of the language (the reader of PTC-Lisp, the ANTLR path of the signature
// reader, the generated parsers and antlr4ng: half the code) and the YAML parser of agent
// files are loaded on first use, not at import: what imports those modules gets a stand-in whose functions load the real
// module (an entry of this build, so it shares the chunks and their classes) with
// require() — synchronous, since reading is — the first time one of them is called. An app
// whose compiled agents read signatures through the fast path (signature/fast-parse.ts)
// and has not run a program yet has not loaded ANTLR.
import { build } from "esbuild";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");

/** The modules loaded on first call, and the functions the rest of the code calls in them. */
const LAZY = {
  "reader/read.js": ["read", "readOne"],
  "signature/grammar-parse.js": ["parseWithAntlr"],
  // The YAML of agent files: a compiled agent reads none.
  "agent-file/yaml.js": [
    "isAlias",
    "isMap",
    "isScalar",
    "isSeq",
    "parseDocument",
    "lineCounter",
    "findPair",
    "forEachAlias",
  ],
};
// A stand-in can only forward function calls: check that these are the modules' exports
// other than types, all of them functions (else a new export would be missing in the bundle).
for (const [entry, names] of Object.entries(LAZY)) {
  const m = await import(pathToFileURL(join(dist, entry)).href);
  const exported = Object.keys(m).filter((k) => typeof m[k] === "function" && !/^[A-Z]/.test(k));
  const missing = exported.filter((k) => !names.includes(k));
  const absent = names.filter((k) => typeof m[k] !== "function");
  if (missing.length > 0 || absent.length > 0) {
    console.error(
      `bundle-lib: update LAZY["${entry}"]: not forwarded ${missing.join(", ")}; not functions ${absent.join(", ")}`,
    );
    process.exit(1);
  }
}

/**
 * A string as long as any relative path it stands for, replaced after the build by the path
 * from its output file to the entry (padded with "./": same length, so the maps stay right).
 */
const PLACEHOLDER_LENGTH = 96;
function placeholder(entry) {
  return `@ptcc-lazy:${entry}@`.padEnd(PLACEHOLDER_LENGTH, "#");
}

/** Resolves imports of the LAZY modules (other than as entries) to their stand-ins. */
const lazyPlugin = {
  name: "ptcc-lazy-grammar",
  setup(b) {
    const filter = new RegExp(
      `(${Object.keys(LAZY)
        .map((e) => e.split("/").pop().replace(".", "\\."))
        .join("|")})$`,
    );
    b.onResolve({ filter }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const file = join(args.resolveDir, args.path);
      const entry = Object.keys(LAZY).find((e) => file === join(dist, e));
      return entry === undefined ? undefined : { path: entry, namespace: "ptcc-lazy" };
    });
    b.onLoad({ filter: /.*/, namespace: "ptcc-lazy" }, (args) => ({
      resolveDir: dist,
      contents: [
        'import { createRequire } from "node:module";',
        "let loaded;",
        "function load() {",
        "  if (loaded !== undefined) return loaded;",
        // The path from the output file this ends up in: written after the build (below).
        `  const path = ${JSON.stringify(placeholder(args.path))};`,
        "  try {",
        "    return (loaded = createRequire(import.meta.url)(path));",
        "  } catch (e) {",
        '    if (e?.code !== "MODULE_NOT_FOUND") throw e;',
        "    throw new Error(",
        `      \`ptcc could not load its dist/lib/${args.path} next to its own code (\${import.meta.url}): an app bundled for Node must keep "ptcc" external (esbuild --external:ptcc, or the like)\`,`,
        "    );",
        "  }",
        "}",
        ...LAZY[args.path].map((f) => `export function ${f}(...args) { return load().${f}(...args); }`),
      ].join("\n"),
    }));
  },
};

/**
 * yaml's ES module build (the one it gives browsers; the same code) instead of its CommonJS
 * one: bundled as ES modules, it is tree-shaken and costs no wrapper run at import.
 */
const yamlEsmPlugin = {
  name: "ptcc-yaml-esm",
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, () => ({
      path: join(root, "node_modules", "yaml", "browser", "dist", "index.js"),
    }));
  },
};

await build({
  plugins: [lazyPlugin, yamlEsmPlugin],
  entryPoints: [
    ...Object.keys(LAZY),
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
  // Less text for V8 to parse at each import (a third of the bytes); names stay, for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
  // Bundled CommonJS dependencies (yaml) call require() for Node's built-in modules.
  banner: {
    js: "import { createRequire as __ptccCreateRequire } from 'node:module'; const require = __ptccCreateRequire(import.meta.url);",
  },
});

// The browser entries (the `browser` condition of `ptcc`, `ptcc/runtime`, `ptcc/otel`,
// `ptcc/ai-sdk`) into dist/web/: ES modules with antlr4ng and yaml inside, so that the
// package has no dependencies to install (an app's bundler tree-shakes these files as it
// would the sources). Not minified, and without source maps: the app's bundler minifies and
// maps its own bundle.
await build({
  entryPoints: ["browser.js", "runtime/index.js", "otel/index.js", "ai-sdk/index.js"].map((e) => join(dist, e)),
  outbase: dist,
  outdir: join(dist, "web"),
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  external: ["@opentelemetry/*", "ai", "@ai-sdk/*"],
  logLevel: "warning",
});

// Each stand-in's path, from the output file it is in.
for (const entry of readdirSync(join(dist, "lib"), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
  const file = join(entry.parentPath ?? entry.path, entry.name);
  const text = readFileSync(file, "utf8");
  if (!text.includes("@ptcc-lazy:")) continue;
  let written = text;
  for (const lazy of Object.keys(LAZY)) {
    let rel = relative(dirname(file), join(dist, "lib", lazy))
      .split(sep)
      .join("/");
    if (!rel.startsWith(".")) rel = `./${rel}`;
    while (rel.length + 2 <= PLACEHOLDER_LENGTH) rel = `./${rel}`;
    if (rel.length < PLACEHOLDER_LENGTH) rel = `.//${rel.slice(2)}`;
    written = written.split(placeholder(lazy)).join(rel);
  }
  writeFileSync(file, written);
}

// The maps keep ptcc's own sources (tsc's maps inline them) but not the text of bundled
// packages (antlr4ng, yaml): those are theirs to publish, and they would add a megabyte to
// every install.
for (const entry of readdirSync(join(dist, "lib"), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".js.map")) continue;
  const file = join(entry.parentPath ?? entry.path, entry.name);
  const map = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(map.sourcesContent)) continue;
  map.sourcesContent = map.sourcesContent.map((text, i) => (/node_modules\//.test(map.sources[i]) ? null : text));
  writeFileSync(file, JSON.stringify(map));
}
