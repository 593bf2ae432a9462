/**
 * What every limiter must do (memoryLimiter here, redisLimiter against a real Redis): token
 * buckets of requests and tokens per minute, a semaphore of leases, a shared cooldown, each
 * provider key on its own. Waits are checked in what they say, not by waiting them out.
 */
import { describe, expect, it } from "vitest";
import type { Limiter } from "../../src/queue/index.js";

export function limiterSuite(name: string, fresh: () => Limiter, key: () => string): void {
  describe(`${name}: the limiter contract`, () => {
    it("requests per minute: a full bucket, then a wait of 60 s / rpm per request", async () => {
      const l = fresh();
      const k = key();
      for (let i = 0; i < 3; i++) expect(await l.acquire(k, { rpm: 3 }, 0)).toMatchObject({ ok: true });
      const r = await l.acquire(k, { rpm: 3 }, 0);
      expect(r).toMatchObject({ ok: false, why: "rpm" });
      expect(!r.ok && r.waitMs).toBeGreaterThan(19_000);
      expect(!r.ok && r.waitMs).toBeLessThanOrEqual(20_000);
      // Another key has its own bucket.
      expect(await l.acquire(key(), { rpm: 3 }, 0)).toMatchObject({ ok: true });
    });

    it("tokens per minute: estimated before, settled after; a request larger than the budget still goes alone", async () => {
      const l = fresh();
      const k = key();
      expect(await l.acquire(k, { tpm: 1000 }, 600)).toMatchObject({ ok: true });
      const r = await l.acquire(k, { tpm: 1000 }, 600);
      expect(r).toMatchObject({ ok: false, why: "tpm" });
      expect(!r.ok && r.waitMs).toBeGreaterThan(11_000); // 200 tokens short at 1000 a minute
      expect(!r.ok && r.waitMs).toBeLessThanOrEqual(12_000);
      // The request used 1000 tokens, not 600: the bucket is charged the difference (empty now).
      await l.release(k, { tpm: 1000 }, null, 400);
      const after = await l.acquire(k, { tpm: 1000 }, 100);
      expect(after).toMatchObject({ ok: false, why: "tpm" });
      expect(!after.ok && after.waitMs).toBeGreaterThan(5_000);
      const big = key();
      expect(await l.acquire(big, { tpm: 1000 }, 50_000)).toMatchObject({ ok: true });
    });

    it("concurrency: leases up to the limit; a released lease frees its slot", async () => {
      const l = fresh();
      const k = key();
      const a = await l.acquire(k, { concurrency: 2 }, 0);
      const b = await l.acquire(k, { concurrency: 2 }, 0);
      expect(a.ok && b.ok && a.lease !== null && b.lease !== null && a.lease !== b.lease).toBe(true);
      expect(await l.acquire(k, { concurrency: 2 }, 0)).toMatchObject({ ok: false, why: "concurrency" });
      await l.renew(k, (a as { lease: string }).lease);
      await l.release(k, { concurrency: 2 }, (a as { lease: string }).lease, 0);
      expect(await l.acquire(k, { concurrency: 2 }, 0)).toMatchObject({ ok: true });
    });

    it("a cooldown stops every request on the key until it ends; a shorter one does not shorten it", async () => {
      const l = fresh();
      const k = key();
      await l.cooldown(k, 300);
      await l.cooldown(k, 10);
      const r = await l.acquire(k, { rpm: 100 }, 0);
      expect(r).toMatchObject({ ok: false, why: "cooldown" });
      expect(!r.ok && r.waitMs).toBeGreaterThan(200);
      expect(!r.ok && r.waitMs).toBeLessThanOrEqual(300);
      await new Promise((resolve) => setTimeout(resolve, 320));
      expect(await l.acquire(k, { rpm: 100 }, 0)).toMatchObject({ ok: true });
    });
  });
}
