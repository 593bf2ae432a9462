/**
 * `ptcc init [DIR]`: a project that compiles agents. Copies templates/init/ (an example
 * agent with a TypeScript tool, a scripted model's replies, a main.ts that runs the
 * generated agent, a strict tsconfig.json), and adds the compile step to package.json
 * (creating it when there is none). Existing files are never overwritten: each is kept and
 * reported, and only missing scripts are added to an existing package.json.
 */
import { table } from "../runtime/table.js";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { TEMPLATES_DIR } from "./templates.js";

/** Where `ptcc compile` writes in the scaffold. */
export const INIT_OUT = "src/agents.generated";

/** The package.json scripts `ptcc init` adds. */
export const INIT_SCRIPTS: Readonly<Record<string, string>> = table({
  agents: `ptcc compile agents --out ${INIT_OUT}`,
  "agents:check": `ptcc compile agents --out ${INIT_OUT} --check`,
  "agents:watch": `ptcc compile agents --out ${INIT_OUT} --watch`,
  typecheck: "npm run agents && tsc -p .",
  start: "npm run agents && tsx src/main.ts",
});

export interface InitResult {
  /** Files created, relative to DIR. */
  readonly created: readonly string[];
  /** Files that were there already and were left alone. */
  readonly kept: readonly string[];
  /** Scripts added to package.json. */
  readonly scripts: readonly string[];
}

/** The files of templates/init/, relative to it, sorted. */
export function initFiles(): string[] {
  const root = join(TEMPLATES_DIR, "init");
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? walk(p) : [relative(root, p).split(sep).join("/")];
      });
  return walk(root);
}

export async function initProject(dir: string, ptccVersion: string): Promise<InitResult> {
  const target = resolve(dir);
  const created: string[] = [];
  const kept: string[] = [];
  for (const file of initFiles()) {
    const to = join(target, file);
    if (existsSync(to)) {
      kept.push(file);
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    await writeFile(to, await readFile(join(TEMPLATES_DIR, "init", file)), { flag: "wx" });
    created.push(file);
  }
  const scripts = await packageJson(target, ptccVersion, created);
  return { created, kept, scripts };
}

/** Adds the missing scripts (and, for a new file, the dependencies); returns the scripts added. */
async function packageJson(dir: string, ptccVersion: string, created: string[]): Promise<string[]> {
  const path = join(dir, "package.json");
  if (!existsSync(path)) {
    const pkg = {
      name:
        basename(dir)
          .toLowerCase()
          .replace(/[^a-z0-9-]+/g, "-")
          .replace(/^-+|-+$/g, "") || "agents",
      private: true,
      type: "module",
      scripts: INIT_SCRIPTS,
      dependencies: { ptcc: `^${ptccVersion}` },
      devDependencies: { "@types/node": "^20.19.0", tsx: "^4.23.15", typescript: "^7.0.2" },
    };
    await writeFile(path, `${JSON.stringify(pkg, null, 2)}\n`, { flag: "wx" });
    created.push("package.json");
    return Object.keys(INIT_SCRIPTS);
  }
  const text = await readFile(path, "utf8");
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return []; // not ours to repair
  }
  const scripts = (typeof pkg["scripts"] === "object" && pkg["scripts"] !== null ? pkg["scripts"] : {}) as Record<
    string,
    unknown
  >;
  const added = Object.keys(INIT_SCRIPTS).filter((k) => !(k in scripts));
  if (added.length === 0) return [];
  for (const k of added) scripts[k] = INIT_SCRIPTS[k];
  pkg["scripts"] = scripts;
  const indent = /^[ \t]+/m.exec(text)?.[0] ?? "  ";
  await writeFile(path, `${JSON.stringify(pkg, null, indent)}\n`);
  return added;
}
