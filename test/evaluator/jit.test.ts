/**
 * The loop tier (src/evaluator/jit.ts) must agree with the closure compiler exactly.
 * Each loop runs twice: as written (JIT-compiled) and with `identity` wrapped around its
 * result, which the tier does not handle, so the closure compiler runs it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { read } from "../../src/index.js";
import { Analyzer } from "../../src/analyzer/analyzer.js";
import { REGISTRY } from "../../src/runtime/builtins/index.js";
import { jitLoop } from "../../src/evaluator/jit.js";
import type { LoopNode } from "../../src/analyzer/node.js";
import { Txn, UserNamespace } from "../../src/evaluator/namespace.js";
import { run } from "../helpers.js";

/** The same program with its loop's result wrapped in (identity ...), forcing the closure compiler. */
function closurePath(src: string): string {
  return src.replace(/^\(loop /, "(identity (loop ") + ")";
}

/** Value or error (kind and message; positions differ by the wrapping). */
function outcome(src: string): string {
  const r = run(src);
  return r.ok ? r.printed : `${r.error.kind}: ${r.error.message}`;
}

function positioned(src: string): string {
  const r = run(src);
  return r.ok ? r.printed : `${r.error.kind}: ${r.error.format()}`;
}

function jits(src: string): boolean {
  const ns = new UserNamespace();
  const txn = new Txn(ns);
  const ax = new Analyzer({
    registry: REGISTRY,
    lookupVar: (n) => ns.get(n),
    internVar: (n) => txn.intern(n),
    tools: null,
    dataKeys: null,
    warn() {},
  });
  const node = ax.topLevel(read(src).forms[0]!).node;
  return node.kind === "loop" && jitLoop(node as LoopNode) !== null;
}

const LOOPS: string[] = [
  "(loop [i 0 acc 0] (if (< i 100) (recur (inc i) (+ acc i)) acc))",
  "(loop [i 0 acc 1] (if (< i 60) (recur (inc i) (* acc 2)) acc))",
  "(loop [i 0 acc 0] (if (>= i 50) acc (recur (inc i) (mod (+ (* acc 31) (rem (* i i) 1003)) 10007))))",
  "(loop [i 0 acc 0] (if (< i 50) (recur (inc i) (if (even? i) (- acc (quot i 3)) (+ acc i))) acc))",
  "(loop [i 10 acc []] (if (pos? i) (recur (dec i) acc) acc))",
  "(loop [x 1.5 n 0] (if (< x 100) (recur (* x 2) (inc n)) [x n]))",
  "(loop [x 1 n 0] (if (< x 100) (recur (* x 1.5) (inc n)) [x n]))",
  "(loop [i 0 a 0] (let [b (* i 2) c (+ b 1)] (if (< i 10) (recur (inc i) (+ a c)) a)))",
  "(loop [i 0 found nil] (if (and (< i 100) (nil? found)) (recur (inc i) (when (= (* i i) 49) i)) found))",
  "(loop [i 0 s 0] (if (or (> i 20) (= s 7)) [i s] (recur (inc i) (mod (+ s i) 11))))",
  "(loop [i 0 acc 0] (if (< i 5) (recur (inc i) (loop [j 0 a acc] (if (< j i) (recur (inc j) (+ a j)) a))) acc))",
  "(loop [i 0] (if (< i 3) (recur (inc i)) (zero? (- i 3))))",
  "(loop [i -7 acc []] (if (< i 8) (recur (+ i 3) [(mod i 3) (rem i 3) (quot i 3)]) acc))",
  "(loop [a 9007199254740990 n 0] (if (< n 3) (recur (inc a) (inc n)) a))",
  "(loop [i 0 x 0.5] (if (< i 3) (recur (inc i) (+ x 0.25)) x))",
  "(loop [i 0 m 0] (if (< i 10) (recur (inc i) (max m (mod (* i 7) 10))) m))",
  "(loop [i 0] (if (not (< i 5)) i (recur (inc i))))",
];

describe("the loop tier", () => {
  it.each(LOOPS)("%s agrees with the closure compiler", (src) => {
    expect(jits(closurePath(src))).toBe(false);
    expect(outcome(src)).toBe(outcome(closurePath(src)));
  });

  it("compiles all of them", () => {
    expect(LOOPS.filter(jits)).toEqual(LOOPS);
  });

  it("agrees with the closure compiler on random arithmetic loops", () => {
    const op = fc.constantFrom("+", "-", "*", "mod", "rem", "quot", "max", "min");
    const operand = fc.oneof(
      fc.constantFrom("i", "acc"),
      fc.integer({ min: -50, max: 50 }).map(String),
      fc.constantFrom("0", "1.5", "-2.0"),
    );
    const expr = fc.tuple(op, operand, operand).map(([o, a, b]) => `(${o} ${a} ${b})`);
    fc.assert(
      fc.property(expr, expr, fc.integer({ min: 0, max: 30 }), (e1, e2, n) => {
        const src = `(loop [i 0 acc 1] (if (< i ${n}) (recur (inc i) (if (even? i) ${e1} ${e2})) acc))`;
        expect(outcome(src), src).toBe(outcome(closurePath(src)));
      }),
      { numRuns: 300 },
    );
  });

  it("reports errors from the slow path with the call's position", () => {
    expect(positioned("(loop [i 0 acc 0] (if (< i 5) (recur (inc i) (quot acc (- 3 i))) acc))")).toMatch(
      /^arithmetic: divide by zero in quot at 1:46/,
    );
    expect(positioned("(loop [i 0 a 9007199254740990] (if (< i 5) (recur (inc i) (inc a)) a))")).toMatch(
      /^arithmetic: integer overflow in inc at 1:59/,
    );
  });

  it("spends fuel: an endless loop still stops", () => {
    const r = run("(loop [i 0] (if (< i 1e300) (recur (inc i)) i))", { limits: { maxSteps: 100_000 } });
    expect(r.ok ? "" : r.error.format()).toMatch(/^step limit exceeded: .* at 1:1/);
  });

  it("never turns program text into JavaScript", () => {
    // Strings that look like code flow through the loop as constants.
    const src = '(loop [i 0 s "}); throw 1; ({"] (if (< i 2) (recur (inc i) s) s))';
    expect(jits(src)).toBe(true);
    expect(outcome(src)).toBe('"}); throw 1; ({"');
  });

  it("reuses generated code across programs without mixing up their constants", () => {
    // Same shape, so the same generated source; the constants differ.
    for (const s of ['"a"', '"b"', ":c", "[1 2]", '"a"'])
      expect(outcome(`(loop [i 0] (if (< i 3) (recur (inc i)) ${s}))`)).toBe(s);
    // Errors keep each program's own positions.
    expect(positioned('(loop [i 0] (if (< i 3) (recur (inc i)) (inc "x")))')).toMatch(/at 1:41$/);
    expect(positioned('(loop [i 0]\n  (if (< i 3) (recur (inc i)) (inc "x")))')).toMatch(/at 2:31$/);
  });

  it("compiles loops that call other builtins", () => {
    expect(jits("(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc i)) acc))")).toBe(true);
  });

  it("leaves destructuring and closures to the closure compiler", () => {
    expect(jits("(loop [[x & xs] [1 2]] (if x (recur xs) :done))")).toBe(false);
    expect(jits("(loop [i 0] (if (< i 3) (recur (inc i)) (fn [] i)))")).toBe(false);
  });
});

/** A function body the tier handles, and the same body forced through the closure compiler. */
function viaJit(params: string, body: string, args: string): string {
  return outcome(`((fn [${params}] ${body}) ${args})`);
}
function viaClosures(params: string, body: string, args: string): string {
  return outcome(`((fn [${params}] (let [[r] [${body}]] r)) ${args})`);
}

describe("the function tier", () => {
  const CASES: [string, string, string][] = [
    ["x", "(+ x 1)", "41"],
    ["acc x", "(+ acc (* x x))", "10 3"],
    ["r", "(> (:price r) 10)", "{:price 12}"],
    ["r", "(* (:price r) (:qty r 1))", '{"price" 2.5}'],
    ["s", "(> (count s) 3)", '"hello"'],
    ["s", '(str s "-" (count s))', '"ab"'],
    ["m", "[(:a m) (get m :b) (count m)]", "{:a 1 :b 2}"],
    ["x", "(if (even? x) :even (if (zero? (rem x 3)) :three :other))", "9"],
    ["x y", "(let [s (+ x y) d (- x y)] [s d (* s d)])", "7 3"],
    ["x", "(and (number? x) (pos? x) (inc x))", "-1"],
    ["x", "(or (get {:a 1} x) :none)", ":b"],
    ["x", "(inc x)", '"a"'],
    ["x", "(quot 10 x)", "0"],
    ["xs", "(reduce + (map inc xs))", "[1 2 3]"],
  ];
  it.each(CASES)("(fn [%s] %s) on %s agrees with the closure compiler", (params, body, args) => {
    expect(viaJit(params, body, args)).toBe(viaClosures(params, body, args));
  });

  it("positions errors in compiled functions", () => {
    expect(positioned('((fn [x]\n  (inc x)) "a")')).toBe('type: inc expects a number, got string "a" at 2:3');
  });

  it("keeps closures working when captured values are read", () => {
    expect(outcome("(let [k 10] (map (fn [x] (+ x k)) [1 2]))")).toBe("(11 12)");
  });
});
