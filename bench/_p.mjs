import { Session, unlimited } from "../dist/index.js";
import { makeData, measure, ptcSource, programs, sizes, timing, normalize } from "./programs.mjs";
const quick = process.argv.includes("--quick");
const sz = sizes(quick); const data = makeData(sz);
const s = new Session({ context: data, limits: unlimited(60000) });
for (const p of programs(sz)) {
  const src = ptcSource(p);
  const m = await measure(() => s.evaluateSync(src), timing(quick));
  const r = m.last;
  console.log(p.name, m.median.toFixed(2), r.ok ? normalize(r.printed) : r.error.format());
}
