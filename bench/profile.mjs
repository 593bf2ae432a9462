// Run one benchmark program under ptcc many times, for a CPU profile:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.mjs loop-recur [runs]
//   node bench/cpuprofile-summary.mjs /tmp/prof/*.cpuprofile
import { Session, unlimited } from "../dist/index.js";
import { makeData, programs, ptcSource, sizes } from "./programs.mjs";

const [name = "loop-recur", runsArg = "20"] = process.argv.slice(2);
const sz = sizes(false);
const p = programs(sz).find((x) => x.name === name);
if (!p)
  throw new Error(
    `no program ${name}: ${programs(sz)
      .map((x) => x.name)
      .join(", ")}`,
  );
const session = new Session({ context: makeData(sz), limits: unlimited(600_000) });
const src = ptcSource(p);
const t0 = performance.now();
for (let i = 0; i < Number(runsArg); i++) {
  const r = session.evaluateSync(src);
  if (!r.ok) throw new Error(r.error.format());
}
console.error(`${name}: ${((performance.now() - t0) / Number(runsArg)).toFixed(2)} ms/run`);
