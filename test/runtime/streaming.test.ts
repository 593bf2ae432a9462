/**
 * Reductions stream (issue 27 §2): a builtin that consumes a sequence to build a smaller
 * result walks it chunk by chunk, so the collection size limit counts what the result
 * holds, not what flowed through it. Both tiers must agree.
 */
import { describe, expect, it } from "vitest";
import { bothTiers } from "../evaluator/tiers.js";
import { failure, printed } from "../helpers.js";

/** A small size limit makes "more than the limit flowed through" cheap to test. */
const SMALL = { limits: { maxCollection: 1_000, maxSteps: 1_000_000 } };

describe("reductions over more items than a collection may hold", () => {
  it.each([
    ["(count (frequencies (map #(mod % 7) (range 5000))))", "7"],
    ["(count (group-by #(mod % 7) (range 5000)))", "7"],
    ["(count (group-by #(mod % 3) (map inc (range 2500))))", "3"],
    ["(count (set (map #(mod % 7) (range 5000))))", "7"],
    ["(into #{} (map #(mod % 3) (range 5000)))", "#{0 1 2}"],
    ["(into {} (map (fn [i] [(mod i 2) i]) (range 5000)))", "{0 4998, 1 4999}"],
    ["(into {:a 1} (map (fn [i] [(mod i 2) i]) (range 5000)))", "{:a 1, 0 4998, 1 4999}"],
    ["(into #{:a} (map #(mod % 2) (range 5000)))", "#{0 1 :a}"],
    ["(count (map inc (range 5000)))", "5000"],
    ["(count (filter even? (range 5000)))", "2500"],
    ["(last (map inc (range 5000)))", "5000"],
    ["(some #(when (> % 4990) %) (map inc (range 5000)))", "4991"],
    ["(every? pos? (map inc (range 5000)))", "true"],
    ["(not-any? neg? (map inc (range 5000)))", "true"],
    ["(sum (map inc (range 5000)))", "12502500"],
    ["(sum-by :n (map (fn [i] {:n i}) (range 5000)))", "12497500"],
    ["(avg (map inc (range 5000)))", "2500.5"],
    ["(avg-by :n (map (fn [i] {:n i}) (range 5001)))", "2500.0"],
    ["(max-by :n (map (fn [i] {:n (mod i 4999)}) (range 5000)))", "{:n 4998}"],
    ["(min-by :n (map (fn [i] {:n (- 9999 i)}) (range 5000)))", "{:n 5000}"],
    ["(reduce + (map inc (range 5000)))", "12502500"],
    ["(frequencies (map #(mod % 2) (vec (range 900))))", "{0 450, 1 450}"],
  ])("%s → %s", (program, expected) => {
    expect(printed(program, SMALL)).toBe(expected);
  });

  it.each([
    "(frequencies (map inc (range 1001)))",
    "(group-by identity (map inc (range 1001)))",
    "(group-by odd? (map inc (range 2003)))",
    "(set (map inc (range 1001)))",
    "(into #{} (map inc (range 1001)))",
    "(into {} (map (fn [i] [i i]) (range 1001)))",
    "(into {:a 1} (map (fn [i] [i i]) (range 1001)))",
    "(into [] (map inc (range 1001)))",
    "(vec (map inc (range 1001)))",
  ])("%s: the result is limited", (program) => {
    const f = failure(program, SMALL);
    expect(f.kind).toBe("limit");
    expect(f.text).toContain("collection size limit exceeded: more than 1000 items");
  });

  it("an endless reduction ends at the step limit", () => {
    expect(failure("(count (iterate inc 0))", SMALL).text).toContain("step limit exceeded");
    expect(failure("(frequencies (map #(mod % 3) (iterate inc 0)))", SMALL).text).toContain("step limit exceeded");
  });

  it("the examples of the issue, at the default limits", () => {
    expect(printed("(count (frequencies (map #(mod % 7) (range 2000000))))")).toBe("7");
    expect(printed("(count (group-by odd? (range 1500000)))")).toBe("2");
  });

  it.each([
    "(count (frequencies (map #(mod % 7) (range 3000))))",
    "(group-by odd? (map inc (range 3000)))",
    "(into {} (map (fn [i] [(mod i 5) i]) (range 3000)))",
    "(set (map #(mod % 7) (range 3000)))",
    "(frequencies (map inc (range 1001)))",
    "(sum-by :n (map (fn [i] {:n i}) (range 3000)))",
  ])("both tiers agree: %s", (program) => {
    const { generated, closures, tieredUp } = bothTiers(program, SMALL);
    expect(closures).toEqual(generated);
    expect(tieredUp).toEqual(generated);
  });
});

describe("shared structure and self-reference agree in both tiers", () => {
  it.each([
    "(count (reduce (fn [s i] (conj #{} s [s i])) #{} (range 40)))",
    "(let [f (fn [] (reduce (fn [a _] [a a]) [] (range 40)))] [(= (f) (f)) (compare (f) (f))])",
    "(def xs (lazy-seq (map inc xs))) (first xs)",
    "(def xs (lazy-seq (cons 1 (map inc xs)))) (take 5 xs)",
  ])("%s", (program) => {
    const { generated, closures, tieredUp } = bothTiers(program);
    expect(closures).toEqual(generated);
    expect(tieredUp).toEqual(generated);
  });
});

describe("empty regex matches over a long string (issue 27 §3)", () => {
  // One match per position, 1,000,001 of them: within the default time limit, counted
  // without holding them (count streams), at a cost per match like a non-empty match's.
  it('(count (re-seq #"" s)) over 1,000,000 characters ends within the default limits', () => {
    const s = "a".repeat(1_000_000);
    const t0 = performance.now();
    const r = printed('(count (re-seq #"" data/s))', { context: { s } });
    expect(r).toBe("1000001");
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});

describe("a lazy seq only a reduction sees is not kept while it is walked", () => {
  // (frequencies (map f xs)): nothing else can reach the map's seq, so the reduction walks
  // it without keeping the items behind it (the analyzer marks the call; both tiers).
  it.each([
    '(count (frequencies (map #(str "w" (mod % 500)) (range 3000))))',
    "(reduce + (map inc (range 3000)))",
    "(reduce + (filter odd? (map inc (range 3000))))",
    "(count (filter odd? (range 3000)))",
    "(into {} (map (fn [i] [(mod i 3) i]) (range 3000)))",
    "(some #(when (> % 2990) %) (map inc (range 3000)))",
    "(sum-by :n (map (fn [i] {:n i}) (range 3000)))",
    "(frequencies (map #(do (println %) (mod % 2)) (range 3)))",
    "(let [xs (map #(do (println %) %) (range 3))] [(frequencies xs) (count xs) (vec xs)])",
    "(def xs (map inc (range 40))) [(count (frequencies xs)) (reduce + xs) (first xs)]",
  ])("%s", (program) => {
    const { generated, closures, tieredUp } = bothTiers(program, SMALL);
    expect(closures).toEqual(generated);
    expect(tieredUp).toEqual(generated);
    expect(generated.result).not.toMatch(/^[a-z]+:/);
  });

  it("effects inside the mapped function happen once", () => {
    const r = bothTiers("(let [xs (map #(do (println %) %) (range 3))] [(frequencies xs) (count xs) (vec xs)])");
    expect(r.generated.output).toEqual(["0", "1", "2"]);
    expect(r.closures.output).toEqual(["0", "1", "2"]);
  });

  it("2,000,000 mapped strings counted in a heap far smaller than they would fill", async () => {
    // Run in a process with a 64 MB heap: keeping the strings would need well over 100 MB.
    const { spawnSync } = await import("node:child_process");
    const script = `
      import { evaluateSync } from "./src/index.ts";
      const p = '(count (frequencies (map #(str "w" (mod (* % 7919) 5003)) (range 2000000))))';
      for (const tier of ["closures", "generated"]) {
        const r = evaluateSync(p, { tier, limits: { timeoutMs: 60_000 } });
        console.log(r.ok ? r.printed : r.error.message);
      }`;
    const res = spawnSync(
      process.execPath,
      ["--max-old-space-size=64", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: process.cwd(),
        encoding: "utf8",
      },
    );
    expect(res.stderr).not.toContain("heap out of memory");
    expect(res.stdout.trim().split("\n")).toEqual(["5003", "5003"]);
  }, 120_000);
});

describe("join and dorun stream too", () => {
  it.each([
    ['(count (clojure.string/join "," (map #(mod % 10) (range 5000))))', "9999"],
    ["(count (clojure.string/join (map #(mod % 10) (range 5000))))", "5000"],
    ["(dorun (map inc (range 5000)))", "nil"],
    ['(clojure.string/join ", " (map inc (range 3)))', '"1, 2, 3"'],
  ])("%s → %s", (program, expected) => {
    expect(printed(program, SMALL)).toBe(expected);
    const { generated, closures } = bothTiers(program, SMALL);
    expect(closures).toEqual(generated);
  });

  it("the string limit still bounds a joined string", () => {
    const f = failure('(clojure.string/join "," (map str (range 5000)))', {
      limits: { maxString: 1_000, maxSteps: 1_000_000 },
    });
    expect(f.text).toContain("string size limit exceeded");
  });
});

describe("what a walk makes the program keep is still limited", () => {
  // A lazy seq held by a local or a var keeps what is realized of it: the size limit bounds
  // that memory. Written inline, the seq is seen by the reduction only and nothing is kept.
  it.each([
    "(let [xs (iterate inc 0)] (count xs))",
    "(let [xs (map inc (range 1001))] (frequencies xs))",
    "(def xs (map inc (range 1001))) (count (set xs))",
    "(let [xs (cons 0 (iterate inc 1))] (count xs))",
  ])("%s: limit", (program) => {
    expect(failure(program, SMALL).text).toContain("collection size limit exceeded");
  });

  it.each([
    ["(count (iterate inc 0))", "step limit exceeded"],
    ['(count (re-seq #"" (.repeat "a" 2000)))', "2001"],
    ["(count (frequencies (take 5000 (iterate inc 0))))", "limit"],
    ["(count (frequencies (map #(mod % 3) (take 5000 (iterate inc 0)))))", "3"],
  ])("%s", (program, expected) => {
    const r = bothTiers(program, SMALL);
    expect(r.closures).toEqual(r.generated);
    expect(r.generated.result).toContain(expected);
  });
});

describe("a marked seq that is not walked stays a value", () => {
  it.each([
    ["(max-by count [1] (map #(do (println %) %) (range 3)))", "(0 1 2)"],
    ["(vec (max-by count [1] (map inc (range 3))))", "[1 2 3]"],
  ])("%s", (program, expected) => {
    const r = bothTiers(program);
    expect(r.closures).toEqual(r.generated);
    expect(r.generated.result).toBe(expected);
    // Each item is made once: printed at most once.
    expect(new Set(r.generated.output).size).toBe(r.generated.output.length);
  });
});
