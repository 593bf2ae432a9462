/**
 * `npm run fuzz`: random programs (and tool answers and inputs) against the evaluator,
 * then every builtin over hostile arguments; prints what ran and what went wrong.
 *
 *   npm run fuzz -- [--count N] [--seconds S] [--seed N] [--sweep N] [--out FILE]
 *
 * --count: programs to run (default 1,000,000); --seconds: stop after this long instead
 * (whichever comes first); --seed: where the random programs start (default: the time);
 * --sweep: random argument tuples per builtin and arity in the builtin sweep (default 40;
 * 0 skips it); --out: also write the summary and every finding as JSON to FILE.
 *
 * The programs run in a child process, so that a crash of the engine itself is counted
 * (and the program that caused it kept) and the run goes on in a fresh child; a child
 * that stops making progress for 20 s is a hang. Printed at the end: programs run,
 * crashes, hangs (an evaluation ending more than 100 ms past its deadline, or a stuck
 * child), internal errors, typed errors, Object.prototype changes, peak RSS (sampled in
 * the child, and its growth after the first 10,000 programs), and the sweep's figures.
 */
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync, openSync, writeSync, ftruncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { sweepBuiltins } from "./builtin-sweep.js";
import { caseArbitrary, FuzzRunner, type ProgramOutcome } from "./run-program.js";

interface Options {
  readonly count: number;
  readonly seconds: number;
  readonly seed: number;
  readonly sweep: number;
  readonly out: string | null;
}

function options(argv: readonly string[]): Options {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, dflt: number): number => {
    const v = get(name);
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${v}`);
    return n;
  };
  return {
    count: num("count", 1_000_000),
    seconds: num("seconds", Infinity),
    seed: num("seed", Date.now() % 2 ** 31),
    sweep: num("sweep", 40),
    out: get("out") ?? null,
  };
}

interface Finding {
  readonly outcome: string;
  readonly program: string;
  readonly detail: string;
}

interface Progress {
  programs: number;
  counts: Record<ProgramOutcome, number>;
  peakRss: number;
  rssAfterWarmup: number;
  /** The last sample. */
  rss: number;
  findings: Finding[];
}

const BATCH = 250;
const MAX_FINDINGS = 200;

// ---------------------------------------------------------------------------------------
// The child: runs programs, reports progress, writes the current case to a file first.

async function child(seed: number, count: number, deadline: number, currentFile: string): Promise<void> {
  const runner = new FuzzRunner();
  const current = openSync(currentFile, "w");
  const progress: Progress = {
    programs: 0,
    counts: { ok: 0, error: 0, internal: 0, hang: 0, crash: 0, prototype: 0 },
    peakRss: 0,
    rssAfterWarmup: 0,
    rss: 0,
    findings: [],
  };
  const arb = caseArbitrary();
  let batchSeed = seed;
  while (progress.programs < count && Date.now() < deadline) {
    const cases = fc.sample(arb, { numRuns: Math.min(BATCH, count - progress.programs), seed: batchSeed++ });
    for (const c of cases) {
      const text = Buffer.from(c.program);
      ftruncateSync(current, 0);
      writeSync(current, text, 0, text.length, 0);
      const r = await runner.run(c);
      progress.programs++;
      progress.counts[r.outcome]++;
      if (r.outcome !== "ok" && r.outcome !== "error" && progress.findings.length < MAX_FINDINGS) {
        progress.findings.push({ outcome: r.outcome, program: c.program, detail: r.detail.slice(0, 2000) });
      }
      if ((progress.programs & 63) === 0) {
        const rss = process.memoryUsage().rss;
        progress.rss = rss;
        progress.peakRss = Math.max(progress.peakRss, rss);
        if (progress.programs >= 10_000 && progress.rssAfterWarmup === 0) progress.rssAfterWarmup = rss;
      }
    }
    process.send?.({ type: "progress", progress, seed: batchSeed });
    progress.findings = [];
  }
  process.send?.({ type: "done" });
}

// ---------------------------------------------------------------------------------------
// The parent: supervises children, adds up their reports, runs the sweep, prints.

async function parent(o: Options): Promise<void> {
  const started = Date.now();
  const deadline = o.seconds === Infinity ? Infinity : started + o.seconds * 1000;
  const dir = mkdtempSync(join(tmpdir(), "ptcc-fuzz-"));
  const total: Progress = {
    programs: 0,
    counts: { ok: 0, error: 0, internal: 0, hang: 0, crash: 0, prototype: 0 },
    peakRss: 0,
    rssAfterWarmup: 0,
    rss: 0,
    findings: [],
  };
  let seed = o.seed;
  let lastPrint = 0;
  let children = 0;
  while (total.programs < o.count && Date.now() < deadline) {
    const currentFile = join(dir, `current-${children++}.txt`);
    const base = { ...total.counts };
    const basePrograms = total.programs;
    const end = await new Promise<"done" | "crash" | "stuck">((resolve) => {
      const c: ChildProcess = fork(
        process.argv[1]!,
        ["--child", String(seed), String(o.count - total.programs), String(deadline), currentFile],
        {
          execArgv: process.execArgv,
          stdio: ["ignore", "ignore", "ignore", "ipc"],
        },
      );
      let alive = setTimeout(() => stuck(), 20_000);
      const stuck = (): void => {
        c.kill("SIGKILL");
        resolve("stuck");
      };
      c.on("message", (m: { type: string; progress?: Progress; seed?: number }) => {
        if (m.type === "done") {
          clearTimeout(alive);
          resolve("done");
          return;
        }
        const p = m.progress!;
        clearTimeout(alive);
        alive = setTimeout(() => stuck(), 20_000);
        seed = m.seed!;
        total.programs = basePrograms + p.programs;
        for (const k of Object.keys(total.counts) as ProgramOutcome[]) total.counts[k] = base[k] + p.counts[k];
        total.peakRss = Math.max(total.peakRss, p.peakRss);
        total.rss = p.rss;
        if (total.rssAfterWarmup === 0 && p.rssAfterWarmup > 0) total.rssAfterWarmup = p.rssAfterWarmup;
        for (const f of p.findings) {
          if (total.findings.length < MAX_FINDINGS) total.findings.push(f);
          // Shown as found: a long run is worth watching.
          process.stderr.write(
            `[${f.outcome}] ${f.program.replace(/\n/g, " ").slice(0, 300)}\n  ${f.detail.split("\n")[0]!.slice(0, 300)}\n`,
          );
        }
        if (Date.now() - lastPrint > 10_000) {
          lastPrint = Date.now();
          process.stderr.write(`${line(total, started)}\n`);
        }
      });
      c.on("exit", (code) => {
        clearTimeout(alive);
        resolve(code === 0 ? "done" : "crash");
      });
    });
    if (end !== "done") {
      let program = "";
      try {
        program = readFileSync(currentFile, "utf8");
      } catch {
        // The child died before writing a case.
      }
      const outcome = end === "crash" ? "crash" : "hang";
      total.counts[outcome]++;
      total.programs++;
      if (total.findings.length < MAX_FINDINGS)
        total.findings.push({
          outcome,
          program,
          detail: `the child ${end === "crash" ? "died" : "stopped making progress"}`,
        });
      seed += 1;
    } else break;
  }

  const sweep = o.sweep > 0 ? sweepBuiltins({ seed: o.seed, perArity: o.sweep }) : null;
  const summary = {
    programs: total.programs,
    crashes: total.counts.crash,
    hangs: total.counts.hang,
    internalErrors: total.counts.internal,
    prototypeChanges: total.counts.prototype,
    typedErrors: total.counts.error,
    values: total.counts.ok,
    peakRssMb: Math.round(total.peakRss / 1e6),
    rssAfter10kMb: Math.round(total.rssAfterWarmup / 1e6),
    rssAtEndMb: Math.round(total.rss / 1e6),
    seconds: Math.round((Date.now() - started) / 1000),
    seed: o.seed,
    sweep: sweep === null ? null : { calls: sweep.calls, ...sweep.counts },
  };
  process.stdout.write(`${line(total, started)}\n`);
  if (sweep !== null) {
    process.stdout.write(
      `builtin sweep: ${sweep.calls} calls, ${sweep.counts.internal} internal errors, ${sweep.counts.hang} hangs, ${sweep.counts["over-limit"]} past the limits, ${sweep.counts.crash} crashes, ${sweep.counts.prototype} prototype changes\n`,
    );
  }
  for (const f of [
    ...total.findings,
    ...(sweep?.findings.map((x) => ({ outcome: x.outcome, program: x.call, detail: x.detail })) ?? []),
  ].slice(0, 30)) {
    process.stdout.write(`\n[${f.outcome}] ${f.program}\n  ${f.detail.split("\n").slice(0, 6).join("\n  ")}\n`);
  }
  if (o.out !== null)
    writeFileSync(
      o.out,
      `${JSON.stringify({ summary, findings: total.findings, sweep: sweep?.findings ?? [] }, null, 2)}\n`,
    );
  const bad = total.counts.crash + total.counts.hang + total.counts.internal + total.counts.prototype;
  const sweepBad =
    sweep === null
      ? 0
      : sweep.counts.internal +
        sweep.counts.hang +
        sweep.counts.crash +
        sweep.counts.prototype +
        sweep.counts["over-limit"];
  process.exitCode = bad + sweepBad > 0 ? 1 : 0;
}

function line(t: Progress, started: number): string {
  const s = (Date.now() - started) / 1000;
  return (
    `programs run ${t.programs} (${Math.round(t.programs / Math.max(s, 0.001))}/s) · crashes ${t.counts.crash} · hangs ${t.counts.hang} · ` +
    `internal errors ${t.counts.internal} · prototype changes ${t.counts.prototype} · typed errors ${t.counts.error} · values ${t.counts.ok} · ` +
    `peak RSS ${Math.round(t.peakRss / 1e6)} MB (after 10k programs ${Math.round(t.rssAfterWarmup / 1e6)} MB, now ${Math.round(t.rss / 1e6)} MB) · ${Math.round(s)} s`
  );
}

const argv = process.argv.slice(2);
if (argv[0] === "--child") {
  await child(Number(argv[1]), Number(argv[2]), Number(argv[3]), argv[4]!);
  process.exit(0);
} else {
  await parent(options(argv));
}
