/**
 * Random PTC-Lisp programs for comparing the compilation tiers: every node kind
 * (locals, captured values, vars, builtins inlined and not, `if`/`and`/`or`/`case`/`cond`,
 * `let` with destructuring, `loop`/`recur`, `fn` with closures, arities, rest parameters
 * and self-recursion, higher-order builtins, `for`/`doseq`, keyword access, collection
 * literals, `lazy-seq`, `def`, `return`, `fail`), over values of every sort: integers near
 * the overflow limits, floats, strings, keywords, nil, collections. Many programs fail
 * (type errors, overflow, division by zero, bad destructuring, deep recursion): the
 * errors and their positions must agree too.
 *
 * Every name used is bound: the program runs inside a `let` binding all of them, and the
 * forms that bind names rebind the same ones.
 */
import fc from "fast-check";

const NAMES = ["a", "b", "c", "xs", "m", "i", "acc", "k"] as const;

/** The frame every generated expression runs in. */
export function wrap(expr: string): string {
  return `(let [a 3 b 2.5 c "s" xs [1 2 3] m {:k 1 :s "x"} i 0 acc 1 k :k] ${expr})`;
}

const leaf: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map(String),
  fc.constantFrom("9007199254740991", "-9007199254740991", "4503599627370496", "0", "1", "-1", "7"),
  fc.constantFrom("1.5", "2.0", "-0.0", "0.1", "##Inf", "##NaN"),
  fc.constantFrom('"s"', '""', '"ab c"', ":k", ":s", "nil", "true", "false", "\\a"),
  fc.constantFrom(...NAMES),
  fc.constantFrom("[]", "[1 2]", "{}", "'(1 2 3)", "#{1 2}", "(range 5)"),
);

const name = fc.constantFrom(...NAMES);
const numLeaf: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map(String),
  fc.constantFrom("9007199254740991", "-9007199254740991", "4503599627370496", "0", "7", "1.5", "2.0", "-0.0"),
  fc.constantFrom("a", "b", "i", "acc"),
);
const collLeaf: fc.Arbitrary<string> = fc.constantFrom(
  "xs",
  "m",
  "c",
  "[]",
  "[1 2]",
  "[[1 2] [3 4]]",
  "{}",
  "'(1 2 3)",
  "#{1 2}",
  "(range 5)",
  "(range)",
  "nil",
  '"ab"',
);
const OPS2 = ["+", "-", "*", "quot", "rem", "mod", "<", ">", "<=", ">=", "=", "not=", "==", "max", "min"];
const OPS1 = ["inc", "dec", "zero?", "pos?", "neg?", "even?", "odd?", "not", "nil?", "some?", "abs", "-"];
const CALLS1 = ["count", "first", "rest", "seq", "vec", "str", "keyword", "empty?", "number?"];
const CALLS2 = ["get", "conj", "nth", "str", "cons", "take", "contains?", "list", "vector"];

export const programs: fc.Arbitrary<string> = fc
  .letrec<{ expr: string; num: string; coll: string }>((tie) => {
    const e = tie("expr");
    const n = tie("num");
    const co = tie("coll");
    return {
      num: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        numLeaf,
        fc.tuple(fc.constantFrom(...OPS2), n, n).map(([o, x, y]) => `(${o} ${x} ${y})`),
        fc.tuple(fc.constantFrom("inc", "dec", "abs", "-"), n).map(([o, x]) => `(${o} ${x})`),
        fc.tuple(e, n, n).map(([t, x, y]) => `(if ${t} ${x} ${y})`),
        fc.tuple(name, n, n).map(([v, x, body]) => `(let [${v} ${x}] ${body})`),
        co.map((x) => `(count ${x})`),
        e,
      ),
      coll: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        collLeaf,
        fc.tuple(n, n).map(([x, y]) => `[${x} ${y}]`),
        fc.tuple(n, co).map(([x, y]) => `(cons ${x} ${y})`),
        co.map((x) => `(map inc (take 4 ${x}))`),
        fc.tuple(n, co).map(([body, x]) => `(for [a (take 4 ${x})] ${body})`),
        e,
      ),
      expr: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.tuple(fc.constantFrom(...OPS2), n, n).map(([o, x, y]) => `(${o} ${x} ${y})`),
        fc.tuple(fc.constantFrom(...OPS1), n).map(([o, x]) => `(${o} ${x})`),
        fc
          .tuple(fc.constantFrom("+", "*", "-", "max", "str", "="), n, n, n)
          .map(([o, x, y, z]) => `(${o} ${x} ${y} ${z})`),
        fc.tuple(fc.constantFrom(...CALLS1), co).map(([f, x]) => `(${f} ${x})`),
        fc.tuple(fc.constantFrom(...CALLS2), co, e).map(([f, x, y]) => `(${f} ${x} ${y})`),
        fc.tuple(e, e, e).map(([t, x, y]) => `(if ${t} ${x} ${y})`),
        fc.tuple(e, e).map(([t, x]) => `(when ${t} ${x})`),
        fc.tuple(fc.constantFrom("and", "or"), e, e, e).map(([o, x, y, z]) => `(${o} ${x} ${y} ${z})`),
        fc.tuple(e, e, e).map(([x, y, z]) => `(cond ${x} ${y} :else ${z})`),
        fc.tuple(e, e, e, e).map(([x, y, z, w]) => `(case ${x} 1 ${y} "s" ${z} :k ${w} nil)`),
        fc.tuple(e, e).map(([x, y]) => `(case ${x} (1 2) ${y})`),
        fc.tuple(name, e, name, e, e).map(([n1, x, n2, y, body]) => `(let [${n1} ${x} ${n2} ${y}] ${body})`),
        fc.tuple(name, name, co, e).map(([n1, n2, x, body]) => `(let [[${n1} & ${n2}] ${x}] ${body})`),
        fc.tuple(e, e, e).map(([x, d, body]) => `(let [{:keys [k c] :or {c ${d}} :as m} ${x}] ${body})`),
        fc.tuple(co, e).map(([x, body]) => `(let [[a [b c]] ${x}] ${body})`),
        fc
          .tuple(fc.integer({ min: 0, max: 6 }), n, n)
          .map(([n, init, step]) => `(loop [i 0 acc ${init}] (if (< i ${n}) (recur (inc i) ${step}) acc))`),
        fc.tuple(co, n).map(([init, body]) => `(loop [[a & xs] (take 5 ${init}) acc 0] (if a (recur xs ${body}) acc))`),
        fc.tuple(name, e, e).map(([p, body, arg]) => `((fn [${p}] ${body}) ${arg})`),
        fc
          .tuple(e, e, e)
          .map(
            ([body, x, y]) =>
              `(let [f (fn ([a] ${body}) ([a b] (+ a b)) ([a b & xs] xs))] [(f ${x}) (f ${x} ${y}) (f 1 2 ${y})])`,
          ),
        fc.tuple(e, n).map(([body, arg]) => `(let [f (fn g [i] (if (> i 3) ${body} (g (inc i))))] (f ${arg}))`),
        fc.tuple(e, co).map(([body, coll]) => `(mapv (fn [a] ${body}) (take 5 ${coll}))`),
        fc.tuple(n, n, co).map(([body, init, coll]) => `(reduce (fn [acc a] ${body}) ${init} (take 5 ${coll}))`),
        fc.tuple(e, co).map(([body, coll]) => `(filterv (fn [a] ${body}) (take 5 ${coll}))`),
        fc.tuple(e, co).map(([body, coll]) => `(map #(vector % ${body}) (take 5 ${coll}))`),
        fc.tuple(co, e, e).map(([coll, t, body]) => `(vec (for [a (take 5 ${coll}) :when ${t}] ${body}))`),
        fc
          .tuple(co, co, e)
          .map(([c1, c2, body]) => `(for [a (take 3 ${c1}) b (take 3 ${c2}) :let [c (str a b)]] ${body})`),
        fc.tuple(co, e).map(([coll, body]) => `(take 3 (for [a ${coll} :while ${body}] a))`),
        fc.tuple(co, e).map(([coll, body]) => `(doseq [a (take 4 ${coll})] (println ${body}))`),
        fc.tuple(e, e).map(([x, d]) => `(:k ${x} ${d})`),
        e.map((x) => `(:s ${x})`),
        fc.tuple(e, e).map(([x, y]) => `[${x} ${y}]`),
        fc.tuple(e, e).map(([x, y]) => `{:k ${x} :s ${y}}`),
        fc.tuple(e, e).map(([x, y]) => `{${x} ${y}}`),
        fc.tuple(e, e).map(([x, y]) => `#{${x} ${y}}`),
        fc.tuple(e, co).map(([x, y]) => `(first (lazy-seq (cons ${x} ${y})))`),
        fc.tuple(e, e).map(([x, y]) => `(do (def v ${x}) (str v ${y}))`),
        fc.tuple(e, e).map(([t, x]) => `(if ${t} (return ${x}) 0)`),
        fc.tuple(e, e).map(([t, x]) => `(when ${t} (fail ${x}))`),
        fc.tuple(e, e).map(([x, y]) => `(do (println ${x}) ${y})`),
        e.map((x) => `(#(inc %) ${x})`),
        e.map((x) => `(let [v [${x}]] (v 0))`),
        e.map((x) => `((fn [& xs] (count xs)) ${x} ${x})`),
      ),
    };
  })
  .expr.map(wrap);
