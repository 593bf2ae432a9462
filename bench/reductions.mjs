// Reductions that stream and the hardening of issue 27:
//
// 1. Streaming: frequencies of 2,000,000 lazily mapped strings (more than a collection may
//    hold), as a whole process at the default limits (`ptcc eval FILE`) against the same loop
//    in plain JavaScript (`node FILE`), in alternating rounds: wall time and the peak memory
//    (maxRSS) above each engine's own trivial program (`(+ 1 2)`, `node -e 0`). Targets:
//    within 2× of the JavaScript, under 50 MB.
// 2. Shared structure: hashing and `=` of two vectors sharing their parts N levels deep (2^N
//    paths in N+1 nodes), and the set holding itself N levels deep, for N = 10, 20, 40: the
//    time must grow with N (linear), not with 2^N.
// 3. Regex: 1,000,000 empty matches (`(count (re-seq #"" s))` over 1,000,000 characters)
//    against as many matches of `#"a"`: the cost per match of an empty match.
//
// Run by bench/run.mjs (`--only reductions`), or alone: node bench/reductions.mjs [--quick]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { measure } from "./programs.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function freqPrograms(n) {
  return {
    clj: `(count (frequencies (map #(str "w" (mod (* % 7919) 5003)) (range ${n}))))`,
    js: `const f = new Map();
for (let i = 0; i < ${n}; i++) {
  const w = "w" + ((i * 7919) % 5003);
  f.set(w, (f.get(w) ?? 0) + 1);
}
console.log(f.size);`,
  };
}

/** Wall ms and maxRSS (MB, from GNU time's %M) of one process run; stdout's last line. */
function timed(args) {
  const t0 = performance.now();
  const res = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t0;
  const rssKb = Number(res.stderr.trim().split("\n").pop());
  return { ok: res.status === 0, ms, mb: rssKb / 1024, out: res.stdout.trim(), err: res.stderr.slice(0, 400) };
}

export async function runReductionSuite({ quick = false, line = console.log } = {}) {
  const lib = await import("../dist/index.js");
  const { Session } = lib;
  let failed = false;
  const report = {};
  const fx = (x) => (x >= 10 ? x.toFixed(1) : x.toFixed(2)) + "×";

  // 1. Streaming frequencies, whole processes.
  const n = quick ? 200_000 : 2_000_000;
  const rounds = quick ? 1 : 5;
  const dir = mkdtempSync(join(os.tmpdir(), "ptcc-reductions-"));
  const p = freqPrograms(n);
  const files = { clj: join(dir, "freq.clj"), js: join(dir, "freq.mjs"), trivial: join(dir, "trivial.clj") };
  writeFileSync(files.clj, p.clj + "\n");
  writeFileSync(files.js, p.js + "\n");
  writeFileSync(files.trivial, "(+ 1 2)\n");
  const runs = {
    ptcc: () => timed([join(root, "bin/ptcc.js"), "eval", files.clj]),
    js: () => timed([files.js]),
    ptccTrivial: () => timed([join(root, "bin/ptcc.js"), "eval", files.trivial]),
    nodeTrivial: () => timed(["-e", "0"]),
  };
  const got = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  try {
    for (let r = 0; r < rounds; r++) {
      const names = Object.keys(runs);
      for (let e = 0; e < names.length; e++) {
        const name = names[(e + r) % names.length];
        const res = runs[name]();
        if (!res.ok) {
          failed = true;
          line(`  ${name} failed: ${res.err}`);
          continue;
        }
        got[name].push(res);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const answers = new Set([...got.ptcc, ...got.js].map((r) => r.out));
  if (answers.size !== 1) {
    failed = true;
    line(`  WRONG: ptcc and JavaScript disagree: ${[...answers].join(" / ")}`);
  }
  const med = (k, f) => median(got[k].map(f));
  const t = { ptcc: med("ptcc", (r) => r.ms), js: med("js", (r) => r.ms) };
  const mem = {
    ptcc: med("ptcc", (r) => r.mb) - med("ptccTrivial", (r) => r.mb),
    js: med("js", (r) => r.mb) - med("nodeTrivial", (r) => r.mb),
  };
  line(
    `Streaming reductions: ${p.clj} at the default limits, whole process (median of ${rounds}; memory: peak RSS above the engine's trivial program)`,
  );
  line(`  ptcc eval    ${t.ptcc.toFixed(0).padStart(6)} ms   ${mem.ptcc.toFixed(1).padStart(6)} MB`);
  line(`  node (loop)  ${t.js.toFixed(0).padStart(6)} ms   ${mem.js.toFixed(1).padStart(6)} MB`);
  line(
    `  (trivial programs: ptcc eval ${med("ptccTrivial", (r) => r.ms).toFixed(0)} ms ${med("ptccTrivial", (r) => r.mb).toFixed(0)} MB, node -e 0 ${med("nodeTrivial", (r) => r.ms).toFixed(0)} ms ${med("nodeTrivial", (r) => r.mb).toFixed(0)} MB)`,
  );
  const targets = [
    { what: "frequencies of 2M lazy strings within 2× of plain JS", got: fx(t.ptcc / t.js), pass: t.ptcc / t.js <= 2 },
    { what: "... and under 50 MB", got: `${mem.ptcc.toFixed(1)} MB`, pass: mem.ptcc < 50 },
  ];
  for (const x of targets) line(`    ${x.pass ? "PASS" : "MISS"}  ${x.what.padEnd(52)} ${x.got}`);
  report.streaming = { n, ms: t, mb: mem, targets };

  // 2. Shared structure, in this process.
  const s = new Session();
  const dag = (k) => `(reduce (fn [a _] [a a]) [] (range ${k}))`;
  const setDag = (k) => `(reduce (fn [s i] (conj #{} s [s i])) #{} (range ${k}))`;
  const cases = {
    "hash of a vector DAG": (k) => `(hash ${dag(k)})`,
    "= of two vector DAGs": (k) => `(= ${dag(k)} ${dag(k)})`,
    "set holding itself": (k) => `(count ${setDag(k)})`,
    "= of two such sets": (k) => `(= ${setDag(k)} ${setDag(k)})`,
  };
  line("Shared structure: N levels of a value that shares its parts (2^N paths in N+1 nodes); median ms per program");
  line(`  ${"".padEnd(24)} ${[10, 20, 40].map((k) => `N=${k}`.padStart(9)).join("")}   N=40 / N=20`);
  report.shared = {};
  for (const [name, prog] of Object.entries(cases)) {
    const ms = [];
    for (const k of [10, 20, 40]) {
      const src = prog(k);
      const m = await measure(() => s.evaluateSync(src), { warmup: 3, runs: quick ? 5 : 15, budgetMs: 1500 });
      if (!m.last.ok) {
        failed = true;
        line(`  ${name} N=${k} failed: ${m.last.error.message}`);
      }
      ms.push(m.median);
    }
    const ratio = ms[2] / ms[1];
    line(`  ${name.padEnd(24)} ${ms.map((x) => x.toFixed(3).padStart(9)).join("")}   ${fx(ratio)}`);
    report.shared[name] = { ms, ratio };
  }
  const worst = Math.max(...Object.values(report.shared).map((r) => r.ratio));
  const linear = { what: "linear: N=40 costs at most 4× N=20", got: fx(worst), pass: worst <= 4 };
  line(`    ${linear.pass ? "PASS" : "MISS"}  ${linear.what.padEnd(52)} ${linear.got}`);
  report.sharedTarget = linear;

  // 3. Empty regex matches.
  const chars = quick ? 100_000 : 1_000_000;
  const rs = new Session({ context: { s: "a".repeat(chars) } });
  const re = {};
  for (const [name, src] of [
    ['empty #""', '(count (re-seq #"" data/s))'],
    ['one char #"a"', '(count (re-seq #"a" data/s))'],
  ]) {
    const m = await measure(() => rs.evaluateSync(src), { warmup: 2, runs: quick ? 3 : 9, budgetMs: 6000 });
    if (!m.last.ok) {
      failed = true;
      line(`  ${name} failed: ${m.last.error.message}`);
    }
    re[name] = { ms: m.median, matches: m.last.ok ? m.last.printed : null };
  }
  const [empty, one] = Object.values(re);
  line(`Regex: matches over ${chars.toLocaleString("en-US")} characters (median ms per program, default limits)`);
  for (const [name, r] of Object.entries(re))
    line(
      `  ${name.padEnd(16)} ${r.ms.toFixed(0).padStart(6)} ms   ${r.matches} matches   ${((r.ms * 1e6) / Number(r.matches)).toFixed(0)} ns per match`,
    );
  const reTarget = {
    what: "empty matches within the default time limit, ≤ 2× a one-char match",
    got: `${empty.ms.toFixed(0)} ms, ${fx(empty.ms / one.ms)}`,
    pass: empty.ms < 5000 && empty.ms / one.ms <= 2,
  };
  line(`    ${reTarget.pass ? "PASS" : "MISS"}  ${reTarget.what.padEnd(52)} ${reTarget.got}`);
  report.regex = { chars, ...re, target: reTarget };

  return { report, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { failed } = await runReductionSuite({ quick: process.argv.includes("--quick") });
  if (failed) process.exit(1);
}
