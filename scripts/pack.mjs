#!/usr/bin/env node
// Packs the package users install: `npm run pack [-- --out DIR]` writes ptcc-<version>.tgz.
//
// The repository's package.json builds on `npm install` through `prepare`; a published
// package must not carry that script (npm lists it among the install scripts a user has
// to approve, and a tarball has nothing to build). So the package is staged in a temporary
// folder with a manifest without scripts and development dependencies, and packed there.
// Publishing is `npm publish <the tarball>`. The packaging test installs what this writes.
//
// Of dist/, the package carries what runs — the bundles: dist/lib (Node), dist/web
// (browsers), dist/bundle (the command line) — and the declarations; not tsc's unbundled
// modules, which would import antlr4ng and yaml (the bundles hold what they use of them),
// so the package has no dependencies an app must install (README.md, Install).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const outIndex = argv.indexOf("--out");
const out = resolve(outIndex >= 0 ? argv[outIndex + 1] : root);

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
if (!existsSync(join(root, "dist", "index.js"))) {
  console.error("pack: dist/ is not built; run npm install (or npm run build) first");
  process.exit(1);
}

const stage = mkdtempSync(join(tmpdir(), "ptcc-pack-"));
try {
  for (const entry of [...manifest.files, "README.md", "LICENSE"]) {
    const from = join(root, entry);
    if (!existsSync(from)) {
      console.error(`pack: ${entry} (listed in package.json "files") does not exist`);
      process.exit(1);
    }
    cpSync(from, join(stage, entry), { recursive: true });
  }
  pruneDist(join(stage, "dist"));
  const published = { ...manifest };
  delete published.scripts;
  delete published.devDependencies;
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(published, null, 2)}\n`);
  const report = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], {
    cwd: stage,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [{ filename }] = JSON.parse(report);
  console.log(join(out, filename));
} finally {
  rmSync(stage, { recursive: true, force: true });
}

/** Remove tsc's unbundled output (and its maps) from a copy of dist/, keeping the bundles and every .d.ts. */
function pruneDist(dist) {
  const bundles = new Set(["lib", "web", "bundle"]);
  const walk = (dir, top) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(top && bundles.has(entry.name))) walk(path, false);
      } else if (!entry.name.endsWith(".d.ts")) rmSync(path);
    }
  };
  walk(dist, true);
}
