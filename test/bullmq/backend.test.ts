/**
 * bullmqBackend keeps the run backend contract (the suite localBackend passes too), against a
 * real Redis; and what is its own: the options it refuses, the lock-duration notice.
 */
import { afterAll, describe, expect, it } from "vitest";
import { bullmqBackend, type BullmqBackendOptions } from "../../src/bullmq/index.js";
import { defineAgent } from "../../src/index.js";
import { startWorker } from "../../src/queue/index.js";
import { backendSuite } from "../queue/backend-suite.js";
import { describeRedis, dropMade, REDIS_URL, uniqueQueue } from "./redis.js";

afterAll(dropMade);

describeRedis("bullmqBackend", () => {
  backendSuite("bullmqBackend", () =>
    bullmqBackend({ connection: REDIS_URL!, queue: uniqueQueue("suite"), attempts: 2, backoff: 50 }),
  );

  it("warns when a lock is shorter than 3× the agents' evaluation timeout (a long program would lose it)", async () => {
    const backend = bullmqBackend({ connection: REDIS_URL!, queue: uniqueQueue("lock"), lockDuration: 2000 });
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      const slow = defineAgent({ prompt: "x", limits: { timeoutMs: 1000 } });
      const worker = await startWorker({ slow }, { backend });
      await new Promise((r) => setImmediate(r));
      expect(warnings).toContain(
        "bullmqBackend: lockDuration 2000 ms is less than 3 × the agents' evaluation timeout (1000 ms): a long program can keep a worker from renewing its lock, and another worker would take the run",
      );
      await worker.close();
    } finally {
      process.off("warning", onWarning);
      await backend.close();
    }
  });
});

describe("bullmqBackend options", () => {
  const cases: [string, unknown, RegExp][] = [
    ["no connection", {}, /connection is required/],
    ["a URL that is not redis://", { connection: "http://x" }, /is not a redis:\/\/ or rediss:\/\/ URL/],
    [
      "a queue name with a colon",
      { connection: "redis://127.0.0.1", queue: "a:b" },
      /queue must be a non-empty name without ":"/,
    ],
    ["zero attempts", { connection: "redis://127.0.0.1", attempts: 0 }, /attempts must be a positive integer, got 0/],
    [
      "a misspelt option",
      { connection: "redis://127.0.0.1", lockDurration: 1 },
      /unknown option lockDurration — did you mean lockDuration\?/,
    ],
    [
      "a backoff of the wrong shape",
      { connection: "redis://127.0.0.1", backoff: { type: "linear", delay: 1 } },
      /backoff must be milliseconds or/,
    ],
  ];
  it.each(cases)("refuses %s", (_what, options, message) => {
    expect(() => bullmqBackend(options as BullmqBackendOptions)).toThrow(message);
  });
});
