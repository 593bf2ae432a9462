/**
 * The hash of a generated module's inputs, written into its header: the generator's
 * version, the agent file, and each tool module with the local modules it imports
 * (relative imports, followed transitively), and for modules with tool modules the
 * tsconfig.json TypeScript reads them with. A module whose recorded hash equals the hash
 * of its inputs now is not generated again. Types a tool module takes from packages in
 * node_modules are not followed: `ptcc compile --force` regenerates everything.
 */
import { isAscii, isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** ptcc's version, part of every hash: a new ptcc regenerates everything. */
export const PTCC_VERSION = ((): string => {
  try {
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8")) as {
      version?: unknown;
    };
    return typeof pkg.version === "string" ? pkg.version : "0";
  } catch {
    return "0";
  }
})();

/** Bumped when the generated code changes for the same inputs (with ptcc's version). */
export const GENERATOR_VERSION = "4";

/**
 * `.agent.md` (as src/agent-file/parse.ts has it): repeated here so that the no-change
 * check, which reads no agent file's content, does not load the parser and YAML.
 */
export const AGENT_FILE_EXTENSION = ".agent.md";

/**
 * The hash of a module's inputs: what ptcc is (version, generator, template), where the
 * output goes, and each file it read, by path from the project root and content (line
 * endings aside, so a Windows checkout hashes as a Unix one). The paths are the header's
 * `reads` list, so the hash can be checked again without parsing anything.
 */
export function inputsDigest(
  fixed: readonly string[],
  files: readonly (readonly [path: string, text: string | null])[],
): string {
  const parts = [...fixed];
  for (const [path, text] of files) parts.push(path, text === null ? "(unreadable)" : text.replace(/\r\n?/g, "\n"));
  return digest(parts);
}

/**
 * The digest of one input file as the header's `reads` records it (8 hex digits): what lets
 * `--check` say which input changed since a module was generated.
 */
export function fileDigest(text: string | null): string {
  return digestParts([text === null ? "(unreadable)" : text.replace(/\r\n?/g, "\n")], "sha256", 8);
}

/** A short, stable hex digest of the parts (16 hex digits of SHA-256). */
export function digest(parts: readonly string[]): string {
  return digestParts(parts, "sha256", 16);
}

/**
 * The first `hexDigits` of the `algorithm` hash of the parts, each preceded by its length
 * so that no two lists of parts run together into the same text.
 */
export function digestParts(parts: readonly (string | Buffer)[], algorithm: string, hexDigits: number): string {
  const h = createHash(algorithm);
  for (const p of parts) {
    h.update(String(p.length));
    h.update(":");
    h.update(p);
  }
  return h.digest("hex").slice(0, hexDigits);
}

/**
 * `digest([text])` of the UTF-8 text in `bytes`, without decoding it: the same bytes are
 * hashed, after the text's length in UTF-16 code units. Bytes that are not valid UTF-8
 * are decoded as they would be (with replacement characters) and hashed as text.
 */
export function digestBytes(bytes: Buffer): string {
  if (!isUtf8(bytes)) return digest([bytes.toString("utf8")]);
  const h = createHash("sha256");
  h.update(String(utf16Length(bytes)));
  h.update(":");
  h.update(bytes);
  return h.digest("hex").slice(0, 16);
}

/**
 * The length in UTF-16 code units of valid UTF-8. Generated code is nearly all ASCII, so
 * halves that are ASCII are counted whole and only small pieces around other characters are
 * decoded (split where a character starts, so each piece is valid UTF-8 on its own).
 */
function utf16Length(bytes: Buffer): number {
  if (isAscii(bytes)) return bytes.length;
  if (bytes.length <= 256) return bytes.toString("utf8").length;
  let half = bytes.length >> 1;
  while ((bytes[half]! & 0xc0) === 0x80) half--;
  return utf16Length(bytes.subarray(0, half)) + utf16Length(bytes.subarray(half));
}

/** Files read during one compile, by absolute path (null: unreadable). */
export type FileCache = Map<string, string | null>;

export function readCached(cache: FileCache, path: string): string | null {
  let text = cache.get(path);
  if (text === undefined) {
    text = readText(path);
    cache.set(path, text);
  }
  return text;
}

/** A file's text, or null when it cannot be read. */
export function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

const IMPORT =
  /(?:^|[^\w$.])(?:import|export)\s[^;]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)|^\s*import\s*["'](\.{1,2}\/[^"']+)["']/gm;
/** The extensions TypeScript adds to a specifier without one, in its order. */
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".d.ts", ".js", ".jsx"];

/** The relative module specifiers a source file imports. */
export function localImports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

/**
 * Where a relative specifier points, in the order TypeScript looks: a `.js` specifier names
 * the `.ts`, `.tsx` or `.d.ts` file before the `.js` one (`.mjs`: `.mts`, `.d.mts`; `.cjs`:
 * `.cts`, `.d.cts`), a specifier without an extension takes one, then a folder's index.
 */
function candidates(from: string, spec: string): string[] {
  const base = resolve(dirname(from), spec);
  const m = /\.(m|c)?js(x)?$/.exec(base);
  if (m !== null) {
    const stem = base.slice(0, -m[0].length);
    const k = m[1] ?? "";
    return k === ""
      ? [`${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`, base]
      : [`${stem}.${k}ts`, `${stem}.d.${k}ts`, base];
  }
  const out = [base];
  for (const ext of SOURCE_EXTENSIONS) out.push(`${base}${ext}`);
  for (const ext of SOURCE_EXTENSIONS) out.push(resolve(base, `index${ext}`));
  return out;
}

/**
 * `path` and the local files it imports, transitively, each with its text, sorted by
 * path. Unreadable imports are left out (TypeScript reports them when it reads the module).
 */
export function withLocalImports(cache: FileCache, path: string): [string, string][] {
  const seen = new Map<string, string>();
  const queue = [path];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const text = readCached(cache, file);
    if (text === null) continue;
    seen.set(file, text);
    for (const spec of localImports(text)) {
      for (const c of candidates(file, spec)) {
        if (readCached(cache, c) !== null) {
          queue.push(c);
          break;
        }
      }
    }
  }
  return [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

// ---------------------------------------------------------------------------------------
// tsconfig.json

/** The nearest file `name` in `dir` or a folder above it. */
export function findUp(dir: string, name: string): string | null {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const p = join(d, name);
    if (existsSync(p)) return p;
    if (dirname(d) === d) return null;
  }
}

const EXTENDS = /"extends"\s*:\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\])/;

/**
 * The tsconfig.json that tool modules are read with (the nearest above `dir`, as
 * tool-types.ts finds it) and the files it extends by a relative path, transitively, each
 * with its text: their options change what TypeScript accepts (`strict`), so they are
 * inputs of the modules with tool modules. Configurations from packages are not followed.
 */
export function tsconfigChain(cache: FileCache, dir: string): [string, string | null][] {
  const out = new Map<string, string | null>();
  const queue = [findUp(dir, "tsconfig.json")];
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined || file === null || out.has(file)) continue;
    const text = readCached(cache, file);
    out.set(file, text);
    const m = text === null ? null : EXTENDS.exec(text);
    if (m === null) continue;
    let specs: unknown;
    try {
      specs = JSON.parse(m[1]!);
    } catch {
      continue;
    }
    for (const spec of Array.isArray(specs) ? specs : [specs]) {
      if (typeof spec !== "string" || !/^\.{1,2}\//.test(spec)) continue;
      const path = resolve(dirname(file), spec);
      // As TypeScript does: `./base` is `./base.json` when there is no file `./base`.
      queue.push(spec.endsWith(".json") || existsSync(path) ? path : `${path}.json`);
    }
  }
  return [...out];
}
