/**
 * What every journal store must do, as one suite run against each store ptcc ships (and
 * any other: `ptcc/bullmq`'s Redis store runs it too). `make` gives a fresh store, and
 * optionally a second handle on the same data (another process's view).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JournalEntry, JournalStore } from "../../../src/agent/index.js";

const entry = (seq: number, n = seq): JournalEntry => ({ seq, kind: "cancel", reason: `r${n}` });

export interface Made {
  readonly store: JournalStore;
  readonly twin?: () => JournalStore;
}

export function storeSuite(name: string, fresh: () => Made | Promise<Made>): void {
  const make = async (): Promise<JournalStore> => (await fresh()).store;
  describe(`${name}: the journal store contract`, () => {
    it("appends at the expected sequence number and loads in order", async () => {
      const s = await make();
      expect(await s.load("a")).toEqual([]);
      for (let i = 0; i < 5; i++) expect(await s.append("a", i, entry(i))).toEqual({ ok: true });
      expect(await s.load("a")).toEqual([0, 1, 2, 3, 4].map((i) => entry(i)));
      expect(await s.load("b")).toEqual([]);
    });

    it("refuses a taken sequence number and returns the entry there", async () => {
      const s = await make();
      await s.append("a", 0, entry(0));
      expect(await s.append("a", 0, entry(0, 99))).toEqual({ ok: false, existing: entry(0) });
      expect(await s.load("a")).toEqual([entry(0)]);
    });

    it("appendMany (when the store has it) writes a group all at once, or nothing when its first place is taken", async () => {
      const s = await make();
      if (s.appendMany === undefined) return;
      expect(await s.appendMany("g", 0, [entry(0), entry(1), entry(2)])).toEqual({ ok: true });
      expect(await s.appendMany("g", 2, [entry(2, 9), entry(3, 9)])).toEqual({ ok: false, existing: entry(2) });
      expect(await s.load("g")).toEqual([entry(0), entry(1), entry(2)]);
      await expect(s.appendMany("g", 5, [entry(5)])).rejects.toThrow(
        /cannot append entry 5, the journal has 3 entries/,
      );
    });

    it("rejects an append past the end", async () => {
      const s = await make();
      await expect(s.append("a", 3, entry(3))).rejects.toThrow(/cannot append entry 3, the journal has 0 entries/);
    });

    it("keeps runs apart, whatever their keys hold", async () => {
      const s = await make();
      const keys = ["a/b", "../x", ".", "ü ✓", "a:b#1", "CON"];
      for (const k of keys) await s.append(k, 0, entry(0, k.length));
      for (const k of keys) expect(await s.load(k)).toEqual([entry(0, k.length)]);
      if (s.list !== undefined) expect(new Set(await s.list())).toEqual(new Set(keys));
    });

    it("stores JSON: later changes to an appended object do not change the journal", async () => {
      const s = await make();
      const e = { seq: 0, kind: "cancel", reason: "x" } as { seq: number; kind: "cancel"; reason: string };
      await s.append("a", 0, e);
      e.reason = "changed";
      expect(await s.load("a")).toEqual([entry(0, 0)].map(() => ({ seq: 0, kind: "cancel", reason: "x" })));
    });

    it("property: concurrent writers at the same numbers — exactly one wins each, the journal has no gap", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }), async (writers) => {
          const made = await fresh();
          const a = made.store;
          const b = made.twin?.() ?? a;
          const key = "p";
          // Each writer tries to append the next entry, retrying at the new end when refused.
          let wins = 0;
          await Promise.all(
            writers.map(async (w, i) => {
              const store = w % 2 === 0 ? a : b;
              for (;;) {
                const seq = (await store.load(key)).length;
                const r = await store.append(key, seq, entry(seq, i));
                if (r.ok) {
                  wins++;
                  return;
                }
                expect(r.existing.seq).toBe(seq);
              }
            }),
          );
          const loaded = await a.load(key);
          expect(wins).toBe(writers.length);
          expect(loaded.map((e) => e.seq)).toEqual(writers.map((_, i) => i));
          expect(new Set(loaded.map((e) => (e.kind === "cancel" ? e.reason : "")))).toHaveProperty("size", writers.length);
        }),
        { numRuns: 25 },
      );
    });
  });
}
