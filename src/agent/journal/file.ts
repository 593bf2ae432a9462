/**
 * `fileJournal(dir)`: one JSON Lines file per run, `DIR/<run key>.jsonl`, an entry per line,
 * each append written and fsynced before it counts. Made for one machine: several processes
 * may share the folder (a lock file per run makes compare-and-append hold between them).
 *
 * A crash can leave the last line half written: loading ignores it, and the next append
 * cuts it off first. Files are created readable by their owner only (0600): a journal holds
 * the run's raw data, firewalled fields included.
 */
import { JournalError } from "./errors.js";
import { nodeBuiltin } from "../../platform.js";
import { isJournalEntry, type JournalEntry } from "./entries.js";
import { gapError, type AppendResult, type JournalStore } from "./store.js";

export interface FileJournalOptions {
  /**
   * fsync each append (default true): an acknowledged entry survives a power loss, not only
   * a crash of the process. Turning it off trades that for speed.
   */
  readonly fsync?: boolean;
}

const SUFFIX = ".jsonl";
/** A lock older than this is taken over even when its process seems alive (a reused pid). */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 10_000;

/** A journal store writing one JSON Lines file per run into `dir` (made when missing). */
export function fileJournal(dir: string, options: FileJournalOptions = {}): JournalStore {
  const fs = nodeBuiltin("node:fs", "fileJournal");
  const path = nodeBuiltin("node:path", "fileJournal");
  const sync = options.fsync !== false;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  /** What this process last saw of each file: its size and its number of whole lines. */
  const seen = new Map<string, { size: number; count: number }>();

  const fileOf = (runKey: string): string => path.join(dir, fileName(runKey));

  /** The whole lines of a file (a torn last line left out), and the byte length they take. */
  const readLines = (file: string): { lines: string[]; whole: number } => {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      if ((e as { code?: string }).code === "ENOENT") return { lines: [], whole: 0 };
      throw e;
    }
    const end = text.lastIndexOf("\n") + 1;
    const body = text.slice(0, end);
    const lines = body === "" ? [] : body.slice(0, -1).split("\n");
    return { lines, whole: Buffer.byteLength(body, "utf8") };
  };

  const parse = (file: string, lines: readonly string[]): JournalEntry[] =>
    lines.map((line, i) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw corrupt(file, i + 1, "not JSON");
      }
      if (!isJournalEntry(value) || value.seq !== i) throw corrupt(file, i + 1, "not the journal entry expected there");
      return value;
    });

  const withLock = async <T>(file: string, f: () => T): Promise<T> => {
    const lock = `${file}.lock`;
    const started = Date.now();
    for (;;) {
      try {
        const fd = fs.openSync(lock, "wx", 0o600);
        fs.writeSync(fd, String(globalThis.process?.pid ?? 0));
        fs.closeSync(fd);
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== "EEXIST") throw e;
        if (staleLock(fs, lock)) {
          fs.rmSync(lock, { force: true });
          continue;
        }
        if (Date.now() - started > LOCK_WAIT_MS) {
          throw new JournalError(
            `journal ${file}: its lock ${lock} was held for more than ${LOCK_WAIT_MS} ms`,
            "another process is writing this run; if none is, delete the lock file",
          );
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    }
    try {
      return f();
    } finally {
      fs.rmSync(lock, { force: true });
    }
  };

  /** Entries at `seq` and after, written with one fsync — or the entry that holds `seq` already. */
  const appendLines = (runKey: string, seq: number, entries: readonly JournalEntry[]): Promise<AppendResult> => {
    const file = fileOf(runKey);
    const text = entries.map((e) => `${JSON.stringify(e)}\n`).join("");
    return withLock(file, () => {
      let size = 0;
      try {
        size = fs.statSync(file).size;
      } catch (e) {
        if ((e as { code?: string }).code !== "ENOENT") throw e;
      }
      let known = seen.get(runKey);
      if (known === undefined || known.size !== size) {
        // Another writer (or a crash) changed the file since this process last wrote it.
        const { lines, whole } = readLines(file);
        if (whole !== size) fs.truncateSync(file, whole); // a torn last line
        known = { size: whole, count: lines.length };
        if (seq < lines.length) return { ok: false, existing: parse(file, lines)[seq]! };
      } else if (seq < known.count) {
        const { lines } = readLines(file);
        return { ok: false, existing: parse(file, lines)[seq]! };
      }
      if (seq !== known.count) throw gapError(runKey, seq, known.count);
      const created = known.size === 0 && size === 0;
      const fd = fs.openSync(file, "a", 0o600);
      try {
        fs.writeSync(fd, text);
        if (sync) fs.fdatasyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      if (created && sync) syncDir(fs, dir);
      seen.set(runKey, { size: known.size + Buffer.byteLength(text, "utf8"), count: known.count + entries.length });
      return { ok: true };
    });
  };

  return {
    load: async (runKey) => {
      const file = fileOf(runKey);
      const { lines, whole } = readLines(file);
      const entries = parse(file, lines);
      seen.set(runKey, { size: whole, count: entries.length });
      return entries;
    },
    append: async (runKey, seq, entry) => appendLines(runKey, seq, [entry]),
    appendMany: async (runKey, seq, entries) => appendLines(runKey, seq, entries),
    list: async () =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(SUFFIX))
        .map((f) => decodeURIComponent(f.slice(0, -SUFFIX.length).replace(/^_/, ""))),
    delete: async (runKey) => {
      fs.rmSync(fileOf(runKey), { force: true });
      seen.delete(runKey);
    },
  };
}

/** A file name for any run key: percent-encoded, and never `.`, `..` or hidden. */
function fileName(runKey: string): string {
  if (runKey === "") throw new JournalError("a journal's run key cannot be empty");
  return `_${encodeURIComponent(runKey).replace(/\./g, "%2E")}${SUFFIX}`;
}

function staleLock(fs: typeof import("node:fs"), lock: string): boolean {
  try {
    const st = fs.statSync(lock);
    if (Date.now() - st.mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(fs.readFileSync(lock, "utf8"));
    if (!Number.isInteger(pid) || pid <= 0) return Date.now() - st.mtimeMs > 1000;
    try {
      globalThis.process?.kill(pid, 0);
      return false;
    } catch (e) {
      return (e as { code?: string }).code === "ESRCH";
    }
  } catch {
    return false;
  }
}

function syncDir(fs: typeof import("node:fs"), dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some file systems cannot fsync a folder; the file's own fsync still holds.
  }
}

function corrupt(file: string, line: number, what: string): JournalError {
  return new JournalError(
    `journal ${file}:${line}: the line is ${what}`,
    "the journal was changed by something other than ptcc; restore it or start the run under a new key",
  );
}
