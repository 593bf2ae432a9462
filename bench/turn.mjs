// The per-turn fixed cost: a 30-line program of the kind an agent writes in one turn,
// read + analyzed + compiled (inside a defn that is not called) and run as a whole turn,
// each time with a new shape (more let bindings, deeper nesting) so that no cache of
// generated code can answer: every turn of an agent is a new program.
//
// Usage: node bench/turn.mjs [--quick] [--baseline DIR]   (or through bench/run.mjs)
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "./programs.mjs";

/** A 30-line turn: two defns, a for with :let/:when, group-by, sort-by, a loop. */
export const TURN = `
(defn score [r]
  (let [{:keys [price qty tags]} r
        base (* price qty)]
    (if (some #(= % "sale") tags)
      (* base 0.9)
      base)))

(defn summarize [rows]
  {:count (count rows)
   :total (reduce + (map score rows))
   :tags (frequencies (mapcat :tags rows))})

(def items
  (for [i (range 8)
        :let [p (* 1.5 i)]
        :when (odd? i)]
    {:id i :price p :qty (inc (mod i 3)) :tags (if (even? (quot i 2)) ["sale" "new"] ["new"])}))

(def by-qty (group-by :qty items))

(let [s (summarize items)
      top (->> items (sort-by score >) (take 2) (map :id))
      extra [1 2 3]
      x0 0]
  (println "summary" (:count s))
  (assoc s :top (vec top) :groups (count by-qty) :extra (count extra)
         :n (loop [i 0 acc 0] (if (< i 5) (recur (inc i) (+ acc i)) acc))))`;

/** The i-th shape of the turn: the same work, a different text and tree. */
export function turnVariant(i) {
  const lets = Array.from({ length: (i % 50) + 1 }, (_, j) => `y${j} ${j}`).join(" ");
  return TURN.replace("(let [s", `(let [${lets} s`) + ` ${"(do ".repeat(i % 17)}1${")".repeat(i % 17)}`;
}

/**
 * Measure this build (tier "auto", the default, and "generated") and, given a baseline
 * checkout, that build: turn by turn, each build in turn (the order rotating), so that a
 * change of load on the machine falls on all alike.
 */
export async function runTurnSuite({ quick = false, line = console.log, baseline = null } = {}) {
  const root = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..");
  const here = await import(pathToFileURL(join(root, "dist/index.js")).href);
  const before = baseline === null ? null : await import(pathToFileURL(join(baseline, "dist/index.js")).href);
  const n = quick ? 40 : 1200;
  const builds = [
    { label: "this build (tier auto, the default)", session: new here.Session(), compile: [], whole: [] },
    {
      label: "this build, tier generated (every form as JavaScript)",
      session: new here.Session({ tier: "generated" }),
      compile: [],
      whole: [],
    },
    ...(before === null
      ? []
      : [{ label: `baseline ${baseline}`, session: new before.Session(), compile: [], whole: [] }]),
  ];
  for (let i = 0; i < n; i++) {
    const src = turnVariant(i);
    for (let k = 0; k < builds.length; k++) {
      const b = builds[(i + k) % builds.length];
      let t = performance.now();
      const c = b.session.evaluateSync(`(defn bench-compile-only [] ${src})`, { print: "none" });
      b.compile.push(performance.now() - t);
      t = performance.now();
      const r = b.session.evaluateSync(src, { print: "none" });
      b.whole.push(performance.now() - t);
      if (!c.ok || !r.ok) throw new Error((c.ok ? r : c).error.format());
    }
  }
  // The first quarter warms each build up.
  const med = (xs) => median(xs.slice(n >> 2));
  const rows = { auto: builds[0], generated: builds[1], before: builds[2] };
  const fmt = (ms) => ms.toFixed(3);
  line(`Per-turn fixed cost: a 30-line agent program, a new shape each turn (median ms of ${n - (n >> 2)} turns)`);
  line(`  ${"".padEnd(56)}${"read+analyze+compile".padStart(21)}${"whole turn".padStart(12)}`);
  for (const b of builds)
    line(`  ${b.label.padEnd(56)}${fmt(med(b.compile)).padStart(21)}${fmt(med(b.whole)).padStart(12)}`);
  const report = Object.fromEntries(builds.map((b) => [b.label, { compileMs: med(b.compile), turnMs: med(b.whole) }]));
  if (rows.before !== undefined) {
    const ratio = med(rows.auto.compile) / med(rows.before.compile);
    line("  Target");
    line(
      `    ${ratio <= 1.05 ? "PASS" : "MISS"}  ${"read + analyze + compile not worse than the baseline".padEnd(52)} ${ratio.toFixed(2)}× the baseline`,
    );
  }
  line();
  return { report };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const i = argv.indexOf("--baseline");
  await runTurnSuite({ quick: argv.includes("--quick"), baseline: i >= 0 ? argv[i + 1] : null });
}
