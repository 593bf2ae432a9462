// Heavy programs, whole process: `ptcc eval FILE` against nbb running the same Clojure text
// and node running hand-written JavaScript, each program in a new process per run, wall
// time from spawn to exit (start-up, reading, compiling, running, printing). The programs
// make their own data, so nothing is read from disk but the program.
//
// Usage: node bench/heavy.mjs [--quick] [--rounds N]   (or through bench/run.mjs)
// See bench/README.md ("Heavy programs").
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, normalize } from "./programs.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");

/** Sizes of the full run and of `--quick`. */
function heavySizes(quick) {
  return quick
    ? { records: 20_000, loop: 2_000_000, forN: 200, strings: 50_000, items: 50_000 }
    : { records: 500_000, loop: 200_000_000, forN: 1_500, strings: 2_000_000, items: 2_000_000 };
}

/** The programs: Clojure text (ptcc and nbb) and the same written by hand in JavaScript. */
export function heavyPrograms(quick) {
  const sz = heavySizes(quick);
  return [
    {
      name: "pipeline",
      desc: `${sz.records.toLocaleString("en")} records: filter, assoc, group-by, sums, sort-by`,
      clj: `
(let [records (map (fn [i] {:id i
                            :category (str "cat-" (mod i 20))
                            :price (/ (mod (* i 7919) 10000) 100.0)
                            :qty (inc (mod i 50))
                            :active (not= 0 (mod i 5))})
                   (range ${sz.records}))]
  (->> records
       (filter (fn [r] (and (:active r) (>= (:qty r) 5))))
       (map (fn [r] (assoc r :total (* (:price r) (:qty r)))))
       (group-by :category)
       (map (fn [[cat rs]] [cat (count rs) (reduce + (map :total rs))]))
       (sort-by (fn [row] (- (nth row 2))))
       (take 5)
       (vec)))`,
      js: `
const records = [];
for (let i = 0; i < ${sz.records}; i++)
  records.push({ id: i, category: "cat-" + (i % 20), price: ((i * 7919) % 10000) / 100.0, qty: 1 + (i % 50), active: i % 5 !== 0 });
const groups = new Map();
for (const r0 of records) {
  if (!(r0.active && r0.qty >= 5)) continue;
  const r = { ...r0, total: r0.price * r0.qty };
  let g = groups.get(r.category);
  if (g === undefined) groups.set(r.category, (g = []));
  g.push(r);
}
const rows = [...groups].map(([cat, rs]) => [cat, rs.length, rs.reduce((s, r) => s + r.total, 0)]);
rows.sort((a, b) => b[2] - a[2]);
console.log(JSON.stringify(rows.slice(0, 5)));`,
    },
    {
      name: "loop-recur",
      desc: `${sz.loop.toLocaleString("en")} iterations of loop/recur, integer arithmetic`,
      clj: `
(loop [i 0 acc 0]
  (if (< i ${sz.loop})
    (recur (inc i) (if (even? i) (+ acc (rem i 7)) (- acc 3)))
    acc))`,
      js: `
let acc = 0;
for (let i = 0; i < ${sz.loop}; i++) acc = i % 2 === 0 ? acc + (i % 7) : acc - 3;
console.log(acc);`,
    },
    {
      name: "nested-for",
      desc: `(for [x ${sz.forN} y ${sz.forN} :when ...] [x y]), counted and summed`,
      clj: `
(let [ps (for [x (range ${sz.forN})
               y (range ${sz.forN})
               :when (zero? (rem (+ (* x x) y) 7))]
           [x y])]
  [(count ps) (reduce + (map (fn [[x y]] (* x y)) ps))])`,
      js: `
const ps = [];
for (let x = 0; x < ${sz.forN}; x++)
  for (let y = 0; y < ${sz.forN}; y++) if ((x * x + y) % 7 === 0) ps.push([x, y]);
let sum = 0;
for (const [x, y] of ps) sum += x * y;
console.log(JSON.stringify([ps.length, sum]));`,
    },
    {
      name: "frequencies",
      desc: `frequencies over ${sz.strings.toLocaleString("en")} strings, top 5`,
      clj: `
(let [words (map #(str "w" (mod (* % 7919) 5003)) (range ${sz.strings}))
      f (frequencies words)]
  [(count f) (vec (take 5 (sort-by (fn [[k v]] [(- v) k]) f)))])`,
      js: `
const words = [];
for (let i = 0; i < ${sz.strings}; i++) words.push("w" + ((i * 7919) % 5003));
const f = new Map();
for (const w of words) f.set(w, (f.get(w) ?? 0) + 1);
const top = [...f].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, 5);
console.log(JSON.stringify([f.size, top]));`,
    },
    {
      name: "split-join",
      desc: `join ${sz.items.toLocaleString("en")} items, split them again, upper-case, join`,
      clj: `
(let [s (clojure.string/join "," (map #(str "item" (mod % 1000)) (range ${sz.items})))
      parts (clojure.string/split s #",")]
  [(count parts) (count (clojure.string/join ";" (map clojure.string/upper-case parts)))])`,
      js: `
const items = [];
for (let i = 0; i < ${sz.items}; i++) items.push("item" + (i % 1000));
const parts = items.join(",").split(",");
console.log(JSON.stringify([parts.length, parts.map((p) => p.toUpperCase()).join(";").length]));`,
    },
  ];
}

const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/**
 * Run the suite: every program in every engine, `rounds` times, interleaved (a round
 * runs each program once in each engine, the engine order rotating) so that load changes
 * fall on all alike. Returns the report and whether anything failed or disagreed.
 */
export function runHeavySuite({
  quick = false,
  rounds = quick ? 1 : 3,
  line = console.log,
  only = null,
  baseline = null,
} = {}) {
  const dir = mkdtempSync(join(os.tmpdir(), "ptcc-heavy-"));
  const progs = heavyPrograms(quick).filter((p) => !only || only.has(p.name) || only.has("heavy"));
  let failed = false;
  const engines = {
    ptcc: (p) => [join(root, "bin/ptcc.js"), "eval", "--unlimited", "--timeout", "600000", join(dir, `${p.name}.clj`)],
    nbb: (p) => [join(root, "node_modules/nbb/cli.js"), join(dir, `${p.name}.cljs`)],
    js: (p) => [join(dir, `${p.name}.mjs`)],
  };
  // `--baseline DIR`: another built checkout of ptcc, run the same way (before/after).
  if (baseline !== null)
    engines.before = (p) => [
      join(baseline, "bin/ptcc.js"),
      "eval",
      "--unlimited",
      "--timeout",
      "600000",
      join(dir, `${p.name}.clj`),
    ];
  const names = Object.keys(engines);
  const times = {};
  const answers = {};
  try {
    for (const p of progs) {
      writeFileSync(join(dir, `${p.name}.clj`), p.clj.trim() + "\n");
      writeFileSync(join(dir, `${p.name}.cljs`), `(prn ${p.clj.trim()})\n`);
      writeFileSync(join(dir, `${p.name}.mjs`), p.js.trim() + "\n");
      times[p.name] = Object.fromEntries(Object.keys(engines).map((k) => [k, []]));
      answers[p.name] = {};
    }
    for (let r = 0; r < rounds; r++) {
      for (const p of progs) {
        for (let e = 0; e < names.length; e++) {
          const engine = names[(e + r) % names.length];
          const t = performance.now();
          const res = spawnSync(process.execPath, engines[engine](p), {
            cwd: root,
            encoding: "utf8",
            maxBuffer: 64 << 20,
          });
          const ms = performance.now() - t;
          if (res.status !== 0) {
            failed = true;
            line(`  ${engine} failed on ${p.name} (exit ${res.status}): ${res.stderr.slice(0, 400)}`);
            continue;
          }
          times[p.name][engine].push(ms);
          answers[p.name][engine] = res.stdout.trim();
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const fmtS = (ms) => (ms / 1000).toFixed(2);
  const fx = (x) => (x >= 10 ? x.toFixed(1) : x.toFixed(2)) + "×";
  const range = (xs) => (xs.length > 1 ? `${fmtS(Math.min(...xs))}–${fmtS(Math.max(...xs))}` : "");
  line(
    `Heavy programs, whole process (median wall seconds of ${rounds} run${rounds > 1 ? "s" : ""} from spawn to exit, range in brackets)`,
  );
  const rows = [];
  for (const p of progs) {
    const a = answers[p.name];
    const n = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, normalize(v)]));
    if (!(
      n.ptcc !== undefined &&
      Object.values(n).every((x) => x === n.ptcc) &&
      Object.keys(n).length === names.length
    )) {
      failed = true;
      line(
        `  DIFF ${p.name}: ${Object.entries(a)
          .map(([k, v]) => `${k} ${v.slice(0, 120)}`)
          .join(" | ")}`,
      );
    }
    const m = Object.fromEntries(Object.entries(times[p.name]).map(([k, v]) => [k, median(v)]));
    rows.push({
      name: p.name,
      desc: p.desc,
      ...m,
      times: times[p.name],
      speedup: m.nbb / m.ptcc,
      slowdown: m.ptcc / m.js,
    });
    if (baseline !== null) rows[rows.length - 1].beforeSpeedup = m.nbb / m.before;
  }
  line(
    `  ${"program".padEnd(12)}${"ptcc".padStart(17)}${"nbb".padStart(17)}${"js".padStart(17)}${"nbb/ptcc".padStart(10)}${"ptcc/js".padStart(9)}   what`,
  );
  for (const r of rows) {
    const cell = (k) => `${fmtS(r[k])} (${range(r.times[k])})`.padStart(17);
    line(
      `  ${r.name.padEnd(12)}${cell("ptcc")}${cell("nbb")}${cell("js")}${fx(r.speedup).padStart(10)}${fx(r.slowdown).padStart(9)}   ${r.desc}`,
    );
    if (baseline !== null)
      line(`  ${"".padEnd(12)}${"before: " + cell("before").trim()}  (before/after ${fx(r.before / r.ptcc)})`);
  }
  const ok = (x) => Number.isFinite(x) && x > 0;
  const gmSpeed = geomean(rows.map((r) => r.speedup).filter(ok));
  const gmSlow = geomean(rows.map((r) => r.slowdown).filter(ok));
  line(`  ${"geomean".padEnd(12)}${"".padStart(51)}${fx(gmSpeed).padStart(10)}${fx(gmSlow).padStart(9)}`);
  if (baseline !== null) {
    const b = rows.filter((r) => ok(r.before));
    line(
      `  before: nbb/before geomean ${fx(geomean(b.map((r) => r.nbb / r.before)))}, before/js ${fx(geomean(b.map((r) => r.before / r.js)))}`,
    );
  }
  const minSpeed = Math.min(...rows.map((r) => r.speedup));
  const targets = [
    { what: "ptcc ≥ 3× faster than nbb in geometric mean", got: fx(gmSpeed), pass: gmSpeed >= 3 },
    { what: "ptcc ≥ 2× faster than nbb on every program", got: `min ${fx(minSpeed)}`, pass: minSpeed >= 2 },
    { what: "ptcc within 1.8× of hand-written JS in geometric mean", got: fx(gmSlow), pass: gmSlow <= 1.8 },
  ];
  line("  Targets");
  for (const t of targets) line(`    ${t.pass ? "PASS" : "MISS"}  ${t.what.padEnd(52)} ${t.got}`);
  line();
  return { failed, report: { rounds, rows, geomean: { speedupOverNbb: gmSpeed, slowdownVsJs: gmSlow }, targets } };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const at = (name) => (argv.indexOf(name) >= 0 ? argv[argv.indexOf(name) + 1] : undefined);
  const { failed } = runHeavySuite({
    quick: argv.includes("--quick"),
    rounds: at("--rounds") === undefined ? undefined : Number(at("--rounds")),
    baseline: at("--baseline") ?? null,
    only: at("--only") ? new Set(at("--only").split(",")) : null,
  });
  process.exit(failed ? 1 : 0);
}
