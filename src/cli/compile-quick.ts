/**
 * The quick start of `ptcc compile`. bin/ptcc.js loads this module (bundled alone into
 * dist/bundle/ptcc-compile-quick.cjs with a V8 code cache made at build time:
 * scripts/bundle-compile.mjs) for every `ptcc compile`, without yargs or the other commands.
 *
 * When nothing changed, it answers from the output folder's headers and the input files'
 * hashes (up-to-date.ts) and prints the summary: no parser, no YAML, no compiler is loaded.
 * Otherwise it starts the tool types worker at once (TypeScript loads while the rest
 * does), loads the compiler's bundle (dist/bundle/ptcc-compile.cjs) and hands it the
 * command. What it does not recognise (help, an unknown or repeated option, `--opt=value`
 * spellings of booleans) it leaves to the full command line, so that both always agree.
 *
 *   ptcc compile [DIR...] [--out OUT] [--check] [--watch] [--force] [--format pretty|json|github]
 *                [--warnings-as-errors]
 */
import { defaultCacheDir } from "../compiler/load-typescript.js";
import { startTypesWorker } from "../compiler/tool-types-client.js";
import { upToDate } from "../compiler/up-to-date.js";
import type { CompileArgs, CompileStart } from "./compile.js";
import { formatOf, render, unchanged } from "./compile-render.js";
import { compileFolders } from "./compile-config.js";
import { firstTime, type Mutable } from "./quick-args.js";

/** The arguments after `compile`, or null when the full command line must read them. */
export function parseQuickCompile(args: readonly string[]): CompileArgs | null {
  const out: Mutable<CompileArgs> = {};
  const dirs: string[] = [];
  const once = firstTime();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // `--out=gen` and `--out gen` alike; a value that looks like an option is left to yargs.
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const name = eq < 0 ? a : a.slice(0, eq);
    const inline = eq < 0 ? undefined : a.slice(eq + 1);
    const value = (): string | null => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || next.startsWith("-")) return null;
      i++;
      return next;
    };
    switch (name) {
      case "--out":
      case "--format": {
        const v = once(name) ? value() : null;
        if (v === null) return null;
        if (name === "--out") out.out = v;
        else out.format = v;
        break;
      }
      case "--check":
      case "--watch":
      case "--force":
        if (inline !== undefined || !once(name)) return null;
        out[name.slice(2) as "check" | "watch" | "force"] = true;
        break;
      case "--warnings-as-errors":
        if (inline !== undefined || !once(name)) return null;
        out.warningsAsErrors = true;
        break;
      default:
        if (a.startsWith("-")) return null;
        dirs.push(a);
    }
  }
  if (dirs.length > 0) out.dirs = dirs;
  return out;
}

/**
 * Run `ptcc compile ARGS`; null when the full command line must (then nothing was printed).
 * `load` loads a bundle of dist/bundle by name, from its code cache (bin/ptcc.js); null: not built.
 */
export async function quickCompile(args: readonly string[], load: (name: string) => unknown): Promise<number | null> {
  const parsed = parseQuickCompile(args);
  if (parsed === null) return null;
  let format: ReturnType<typeof formatOf> | null;
  let folders: ReturnType<typeof compileFolders> | null;
  try {
    format = formatOf(parsed.format);
    folders = compileFolders(parsed, process.cwd());
  } catch {
    format = null; // the command reports it
    folders = null;
  }
  const dirs = folders?.dirs ?? parsed.dirs ?? ["agents"];
  // --check as well: a module whose inputs are as they were has the code it would get.
  const plain = parsed.force !== true && parsed.watch !== true;
  let changed = false;
  if (plain && format !== null && folders !== null) {
    const quick = upToDate({ inputs: dirs, out: folders.out, cwd: process.cwd() });
    if (quick !== null) {
      const check = parsed.check === true;
      process.stdout.write(render(unchanged(quick, check), format, { check, command: folders.command }));
      return 0;
    }
    changed = true;
  }
  // TypeScript starts loading now, in its thread, while this one loads the compiler.
  const start: CompileStart = { changed, worker: startTypesWorker(dirs, process.cwd(), defaultCacheDir()) };
  const command = load("ptcc-compile") as typeof import("./compile.js") | null;
  if (command === null) {
    start.worker?.close();
    return null;
  }
  return command.compileCommand(parsed, start);
}
