/**
 * `ptcc init [DIR]`: a project that compiles agents. Copies templates/init/ (an example
 * agent with a TypeScript tool, a scripted model's replies, a main.ts that runs the
 * generated agent, a strict tsconfig.json), and adds the compile step to package.json
 * (creating it when there is none). Existing files are never overwritten: each is kept and
 * reported. An existing package.json gets only what it lacks: the scripts, and the packages
 * the scaffold needs (ptcc, and TypeScript, tsx and Node's types to check and run it) when
 * it names none of them in any of its dependency lists.
 */
import { table } from "../runtime/table.js";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
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

/**
 * What the scaffold needs installed: ptcc to run, the rest to compile (ts-morph reads the
 * TypeScript tool's types: an optional peer of ptcc), check and start it.
 */
function initDependencies(ptccVersion: string): {
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
} {
  return {
    dependencies: { ptcc: `^${ptccVersion}` },
    devDependencies: { "@types/node": "^20.19.0", "ts-morph": "^28.0.0", tsx: "^4.23.15", typescript: "^7.0.2" },
  };
}

/** The dependency lists of package.json a package may already be named in. */
const DEPENDENCY_LISTS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

export interface InitResult {
  /** Files created, relative to DIR. */
  readonly created: readonly string[];
  /** Files that were there already and were left alone. */
  readonly kept: readonly string[];
  /** Scripts added to package.json. */
  readonly scripts: readonly string[];
  /** Packages added to an existing package.json, by the list they went into. */
  readonly packages: { readonly dependencies: readonly string[]; readonly devDependencies: readonly string[] };
  /** Files that got a line for the output folder (.prettierignore, .gitattributes, .eslintignore). */
  readonly ignores: readonly string[];
  /** The demo agent was left out: the app has agents of its own in agents/. */
  readonly demoSkipped: boolean;
  /** What the app must do itself (its ESLint flat config, its tsconfig's `types`). */
  readonly notes: readonly string[];
}

/** The files of the demo agent: left out of an app that has agents already. */
const DEMO_FILES = new Set(["agents/order-status.agent.md", "tools/orders.ts", "scripts/order-status.json", "src/main.ts"]);

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
  // A package.json the scripts cannot go into is reported before any file is made.
  const existing = await readPackageJson(join(target, "package.json"));
  // An app with agents of its own does not get the demo among them.
  const demoSkipped = !existsSync(join(target, "agents/order-status.agent.md")) && hasAgents(join(target, "agents"));
  const created: string[] = [];
  const kept: string[] = [];
  for (const file of initFiles()) {
    if (demoSkipped && DEMO_FILES.has(file)) continue;
    const to = join(target, file);
    if (existsSync(to)) {
      kept.push(file);
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    await writeFile(to, await readFile(join(TEMPLATES_DIR, "init", file)), { flag: "wx" });
    created.push(file);
  }
  // Without the demo there is no src/main.ts to start.
  const table = demoSkipped
    ? Object.fromEntries(Object.entries(INIT_SCRIPTS).filter(([k]) => k !== "start"))
    : INIT_SCRIPTS;
  const { scripts, packages } = await packageJson(target, existing, ptccVersion, created, table);
  const ignores = await ignoreOutput(target);
  const notes = [...eslintNote(target), ...(demoSkipped ? [] : typesNote(target, kept))];
  return { created, kept, scripts, packages, ignores, demoSkipped, notes };
}

/** Whether `dir` holds an agent file, at any depth. */
function hasAgents(dir: string): boolean {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some(
    (e) =>
      (e.isFile() && e.name.endsWith(".agent.md")) ||
      (e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules" && hasAgents(join(dir, e.name))),
  );
}

// ---------------------------------------------------------------------------------------
// Generated code is skipped by formatters and linters, and folded in reviews

/** The line each file gets for the output folder, when it has none for it. */
const IGNORE_LINES: readonly (readonly [file: string, line: string, create: boolean])[] = [
  [".prettierignore", `${INIT_OUT}/`, true],
  [".gitattributes", `${INIT_OUT}/** linguist-generated=true`, true],
  // A legacy ESLint configuration reads .eslintignore; only where there is one.
  [".eslintignore", `${INIT_OUT}/`, false],
];

/** Adds the output folder to .prettierignore, .gitattributes and (with a legacy ESLint config) .eslintignore. */
async function ignoreOutput(dir: string): Promise<string[]> {
  const legacyEslint = readdirSync(dir).some((f) => /^\.eslintrc(\.(js|cjs|json|ya?ml))?$/.test(f));
  const done: string[] = [];
  for (const [file, line, create] of IGNORE_LINES) {
    const path = join(dir, file);
    const text = existsSync(path) ? await readFile(path, "utf8") : null;
    if (text === null && !create && !(file === ".eslintignore" && legacyEslint)) continue;
    if (text !== null && text.split(/\r?\n/).some((l) => l.trim() === line || l.trim() === `/${line}`)) continue;
    const before = text === null || text === "" || text.endsWith("\n") ? (text ?? "") : `${text}\n`;
    await writeFile(path, `${before}${line}\n`);
    done.push(file);
  }
  return done;
}

/** An ESLint flat config is code: the line to add to it is said, not written. */
function eslintNote(dir: string): string[] {
  const flat = readdirSync(dir).find((f) => /^eslint\.config\.(js|mjs|cjs|ts|mts|cts)$/.test(f));
  if (flat === undefined) return [];
  const text = readFileSyncSafe(join(dir, flat));
  if (text !== null && text.includes(INIT_OUT)) return [];
  return [`add { ignores: ["${INIT_OUT}/"] } to the configurations of ${flat}: ESLint should skip generated code`];
}

/** A tsconfig.json of the app whose `types` leaves out Node's, which src/main.ts needs. */
function typesNote(dir: string, kept: readonly string[]): string[] {
  if (!kept.includes("tsconfig.json")) return [];
  const text = readFileSyncSafe(join(dir, "tsconfig.json"));
  let config: unknown;
  try {
    // JSON with comments and trailing commas, as tsconfig.json may be written.
    config = JSON.parse(
      (text ?? "").replace(/"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : "")).replace(/,(\s*[}\]])/g, "$1"),
    );
  } catch {
    return [];
  }
  const types = (config as { compilerOptions?: { types?: unknown } } | null)?.compilerOptions?.types;
  if (!Array.isArray(types) || types.includes("node")) return [];
  return [
    `tsconfig.json lists compilerOptions.types without "node": add "node" for src/main.ts and tools/orders.ts (they use Node's process and console); the generated modules and ptcc's own types need none`,
  ];
}

function readFileSyncSafe(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** An existing package.json: its text and its object; null: there is none; "unreadable": not JSON. */
type ExistingPackage = { readonly text: string; readonly pkg: Record<string, unknown> } | null | "unreadable";

async function readPackageJson(path: string): Promise<ExistingPackage> {
  if (!existsSync(path)) return null;
  const text = await readFile(path, "utf8");
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    return "unreadable"; // not ours to repair
  }
  const what = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "a list" : `a ${typeof v}`);
  if (typeof pkg !== "object" || pkg === null || Array.isArray(pkg)) {
    throw new Error(`package.json holds ${what(pkg)}, not an object: make it an object ({}) or remove it`);
  }
  // None (or null) take ours; a list of another shape would be lost by adding to it.
  for (const key of ["scripts", ...DEPENDENCY_LISTS]) {
    const v = (pkg as Record<string, unknown>)[key];
    if (v !== undefined && v !== null && (typeof v !== "object" || Array.isArray(v))) {
      throw new Error(`the "${key}" of package.json is ${what(v)}, not an object: make it an object or remove it`);
    }
  }
  return { text, pkg: pkg as Record<string, unknown> };
}

/** Adds what is missing (a new file: everything); returns the scripts and packages added. */
async function packageJson(
  dir: string,
  existing: ExistingPackage,
  ptccVersion: string,
  created: string[],
  table: Readonly<Record<string, string>>,
): Promise<{ scripts: string[]; packages: { dependencies: string[]; devDependencies: string[] } }> {
  const path = join(dir, "package.json");
  const needed = initDependencies(ptccVersion);
  if (existing === null) {
    const pkg = {
      name:
        basename(dir)
          .toLowerCase()
          .replace(/[^a-z0-9-]+/g, "-")
          .replace(/^-+|-+$/g, "") || "agents",
      private: true,
      type: "module",
      scripts: table,
      ...needed,
    };
    await writeFile(path, `${JSON.stringify(pkg, null, 2)}\n`, { flag: "wx" });
    created.push("package.json");
    return { scripts: Object.keys(table), packages: { dependencies: [], devDependencies: [] } };
  }
  if (existing === "unreadable") return { scripts: [], packages: { dependencies: [], devDependencies: [] } };
  const { text, pkg } = existing;
  const list = (key: string): Record<string, unknown> => (pkg[key] ?? {}) as Record<string, unknown>;
  const scripts = list("scripts");
  const added = Object.keys(table).filter((k) => !Object.hasOwn(scripts, k));
  for (const k of added) scripts[k] = table[k];
  if (added.length > 0) pkg["scripts"] = scripts;
  // A package named in any list is the app's choice (a version, a workspace, a peer): kept.
  const named = (name: string): boolean => DEPENDENCY_LISTS.some((key) => Object.hasOwn(list(key), name));
  const packages = { dependencies: [] as string[], devDependencies: [] as string[] };
  for (const key of ["dependencies", "devDependencies"] as const) {
    const missing = Object.entries(needed[key]).filter(([name]) => !named(name));
    if (missing.length === 0) continue;
    const into = list(key);
    for (const [name, range] of missing) into[name] = range;
    pkg[key] = into;
    packages[key].push(...missing.map(([name]) => name));
  }
  if (added.length === 0 && packages.dependencies.length + packages.devDependencies.length === 0) {
    return { scripts: [], packages };
  }
  const indent = /^[ \t]+/m.exec(text)?.[0] ?? "  ";
  await writeFile(path, `${JSON.stringify(pkg, null, indent)}\n`);
  return { scripts: added, packages };
}
