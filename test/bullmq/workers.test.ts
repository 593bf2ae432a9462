/**
 * ptcc runs on BullMQ across worker processes, against a real Redis. Two worker processes
 * (fixtures/worker.ts) serve the tests in order:
 * - a run active on a worker, cancelled from a third process, ends `cancelled` in the turn under way;
 * - a 429 with Retry-After from a (fake, local) provider makes every worker wait;
 * - a worker frozen past its lock (SIGSTOP, then SIGCONT): its next journal append is
 *   refused and it abandons the run; the result is the other worker's;
 * - a worker SIGKILLed mid-run (after a side-effect tool answered): the run completes on
 *   the other, one model request per turn but the one in flight at the kill, and the side
 *   effect ran once per idempotency key.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { bullmqBackend } from "../../src/bullmq/index.js";
import { defineAgent } from "../../src/index.js";
import { createRuns, type RunProgress } from "../../src/queue/index.js";
import { makeOps, replyFor } from "../agent/durable/fixtures/ops.js";
import { startProcess, stopProcess, type WorkerProcess } from "./processes.js";
import { describeRedis, dropMade, REDIS_URL, uniqueQueue } from "./redis.js";

const ops = makeOps(async () => undefined);
const agents = { ops, opsFake: defineAgent({ ...ops.definition, llm: "openai:fake" }) } as const;
const queue = uniqueQueue("workers");
const key = (s: string): string => `${queue}:test:${s}`;

let redis: Redis;
let a: WorkerProcess;
let b: WorkerProcess;
let runs: ReturnType<typeof createRuns<typeof agents>>;
// The fake provider of the 429 test: started first, as the workers read its URL when they start.
const arrivals: number[] = [];
let tooMany = -1;
let firstTurns = 0;
let server: Server;

beforeAll(async () => {
  if (REDIS_URL === null) return;
  redis = new Redis(REDIS_URL);
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      const now = Date.now();
      arrivals.push(now);
      const messages = (JSON.parse(body) as { messages: { role: string }[] }).messages;
      const turn = messages.filter((m) => m.role === "user").length;
      if (turn === 1) firstTurns++;
      // Once both runs are under way, a later turn's request is refused, once.
      if (tooMany < 0 && firstTurns >= 2 && turn >= 2) {
        tooMany = now;
        res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
        res.end(JSON.stringify({ error: { message: "slow down" } }));
        return;
      }
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            choices: [{ message: { role: "assistant", content: replyFor(turn) }, finish_reason: "stop" }],
          }),
        );
      }, 150);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const env = { OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
  const config = { redis: REDIS_URL, queue, lockDuration: 1000, stalledInterval: 500 };
  [a, b] = [startProcess(config, env), startProcess(config, env)];
  runs = createRuns(agents, { backend: bullmqBackend({ connection: REDIS_URL, queue }) });
  await Promise.all([a.line(/^ready$/, 60_000), b.line(/^ready$/, 60_000)]);
}, 90_000);

beforeEach(async () => {
  if (REDIS_URL !== null)
    await redis.del(...["requests", "ledger", "hangAt", "hang", "slowAt", "slowMs", "slow", "delayMs"].map(key));
});

afterAll(async () => {
  if (REDIS_URL === null) return;
  await Promise.all([a, b].filter((p) => p !== undefined).map(stopProcess));
  await runs?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  redis.disconnect();
  await dropMade();
});

/** Model requests of the test by turn, from the list the workers keep in Redis (`PID:TURN`). */
async function requestsByTurn(): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  for (const r of await redis.lrange(key("requests"), 0, -1)) {
    const turn = Number(r.split(":")[1]);
    out[turn] = (out[turn] ?? 0) + 1;
  }
  return out;
}

/** The first of the workers to print a line matching `match` (from now on). */
function firstTo(match: RegExp): Promise<WorkerProcess> {
  const from = new Map([a, b].map((p) => [p, p.lines.length]));
  return Promise.race([a, b].map((p) => p.line(match, 30_000, from.get(p)).then(() => p)));
}

describeRedis("runs on BullMQ across worker processes", () => {
  it(
    "a run active on a worker, cancelled from a third process, ends cancelled in the turn under way",
    { timeout: 60_000 },
    async () => {
      await redis.set(key("hangAt"), 3);
      const hanging = firstTo(/^hanging$/);
      const h = await runs.ops.enqueue({});
      await hanging;
      const canceller = startProcess({
        redis: REDIS_URL,
        queue,
        mode: "cancel",
        id: h.id,
        reason: "the user closed the ticket",
      });
      expect(await canceller.line(/^cancelled /, 60_000)).toBe("cancelled true");
      const cancelledAt = Date.now();
      const step = await h.result({ timeoutMs: 10_000 });
      expect(Date.now() - cancelledAt).toBeLessThan(3000);
      expect(step).toMatchObject({ ok: false, fail: { kind: "cancelled", reason: "the user closed the ticket" } });
      expect(step.turns).toBeLessThanOrEqual(3);
      expect(await requestsByTurn()).toEqual({ 1: 1, 2: 1, 3: 1 });
      expect(await h.status()).toBe("cancelled");
      expect(await h.cancel()).toBe(false);
    },
  );

  it("a 429 with Retry-After from the provider makes every worker wait", { timeout: 60_000 }, async () => {
    const hs = await Promise.all([runs.opsFake.enqueue({}), runs.opsFake.enqueue({})]);
    const waits: RunProgress[] = [];
    const watched = hs.map(async (h) => {
      for await (const p of h.progress()) if (p.kind === "waiting") waits.push(p);
    });
    const steps = await Promise.all(hs.map((h) => h.result({ timeoutMs: 30_000 })));
    await Promise.all(watched);
    for (const s of steps) expect(s).toMatchObject({ ok: true, return: { total: 12, sent: true } });
    expect(tooMany).toBeGreaterThan(0);
    // No request reached the provider while its Retry-After lasted (in the first 50 ms: requests already sent).
    expect(arrivals.filter((t) => t > tooMany + 50 && t < tooMany + 950)).toEqual([]);
    expect(arrivals.filter((t) => t >= tooMany + 950).length).toBeGreaterThanOrEqual(2);
    // The other worker's run waited for the shared cooldown, and said so.
    expect(waits).toContainEqual(
      expect.objectContaining({ kind: "waiting", waiting: "rate-limit", key: "openai:fake" }),
    );
  });

  it(
    "a worker frozen past its lock: its next append is refused and it abandons the run to the other",
    { timeout: 60_000 },
    async () => {
      await redis.set(key("slowAt"), 2);
      await redis.set(key("slowMs"), 1500);
      const slow = firstTo(/^slow$/);
      const h = await runs.ops.enqueue({});
      // The worker whose turn-2 request is slow is frozen before the reply comes.
      const frozen = await slow;
      const other = frozen === a ? b : a;
      const otherFrom = other.lines.length;
      frozen.child.kill("SIGSTOP");
      const step = await h.result({ timeoutMs: 30_000 });
      expect(step).toMatchObject({ ok: true, return: { total: 12, sent: true } });
      const frozenFrom = frozen.lines.length;
      frozen.child.kill("SIGCONT");
      // Its reply comes now; appending it is refused: the run is not its own any more.
      const abandoned = JSON.parse((await frozen.line(/^event .*"abandon"/, 30_000, frozenFrom)).slice(6)) as {
        id: string;
        reason: string;
      };
      expect(abandoned).toMatchObject({ id: h.id, reason: expect.stringMatching(/another process is writing run/) });
      expect(frozen.lines.slice(frozenFrom).filter((l) => l.startsWith("ask ") || /"type":"end"/.test(l))).toEqual([]);
      expect(other.lines.slice(otherFrom).some((l) => l.includes('"type":"end"') && l.includes(h.id))).toBe(true);
      // Turn 2 was asked twice (the frozen worker's request and the other's); no other turn was.
      expect(await requestsByTurn()).toEqual({ 1: 1, 2: 2, 3: 1, 4: 1, 5: 1 });
    },
  );

  it(
    "a worker SIGKILLed mid-run: the other finishes the run, no journaled turn asked twice, the email sent once",
    { timeout: 60_000 },
    async () => {
      await redis.set(key("hangAt"), 3);
      await redis.set(key("delayMs"), 20);
      const hanging = firstTo(/^hanging$/);
      const h = await runs.ops.enqueue({}, { idempotencyKey: "order-run-1" });
      // Turn 3's request hangs in one worker, after turn 2's email went out: kill that worker.
      const hung = await hanging;
      hung.child.kill("SIGKILL");
      const killedAt = Date.now();
      const step = await h.result({ timeoutMs: 30_000 });
      const recoveryMs = Date.now() - killedAt;
      expect(step).toMatchObject({ ok: true, return: { total: 12, sent: true }, usage: { replayedTurns: 2 } });
      // One request per turn, except the one in flight at the kill.
      expect(await requestsByTurn()).toEqual({ 1: 1, 2: 1, 3: 2, 4: 1, 5: 1 });
      // Each email once per idempotency key.
      expect(await redis.lrange(key("ledger"), 0, -1)).toEqual(["order-run-1:2#0", "order-run-1:4#0/t#0"]);
      // Taken over within the lock (1 s), a stalled-job check (0.5 s) and the turns left.
      expect(recoveryMs).toBeLessThan(10_000);
    },
  );
});
