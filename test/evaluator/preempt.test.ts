import { describe, expect, it } from "vitest";
import { PtcError, Session } from "../../src/index.js";
import {
  canPreempt,
  pendingWatchdogTasks,
  PREEMPT_GRACE_MS,
  preemptible,
  setInspectorWatchdog,
  setPendingCapForTests,
  watchdog,
  watchdogStretches,
} from "../../src/evaluator/preempt.js";

/** A host value whose property read never returns: code no fuel check can reach. */
function hangingGetter(): Record<string, unknown> {
  return Object.defineProperty({}, "x", {
    enumerable: true,
    get() {
      for (;;) {
        /* spin */
      }
    },
  }) as Record<string, unknown>;
}

describe("preemptible: a synchronous stretch stopped from outside", () => {
  it("is available on Node", () => {
    expect(canPreempt()).toBe(true);
  });

  it("returns the value of a stretch that ends in time", () => {
    expect(preemptible(() => 6 * 7, { ms: 1000 })).toBe(42);
  });

  it("passes on what the stretch throws", () => {
    const boom = new Error("boom");
    expect(() =>
      preemptible(
        () => {
          throw boom;
        },
        { ms: 1000 },
      ),
    ).toThrow(boom);
  });

  it("stops a loop that never checks the clock, as a timeout PtcError", () => {
    const t0 = performance.now();
    let caught: unknown;
    try {
      preemptible(
        () => {
          for (;;) {
            /* spin */
          }
        },
        { ms: 50 },
      );
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(PtcError);
    expect((caught as PtcError).kind).toBe("timeout");
    expect(performance.now() - t0).toBeLessThan(1000);
    // The process goes on, and the next stretch is guarded again.
    expect(preemptible(() => "after", { ms: 100 })).toBe("after");
  });

  it("a stretch inside a stretch is covered by the outer watchdog", () => {
    const t0 = performance.now();
    expect(() =>
      preemptible(
        () =>
          preemptible(
            () => {
              for (;;) {
                /* spin */
              }
            },
            { ms: 10_000 },
          ),
        { ms: 50 },
      ),
    ).toThrow(/stopped after 50 ms/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe("sessions: the timeout holds when nothing inside cooperates", () => {
  it("a tool answer whose conversion never ends stops the evaluation at its deadline", async () => {
    const s = new Session({ tools: { t: () => hangingGetter() }, limits: { timeoutMs: 100 } });
    const t0 = performance.now();
    const r = await s.evaluate("(def a 1) (tool/t {})");
    const elapsed = performance.now() - t0;
    expect(r.ok ? "ok" : r.error.kind).toBe("timeout");
    expect(elapsed).toBeLessThan(100 + PREEMPT_GRACE_MS + 500);
    // The stopped evaluation left nothing behind, and the session goes on.
    expect(s.namespace.get("a")).toBeUndefined();
    const after = await s.evaluate("(+ 1 2)");
    expect(after.ok && after.printed).toBe("3");
  });

  it("the input's conversion is bounded by the session's timeout", () => {
    const t0 = performance.now();
    expect(() => new Session({ context: hangingGetter(), limits: { timeoutMs: 100 } })).toThrow(PtcError);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("a stopped evaluation keeps the output printed before it", async () => {
    const s = new Session({ tools: { t: () => hangingGetter() }, limits: { timeoutMs: 100 } });
    const r = await s.evaluate('(println "before") (tool/t {})');
    expect(r.ok).toBe(false);
    expect(r.output).toEqual(["before"]);
  });
});

describe("the two watchdogs", () => {
  it("Node gets the inspector's, which starts no thread per stretch", () => {
    expect(watchdog()).toBe("inspector");
    const before = watchdogStretches();
    expect(preemptible(() => 1, { ms: 1000 })).toBe(1);
    expect(watchdogStretches().inspector).toBe(before.inspector + 1);
  });

  it("a stretch that asks for Ctrl-C handling runs under vm's", () => {
    const before = watchdogStretches();
    expect(preemptible(() => 2, { ms: 1000, breakOnSigint: true })).toBe(2);
    expect(watchdogStretches().vm).toBe(before.vm + 1);
  });

  it("past the cap of pending timeout tasks, stretches run under vm's until tasks expire", async () => {
    setPendingCapForTests(pendingWatchdogTasks() + 2);
    try {
      const before = watchdogStretches();
      for (let i = 0; i < 4; i++) preemptible(() => i, { ms: 30 });
      const after = watchdogStretches();
      // (An earlier test's task expiring meanwhile would let one more through.)
      expect(after.inspector - before.inspector).toBeGreaterThanOrEqual(2);
      expect(after.vm - before.vm).toBeGreaterThanOrEqual(1);
      expect(after.inspector - before.inspector + after.vm - before.vm).toBe(4);
      // Once their time has passed, the inspector's tasks no longer count.
      await new Promise((r) => setTimeout(r, 60));
      const again = watchdogStretches();
      preemptible(() => 0, { ms: 30 });
      expect(watchdogStretches().inspector).toBe(again.inspector + 1);
    } finally {
      setPendingCapForTests();
    }
  });

  for (const which of ["inspector", "vm"] as const) {
    describe(`under ${which}'s`, () => {
      const use = (): void => setInspectorWatchdog(which === "inspector");
      const restore = (): void => setInspectorWatchdog(true);

      it("returns, throws, and stops a loop that never checks the clock; the next stretch is guarded", () => {
        use();
        try {
          const before = watchdogStretches();
          expect(preemptible(() => "v", { ms: 1000 })).toBe("v");
          const boom = new Error("boom");
          expect(() =>
            preemptible(
              () => {
                throw boom;
              },
              { ms: 1000 },
            ),
          ).toThrow(boom);
          const t0 = performance.now();
          let cleaned = false;
          let caught: unknown;
          try {
            preemptible(
              () => {
                try {
                  for (;;) {
                    /* spin */
                  }
                } finally {
                  cleaned = true;
                }
              },
              { ms: 40 },
            );
          } catch (e) {
            caught = e;
          }
          expect((caught as PtcError).kind).toBe("timeout");
          expect(performance.now() - t0).toBeLessThan(1500);
          // What the stretch was doing is abandoned: its finally blocks do not run.
          expect(cleaned).toBe(false);
          // Nested stretches are covered by the outer one, and the next stretch is guarded.
          expect(() =>
            preemptible(
              () =>
                preemptible(
                  () => {
                    for (;;) {
                      /* spin */
                    }
                  },
                  { ms: 60_000 },
                ),
              { ms: 40 },
            ),
          ).toThrow(/stopped after 40 ms/);
          expect(preemptible(() => "after", { ms: 1000 })).toBe("after");
          const used = watchdogStretches();
          expect(used[which] - before[which]).toBe(5);
        } finally {
          restore();
        }
      });

      it("stops a session's evaluation whose tool answer never ends converting", async () => {
        use();
        try {
          const s = new Session({ tools: { t: () => hangingGetter() }, limits: { timeoutMs: 100 } });
          const r = await s.evaluate("(def a 1) (tool/t {})");
          expect(r.ok ? "ok" : r.error.kind).toBe("timeout");
          expect(s.namespace.get("a")).toBeUndefined();
          expect((await s.evaluate("(+ 1 2)")).ok).toBe(true);
        } finally {
          restore();
        }
      });
    });
  }

  it("where code may not be generated from strings, stretches run under vm's and code generation stays refused", async () => {
    const { build } = await import("esbuild");
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { execFileSync } = await import("node:child_process");
    const dir = mkdtempSync(join(tmpdir(), "ptcc-preempt-"));
    const entry = join(dir, "main.ts");
    writeFileSync(
      entry,
      `import { preemptible, watchdog, watchdogStretches } from ${JSON.stringify(join(process.cwd(), "src/evaluator/preempt.ts"))};
let inside = "allowed";
preemptible(() => { try { new Function("return 1"); } catch { inside = "refused"; } }, { ms: 1000 });
let stopped = "no";
try { preemptible(() => { for (;;) {} }, { ms: 30 }); } catch (e) { stopped = e.kind; }
console.log(JSON.stringify({ watchdog: watchdog(), inside, stopped, ...watchdogStretches() }));
`,
    );
    const out = join(dir, "main.mjs");
    await build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      platform: "node",
      outfile: out,
      logLevel: "silent",
    });
    const run = (flags: string[]): unknown =>
      JSON.parse(execFileSync(process.execPath, [...flags, out], { encoding: "utf8", timeout: 30_000 }).trim());
    expect(run(["--disallow-code-generation-from-strings"])).toEqual({
      watchdog: "vm",
      inside: "refused",
      stopped: "timeout",
      inspector: 0,
      vm: 2,
    });
    expect(run([])).toEqual({ watchdog: "inspector", inside: "allowed", stopped: "timeout", inspector: 2, vm: 0 });
  }, 60_000);
});
