// The frozen-agent suite: one 30-line program (a report over orders, with a tool call),
// kept as an agent's program file and compiled by `ptcc compile` into `reportFrozen`, run
// over 1,000 inputs, against the same program evaluated by a Session each time (read,
// analyze, compile and run on every input: what a host that keeps the program's text and
// runs it pays). Rounds alternate the two, so that a change of load falls on both; the
// figure is the median per-run time of the rounds and their ratio (target: frozen ≥ 5×
// faster). Also the same job done by the live agent with a scripted model that takes
// 200 ms per turn (one turn per run), on a sample of inputs: what freezing saves.
//
// The generated module is bundled by esbuild (ptcc resolved to dist/) and imported here.
// Run by bench/run.mjs (`--only frozen`), or alone: node bench/frozen.mjs [--quick]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, transformSync } from "esbuild";
import { median, prng } from "./programs.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
export const TARGET_RATIO = 5;
export const MODEL_MS = 200;

const SIGNATURE =
  "(orders [{id :int, region :string, amount :float, currency :string, qty :int, status :string, tags [:string]}], currency :string) -> {count :int, total :float, top [:int], regions :int, biggest :int?}";

/** The kept program: 30 lines of the kind a model writes for a report. */
export const PROGRAM = `(def rates (tool/rates {:currency data/currency}))
(defn in-currency [o]
  (* (:amount o) (get rates (:currency o) 1.0)))
(defn score [o]
  (let [{:keys [qty tags]} o
        base (* (in-currency o) qty)]
    (if (some #(= % "sale") tags)
      (* base 0.9)
      base)))
(defn summarize [rows]
  {:count (count rows)
   :total (reduce + 0.0 (map :score rows))
   :tags (frequencies (mapcat :tags rows))})
(def open-orders
  (for [o data/orders
        :let [s (score o)]
        :when (not= (:status o) "cancelled")]
    (assoc o :score s)))
(def by-region (group-by :region open-orders))
(def top (->> open-orders (sort-by :score >) (take 3) (mapv :id)))
(def totals
  (into {} (for [[r os] by-region] [r (reduce + 0.0 (map :score os))])))
(let [s (summarize open-orders)
      biggest (loop [xs open-orders best nil]
                (if (empty? xs)
                  best
                  (recur (rest xs)
                         (if (or (nil? best) (> (:score (first xs)) (:score best))) (first xs) best))))]
  (return {:count (:count s) :total (:total s) :top top
           :regions (count totals) :biggest (:id biggest)}))
`;

const RATES = { EUR: 1.1, GBP: 1.25, USD: 1.0 };
const REGIONS = ["north", "south", "east", "west"];
const CURRENCIES = ["EUR", "GBP", "USD"];
const TAGS = ["sale", "new", "bulk", "gift"];

/** The i-th input: 12 orders. */
export function makeInput(i) {
  const rnd = prng(1000 + i);
  const orders = [];
  for (let k = 0; k < 12; k++) {
    orders.push({
      id: i * 100 + k,
      region: REGIONS[Math.floor(rnd() * REGIONS.length)],
      amount: Math.round(rnd() * 20_000) / 100 + 0.5,
      currency: CURRENCIES[Math.floor(rnd() * CURRENCIES.length)],
      qty: 1 + Math.floor(rnd() * 5),
      status: rnd() < 0.15 ? "cancelled" : "open",
      tags: TAGS.filter(() => rnd() < 0.3),
    });
  }
  return { orders, currency: "USD" };
}

/** A project with the agent, its program file and its tool; compiled by the built CLI and bundled. */
async function makeModule(dir, header) {
  mkdirSync(join(dir, "agents"), { recursive: true });
  mkdirSync(join(dir, "tools"), { recursive: true });
  writeFileSync(
    join(dir, "agents", "report.agent.md"),
    `---\nsignature: "${SIGNATURE}"\nmaxTurns: 1\ntools:\n  - from: ../tools/rates.ts#rates\n    signature: "(currency :string) -> {EUR :float, GBP :float, USD :float}"\n---\n\nReport on {{orders}} in {{currency}}.\n`,
  );
  writeFileSync(
    join(dir, "tools", "rates.ts"),
    `export function rates(_args: { currency: string }): { EUR: number; GBP: number; USD: number } {\n  return ${JSON.stringify(RATES)};\n}\n`,
  );
  writeFileSync(join(dir, "agents", "report.program.clj"), header + PROGRAM);
  execFileSync(process.execPath, [join(root, "bin", "ptcc.js"), "compile", "agents", "--out", "gen"], {
    cwd: dir,
    stdio: "pipe",
  });
  writeFileSync(
    join(dir, "main.ts"),
    'export { report, reportFrozen } from "./gen/report.js";\nexport { Session, toHost, frozenProgram } from "ptcc";\nexport { rates } from "./tools/rates.js";\n',
  );
  const out = join(dir, "bundle.mjs");
  await build({
    entryPoints: [join(dir, "main.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: out,
    logLevel: "silent",
    external: ["ptcc", "ptcc/runtime"],
  });
  return out;
}

export async function runFrozenSuite({ quick, line }) {
  const ptcc = await import(pathToFileURL(join(root, "dist", "index.js")).href);
  const dir = mkdtempSync(join(tmpdir(), "ptcc-bench-frozen-"));
  // The bundle imports "ptcc" from this checkout: a package.json naming it, and a link.
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  execFileSync("ln", ["-s", root, join(dir, "node_modules", "ptcc")]);
  let failed = false;
  try {
    const sig = ptcc.parseSignature(SIGNATURE);
    const header = ptcc.programHeader({ agent: "report", signature: sig, model: "bench", date: "2026-11-26" });
    const mod = await import(pathToFileURL(await makeModule(dir, header)).href);
    const N = quick ? 100 : 1000;
    const ROUNDS = quick ? 1 : 5;
    const inputs = Array.from({ length: N }, (_, i) => makeInput(i));
    const tools = { rates: () => RATES };

    // The same frozen program run by a Session directly (no agent: no input or output check,
    // no Step): the module's text made by the compiler's emitter, types stripped as a bundler
    // does (dist/, the tsc build: its own module instance, so its own Session).
    const lib = await import(pathToFileURL(join(root, "dist", "index.js")).href);
    const { frozenProgramText, generateProgram } = await import(
      pathToFileURL(join(root, "dist", "compiler", "emit-frozen.js")).href
    );
    const text = frozenProgramText(
      "report.program.clj",
      PROGRAM,
      generateProgram(PROGRAM, {
        tools: new Set(["rates"]),
        toolCatalog: null,
        dataKeys: new Set(["orders", "currency"]),
      }),
    );
    const program = new Function(
      "$ptcc",
      `${transformSync(`const program = ${text};`, { loader: "ts" }).code}\nreturn program;`,
    )(lib);
    const programRun = async (input) => {
      const r = await new lib.Session({ context: input, tools }).evaluateFrozen(program, { print: "none" });
      if (!r.ok) throw new Error(`frozen program failed: ${r.error.format()}`);
    };
    const libEvaluate = async (input) => {
      const r = await new lib.Session({ context: input, tools }).evaluate(PROGRAM, { print: "none" });
      if (!r.ok) throw new Error(`session run failed: ${r.error.format()}`);
    };

    const frozenRun = async (input) => {
      const step = await mod.reportFrozen(input);
      if (!step.ok) throw new Error(`frozen run failed: ${step.failure.reason}`);
      return step.return;
    };
    const sessionRun = async (input) => {
      const s = new mod.Session({ context: input, tools });
      const r = await s.evaluate(PROGRAM, { print: "none" });
      if (!r.ok) throw new Error(`session run failed: ${r.error.format()}`);
      return mod.toHost(null, r.value);
    };
    // The same answers both ways, on every input.
    for (const input of inputs.slice(0, 20)) {
      const a = JSON.stringify(await frozenRun(input));
      const b = JSON.stringify(await sessionRun(input));
      if (a !== b) {
        line(`frozen and evaluated disagree: ${a} vs ${b}`);
        failed = true;
        break;
      }
    }
    const time = async (f) => {
      const t0 = performance.now();
      for (const input of inputs) await f(input);
      return (performance.now() - t0) / N;
    };
    // Warm both (V8 optimizes what runs often; the first runs of each are not what a service pays).
    const suites = [frozenRun, sessionRun, programRun, libEvaluate];
    for (const s of suites) await time(s);
    const times = suites.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      // Each round in another order, so that a change of load falls on all alike.
      const order = suites.map((_, i) => (i + r) % suites.length);
      for (const i of order) times[i].push(await time(suites[i]));
    }
    const [f, e, p, e2] = times.map(median);
    const [frozen, evaluated] = times;

    // The live agent: a model that takes MODEL_MS per turn, answering with the same program.
    const LIVE = quick ? 2 : 10;
    const reply = `Here is the report.\n\n\`\`\`clojure\n${PROGRAM}\`\`\``;
    const llm = async () => {
      await new Promise((res) => setTimeout(res, MODEL_MS));
      return reply;
    };
    const t0 = performance.now();
    for (const input of inputs.slice(0, LIVE)) {
      const step = await mod.report.run(input, { llm });
      if (!step.ok) {
        line(`live run failed: ${step.failure.reason}`);
        failed = true;
      }
    }
    const live = (performance.now() - t0) / LIVE;

    const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
    line("");
    line(`Frozen agent: a 30-line program over ${N} inputs, ${ROUNDS} rounds (median ms per run)`);
    line(`  frozen (reportFrozen, compiled ahead of time)      ${fmt(f)} ms`);
    line(`  Session.evaluate of the same text each time        ${fmt(e)} ms`);
    line(
      `  ratio                                              ${(e / f).toFixed(1)}× (target ≥ ${TARGET_RATIO}×: ${e / f >= TARGET_RATIO ? "PASS" : "MISS"})`,
    );
    line(`  the frozen program alone in a Session (evaluateFrozen, no agent checks)  ${fmt(p)} ms`);
    line(`  Session.evaluate in the same build                 ${fmt(e2)} ms: ${(e2 / p).toFixed(1)}×`);
    line(
      `  live agent, ${MODEL_MS} ms scripted model per turn  ${fmt(live)} ms per run (${LIVE} runs): ${((live * N) / 1000).toFixed(0)} s for ${N} inputs vs ${((f * N) / 1000).toFixed(2)} s frozen`,
    );
    return {
      failed,
      report: {
        n: N,
        rounds: ROUNDS,
        frozenMs: f,
        evaluatedMs: e,
        ratio: e / f,
        programMs: p,
        programEvaluatedMs: e2,
        programRatio: e2 / p,
        liveMs: live,
        frozen,
        evaluated,
      },
    };
  } finally {
    if (!process.env.KEEP_BENCH_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const quick = process.argv.includes("--quick");
  const r = await runFrozenSuite({ quick, line: (s = "") => process.stdout.write(`${s}\n`) });
  if (r.failed) process.exit(1);
}
