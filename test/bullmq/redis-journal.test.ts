/**
 * redisJournal keeps the journal store contract (the suite every store passes), against
 * a real Redis: compare-and-append in one Lua script, between two clients as between two
 * processes; keys with a hash tag per run.
 */
import { Redis } from "ioredis";
import { afterAll, expect, it } from "vitest";
import { redisJournal, type RedisJournal } from "../../src/bullmq/index.js";
import type { JournalEntry } from "../../src/agent/index.js";
import { storeSuite } from "../agent/durable/store-suite.js";
import { describeRedis, dropMade, REDIS_URL, uniqueQueue } from "./redis.js";

const opened: RedisJournal[] = [];
const open = (prefix: string): RedisJournal => {
  const j = redisJournal(REDIS_URL!, { prefix });
  opened.push(j);
  return j;
};
afterAll(async () => {
  for (const j of opened) await j.close();
  await dropMade();
});

describeRedis("redisJournal", () => {
  storeSuite("redisJournal", () => {
    const prefix = uniqueQueue("journal");
    return { store: open(prefix), twin: () => open(prefix) };
  });

  it("keeps each run under a hash-tagged key, braces in a run key escaped, and lists and deletes runs", async () => {
    const prefix = uniqueQueue("keys");
    const j = open(prefix);
    const e: JournalEntry = { seq: 0, kind: "cancel", reason: "x" };
    await j.append("a{b}c", 0, e);
    const raw = new Redis(REDIS_URL!);
    try {
      expect(await raw.keys(`${prefix}:j:*`)).toEqual([`${prefix}:j:{a%7Bb%7Dc}`]);
      expect(await j.list!()).toEqual(["a{b}c"]);
      await j.delete!("a{b}c");
      expect(await j.load("a{b}c")).toEqual([]);
      expect(await j.list!()).toEqual([]);
      // An entry changed by something else is a clear error, not a crash.
      await raw.rpush(`${prefix}:j:{bad}`, "not json");
      await expect(j.load("bad")).rejects.toThrow(/journal bad: entry 0 in Redis is not JSON/);
    } finally {
      raw.disconnect();
    }
  });
});
