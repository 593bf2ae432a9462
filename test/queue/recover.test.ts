/**
 * One machine, no server: an in-process queue over fileJournal. The process is killed
 * (SIGKILL) mid-run, after a side-effect tool answered; in the next process,
 * `runs.recover()` queues the unfinished run again and a worker resumes it from its
 * journal: one model request per journaled turn, the email sent once.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const FIXTURE = join(import.meta.dirname, "fixtures", "local-worker.ts");

function start(args: readonly string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}

const lines = (file: string): string[] => readFileSync(file, "utf8").split("\n").filter((l) => l !== "");

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
