#!/usr/bin/env node
// Makes docs/trace-view.png, the README's picture of the page `ptcc trace --html` writes:
// the research example is run with its scripted model and --trace (the built command:
// run `npm run build` first), its page written, and headless Chromium (Debian's
// `chromium`) photographs it with the first turn of the research run selected.
// test/trace-view/screenshot.test.ts checks the picture's size and that the README shows it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The picture's size in CSS pixels (at one device pixel each). */
export const WIDTH = 1100;
export const HEIGHT = 620;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(join(tmpdir(), "ptcc-trace-screenshot-"));
const target = join(root, "docs", "trace-view.png");

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: root, encoding: "utf8", ...options });
  if (r.status !== 0) {
    process.stderr.write(`trace-screenshot: ${command} ${args.join(" ")} failed\n${r.stderr ?? r.error ?? ""}\n`);
    process.exit(1);
  }
  return r;
}

const ptcc = (...args) => run(process.execPath, [join(root, "bin", "ptcc.js"), ...args]);
const trace = join(dir, "research.jsonl");
const page = join(dir, "research.html");
ptcc(
  "run",
  "examples/agents/research.agent.md",
  "--input",
  "@examples/data/research.json",
  "--llm",
  "script:examples/scripts/research.json",
  "--trace",
  trace,
);
// From the trace's folder, so that the page names it as a reader would: research.jsonl.
run(process.execPath, [join(root, "bin", "ptcc.js"), "trace", "research.jsonl", "--html", page], { cwd: dir });

const chromium = ["chromium", "chromium-browser"].find((c) => spawnSync("sh", ["-c", `command -v ${c}`]).status === 0);
if (chromium === undefined) {
  process.stderr.write("trace-screenshot: no chromium on PATH (apt-get install -y chromium)\n");
  process.exit(1);
}
const shot = join(dir, "trace-view.png");
run(chromium, [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  `--user-data-dir=${join(dir, "profile")}`,
  "--hide-scrollbars",
  "--force-device-scale-factor=1",
  `--window-size=${WIDTH},${HEIGHT}`,
  `--screenshot=${shot}`,
  `${pathToFileURL(page).href}#turn=research:1`,
]);
renameSync(shot, target);
rmSync(dir, { recursive: true, force: true });
console.log(`trace-screenshot: docs/trace-view.png (${Math.round(statSync(target).size / 1024)} KB)`);
