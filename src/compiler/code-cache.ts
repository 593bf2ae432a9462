/**
 * CommonJS modules compiled from a V8 code cache on disk, for the large files `ptcc compile`
 * loads on every cold run: the TypeScript compiler that ts-morph brings (9 MB of JavaScript,
 * about 200 ms for V8 to compile, 20 ms to deserialize from its cache).
 *
 * A cache file is named after everything it depends on: Node's version, platform and options,
 * the module's path and a SHA-1 of its content, so a changed file or another Node never meets an
 * old cache. V8 checks the cache again (its version, flags and the source's length) and may
 * reject it: the module then compiles from its text, as without a cache, and a new cache is
 * written after the run. Nothing here ever fails a compile: an unwritable or corrupt cache
 * only costs the time it would have saved.
 *
 * Hashing 9 MB costs about 20 ms, so the cache folder keeps, as git's index does, each
 * file's hash with its identity (device, inode, size, modification and change times): while
 * the file keeps that identity its recorded hash is used. A file changed within two seconds
 * of being hashed is hashed again next time (a change in the same clock tick would keep the
 * identity), and anything that replaces or writes it changes its inode or times.
 */
import { isAscii } from "node:buffer";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import { digestParts } from "./hash.js";

/** The code caches of one process: where they live and what is to be written after the run. */
export interface CodeCache {
  /** The cache folder; null: no cache (modules compile from their text). */
  readonly dir: string | null;
  /** Scripts compiled without a usable cache: their cache is written by `saveCodeCaches`. */
  readonly pending: { readonly script: Script; readonly file: string }[];
  /** The content hashes known by file identity (read from the folder when first needed). */
  hashes: Map<string, RecordedHash> | null;
  /** Hashes computed in this run, to record. */
  readonly computed: Map<string, RecordedHash>;
}

/** A file's content hash, with the identity it had when it was hashed. */
interface RecordedHash {
  readonly identity: string;
  readonly hash: string;
}

export function codeCache(dir: string | null): CodeCache {
  return { dir, pending: [], hashes: null, computed: new Map() };
}

/** A short hex key of the parts (SHA-1: fast over the 9 MB of TypeScript). */
export function cacheKey(parts: readonly (string | Buffer)[]): string {
  return digestParts(parts, "sha1", 20);
}

/**
 * What a cache made by this process depends on besides the file. V8 checks its flags itself;
 * naming the options Node was started with too keeps processes started differently (a test
 * runner, a profiler) from replacing each other's caches in turn.
 */
function runtimeParts(): string[] {
  return [
    process.version,
    process.versions.v8,
    process.platform,
    process.arch,
    process.execArgv.join(" "),
    process.env["NODE_OPTIONS"] ?? "",
  ];
}

/** A file's text: ASCII files (most bundles) are read as Latin-1, several times faster than UTF-8. */
export function readText(buffer: Buffer): string {
  return buffer.toString(isAscii(buffer) ? "latin1" : "utf8");
}

const HASHES_FILE = "hashes.json";
/** How old a file must be for its identity to stand for its content. */
const SETTLED_MS = 2000;

/**
 * The SHA-1 of a file's content: the recorded one while the file keeps its identity, else
 * computed (from `content` when the caller has read the file). Null: the file cannot be read.
 * (`now` is for tests.)
 */
export function contentHash(filename: string, cache: CodeCache, content?: Buffer, now = Date.now()): string | null {
  let identity: string;
  let settled: boolean;
  try {
    const s = statSync(filename);
    identity = [s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs].join(":");
    settled = now - Math.max(s.mtimeMs, s.ctimeMs) > SETTLED_MS;
  } catch {
    return null;
  }
  const known = recordedHashes(cache).get(filename);
  if (known !== undefined && known.identity === identity && settled) return known.hash;
  let bytes = content;
  if (bytes === undefined) {
    try {
      bytes = readFileSync(filename);
    } catch {
      return null;
    }
  }
  const hash = cacheKey([bytes]);
  if (settled) cache.computed.set(filename, { identity, hash });
  return hash;
}

function recordedHashes(cache: CodeCache): Map<string, RecordedHash> {
  if (cache.hashes === null) {
    cache.hashes = new Map();
    if (cache.dir !== null) {
      try {
        const parsed = JSON.parse(readFileSync(join(cache.dir, HASHES_FILE), "utf8")) as unknown;
        if (typeof parsed === "object" && parsed !== null) {
          for (const [file, v] of Object.entries(parsed)) {
            const r = v as Partial<RecordedHash>;
            if (typeof r.identity === "string" && typeof r.hash === "string") {
              cache.hashes.set(file, { identity: r.identity, hash: r.hash });
            }
          }
        }
      } catch {
        // none yet, or unreadable: everything is hashed
      }
    }
  }
  return cache.hashes;
}

/**
 * Load the CommonJS module `filename` (an absolute, resolved path) as `require` would, but
 * compiled with its cached code when there is one. The module goes into `require.cache`,
 * so a `require` of the same file from another module gets this instance.
 */
export function requireCached(filename: string, cache: CodeCache): unknown {
  const req = createRequire(filename);
  const loaded = req.cache[filename];
  if (loaded?.loaded === true) return loaded.exports;
  const buffer = readFileSync(filename);
  const source = readText(buffer);
  const hash = cache.dir === null ? null : contentHash(filename, cache, buffer);
  const file =
    cache.dir === null || hash === null
      ? null
      : join(cache.dir, `${basename(filename)}-${cacheKey([...runtimeParts(), filename, hash])}.v8`);
  let cachedData: Buffer | undefined;
  if (file !== null) {
    try {
      cachedData = readFileSync(file);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(Module.wrap(source), { filename, ...(cachedData === undefined ? {} : { cachedData }) });
  if (file !== null && (cachedData === undefined || script.cachedDataRejected === true)) {
    cache.pending.push({ script, file });
  }
  const mod = new Module(filename);
  mod.filename = filename;
  req.cache[filename] = mod;
  try {
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    wrapper.call(mod.exports, mod.exports, req, mod, filename, dirname(filename));
  } catch (e) {
    delete req.cache[filename];
    throw e;
  }
  mod.loaded = true;
  return mod.exports;
}

/**
 * Write the caches of the scripts that had none, after the work (so they hold every function
 * the work compiled, not only the top level), and the content hashes computed.
 */
export function saveCodeCaches(cache: CodeCache): void {
  for (const { script, file } of cache.pending.splice(0)) {
    writeCacheFile(file, () => script.createCachedData());
  }
  if (cache.dir !== null && cache.computed.size > 0) {
    const all = new Map([...recordedHashes(cache), ...cache.computed]);
    cache.computed.clear();
    writeCacheFile(join(cache.dir, HASHES_FILE), () => JSON.stringify(Object.fromEntries(all)), false);
  }
}

/** Versions of one cache file kept (for other Node versions or installs sharing the folder). */
const KEEP_VERSIONS = 4;

/**
 * Write one cache file atomically; of its other versions (the same name before the key),
 * only the newest few stay.
 */
export function writeCacheFile(file: string, data: () => Buffer | string, versioned = true): void {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data());
    renameSync(tmp, file);
    if (!versioned) return;
    const stem = basename(file).replace(/-[0-9a-f]+\.\w+$/, "-");
    const others = readdirSync(dir)
      .filter((n) => n !== basename(file) && n.startsWith(stem) && !n.endsWith(".tmp"))
      .map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    for (const { n } of others.slice(KEEP_VERSIONS - 1)) rmSync(join(dir, n), { force: true });
  } catch {
    // A cache folder we cannot write to: the next run compiles from the text again.
  }
}
