// Runs the benchmark programs under nbb (a ClojureScript interpreter) in its own process,
// so that its JIT state and heap are its own. Prints one JSON object on stdout:
// { engine, programs: { name: { median, min, times, batch, answer } } }.
//
// Usage: node bench/nbb-runner.mjs [--quick] [--only name,name] [--timing JSON]
import { loadString } from "nbb";
import { makeData, measure, nbbSetup, nbbSource, programs, runnerArgs, sizes } from "./programs.mjs";

const { quick, only, timing } = runnerArgs(process.argv.slice(2));
const sz = sizes(quick);

// Setup, not timed: the JSON data as Clojure data with keyword keys.
globalThis.__benchData = makeData(sz);
await loadString(nbbSetup);
delete globalThis.__benchData;

const out = { engine: "nbb", programs: {} };
for (const p of programs(sz)) {
  if (only && !only.has(p.name)) continue;
  const src = nbbSource(p);
  // Each run is a fresh loadString of the program text: read + analyze + evaluate + pr-str.
  const m = await measure(() => loadString(src), timing);
  out.programs[p.name] = { median: m.median, min: m.min, times: m.times, batch: m.batch, answer: m.last };
}
process.stdout.write(JSON.stringify(out) + "\n");
