/**
 * Where a tool module the agent file names really is. A path written from the project
 * root (`tools/search.ts`, or `./tools/search.ts` in `agents/triage.agent.md`) is the
 * common mistake; the right advice is the path from the agent file's folder that reaches
 * an existing file of that name (`../tools/search.ts`), which only the file system knows.
 *
 *   the path as written, from the agent file's folder, the working directory and each
 *   folder above → else a file of that name anywhere in the project (a bounded search)
 */
import { readdir, stat } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";

/** How many directories the search by name reads at most: a hint must not cost a crawl. */
const MAX_DIRS = 400;
/** How deep below the project root the search by name goes. */
const MAX_DEPTH = 6;
/** Folders never searched: dependencies, build output, version control. */
const SKIPPED = new Set(["node_modules", "dist", "build", "coverage"]);

/**
 * The path, relative to `agentDir` and starting with `./` or `../`, of an existing file
 * that `written` most likely means; undefined when there is none.
 */
export async function findModulePath(
  agentDir: string,
  written: string,
  cwd = process.cwd(),
): Promise<string | undefined> {
  const rest = written.replace(/\\/g, "/").replace(/^(?:\.\/|\/)+/, "");
  if (rest === "" || rest.endsWith("/")) return undefined;
  // As written: from the agent file's folder, from where the user stands, from each folder above.
  for (const base of [agentDir, cwd, ...ancestors(agentDir)]) {
    const candidate = join(base, rest);
    if (await isFile(candidate)) return fromAgent(agentDir, candidate);
  }
  // A file of that name elsewhere in the project: the one whose path ends most like `rest`.
  const root = await projectRoot(agentDir);
  const found = await filesNamed(root, basename(rest));
  if (found.length === 0) return undefined;
  const best = found
    .map((f) => ({ f, score: commonTail(f.split(sep), rest.split("/")) }))
    .sort((a, b) => b.score - a.score || a.f.length - b.f.length)[0]!;
  return fromAgent(agentDir, best.f);
}

function fromAgent(agentDir: string, file: string): string {
  const rel = relative(agentDir, file).split(sep).join("/");
  return rel.startsWith("../") ? rel : `./${rel}`;
}

/** `dir`'s parent, its parent, ... up to the file system's root. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = dirname(dir); ; d = dirname(d)) {
    out.push(d);
    if (dirname(d) === d) return out;
  }
}

/** The nearest folder at or above `dir` with a package.json or .git; else `dir`'s parent. */
async function projectRoot(dir: string): Promise<string> {
  for (const d of [dir, ...ancestors(dir)]) {
    if ((await exists(join(d, "package.json"))) || (await exists(join(d, ".git")))) return d;
  }
  return dirname(dir);
}

/** Files called `name` under `root`, breadth first, within the search's bounds. */
async function filesNamed(root: string, name: string): Promise<string[]> {
  const found: string[] = [];
  let level = [root];
  let read = 0;
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (read++ >= MAX_DIRS) return found;
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        if (e.isDirectory() && !e.name.startsWith(".") && !SKIPPED.has(e.name)) next.push(join(dir, e.name));
        else if (e.isFile() && e.name === name) found.push(join(dir, e.name));
      }
    }
    level = next;
  }
  return found;
}

/** How many trailing path segments two paths share. */
function commonTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
