/** memoryLimiter keeps the limiter contract; its buckets hold over time (a property); leases of a crashed caller run out. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryLimiter } from "../../src/queue/index.js";
import { LEASE_MS } from "../../src/queue/limiter.js";
import { limiterSuite } from "./limiter-suite.js";

let n = 0;
limiterSuite(
  "memoryLimiter",
  () => memoryLimiter(),
  () => `k${n++}`,
);

describe("memoryLimiter", () => {
  it("property: in any minute, no more requests go than the bucket holds plus what a minute refills", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 200 }),
        async (rpm, gaps) => {
          let now = 0;
          const l = memoryLimiter({ now: () => now });
          const granted: number[] = [];
          for (const gap of gaps) {
            now += gap;
            if ((await l.acquire("k", { rpm }, 0)).ok) granted.push(now);
          }
          for (const t of granted)
            expect(granted.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(2 * rpm);
          // And it grants when it has a token: the first request always goes.
          expect(granted[0]).toBe(gaps[0]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("a lease not renewed runs out (its worker crashed); a renewed one holds", async () => {
    let now = 0;
    const l = memoryLimiter({ now: () => now });
    const a = await l.acquire("k", { concurrency: 2 }, 0);
    const b = await l.acquire("k", { concurrency: 2 }, 0);
    now += LEASE_MS / 2;
    await l.renew("k", (b as { lease: string }).lease);
    now += LEASE_MS / 2 + 1;
    expect(a.ok && b.ok).toBe(true);
    // a expired; b holds: one slot is free, not two.
    expect((await l.acquire("k", { concurrency: 2 }, 0)).ok).toBe(true);
    expect(await l.acquire("k", { concurrency: 2 }, 0)).toMatchObject({ ok: false, why: "concurrency" });
  });
});
