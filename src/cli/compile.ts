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
import { readdirSync, statSync, watch as fsWatch, type FSWatcher } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { CompileProgress, CompileResult, ToolTypeReader } from "../compiler/compile.js";
import { startTypesWorker, type ToolTypesWorker } from "../compiler/tool-types-client.js";
import { exitCode, formatOf, render, renderChanges, unchanged } from "./compile-render.js";
import { compileFolders } from "./compile-config.js";
import { failureLine } from "./failure.js";
import { UsageError } from "./usage-error.js";

export { summaryLine } from "./compile-render.js";

export interface CompileArgs {
  readonly dirs?: readonly string[];
  readonly out?: unknown;
  readonly check?: boolean;
  readonly watch?: boolean;
  readonly force?: boolean;
  readonly format?: unknown;
  /** Warnings fail the command too (exit 1), and are error annotations on GitHub. */
  readonly warningsAsErrors?: boolean;
}

/** What the quick start (compile-quick.ts) did before handing the command over. */
export interface CompileStart {
  /** It found that something changed (the first compile does not look again). */
  readonly changed?: boolean;
  /** The tool types worker it started (the first compile asks it). */
  readonly worker?: ToolTypesWorker | null;
}

/** How often --watch looks at a folder it could not watch (no inotify instance or watch left). */
const WATCH_POLL_MS = 300;

/** What a folder holds, as names, sizes and times: a change in it is a change of this text. */
function folderStamp(folder: string): string {
  try {
    return readdirSync(folder)
      .map((n) => {
        try {
          const s = statSync(join(folder, n));
          return `${n}:${s.size}:${s.mtimeMs}`;
        } catch {
          return n;
        }
      })
      .join("|");
  } catch {
    return "";
  }
}

/** How long --watch waits after a change for more changes before it compiles. */
const WATCH_SETTLE_MS = 120;

/** The command: usage errors and defects printed as the full command line prints them (exit 2). */
export async function compileCommand(args: CompileArgs, start: CompileStart = {}): Promise<number> {
  try {
    return await runCompile(args, start);
  } catch (e) {
    start.worker?.close();
    process.stderr.write(failureLine(e));
    return 2;
  }
}

export async function runCompile(args: CompileArgs, start: CompileStart = {}): Promise<number> {
  const { dirs, out, command } = compileFolders(args, process.cwd());
  const format = formatOf(args.format);
  if (args.check === true && args.watch === true) throw new UsageError("--check and --watch do not go together");
  const { CompileUsageError } = await import("../compiler/discover.js");
  const shown = { check: args.check === true, command, warningsAsErrors: args.warningsAsErrors === true };
  let firstRun = true;
  const run = async (progress: boolean): Promise<CompileResult> => {
    const first = firstRun;
    firstRun = false;
    let worker = first ? start.worker : null;
    try {
      // Nothing changed: answered without loading the parsers or the compiler (--check too).
      if (args.force !== true && !(first && start.changed === true)) {
        const { upToDate } = await import("../compiler/up-to-date.js");
        const quick = upToDate({ inputs: dirs, out, cwd: process.cwd() });
        if (quick !== null) return unchanged(quick, args.check === true);
      }
      // TypeScript loads in another thread while this one reads the agent files (the
      // first compile only: --watch compiles again in this thread, TypeScript loaded).
      if (first && worker === undefined) {
        const { defaultCacheDir } = await import("../compiler/load-typescript.js");
        worker = startTypesWorker(dirs, process.cwd(), defaultCacheDir());
      }
      const { compileAgents } = await import("../compiler/compile.js");
      return await compileAgents({
        inputs: dirs,
        out,
        cwd: process.cwd(),
        check: args.check === true,
        force: args.force === true,
        changed: true,
        ...(worker === null || worker === undefined ? {} : { toolTypes: toolTypesVia(worker) }),
        ...(progress ? { onProgress: progressLine() } : {}),
      });
    } catch (e) {
      if (e instanceof CompileUsageError) throw new UsageError(e.message);
      throw e;
    } finally {
      worker?.close();
      if (progress) process.stderr.write("\r\x1b[K");
    }
  };

  const showProgress = format === "pretty" && process.stderr.isTTY === true;
  const first = await run(showProgress);
  const report = (): void => void process.stdout.write(render(first, format, shown));
  if (args.watch !== true) {
    report();
    return exitCode(first, args.check === true, args.warningsAsErrors === true);
  }
  // --watch: the folders are watched before the first result is printed, so that a change
  // made by whoever reads it (an editor, a test) cannot come before the watch and be missed.
  return watchLoop(dirs, first, report, async () => {
    const r = await run(false);
    process.stdout.write(renderChanges(r, format));
    return r;
  });
}

/** The worker's answers; when it fails, this thread reads the types itself. */
function toolTypesVia(worker: ToolTypesWorker): ToolTypeReader {
  return {
    analyze: (requests, options) =>
      worker
        .ask(requests, options)
        .catch(async () => (await import("../compiler/tool-types.js")).analyzeTools(requests, options)),
  };
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
  ready: () => void,
  again: () => Promise<CompileResult>,
): Promise<number> {
  const watchers = new Map<string, FSWatcher>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let pending = false;
  const trigger = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void compile(), WATCH_SETTLE_MS);
  };
  // Folders are watched, each by itself, never a file: a file saved by rename (sed -i, an
  // editor's atomic save, git checkout) is a new file, which a watch on the old one never
  // hears of, while its folder does. (Node's recursive watch on Linux misses such saves
  // too.) The agent folders with every folder under them (new agent files appear there,
  // and new folders are taken in after each compile); the folders of the other files a
  // compile read (tool modules, their imports, tsconfig) alone, so that a tool module at
  // the project's root does not watch node_modules.
  // A folder the system will not watch (EMFILE/ENOSPC: inotify's instances or watches are
  // used up by other programs) is looked at every WATCH_POLL_MS instead, and the command
  // says so once: a watch that silently hears nothing is the worst outcome.
  const polled = new Map<string, string>();
  let poller: ReturnType<typeof setInterval> | undefined;
  const poll = (folder: string, code: string): void => {
    if (polled.has(folder)) return;
    if (polled.size === 0 && !pollOnly)
      process.stderr.write(
        `ptcc compile --watch: cannot watch ${folder} (${code}); looking at it every ${WATCH_POLL_MS} ms instead (raise fs.inotify.max_user_instances / max_user_watches)\n`,
      );
    polled.set(folder, folderStamp(folder));
    poller ??= setInterval(() => {
      for (const [f, stamp] of polled) {
        const now = folderStamp(f);
        if (now !== stamp) {
          polled.set(f, now);
          trigger();
        }
      }
    }, WATCH_POLL_MS);
  };
  // PTCC_WATCH=poll: look instead of listening, for file systems without change events
  // (network mounts, some container bind mounts).
  const pollOnly = process.env["PTCC_WATCH"] === "poll";
  const watch = (folder: string): void => {
    if (watchers.has(folder) || polled.has(folder)) return;
    if (pollOnly) {
      poll(folder, "PTCC_WATCH=poll");
      return;
    }
    try {
      const w = fsWatch(folder, trigger);
      // A folder removed while watched: forgotten, and watched again if it comes back.
      w.on("error", () => {
        w.close();
        watchers.delete(folder);
      });
      watchers.set(folder, w);
    } catch (e) {
      // A folder that went away: its agent files are gone, the next compile says so.
      const code = (e as { code?: unknown }).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") poll(folder, typeof code === "string" ? code : String(e));
    }
  };
  const agentFolders = dirs.map((d) => resolve(d));
  const follow = (r: CompileResult): void => {
    for (const f of agentFolders) for (const folder of foldersUnder(f)) watch(folder);
    for (const f of r.inputs) {
      const folder = dirname(f);
      if (!agentFolders.some((a) => folder === a || folder.startsWith(a + sep))) watch(folder);
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
      // The folders are watched on: a compile that failed is printed as the command prints it.
      process.stderr.write(failureLine(e));
    } finally {
      running = false;
      if (pending) {
        pending = false;
        trigger();
      }
    }
  };
  follow(first);
  ready();
  process.stderr.write("watching for changes (Ctrl-C to stop)\n");
  return new Promise<number>((done) => {
    process.once("SIGINT", () => {
      for (const w of watchers.values()) w.close();
      if (poller !== undefined) clearInterval(poller);
      if (timer !== undefined) clearTimeout(timer);
      done(0);
    });
  });
}

/** `dir` and the folders under it, as the compile searches them (no node_modules, no dot folders). */
function foldersUnder(dir: string): string[] {
  const out = [dir];
  for (let i = 0; i < out.length; i++) {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(out[i]!, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules") out.push(join(out[i]!, e.name));
    }
  }
  return out;
}
