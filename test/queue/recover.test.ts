/**
 * One machine, no server: an in-process queue over fileJournal. The process is killed
 * (SIGKILL) mid-run, after a side-effect tool answered; in the next process,
 * `runs.recover()` queues the unfinished run again and a worker resumes it from its
 * journal: one model request per journaled turn, the email sent once.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnScript, type Script } from "../spawn-script.js";

const FIXTURE = join(import.meta.dirname, "fixtures", "local-worker.ts");

const start = (args: readonly string[]): Script => spawnScript(FIXTURE, args);

const lines = (file: string): string[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "");

describe("an in-process queue over fileJournal, killed mid-run", () => {
  it("recover() in the next process resumes the run from its journal", { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "ptcc-recover-"));
    const first = start(["run", dir]);
    for (let i = 0; i < 1200 && !first.out().includes("hanging"); i++) await new Promise((r) => setTimeout(r, 50));
    expect(first.out(), first.err()).toContain("hanging");
    first.child.kill("SIGKILL");
    await first.exited;

    const second = start(["recover", dir]);
    expect(await second.exited, second.err()).toBe(0);
    const step = JSON.parse(second.out().trim()) as unknown;
    expect(step).toMatchObject({ ok: true, return: { total: 12, sent: true }, usage: { replayedTurns: 2 } });
    expect(lines(join(dir, "requests"))).toEqual(["1", "2", "3", "3", "4", "5"]);
    expect(lines(join(dir, "ledger"))).toEqual(["nightly:2#0", "nightly:4#0/t#0"]);
  });
});
