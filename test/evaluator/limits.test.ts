import { describe, expect, it } from "vitest";
import { Session, unlimited } from "../../src/index.js";

async function kindOf(src: string, limits = {}): Promise<string> {
  const r = await new Session({ limits }).evaluate(src);
  return r.ok ? `ok: ${r.printed.slice(0, 40)}` : r.error.kind;
}

describe("bombs stop with a typed error within the timeout", () => {
  const cases: [string, string, Record<string, number>][] = [
    ["(loop [] (recur))", "limit", {}],
    ["(count (range))", "limit", {}],
    ["(vec (range))", "limit", {}],
    ["(last (for [x (range)] x))", "limit", {}],
    ["(defn f [n] (+ 1 (f n))) (f 1)", "limit", {}],
    ["(defn f [n] (f (inc n))) (f 0)", "limit", {}],
    ["((fn f [] (lazy-seq (cons 1 (f)))))", "limit", {}],
    ['(loop [s "x"] (recur (str s s)))', "limit", {}],
    ["(loop [v []] (recur (conj v 1)))", "limit", {}],
    ["(dotimes [i 100000000] i)", "limit", {}],
    ["(loop [i 0] (if (< i 1e12) (recur (inc i)) i))", "timeout", { timeoutMs: 200, maxSteps: Infinity }],
    ["(dotimes [i 100000] (println i))", "limit", { maxOutput: 1000 }],
  ];
  it.each(cases)("%s → %s", async (src, kind, limits) => {
    const t0 = performance.now();
    expect(await kindOf(src, limits)).toBe(kind);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it("the process stays usable after a limit", async () => {
    const s = new Session();
    await s.evaluate("(loop [] (recur))");
    const r = await s.evaluate("(+ 1 2)");
    expect(r.ok && r.printed).toBe("3");
  });

  it("the step limit error names the limit and gives the loop's position", async () => {
    const r = await new Session({ limits: { maxSteps: 1000 } }).evaluate("(do\n  (loop [] (recur)))");
    expect(r.ok ? "" : r.error.format()).toBe(
      "step limit exceeded: the program ran more than 1000 evaluation steps at 2:3 — the program may loop forever; raise the limit for heavy but honest work",
    );
  });

  it("deep but bounded recursion works", async () => {
    expect(await kindOf("(defn f [n] (if (zero? n) 0 (inc (f (dec n))))) (f 500)")).toBe("ok: 500");
  });

  it("--unlimited lifts the step and size limits, not the timeout", async () => {
    expect(await kindOf("(count (range 2000000))", unlimited(5000))).toBe("ok: 2000000");
    expect(await kindOf("(loop [] (recur))", unlimited(100))).toBe("timeout");
  });

  it("program text has a size limit", async () => {
    expect(await kindOf(`"${"x".repeat(2000)}"`, { maxSource: 1000 })).toBe("limit");
  });

  it("deeply nested programs and data end in a limit error, not a crash", async () => {
    expect(await kindOf("(".repeat(50000) + ")".repeat(50000))).toBe("limit");
    expect(await kindOf("(loop [v [] i 0] (if (< i 100000) (recur [v] (inc i)) v))")).toBe("limit");
  });

  it("lazy work counts against the budget as it is realized", async () => {
    expect(await kindOf("(count (filter odd? (range 10000000)))", { maxSteps: 100000 })).toBe("limit");
  });
});
