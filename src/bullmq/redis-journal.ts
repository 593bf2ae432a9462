/**
 * `redisJournal(connection)`: run journals in Redis, one list per run
 * (`PREFIX:j:{RUNKEY}`; the braces are a hash tag, so each run's keys live on one slot of
 * a Redis Cluster), appended by one Lua script that compares and appends atomically: the
 * entries go in at `seq` only when the list has exactly `seq` entries (a group all at once:
 * `appendMany`), and otherwise the entry already there comes back. The runs a store holds
 * are listed in `PREFIX:runs`.
 */
import type { Redis } from "ioredis";
import { isJournalEntry, type JournalEntry } from "../agent/journal/entries.js";
import { JournalError } from "../agent/journal/errors.js";
import { gapError, type AppendResult, type JournalStore } from "../agent/journal/store.js";
import { messageOf } from "../queue/errors.js";
import { keyPart, lazyClient, type RedisConnection } from "./connection.js";

export interface RedisJournalOptions {
  /** The first part of every key (default `ptcc`). */
  readonly prefix?: string;
}

/** A journal store in Redis, with the connections it opened closed by `close()`. */
export interface RedisJournal extends JournalStore {
  close(): Promise<void>;
}

// ARGV: the sequence number of the first entry, then the entries (JSON): all appended, or none.
const APPEND = `
local n = redis.call('LLEN', KEYS[1])
local seq = tonumber(ARGV[1])
if seq < n then return {0, redis.call('LINDEX', KEYS[1], seq)} end
if seq > n then return {2, tostring(n)} end
redis.call('RPUSH', KEYS[1], unpack(ARGV, 2))
return {1}
`;

interface WithAppend {
  ptccJournalAppend(key: string, seq: number, ...json: string[]): Promise<[number, string?]>;
}

export function redisJournal(connection: RedisConnection, options: RedisJournalOptions = {}): RedisJournal {
  const prefix = options.prefix ?? "ptcc";
  const client = lazyClient(connection);
  const scripted = new WeakSet<Redis>();
  const redis = async (): Promise<Redis & WithAppend> => {
    const c = await client.get();
    if (!scripted.has(c)) {
      c.defineCommand("ptccJournalAppend", { numberOfKeys: 1, lua: APPEND });
      scripted.add(c);
    }
    return c as Redis & WithAppend;
  };
  const keyOf = (runKey: string): string => {
    if (runKey === "") throw new JournalError("a journal's run key cannot be empty");
    return `${prefix}:j:{${keyPart(runKey)}}`;
  };
  const index = `${prefix}:runs`;
  const parse = (runKey: string, line: string, i: number): JournalEntry => {
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw corrupt(runKey, i, "not JSON");
    }
    if (!isJournalEntry(v) || v.seq !== i) throw corrupt(runKey, i, "not the journal entry expected there");
    return v;
  };
  const failing = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (e instanceof JournalError) throw e;
      throw new JournalError(`redisJournal could not ${what}: ${messageOf(e)}`);
    }
  };
  const appendAll = (runKey: string, seq: number, entries: readonly JournalEntry[]): Promise<AppendResult> =>
    failing(`append to run ${runKey}`, async () => {
      const r = await redis();
      const [code, payload] = await r.ptccJournalAppend(keyOf(runKey), seq, ...entries.map((e) => JSON.stringify(e)));
      if (code === 1) {
        if (seq === 0) await r.sadd(index, runKey);
        return { ok: true };
      }
      if (code === 0) return { ok: false, existing: parse(runKey, payload ?? "", seq) };
      throw gapError(runKey, seq, Number(payload));
    });
  return {
    load: (runKey) =>
      failing(`load run ${runKey}`, async () => {
        const lines = await (await redis()).lrange(keyOf(runKey), 0, -1);
        return lines.map((line, i) => parse(runKey, line, i));
      }),
    append: (runKey, seq, entry) => appendAll(runKey, seq, [entry]),
    appendMany: (runKey, seq, entries) => appendAll(runKey, seq, entries),
    list: () => failing("list its runs", async () => (await redis()).smembers(index)),
    delete: (runKey) =>
      failing(`delete run ${runKey}`, async () => {
        const r = await redis();
        // Two commands, not a transaction: the keys may live on different slots of a cluster.
        await r.del(keyOf(runKey));
        await r.srem(index, runKey);
      }),
    close: () => client.close(),
  };
}

function corrupt(runKey: string, i: number, what: string): JournalError {
  return new JournalError(
    `journal ${runKey}: entry ${i} in Redis is ${what}`,
    "the journal was changed by something other than ptcc; restore it or start the run under a new key",
  );
}
