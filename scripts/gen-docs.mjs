#!/usr/bin/env node
// Writes docs/ptc-lisp.md from the registry (run `npm run build` first; `npm run docs` does
// both). test/docs/reference.test.ts fails when the committed file is out of date.
import { renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderReferenceMarkdown } from "../dist/docs/reference.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "docs", "ptc-lisp.md");
const tmp = `${target}.tmp`;
writeFileSync(tmp, renderReferenceMarkdown());
renameSync(tmp, target);
console.log("gen-docs: docs/ptc-lisp.md");
