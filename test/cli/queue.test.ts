/**
 * `ptcc worker`, `ptcc enqueue` and `ptcc runs`, run against the built command and a real
 * Redis: a worker over the example agent files answers a run queued from another process,
 * its status shows the result; bad inputs, unknown runs, cancellation and usage errors
 * have their exit codes.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeRedis, dropMade, REDIS_URL, uniqueQueue } from "../bullmq/redis.js";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "ptcc.js");
const queue = uniqueQueue("cli");
let worker: ChildProcess | undefined;

afterAll(async () => {
  if (worker !== undefined && worker.exitCode === null) {
    worker.kill("SIGKILL");
  }
  await dropMade();
});

function ptcc(args: readonly string[], env: NodeJS.ProcessEnv = {}): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

describeRedis("the run queue from the command line", () => {
  const q = ["--redis", REDIS_URL ?? "", "--queue", queue];

  it(
    "a worker over agent files runs what ptcc enqueue queues; ptcc runs status shows it; SIGTERM stops the worker",
    { timeout: 90_000 },
    async () => {
      worker = spawn(
        process.execPath,
        [BIN, "worker", "examples/agents", ...q, "--llm", "script:examples/scripts/search.json"],
        { cwd: ROOT },
      );
      let err = "";
      const ready = new Promise<void>((resolve, reject) => {
        worker!.stderr!.on("data", (d: Buffer) => {
          err += d.toString();
          if (err.includes(" at a time")) resolve();
        });
        worker!.on("exit", () => reject(new Error(`the worker exited: ${err}`)));
      });
      await ready;
      expect(err).toContain(
        `ptcc worker: 7 agents (expenses, labels, research, search, summarize, support, triage) from 7 files on queue ${queue} at ${REDIS_URL}, 1 at a time`,
      );

      const r = ptcc([
        "enqueue",
        "examples/agents/search.agent.md",
        "--input",
        '{"query": "lamp"}',
        ...q,
        "--idempotency-key",
        "lamp",
        "--wait",
        "--json",
      ]);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      const step = JSON.parse(r.out) as { id: string; ok: boolean; return: { count: number }; turns: number };
      expect(step).toMatchObject({ id: "lamp", ok: true, agent: "search", turns: 4, return: { count: 7 } });

      const s = ptcc(["runs", "status", "lamp", ...q]);
      expect(s.code).toBe(0);
      expect(s.out).toMatch(
        /^lamp: completed \(agent search\)\n {2}returned \{"count":7,"cheapest":\[.*\]\} \(4 turns\)\n$/,
      );
      const j = ptcc(["runs", "status", "lamp", ...q, "--json"]);
      expect(JSON.parse(j.out)).toMatchObject({ id: "lamp", status: "completed", agent: "search", step: { ok: true } });

      worker.kill("SIGTERM");
      const code = await new Promise<number | null>((resolve) => worker!.on("exit", (c) => resolve(c)));
      expect(code).toBe(0);
      expect(err).toContain("ptcc worker: run lamp (search) returned");
    },
  );

  it("a delayed run cancelled from the command line never starts", () => {
    const r = ptcc([
      "enqueue",
      "examples/agents/search.agent.md",
      "--input",
      '{"query": "x"}',
      ...q,
      "--delay",
      "60000",
      "--tenant",
      "acme",
    ]);
    expect(r.code).toBe(0);
    const id = r.out.trim();
    expect(id).toMatch(/^run-/);
    expect(ptcc(["runs", "status", id, ...q]).out).toBe(`${id}: waiting (agent search, tenant acme)\n`);
    expect(ptcc(["runs", "cancel", id, ...q, "--reason", "not needed"])).toMatchObject({
      code: 0,
      out: `${id}: cancelled\n`,
    });
    expect(ptcc(["runs", "status", id, ...q]).out).toBe(
      `${id}: cancelled (agent search, tenant acme)\n  failed: cancelled: not needed (0 turns)\n`,
    );
    expect(ptcc(["runs", "cancel", id, ...q]).code).toBe(1);
  });

  it("exit codes: a refused input 1, an unknown run 1, no Redis named 2", () => {
    const bad = ptcc(["enqueue", "examples/agents/search.agent.md", "--input", '{"query": 1}', ...q]);
    expect(bad).toMatchObject({
      code: 1,
      out: "",
      err: "ptcc: search: the input does not match (query :string): query: expected string, got int 1\n",
    });
    expect(ptcc(["runs", "status", "nope", ...q])).toMatchObject({ code: 1, err: "ptcc: no run nope\n" });
    const none = ptcc(["runs", "status", "nope"], { REDIS_URL: "" });
    expect(none).toMatchObject({
      code: 2,
      err: "ptcc: give the Redis of the queue: --redis redis://HOST:PORT (or set REDIS_URL)\n",
    });
    expect(ptcc(["enqueue", "examples/agents/search.agent.md", ...q, "--priority", "0"])).toMatchObject({
      code: 2,
      err: "ptcc: --priority needs an integer of at least 1\n",
    });
  });
});
