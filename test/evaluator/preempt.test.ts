import { describe, expect, it } from "vitest";
import { PtcError, Session } from "../../src/index.js";
import { canPreempt, PREEMPT_GRACE_MS, preemptible } from "../../src/evaluator/preempt.js";

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
      preemptible(() => {
        throw boom;
      }, { ms: 1000 }),
    ).toThrow(boom);
  });

  it("stops a loop that never checks the clock, as a timeout PtcError", () => {
    const t0 = performance.now();
    let caught: unknown;
    try {
      preemptible(() => {
        for (;;) {
          /* spin */
        }
      }, { ms: 50 });
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
          preemptible(() => {
            for (;;) {
              /* spin */
            }
          }, { ms: 10_000 }),
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
