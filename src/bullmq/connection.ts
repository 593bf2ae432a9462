/**
 * How ptcc/bullmq reaches Redis: a `redis://` URL or ioredis options. Each part (the
 * queue, the journal, the limiter, the cancel channel) opens its own connections from
 * them, and closes them when it closes.
 *
 * Commands wait out a Redis restart instead of failing (`maxRetriesPerRequest: null`): a
 * journal append that failed would make a worker ask its model again for a reply it
 * already has.
 */
import type { Redis, RedisOptions } from "ioredis";
import { QueueError } from "../queue/errors.js";
import { loadRedis } from "./peers.js";

/** A Redis server: `redis://[user:password@]host:port[/db]` (`rediss://` for TLS), or ioredis options. */
export type RedisConnection = string | RedisOptions;

/** ioredis options for a connection (a URL parsed). Throws a QueueError for a URL it cannot read. */
export function redisOptionsOf(connection: RedisConnection): RedisOptions {
  if (typeof connection !== "string") {
    if (typeof connection !== "object" || connection === null) {
      throw new QueueError(
        "options",
        `connection: expected a redis:// URL or ioredis options, got ${typeof connection}`,
      );
    }
    return { ...connection };
  }
  let url: URL;
  try {
    url = new URL(connection);
  } catch {
    throw new QueueError(
      "options",
      `connection: ${JSON.stringify(connection)} is not a URL`,
      "write redis://127.0.0.1:6379",
    );
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new QueueError("options", `connection: ${JSON.stringify(connection)} is not a redis:// or rediss:// URL`);
  }
  const db = url.pathname.replace(/^\//, "");
  if (db !== "" && !/^\d+$/.test(db))
    throw new QueueError("options", `connection: the database of ${JSON.stringify(connection)} is not a number`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1",
    port: url.port === "" ? 6379 : Number(url.port),
    ...(url.username !== "" ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password !== "" ? { password: decodeURIComponent(url.password) } : {}),
    ...(db !== "" ? { db: Number(db) } : {}),
    ...(url.protocol === "rediss:" ? { tls: {} } : {}),
  };
}

/** A new ioredis client on the connection. */
export async function newRedis(connection: RedisConnection, extra: RedisOptions = {}): Promise<Redis> {
  const Redis = await loadRedis();
  const client = new Redis({ ...redisOptionsOf(connection), maxRetriesPerRequest: null, ...extra });
  // Connection errors are retried by ioredis; without a listener Node would throw them.
  client.on("error", () => undefined);
  return client;
}

/** A key part that cannot open or close a hash tag, nor clash with another after encoding. */
export function keyPart(s: string): string {
  return s.replace(/[%{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** One client made on first use and closed by `close()` (if it was made). */
export function lazyClient(connection: RedisConnection): { get(): Promise<Redis>; close(): Promise<void> } {
  redisOptionsOf(connection); // a wrong connection fails at once, not at the first command
  let made: Promise<Redis> | undefined;
  return {
    get: () => (made ??= newRedis(connection)),
    close: async () => {
      if (made === undefined) return;
      const c = await made.catch(() => undefined);
      made = undefined;
      await c?.quit().catch(() => c.disconnect());
    },
  };
}
