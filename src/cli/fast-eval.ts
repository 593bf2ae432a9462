/**
 * The quick start of `ptcc eval`: a plain command line is read here and the program run
 * without loading yargs and the other commands. bin/ptcc.js loads this module (bundled
 * alone, with a V8 code cache made at build time: scripts/bundle-eval.mjs) for every
 * `ptcc eval`; what this does not recognise (help, --jsonl, `--opt=value` spellings, an
 * unknown or repeated option) it hands to the full command line, so both always agree.
 *
 *   ptcc eval (-e TEXT | FILE | -) [--context F] [--timeout MS] [--unlimited] [--json]
 */
import { runEval, type EvalArgs } from "./eval.js";
import { failureLine } from "./failure.js";
import { firstTime, type Mutable } from "./quick-args.js";

/** The arguments after `eval`, or null when the full command line must read them. */
export function parseFastEval(args: readonly string[]): EvalArgs | null {
  const out: Mutable<EvalArgs> = {};
  const once = firstTime();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = args[i + 1];
    switch (a) {
      case "-e":
      case "--expr":
        // A value that looks like an option is left to yargs.
        if (!once("e") || value === undefined || value.startsWith("-")) return null;
        out.e = value;
        i++;
        break;
      case "--context":
        if (!once("context") || value === undefined || value.startsWith("-")) return null;
        out.context = value;
        i++;
        break;
      case "--timeout":
        if (!once("timeout") || value === undefined || !/^[0-9]+$/.test(value)) return null;
        out.timeout = Number(value);
        i++;
        break;
      case "--unlimited":
        if (!once("unlimited")) return null;
        out.unlimited = true;
        break;
      case "--json":
        if (!once("json")) return null;
        out.json = true;
        break;
      default:
        // One positional file (or - for stdin); anything else is for yargs.
        if ((a.startsWith("-") && a !== "-") || !once("file")) return null;
        out.file = a;
    }
  }
  if (out.unlimited === undefined) out.unlimited = false;
  return out;
}

/**
 * Run `ptcc eval` from `argv` (the arguments after the script). Resolves false, having
 * done nothing, when the full command line must handle it.
 */
export async function fastEval(argv: readonly string[]): Promise<boolean> {
  if (argv[0] !== "eval") return false;
  const args = parseFastEval(argv.slice(1));
  if (args === null) return false;
  try {
    process.exitCode = await runEval(args);
  } catch (e) {
    // As the full command line reports failures (src/cli/main.ts).
    process.stderr.write(failureLine(e));
    process.exit(2);
  }
  return true;
}
