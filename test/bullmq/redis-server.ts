/**
 * Real Redis servers for the tests: asking whether one answers, and starting
 * `redis-server` on a free loopback port (for the run, or for one test that restarts it).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { Redis } from "ioredis";

/** Whether a Redis answers PING at `url` within `ms`. */
export async function pingRedis(url: string, ms = 1000): Promise<boolean> {
  const r = new Redis(url, {
    lazyConnect: true,
    connectTimeout: ms,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  r.on("error", () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/** The path of `redis-server`, or null when it is not on PATH. */
export function redisServerBinary(): string | null {
  const r = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const path = r.stdout.trim();
  return r.status === 0 && path !== "" ? path : null;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** SHUTDOWN (saving the append-only file when it is on), then wait for the process to exit. */
  stop(): Promise<void>;
  /** Start the server again on the same port and folder. */
  start(): Promise<void>;
}

/**
 * Start `redis-server` on a free loopback port (or `port`) with `args` (e.g.
 * `--appendonly yes --dir DIR`); resolves once it answers PING.
 */
export async function startRedisServer(
  binary: string,
  args: readonly string[] = [],
  port?: number,
): Promise<RedisServer> {
  const p = port ?? (await freePort());
  const url = `redis://127.0.0.1:${p}`;
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(binary, ["--port", String(p), "--bind", "127.0.0.1", "--save", "", "--daemonize", "no", ...args], {
      stdio: "ignore",
    });
    for (let i = 0; i < 200; i++) {
      if (await pingRedis(url, 200)) return;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`redis-server did not start on port ${p}`);
  };
  const stop = async (): Promise<void> => {
    const c = child;
    if (c === undefined || c.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once("exit", () => resolve()));
    const r = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    r.on("error", () => undefined);
    await r.call("SHUTDOWN").catch(() => undefined);
    r.disconnect();
    const timer = setTimeout(() => c.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return { url, port: p, stop, start };
}
