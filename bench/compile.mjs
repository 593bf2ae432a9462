// The `ptcc compile` suite of `npm run bench`: a generated project of 100 agent files
// (each with its own signature; half of them with TypeScript tools, a declared signature and
// a derived one each, some agents used as tools, some with `self`) is compiled by the CLI in a fresh process —
// cold (no output folder), then again with nothing changed — against `tsc --noEmit` of
// the generated output (the repo's tsc, with the tool modules and ptcc's declarations) in
// the same run. Targets: a cold compile faster than that type check; a no-change rebuild
// under a tenth of a cold compile. Reported as ratios, never asserted. Also printed: the
// no-change compile inside a process that has compiled before (as --watch runs it).
//
// A cold compile loads TypeScript (ts-morph's) from a V8 code cache kept in
// node_modules/.cache/ptcc (src/compiler/code-cache.ts), made by the first compile that
// finds none. Each cold compile is measured twice: with an empty cache folder (as on a
// fresh install or a CI machine that does not keep node_modules/.cache: the compile makes
// the cache) and with a warm one (made by an untimed compile first). The bundles' own code
// caches (dist/bundle/*.cache) are part of the build, as for `ptcc eval`.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const AGENTS = 100;
const TOOL_MODULES = 10;

/** The project's files: agents/, tools/, tsconfig.json. */
export function projectFiles() {
  const files = {};
  files["tsconfig.json"] = JSON.stringify({
    compilerOptions: {
      target: "es2022",
      lib: ["es2023"],
      module: "nodenext",
      moduleResolution: "nodenext",
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
    files: ["gen/index.ts"],
  });
  for (let m = 0; m < TOOL_MODULES; m++) {
    files[`tools/tools-${m}.ts`] = `import type { ToolContext } from "ptcc";

export interface Item${m} { id: number; name: string; price: number; tags: string[]; _owner: string }

/** Items of shelf ${m} whose name contains the query, a page at a time. */
export async function search${m}(args: { query: string; cursor?: string | null }): Promise<{ items: Item${m}[]; cursor: string | null }> {
  return { items: [{ id: ${m}, name: args.query, price: 1.5, tags: [], _owner: "x" }], cursor: args.cursor ?? null };
}

/** The item of shelf ${m} with this id. */
export function get${m}(args: { id: number }, context: ToolContext): Item${m} | null {
  return context.turn > 0 ? { id: args.id, name: "n", price: 2, tags: ["a"], _owner: "o" } : null;
}

/** How many items of shelf ${m} match each of the queries. */
export function count${m}(args: { queries: string[]; exact?: boolean | null }): Record<string, number> {
  return Object.fromEntries(args.queries.map((q) => [q, args.exact === true ? 1 : q.length]));
}
`;
  }
  // Each agent's signature differs a little (a field named after the agent), as in a real
  // project: no two agent files are parsed, checked or emitted from the same text.
  for (let i = 0; i < AGENTS; i++) {
    const name = `agent-${String(i).padStart(3, "0")}`;
    const m = i % TOOL_MODULES;
    const tools = [];
    if (i % 2 === 0) {
      tools.push(
        `  - from: ../tools/tools-${m}.ts#search${m}\n    signature: "(query :string, cursor :string?) -> {items [{id :int, name :string, price :float, tags [:string], _owner :string}], cursor :string?}"`,
        `  - from: ../tools/tools-${m}.ts#count${m}`,
      );
    }
    if (i % 5 === 0 && i + 1 < AGENTS) tools.push(`  - agent-${String(i + 1).padStart(3, "0")}`);
    if (i % 10 === 0) tools.push("  - self");
    files[`agents/${name}.agent.md`] = `---
description: Agent ${i} of the bench project, answering questions about shelf ${m}.
signature: "(question :string, shelf :int, limit :int?, filters {tags [:string]?, max_price_${i} :float?}?, _user :string) -> {answer :string, items [{id :int, name :string, price :float}], total :int, notes_${i} [:string]?, _audit {user :string, at :string}}"
maxTurns: ${3 + (i % 4)}
${tools.length > 0 ? `tools:\n${tools.join("\n")}\n` : ""}fieldDescriptions:
  question: The customer's question, as asked.
  shelf: The shelf to look at.
  limit: At most this many items.
  filters: What the items must have.
  answer: One or two sentences for the customer.
  items: The items the answer is about, cheapest first.
---

Answer the question "{{question}}" about shelf {{shelf}}, with at most {{limit}} items that
match {{filters}}. Use the tools to find the items; report the ones the answer relies on.
`;
  }
  return files;
}

function run(cmd, args, cwd, env = {}) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout: 600_000, env: { ...process.env, ...env } });
  const ms = performance.now() - t0;
  return { ms, code: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * A compile with nothing changed inside a process that has compiled before, as `--watch`
 * does when a save changes nothing: the median of 5 after one untimed compile (which loads
 * the compiler). Prints ms.
 */
const IN_PROCESS = `
import { compileAgents } from ${JSON.stringify(join(root, "dist", "compiler", "compile.js"))};
const options = { inputs: ["agents"], out: "gen", cwd: process.cwd() };
const unchanged = (r) => {
  if (r.errors > 0 || r.written.length > 0) throw new Error("a no-change compile wrote files or failed");
};
unchanged(await compileAgents(options));
const ms = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  unchanged(await compileAgents(options));
  ms.push(performance.now() - t0);
}
ms.sort((a, b) => a - b);
console.log(ms[2]);
`;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function runCompileSuite({ quick, line }) {
  const runs = quick ? 1 : 5;
  const dir = join(root, ".bench-tmp", `compile-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(projectFiles())) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const bin = join(root, "bin", "ptcc.js");
  const tsc = join(root, "node_modules", ".bin", "tsc");
  const compile = (cache) =>
    run(process.execPath, [bin, "compile", "agents", "--out", "gen"], dir, { PTCC_CACHE_DIR: cache });
  const warmCache = join(dir, ".cache-warm");
  const emptyCache = join(dir, ".cache-empty");
  const times = { empty: [], warm: [], noChange: [], noChangeCheck: [], inProcess: [], check: [], node: [] };
  let failed = false;
  const cold = (cache, into) => {
    rmSync(join(dir, "gen"), { recursive: true, force: true });
    const c = compile(cache);
    if (c.code !== 0) {
      line(`ptcc compile failed:\n${c.out}`);
      failed = true;
      return false;
    }
    into.push(c.ms);
    return true;
  };
  try {
    // The warm cache: made by a compile that is not timed.
    if (!cold(warmCache, [])) return { failed, report: null };
    for (let i = 0; i < runs && !failed; i++) {
      rmSync(emptyCache, { recursive: true, force: true });
      if (!cold(emptyCache, times.empty) || !cold(warmCache, times.warm)) break;
      const w = compile(warmCache);
      if (!w.out.includes(" 0 files written")) {
        line(`the no-change compile wrote files:\n${w.out}`);
        failed = true;
      }
      times.noChange.push(w.ms);
      // --check of an unchanged project: it must cost what the no-change compile costs.
      const k = run(process.execPath, [bin, "compile", "agents", "--out", "gen", "--check"], dir, {
        PTCC_CACHE_DIR: warmCache,
      });
      if (k.code !== 0 || !k.out.includes("up to date")) {
        line(`the unchanged --check failed:\n${k.out}`);
        failed = true;
      }
      times.noChangeCheck.push(k.ms);
      const p = run(process.execPath, ["--input-type=module", "-e", IN_PROCESS], dir, { PTCC_CACHE_DIR: warmCache });
      const ms = Number(p.out.trim());
      if (p.code !== 0 || !Number.isFinite(ms)) {
        line(`the in-process no-change compile failed:\n${p.out.slice(0, 2000)}`);
        failed = true;
        break;
      }
      times.inProcess.push(ms);
      const t = run(tsc, ["-p", "tsconfig.json"], dir);
      if (t.code !== 0) {
        line(`tsc --noEmit of the generated output failed:\n${t.out.slice(0, 2000)}`);
        failed = true;
        break;
      }
      times.check.push(t.ms);
      times.node.push(run(process.execPath, ["-e", "0"], dir).ms);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) return { failed, report: null };
  const [e, c, w, t, n, ip, k] = [
    times.empty,
    times.warm,
    times.noChange,
    times.check,
    times.node,
    times.inProcess,
    times.noChangeCheck,
  ].map(median);
  const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`.padStart(10);
  const row = (label, m, xs) => line(`  ${label.padEnd(50)} ${m.toFixed(0).padStart(6)} ms  (${range(xs)})`);
  line("");
  line(
    `ptcc compile: ${AGENTS} agent files, ${TOOL_MODULES} tool modules (median ms of ${runs} fresh processes, range)`,
  );
  row("cold compile, warm code cache", c, times.warm);
  row("cold compile, empty code cache (first use, CI)", e, times.empty);
  row("no-change compile", w, times.noChange);
  row("no-change --check (CI)", k, times.noChangeCheck);
  row("no-change compile in a running process (--watch)", ip, times.inProcess);
  row("tsc --noEmit of the generated output (baseline)", t, times.check);
  row("node -e 0 (process start, for scale)", n, times.node);
  line(
    `  cold / tsc: ${(c / t).toFixed(2)}× warm cache, ${(e / t).toFixed(2)}× empty cache (target < 1)   ` +
      `no-change / cold: ${(w / c).toFixed(3)}× (target < 0.1; in a running process ${(ip / c).toFixed(3)}×)`,
  );
  line(`  no-change --check / no-change compile: ${(k / w).toFixed(2)}× (target ≈ 1)`);
  return {
    failed: false,
    report: {
      agents: AGENTS,
      runs,
      coldMs: c,
      coldEmptyCacheMs: e,
      noChangeMs: w,
      noChangeInProcessMs: ip,
      noChangeCheckMs: k,
      noChangeCheckOverNoChange: k / w,
      tscMs: t,
      nodeMs: n,
      coldOverTsc: c / t,
      coldEmptyCacheOverTsc: e / t,
      noChangeOverCold: w / c,
      all: times,
    },
  };
}
