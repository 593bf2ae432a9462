/**
 * Finding the agent files to compile: every `NAME.agent.md` under the given folders,
 * recursively, in a stable order (so output and diagnostics do not depend on the file
 * system's). `node_modules`, folders whose name starts with `.`, and the output folder
 * are not searched. A path given that is itself an agent file is taken as it is.
 */
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { AGENT_FILE_EXTENSION } from "./hash.js";

/** A problem with a folder given on the command line (the CLI exits 2). */
export class CompileUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CompileUsageError";
  }
}

/**
 * Absolute paths of the agent files under `inputs` (relative to `cwd`, named in errors as
 * given), sorted, without duplicates. (Synchronous, as all of the compiler's file access:
 * a compile reads a few hundred small files, and waiting for each in turn on the thread
 * pool cost a cold compile more than reading them.)
 */
export function discoverAgentFiles(inputs: readonly string[], cwd: string, exclude: readonly string[]): string[] {
  return discoverAgentModules(inputs, cwd, exclude).map((m) => m.file);
}

/** An agent file found, and the path of its module in the output folder. */
export interface AgentModule {
  readonly file: string;
  /**
   * The module's path without `.ts`, `/`-separated: the agent file's path from the folder
   * given, without `.agent.md` (`billing/summarize`), so the output mirrors the folders; the
   * file's name alone for a file given by itself.
   */
  readonly module: string;
}

/** discoverAgentFiles, each file with its module path (sorted by file; the first folder that finds a file names it). */
export function discoverAgentModules(
  inputs: readonly string[],
  cwd: string,
  exclude: readonly string[],
): AgentModule[] {
  const found = new Map<string, string>();
  const skip = new Set(exclude.map((p) => resolve(cwd, p)));
  for (const input of inputs) {
    const path = resolve(cwd, input);
    let info;
    try {
      info = statSync(path);
    } catch {
      throw new CompileUsageError(`${input}: no such folder${nearFolder(input, path)}`);
    }
    if (info.isFile()) {
      if (!path.endsWith(AGENT_FILE_EXTENSION)) throw new CompileUsageError(`${input}: not a folder or an agent file`);
      if (!found.has(path)) found.set(path, basename(path).slice(0, -AGENT_FILE_EXTENSION.length));
    } else if (info.isDirectory()) {
      walk(path, path, skip, found);
    } else {
      throw new CompileUsageError(`${input}: not a folder`);
    }
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, module]) => ({ file, module }));
}

function walk(root: string, dir: string, skip: ReadonlySet<string>, found: Map<string, string>): void {
  if (skip.has(dir)) return;
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const e of entries) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(root, path, skip, found);
    else if (e.isFile() && e.name.endsWith(AGENT_FILE_EXTENSION) && !found.has(path)) {
      found.set(path, relative(root, path).split(sep).join("/").slice(0, -AGENT_FILE_EXTENSION.length));
    }
  }
}

/** ` — did you mean agent?` for a folder given that is not there, when one of a near name is. */
function nearFolder(input: string, path: string): string {
  let names: string[] = [];
  try {
    names = readdirSync(dirname(path), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules")
      .map((e) => e.name);
  } catch {
    return "";
  }
  const slash = Math.max(input.lastIndexOf("/"), input.lastIndexOf("\\"));
  const near = closest(basename(path), names).map((n) => input.slice(0, slash + 1) + n);
  const text = didYouMean(near);
  return text === undefined ? "" : ` — ${text}`;
}
