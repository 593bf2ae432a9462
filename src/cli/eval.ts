/** `ptcc eval`: one program (human or --json output), or a --jsonl batch. */
import { readFileSync } from "node:fs";
import type { EvalResult } from "../evaluator/evaluate.js";
import { tryHostWalk } from "../evaluator/host-walk.js";
import { Session } from "../evaluator/session.js";
import type { Limits } from "../runtime/limits.js";
import { toHost } from "../runtime/convert.js";
import { limitsFrom, sessionFor, type CommonArgs } from "./options.js";
import { renderError, renderWarnings } from "./render.js";
import { sanitize } from "./sanitize.js";
import { UsageError } from "./usage-error.js";

export interface EvalArgs extends CommonArgs {
  readonly file?: string;
  readonly e?: string;
  readonly json?: boolean;
  readonly jsonl?: boolean;
}

function readStdin(): string {
  try {
    return readFileSync(0, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read the program from stdin: ${(e as Error).message}`);
  }
}

function programSource(args: EvalArgs): { source: string; file?: string } {
  if (args.e !== undefined && args.file !== undefined)
    throw new UsageError("give the program either with -e or as a file, not both");
  if (args.e !== undefined) return { source: args.e };
  if (args.file === undefined)
    throw new UsageError("give a program: ptcc eval -e '(+ 1 2)', ptcc eval FILE, or ptcc eval - (stdin)");
  // yargs hands a lone "-" over as "".
  if (args.file === "-" || args.file === "") return { source: readStdin() };
  try {
    return { source: readFileSync(args.file, "utf8"), file: args.file };
  } catch (e) {
    throw new UsageError(`cannot read ${args.file}: ${(e as Error).message}`);
  }
}

export async function runEval(args: EvalArgs): Promise<number> {
  if (args.jsonl) {
    if (args.e !== undefined || args.file !== undefined)
      throw new UsageError("--jsonl reads requests from stdin; give no program");
    return runBatch(args);
  }
  const { source, file } = programSource(args);
  const session = sessionFor(args, { breakOnSigint: true });
  const r = await session.evaluate(source, { file });
  const code = r.ok ? 0 : r.error.kind === "interrupted" ? EXIT_INTERRUPTED : 1;
  if (args.json) {
    const json = jsonResult(r, limitsFrom(args));
    process.stdout.write(`${JSON.stringify(json)}\n`);
    if (r.output.length > 0) process.stderr.write(`${r.output.join("\n")}\n`);
    return json.ok ? code : Math.max(code, 1);
  }
  // Human output: what the program printed or made is shown with its control characters escaped.
  for (const line of r.output) process.stdout.write(`${sanitize(line)}\n`);
  const warnings = renderWarnings(r.warnings, file);
  if (warnings) process.stderr.write(sanitize(warnings));
  if (r.ok) {
    process.stdout.write(`${sanitize(r.printed)}\n`);
    return 0;
  }
  process.stderr.write(sanitize(renderError(r.error, source)));
  return code;
}

/** The exit code of a program stopped with Ctrl-C (128 + SIGINT), as shells report it. */
const EXIT_INTERRUPTED = 130;

type JsonError = { kind: string; message: string; line?: number; column?: number };

/**
 * The --json object. The value is converted to JSON under a budget and the watchdog (it
 * may be nested too deep, or share its parts too much, to be written): a value that
 * cannot be is a typed failure, never a crash.
 */
function jsonResult(
  r: EvalResult,
  limits: Partial<Limits> | undefined,
): { ok: true; printed: string; value: unknown } | { ok: false; error: JsonError } {
  if (!r.ok) return { ok: false, error: r.error.toJSON() };
  const value = tryHostWalk((meter) => toHost(null, r.value, { meter }), { limits });
  if (!value.ok) return { ok: false, error: value.error.toJSON() };
  return { ok: true, printed: r.printed, value: value.value };
}

/** --jsonl: each stdin line is one request, answered by one stdout line, in order. */
async function runBatch(args: EvalArgs): Promise<number> {
  const limits = limitsFrom(args);
  // Loaded here: a one-off `ptcc eval` does not pay for it at start-up.
  const { createInterface } = await import("node:readline");
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const a = await answer(line, limits);
    process.stdout.write(`${JSON.stringify(a)}\n`);
    // Ctrl-C stopped a program: the batch stops too.
    if ((a["error"] as { kind?: unknown } | undefined)?.kind === "interrupted") {
      lines.close();
      return EXIT_INTERRUPTED;
    }
  }
  return 0;
}

async function answer(line: string, limits: ReturnType<typeof limitsFrom>): Promise<Record<string, unknown>> {
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return {
      id: null,
      ok: false,
      error: { kind: "input", message: `the line is not valid JSON: ${(e as Error).message}` },
    };
  }
  if (req === null || typeof req !== "object" || Array.isArray(req)) {
    return {
      id: null,
      ok: false,
      error: { kind: "input", message: 'each line must be a JSON object {"id", "program", "context"}' },
    };
  }
  const { id = null, program, context } = req as { id?: unknown; program?: unknown; context?: unknown };
  if (typeof program !== "string")
    return { id, ok: false, error: { kind: "input", message: '"program" must be a string' } };
  if (context !== undefined && context !== null && (typeof context !== "object" || Array.isArray(context))) {
    return { id, ok: false, error: { kind: "input", message: '"context" must be a JSON object' } };
  }
  let session: Session;
  try {
    session = new Session({
      context: (context as Record<string, unknown> | null | undefined) ?? null,
      limits,
      breakOnSigint: true,
    });
  } catch (e) {
    return { id, ok: false, error: { kind: "input", message: (e as Error).message } };
  }
  const r = await session.evaluate(program);
  return r.ok ? { id, ok: true, printed: r.printed } : { id, ok: false, error: r.error.toJSON() };
}
