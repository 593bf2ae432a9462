#!/usr/bin/env node
// Runs the vitest suite and ends with the plain closing line CI recognises
// (`N passed, N failed`), keeping vitest's exit code.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const report = join(root, "vitest-report.json");
rmSync(report, { force: true });
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const res = spawnSync(
  process.execPath,
  [vitest, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit", cwd: root },
);
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed = r.numPassedTests ?? 0;
  failed = r.numFailedTests ?? 0;
  // A test file that failed with no failed test in it (it did not load) counts once;
  // numFailedTestSuites would count every failed describe block as well.
  for (const file of r.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    if (file.status === "failed" && !tests.some((t) => t.status === "failed")) failed += 1;
  }
}
const code = res.status ?? 1;
// A run that died before reporting counts as a failure.
if (code !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(code);
