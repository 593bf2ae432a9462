/**
 * Where `ptcc compile` reads and writes: the folders and `--out` given on the command line,
 * or else the `"ptcc"` entry of the package.json nearest above the working directory,
 *
 *   "ptcc": { "agents": "agents", "out": "src/agents.generated" }
 *
 * (`agents` a folder or a list of them, paths relative to that package.json), so that CI,
 * scripts and --watch need not repeat them. Also the command that brings the output up to
 * date, for the messages of --check. Light: the quick no-change path reads it too.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { UsageError } from "./usage-error.js";

export interface CompileFolders {
  readonly dirs: readonly string[];
  readonly out: string;
  /** `npx ptcc compile agents --out gen`, or `npx ptcc compile` when package.json says where. */
  readonly command: string;
}

const KEYS = ["agents", "out"] as const;

/** The folders of a compile; a UsageError when there is no output folder, or the entry is wrong. */
export function compileFolders(args: { readonly dirs?: readonly string[]; readonly out?: unknown }, cwd: string): CompileFolders {
  const givenDirs = args.dirs !== undefined && args.dirs.length > 0 ? [...args.dirs] : null;
  const givenOut = typeof args.out === "string" && args.out !== "" ? args.out : null;
  if (args.out !== undefined && givenOut === null) throw new UsageError("--out needs a folder: --out src/agents.generated");
  const config = givenDirs !== null && givenOut !== null ? null : packageConfig(cwd);
  const dirs = givenDirs ?? config?.agents ?? ["agents"];
  const out = givenOut ?? config?.out ?? null;
  if (out === null) {
    throw new UsageError(
      'give the output folder: ptcc compile agents --out src/agents.generated, or "ptcc": { "out": "src/agents.generated" } in package.json',
    );
  }
  const parts = ["npx ptcc compile"];
  if (givenDirs !== null) parts.push(...givenDirs.map(quoted));
  if (givenOut !== null) parts.push("--out", quoted(givenOut));
  return { dirs, out, command: parts.join(" ") };
}

/** A path as a shell word. */
function quoted(p: string): string {
  return /^[\w./@+-]+$/.test(p) ? p : `'${p.replace(/'/g, "'\\''")}'`;
}

/** The `"ptcc"` entry of the nearest package.json, its paths made relative to `cwd`; null: none. */
function packageConfig(cwd: string): { agents?: string[]; out?: string } | null {
  for (let d = resolve(cwd); ; d = dirname(d)) {
    let text: string | null = null;
    try {
      text = readFileSync(join(d, "package.json"), "utf8");
    } catch {
      text = null;
    }
    if (text !== null) return readEntry(text, d, cwd);
    if (dirname(d) === d) return null;
  }
}

function readEntry(text: string, dir: string, cwd: string): { agents?: string[]; out?: string } | null {
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    return null; // not ours to judge: npm says what is wrong with it
  }
  if (typeof pkg !== "object" || pkg === null || !Object.hasOwn(pkg, "ptcc")) return null;
  const file = relative(cwd, join(dir, "package.json")) || "package.json";
  const entry: unknown = (pkg as Record<string, unknown>)["ptcc"];
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    throw new UsageError(`${file}: "ptcc" must be an object: { "agents": "agents", "out": "src/agents.generated" }`);
  }
  const e = entry as Record<string, unknown>;
  for (const k of Object.keys(e)) {
    if (!(KEYS as readonly string[]).includes(k)) {
      throw new UsageError(
        `${file}: unknown key "${k}" in "ptcc"${didYouMean(closest(k, KEYS))?.replace(/^/, " — ") ?? ` (it has ${KEYS.join(" and ")})`}`,
      );
    }
  }
  const from = (p: string): string => relative(cwd, resolve(dir, p)) || ".";
  const out: { agents?: string[]; out?: string } = {};
  const agents = e["agents"];
  if (agents !== undefined) {
    const list = typeof agents === "string" ? [agents] : agents;
    if (!Array.isArray(list) || list.length === 0 || !list.every((a) => typeof a === "string" && a !== "")) {
      throw new UsageError(`${file}: "ptcc"."agents" must be a folder or a list of folders`);
    }
    out.agents = (list as string[]).map(from);
  }
  if (e["out"] !== undefined) {
    if (typeof e["out"] !== "string" || e["out"] === "") throw new UsageError(`${file}: "ptcc"."out" must be a folder`);
    out.out = from(e["out"]);
  }
  return out;
}
