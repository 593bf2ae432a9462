/**
 * The no-change check of `ptcc compile`, which parses nothing: every agent file under the
 * folders has its generated module; each module is intact (its content hash holds) and
 * the files its header lists under `reads` (the agent file, its tool modules and what they
 * import, and for a module with tool modules the tsconfig.json chain) still hash to its
 * recorded inputs hash; no other module is there; and the last
 * compile had no warnings (so a run that has something to say always says it). Then
 * nothing would change, and the compiler is not even loaded: this module imports neither
 * the agent-file parser nor the signature parser.
 */
import { existsSync } from "node:fs";
import { TYPES_FILE } from "../agent-file/types-file.js";
import { dirname, join, relative, resolve, sep } from "node:path";
import { programFileOf } from "../agent/frozen-file.js";
import { discoverAgentModules } from "./discover.js";
import {
  digest,
  GENERATOR_VERSION,
  inputsDigest,
  PTCC_VERSION,
  readCached,
  tsconfigChain,
  type FileCache,
} from "./hash.js";
import { moduleNames, type ModuleNames } from "./names.js";
import { followLink, readOutputState } from "./output.js";
import { readTemplate } from "./templates.js";

/** What every module's inputs hash starts with. */
export function moduleHashBase(outFromRoot: string): string[] {
  return [PTCC_VERSION, GENERATOR_VERSION, readTemplate("compile/agent-module.tpl"), outFromRoot];
}

/** The shared named types' module in the output folder (from the types.ptcc files). */
export const TYPES_MODULE = "types.ts";

/** What the inputs hash of OUT/types.ts starts with. */
export function typesHashBase(): string[] {
  return [PTCC_VERSION, GENERATOR_VERSION, readTemplate("compile/types-module.tpl")];
}

/**
 * The types.ptcc files above the agent files (in their folders and the folders above, up
 * to a folder with a package.json), sorted: what OUT/types.ts is generated from.
 */
export function typesFilesAbove(agentFiles: readonly string[]): string[] {
  const seen = new Set<string>();
  const found = new Set<string>();
  for (const f of agentFiles) {
    for (let d = dirname(f); !seen.has(d); d = dirname(d)) {
      seen.add(d);
      if (existsSync(join(d, TYPES_FILE))) found.add(join(d, TYPES_FILE));
      if (existsSync(join(d, "package.json")) || dirname(d) === d) break;
    }
  }
  return [...found].sort();
}

/** The inputs hash of index.ts: the modules it re-exports. */
export function indexHash(modules: readonly ModuleNames[], frozen: ReadonlySet<string> = new Set()): string {
  const list = [...modules].map((m) => `${m.module}:${m.agent}${frozen.has(m.module) ? ":frozen" : ""}`).sort();
  return digest([PTCC_VERSION, GENERATOR_VERSION, readTemplate("compile/index.tpl"), ...list]);
}

const READS = /^\/\/ ptcc: reads (\{.*\})$/m;
const WARNINGS = /^\/\/ ptcc: warnings (\d+)$/m;

/** The nearest folder above `out` with a package.json (headers name files from there). */
export function projectRoot(out: string, cwd: string): string {
  for (let d = dirname(out); ; d = dirname(d)) {
    if (existsSync(join(d, "package.json"))) return d;
    if (dirname(d) === d) return cwd;
  }
}

/**
 * Null unless nothing would change; then the count of agent files and the files read.
 * Anything unexpected (a folder that is not there, a module that does not parse) is null:
 * the full compile finds and reports it.
 */
export function upToDate(options: {
  readonly inputs: readonly string[];
  readonly out: string;
  readonly cwd: string;
}): { agents: number; inputs: string[] } | null {
  try {
    const cwd = resolve(options.cwd);
    const out = followLink(resolve(cwd, options.out));
    const state = readOutputState(out);
    const index = state.generated.get("index.ts");
    if (index === undefined || !index.intact || WARNINGS.exec(index.head)?.[1] !== "0") return null;
    const found = discoverAgentModules(options.inputs, cwd, [out]);
    const files = found.map((f) => f.file);
    const typesFiles = typesFilesAbove(files);
    if (state.generated.size !== files.length + 1 + (typesFiles.length > 0 ? 1 : 0)) return null;
    const root = projectRoot(out, cwd);
    const fromRoot = (p: string): string => relative(root, p).split(sep).join("/");
    const frozen = new Set<string>();
    const read: string[] = [];
    // Tool modules shared by several agents are read once.
    const cache: FileCache = new Map();
    if (typesFiles.length > 0) {
      // OUT/types.ts: generated from exactly these types files, as they are now.
      const types = state.generated.get(TYPES_MODULE);
      if (types === undefined || !types.intact || types.inputsHash === null) return null;
      const listed = readsOf(types.head);
      const now = typesFiles.map(fromRoot);
      if (listed === null || listed.join("\n") !== now.join("\n")) return null;
      const texts = typesFiles.map((f): [string, string | null] => [fromRoot(f), readCached(cache, f)]);
      if (inputsDigest(typesHashBase(), texts) !== types.inputsHash) return null;
      read.push(...typesFiles);
    }
    const base = moduleHashBase(fromRoot(out));
    const modules: ModuleNames[] = [];
    for (const { file, module: path } of found) {
      const names = moduleNames(path);
      if ("problem" in names) return null;
      modules.push(names);
      if (existsSync(programFileOf(file))) frozen.add(names.module);
      const module = state.generated.get(`${names.module}.ts`);
      if (module === undefined || !module.intact || module.inputsHash === null) return null;
      const reads = readsOf(module.head);
      if (reads === null || reads[0] !== fromRoot(file)) return null;
      // A frozen program made since the module was generated is a change.
      const program = programFileOf(file);
      if (program !== file && existsSync(program) && !reads.includes(fromRoot(program))) return null;
      // A module with tool modules (more than its agent file to read) reads the tsconfig.json
      // found now, and what it extends: one made or moved since is a change.
      const isTypes = (r: string): boolean => r === TYPES_FILE || r.endsWith(`/${TYPES_FILE}`);
      if (reads.filter((r) => !isTypes(r)).length > 1) {
        const listed = new Set(reads);
        if (!tsconfigChain(cache, dirname(file)).every(([p]) => listed.has(fromRoot(p)))) return null;
      }
      const texts: [string, string | null][] = [];
      for (const r of reads) {
        const path = join(root, r);
        read.push(path);
        texts.push([r, readCached(cache, path)]);
      }
      if (inputsDigest(base, texts) !== module.inputsHash) return null;
    }
    if (index.inputsHash !== indexHash(modules, frozen)) return null;
    return { agents: files.length, inputs: read };
  } catch {
    return null;
  }
}

/**
 * The header's `reads`: each file a module was generated from (the agent file first), with
 * the digest it had then. Null when the header has none that can be read.
 */
export function readDigests(head: string): Map<string, string> | null {
  try {
    const reads = JSON.parse(READS.exec(head)?.[1] ?? "null") as unknown;
    if (typeof reads !== "object" || reads === null || Array.isArray(reads)) return null;
    const out = new Map<string, string>();
    for (const [path, digest] of Object.entries(reads)) {
      if (typeof digest !== "string") return null;
      out.set(path, digest);
    }
    return out.size === 0 ? null : out;
  } catch {
    return null;
  }
}

function readsOf(head: string): string[] | null {
  const reads = readDigests(head);
  return reads === null ? null : [...reads.keys()];
}
