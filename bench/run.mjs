// `npm run bench`: ptcc against nbb (a ClojureScript interpreter) and hand-written
// JavaScript on five programs in this process and on five heavy programs as whole
// processes (heavy.mjs), plus cold start, the cost of asynchrony and tool-call
// replay, generated validators against Ajv and Zod (validators.mjs), the agent loop's
// cost per turn with prompt sizes (agent-loop.mjs), a frozen agent against the same program
// evaluated each time and the live agent (frozen.mjs), 1,000 tool calls from one pmap under
// toolConcurrency 8 and 64 against a JavaScript semaphore (tool-calls.mjs), `ptcc compile` on
// a project of 100 agent files against tsc of its output (compile.mjs), queued runs on BullMQ
// with 1, 2 and 4 worker processes against the same runs in one process (queue.mjs), and the
// lean runtime: a production install's size and a compiled agent's start-up (lean.mjs). See
// bench/README.md for what is measured and how to read it.
//
// Usage: node bench/run.mjs [--quick] [--only name,name] [--json FILE]
//   --quick   smaller data and fewer runs: a smoke test of the bench itself
//   --only    run only these programs (names as in the table; `heavy`, `reductions`, `validators`,
//             `agent-loop`, `long-runs`, `frozen`, `tool-calls`, `lean`, `compile` and `queue` for those suites); skips nothing else
//   --json    also write every measurement to FILE
//   --baseline DIR  also run the heavy programs and the per-turn cost with another built
//             checkout of ptcc (before/after)
//
// Exits non-zero when the three versions of a program disagree on the answer (or an
// engine fails), or when a validator misses an error or flags valid data; timings are
// reported, never asserted.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  describe,
  makeData,
  measure,
  median,
  normalize,
  programs,
  ptcSource,
  roundTiming,
  sizes,
  timing,
} from "./programs.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const { read, Session, unlimited } = await import("../dist/index.js").catch((e) => {
  process.stderr.write(`cannot load dist/index.js (${e.message}): run \`npm run build\` first\n`);
  process.exit(2);
});
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const opt = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const only = opt("--only") ? new Set(opt("--only").split(",")) : null;
const jsonOut = opt("--json");
const sz = sizes(quick);
const LIMITS = unlimited(120_000);
const report = { quick, node: process.version, cpu: os.cpus()[0]?.model, cores: os.cpus().length, sizes: sz };
let failed = false;

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
const fx = (r) => (r >= 10 ? r.toFixed(1) : r.toFixed(2)) + "×";
const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const line = (s = "") => process.stdout.write(s + "\n");

line(`ptcc bench${quick ? " (--quick: small data, few runs — for testing the bench, not for numbers)" : ""}`);
line(`node ${process.version} · ${report.cpu} · ${report.cores} cores · ${new Date().toISOString()}`);
line();

// ---------------------------------------------------------------------------------------
// 1. The five programs: ptcc in this process, nbb and JS each in a child process.

const data = makeData(sz);
const progs = programs(sz).filter((p) => !only || only.has(p.name));
let t0 = performance.now();
const session = new Session({ context: data, limits: LIMITS });
const contextMs = performance.now() - t0;

const T = timing(quick);
const ptcc = {};
const nbb = {};
const js = {};
function child(script, first) {
  const args = [
    join(here, script),
    ...(quick ? ["--quick"] : []),
    ...(only ? ["--only", [...only].join(",")] : []),
    "--timing",
    JSON.stringify(roundTiming(T, first)),
  ];
  const res = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  if (res.status !== 0) {
    failed = true;
    line(`${script} failed (exit ${res.status}):\n${res.stderr}`);
    return {};
  }
  return JSON.parse(res.stdout.trim().split("\n").pop()).programs;
}
/** Add one round's measurements of an engine to its totals. */
function gather(into, name, m) {
  const prev = into[name];
  into[name] = { times: [...(prev?.times ?? []), ...m.times], answer: prev?.answer ?? m.answer };
}
const load = [os.loadavg()[0]];
for (let round = 0; round < T.rounds; round++) {
  for (const p of progs) {
    const src = ptcSource(p);
    // Each run: a fresh evaluate of the program text (read, analyze, compile, run, print).
    const m = await measure(() => session.evaluate(src), roundTiming(T, round === 0));
    const r = m.last;
    if (!r.ok) {
      failed = true;
      line(`ptcc FAILED on ${p.name}:\n${r.error.format()}`);
    }
    gather(ptcc, p.name, { times: m.times, answer: r.ok ? r.printed : null });
  }
  // Each child process is new: it warms up fully every round.
  if (progs.length === 0) continue; // --only named no program
  for (const [name, m] of Object.entries(child("nbb-runner.mjs", true))) gather(nbb, name, m);
  for (const [name, m] of Object.entries(child("js-runner.mjs", true))) gather(js, name, m);
  load.push(os.loadavg()[0]);
}
for (const e of [ptcc, nbb, js]) {
  for (const m of Object.values(e)) {
    m.median = median(m.times);
    m.min = Math.min(...m.times);
  }
}
for (const p of progs) {
  const src = ptcSource(p);
  // The same text inside a defn that is never called: read + analyze + compile only.
  const csrc = `(defn bench-compile-only [] ${src})`;
  const light = { ...roundTiming({ ...T, rounds: 1 }, true), warmupMs: quick ? 0 : 300 };
  const c = await measure(() => session.evaluateSync(csrc), light);
  if (!c.last.ok) line(`ptcc compile-only run of ${p.name} failed: ${c.last.error.format()}`);
  // The reader alone (text → forms).
  const rd = await measure(() => read(src), light);
  ptcc[p.name].compileMs = c.median;
  ptcc[p.name].readMs = rd.median;
}

// Answers must agree.
if (progs.length > 0) line("Answers");
for (const p of progs) {
  const a = { ptcc: ptcc[p.name]?.answer, nbb: nbb[p.name]?.answer, js: js[p.name]?.answer };
  const n = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, typeof v === "string" ? normalize(v) : null]));
  const agree = n.ptcc !== null && n.ptcc === n.nbb && n.ptcc === n.js;
  const shown = n.ptcc ?? n.nbb ?? n.js ?? "";
  line(`  ${agree ? "ok  " : "DIFF"} ${pad(p.name, 12)} ${shown.length > 96 ? shown.slice(0, 93) + "..." : shown}`);
  if (!agree) {
    failed = true;
    for (const [k, v] of Object.entries(a)) line(`         ${pad(k, 5)} ${v}`);
  }
}
if (progs.length > 0) line();

// One table per suite, each with its targets.
const SUITES = [
  {
    id: "core",
    title: "Language core: five programs",
    targets: (r) => [targetSpeed(r, 3), targetEvery(r), targetJs(r, 2)],
  },
  {
    id: "library",
    title: "Core library: collection-heavy builtins over 100,000 items, split/join over 1 MB",
    targets: (r) => [targetSpeed(r, 3), targetEvery(r)],
  },
];
const ok = (x) => Number.isFinite(x) && x > 0;
function targetSpeed(t, n) {
  return { what: `ptcc ≥ ${n}× faster than nbb in geometric mean`, got: fx(t.gmSpeed), pass: t.gmSpeed >= n };
}
function targetEvery(t) {
  const slow = t.rows.filter((r) => !(r.speedup > 1)).map((r) => r.name);
  return {
    what: `ptcc faster than nbb on every program`,
    got: slow.length ? `slower on ${slow.join(", ")}` : `min ${fx(Math.min(...t.rows.map((r) => r.speedup)))}`,
    pass: slow.length === 0,
  };
}
function targetJs(t, n) {
  return { what: `ptcc within ${n}× of hand-written JS in geometric mean`, got: fx(t.gmSlow), pass: t.gmSlow <= n };
}
const W = [12, 10, 10, 10, 10, 10];
report.suites = {};
for (const suite of SUITES) {
  const sprogs = progs.filter((p) => p.suite === suite.id);
  if (sprogs.length === 0) continue;
  const rows = sprogs.map((p) => {
    const pt = ptcc[p.name]?.median;
    const nb = nbb[p.name]?.median;
    const j = js[p.name]?.median;
    return { name: p.name, desc: describe(p, data), ptcc: pt, nbb: nb, js: j, speedup: nb / pt, slowdown: pt / j };
  });
  line(
    `${suite.title} (median ms per run of the whole program; up to ${T.runs} runs per engine in ${T.rounds} round${T.rounds > 1 ? "s" : ""}` +
      `; 1-min load average ${load.map((x) => x.toFixed(1)).join(" → ")})`,
  );
  line(
    `  ${pad("program", W[0])}${lpad("ptcc", W[1])}${lpad("nbb", W[2])}${lpad("js", W[3])}${lpad("nbb/ptcc", W[4])}${lpad("ptcc/js", W[5])}   what`,
  );
  for (const r of rows) {
    line(
      `  ${pad(r.name, W[0])}${lpad(fmt(r.ptcc), W[1])}${lpad(fmt(r.nbb), W[2])}${lpad(fmt(r.js), W[3])}` +
        `${lpad(fx(r.speedup), W[4])}${lpad(fx(r.slowdown), W[5])}   ${r.desc}`,
    );
  }
  const gmSpeed = geomean(rows.map((r) => r.speedup).filter(ok));
  const gmSlow = geomean(rows.map((r) => r.slowdown).filter(ok));
  line(`  ${pad("geomean", W[0])}${lpad("", W[1] + W[2] + W[3])}${lpad(fx(gmSpeed), W[4])}${lpad(fx(gmSlow), W[5])}`);
  const gmSpeedMin = geomean(sprogs.map((p) => nbb[p.name]?.min / ptcc[p.name]?.min).filter(ok));
  const gmSlowMin = geomean(sprogs.map((p) => ptcc[p.name]?.min / js[p.name]?.min).filter(ok));
  line(
    `  ${pad("(from min)", W[0])}${lpad("", W[1] + W[2] + W[3])}${lpad(fx(gmSpeedMin), W[4])}${lpad(fx(gmSlowMin), W[5])}   geomeans of the fastest runs, a check against load noise`,
  );
  line(
    `  (nbb/ptcc: speed-up over the baseline "nbb", higher is better; ptcc/js: slow-down against the baseline "js", lower is better)`,
  );
  if (Math.max(...load) > 1.5)
    line(
      `  NOTE: the load average rose above 1.5 during the runs: something else was using the CPUs; the numbers are noisy.`,
    );
  line("  Targets");
  const t = { rows, gmSpeed, gmSlow };
  const targets = suite.targets(t);
  for (const x of targets) line(`    ${x.pass ? "PASS" : "MISS"}  ${pad(x.what, 52)} ${x.got}`);
  line();
  report.suites[suite.id] = {
    rows,
    geomean: { speedupOverNbb: gmSpeed, slowdownVsJs: gmSlow, speedupFromMin: gmSpeedMin, slowdownFromMin: gmSlowMin },
    targets,
  };
}

if (progs.length > 0)
  line("ptcc: read + analyze + compile alone (the program text inside a defn that is not called), and read alone");
for (const p of progs) {
  const c = ptcc[p.name];
  const chars = ptcSource(p).length;
  line(
    `  ${pad(p.name, 12)} ${lpad(fmt(c.compileMs), 7)} ms = ${lpad(((100 * c.compileMs) / c.median).toFixed(1), 5)}% of the run` +
      `   of which read ${lpad(fmt(c.readMs), 6)} ms (${lpad(chars, 4)} chars, ${((1000 * c.readMs) / chars).toFixed(2)} µs/char)`,
  );
}
if (progs.length > 0) {
  line(
    `  (building the Session, which converts the ${Math.round(JSON.stringify(data).length / 1024)}-KB JSON context once: ${fmt(contextMs)} ms, not timed above)`,
  );
  line();
}
report.programs = progs.map((p) => ({
  name: p.name,
  suite: p.suite,
  compileMs: ptcc[p.name]?.compileMs,
  readMs: ptcc[p.name]?.readMs,
  times: { ptcc: ptcc[p.name]?.times, nbb: nbb[p.name]?.times, js: js[p.name]?.times },
}));
report.loadAverage = load;

{
  const { runTurnSuite } = await import("./turn.mjs");
  report.turn = (await runTurnSuite({ quick, line, baseline: opt("--baseline") ?? null })).report;
}

// ---------------------------------------------------------------------------------------
// 2. Cold start: a whole `ptcc eval` process against `node -e 0` (and nbb's, for scale).

const coldRuns = quick ? 5 : 15;
const cold = { node: [], ptcc: [], nbb: [], import: [] };
const cmds = {
  node: [process.execPath, ["-e", "0"]],
  ptcc: [process.execPath, [join(root, "bin/ptcc.js"), "eval", "-e", "(+ 1 2)"]],
  nbb: [process.execPath, [join(root, "node_modules/nbb/cli.js"), "-e", "(+ 1 2)"]],
  // An app's `import "ptcc"` (the package's own name resolves to its exports from the root).
  import: [
    process.execPath,
    [
      "--input-type=module",
      "-e",
      'import("ptcc").then((m) => console.log(typeof m.defineAgent === "function" ? 3 : 0))',
    ],
  ],
};
for (let i = 0; i < coldRuns + 1; i++) {
  for (const [k, [cmd, args]] of Object.entries(cmds)) {
    const s = performance.now();
    const res = spawnSync(cmd, args, { cwd: root, encoding: "utf8" });
    const ms = performance.now() - s;
    if (res.status !== 0 || (k !== "node" && res.stdout.trim() !== "3")) {
      line(`cold start: ${k} failed (exit ${res.status}): ${res.stdout}${res.stderr}`);
      if (k === "ptcc") failed = true;
    }
    if (i > 0) cold[k].push(ms); // the first round warms the file cache
  }
}
const cm = Object.fromEntries(Object.entries(cold).map(([k, v]) => [k, median(v)]));
line(`Cold start (median wall time of ${coldRuns} process runs, spawn to exit)`);
line(`  node -e 0                            ${lpad(fmt(cm.node), 7)} ms`);
line(
  `  ptcc eval -e '(+ 1 2)'               ${lpad(fmt(cm.ptcc), 7)} ms   ${fx(cm.ptcc / cm.node)} node, +${fmt(cm.ptcc - cm.node)} ms`,
);
line(
  `  nbb -e '(+ 1 2)'  (for scale)        ${lpad(fmt(cm.nbb), 7)} ms   ${fx(cm.nbb / cm.node)} node, +${fmt(cm.nbb - cm.node)} ms`,
);
line(
  `  import "ptcc" (node -e)              ${lpad(fmt(cm.import), 7)} ms   ${fx(cm.import / cm.node)} node, +${fmt(cm.import - cm.node)} ms`,
);
const coldTarget = {
  what: "ptcc eval within 2× of node -e 0",
  got: fx(cm.ptcc / cm.node),
  pass: cm.ptcc <= 2 * cm.node,
};
const importTarget = {
  what: 'import "ptcc" adds under 100 ms to node -e 0',
  got: `+${fmt(cm.import - cm.node)} ms`,
  pass: cm.import - cm.node < 100,
};
line("  Targets");
for (const t of [coldTarget, importTarget]) line(`    ${t.pass ? "PASS" : "MISS"}  ${pad(t.what, 52)} ${t.got}`);
line();
report.coldStart = { ...cm, runs: cold, target: coldTarget, importTarget };

// ---------------------------------------------------------------------------------------
// 2b. Heavy programs as whole processes: ptcc eval FILE, nbb FILE and node FILE.

if (!only || only.has("heavy")) {
  const { runHeavySuite } = await import("./heavy.mjs");
  const h = runHeavySuite({ quick, line, baseline: opt("--baseline") ?? null });
  report.heavy = h.report;
  if (h.failed) failed = true;
}

// ---------------------------------------------------------------------------------------
// 2c. Reductions that stream, shared structure, empty regex matches (issue 27).

if (!only || only.has("reductions") || only.has("heavy")) {
  const { runReductionSuite } = await import("./reductions.mjs");
  const r = await runReductionSuite({ quick, line });
  report.reductions = r.report;
  if (r.failed) failed = true;
}

// ---------------------------------------------------------------------------------------
// 3. The cost of asynchrony: evaluateSync vs evaluate on pure programs (interleaved).

async function syncVsAsync(src, rounds, batch) {
  const s = new Session({ limits: LIMITS });
  // [first in its pair, second in its pair]: the second run of a pair often pays for the
  // first one's garbage, so each path is timed in both places and the two medians averaged.
  const ts = [[], []];
  const ta = [[], []];
  for (let i = 0; i < 3; i++) {
    s.evaluateSync(src);
    await s.evaluate(src);
  }
  const timeSync = (pos) => {
    const t = performance.now();
    for (let b = 0; b < batch; b++) s.evaluateSync(src);
    ts[pos].push((performance.now() - t) / batch);
  };
  const timeAsync = async (pos) => {
    const t = performance.now();
    for (let b = 0; b < batch; b++) await s.evaluate(src);
    ta[pos].push((performance.now() - t) / batch);
  };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      timeSync(0);
      await timeAsync(1);
    } else {
      await timeAsync(0);
      timeSync(1);
    }
  }
  const both = ([a, b]) => (median(a) + median(b)) / 2;
  return { sync: both(ts), async: both(ta) };
}
const pureSmall = "(+ 1 2)";
const nested = programs(sz).find((p) => p.name === "nested-for");
const pure = [
  { label: "(+ 1 2)", ...(await syncVsAsync(pureSmall, quick ? 5 : 21, quick ? 200 : 1000)) },
  { label: "nested-for", ...(await syncVsAsync(ptcSource(nested), quick ? 4 : 60, 1)) },
];
line(
  "Asynchrony on pure programs (median ms per evaluation; sync and async runs alternating, each first and second in turn)",
);
for (const r of pure) {
  const d = r.async - r.sync;
  line(
    `  ${pad(r.label, 12)} evaluateSync ${lpad(fmt(r.sync), 8)}   await evaluate ${lpad(fmt(r.async), 8)}   ` +
      `async − sync ${d >= 0 ? "+" : "−"}${(Math.abs(d) * 1000).toFixed(1)} µs (${((100 * d) / r.sync).toFixed(1)}%)`,
  );
}
line();
report.asynchrony = pure;

// ---------------------------------------------------------------------------------------
// 4. Tool calls: N sequential calls in one top-level form (replayed from its start at each
// new answer) vs the same calls spread over N top-level `def` forms.

const toolSession = () => new Session({ tools: { get: async (args) => ({ id: args.id }) }, limits: LIMITS });
// Each program has a twin without tools: the same text with `identity` (as long as
// `tool/get`) in its place, timed with evaluateSync; the difference is what the tool calls
// cost, reading and compiling the same amount of text.
const oneForm = (n, tool = true) => `(mapv #(${tool ? "tool/get" : "identity"} {:id %}) (range ${n}))`;
const spread = (n, tool = true) =>
  Array.from({ length: n }, (_, i) => `(def r${i} (${tool ? "tool/get" : "identity"} {:id ${i}}))`).join("\n") +
  `\n[${Array.from({ length: n }, (_, i) => `r${i}`).join(" ")}]`;
/**
 * Time a tool program (await evaluate) and its no-tool twin (evaluateSync) in alternation,
 * each first and second in turn (the second of a pair may pay for the first's garbage), so
 * that load and GC fall on both alike. Returns the medians in ms (averaged over positions).
 */
async function pairRun(src, twinSrc, n) {
  const s = toolSession();
  const t = toolSession();
  const rounds = quick ? 4 : 26;
  const a = [[], []];
  const b = [[], []];
  let r = null;
  let tw = null;
  for (let i = 0; i < 3; i++) {
    await s.evaluate(src);
    t.evaluateSync(twinSrc);
  }
  const runTool = async (pos) => {
    const t0 = performance.now();
    r = await s.evaluate(src);
    a[pos].push(performance.now() - t0);
  };
  const runTwin = (pos) => {
    const t0 = performance.now();
    tw = t.evaluateSync(twinSrc);
    b[pos].push(performance.now() - t0);
  };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      await runTool(0);
      runTwin(1);
    } else {
      runTwin(0);
      await runTool(1);
    }
  }
  if (!r.ok || r.toolCalls.length !== n) {
    failed = true;
    line(`tool program failed: ${r.ok ? `${r.toolCalls.length} calls, expected ${n}` : r.error.format()}`);
  }
  if (!tw.ok) {
    failed = true;
    line(`tool twin failed: ${tw.error.format()}`);
  }
  const both = ([x, y]) => (median(x) + median(y)) / 2;
  return { ms: both(a), twin: both(b), printed: r.ok ? r.printed : null };
}
const get = async (args) => ({ id: args.id });
async function jsToolLoop(n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await get({ id: i }));
  return out;
}
const ns = quick ? [20, 50] : [50, 100, 200];
{
  // Warm up reader, analyzer, compiler and the tool path on all variants first: the
  // reader's JIT needs dozens of runs of these long texts to settle.
  const s = toolSession();
  const warmEnd = performance.now() + (quick ? 200 : 2000);
  while (performance.now() < warmEnd) {
    for (const n of ns) {
      await s.evaluate(oneForm(n));
      await s.evaluate(spread(n));
      s.evaluateSync(oneForm(n, false));
      s.evaluateSync(spread(n, false));
    }
  }
}
const tools = [];
for (const n of ns) {
  const a = await pairRun(oneForm(n), oneForm(n, false), n);
  const b = await pairRun(spread(n), spread(n, false), n);
  if (a.printed !== b.printed) {
    failed = true;
    line(`tool programs disagree for n=${n}:\n  ${a.printed?.slice(0, 200)}\n  ${b.printed?.slice(0, 200)}`);
  }
  const j = await measure(() => jsToolLoop(n), { warmup: 3, runs: 15, minRuns: 5, budgetMs: 500 });
  tools.push({ n, oneForm: a.ms, spread: b.ms, js: j.median, oneFormTwin: a.twin, spreadTwin: b.twin });
}
line("Tool calls (a tool `get` that answers at once; median ms per evaluation)");
line(
  `  ${pad("calls", 6)}${lpad("one form", 10)}${lpad("no-tool twin", 14)}${lpad("per call", 10)}` +
    `${lpad("spread defs", 13)}${lpad("no-tool twin", 14)}${lpad("per call", 10)}${lpad("one/spread", 12)}${lpad("JS await loop", 15)}`,
);
for (const t of tools) {
  const us = (x) => (x > 0 ? ((1000 * x) / t.n).toFixed(1) + " µs" : "≈0");
  line(
    `  ${pad(t.n, 6)}${lpad(fmt(t.oneForm), 10)}${lpad(fmt(t.oneFormTwin), 14)}${lpad(us(t.oneForm - t.oneFormTwin), 10)}` +
      `${lpad(fmt(t.spread), 13)}${lpad(fmt(t.spreadTwin), 14)}${lpad(us(t.spread - t.spreadTwin), 10)}` +
      `${lpad(fx(t.oneForm / t.spread), 12)}${lpad(fmt(t.js), 15)}`,
  );
}
line(`  one form: ${oneForm("N")} — replayed from its start at each new answer (O(N²) work)`);
line(`  spread:   (def r0 (tool/get {:id 0})) … (def rN-1 …) [r0 … rN-1] — each form replays only itself`);
line(`  twin: the same text with identity for tool/get, run with evaluateSync, alternating with the tool program;`);
line(
  `  per call = (program − twin) / N: the cost of one tool call with its replay share; JS = N sequential awaits of the tool`,
);
line();
report.tools = tools;

// ---------------------------------------------------------------------------------------
// 5. Validators: the generated validator against Ajv and Zod on 1,000 nested records.

if (!only || only.has("validators")) {
  const { runValidatorSuite, SCENARIOS } = await import("./validators.mjs");
  const v = await runValidatorSuite({ quick, line });
  report.validators = v.report;
  if (v.failed) failed = true;
  // Signatures v2: unions, enums, refinements (issue 26).
  const v2 = await runValidatorSuite({ quick, line, scenario: SCENARIOS.v2 });
  report.validatorsV2 = v2.report;
  if (v2.failed) failed = true;
}

// ---------------------------------------------------------------------------------------
// 6. The agent loop: its own cost per turn, against JSON.stringify of the same input.

if (!only || only.has("agent-loop")) {
  const { runAgentLoopSuite } = await import("./agent-loop.mjs");
  const a = await runAgentLoopSuite({ quick, line });
  report.agentLoop = a.report;
  if (a.failed) failed = true;
}

if (!only || only.has("long-runs")) {
  const { runLongRunSuite } = await import("./long-runs.mjs");
  const l = await runLongRunSuite({ quick, line });
  report.longRuns = l.report;
  if (l.failed) failed = true;
}

if (!only || only.has("frozen")) {
  const { runFrozenSuite } = await import("./frozen.mjs");
  const fz = await runFrozenSuite({ quick, line });
  report.frozen = fz.report;
  if (fz.failed) failed = true;
}

if (!only || only.has("tool-calls")) {
  const { runToolCallSuite } = await import("./tool-calls.mjs");
  const t = await runToolCallSuite({ quick, line });
  report.toolCalls = t.report;
  if (t.failed) failed = true;
}

if (!only || only.has("lean")) {
  const { runLeanSuite } = await import("./lean.mjs");
  const l = await runLeanSuite({ quick, line });
  report.lean = l.report;
  if (l.failed) failed = true;
}

if (!only || only.has("compile")) {
  const { runCompileSuite } = await import("./compile.mjs");
  const c = await runCompileSuite({ quick, line });
  report.compile = c.report;
  if (c.failed) failed = true;
}

// ---------------------------------------------------------------------------------------
// 7. Run queues: 1,000 runs on BullMQ with 1, 2 and 4 worker processes against one process.

if (!only || only.has("queue")) {
  const { runQueueSuite } = await import("./queue.mjs");
  const q = await runQueueSuite({ quick, line });
  report.queue = q.report;
  if (q.failed) failed = true;
}

if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 2) + "\n");
if (failed) {
  line(
    "FAILED: an engine failed, the answers disagree, a validator is wrong or a prompt is over its budget (see above)",
  );
  process.exit(1);
}
line("All answers agree.");
