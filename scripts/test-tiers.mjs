#!/usr/bin/env node
// The long run of the tier agreement property (test/evaluator/tiers-property.test.ts):
// generated programs must behave the same compiled every way. `npm test` runs a sample
// of 300; this runs 5,000 (or the count given: node scripts/test-tiers.mjs 20000).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = process.argv[2] ?? "5000";
const res = spawnSync(
  process.execPath,
  [join(root, "node_modules", "vitest", "vitest.mjs"), "run", "test/evaluator/tiers-property.test.ts"],
  { stdio: "inherit", cwd: root, env: { ...process.env, PTCC_TIER_RUNS: runs } },
);
process.exit(res.status ?? 1);
