/** What Redis tests share: the run's Redis (or a skip), and names no other test uses. */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describe, inject } from "vitest";
import { redisServerBinary } from "./redis-server.js";

/** The Redis of the test run (test/bullmq/global-setup.ts), or null. */
export const REDIS_URL: string | null = inject("redisUrl");

/** `describe` for tests that need Redis: skipped (the run printed why) when there is none. */
export const describeRedis = describe.skipIf(REDIS_URL === null);

/** `redis-server` for tests that start their own server; null (with one printed line) when there is none. */
export function ownRedisServer(test: string): string | null {
  const binary = redisServerBinary();
  if (binary === null) {
    const why = `${test}: skipped, it starts its own redis-server and none is on PATH`;
    if (process.env["PTCC_REQUIRE_REDIS"] === "1") throw new Error(`${why} (PTCC_REQUIRE_REDIS=1)`);
    console.log(why);
  }
  return binary;
}

const made: string[] = [];

/** A queue name of its own for one test (queues and journal keys are per name); `dropMade()` deletes its keys. */
export function uniqueQueue(what: string): string {
  const name = `t-${what}-${randomUUID().slice(0, 8)}`;
  made.push(name);
  return name;
}

/** Delete every key of the names `uniqueQueue` made in this file (call in afterAll). */
export async function dropMade(): Promise<void> {
  if (REDIS_URL === null || made.length === 0) return;
  const r = new Redis(REDIS_URL);
  try {
    for (const name of made.splice(0)) {
      let cursor = "0";
      do {
        const [next, keys] = await r.scan(cursor, "MATCH", `*${name}*`, "COUNT", 1000);
        cursor = next;
        if (keys.length > 0) await r.del(...keys);
      } while (cursor !== "0");
    }
  } finally {
    r.disconnect();
  }
}
