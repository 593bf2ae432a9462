/**
 * The Redis the test run talks to (vitest globalSetup): REDIS_URL when set, else
 * 127.0.0.1:6379 when something answers there, else a `redis-server` found on PATH,
 * started on a free loopback port for the run and stopped after it. Where none exists,
 * the Redis tests are skipped, with one printed line saying why — unless
 * PTCC_REQUIRE_REDIS=1 (set by .ci/run), which makes that a failure.
 */
import type { TestProject } from "vitest/node";
import { pingRedis, redisServerBinary, startRedisServer, type RedisServer } from "./redis-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Redis of the run, or null when there is none (the Redis tests skip). */
    redisUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: RedisServer | undefined;
  let url: string | null = null;
  const fromEnv = process.env["REDIS_URL"];
  if (fromEnv !== undefined && fromEnv !== "") {
    if (!(await pingRedis(fromEnv, 3000))) throw new Error(`REDIS_URL=${fromEnv}: no Redis answers there`);
    url = fromEnv;
  } else if (await pingRedis("redis://127.0.0.1:6379", 500)) {
    url = "redis://127.0.0.1:6379";
  } else {
    const binary = redisServerBinary();
    if (binary !== null) {
      server = await startRedisServer(binary);
      url = server.url;
    }
  }
  if (url === null) {
    const why =
      "Redis tests skipped: REDIS_URL is not set, nothing answers on 127.0.0.1:6379 and redis-server is not on PATH";
    if (process.env["PTCC_REQUIRE_REDIS"] === "1") throw new Error(`${why} (PTCC_REQUIRE_REDIS=1)`);
    console.log(why);
  }
  project.provide("redisUrl", url);
  return async () => {
    await server?.stop();
  };
}
