/**
 * Conformance cases for PTC-Lisp's special forms, checked against nbb (ClojureScript).
 *
 * Each case is a program; by default ptcc and nbb must print the same value (compared in
 * canonical form, see oracle.ts) and the same println/prn lines, or both fail.
 *
 * - `differs`: ptcc deliberately differs from Clojure, or nbb differs from JVM Clojure (JS
 *   numbers, characters as strings, set order, lax arity and nil arithmetic). The test then
 *   checks ptcc alone: its pr-str must equal `expected` (and its output `expectedOutput`, if
 *   given), or it must fail with `expectError`.
 * - `bug`: ptcc looks wrong; the test is skipped until it is fixed.
 * - `ptccError`: for cases that fail in both, the error kind ptcc must report.
 * - `ignoreOutput`: printed output is not compared (ptcc keeps `print`/`pr` output line by
 *   line; nbb prints characters as strings).
 */
import { CaseTable, type ConformanceCase } from "./case.js";

export type { ConformanceCase };

const TABLE = new CaseTable();
const CASES_ = TABLE.cases;
const group = TABLE.group.bind(TABLE);

const JS_NUMBERS = "nbb numbers are JS doubles: no int/float distinction";
const LAX_ARITY = "nbb fns do not check their arity";
const NIL_ARITH = "nbb (JS) arithmetic accepts nil and strings";
const CHAR_OUT = "nbb prints characters as one-character strings";
const SCI_LAX = "nbb (SCI) does not check this macro or special form's shape; JVM Clojure rejects it";
const CHUNKED = "ClojureScript does not chunk seqs over small vectors; JVM Clojure (and ptcc) realize 32 at a time";

// ---------------------------------------------------------------------------------------
// let and destructuring

group("let", [
  ["basic", "(let [a 1 b 2] (+ a b))"],
  ["later bindings see earlier ones", "(let [a 1 b (inc a) c (* b 10)] [a b c])"],
  ["rebinding the same name", "(let [a 1 a (+ a 10) a (* a 2)] a)"],
  ["inner let shadows, outer unchanged", "(let [x 1] [(let [x 2] x) x])"],
  ["empty bindings", "(let [] 5)"],
  ["empty body is nil", "(let [a 1])"],
  ["body forms run in order, last is the value", '(let [a 1] (println "first") (println "second") (* a 10))'],
  ["binding to nil and false", "(let [a nil b false] [a b (nil? a) (false? b)])"],
  ["closure over a let binding", "(let [n 10 f (fn [x] (+ x n))] (f 5))"],
  ["let inside fn body sees params", "((fn [x] (let [y (* x 2)] (+ x y))) 3)"],
  ["vector: positions", "(let [[a b c] [1 2 3]] [c b a])"],
  ["vector: missing positions are nil", "(let [[a b c] [1]] [a b c])"],
  ["vector: extra items ignored", "(let [[a b] [1 2 3 4]] [a b])"],
  ["vector: & rest", "(let [[a & r] [1 2 3]] [a r])"],
  ["vector: & rest is nil when empty", "(let [[a & r] [1]] [a r])"],
  ["vector: & rest of a list", "(let [[a & r] '(1 2 3)] r)"],
  ["vector: :as whole", "(let [[a :as all] [1 2]] [a all])"],
  ["vector: & rest and :as", "(let [[a & r :as all] [1 2 3]] [a r all])"],
  ["vector: nested", "(let [[a [b c] d] [1 [2 3] 4]] [a b c d])"],
  ["vector: deeply nested", "(let [[[[x]]] [[[7]]]] x)"],
  ["vector: destructuring nil", "(let [[a b] nil] [a b])"],
  ["vector: destructuring a string", '(let [[a b] "xy"] [a b])'],
  ["vector: destructuring a lazy seq", "(let [[a b] (map inc [1 2 3])] [a b])"],
  ["vector: destructuring range", "(let [[a _ c] (range 10)] [a c])"],
  ["vector: underscore placeholders", "(let [[_ b _] [1 2 3]] b)"],
  ["vector: & rest destructured as vector", "(let [[a & [b c]] [1 2 3]] [a b c])"],
  ["vector: nested :as", "(let [[a [b :as inner] :as outer] [1 [2 3]]] [a b inner outer])"],
  ["vector: rest of nil nested value", "(let [[a [b & r]] [1 nil]] [a b r])"],
  ["map: :keys", "(let [{:keys [a b]} {:a 1 :b 2}] [a b])"],
  ["map: :keys missing is nil", "(let [{:keys [a z]} {:a 1}] [a z])"],
  ["map: :strs", '(let [{:strs [a b]} {"a" 1 "b" 2}] [a b])'],
  ["map: :syms", "(let [{:syms [a b]} {'a 1 'b 2}] [a b])"],
  ["map: :or default", "(let [{:keys [a b] :or {b 5}} {:a 1}] [a b])"],
  ["map: :or not used when key is present with nil", "(let [{:keys [a] :or {a 5}} {:a nil}] a)"],
  ["map: :or keeps false", "(let [{:keys [a] :or {a 5}} {:a false}] a)"],
  ["map: :or with :strs", '(let [{:strs [s] :or {s "dflt"}} {}] s)'],
  ["map: :or default expression", "(let [d 40 {:keys [a] :or {a (+ d 2)}} {}] a)"],
  ["map: :as", "(let [{:keys [a] :as m} {:a 1 :b 2}] [a m])"],
  ["map: :as with :or keeps the original map", "(let [{:keys [a] :or {a 9} :as m} {:b 2}] [a m])"],
  ["map: renamed keys", "(let [{x :a y :b} {:a 1 :b 2}] [x y])"],
  ["map: renamed key with :or", "(let [{x :a :or {x 9}} {}] x)"],
  ["map: string key renamed", '(let [{x "k"} {"k" 3}] x)'],
  ["map: number key", "(let [{x 1} {1 :one}] x)"],
  ["map: mixed :keys and renamed", "(let [{:keys [a] bb :b} {:a 1 :b 2}] [a bb])"],
  ["map: namespaced :keys", "(let [{:keys [x/a]} {:x/a 1}] a)"],
  ["map: :keys given as keywords", "(let [{:keys [:a]} {:a 4}] a)"],
  ["map: destructuring nil", "(let [{:keys [a] :as m} nil] [a m])"],
  ["map: destructuring nil with :or", "(let [{:keys [a] :or {a 1}} nil] a)"],
  ["map: nested map", "(let [{{c :c} :b} {:b {:c 7}}] c)"],
  ["map: nested :keys", "(let [{{:keys [x y]} :pos} {:pos {:x 1 :y 2}}] (+ x y))"],
  ["map in vector", "(let [[{:keys [a]} {b :b}] [{:a 1} {:b 2}]] [a b])"],
  ["vector in map", "(let [{[x y] :pos} {:pos [3 4]}] (+ x y))"],
  ["vector in map with rest", "(let [{[h & t] :xs} {:xs [1 2 3]}] [h t])"],
  ["map in vector in map", "(let [{[{n :n}] :items} {:items [{:n 5}]}] n)"],
  ["& rest as keyword args", "(let [[& {:keys [a b]}] [:a 1 :b 2]] [a b])"],
  ["destructured binding used by later binding", "(let [[a b] [1 2] c (+ a b)] c)"],
  [
    "map: key absent in a vector value",
    "(let [{:keys [a]} [1 2]] a)",
    {
      note: "map destructuring of a vector looks keys up with get",
    },
  ],
  ["error: odd number of binding forms", "(let [a] a)", { ptccError: "analysis" }],
  ["error: binding a number", "(let [1 2] 1)", { ptccError: "analysis" }],
  ["error: undefined symbol in init", "(let [a b] a)", { ptccError: "undefined" }],
  ["error: binding is local to the let", "(do (let [q 1] q) q)", { ptccError: "undefined" }],
]);

// ---------------------------------------------------------------------------------------
// if, if-not, when, when-not

group("if", [
  ["true branch", "(if true 1 2)"],
  ["false branch", "(if false 1 2)"],
  ["nil is falsey", "(if nil 1 2)"],
  ["zero is truthy", "(if 0 :t :f)"],
  ["empty string is truthy", '(if "" :t :f)'],
  ["empty vector is truthy", "(if [] :t :f)"],
  ["missing else is nil", "(if false 1)"],
  ["seq of empty is falsey", "(if (seq []) :t :f)"],
  ["nested", "(if (> 3 2) (if (< 3 2) :a :b) :c)"],
  ["only the taken branch runs", '(if true (println "yes") (println "no"))'],
  ["test is an expression", "(if (= 2 (count [1 2])) :two :other)"],
  ["int and float are not =", "(if (= 1 1.0) :t :f)", { differs: JS_NUMBERS, expected: ":f" }],
  ["int and float are ==", "(if (== 1 1.0) :t :f)"],
  ["error: no arguments", "(if)", { ptccError: "arity" }],
  ["error: too many arguments", "(if 1 2 3 4)", { ptccError: "arity" }],
]);

group("if-not", [
  ["false test takes then", "(if-not false :then :else)"],
  ["truthy test takes else", "(if-not 1 :then :else)"],
  ["nil test", "(if-not nil :then)"],
  ["missing else is nil", "(if-not true :then)"],
]);

group("when", [
  ["true runs body", "(when true 1 2 3)"],
  ["false is nil", "(when false 1)"],
  ["body forms in order", '(when 1 (println "a") (println "b") :done)'],
  ["empty body", "(when true)"],
  ["nil test skips side effects", '(when nil (println "never") 1)'],
]);

group("when-not", [
  ["false runs body", "(when-not false :x)"],
  ["truthy is nil", "(when-not 0 :x)"],
  ["body forms in order", '(when-not nil (println "a") :b)'],
]);

// ---------------------------------------------------------------------------------------
// cond, case, condp

group("cond", [
  ["empty", "(cond)"],
  ["no match is nil", "(cond false 1 nil 2)"],
  ["first true wins", "(cond (= 1 2) :a (= 1 1) :b :else :c)"],
  [":else", "(cond (> 1 2) :a :else :c)"],
  ["any truthy test", "(cond nil 1 0 2)"],
  ["keyword test other than :else", "(cond false 1 :default 2)"],
  ["later tests not evaluated", '(cond true :a (println "no") :b)'],
  ["in a function", "(defn sign [n] (cond (neg? n) :neg (zero? n) :zero :else :pos)) (mapv sign [-2 0 5])"],
  ["error: odd forms", "(cond true)", { ptccError: "analysis" }],
]);

group("case", [
  ["number", "(case 2 1 :one 2 :two :other)"],
  ["default", "(case 9 1 :one 2 :two :other)"],
  ["keyword", "(case :b :a 1 :b 2 3)"],
  ["string", '(case "hi" "hi" :greeting "bye" :farewell :unknown)'],
  ["nil key", "(case nil nil :nil-key :default)"],
  ["nil does not match default-less false", "(case false nil :nil false :false :d)"],
  ["boolean keys", "[(case true true :t false :f) (case false true :t false :f)]"],
  ["list of keys", "(case 2 (1 2 3) :small (4 5 6) :big :huge)"],
  ["list of keys with mixed types", '(mapv #(case % (1 :a "s") :hit :miss) [1 :a "s" 2])'],
  ["vector as key", "(case [1 2] [1 2] :v :d)"],
  ["vector key matches an equal list", "(case '(1 2) [1 2] :v :d)"],
  ["vector key, no match", "(case [1 3] [1 2] :v :d)"],
  ["symbol keys are literal", "(case 'a a :sym b :other :d)"],
  ["char key", "(case \\a \\a 1 \\b 2 3)"],
  ["map as key", "(case {:a 1} {:a 1} :m :d)"],
  ["negative and float numbers", "(mapv #(case % -1 :neg 2.5 :frac :d) [-1 2.5 3])"],
  ["float does not match int key", "(case 1.0 1 :int :d)", { differs: JS_NUMBERS, expected: ":d" }],
  ["result expression evaluated", "(case 1 1 (+ 10 20) 0)"],
  ["only the matching branch runs", '(case 1 1 (println "one") 2 (println "two"))'],
  ["test expression evaluated once", '(case (do (println "eval") 2) 1 :a 2 :b :c)'],
  ["many clauses", "(mapv #(case % 0 :zero 1 :one 2 :two 3 :three 4 :four 5 :five :many) (range 7))"],
  ["default only", "(case 5 :only-default)"],
  ["error: no clause matches", "(case 5 1 :a)", { ptccError: "runtime" }],
  ["error: no clause matches a string", '(case "x" "y" 1)', { ptccError: "runtime" }],
  ["error: duplicate key", "(case 1 1 :a 1 :b)", { ptccError: "analysis" }],
]);

group("condp", [
  ["=", "(condp = 2 1 :a 2 :b :d)"],
  ["default", "(condp = 7 1 :a 2 :b :d)"],
  ["< reads (pred test expr)", "(condp < 5 10 :a 3 :b :c)"],
  [":>> passes the test result", "(condp some [1 2 3] #{0 6} :>> inc #{2 5} :>> dec :none)"],
  [":>> default", "(condp some [1 2 3] #{7} :>> inc :none)"],
  ["mixed :>> and plain clauses", "(condp get :k {:x 1} :>> inc {:k 5} :found :no)"],
  ["with a fn predicate", "(condp (fn [a b] (= a (count b))) [1 2 3] 2 :two 3 :three :other)"],
  ["expr evaluated once", '(condp = (do (println "once") 3) 1 :a 2 :b 3 :c)'],
  [
    "string test",
    '(condp clojure.string/starts-with? "hello" "he" :he "x" :x)',
    {
      note: '(pred test expr) is (starts-with? "he" "hello")',
    },
  ],
  ["error: no match and no default", "(condp = 1 2 :a)", { ptccError: "runtime" }],
]);

// ---------------------------------------------------------------------------------------
// if-let, when-let, if-some, when-some

group("if-let", [
  ["truthy binds", "(if-let [x 5] (* x 2) :no)"],
  ["nil takes else", "(if-let [x nil] x :no)"],
  ["false takes else", "(if-let [x false] x :no)"],
  ["missing else is nil", "(if-let [x nil] 1)"],
  ["zero is truthy", "(if-let [x 0] [:yes x] :no)"],
  ["vector destructuring", "(if-let [[a b] [1 2]] (+ a b) :no)"],
  ["destructuring tests the whole value", "(if-let [[a] [nil]] [:yes a] :no)"],
  ["map destructuring", "(if-let [{:keys [a]} {:a 3}] a :no)"],
  ["binding not visible in else", "(let [x :outer] (if-let [x nil] x x))"],
  ["with a seq test", "(if-let [s (seq [])] s :empty)"],
  ["error: two bindings", "(if-let [a 1 b 2] a)", { ptccError: "analysis" }],
]);

group("when-let", [
  ["truthy runs body", "(when-let [x 3] (println x) (inc x))"],
  ["nil is nil", '(when-let [x nil] (println "never") x)'],
  ["false is nil", "(when-let [x false] :never)"],
  ["destructuring", "(when-let [[h & t] (seq [1 2 3])] [h t])"],
  ["empty seq", "(when-let [[h] (seq [])] h)"],
]);

group("if-some", [
  ["false is some", "(if-some [x false] [:some x] :none)"],
  ["nil takes else", "(if-some [x nil] :some :none)"],
  ["zero", "(if-some [x 0] (inc x) :none)"],
  ["missing else", "(if-some [x nil] x)"],
  ["destructuring", "(if-some [[a b] [1 2]] (+ a b) :none)"],
]);

group("when-some", [
  ["false is some", "(when-some [x false] [:some x])"],
  ["nil is nil", "(when-some [x nil] :some)"],
  ["body forms in order", '(when-some [x 1] (println "got" x) (+ x 1))'],
  ["empty collection is some", "(when-some [x []] (count x))"],
]);

// ---------------------------------------------------------------------------------------
// do, def, defonce, declare, comment

group("do", [
  ["last value", "(do 1 2 3)"],
  ["empty is nil", "(do)"],
  ["side effects in order", "(do (println 1) (println 2) :end)"],
  ["nested", "(do (do 1) (do 2 (do 3)))"],
  ["def inside do", "(do (def dx 4) (* dx dx))"],
]);

group("def", [
  ["returns the var", "(def x 1)"],
  ["then used", "(def x 41) (inc x)"],
  ["redefined", "(def x 1) (def x 2) x"],
  ["with docstring", '(def x "the x" 7) x'],
  ["value from expression", "(def xs (mapv inc [1 2 3])) (reduce + xs)"],
  ["used by a later defn", "(def base 100) (defn add-base [n] (+ n base)) (add-base 5)"],
  ["def inside let captures the local", "(let [y 2] (def x (* y 3))) x"],
  ["def of a fn", "(def sq (fn [n] (* n n))) (sq 7)"],
  ["var special form", "(def x 1) (var x)"],
  ["#' reader macro", "(def x 1) #'x"],
  ["redefinition seen by earlier fn", "(def k 1) (defn get-k [] k) (def k 2) (get-k)"],
  ["def of nil", "(def nothing nil) [nothing (nil? nothing)]"],
  ["error: too many arguments", "(def x 1 2 3)", { ptccError: "arity" }],
]);

group("defonce", [
  ["returns a var", "(defonce d 1)"],
  ["does not overwrite", "(defonce d 1) (defonce d 2) d"],
  ["init not evaluated the second time", '(defonce d 1) (defonce d (do (println "again") 2)) d'],
  ["after def", "(def d 5) (defonce d 6) d"],
]);

group("declare", [
  [
    "mutual recursion",
    "(declare odd-len?) (defn even-len? [xs] (if (empty? xs) true (odd-len? (rest xs)))) (defn odd-len? [xs] (if (empty? xs) false (even-len? (rest xs)))) [(even-len? [1 2]) (odd-len? [1 2 3]) (even-len? [1])]",
  ],
  ["forward reference in a fn", "(declare helper) (defn main [] (helper 2)) (defn helper [n] (* n 100)) (main)"],
  ["several names", "(declare a b) (def a 1) (def b 2) (+ a b)"],
]);

group("comment", [
  ["is nil", "(comment (+ 1 2))"],
  ["body not evaluated", '(comment (println "no")) 5'],
  ["may contain undefined symbols", "(comment (frobnicate 1 2)) :ok"],
  ["in a do", "(do (comment x) 5)"],
  ["empty", "(comment)"],
]);

// ---------------------------------------------------------------------------------------
// defn

group("defn", [
  ["returns the var", "(defn f [x] x)"],
  ["simple call", "(defn add [a b] (+ a b)) (add 2 3)"],
  ["docstring", '(defn twice "Doubles n." [n] (* 2 n)) (twice 21)'],
  ["attribute map", "(defn f {:k 1} [x] (inc x)) (f 2)"],
  ["docstring and attribute map", '(defn f "doc" {:k 1} [x] (dec x)) (f 2)'],
  ["no params", "(defn answer [] 42) (answer)"],
  ["empty body is nil", "(defn noop [x]) (noop 1)"],
  ["several body forms", '(defn f [x] (println "called" x) (* x x)) (f 4)'],
  ["& rest", "(defn f [a & more] [a more]) [(f 1) (f 1 2 3)]"],
  ["only & rest", "(defn f [& xs] xs) [(f) (f 1 2)]"],
  ["& rest is a seq", "(defn f [& xs] (seq? xs)) (f 1 2)"],
  ["multi-arity", "(defn f ([] 0) ([a] a) ([a b] (+ a b))) [(f) (f 1) (f 1 2)]"],
  ["multi-arity with variadic", "(defn f ([a] [:one a]) ([a & r] [:many a r])) [(f 1) (f 1 2 3)]"],
  ["multi-arity calling itself", '(defn greet ([] (greet "world")) ([n] (str "hello " n))) (greet)'],
  ["recursion", "(defn fact [n] (if (<= n 1) 1 (* n (fact (dec n))))) (fact 10)"],
  ["recursion on a seq", "(defn my-count [xs] (if (empty? xs) 0 (inc (my-count (rest xs))))) (my-count [1 2 3 4])"],
  ["fib", "(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (mapv fib (range 10))"],
  ["destructuring params", "(defn f [[a b] {:keys [c]}] [a b c]) (f [1 2] {:c 3})"],
  ["destructuring the rest param", "(defn f [a & [b c]] [a b c]) (f 1 2)"],
  ["keyword args via rest map", "(defn f [& {:keys [x y] :or {y 10}}] [x y]) (f :x 1)"],
  ["closes over a def", "(def factor 3) (defn scale [n] (* factor n)) (scale 5)"],
  ["returns a closure", "(defn adder [n] (fn [x] (+ x n))) ((adder 10) 5)"],
  ["used with map", "(defn sq [x] (* x x)) (map sq [1 2 3])"],
  ["defn-", "(defn- hidden [x] (* x 3)) (hidden 3)"],
  ["error: wrong arity", "(defn f [a] a) (f 1 2)", { differs: LAX_ARITY, expectError: "arity" }],
  ["error: no matching arity", "(defn f ([a] a) ([a b c] a)) (f 1 2)", { ptccError: "arity" }],
  ["error: missing params", "(defn f)", { ptccError: "arity" }],
  ["error: too few args for variadic", "(defn f [a b & r] r) (f 1)", { differs: LAX_ARITY, expectError: "arity" }],
]);

// ---------------------------------------------------------------------------------------
// fn and #()

group("fn", [
  ["immediate call", "((fn [x] (* x x)) 5)"],
  ["no params", "((fn [] :called))"],
  ["empty body", "((fn [x]) 1)"],
  ["named self-recursion", "((fn fact [n] (if (zero? n) 1 (* n (fact (dec n))))) 5)"],
  ["closure over params", "(let [make (fn [n] (fn [x] (* n x))) triple (make 3)] (triple 7))"],
  ["closure over let binding", "(let [k 5] ((fn [] k)))"],
  ["closures capture values per call", "(let [fs (mapv (fn [i] (fn [] (* i i))) [1 2 3])] (mapv (fn [f] (f)) fs))"],
  ["multi-arity", "(let [f (fn ([] 0) ([x] x) ([x y] (* x y)))] [(f) (f 4) (f 4 5)])"],
  ["variadic", "((fn [& xs] (apply + xs)) 1 2 3 4)"],
  ["variadic with no extra args", "((fn [& xs] xs))"],
  ["variadic with fixed params", "((fn [a b & r] [a b r]) 1 2 3 4)"],
  ["destructuring params", "((fn [[a b] {:keys [c]}] [a b c]) [1 2] {:c 3})"],
  ["nested map destructuring param", "((fn [{{n :n} :inner}] n) {:inner {:n 9}})"],
  ["higher order", "(let [compose (fn [f g] (fn [x] (f (g x))))] ((compose inc #(* 2 %)) 5))"],
  ["fn as argument", "(reduce (fn [acc x] (+ acc (* x x))) 0 [1 2 3])"],
  ["fn? on fn", "(fn? (fn [] 1))"],
  [
    "named fn multi-arity recursion",
    "((fn sum ([xs] (sum 0 xs)) ([acc xs] (if (empty? xs) acc (sum (+ acc (first xs)) (rest xs))))) [1 2 3])",
  ],
  ["fn returned from fn", "(((fn [] (fn [] 42))))"],
  ["apply with fn", "(apply (fn [a b c] (+ a b c)) [1 2 3])"],
  ["params shadow outer bindings", "(let [x 100] ((fn [x] (inc x)) 1))"],
  ["error: too many args", "((fn [a] a) 1 2)", { differs: LAX_ARITY, expectError: "arity" }],
  ["error: too few args", "((fn [a b] a) 1)", { differs: LAX_ARITY, expectError: "arity" }],
  ["error: calling a number", "(1 2)", { ptccError: "analysis" }],
  ["error: missing params", "(fn)", { ptccError: "arity" }],
]);

group("#()", [
  ["%", "(map #(* % %) [1 2 3])"],
  ["%1 %2", "(#(- %1 %2) 10 3)"],
  ["% and %1 are the same", "(#(+ % %1) 4)"],
  ["%&", "(#(apply + %&) 1 2 3)"],
  ["% with %&", "(#(vector % %&) 1 2 3)"],
  ["%& empty", "(#(vector %1 %&) 1)"],
  ["only %2 used still takes 2 args", "(#(str %2) 1 2)"],
  ["%3 skipping %2", "(#(vector %1 %3) 1 2 3)"],
  ["no args", "(#(+ 1 2))"],
  ["literal vector body via vector", "(mapv #(vector % (* 10 %)) [1 2])"],
  ["with threading", "(map #(-> % inc (* 2)) [1 2 3])"],
  ["in filter", "(filter #(even? %) (range 10))"],
  ["keyword call inside", "(map #(:a %) [{:a 1} {:a 2}])"],
  ["in sort-by", "(sort-by #(- %) [3 1 2])"],
  ["closure over let", "(let [n 3] (map #(+ n %) [1 2]))"],
  ["error: too many args", "(#(inc %) 1 2)", { differs: LAX_ARITY, expectError: "arity" }],
]);

// ---------------------------------------------------------------------------------------
// loop / recur

group("loop", [
  ["sum", "(loop [i 0 acc 0] (if (< i 10) (recur (inc i) (+ acc i)) acc))"],
  ["builds a vector", "(loop [i 0 v []] (if (= i 5) v (recur (inc i) (conj v (* i i)))))"],
  ["empty bindings", "(loop [] 5)"],
  ["body forms", "(loop [i 0] (println i) (if (< i 2) (recur (inc i)) :done))"],
  ["bindings see earlier bindings", "(loop [a 1 b (inc a)] [a b])"],
  ["destructuring binding", "(loop [[x & xs] [1 2 3] acc 0] (if x (recur xs (+ acc x)) acc))"],
  [
    "map destructuring binding",
    "(loop [{:keys [n acc]} {:n 3 :acc 1}] (if (zero? n) acc (recur {:n (dec n) :acc (* acc 2)})))",
  ],
  [
    "recur in cond",
    "(loop [n 10 steps 0] (cond (= n 1) steps (even? n) (recur (quot n 2) (inc steps)) :else (recur (inc (* 3 n)) (inc steps))))",
  ],
  ["recur in case", "(loop [s :a n 0] (case s :a (recur :b (inc n)) :b (recur :c (inc n)) :c n))"],
  ["recur in let", "(loop [i 0] (let [j (inc i)] (if (< j 5) (recur j) j)))"],
  ["recur in when", "(loop [i 0 acc []] (if (= i 3) acc (when true (recur (inc i) (conj acc i)))))"],
  ["recur in if-let", "(loop [xs [1 2 3] acc 0] (if-let [x (first xs)] (recur (rest xs) (+ acc x)) acc))"],
  ["recur in do", "(loop [i 0] (do (if (< i 3) (recur (inc i)) i)))"],
  ["many iterations", "(loop [i 0 acc 0] (if (< i 100000) (recur (inc i) (+ acc i)) acc))"],
  [
    "nested loops",
    "(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc (loop [j 0 s 0] (if (<= j i) (recur (inc j) (+ s j)) s)))) acc))",
  ],
  ["loop shadows outer let", "(let [i 100] (loop [i 0] (if (< i 3) (recur (inc i)) i)))"],
  [
    "loop inside fn captures param",
    "(defn count-up [n] (loop [i 0 acc []] (if (< i n) (recur (inc i) (conj acc i)) acc))) (count-up 4)",
  ],
  ["error: recur not in tail position", "(loop [x 1] (+ (recur 2) 1))", { differs: SCI_LAX, expectError: "analysis" }],
  ["error: recur arity", "(loop [x 1] (recur))", { ptccError: "arity" }],
  ["error: recur outside loop", "(recur 1)", { ptccError: "analysis" }],
  ["error: odd bindings", "(loop [x] x)", { ptccError: "analysis" }],
]);

group("recur in fn", [
  ["defn tail recursion", "(defn f [n acc] (if (zero? n) acc (recur (dec n) (* acc n)))) (f 5 1)"],
  ["fn tail recursion", "((fn [n acc] (if (zero? n) acc (recur (dec n) (+ acc n)))) 100 0)"],
  ["deep recursion with recur", "(defn count-down [n] (if (zero? n) :done (recur (dec n)))) (count-down 50000)"],
  ["variadic fn recur passes the rest as a seq", "((fn [x & xs] (if (seq xs) (recur (first xs) (next xs)) x)) 1 2 3)"],
  ["recur in #()", "(#(if (< % 10) (recur (inc %)) %) 0)"],
  ["recur in multi-arity fn", "(defn f ([n] (f n 0)) ([n acc] (if (zero? n) acc (recur (dec n) (+ acc 2))))) (f 5)"],
  ["recur with destructured param", "(defn f [[x & xs] acc] (if x (recur xs (conj acc (* 2 x))) acc)) (f [1 2 3] [])"],
  [
    "error: recur in non-tail position in fn",
    "(fn [x] (inc (recur x)))",
    { differs: SCI_LAX, expectError: "analysis" },
  ],
  ["error: recur arity in fn", "(fn [a b] (recur 1))", { ptccError: "arity" }],
]);

// ---------------------------------------------------------------------------------------
// for, doseq, dotimes

group("for", [
  ["simple", "(for [x [1 2 3]] (* x 10))"],
  ["empty input", "(for [x []] x)"],
  ["nil input", "(for [x nil] x)"],
  ["two bindings", "(for [x [1 2] y [:a :b]] [x y])"],
  ["three bindings", "(for [x [1 2] y [3 4] z [5 6]] (+ x y z))"],
  ["inner binding uses outer", "(for [x (range 4) y (range x)] [x y])"],
  ["empty inner collection", "(for [x [1 2] y []] [x y])"],
  [":when", "(for [x (range 10) :when (odd? x)] x)"],
  [":let", "(for [x [1 2 3] :let [y (* x x)]] [x y])"],
  [":let then :when", "(for [x (range 6) :let [sq (* x x)] :when (even? sq)] sq)"],
  [":while", "(for [x [1 2 3 4 1] :while (< x 3)] x)"],
  [":when then :while", "(for [x (range 10) :when (odd? x) :while (< x 6)] x)"],
  [":while on inner binding", "(for [x [1 2 3] y [x (* 10 x)] :while (< y 20)] [x y])"],
  [":when on outer binding", "(for [x (range 4) :when (even? x) y [:a :b]] [x y])"],
  ["multiple :let destructuring", "(for [x [1 2] :let [[a b] [x (inc x)] c (+ a b)]] c)"],
  ["vector destructuring", "(for [[a b] [[1 2] [3 4]]] (+ a b))"],
  ["map entry destructuring", "(for [[k v] {:a 1 :b 2}] [v k])"],
  ["map destructuring", "(for [{:keys [n]} [{:n 1} {:n 2}]] n)"],
  ["nested destructuring", "(for [{[a b] :pair} [{:pair [1 2]} {:pair [3 4]}]] (* a b))"],
  ["infinite range with :while", "(for [x (range) :while (< x 5)] x)"],
  ["infinite range with take", "(take 5 (for [x (range) :when (zero? (mod x 3))] x))"],
  ["infinite inner range with take", "(take 4 (for [x [1 2] y (range)] [x y]))"],
  ["over a string", '(for [c "abc"] (str c c))'],
  ["result is a seq", "(seq? (for [x [1]] x))"],
  ["nested for", "(for [row [[1 2] [3 4]]] (for [x row] (* 2 x)))"],
  ["into a vector", "(into [] (for [x (range 3)] x))"],
  ["error: odd binding vector", "(for [x [1 2] :while] x)", { ptccError: "analysis" }],
]);

group("doseq", [
  ["returns nil", "(doseq [x [1 2 3]] x)"],
  ["prints each", "(doseq [x [1 2 3]] (println x))"],
  ["two bindings", "(doseq [x [1 2] y [:a :b]] (println x y))"],
  [":when", "(doseq [x (range 6) :when (even? x)] (println x))"],
  [":let", "(doseq [x [1 2] :let [y (* 10 x)]] (println y))"],
  [":while", "(doseq [x (range 10) :while (< x 3)] (println x))"],
  ["destructuring", "(doseq [[k v] {:a 1 :b 2}] (println k v))"],
  ["over nil", "(doseq [x nil] (println x))"],
  ["several body forms", "(doseq [x [1 2]] (println :a x) (println :b x))"],
  ["infinite range with :while", "(doseq [x (range) :while (< x 3)] (prn x))"],
]);

group("dotimes", [
  ["returns nil", "(dotimes [i 3] i)"],
  ["prints indexes", "(dotimes [i 3] (println i))"],
  ["zero times", "(dotimes [i 0] (println i))"],
  ["negative count", "(dotimes [i -2] (println i))"],
  [
    "body forms",
    '(dotimes [i 2] (print "x") (println i))',
    {
      ignoreOutput: "ptcc keeps each print call as its own output line",
    },
  ],
]);

// ---------------------------------------------------------------------------------------
// threading

group("->", [
  ["symbols", "(-> 5 inc inc)"],
  ["forms", "(-> 5 (- 2) (* 10))"],
  ["just the value", "(-> 1)"],
  ["keyword as fn", "(-> {:a {:b 7}} :a :b)"],
  ["collections", "(-> [1 2] (conj 3) count)"],
  ["assoc chain", "(-> {} (assoc :a 1) (assoc :b 2) (dissoc :a))"],
  ["update", "(-> {:n 1} (update :n inc) (update :n * 10))"],
  ["with #()", "(-> 3 (#(* % %)))"],
  ["nested threading", "(-> 2 (+ (-> 3 inc)) str)"],
]);

group("->>", [
  ["sequence pipeline", "(->> (range 10) (filter even?) (map inc))"],
  ["reduce at end", "(->> [1 2 3] (map #(* % %)) (reduce +))"],
  ["symbol step", "(->> [3 1 2] sort vec)"],
  ["just the value", "(->> 1)"],
  ["last position", "(->> 10 (- 3))"],
  ["with str", '(->> ["a" "b"] (clojure.string/join "-") clojure.string/upper-case)'],
]);

group("as->", [
  ["arbitrary positions", "(as-> 1 x (+ x 1) (* x 10) (- 100 x))"],
  ["just the value", "(as-> 5 x)"],
  ["collections", "(as-> [1 2 3] v (conj v 4) (map inc v) (reduce + v))"],
  ["inside ->", "(-> 3 (as-> n (* n n) (+ n 1)))"],
]);

group("some->", [
  ["threads non-nil values", "(some-> {:a {:b 2}} :a :b inc)"],
  ["stops at nil", "(some-> {:a 1} :missing inc)"],
  ["nil start", "(some-> nil inc)"],
  ["false is not nil", "(some-> false not)"],
  ["later steps not evaluated", '(some-> nil (println "never"))'],
]);

group("some->>", [
  ["threads last", "(some->> [1 2 3] (map inc) (reduce +))"],
  ["stops at nil", "(some->> {:a 1} :b (map inc))"],
  ["seq of empty stops", "(some->> [] seq (map inc))"],
]);

group("cond->", [
  ["all true", "(cond-> 1 true inc true (* 10))"],
  ["some false", "(cond-> 1 false inc true (* 10) nil (- 1000))"],
  ["none true", "(cond-> 5 false inc)"],
  ["no clauses", "(cond-> 5)"],
  ["tests use outer bindings not the threaded value", "(let [x 3] (cond-> x (odd? x) (* 2) (odd? x) (+ 1)))"],
  ["building a map", "(let [n 5] (cond-> {} (pos? n) (assoc :pos true) (even? n) (assoc :even true)))"],
]);

group("cond->>", [
  ["threads last", "(cond->> [1 2 3] true (map inc) false (map -) true (reduce +))"],
  ["none true", "(cond->> [1] false (map inc))"],
  ["filter conditionally", "(let [only-even true] (cond->> (range 6) only-even (filter even?)))"],
]);

// ---------------------------------------------------------------------------------------
// and / or

group("and", [
  ["no args is true", "(and)"],
  ["one arg", "(and 5)"],
  ["returns last truthy", "(and 1 2 3)"],
  ["returns first nil", "(and 1 nil 2)"],
  ["returns first false", "(and false nil)"],
  ["short-circuits", '(and false (println "never"))'],
  ["evaluates until falsey", '(and (println "one") (println "two"))'],
  ["empty collections are truthy", '(and [] "" 0)'],
]);

group("or", [
  ["no args is nil", "(or)"],
  ["first truthy", "(or nil false 3 4)"],
  ["all falsey returns last", "(or nil false)"],
  ["all falsey returns last nil", "(or false nil)"],
  ["short-circuits", '(or 1 (println "never"))'],
  ["default idiom", "(let [m {:a nil}] (or (:a m) :default))"],
  ["false value kept when last", "(or nil (= 1 2))"],
  ["mixed with and", "(or (and 1 nil) (and 2 3))"],
]);

// ---------------------------------------------------------------------------------------
// quote

group("quote", [
  ["symbol", "'a"],
  ["quote form", "(quote x)"],
  ["list", "'(1 2 3)"],
  ["empty list", "'()"],
  ["nested", "'(a (b c) [d {:e f}])"],
  ["vector of symbols", "'[a b c]"],
  ["map", "'{a 1 b [c]}"],
  ["set", "'#{x}"],
  ["quoted quote", "''a"],
  ["first of quoted list", "(first '(a b))"],
  ["symbol?", "[(symbol? 'a) (symbol? (first '(a)))]"],
  ["quoted symbols are equal", "(= 'a (quote a))"],
  ["quoted list is a seq", "(seq? '(1 2))"],
  ["quoted numbers and strings are themselves", "['1 '\"s\" ':k 'nil 'true]"],
  ["quoted call is not evaluated", "'(undefined-fn 1 2)"],
  ["quoted list compared to vector", "(= '(1 2) [1 2])"],
  ["count of quoted list", "(count '(a b c))"],
  ["namespaced symbol", "'foo/bar"],
  ["error: no argument", "(quote)", { ptccError: "arity" }],
]);

// ---------------------------------------------------------------------------------------
// lazy-seq

group("lazy-seq", [
  ["infinite generator with take", "(defn from [n] (lazy-seq (cons n (from (inc n))))) (take 5 (from 0))"],
  ["nil body is empty", "(lazy-seq nil)"],
  ["seq of empty lazy-seq", "(seq (lazy-seq []))"],
  ["count", "(count (lazy-seq [1 2 3]))"],
  ["fibonacci", "(defn fibs ([] (fibs 0 1)) ([a b] (lazy-seq (cons a (fibs b (+ a b)))))) (take 10 (fibs))"],
  ["body evaluated only when realized", '(let [s (lazy-seq (println "realized") [1])] (first s))'],
  ["unrealized body never runs", '(do (lazy-seq (println "never") [1]) :done)'],
  [
    "lazy filter by hand",
    "(defn keep-odd [xs] (lazy-seq (when (seq xs) (if (odd? (first xs)) (cons (first xs) (keep-odd (rest xs))) (keep-odd (rest xs)))))) (keep-odd (range 10))",
  ],
  ["seq?", "(seq? (lazy-seq [1]))"],
  ["empty?", "(empty? (lazy-seq nil))"],
]);

// ---------------------------------------------------------------------------------------
// combinations: special forms together with builtins

group("mixed", [
  ["group-by then for", "(let [g (group-by even? (range 6))] (for [k [true false]] (get g k)))"],
  ["frequencies with destructuring", "(let [{a :a b :b} (frequencies [:a :b :a])] [a b])"],
  ["reduce with destructuring fn", "(reduce (fn [acc [k v]] (+ acc (* k v))) 0 {1 2 3 4})"],
  [
    "reduce building a map",
    "(reduce (fn [m x] (update m (if (even? x) :even :odd) (fn [n] (inc (or n 0))))) {} (range 5))",
  ],
  ["get-in with threading", "(-> {:a [{:b 1} {:b 2}]} (get-in [:a 1 :b]) inc)"],
  ["assoc-in update-in", "(-> {} (assoc-in [:a :b] 1) (update-in [:a :b] + 10))"],
  ["merge and select-keys", "(-> {:a 1 :b 2} (merge {:c 3}) (select-keys [:a :c]))"],
  ["keep with when", "(keep #(when (pos? %) (* % 10)) [-1 2 -3 4])"],
  ["mapcat with for", "(mapcat (fn [x] (for [y (range x)] [x y])) [1 2 3])"],
  ["some and every?", "[(some #(when (> % 2) %) [1 2 3 4]) (every? pos? [1 2]) (some even? [1 3])]"],
  ["sort-by with fn", "(sort-by :age [{:age 3 :n :a} {:age 1 :n :b}])"],
  [
    "string ops in let",
    '(let [s "  Hello World  " t (clojure.string/trim s)] [(clojure.string/upper-case t) (clojure.string/split t #" ") (clojure.string/includes? t "World")])',
  ],
  ["str alias", '(str/join "," (map name [:a :b]))'],
  ["subs and count", '(let [s "abcdef"] [(subs s 2) (subs s 1 3) (count s)])'],
  ["into and conj", "[(into [] '(1 2)) (into '() [1 2]) (conj '(1) 2) (conj [1] 2)]"],
  ["distinct reverse", "(->> [3 1 3 2 1] distinct reverse)"],
  ["take-while drop-while", "[(take-while neg? [-2 -1 0 1]) (drop-while neg? [-2 -1 0 1])]"],
  ["keys vals of small map", "(let [m {:a 1 :b 2 :c 3}] [(keys m) (vals m)])"],
  ["contains? and get default", "(let [m {:a nil}] [(contains? m :a) (get m :a :d) (get m :b :d)])"],
  ["nth with default", "[(nth [1 2] 5 :none) (nth [1 2] 1)]"],
  ["apply with prefix args", '(apply str "a" "b" ["c" "d"])'],
  ["concat of lazy and vector", "(concat (map inc [1 2]) [10] nil '(20))"],
  ["cons onto lazy", "(cons 0 (map inc [0 1]))"],
  ["empty? of various", '(mapv empty? [[] \'() {} #{} "" nil [1]])'],
  ["compare", '[(compare 1 2) (compare "b" "a") (compare :a :a)]'],
  ["quot rem mod", "[(quot -7 2) (rem -7 2) (mod -7 2) (mod 7 -2)]"],
  ["max min abs", "[(max 1 5 3) (min 4 2 8) (abs -3)]"],
  [
    "predicates",
    '[(nil? nil) (some? false) (true? true) (false? nil) (boolean? false) (number? 1) (string? "s") (keyword? :k) (map? {}) (vector? []) (set? #{}) (seq? \'()) (sequential? []) (coll? {}) (ifn? :k)]',
  ],
  ["number predicates", "[(zero? 0) (pos? 1) (neg? -1) (even? 2) (odd? 3) (integer? 5)]"],
  ["keyword and name", '[(keyword "abc") (name :abc) (name \'sym) (keyword "ns" "n")]'],
  ["hash-map and hash-set", "[(hash-map :a 1 :b 2) (hash-set 1 2 2 3)]"],
  ["set ops", "[(set [1 2 2]) (contains? #{1 2} 2) (conj #{1} 1)]"],
  ["vec vector list", "[(vec '(1 2)) (vector 1 2) (list 1 2)]"],
  [
    "first second last rest next",
    "(let [v [1 2 3]] [(first v) (second v) (last v) (rest v) (next v) (next [1]) (rest [1])])",
  ],
  ["range forms", "[(range 3) (range 1 4) (range 0 10 3) (range 5 0 -2)]"],
  ["take drop", "[(take 2 [1 2 3]) (drop 2 [1 2 3]) (take 5 [1]) (drop 5 [1])]"],
  ["filterv remove mapv", "[(filterv odd? [1 2 3]) (remove odd? [1 2 3]) (mapv inc [1 2])]"],
  ["map with two collections", "(map + [1 2 3] [10 20])"],
  ["str of mixed", '(str "a" 1 :k nil \'sym)'],
  ["pr-str of nested", '(pr-str {:a [1 "two" :three]})'],
  ["not and not=", "[(not nil) (not 0) (not= 1 2) (= [1 2] '(1 2))]"],
  ["comparison chains", "[(< 1 2 3) (< 1 3 2) (>= 3 3 1) (= 1 1 1)]"],
  ["update with extra args", "(update {:a 1} :a + 2 3)"],
  ["dissoc several", "(dissoc {:a 1 :b 2 :c 3} :a :c)"],
  ["identity and apply", "(apply max (map identity [3 9 2]))"],
  ["char", "(char 65)"],
  ["prn of a string", '(prn "s" 1 :k)'],
  ["println of collections", '(println [1 "a"] {:k "v"} nil)'],
]);

// ---------------------------------------------------------------------------------------
// more edge cases: scope, shadowing, laziness, printing

group("scope", [
  ["lexical scope, not dynamic", "(let [a 1] (let [f (fn [] a)] (let [a 2] (f))))"],
  ["local shadows a builtin", "(let [count 5] count)"],
  ["local map shadows the map fn", "(let [map {:a 1}] (map :a))"],
  ["param named like a builtin", "(defn f [list] (first list)) (f [9 8])"],
  ["param rebound in let", "(defn f [x] (let [x (inc x)] (* x 2))) (f 1)"],
  ["duplicate params, last wins", "((fn [a a] a) 1 2)"],
  ["for closures capture each value", "(map (fn [f] (f)) (for [i (range 3)] (fn [] (* 10 i))))"],
  [
    "loop locals not visible after the loop",
    "(do (loop [i 0] (if (< i 2) (recur (inc i)) i)) i)",
    { ptccError: "undefined" },
  ],
  ["fn name is local to the fn", "(do (fn self [] 1) (self))", { ptccError: "undefined" }],
  ["named fn shadows a def inside", "(def g 100) ((fn g [n] (if (zero? n) :bottom (g (dec n)))) 3)"],
  ["let binding shadows a def", "(def z 1) (let [z 2] z)"],
  [
    "defn body sees later redefinition of helper",
    "(defn helper [] 1) (defn use-it [] (helper)) (defn helper [] 2) (use-it)",
  ],
]);

group("laziness", [
  ["first of for over range is chunked", "(first (for [x (range 100)] (do (println x) x)))"],
  [
    "first of map over a small vector",
    "(first (map #(do (println %) %) [1 2 3]))",
    {
      differs: CHUNKED,
      expected: "1",
      expectedOutput: ["1", "2", "3"],
    },
  ],
  ["take of infinite map", "(->> (range) (map #(* % %)) (take 4))"],
  ["lazy seq in let not realized", "(let [xs (map #(do (println %) %) (range 3))] :unused)"],
  ["count realizes", "(let [xs (for [x (range 3)] (do (println x) x))] (count xs))"],
  [
    "loop over lazy seq",
    "(loop [xs (map inc (range 5)) acc ()] (if (seq xs) (recur (rest xs) (cons (first xs) acc)) acc))",
  ],
]);

group("destructuring more", [
  ["vector: & rest and :as of a string", '(let [[a b & c :as d] "hello"] [a b c d])'],
  ["map from a seq of key-values", "(let [{:keys [a]} '(:a 1)] a)"],
  ["map from a seq holding one map", "(let [{:keys [a]} '({:a 1})] a)"],
  ["rest kwargs :as", "(defn f [& {:as opts}] opts) (f :a 1)"],
  ["rest kwargs with a trailing map", "(defn f [& {:as opts}] opts) (f {:a 1})"],
  ["map destructuring of a number gives nil", "(let [a 1 {:keys [b]} a] b)"],
  ["vector :as nil", "(let [[a b :as v] nil] [a b v])"],
  ["loop with destructured seq", "(loop [[a b & more] (range 7) acc []] (if b (recur more (conj acc (+ a b))) acc))"],
  ["fn param :or referring to earlier param", "(defn f [x {:keys [y] :or {y x}}] [x y]) [(f 1 {}) (f 1 {:y 2})]"],
  ["for over map with :keys of values", "(for [[k {:keys [n]}] {:a {:n 1} :b {:n 2}}] [k n])"],
  ["doseq with nested destructuring", "(doseq [[a [b c]] [[1 [2 3]] [4 [5 6]]]] (println a b c))"],
  ["if-let with map :or", "(if-let [{:keys [a] :or {a 7}} {}] a :none)"],
]);

group("forms more", [
  ["case on string list", '(case "b" ("a" "b") :ab :other)'],
  ["case on symbol list", "(case 'y (x y) :xy :other)"],
  ["case nested vector key", "(case [1 [2]] [1 [2]] :nested :d)"],
  ["case keyword list", "(case :c (:a :b) 1 (:c :d) 2 3)"],
  ["case in fn with default nil", "(defn f [k] (case k :a 1 nil)) [(f :a) (f :b)]"],
  ["cond with nested cond", "(cond false 1 true (cond nil 2 :else 3))"],
  ["condp with :>> on map", "(condp #(get %2 %1) {:x 10} :y :>> inc :x :>> dec :none)"],
  ["for :let rebinding the same name", "(for [x [1 2] :let [x (* x 10)]] x)"],
  [
    "for with two :when and :let",
    "(for [x (range 3) y (range 3) :when (not= x y) :let [s (+ x y)] :when (odd? s)] [x y s])",
  ],
  ["for :when on outer with inner binding", "(for [x (range 4) :when (odd? x) y (range x)] [x y])"],
  ["doseq with when in body", "(doseq [x [1 2 3]] (when (= x 2) (println :two x)))"],
  ["dotimes with closure over index", "(dotimes [i 3] (println ((fn [] (* i i)))))"],
  ["-> into seq", "(-> [] (conj 1) (conj 2) seq)"],
  ["some-> with #() that returns nil", "(some-> 1 inc (#(when (> % 5) %)) inc)"],
  ["cond-> on a vector", "(cond-> [] true (conj 1) false (conj 2) true (conj 3))"],
  ["as-> with keyword lookup", "(as-> {:a 1} m (assoc m :b 2) (:b m))"],
  ["and with seq", "(and (seq []) (first []))"],
  ["or of one false", "(or false)"],
  ["if-let over some", "(if-let [x (some #(when (even? %) %) [1 3 4 5])] (* x 10) :none)"],
  ["loop over floats", "(loop [x 0.5] (if (< x 4) (recur (* x 2)) x))"],
  ["when-let binding a vector", "(when-let [v (filterv odd? [1 2 3])] (count v))"],
  ["defonce inside let", "(let [v 3] (defonce dd v)) dd"],
  ["def returns var that derefs", "(def x 1) (= x 1)"],
  ["nested #() in fn", "(map (fn [xs] (map #(* 2 %) xs)) [[1] [2 3]])"],
  ["quoted form passed to fns", "(map first '((a 1) (b 2)))"],
  ["comment between forms", "(def a 1) (comment (def a 2)) a"],
]);

group("shape errors", [
  ["case with no arguments", "(case)", { ptccError: "arity" }],
  ["condp with no clauses", "(condp = 1)", { ptccError: "runtime" }],
  [":keys not followed by a vector", "(let [{:keys a} {}] a)", { ptccError: "analysis" }],
  ["binding after & rest", "(let [[a & b c] [1 2 3]] c)", { ptccError: "analysis" }],
  ["odd let bindings (later)", "(let [x 1 y] x)", { ptccError: "analysis" }],
  ["odd for bindings", "(for [x] x)", { ptccError: "analysis" }],
  ["if-let with one form", "(if-let [x] x)", { ptccError: "analysis" }],
  ["loop with one form", "(loop [x] x)", { ptccError: "analysis" }],
  ["two params after &", "(fn [& a b])", { differs: SCI_LAX, expectError: "analysis" }],
  ["cond-> with an odd clause", "(cond-> 1 true)", { differs: SCI_LAX, expectError: "analysis" }],
  ["when with no test", "(when)", { differs: SCI_LAX, expectError: "arity" }],
  ["-> with no value", "(->)", { differs: SCI_LAX, expectError: "arity" }],
  ["dotimes with one form", "(dotimes [i] i)", { differs: SCI_LAX, expectError: "analysis" }],
]);

group("printing", [
  ["println of nil", "(println nil)"],
  ["print of nil", "(print nil)"],
  ["println of nil among values", "(println 1 nil 2)"],
  ["prn of nil", "(prn nil)"],
  ["println of nested nil", "(println [nil {:a nil}])"],
  ["println with no args", "(println)"],
  ["println of a string with a newline", '(println "a\\nb")'],
  ["prn of collections", '(prn [1 "a" :k] \'(x y))'],
  ["pr-str of a lazy seq", "(pr-str (map inc [1 2]))"],
  ["str of a lazy seq of chars", '(apply str (reverse "abc"))'],
  ["pr-str of special characters", '(pr-str "tab\\there \\"q\\" back\\\\")'],
  ["str of nil and booleans", "(str nil true false)"],
]);

group("tail positions", [
  ["recur in the last arg of or", "(loop [i 0] (or (> i 3) (recur (inc i))))"],
  ["recur in the last arg of and", "(loop [i 0] (and (< i 3) (recur (inc i))))"],
  ["recur in condp result", "(loop [i 0] (condp = i 3 :done (recur (inc i))))"],
  ["recur in case default", "(loop [i 0] (case i 4 :four (recur (inc i))))"],
  ["recur in when-not", "(loop [i 0 acc []] (if (> i 2) acc (when-not false (recur (inc i) (conj acc i)))))"],
  ["recur in if-some", "(loop [xs [false 1]] (if-some [x (first xs)] (recur (next xs)) :end))"],
  [
    "recur in when-let",
    "(loop [xs [1 2] acc 0] (if (empty? xs) acc (when-let [x (first xs)] (recur (rest xs) (+ acc x)))))",
  ],
  ["recur in cond :else", "(loop [i 0] (cond (= i 5) i :else (recur (inc i))))"],
  ["recur with :as destructuring", "(loop [[a & r :as all] [1 2 3]] (if r (recur r) all))"],
  ["recur in variadic defn", "(defn f [acc & xs] (if (seq xs) (recur (+ acc (first xs)) (rest xs)) acc)) (f 0 1 2 3)"],
  ["recur in let in loop", "(loop [x 1] (let [y x] (if (< y 3) (recur (inc y)) y)))"],
  [
    "recur in each arity",
    "(defn f ([n] (if (pos? n) (recur (dec n)) :one)) ([a b] (if (pos? a) (recur (dec a) b) b))) [(f 3) (f 3 :two)]",
  ],
  ["error: recur in a top-level let", "(let [x 1] (recur 2))", { ptccError: "analysis" }],
]);

group("case keys", [
  ["list value needs a nested list key", "(case '(1 2) ((1 2)) :list :d)"],
  ["quoted key is a list of quote and the symbol", "(mapv #(case % 'a :yes :no) ['quote 'a 'b])"],
  ["large integer key", "(case 100000000000 100000000000 :big :d)"],
  ["char from a string", '(case (first "abc") \\a :a :d)'],
  ["computed string", '(case (str "a" "b") "ab" 1 2)'],
  ["namespaced keyword", "(case :x/y :x/y 1 :y 2 3)"],
  ["empty vector key", "(case [] [] :empty :d)"],
  ["set key", "(case #{1 2} #{2 1} :set :d)"],
]);

group("destructuring edge", [
  [":or referring to an earlier binding", "(let [[a b] [1 2] {:keys [c] :or {c a}} {}] c)"],
  [":as and :or in any order", "(let [{:keys [a b] :as m :or {a 1}} {:b 2}] [a b m])"],
  ["namespaced :keys of several namespaces", "(let [{:keys [a/b c/d]} {:a/b 1 :c/d 2}] [b d])"],
  [":ns/keys syntax", "(let [{:a/keys [x y]} {:a/x 1 :a/y 2}] [x y])"],
  ["infinite seq by position", "(let [[a b c d] (range)] [a b c d])"],
  ["infinite rest", "(let [[a & r] (range)] [a (take 2 r)])"],
  ["hash-map value", "(let [{:keys [a]} (hash-map :a 1)] a)"],
  ["fn param map destructuring of nil", "((fn [{:keys [a] :as m}] [a m]) nil)"],
  ["variadic vector destructuring", "((fn [& [a b]] [a b]) 1)"],
  ["map destructuring of a number", "((fn [{:keys [a]}] a) 5)"],
  ["destructuring in doseq over map with :strs", '(doseq [{:strs [n]} [{"n" 1} {"n" 2}]] (println n))'],
  ["error: vector destructuring of a number", "(let [[a] 5] a)", { ptccError: "type" }],
  ["error: if-let vector destructuring of a number", "(if-let [[a] 5] a :no)", { ptccError: "type" }],
]);

group("forms edge", [
  ["def with the name of a local: local wins", "(let [a 1] (def a 2) a)"],
  ["def inside a fn body", "(defn f [] (def inner 5)) (f) inner"],
  ["def in nested lets", "(let [x 1] (def y x) (let [x 2] (def z x))) [y z]"],
  ["comment as last form of a fn", "((fn [] 1 (comment 2)))"],
  ["comment as last form of do", "(do 1 (comment))"],
  ["for returning nested fors", "(for [x (range 3)] (for [y (range x)] y))"],
  [":while on the outer binding", "(for [x [1 2 3] :while (odd? x) y [x]] y)"],
  ["threading into a fn form", "(-> 5 ((fn [x] (* x 2))))"],
  ["thread-last into #()", "(->> 5 (#(- % 1)))"],
  ["-> with get", "(-> {:a 1} (get :a))"],
  ["some-> with nil value", "(some-> {:a nil} :a)"],
  ["as-> with if", "(as-> 0 x (inc x) (if (odd? x) (* 100 x) x))"],
  ["cond-> tests evaluated once each", '(cond-> 1 (do (println "t1") true) inc (do (println "t2") false) inc)'],
  ["or evaluates each arg once", "(or (do (println 1) nil) (do (println 2) 2) (do (println 3) 3))"],
  ["quoted map with a call inside", "'{:a (+ 1 2)}"],
  ["#() calling its first arg", "(#(%1 %2) inc 5)"],
  ["#() with keyword", "(map #(:a %) [{:a 1} {}])"],
  ["when-not with several forms", "(when-not false (println 1) (println 2) 3)"],
  ["if-some destructuring nil value", "(if-some [[a] nil] a :none)"],
  ["dotimes with a loop inside", "(dotimes [i 3] (println (loop [j 0 s 0] (if (<= j i) (recur (inc j) (+ s j)) s))))"],
  ["deep lazy-seq recursion", "(defn from [n] (lazy-seq (cons n (from (inc n))))) (reduce + (take 10000 (from 0)))"],
  ["reduce over an infinite range prefix", "(reduce + (take 100000 (range)))"],
  ["moderate non-tail recursion", "(defn depth [n] (if (zero? n) 0 (inc (depth (dec n))))) (depth 900)"],
  [
    "deep non-tail recursion hits the depth limit",
    "(defn depth [n] (if (zero? n) 0 (inc (depth (dec n))))) (depth 5000)",
    {
      differs:
        "ptcc caps nested calls at DEFAULT_LIMITS.maxDepth (1000); JVM Clojure and nbb recurse until the host stack runs out",
      expectError: "limit",
    },
  ],
  [
    "declared but undefined fn",
    "(declare q) (defn r [] (q)) (r)",
    {
      ptccError: "runtime",
      note: "the var is unbound when r calls it",
    },
  ],
  ["error: nested #()", "#(#(%))", { ptccError: "parse" }],
  ["error: for over a literal number", "(for [x 5] x)", { ptccError: "analysis" }],
  ["error: doseq over a literal number", "(doseq [x 5] x)", { ptccError: "analysis" }],
  ["error: for over a computed number", "(let [n 5] (vec (for [x n] x)))", { ptccError: "type" }],
  ["error: doseq over a computed number", "(let [n 5] (doseq [x n] x))", { ptccError: "type" }],
  ["error: keyword called with no args", "(:a)", { ptccError: "arity" }],
  ["error: map called with no args", "({:a 1})", { ptccError: "arity" }],
  ["error: nth of a map", "(nth {:a 1} 0)", { ptccError: "type" }],
  ["error: def with no name", "(def)", { ptccError: "arity" }],
]);

group("destructuring order", [
  [":or default using an earlier key", "(let [{:keys [a b] :or {b a}} {:a 3}] [a b])"],
  [":or default using a later key of the same pattern", "(let [{:keys [b a] :or {b a}} {:a 3}] b)"],
  [":or default using a later key shadowing an outer local", "(let [a 10 {:keys [b a] :or {b a}} {:a 3}] [a b])"],
  [":or default using a later renamed key", "(let [a 10 {b :b a :a :or {b a}} {:a 3}] [a b])"],
  ["vector then map referring back", "(let [[x {:keys [y] :or {y x}}] [1 {}]] y)"],
  ["map then rebinding the same name", "(let [{:keys [a]} {:a 1} a (inc a)] a)"],
  ["outer local in :or", "(let [d 7 {:keys [a] :or {a d}} {}] a)"],
  ["error: :or default undefined", "(let [{:keys [a] :or {a b}} {}] a)", { ptccError: "undefined" }],
  [
    ":or for a name the pattern does not bind",
    "(let [{:keys [a] :or {a 1 z 2}} {}] a)",
    {
      differs: "ptcc rejects an :or default for a name the pattern does not bind; Clojure ignores it",
      expectError: "analysis",
    },
  ],
]);

group("map destructuring uses get", [
  ["vector by index", "(let [{x 0} [5 6]] x)"],
  ["vector by keyword is nil", "(let [{:keys [a]} [[:a 1]]] a)"],
  ["get on a set", "(get #{:a} :a)"],
  ["set by :keys", "(let [{:keys [a]} #{:a}] a)"],
  ["set by renamed key", "(let [{a :a} #{:a}] a)"],
  ["string by index", '(let [{x 1} "ab"] x)'],
]);

group("fn condition maps", [
  ["a lone map body is the return value", "(defn f [x] {:a x}) (f 1)"],
  ["a lone map body in fn", "((fn [x] {:a x}) 2)"],
  [":pre passes", "(defn f [x] {:pre [(pos? x)]} x) (f 1)"],
  [":pre fails", "(defn f [x] {:pre [(pos? x)]} x) (f -1)"],
  [":post passes", "(defn f [x] {:post [(pos? %)]} x) (f 1)"],
  ["error: :post fails", "(defn f [x] {:post [(pos? %)]} x) (f -1)"],
]);

group("deliberate strictness", [
  ["empty key list in case", "(case () () :empty :d)"],
  [
    "unbound var",
    "(def x) x",
    {
      differs: "ptcc fails on a var without a value; Clojure returns an Unbound object",
      expectError: "runtime",
    },
  ],
]);

group("builtins (JVM semantics)", [
  [
    "compare strings by char difference",
    '(compare "a" "c")',
    {
      differs: "JVM String.compareTo returns the char difference; ClojureScript returns -1",
      expected: "-2",
    },
  ],
  [
    "compare keywords",
    "(compare :a :c)",
    {
      differs: "JVM compares keyword names with String.compareTo; ClojureScript returns -1",
      expected: "-2",
    },
  ],
  ["distinct keeps 1 and 1.0", "(distinct [1 1.0])", { differs: JS_NUMBERS, expected: "(1 1.0)" }],
  [
    "split on the empty regex",
    '(clojure.string/split "abc" #"")',
    {
      differs: "Java's split drops the leading empty string; JavaScript's keeps it",
      expected: '["a" "b" "c"]',
    },
  ],
  ["double? of an int", "(double? 1)", { differs: JS_NUMBERS, expected: "false" }],
  ["string? of a char", "(string? \\a)", { differs: "nbb characters are strings", expected: "false" }],
  [
    "float printing",
    "(pr-str 1.5 -0.0 100.0 1e21 1.0E-5 0.1)",
    {
      differs: JS_NUMBERS,
      expected: '"1.5 -0.0 100.0 1.0E21 1.0E-5 0.1"',
    },
  ],
  ["get with a float index", "(get [1 2 3] 1.0)", { differs: JS_NUMBERS, expected: "nil" }],
  ["error: max of nothing", "(max)", { differs: LAX_ARITY, expectError: "arity" }],
  ["error: = of nothing", "(=)", { differs: LAX_ARITY, expectError: "arity" }],
  ["error: reduce max over empty", "(reduce max [])", { differs: LAX_ARITY, expectError: "arity" }],
  ["error: contains? with one arg", "(contains? {:a 1})", { differs: LAX_ARITY, expectError: "arity" }],
  ["nth of nil", '[(nth nil 0) (nth nil 5) (get nil :a) (first "")]'],
  ["contains? on vectors and strings", '[(contains? [1 2] 1) (contains? "abc" 1) (contains? [1 2] 5)]'],
  ["collections of nothing", "[(hash-map) (vector) (list) (vec nil) (set nil) (into [] nil)]"],
  ["reduce edge cases", "[(apply + []) (reduce + []) (reduce + 5 []) (reduce (fn [a b] (+ a b)) [1])]"],
  ["range edge cases", "[(range -3) (range 0) (range 1 10 -1) (range 10 0 -3) (range 0 1 0.25)]"],
  ["conj and cons on nil", "[(cons nil nil) (conj nil 1) (conj [] nil) (assoc [1] 1 2) (dissoc nil :a)]"],
  ["assoc-in on nil", "(assoc-in nil [:a 0] 1)"],
  ["split drops trailing empty strings", '(clojure.string/split "a,b,," #",")'],
  ["split keeps inner empty strings", '(clojure.string/split "a,b,,c" #",")'],
  ["str of collections", "(str [1 2] '(1 2) {:a 1} #{1} nil)"],
  ["calling collections", "[([1 2 3] 1) (#{1 2} 1) ({:a 1} :a) (:a {:a 1} :d) (:b {:a 1} :d)]"],
  ["compare collections", "[(compare [1 2] [1 3]) (compare nil 1) (compare [1 2] [1 2 3]) (compare 1 1.5)]"],
  ["sort variants", '[(sort [[2 1] [1 2]]) (sort-by count ["aaa" "b" "cc"]) (sort > [1 3 2]) (sort [])]'],
  ["map entry destructuring", "(let [[k v] (first {:a 1})] [k v])"],
]);

// ---------------------------------------------------------------------------------------
// Documented differences: nbb is ClojureScript, ptcc follows JVM Clojure

group("host differences", [
  ["float arithmetic prints as float", "(* 1.0 2)", { differs: JS_NUMBERS, expected: "2.0" }],
  ["str of a float", "(str 1.0)", { differs: JS_NUMBERS, expected: '"1.0"' }],
  ["float? of an int", "(float? 1)", { differs: JS_NUMBERS, expected: "false" }],
  ["integer? of a whole float", "(integer? 1.0)", { differs: JS_NUMBERS, expected: "false" }],
  ["= across int and float in a vector", "(= [1] [1.0])", { differs: JS_NUMBERS, expected: "false" }],
  ["char? of a char", "(char? \\a)"],
  ["char? of a one-char string", '(char? "a")', { differs: "nbb characters are strings", expected: "false" }],
  ["str of a char", "(str \\a \\b)"],
  ["chars in a vector", '(vec "abc")'],
  ["prn of a char", "(prn \\a)", { ignoreOutput: CHAR_OUT }],
  [
    "set iteration order",
    "(vec #{1 2 3 4 5 6 7 8 9 10})",
    {
      differs: "hash-set iteration order differs between the JVM and ClojureScript",
      expected: "[7 1 4 6 3 2 9 5 10 8]",
    },
  ],
  ["error: inc nil", "(inc nil)", { differs: NIL_ARITH, expectError: "type" }],
  ["error: + nil", "(+ 1 nil)", { differs: NIL_ARITH, expectError: "type" }],
  ["error: + string", '(+ 1 "a")', { differs: NIL_ARITH, expectError: "type" }],
  ["error: quot by zero", "(quot 1 0)", { differs: JS_NUMBERS, expectError: "arithmetic" }],
  ["error: integer divide by zero", "(/ 1 0)", { differs: JS_NUMBERS, expectError: "arithmetic" }],
  [
    "error: subs out of range",
    '(subs "abc" 5)',
    { differs: "ClojureScript subs clamps its indexes", expectError: "runtime" },
  ],
  ["error: compare nil with number", "(< 1 nil)", { differs: NIL_ARITH, expectError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// Issue 27 §1: the last mile of Clojure behaviour (each group a category)

group("keyword arguments with a trailing map (Clojure 1.11)", [
  ["pairs then a map", "(defn f [n & {:keys [a b]}] [n a b]) (f 100 :a 1 {:b 2})"],
  ["only a map", "(defn f [n & {:keys [a b]}] [n a b]) (f 100 {:b 2})"],
  ["through partial", "(defn f [n & {:keys [a b]}] [n a b]) ((partial f 100) :a 1 {:b 2})"],
  ["through apply", "(defn f [n & {:keys [a b]}] [n a b]) (apply f 100 [:a 1 {:b 2}])"],
  ["the trailing map wins", "(defn f [& {:as m}] m) (f :a 1 {:a 2 :b 3})"],
  ["pairs and a trailing map merge", "(defn f [& {:as m}] m) (f :a 1 :c 5 {:b 3})"],
  ["no arguments", "(defn f [& {:as m}] m) (f)"],
  ["defaults still apply", "(defn f [& {:keys [a b] :or {b 7}}] [a b]) (f :a 1 {})"],
]);
group("map destructuring of seqs", [
  ["an empty list as a map is {}", "(let [{:as x} '()] x)"],
  ["an empty lazy seq as a map is {}", "(let [{:as x} (lazy-seq nil)] x)"],
  ["nil stays nil", "(let [{:as x} nil] x)"],
  ["a one-item seq is its item", "(let [{:keys [a] :as x} (list {:a 1})] [a x])"],
]);
group("map destructuring with keys that are expressions", [
  ["a local as key", "(let [k 'foo {v k} {'foo 42}] v)"],
  ["a quoted symbol as key", "(let [{v 'foo} {'foo 42}] v)"],
  ["a call as key", '(let [{v (keyword "a")} {:a 1}] v)'],
  ["a local key with a default", "(let [k :b {a :a v k :or {v 9}} {:a 1}] [a v])"],
  ["a parameter as key", "(defn g [k {v k}] v) (g :x {:x 3})"],
  ["a key sees the names bound before it", "(let [{a :a b (if a :y :z)} {:a 1 :y 2 :z 3}] b)"],
  ["in a loop, rebound at recur", "(loop [k :a {v k} {:a 1 :b 2} n 0] (if (< n 1) (recur :b {:a 1 :b 2} (inc n)) v))"],
]);
group("recur through threading forms", [
  ["as->", "(loop [i 0] (if (< i 5) (as-> i x (inc x) (recur x)) i))"],
  ["cond->", "(loop [i 0] (if (< i 5) (cond-> i true inc true (recur)) i))"],
  ["cond->>", "(loop [i 0] (if (< i 5) (cond->> i true inc true recur) i))"],
  ["some->", "(loop [i 0] (if (< i 5) (some-> i inc recur) i))"],
  ["some->>", "(loop [i 0] (if (< i 5) (some->> i inc recur) i))"],
  ["->", "(loop [i 0] (if (< i 5) (-> i inc recur) i))"],
  ["->>", "(loop [i 0] (if (< i 5) (->> i inc recur) i))"],
  ["some-> stops at nil before recur", "(loop [i 0] (if (< i 5) (some-> nil recur) i))"],
  ["as-> with one step", "(loop [i 0] (if (< i 3) (as-> (inc i) x (recur x)) i))"],
  ["cond-> whose last test is false", "(loop [i 0] (if (< i 3) (cond-> (inc i) true (recur) false inc) i))"],
  ["in a fn body", "(defn f [n acc] (if (zero? n) acc (as-> acc a (+ a n) (recur (dec n) a)))) (f 4 0)"],
]);
group("locals named like macros", [
  ["case", "(let [case (fn [x] (* 2 x))] (case 3))"],
  ["when", "(let [when (fn [x] (* 2 x))] (when 3))"],
  ["cond as a parameter", "(defn f [cond] (cond 5)) (f inc)"],
  ["let bound to a value, then when", "(let [let 5] (when true let))"],
  ["a local let does not break some->", "(let [let 5] (some-> let inc))"],
  ["a local first does not break when-first", "(let [first 5] (when-first [x [1]] [x first]))"],
  ["->", "(let [-> (fn [x] x)] (-> 1))"],
  ["a local fn does not capture #()", "(let [fn inc] [(fn 1) (#(+ % 1) 2)])"],
  ["a local and or or", "[(let [and (fn [& xs] xs)] (and 1 2)) (let [or inc] (or 1))]"],
  ["a case parameter", "(defn f [case] (case 1)) (f inc)"],
  ["a local lazy-seq, then lazy-cat", "(let [lazy-seq inc] [(lazy-seq 1) (take 2 (lazy-cat [1] [2]))])"],
  ["locals seq and first do not break when-first", "(let [seq inc first dec] (when-first [x [5]] x))"],
  ["a local let does not break if-let", "(let [let inc] (if-let [x 1] x 2))"],
  ["if is a special form and is not shadowed", "(let [if (fn [x] x)] (if 1 2 3))"],
  ["outside the local the macro is back", "(do (let [when inc] (when 1)) (when true 7))"],
]);
group("when-first", [
  ["binds the first item", "(when-first [x [1 2]] x)"],
  ["empty is nil", "(when-first [x []] :no)"],
  ["nil is nil", "(when-first [x nil] :no)"],
  ["a lazy seq", "(when-first [x (map inc (range))] (* 10 x))"],
  ["a destructuring name", "(when-first [[a b] [[1 2] [3 4]]] (+ a b))"],
  ["a body of several forms", '(when-first [x "ab"] (println x) (str x x))'],
  ["a nil first item still runs the body", "(when-first [x [nil 1]] [:ran x])"],
  [
    "one binding only",
    "(when-first [x [1] y [2]] x)",
    { differs: "JVM Clojure asserts exactly one binding; nbb ignores the rest", expectError: "analysis" },
  ],
]);

// ---------------------------------------------------------------------------------------
// Programs that fail in both

group("errors", [
  ["nth out of range on vector", "(nth [] 3)", { ptccError: "runtime" }],
  ["nth out of range on list", "(nth '(1 2) 5)", { ptccError: "runtime" }],
  ["nth negative", "(nth [1] -1)", { ptccError: "runtime" }],
  ["undefined symbol", "(undefined-thing 2)", { ptccError: "undefined" }],
  ["count of a number", "(count 5)", { ptccError: "type" }],
  ["first of a number", "(first 5)", { ptccError: "type" }],
  ["cons onto a number", "(cons 1 2)", { ptccError: "type" }],
  ["assoc past the end of a vector", "(assoc [1 2] 5 3)", { ptccError: "runtime" }],
  ["name of nil", "(name nil)", { ptccError: "type" }],
  ["even? of a float", "(even? 1.5)", { ptccError: "type" }],
  ["sort of mixed types", '(sort [3 "a"])', { ptccError: "type" }],
  ["reduce over a number", "(reduce + 1)", { ptccError: "type" }],
  ["destructuring a map as a vector", "(let [[a b] {:a 1}] a)", { ptccError: "type" }],
  ["unbalanced parens", "(+ 1 2", { ptccError: "parse" }],
  ["error inside a lazy seq when realized", "(vec (map #(nth [] %) [1]))", { ptccError: "runtime" }],
  ["error in a later top-level form", "(def ok 1) (nth [] ok)", { ptccError: "runtime" }],
]);

export const CASES: readonly ConformanceCase[] = CASES_;
