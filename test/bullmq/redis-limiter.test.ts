/** redisLimiter keeps the limiter contract, in Redis (Lua, on the server's clock), shared by two clients as by two workers. */
import { afterAll, expect, it } from "vitest";
import { redisLimiter, type RedisLimiter } from "../../src/bullmq/index.js";
import { limiterSuite } from "../queue/limiter-suite.js";
import { describeRedis, dropMade, REDIS_URL, uniqueQueue } from "./redis.js";

const opened: RedisLimiter[] = [];
const open = (prefix: string): RedisLimiter => {
  const l = redisLimiter(REDIS_URL!, { prefix });
  opened.push(l);
  return l;
};
const prefix = uniqueQueue("limit");
let n = 0;
afterAll(async () => {
  for (const l of opened) await l.close();
  await dropMade();
});

describeRedis("redisLimiter", () => {
  limiterSuite(
    "redisLimiter",
    () => open(prefix),
    () => `k${n++}`,
  );

  it("two workers share one bucket and one semaphore", async () => {
    const [a, b] = [open(prefix), open(prefix)];
    expect(await a.acquire("shared", { rpm: 2, concurrency: 5 }, 0)).toMatchObject({ ok: true });
    expect(await b.acquire("shared", { rpm: 2, concurrency: 5 }, 0)).toMatchObject({ ok: true });
    expect(await a.acquire("shared", { rpm: 2, concurrency: 5 }, 0)).toMatchObject({ ok: false, why: "rpm" });
    await b.cooldown("shared2", 1000);
    expect(await a.acquire("shared2", { concurrency: 1 }, 0)).toMatchObject({ ok: false, why: "cooldown" });
  });
});
