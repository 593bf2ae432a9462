import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileJournal, JournalError, memoryJournal, requestCancel, type JournalEntry } from "../../../src/agent/index.js";
import { storeSuite } from "./store-suite.js";

const tmp = (): string => mkdtempSync(join(tmpdir(), "ptcc-journal-"));

storeSuite("memoryJournal", () => ({ store: memoryJournal() }));
storeSuite("fileJournal", () => {
  const dir = tmp();
  // A second store on the same folder: another process's view (its own cache of the file).
  return { store: fileJournal(dir), twin: () => fileJournal(dir) };
});

describe("fileJournal", () => {
  const fresh = (): { dir: string; store: ReturnType<typeof fileJournal> } => {
    const dir = tmp();
    return { dir, store: fileJournal(dir) };
  };
  const e = (seq: number): JournalEntry => ({ seq, kind: "cancel", reason: `r${seq}` });

  it("writes one JSON line per entry, in a file only its owner can read", async () => {
    const { dir, store } = fresh();
    await store.append("run/1", 0, e(0));
    await store.append("run/1", 1, e(1));
    const [file] = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
    const text = readFileSync(join(dir, file!), "utf8");
    expect(text.split("\n")).toEqual([JSON.stringify(e(0)), JSON.stringify(e(1)), ""]);
    expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("a torn last line (a crash mid-write) is ignored when loading and cut off by the next append", async () => {
    const { dir, store } = fresh();
    await store.append("r", 0, e(0));
    const file = join(dir, readdirSync(dir).find((f) => f.endsWith(".jsonl"))!);
    appendFileSync(file, '{"seq":1,"kind":"can');
    const other = fileJournal(dir);
    expect(await other.load("r")).toEqual([e(0)]);
    expect(await other.append("r", 1, e(1))).toEqual({ ok: true });
    expect(await fileJournal(dir).load("r")).toEqual([e(0), e(1)]);
    expect(readFileSync(file, "utf8")).toBe(`${JSON.stringify(e(0))}\n${JSON.stringify(e(1))}\n`);
  });

  it("sees another process's appends: compare-and-append holds across stores on one folder", async () => {
    const { dir, store } = fresh();
    const other = fileJournal(dir);
    await store.append("r", 0, e(0));
    expect(await other.append("r", 0, { seq: 0, kind: "cancel", reason: "mine" })).toEqual({ ok: false, existing: e(0) });
    expect(await other.append("r", 1, e(1))).toEqual({ ok: true });
    expect(await store.append("r", 1, { seq: 1, kind: "cancel", reason: "late" })).toEqual({ ok: false, existing: e(1) });
  });

  it("a line in the middle that is not an entry is a clear error, not a crash", async () => {
    const { dir, store } = fresh();
    await store.append("r", 0, e(0));
    const file = join(dir, readdirSync(dir).find((f) => f.endsWith(".jsonl"))!);
    writeFileSync(file, `not json\n${JSON.stringify(e(1))}\n`);
    await expect(fileJournal(dir).load("r")).rejects.toThrow(JournalError);
    await expect(fileJournal(dir).load("r")).rejects.toThrow(/:1: the line is not JSON/);
  });

  it("a stale lock left by a killed process is taken over", async () => {
    const { dir, store } = fresh();
    await store.append("r", 0, e(0));
    const file = readdirSync(dir).find((f) => f.endsWith(".jsonl"))!;
    // A lock whose process does not exist.
    writeFileSync(join(dir, `${file}.lock`), "999999");
    expect(await store.append("r", 1, e(1))).toEqual({ ok: true });
  });

  it("requestCancel appends a cancel entry to a running run, and nothing to an ended one", async () => {
    const store = memoryJournal();
    await store.append("a", 0, { seq: 0, kind: "cancel", reason: "x" } as JournalEntry);
    expect(await requestCancel(store, "nope")).toBe(false);
    expect(await requestCancel(store, "a", "stop")).toBe(true);
  });

  it("an unwritable folder fails the run as a journal failure, with the reason", async () => {
    if (process.getuid?.() === 0) return; // root writes anywhere
    const { dir } = fresh();
    chmodSync(dir, 0o500);
    const store = fileJournal(dir);
    await expect(store.append("r", 0, e(0))).rejects.toThrow();
  });
});
