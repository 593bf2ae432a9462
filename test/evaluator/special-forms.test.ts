import { describe, expect, it } from "vitest";
import { SPECIAL_FORMS } from "../../src/analyzer/forms/index.js";
import { failure, printed, run } from "../helpers.js";

/** Program → expected pr-str of its value. */
const CASES: [string, string][] = [
  // literals and values
  ["(+ 1 2)", "3"],
  ["(* 1.0 2)", "2.0"],
  ["(/ 10 4)", "2.5"],
  ["(/ 10 2)", "5"],
  ["{:a 1 :b [1 2 3]}", "{:a 1, :b [1 2 3]}"],
  ["#{1 2}", "#{1 2}"],
  ['"s"', '"s"'],
  ["nil", "nil"],
  ["##Inf", "##Inf"],
  ["##-Inf", "##-Inf"],
  ["##NaN", "##NaN"],
  ["\\a", "\\a"],
  ["\\newline", "\\newline"],
  ["1e3", "1000.0"],
  ["-0.0", "-0.0"],
  ["0x1F", "31"],
  ["1/2", "0.5"],
  ['"multi\nline"', '"multi\\nline"'],
  ["[]", "[]"],
  ["{}", "{}"],
  ["()", "()"],
  ["#{}", "#{}"],
  ["", "nil"],
  ["1 2 3", "3"],
  // quote and var
  ["'(a b 1)", "(a b 1)"],
  ["'x", "x"],
  ["(quote [a {b c}])", "[a {b c}]"],
  ["(def x 1) #'x", "#'x"],
  // if / when / and / or
  ["(if true 1 2)", "1"],
  ["(if nil 1 2)", "2"],
  ["(if false 1)", "nil"],
  ["(if 0 :truthy :falsy)", ":truthy"],
  ['(if "" :truthy :falsy)', ":truthy"],
  ["(if-not false :a :b)", ":a"],
  ["(when (pos? 1) :a :b)", ":b"],
  ["(when false :a)", "nil"],
  ["(when-not false :a)", ":a"],
  ["(and)", "true"],
  ["(and 1 2)", "2"],
  ["(and 1 nil 2)", "nil"],
  ["(and 1 false)", "false"],
  ["(or)", "nil"],
  ["(or nil false)", "false"],
  ["(or nil 2 3)", "2"],
  ["(do)", "nil"],
  ["(do 1 2)", "2"],
  // let and destructuring
  ["(let [a 1 b (+ a 1)] [a b])", "[1 2]"],
  ["(let [a 1] (let [a 2] a))", "2"],
  ["(let [[a b] [1 2 3]] [a b])", "[1 2]"],
  ["(let [[a b c] [1]] [a b c])", "[1 nil nil]"],
  ["(let [[a & r] [1 2 3]] r)", "(2 3)"],
  ["(let [[a & r] [1]] r)", "nil"],
  ["(let [[a :as all] [1 2]] all)", "[1 2]"],
  ["(let [[[a b] c] [[1 2] 3]] [a b c])", "[1 2 3]"],
  ["(let [[a b] nil] [a b])", "[nil nil]"],
  ['(let [[a b] "hi"] [a b])', "[\\h \\i]"],
  ["(let [[a b] '(1 2)] (+ a b))", "3"],
  ["(let [{:keys [a b]} {:a 1 :b 2}] (+ a b))", "3"],
  ["(let [{:keys [a b] :or {b 10}} {:a 1}] [a b])", "[1 10]"],
  ["(let [{:keys [a] :or {a 10}} {:a nil}] a)", "nil"],
  ['(let [{:strs [a]} {"a" 5}] a)', "5"],
  ["(let [{:syms [a]} {'a 7}] a)", "7"],
  ["(let [{x :x y :y} {:x 1 :y 2}] [x y])", "[1 2]"],
  ["(let [{[a b] :pos} {:pos [3 4]}] (+ a b))", "7"],
  ["(let [{:keys [a] :as m} {:a 1 :b 2}] [a (count m)])", "[1 2]"],
  ["(let [{:keys [a]} nil] a)", "nil"],
  ['(let [{:keys [id]} {"id" 9}] id)', "9"],
  ["(let [{:keys [:a]} {:a 1}] a)", "1"],
  ['(let [{:person/keys [name]} {:person/name "Ann"}] name)', '"Ann"'],
  ["(let [[{:keys [a]} {:keys [b]}] [{:a 1} {:b 2}]] [a b])", "[1 2]"],
  ["(let [_ 1 _ 2] _)", "2"],
  // if-let family
  ["(if-let [x 5] (* x 2) :none)", "10"],
  ["(if-let [x nil] x :none)", ":none"],
  ["(if-let [x false] x :none)", ":none"],
  ["(if-let [[a b] [1 2]] (+ a b) :none)", "3"],
  ["(when-let [x 3] (inc x))", "4"],
  ["(when-let [x nil] (inc x))", "nil"],
  ["(if-some [x false] [:got x] :none)", "[:got false]"],
  ["(if-some [x nil] x :none)", ":none"],
  ["(when-some [x 0] (inc x))", "1"],
  // cond, condp, case
  ["(cond)", "nil"],
  ["(cond false 1 nil 2)", "nil"],
  ["(cond (< 5 0) :neg (= 5 0) :zero :else :pos)", ":pos"],
  ["(cond true 1 :else 2)", "1"],
  ["(condp = 2 1 :one 2 :two :many)", ":two"],
  ["(condp = 9 1 :one :many)", ":many"],
  ["(condp some [1 2 3] #{0 6} :>> inc #{3 4} :>> dec)", "2"],
  ["(case 2 1 :a 2 :b :c)", ":b"],
  ["(case 5 1 :a :default)", ":default"],
  ['(case "x" "x" 1 "y" 2)', "1"],
  ["(case :k :j 1 (:k :l) 2)", "2"],
  ["(case nil nil :nil :other)", ":nil"],
  ["(case [1 2] [1 2] :vec :other)", ":vec"],
  ["(case 1 1.0 :float :other)", ":other"],
  ["(case 'x x :sym :other)", ":sym"],
  // fn, defn, closures
  ["((fn [x] (* x x)) 4)", "16"],
  ["((fn [& xs] xs))", "nil"],
  ["((fn [& xs] xs) 1 2)", "(1 2)"],
  ["((fn [a & [b c]] [a b c]) 1 2)", "[1 2 nil]"],
  ["((fn [{:keys [a]}] a) {:a 3})", "3"],
  ["((fn ([x] [:one x]) ([x y] [:two x y])) 1 2)", "[:two 1 2]"],
  ["((fn ([x] [:one x]) ([x & more] [:many x more])) 1 2 3)", "[:many 1 (2 3)]"],
  ["((fn fact [n] (if (zero? n) 1 (* n (fact (dec n))))) 5)", "120"],
  ["(let [x 10 f (fn [y] (+ x y))] (f 5))", "15"],
  ["(let [adders (map (fn [i] (fn [x] (+ i x))) [1 2 3])] (map #(% 10) adders))", "(11 12 13)"],
  ["(let [a 1] (let [f (fn [] (let [g (fn [] a)] (g)))] (f)))", "1"],
  ["(defn sq [x] (* x x)) (sq 7)", "49"],
  ['(defn sq "squares" [x] (* x x)) (sq 3)', "9"],
  ["(defn f ([] (f 1)) ([x] (* 10 x))) (f)", "10"],
  ["(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 15)", "610"],
  ["(defn- half [x] (/ x 2)) (half 9)", "4.5"],
  ["(#(+ % %2) 1 2)", "3"],
  ["(#(* 2 %) 21)", "42"],
  ["(#(apply + %&) 1 2 3)", "6"],
  ["(#(vector %1 %3) 1 2 3)", "[1 3]"],
  ["(map #(* % %) [1 2 3])", "(1 4 9)"],
  ["(#(identity 5))", "5"],
  // def
  ["(def x 1)", "#'x"],
  ["(def x 1) (def y (inc x)) y", "2"],
  ['(def x "doc" 5) x', "5"],
  ["(def x 1) (def x (+ x 1)) x", "2"],
  ["(defonce n 1) (defonce n 2) n", "1"],
  ["(declare g) (defn f [x] (g x)) (defn g [x] (* 2 x)) (f 4)", "8"],
  ["(defn f [] (def inner 5)) (f) inner", "5"],
  // loop / recur / dotimes
  ["(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc i)) acc))", "[0 1 2]"],
  ["(loop [[x & xs] [1 2 3] sum 0] (if x (recur xs (+ sum x)) sum))", "6"],
  ["(loop [x 5] (when (pos? x) (recur (dec x))))", "nil"],
  ["(loop [a 1 b 2] (if (< a 10) (recur b (+ a b)) [a b]))", "[13 21]"],
  ["((fn [n acc] (if (zero? n) acc (recur (dec n) (* acc n)))) 5 1)", "120"],
  ["((fn [x & more] (if (seq more) (recur (first more) (next more)) x)) 1 2 3)", "3"],
  ["(loop [i 0] (cond (= i 3) :done :else (recur (inc i))))", ":done"],
  ["(loop [i 0] (let [j (inc i)] (if (< j 5) (recur j) j)))", "5"],
  ["(loop [i 0] (case i 3 :three (recur (inc i))))", ":three"],
  ["(loop [i 0] (and (< i 3) (recur (inc i))))", "false"],
  ["(dotimes [i 3] i)", "nil"],
  // for and doseq
  ["(for [x [1 2 3]] (* x 2))", "(2 4 6)"],
  ["(for [x [1 2] y [:a :b]] [x y])", "([1 :a] [1 :b] [2 :a] [2 :b])"],
  ["(for [x (range 10) :when (odd? x)] x)", "(1 3 5 7 9)"],
  ["(for [x (range 10) :while (< x 3)] x)", "(0 1 2)"],
  ["(for [x [1 2 3] :let [y (* x x)]] y)", "(1 4 9)"],
  ["(for [[k v] {:a 1 :b 2}] [v k])", "([1 :a] [2 :b])"],
  ["(for [x [1 2 3] y (range x)] [x y])", "([1 0] [2 0] [2 1] [3 0] [3 1] [3 2])"],
  ["(for [x [1 2 3] y [10 20] :while (< y 20)] (+ x y))", "(11 12 13)"],
  ["(for [x [] y [1 2]] [x y])", "()"],
  ["(take 3 (for [x (range)] (* x x)))", "(0 1 4)"],
  ["(first (for [x (range) :when (> (* x x) 50)] x))", "8"],
  ["(count (for [x (range 100) y (range 100)] 1))", "10000"],
  ["(let [fs (for [i [1 2 3]] (fn [] i))] (map #(%) fs))", "(1 2 3)"],
  ["(doseq [x [1 2 3]] x)", "nil"],
  // threading
  ["(-> 1 inc (* 10))", "20"],
  ["(-> {:a 1} (assoc :b 2) (dissoc :a))", "{:b 2}"],
  ["(->> [1 2 3 4] (filter even?) (map inc))", "(3 5)"],
  ["(-> {:a {:b 5}} :a :b)", "5"],
  ["(as-> 5 n (* n 2) (- 100 n))", "90"],
  ["(some-> {:a {:b 5}} :a :b inc)", "6"],
  ["(some-> {:a 1} :b inc)", "nil"],
  ["(some->> {:a 1} :b (* 2))", "nil"],
  ["(cond-> 1 true inc false (* 10) true (* 2))", "4"],
  ["(cond->> [1 2 3] true (map inc) false (filter odd?))", "(2 3 4)"],
  // lazy-seq, comment
  ["(take 3 ((fn nat [n] (lazy-seq (cons n (nat (inc n))))) 0))", "(0 1 2)"],
  ["(lazy-seq nil)", "()"],
  ["(comment (boom))", "nil"],
  // return
  ["(do (return 42) :never)", "42"],
  ["(def x 1) (return x) (def x 2)", "1"],
  ["(loop [i 0] (when (= i 3) (return i)) (recur (inc i)))", "3"],
];

describe("special forms evaluate as in Clojure", () => {
  it.each(CASES)("%s → %s", (source, expected) => {
    expect(printed(source)).toBe(expected);
  });
});

describe("every special form's documented example evaluates to what it says", () => {
  const forms = [...SPECIAL_FORMS.values()];
  it.each(forms.map((f) => [f.name, f.example.code, f.example.result]))("%s: %s", (_name, code, result) => {
    if (result.startsWith("error: ")) {
      expect(failure(code).kind).toBe(result.slice("error: ".length));
    } else {
      expect(printed(code)).toBe(result);
    }
  });
  it("covers every special form with a doc and syntax", () => {
    for (const f of forms) {
      expect(f.doc.length, f.name).toBeGreaterThan(10);
      expect(f.syntax, f.name).toMatch(/^\(/);
    }
  });
});

describe("return and fail", () => {
  it("(return v) marks the result as returned", () => {
    const r = run("(return {:a 1})");
    expect(r.ok && r.returned).toBe(true);
  });
  it("a plain last value is not returned", () => {
    const r = run("{:a 1}");
    expect(r.ok && r.returned).toBe(false);
  });
  it("(fail reason) fails with kind fail and keeps the reason", () => {
    const r = run('(fail {:reason :not-found :message "x"})');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe("fail");
      expect(r.error.message).toBe('the program failed: {:reason :not-found, :message "x"}');
      expect(r.error.span?.line).toBe(1);
    }
  });
});

describe("special form descriptors", () => {
  it("each syntax line starts with the form's own name", () => {
    for (const f of SPECIAL_FORMS.values())
      expect(f.syntax.startsWith(`(${f.name} `) || f.syntax.startsWith(`(${f.name})`), f.name).toBe(true);
  });
});
