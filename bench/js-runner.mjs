// Runs the hand-written JavaScript versions of the benchmark programs in their own process
// (like nbb): the data is plain arrays and objects, straight from JSON, and nothing of
// ptcc's heap or JIT feedback is around. Prints one JSON object on stdout, as nbb-runner.
//
// Usage: node bench/js-runner.mjs [--quick] [--only name,name] [--timing JSON]
import { makeData, measure, programs, runnerArgs, sizes, toEdn } from "./programs.mjs";

const { quick, only, timing } = runnerArgs(process.argv.slice(2));
const sz = sizes(quick);
const data = makeData(sz);

const out = { engine: "js", programs: {} };
for (const p of programs(sz)) {
  if (only && !only.has(p.name)) continue;
  const m = await measure(() => p.js(data), timing);
  out.programs[p.name] = { median: m.median, min: m.min, times: m.times, batch: m.batch, answer: toEdn(m.last) };
}
process.stdout.write(JSON.stringify(out) + "\n");
