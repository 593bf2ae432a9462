/**
 * The TypeScript compiler API that ts-morph brings (`@ts-morph/common/dist/typescript.js`,
 * the classic JavaScript compiler: `typescript@7` on npm is the native one, without it) and
 * the standard library's declarations, which @ts-morph/common carries as text.
 *
 * Both are loaded as cheaply as a cold process allows: the compiler from its V8 code cache
 * (code-cache.ts), the library texts from a JSON copy in the same cache folder (loading
 * @ts-morph/common itself for them costs about 40 ms), each keyed by the content of the file
 * it comes from. Without a usable cache the files load as `require` would load them and the
 * caches are written after the run (`saveCodeCaches`).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import type { ts } from "ts-morph";
import { MissingPackageError, TS_MORPH_INSTALL } from "../diagnostics/missing-package.js";
import { resolveOptional } from "../resolve-optional.js";
import { cacheKey, codeCache, contentHash, requireCached, writeCacheFile, type CodeCache } from "./code-cache.js";

/** The compiler and the declaration files of its standard library, by file name (`lib.es2023.d.ts`). */
export interface TypeScriptApi {
  readonly ts: typeof ts;
  readonly libFiles: LibTexts;
}

/** Texts by name. */
export interface LibTexts {
  has(name: string): boolean;
  get(name: string): string | undefined;
}

/** Where ts-morph's files are, resolved from ptcc's own location. */
interface TsMorphFiles {
  /** `…/node_modules/ts-morph`. */
  readonly packageDir: string;
  readonly typescript: string;
  readonly common: string;
}

function tsMorphFiles(): TsMorphFiles | null {
  try {
    const main = resolveOptional("ts-morph", import.meta.url);
    if (main === null) return null;
    const common = createRequire(main).resolve("@ts-morph/common");
    const typescript = join(dirname(common), "typescript.js");
    if (!existsSync(typescript)) return null;
    return { packageDir: dirname(dirname(main)), typescript, common };
  } catch {
    return null;
  }
}

/**
 * The folder of ptcc's caches: `PTCC_CACHE_DIR` (`off`: none), else `node_modules/.cache/ptcc`
 * in the node_modules folder that holds ts-morph (the files the caches are made from).
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env["PTCC_CACHE_DIR"];
  if (chosen !== undefined && chosen !== "") return chosen === "off" ? null : chosen;
  const files = tsMorphFiles();
  if (files === null) return null;
  const modules = dirname(files.packageDir);
  return basename(modules) === "node_modules" ? join(modules, ".cache", "ptcc") : null;
}

/** Load the compiler API and the library texts (see the module's comment). */
export function loadTypeScript(cache: CodeCache): TypeScriptApi {
  const files = tsMorphFiles();
  if (files === null) {
    // An unusual install: ts-morph's own entry point has both. Or none: ts-morph is an
    // optional peer (an app that only runs compiled agents does not install it).
    const main = resolveOptional("ts-morph", import.meta.url);
    if (main === null) {
      throw new MissingPackageError("ts-morph", "reading the types of TypeScript tool modules", TS_MORPH_INSTALL);
    }
    const morph = createRequire(import.meta.url)(main) as typeof import("ts-morph");
    const common = createRequire(main)("@ts-morph/common") as {
      getLibFiles(): readonly { fileName: string; text: string }[];
    };
    return { ts: morph.ts, libFiles: new Map(common.getLibFiles().map((f) => [f.fileName, f.text])) };
  }
  const tsApi = requireCached(files.typescript, cache) as typeof ts;
  return { ts: tsApi, libFiles: libFiles(files, cache) };
}

/**
 * The library texts: from the copy in the cache folder keyed by @ts-morph/common's content,
 * or from the module (then the copy is written). The copy is one line of JSON, an index of
 * where each text's bytes are, then the texts: only those a program asks for are decoded
 * (a project's `lib` takes a few percent of them).
 */
function libFiles(files: TsMorphFiles, cache: CodeCache): LibTexts {
  const hash = cache.dir === null ? null : contentHash(files.common, cache);
  const file = hash === null ? null : join(cache.dir!, `ts-libs-${cacheKey([files.common, hash])}.bin`);
  if (file !== null) {
    try {
      const copy = readLibCopy(readFileSync(file));
      if (copy !== null) return copy;
    } catch {
      // no copy yet, or a broken one: read the module
    }
  }
  // Without a code cache of its own: it is loaded for this copy only.
  const common = requireCached(files.common, codeCache(null)) as {
    getLibFiles(): readonly { fileName: string; text: string }[];
  };
  const table = new Map(common.getLibFiles().map((f) => [f.fileName, f.text]));
  if (file !== null) writeCacheFile(file, () => libCopy(table));
  return table;
}

/** `{"name":[start,end],…}\n` then the texts' bytes (offsets after the newline). */
function libCopy(table: ReadonlyMap<string, string>): Buffer {
  const index: Record<string, [number, number]> = {};
  const parts: Buffer[] = [];
  let at = 0;
  for (const [name, text] of table) {
    const bytes = Buffer.from(text, "utf8");
    index[name] = [at, at + bytes.length];
    parts.push(bytes);
    at += bytes.length;
  }
  return Buffer.concat([Buffer.from(`${JSON.stringify(index)}\n`), ...parts]);
}

/** The texts of a copy, each decoded when first asked for; null: not a copy. */
function readLibCopy(bytes: Buffer): LibTexts | null {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return null;
  const index = JSON.parse(bytes.toString("utf8", 0, newline)) as unknown;
  if (typeof index !== "object" || index === null || !("lib.es5.d.ts" in index)) return null;
  const data = bytes.subarray(newline + 1);
  const ranges = new Map<string, readonly [number, number]>();
  for (const [name, range] of Object.entries(index as Record<string, unknown>)) {
    if (!Array.isArray(range) || range.length !== 2) return null;
    const [start, end] = range as unknown[];
    if (typeof start !== "number" || typeof end !== "number" || !(0 <= start && start <= end && end <= data.length)) {
      return null;
    }
    ranges.set(name, [start, end]);
  }
  return new LazyTexts(data, ranges);
}

/** Texts decoded from their bytes on first use. */
class LazyTexts implements LibTexts {
  private readonly texts = new Map<string, string>();

  constructor(
    private readonly data: Buffer,
    private readonly ranges: ReadonlyMap<string, readonly [number, number]>,
  ) {}

  get(name: string): string | undefined {
    let text = this.texts.get(name);
    const range = this.ranges.get(name);
    if (text === undefined && range !== undefined) {
      text = this.data.toString("utf8", range[0], range[1]);
      this.texts.set(name, text);
    }
    return text;
  }

  has(name: string): boolean {
    return this.ranges.has(name);
  }
}
