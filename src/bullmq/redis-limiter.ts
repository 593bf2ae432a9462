/**
 * `redisLimiter(connection)`: the per-provider limits of ptcc/queue (limiter.ts) shared by
 * every worker through Redis. Each provider key has a hash of its two token buckets and its
 * cooldown, and a sorted set of concurrency leases by expiry (a crashed worker's leases run
 * out); every decision is one Lua script, timed by the Redis server's clock so that workers
 * on machines whose clocks differ still agree. Keys: `PREFIX:{KEY}:s` and `PREFIX:{KEY}:l`
 * (a hash tag per provider key, for Redis Cluster).
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { LEASE_MS, SEMAPHORE_POLL_MS, type Acquired, type Limiter, type ProviderLimits } from "../queue/limiter.js";
import { keyPart, lazyClient, type RedisConnection } from "./connection.js";

export interface RedisLimiterOptions {
  /** The first part of every key (default `ptcc:limit`). */
  readonly prefix?: string;
}

export interface RedisLimiter extends Limiter {
  close(): Promise<void>;
}

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** A bucket's level now: `name` and `name..'a'` (when) in the hash, full when unset. */
const LEVEL = `
local function level(name, perMinute)
  local v = tonumber(redis.call('HGET', KEYS[1], name) or perMinute)
  local at = tonumber(redis.call('HGET', KEYS[1], name .. 'a') or now)
  return math.min(perMinute, v + (now - at) * perMinute / 60000)
end
`;

// ARGV: rpm, tpm, concurrency (0: none), tokens, lease id, lease ms, semaphore poll ms.
const ACQUIRE = `${NOW}${LEVEL}
local rpm = tonumber(ARGV[1])
local tpm = tonumber(ARGV[2])
local conc = tonumber(ARGV[3])
local cd = tonumber(redis.call('HGET', KEYS[1], 'cd') or '0')
if cd > now then return {0, math.ceil(cd - now), 'cooldown'} end
if conc > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if redis.call('ZCARD', KEYS[2]) >= conc then return {0, tonumber(ARGV[7]), 'concurrency'} end
end
local r = 0
if rpm > 0 then
  r = level('r', rpm)
  if r < 1 then return {0, math.ceil((1 - r) * 60000 / rpm), 'rpm'} end
end
local tk = 0
local need = math.min(tonumber(ARGV[4]), tpm)
if tpm > 0 then
  tk = level('t', tpm)
  if tk < need then return {0, math.ceil((need - tk) * 60000 / tpm), 'tpm'} end
end
if rpm > 0 then redis.call('HSET', KEYS[1], 'r', tostring(r - 1), 'ra', now) end
if tpm > 0 then redis.call('HSET', KEYS[1], 't', tostring(tk - need), 'ta', now) end
redis.call('PEXPIRE', KEYS[1], 3600000)
if conc > 0 then
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[6]), ARGV[5])
  redis.call('PEXPIRE', KEYS[2], 2 * tonumber(ARGV[6]))
end
return {1}
`;

// ARGV: lease id ('' for none), token correction, tpm (0: none).
const RELEASE = `${NOW}${LEVEL}
if ARGV[1] ~= '' then redis.call('ZREM', KEYS[2], ARGV[1]) end
local corr = tonumber(ARGV[2])
local tpm = tonumber(ARGV[3])
if tpm > 0 and corr ~= 0 then
  redis.call('HSET', KEYS[1], 't', tostring(level('t', tpm) - corr), 'ta', now)
end
return 1
`;

// ARGV: lease id, lease ms.
const RENEW = `${NOW}
redis.call('ZADD', KEYS[2], 'XX', now + tonumber(ARGV[2]), ARGV[1])
return 1
`;

// ARGV: ms.
const COOLDOWN = `${NOW}
local till = now + tonumber(ARGV[1])
local cd = tonumber(redis.call('HGET', KEYS[1], 'cd') or '0')
if till > cd then redis.call('HSET', KEYS[1], 'cd', till) end
redis.call('PEXPIRE', KEYS[1], 3600000)
return 1
`;

interface Scripts {
  ptccLimitAcquire(s: string, l: string, ...args: (string | number)[]): Promise<[number, number?, string?]>;
  ptccLimitRelease(s: string, l: string, ...args: (string | number)[]): Promise<number>;
  ptccLimitRenew(s: string, l: string, ...args: (string | number)[]): Promise<number>;
  ptccLimitCooldown(s: string, l: string, ...args: (string | number)[]): Promise<number>;
}

export function redisLimiter(connection: RedisConnection, options: RedisLimiterOptions = {}): RedisLimiter {
  const prefix = options.prefix ?? "ptcc:limit";
  const client = lazyClient(connection);
  const scripted = new WeakSet<Redis>();
  const redis = async (): Promise<Scripts> => {
    const c = await client.get();
    if (!scripted.has(c)) {
      c.defineCommand("ptccLimitAcquire", { numberOfKeys: 2, lua: ACQUIRE });
      c.defineCommand("ptccLimitRelease", { numberOfKeys: 2, lua: RELEASE });
      c.defineCommand("ptccLimitRenew", { numberOfKeys: 2, lua: RENEW });
      c.defineCommand("ptccLimitCooldown", { numberOfKeys: 2, lua: COOLDOWN });
      scripted.add(c);
    }
    return c as unknown as Scripts;
  };
  const keys = (key: string): [string, string] => {
    const tag = `${prefix}:{${keyPart(key)}}`;
    return [`${tag}:s`, `${tag}:l`];
  };
  const n = (v: number | undefined): number => v ?? 0;
  return {
    acquire: async (key, limits: ProviderLimits, tokens): Promise<Acquired> => {
      const lease = limits.concurrency !== undefined ? randomUUID() : "";
      const [code, wait, why] = await (
        await redis()
      ).ptccLimitAcquire(
        ...keys(key),
        n(limits.rpm),
        n(limits.tpm),
        n(limits.concurrency),
        Math.max(0, Math.ceil(tokens)),
        lease,
        LEASE_MS,
        SEMAPHORE_POLL_MS,
      );
      if (code === 1) return { ok: true, lease: lease === "" ? null : lease };
      return { ok: false, waitMs: Number(wait), why: why as "cooldown" | "rpm" | "tpm" | "concurrency" };
    },
    release: async (key, limits, lease, tokenCorrection) => {
      await (await redis()).ptccLimitRelease(...keys(key), lease ?? "", Math.round(tokenCorrection), n(limits.tpm));
    },
    renew: async (key, lease) => {
      await (await redis()).ptccLimitRenew(...keys(key), lease, LEASE_MS);
    },
    cooldown: async (key, ms) => {
      await (await redis()).ptccLimitCooldown(...keys(key), Math.max(0, Math.round(ms)));
    },
    close: () => client.close(),
  };
}
