/**
 * Golden files: `actual` must equal the file kept in `dir`. A missing file is written (and
 * the test fails, so that it gets checked in); UPDATE_GOLDEN=1 rewrites every file — then
 * read the diff.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

export function golden(dir: string, name: string, actual: string): void {
  const file = join(dir, name);
  if (process.env["UPDATE_GOLDEN"] === "1" || !existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, actual);
    if (process.env["UPDATE_GOLDEN"] !== "1") throw new Error(`golden file ${name} was missing: written, check it in`);
  }
  expect(actual).toBe(readFileSync(file, "utf8"));
}
