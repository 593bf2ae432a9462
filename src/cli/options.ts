/** Options shared by `ptcc eval` and `ptcc repl`: the input context and the limits. */
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { PtcError } from "../diagnostics/error.js";
import { Session, type SessionOptions } from "../evaluator/session.js";
import { DEFAULT_LIMITS, unlimited, type Limits } from "../runtime/limits.js";
import { UsageError } from "./usage-error.js";

export interface CommonArgs {
  readonly context?: string;
  readonly timeout?: number;
  readonly unlimited?: boolean;
}

export function loadContext(file: string | undefined): Record<string, unknown> | null {
  if (file === undefined) return null;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read --context ${file}: ${(e as Error).message}`);
  }
  return parseContext(text, `--context ${file}`);
}

export function parseContext(text: string, what: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} is not valid JSON: ${(e as Error).message}`);
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new UsageError(`${what} must be a JSON object`);
  return v as Record<string, unknown>;
}

export function limitsFrom(args: CommonArgs): Partial<Limits> {
  let timeoutMs = DEFAULT_LIMITS.timeoutMs;
  if (args.timeout !== undefined) {
    if (!Number.isFinite(args.timeout) || args.timeout <= 0)
      throw new UsageError("--timeout must be a positive number of milliseconds");
    timeoutMs = args.timeout;
  }
  return args.unlimited ? unlimited(timeoutMs) : { timeoutMs };
}

/**
 * A session over the --context data: data that cannot enter a program (too large, nested
 * too deep) is a usage error naming the file, not a crash.
 */
export function sessionFor(args: CommonArgs, opts: Omit<SessionOptions, "context" | "limits"> = {}): Session {
  const context = loadContext(args.context);
  try {
    return new Session({ ...opts, context, limits: limitsFrom(args) });
  } catch (e) {
    if (e instanceof PtcError) throw new UsageError(`--context ${args.context ?? ""}: ${e.message}`);
    throw e;
  }
}

/** An option given once, as text (yargs makes an array of a repeated option). */
export function stringOption(name: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new UsageError(`give ${name} once`);
  return v;
}

/** `--input '<json>'` or `--input @file.json` (relative to the working directory); `{}` without it. */
export function readInput(option: string | undefined): Record<string, unknown> {
  if (option === undefined) return {};
  if (!option.startsWith("@")) return parseContext(option, "--input");
  const file = option.slice(1);
  if (file === "") throw new UsageError("--input @ needs a file name: --input @file.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(`cannot read --input ${option} (${code})`);
  }
  return parseContext(text, `--input ${option}`);
}

/** `file` replaced whole: written beside it, then renamed over it. */
export function writeAtomically(file: string, text: string, option: string): void {
  const partial = `${file}.partial`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch (e) {
    rmSync(partial, { force: true });
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(`cannot write ${option} ${file} (${code})`);
  }
}
