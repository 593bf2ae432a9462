/**
 * A durable run survives its process: a process running it with fileJournal is killed
 * (SIGKILL) while waiting for a model reply, after a side-effect tool answered; another
 * process resumes it to the end. No journaled turn asks the model again, and the side
 * effect ran once per idempotency key.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnScript, type Script } from "../../spawn-script.js";

const WORKER = join(import.meta.dirname, "fixtures", "crash-worker.ts");

const start = (args: readonly string[]): Script => spawnScript(WORKER, args);

const lines = (file: string): string[] => readFileSync(file, "utf8").split("\n").filter((l) => l !== "");

describe("a durable run killed mid-turn", () => {
  it("is finished by another process, with one model request per journaled turn", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "ptcc-crash-"));
    // Killed while turn 3's model request hangs: turn 2's email was sent and journaled.
    const first = start(["run", dir, "3"]);
    for (let i = 0; i < 400 && !first.out().includes("hanging"); i++) await new Promise((r) => setTimeout(r, 50));
    expect(first.out(), first.err()).toContain("hanging");
    first.child.kill("SIGKILL");
    await first.exited;

    const second = start(["resume", dir]);
    expect(await second.exited, second.err()).toBe(0);
    const step = JSON.parse(second.out().trim()) as { ok: boolean; return: unknown; usage: { replayedTurns?: number } };
    expect(step).toMatchObject({ ok: true, return: { total: 12, sent: true }, usage: { replayedTurns: 2 } });

    // Turns 1 and 2 asked once; turn 3 twice (the request in flight at the kill); 4 and 5 once.
    const requests = lines(join(dir, "requests"));
    expect(requests).toEqual(["1", "2", "3", "3", "4", "5"]);
    expect(requests.length).toBeLessThanOrEqual(5 + 1);
    // Each email went out once per idempotency key.
    const ledger = lines(join(dir, "ledger"));
    expect(ledger).toEqual(["job-1:2#0", "job-1:4#0/t#0"]);
    // The journal file is private to its owner.
    const { statSync, readdirSync } = await import("node:fs");
    const file = readdirSync(join(dir, "journal")).find((f) => f.endsWith(".jsonl"))!;
    expect(statSync(join(dir, "journal", file)).mode & 0o777).toBe(0o600);
  });
});
