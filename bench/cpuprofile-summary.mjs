// Summarise V8 .cpuprofile files (from node --cpu-prof): the functions with the most
// self time, and with the most total (inclusive) time.
//   node bench/cpuprofile-summary.mjs FILE.cpuprofile [top=25]
import { readFileSync } from "node:fs";

const [file, topArg = "25"] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file, "utf8"));
const top = Number(topArg);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfSamples = new Map();
for (const s of prof.samples) selfSamples.set(s, (selfSamples.get(s) ?? 0) + 1);
const total = prof.samples.length;
const key = (n) => {
  const f = n.callFrame;
  const file = f.url ? f.url.replace(/^.*\/(dist|node_modules|bench)\//, "$1/") : "";
  return `${f.functionName || "(anonymous)"} ${file}${file ? ":" + (f.lineNumber + 1) : ""}`;
};
const self = new Map();
const incl = new Map();
for (const [id, count] of selfSamples) {
  const n = byId.get(id);
  self.set(key(n), (self.get(key(n)) ?? 0) + count);
  // inclusive: each distinct function on the stack once
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(byId.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + count);
  }
}
const show = (title, m) => {
  console.log(title);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
};
show(`self time (${total} samples)`, self);
show(`total time`, incl);
