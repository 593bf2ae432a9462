/**
 * Redis restarted mid-run, with its append-only file on (a Redis this test starts on its
 * own port and folder): the queued job, its lock and the run's journal survive the
 * restart, the worker's connections come back, and the run completes with no model
 * request made twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { bullmqBackend } from "../../src/bullmq/index.js";
import { withLlmInfo } from "../../src/index.js";
import { createRuns, startWorker } from "../../src/queue/index.js";
import { makeOps, replyFor } from "../agent/durable/fixtures/ops.js";
import { describeRedis, ownRedisServer } from "./redis.js";
import { startRedisServer, type RedisServer } from "./redis-server.js";

const dir = mkdtempSync(join(tmpdir(), "ptcc-redis-aof-"));
let server: RedisServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describeRedis("Redis restarted mid-run", () => {
  it("the run completes, no model request twice", { timeout: 60_000 }, async () => {
    const binary = ownRedisServer("the Redis restart test");
    if (binary === null) return;
    server = await startRedisServer(binary, ["--appendonly", "yes", "--appendfsync", "always", "--dir", dir]);
    const requests: number[] = [];
    const ledger: string[] = [];
    const agents = { ops: makeOps(async (k) => void ledger.push(k)) } as const;
    const backend = bullmqBackend({ connection: server.url, queue: "restart" });
    const runs = createRuns(agents, { backend });
    let turn2Asked!: () => void;
    const asked2 = new Promise<void>((r) => (turn2Asked = r));
    const llm = withLlmInfo(
      async (r: { turn: number }) => {
        requests.push(r.turn);
        if (r.turn === 2) turn2Asked();
        await new Promise((resolve) => setTimeout(resolve, 250));
        return replyFor(r.turn);
      },
      { provider: "test", model: "slow" },
    );
    const worker = await startWorker(agents, { backend, llm });
    try {
      const h = await runs.ops.enqueue({}, { idempotencyKey: "restart-1" });
      // Redis goes down while turn 2's model request is under way, and comes back.
      await asked2;
      await server.stop();
      await new Promise((r) => setTimeout(r, 300));
      await server.start();
      const step = await h.result({ timeoutMs: 40_000 });
      expect(step).toMatchObject({ ok: true, return: { total: 12, sent: true } });
      expect(requests).toEqual([1, 2, 3, 4, 5]);
      expect(ledger).toEqual(["restart-1:2#0", "restart-1:4#0/t#0"]);
      const kinds = (await h.journal()).map((e) => e.kind);
      expect(kinds[0]).toBe("queued");
      expect(kinds.at(-1)).toBe("end");
    } finally {
      await worker.close();
      await runs.close();
    }
  });
});
