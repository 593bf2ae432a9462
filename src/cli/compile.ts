/**
 * `ptcc compile [DIR...] --out OUT [--check] [--watch] [--force] [--format pretty|json|github]`:
 * typed TypeScript modules from agent files (src/compiler), for people, editors and CI.
 *
 *   pretty   each problem as `file:line:col: error PTC1xx: message` with a code frame, then
 *            the summary line `12 agents, 0 errors, 3 files written`
 *   json     one JSON object: {ok, agents, errors, warnings, diagnostics, written, ...}
 *   github   `::error file=…,line=…,col=…::message` annotations, then the summary (the
 *            default when GITHUB_ACTIONS=true)
 *
 * Exit codes: 0 compiled (or, with --check, up to date); 1 errors in the agent files, or
 * --check found stale, missing or extra files; 2 the command was used wrongly.
 */
import { watch as fsWatch, type FSWatcher } from "node:fs";
import { dirname, resolve } from "node:path";
import type { CompileProgress, CompileResult } from "../compiler/compile.js";
import {
  diagnosticToJson,
  formatDiagnostic,
  formatGithubAnnotation,
  sortDiagnostics,
} from "../compiler/diagnostics.js";
import { UsageError } from "./usage-error.js";

export interface CompileArgs {
  readonly dirs?: readonly string[];
  readonly out?: unknown;
  readonly check?: boolean;
  readonly watch?: boolean;
  readonly force?: boolean;
  readonly format?: unknown;
}

type Format = "pretty" | "json" | "github";

/** How long --watch waits after a change for more changes before it compiles. */
const WATCH_SETTLE_MS = 120;

export async function runCompile(args: CompileArgs): Promise<number> {
  if (typeof args.out !== "string" || args.out === "") {
    throw new UsageError("give the output folder: ptcc compile agents --out src/agents.generated");
  }
  const format = formatOf(args.format);
  if (args.check === true && args.watch === true) throw new UsageError("--check and --watch do not go together");
  const dirs = args.dirs !== undefined && args.dirs.length > 0 ? [...args.dirs] : ["agents"];
  const { CompileUsageError } = await import("../compiler/discover.js");
  const run = async (progress: boolean): Promise<CompileResult> => {
    try {
      // Nothing changed: answered without loading the parsers or the compiler.
      if (args.check !== true && args.force !== true) {
        const { upToDate } = await import("../compiler/up-to-date.js");
        const quick = await upToDate({ inputs: dirs, out: args.out as string, cwd: process.cwd() });
        if (quick !== null) {
          const none: readonly string[] = [];
          return { ...quick, diagnostics: [], errors: 0, warnings: 0, written: none, removed: none, regenerated: none };
        }
      }
      const { compileAgents } = await import("../compiler/compile.js");
      return await compileAgents({
        inputs: dirs,
        out: args.out as string,
        cwd: process.cwd(),
        check: args.check === true,
        force: args.force === true,
        ...(progress ? { onProgress: progressLine() } : {}),
      });
    } catch (e) {
      if (e instanceof CompileUsageError) throw new UsageError(e.message);
      throw e;
    } finally {
      if (progress) process.stderr.write("\r\x1b[K");
    }
  };

  const showProgress = format === "pretty" && process.stderr.isTTY === true;
  const first = await run(showProgress);
  process.stdout.write(render(first, format, args.check === true));
  if (args.watch !== true) return exitCode(first, args.check === true);
  return watchLoop(dirs, first, async () => {
    const r = await run(false);
    process.stdout.write(renderChanges(r, format));
    return r;
  });
}

function formatOf(v: unknown): Format {
  if (v === undefined) return process.env["GITHUB_ACTIONS"] === "true" ? "github" : "pretty";
  if (v === "pretty" || v === "json" || v === "github") return v;
  throw new UsageError(`--format must be pretty, json or github, got ${JSON.stringify(v)}`);
}

function exitCode(r: CompileResult, check: boolean): number {
  if (r.errors > 0) return 1;
  if (check && r.check !== undefined && r.check.stale.length + r.check.missing.length + r.check.extra.length > 0) {
    return 1;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------
// Output

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/** `12 agents, 0 errors, 3 files written` (warnings and removals when there are some). */
export function summaryLine(r: CompileResult, check: boolean): string {
  const parts = [plural(r.agents, "agent"), plural(r.errors, "error")];
  if (r.warnings > 0) parts.push(plural(r.warnings, "warning"));
  if (r.errors === 0 && check && r.check !== undefined) {
    const n = r.check.stale.length + r.check.missing.length + r.check.extra.length;
    parts.push(n === 0 ? "up to date" : `${plural(n, "file")} out of date`);
  } else if (!check) {
    parts.push(`${plural(r.written.length, "file")} written`);
    if (r.removed.length > 0) parts.push(`${plural(r.removed.length, "file")} removed`);
  }
  return parts.join(", ");
}

function render(r: CompileResult, format: Format, check: boolean): string {
  const diags = sortDiagnostics(r.diagnostics);
  if (format === "json") {
    return `${JSON.stringify({
      ok: exitCode(r, check) === 0,
      agents: r.agents,
      errors: r.errors,
      warnings: r.warnings,
      diagnostics: diags.map(diagnosticToJson),
      written: r.written,
      removed: r.removed,
      ...(r.check === undefined ? {} : { check: r.check }),
    })}\n`;
  }
  const lines: string[] = [];
  for (const d of diags) lines.push(format === "github" ? formatGithubAnnotation(d) : formatDiagnostic(d));
  if (format === "pretty" && diags.length > 0) lines.push("");
  if (check && r.check !== undefined && r.errors === 0) {
    for (const f of r.check.stale) lines.push(`stale: ${f}`);
    for (const f of r.check.missing) lines.push(`missing: ${f}`);
    for (const f of r.check.extra) lines.push(`extra: ${f}`);
    if (r.check.stale.length + r.check.missing.length + r.check.extra.length > 0) {
      lines.push("run ptcc compile without --check to update them");
    }
  }
  lines.push(summaryLine(r, check));
  return `${lines.join("\n")}\n`;
}

/** In --watch: only what this compile changed, or its problems. */
function renderChanges(r: CompileResult, format: Format): string {
  if (format === "json") return render(r, format, false);
  const lines: string[] = [];
  for (const d of sortDiagnostics(r.diagnostics)) {
    lines.push(format === "github" ? formatGithubAnnotation(d) : formatDiagnostic(d));
  }
  for (const f of r.written) lines.push(`wrote ${f}`);
  for (const f of r.removed) lines.push(`removed ${f}`);
  if (lines.length === 0) return "";
  lines.push(summaryLine(r, false));
  return `${lines.join("\n")}\n`;
}

/** A progress line on the terminal, redrawn in place: `compiling: types 3/12`. */
function progressLine(): (p: CompileProgress) => void {
  let last = 0;
  return (p) => {
    const now = performance.now();
    if (now - last < 50 && p.done !== 0) return;
    last = now;
    const what = { read: "reading agent files", types: "reading tool types", emit: "generating", write: "writing" }[
      p.phase
    ];
    process.stderr.write(`\r\x1b[Kptcc compile: ${what} ${p.total > 1 ? `${p.done + 1}/${p.total}` : ""}`);
  };
}

// ---------------------------------------------------------------------------------------
// --watch

/**
 * Compile again whenever an agent file, or a file in a folder a tool module is in, changes;
 * runs until Ctrl-C. Changes that come together are compiled once.
 */
async function watchLoop(
  dirs: readonly string[],
  first: CompileResult,
  again: () => Promise<CompileResult>,
): Promise<number> {
  process.stderr.write("watching for changes (Ctrl-C to stop)\n");
  const watchers = new Map<string, FSWatcher>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let pending = false;
  const trigger = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void compile(), WATCH_SETTLE_MS);
  };
  const follow = (r: CompileResult): void => {
    const folders = new Set([...dirs.map((d) => resolve(d)), ...r.inputs.map((f) => dirname(f))]);
    for (const f of folders) {
      if (watchers.has(f)) continue;
      try {
        watchers.set(f, fsWatch(f, { recursive: true }, trigger));
      } catch {
        // A folder that went away: its agent files are gone, the next compile says so.
      }
    }
  };
  const compile = async (): Promise<void> => {
    if (running) {
      pending = true;
      return;
    }
    running = true;
    try {
      follow(await again());
    } catch (e) {
      process.stderr.write(`ptcc: ${e instanceof Error ? e.message : String(e)}\n`);
    } finally {
      running = false;
      if (pending) {
        pending = false;
        trigger();
      }
    }
  };
  follow(first);
  return new Promise<number>((done) => {
    process.once("SIGINT", () => {
      for (const w of watchers.values()) w.close();
      if (timer !== undefined) clearTimeout(timer);
      done(0);
    });
  });
}
