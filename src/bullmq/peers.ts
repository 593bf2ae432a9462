/**
 * The optional peers of ptcc/bullmq, `bullmq` (6 or later) and `ioredis`, imported when
 * first needed: `import "ptcc/bullmq"` costs nothing until a backend, journal or limiter
 * connects, and a missing package is a clear error instead of a module-resolution trace.
 */
import type { Redis, RedisOptions } from "ioredis";
import { QueueError } from "../queue/errors.js";

type BullMq = typeof import("bullmq");
type RedisClass = new (options: RedisOptions) => Redis;

// Held in variables, so bundlers leave the imports to the app's node_modules.
const BULLMQ = "bullmq";
const IOREDIS = "ioredis";
const INSTALL = "npm install bullmq ioredis";

let bullmq: Promise<BullMq> | undefined;
let redis: Promise<RedisClass> | undefined;

export function loadBullmq(): Promise<BullMq> {
  return (bullmq ??= (import(BULLMQ) as Promise<BullMq>).catch((e: unknown) => {
    bullmq = undefined;
    throw missing("bullmq", e);
  }));
}

export function loadRedis(): Promise<RedisClass> {
  return (redis ??= (import(IOREDIS) as Promise<Record<string, unknown>>).then(
    (m) => {
      const cls = m["Redis"] ?? (m["default"] as Record<string, unknown> | undefined)?.["Redis"] ?? m["default"];
      if (typeof cls !== "function") throw new QueueError("options", "the ioredis package has no Redis class", INSTALL);
      return cls as RedisClass;
    },
    (e: unknown) => {
      redis = undefined;
      throw missing("ioredis", e);
    },
  ));
}

function missing(name: string, error: unknown): Error {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
    return new QueueError("options", `ptcc/bullmq needs the optional package ${name}`, INSTALL);
  }
  return error instanceof Error ? error : new Error(String(error));
}
