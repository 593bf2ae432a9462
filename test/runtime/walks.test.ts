/**
 * Walks over values are bounded (issue 13): a value small in memory and huge as a tree (a
 * vector holding the same vector twice, forty levels deep), deep nesting, self-referential
 * lazy seqs, aliasing between a builtin's input and output, and constructors of
 * collections and strings past the limits all end in a value or a typed error, quickly —
 * by the cooperative checks, not the watchdog.
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { Session } from "../../src/evaluator/session.js";
import { Budget } from "../../src/runtime/budget.js";
import { toHost, toJsonSafe } from "../../src/runtime/convert.js";
import { previewValue, prStr } from "../../src/runtime/printer.js";
import { truncateValue } from "../../src/runtime/truncate.js";
import type { Value } from "../../src/runtime/values.js";
import { expectPrinted, failure, run } from "../helpers.js";

/** Generous: these end by the step limit in well under a second on an idle machine. */
const QUICK_MS = 4_000;
const LIMITS = { timeoutMs: 20_000 };

const DAG = "(def x (reduce (fn [a _] [a a]) [] (range 40)))";
const DAG2 = "(def y (reduce (fn [a _] [a a]) [] (range 40)))";
const MAP_DAG = "(def m (reduce (fn [m i] (assoc m i m)) {} (range 40)))";

function ends(program: string): { kind: string; ms: number } {
  const t0 = performance.now();
  const r = run(program, { limits: LIMITS });
  const ms = performance.now() - t0;
  return { kind: r.ok ? "ok" : r.error.kind, ms };
}

function dagValue(): Value {
  const s = new Session();
  s.evaluateSync(DAG);
  return s.namespace.get("x")!.value;
}

describe("shared structure: a value of 41 nodes that is 2^40 as a tree", () => {
  // Hashes are cached per collection and equality remembers the pairs it found equal, so
  // hashing and comparing are linear in the distinct nodes, as in Clojure (issue 27 §3).
  it.each([
    [`${DAG} (= (hash x) (hash (reduce (fn [a _] [a a]) [] (range 40))))`, "true"],
    [`${DAG} ${DAG2} (= x y)`, "true"],
    [`${DAG} ${DAG2} [(compare x y) (compare x (assoc-in y [1 1 1 1 1 1 1] []))]`, "[0 1]"],
    [`${DAG} ${DAG2} (= x (assoc-in y [0 0 0 0] 1))`, "false"],
    [`${DAG} ${DAG2} (count (frequencies [x y x]))`, "1"],
    [`${DAG} ${DAG2} (count (distinct [x y]))`, "1"],
    [`${DAG} (count (set [x]))`, "1"],
    [`${DAG} ${DAG2} (get {x 1} y)`, "1"],
    [`${DAG} ${DAG2} (count (group-by identity [x y]))`, "1"],
    [`${DAG} (count ((memoize identity) x))`, "2"],
    [`${MAP_DAG} (= (hash m) (hash (reduce (fn [m i] (assoc m i m)) {} (range 40))))`, "true"],
    [`${MAP_DAG} (= m (reduce (fn [m i] (assoc m i m)) {} (range 40)))`, "true"],
    ["(count (reduce (fn [s i] (conj #{} s [s i])) #{} (range 40)))", "2"],
    [
      "(let [f (fn [] (reduce (fn [s i] (conj #{} s [s i])) #{} (range 40)))] [(= (f) (f)) (= (f) (conj (f) 1))])",
      "[true false]",
    ],
  ])("%s is %s, quickly", (program, expected) => {
    const t0 = performance.now();
    expectPrinted(program, expected, { limits: LIMITS });
    expect(performance.now() - t0).toBeLessThan(QUICK_MS);
  });

  it.each([`${DAG} (pr-str x)`, `${DAG} (str x)`, `${DAG} (println x)`, `${DAG} x`, `${DAG} (return x)`])(
    "%s ends in a limit error, quickly",
    (program) => {
      const { kind, ms } = ends(program);
      expect(kind).toBe("limit");
      expect(ms).toBeLessThan(QUICK_MS);
    },
  );

  it("(compare x x) of the same value is 0 at once", () => {
    expectPrinted(`${DAG} (compare x x)`, "0");
  });

  it("previews, conversions and truncation outside an evaluation are bounded too", () => {
    const x = dagValue();
    const t0 = performance.now();
    expect(previewValue(x, 40).length).toBeLessThan(60);
    expect(() => prStr(null, x)).toThrow(/limit exceeded/);
    expect(() => toHost(null, x, { meter: new Budget(1_000_000, 10_000) })).toThrow(/step limit exceeded/);
    expect(String(toJsonSafe(x, { meter: new Budget(1_000_000, 10_000) }))).toMatch(/^#too-large: step limit/);
    expect(prStr(null, truncateValue(x, 100)).length).toBeLessThan(200);
    expect(performance.now() - t0).toBeLessThan(QUICK_MS);
  });
});

describe("deep nesting: printers and conversions stop at 1000 levels with a typed error", () => {
  const deep = (n: number): string => `(def d (reduce (fn [a _] [a]) [] (range ${n})))`;
  it.each([
    [`${deep(5000)} (pr-str d)`, "cannot print: the value is nested more than 1000 levels deep"],
    // Realizing the result walks it before printing: the host stack runs out first.
    [`${deep(20000)} d`, "recursion too deep"],
    [`${deep(5000)} (str d)`, "cannot print"],
  ])("%s", (program, message) => {
    const f = failure(program, { limits: LIMITS });
    expect(f.kind).toBe("limit");
    expect(f.text).toContain(message);
  });

  it("a shortened print shows the deep part as ...", () => {
    const s = new Session();
    const r = s.evaluateSync(`${deep(3000)} (count d)`, { print: { maxItems: 10, maxChars: 100_000 } });
    expect(r.ok).toBe(true);
    const d = s.namespace.get("d")!.value;
    expect(previewValue(d, 100_000)).toContain("...");
  });

  it("toHost of a 3000-deep vector is a limit error, not a stack overflow", () => {
    const s = new Session();
    s.evaluateSync(deep(3000));
    expect(() => toHost(null, s.namespace.get("d")!.value)).toThrow(/nested more than 1000 levels/);
  });
});

describe("self-referential lazy seqs end as Clojure's do", () => {
  it.each([
    ["(def xs (lazy-seq xs)) (first xs)", "nil"],
    ["(def xs (lazy-seq xs)) (count xs)", "0"],
    ["(def b nil) (def a (lazy-seq b)) (def b (lazy-seq a)) [(first a) (first b)]", "[nil nil]"],
  ])("%s is %s", (program, expected) => {
    expectPrinted(program, expected);
  });

  // A thunk that needs the items of the seq it computes can never have them (issue 27 §3):
  // Clojure overflows the stack; ptcc says so, at the call that asked for the items (the
  // one that started the realization, or the self-reference inside the thunk).
  it.each([
    ["(def xs (lazy-seq (map inc xs)))\n(first xs)", "2:1"],
    ["(def xs (lazy-seq (seq xs)))\n(count xs)", "1:19"],
    ["(def xs (map inc (lazy-seq xs)))\n  (first xs)", "2:3"],
    ["(def xs (lazy-seq (filter odd? (map inc xs))))\n(vec xs)", "2:1"],
    ["(def xs (lazy-seq (cons 1 (lazy-seq (map inc (rest xs))))))\n(vec (take 3 xs))", "2:1"],
    ["(def xs (lazy-seq (cons 1 (lazy-seq (map inc (rest xs))))))\n(take 3 xs)", "2:1"],
  ])("%s is a positioned error", (program, at) => {
    const f = failure(program, { limits: LIMITS });
    expect(f.kind).toBe("runtime");
    expect(f.text).toContain("a lazy sequence needs its own items");
    expect(f.text).toContain(at);
  });

  it.each([
    ["(def xs (lazy-seq (cons 1 (map inc xs)))) (take 5 xs)", "(1 2 3 4 5)"],
    ["(def fib (cons 0 (cons 1 (lazy-seq (map + fib (rest fib)))))) (nth fib 30)", "832040"],
  ])("a seq that starts with items of its own may use them: %s", (program, expected) => {
    expectPrinted(program, expected);
  });

  it("a lazy seq cycling among others runs into the step limit", () => {
    const { kind, ms } = ends(
      "(def b nil) (def c nil) (def a (lazy-seq b)) (def b (lazy-seq c)) (def c (lazy-seq b)) (first a)",
    );
    expect(kind).toBe("limit");
    expect(ms).toBeLessThan(QUICK_MS);
  });
});

describe("a builtin's input and output may be the same vector", () => {
  it.each([
    ["(let [v [1 2]] (into v v))", "[1 2 1 2]"],
    ["(let [v (conj [1] 2)] (into v v))", "[1 2 1 2]"],
    ["(let [v (conj [] 1 2)] (reduce conj v v))", "[1 2 1 2]"],
    ["(let [v (conj [1] 2)] (mapv (fn [x] (conj v x)) v))", "[[1 2 1] [1 2 2]]"],
    ["(let [v (conj [1] 2)] (vec (map (fn [x] (conj v x)) (seq v))))", "[[1 2 1] [1 2 2]]"],
    ["(let [v (conj [1] 2) s (seq v)] [(conj v 3) (vec s) (into v s)])", "[[1 2 3] [1 2] [1 2 1 2]]"],
    ["(let [v (conj [1] 2)] [(conj v 3) (conj v 4) v])", "[[1 2 3] [1 2 4] [1 2]]"],
    ["(let [v (conj [1] 2)] (into v (map inc v)))", "[1 2 2 3]"],
    ["(let [v (conj [] 1 2) [a & more] v] [(conj v 3) more])", "[[1 2 3] (2)]"],
  ])("%s is %s", (program, expected) => {
    expectPrinted(program, expected);
  });
});

describe("every constructor of a collection or string checks the limits", () => {
  it.each([
    ['(vec (.repeat "a" 9999999))', "collection size limit exceeded"],
    ['(mapv identity (.repeat "a" 9999999))', "collection size limit exceeded"],
    ['(apply vector (.repeat "a" 9999999))', "collection size limit exceeded"],
    ['(.toUpperCase (.repeat "ß" 6000000))', "string size limit exceeded"],
    ['(clojure.string/upper-case (.repeat "ß" 6000000))', "string size limit exceeded"],
    ['(format "%-2000000000s|" "a")', "string size limit exceeded"],
    ['(format "%02000000000d" 1)', "string size limit exceeded"],
    ['(format "%.2000000000f" 1.0)', "string size limit exceeded"],
    ['(format "%2000000000%")', "string size limit exceeded"],
  ])("%s", (program, message) => {
    const f = failure(program, { limits: LIMITS });
    expect(f.kind).toBe("limit");
    expect(f.text).toContain(message);
  });

  it("a long string is still a seq of characters, walked lazily", () => {
    expectPrinted('(first (seq (.repeat "ab" 5000000)))', "\\a");
    // Reductions count what their result holds, not what flowed through (issue 27).
    expectPrinted('(count (re-seq #"a" (.repeat "a" 1500000)))', "1500000");
    expectPrinted('(set (.repeat "ab" 800000))', "#{\\a \\b}");
    expectPrinted('(format "%.20000s|" "ab")', '"ab|"');
  });
});

describe("regex counted repetitions are in the cost model", () => {
  it("(a{1000}){1000} over 999,999 characters is refused at once", () => {
    const f = failure('(re-find #"(a{1000}){1000}" (apply str (repeat 999999 "a")))', { limits: LIMITS });
    expect(f.kind).toBe("limit");
    expect(f.text).toContain("counted repetitions this large");
  });

  it("a{10000}b over 200,000 characters runs on the linear engine and stops at the step limit", () => {
    const { kind, ms } = ends('(re-find #"a{10000}b" (apply str (repeat 200000 "a")))');
    expect(kind).toBe("limit");
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it("the same patterns on short inputs answer", () => {
    expectPrinted('(re-find #"(a{1000}){1000}" "aaa")', "nil");
    expectPrinted('(re-find #"a{3}b" "xaaab")', '"aaab"');
  });
});

describe("the keyword intern table is bounded", () => {
  it("memory stays flat over 10,000 evaluations making long keywords", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const s = new Session();
    const make = (i: number): void => {
      const r = s.evaluateSync(`(count (str (keyword (str "k${i}-" (.repeat "x" 20000)))))`);
      if (!r.ok) throw new Error(r.error.format());
    };
    for (let i = 0; i < 1_000; i++) make(i);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 1_000; i < 10_000; i++) make(i);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // Interned, 9,000 keywords of 20,000 characters would hold 360 MB.
    expect(grown).toBeLessThan(30 * 1024 * 1024);
  });
});
