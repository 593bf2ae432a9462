// The lean-runtime suite of `npm run bench` (issue 21, section 5): what an app that runs
// compiled agents pays for ptcc in production.
//
//   install  the packed tarball (scripts/pack.mjs) installed into a fresh app with
//            `npm ci --omit=dev` (its lock file made first with the development peers in
//            it, as an app's would be): bytes on disk (whole blocks, as du counts), files,
//            packages, and packages with install scripts. Targets: ≤ 15 MB, none.
//   import   a generated agent module (ptcc compile's output, its types stripped: what tsc
//            would emit) run by `node` in that app, against `node -e 0` in the same run,
//            alternating; also `import "ptcc"` and `import "ptcc/runtime"` alone. Target:
//            the agent module ≤ 60 ms over `node -e 0` (medians).
//
// Timings are reported, never asserted; the suite fails when the install runs an install
// script or the agent module does not load.
import { execFileSync, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { median } from "./programs.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const MB = 1024 * 1024;
export const TARGETS = { installBytes: 15 * MB, importOverNodeMs: 60 };

const AGENT = `---
description: Totals the expenses of a category.
signature: "(expenses [{id :int, category :string, amount :float}], category :string) -> {total :float, count :int}"
---
Total the expenses of category {{category}}.
`;

/** Bytes on disk (whole blocks) and files under `dir`. */
function diskUsage(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    bytes += lstatSync(join(entry.parentPath ?? entry.path, entry.name)).blocks * 512;
    if (entry.isFile()) files++;
  }
  return { bytes, files };
}

/** Each package folder under node_modules (nested ones too), with its package.json. */
function packages(modules) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".")) continue;
      if (name.startsWith("@")) {
        for (const sub of readdirSync(join(dir, name))) visit(join(dir, name, sub), `${name}/${sub}`);
      } else visit(join(dir, name), name);
    }
  };
  const visit = (path, name) => {
    try {
      found.push({ name, pkg: JSON.parse(readFileSync(join(path, "package.json"), "utf8")), path });
    } catch {
      return;
    }
    try {
      walk(join(path, "node_modules"));
    } catch {
      // no nested node_modules
    }
  };
  walk(modules);
  return found;
}

const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall"];

/** Preloaded into each timed process: prints its CPU time (user + system, ms) to stderr at exit. */
const CPU_REPORTER =
  'process.on("exit", () => { const u = process.cpuUsage(); process.stderr.write(`cpu ${(u.user + u.system) / 1000}\\n`); });\n';

/**
 * `tarball`: another packed ptcc to measure instead of this checkout's (before/after; the
 * agent is compiled by this checkout's ptcc either way).
 */
export async function runLeanSuite({ quick, line, tarball: given }) {
  let failed = false;
  const dir = mkdtempSync(join(tmpdir(), "ptcc-bench-lean-"));
  try {
    const tarball =
      given ??
      execFileSync(process.execPath, [join(root, "scripts", "pack.mjs"), "--out", dir], {
        encoding: "utf8",
      }).trim();
    const tarballBytes = lstatSync(tarball).size;
    const app = join(dir, "app");
    mkdirSync(app);
    const devPeers = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies;
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({
        name: "app",
        version: "1.0.0",
        private: true,
        type: "module",
        dependencies: { ptcc: `file:${tarball}` },
        devDependencies: { "ts-morph": devPeers["ts-morph"], tsx: devPeers["tsx"] },
      }),
    );
    const npm = (args) =>
      spawnSync("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: app, encoding: "utf8" });
    const lock = npm(["install", "--package-lock-only"]);
    if (lock.status !== 0) throw new Error(`npm install --package-lock-only failed:\n${lock.stderr}`);
    const t0 = performance.now();
    const ci = npm(["ci", "--omit=dev"]);
    const installMs = performance.now() - t0;
    if (ci.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${ci.stderr}`);
    const modules = join(app, "node_modules");
    const usage = diskUsage(modules);
    const installed = packages(modules);
    const scripted = installed.filter(({ pkg }) => INSTALL_SCRIPTS.some((s) => pkg.scripts?.[s] !== undefined));
    const warned = /install-scripts/.test(`${ci.stdout}${ci.stderr}`);
    if (scripted.length > 0 || warned) failed = true;

    // The compiled agent: ptcc compile's output, types stripped (what tsc emits).
    const src = join(dir, "src");
    mkdirSync(join(src, "agents"), { recursive: true });
    writeFileSync(join(src, "agents", "expenses.agent.md"), AGENT);
    execFileSync(process.execPath, [join(root, "bin", "ptcc.js"), "compile", "agents", "--out", "gen"], {
      cwd: src,
      stdio: "ignore",
    });
    mkdirSync(join(app, "gen"));
    for (const f of readdirSync(join(src, "gen"))) {
      const { code } = await transform(readFileSync(join(src, "gen", f), "utf8"), { loader: "ts", format: "esm" });
      writeFileSync(join(app, "gen", f.replace(/\.ts$/, ".js")), code);
    }
    writeFileSync(
      join(app, "agent.mjs"),
      'import { expenses } from "./gen/index.js";\nif (typeof expenses.run !== "function") process.exit(3);\n',
    );

    const cases = [
      { name: "node -e 0 (baseline)", args: ["-e", "0"] },
      { name: "generated agent module", args: ["agent.mjs"] },
      { name: 'import "ptcc"', args: ["--input-type=module", "-e", 'import "ptcc";'] },
      { name: 'import "ptcc/runtime"', args: ["--input-type=module", "-e", 'import "ptcc/runtime";'] },
    ];
    writeFileSync(join(app, "cpu-reporter.mjs"), CPU_REPORTER);
    const rounds = quick ? 3 : 21;
    const times = cases.map(() => []);
    const cpus = cases.map(() => []);
    for (let r = 0; r < rounds + 1; r++) {
      for (const [i, c] of cases.entries()) {
        const start = performance.now();
        const p = spawnSync(process.execPath, ["--import", "./cpu-reporter.mjs", ...c.args], {
          cwd: app,
          encoding: "utf8",
        });
        const ms = performance.now() - start;
        const cpu = /^cpu ([\d.]+)$/m.exec(p.stderr);
        if (p.status !== 0 || cpu === null) {
          failed = true;
          line(`${c.name} failed (exit ${p.status}):\n${p.stderr}`);
        }
        if (r > 0) {
          // the first round warms the file cache
          times[i].push(ms);
          cpus[i].push(Number(cpu?.[1]));
        }
      }
    }
    const med = times.map((t) => median(t));
    const over = med.map((m) => m - med[0]);
    const cpuMed = cpus.map((t) => median(t));
    const cpuOver = cpuMed.map((m) => m - cpuMed[0]);

    line("Lean runtime: a production install of an app with compiled agents (npm ci --omit=dev)");
    line(
      `  installed: ${(usage.bytes / MB).toFixed(1)} MB on disk (target ≤ ${TARGETS.installBytes / MB} MB), ` +
        `${usage.files} files, ${installed.length} package${installed.length === 1 ? "" : "s"} ` +
        `(${installed.map((p) => p.name).join(", ")}); tarball ${(tarballBytes / MB).toFixed(1)} MB; npm ci ${installMs.toFixed(0)} ms`,
    );
    line(
      `  install scripts: ${scripted.length === 0 && !warned ? "none" : scripted.map((p) => p.name).join(", ") || "npm warned"} (target: none)`,
    );
    line(`  start-up, median ms of ${rounds} processes each, alternating (over node -e 0 in brackets):`);
    line(`    ${"".padEnd(26)}${"wall".padStart(8)}${"".padStart(10)}${"CPU".padStart(8)}`);
    const plus = (x) => `(+${x.toFixed(1)})`.padStart(10);
    for (const [i, c] of cases.entries()) {
      line(
        `    ${c.name.padEnd(26)}${med[i].toFixed(1).padStart(8)}${i === 0 ? "".padStart(10) : plus(over[i])}` +
          `${cpuMed[i].toFixed(1).padStart(8)}${i === 0 ? "" : plus(cpuOver[i])}`,
      );
    }
    line("    (CPU: user + system time of the process; steadier than wall time on a busy machine)");
    line(`  target: the generated agent module ≤ ${TARGETS.importOverNodeMs} ms over node -e 0`);
    line();
    return {
      failed,
      report: {
        installBytes: usage.bytes,
        installFiles: usage.files,
        packages: installed.map((p) => p.name),
        installScripts: scripted.map((p) => p.name),
        tarballBytes,
        npmCiMs: installMs,
        startMs: Object.fromEntries(cases.map((c, i) => [c.name, med[i]])),
        cpuMs: Object.fromEntries(cases.map((c, i) => [c.name, cpuMed[i]])),
        agentOverNodeMs: over[1],
        agentCpuOverNodeMs: cpuOver[1],
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
