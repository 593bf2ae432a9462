import { describe, expect, it } from "vitest";
import { failure } from "../helpers.js";

/** Program → [error kind, one-line message with position]. */
const ERRORS: [string, string, string][] = [
  // reader
  ["(defn f [x] (+ x 1)", "parse", "unclosed ( opened at 1:1 — add )"],
  ["(+ 1\n  (foo [1 2)\n)", "parse", "unexpected ) at 2:12 — expected ] to close [ opened at 2:8"],
  ["{:a 1 :b}", "parse", "map literal needs an even number of forms at 1:1 — found 3: every key needs a value"],
  ['"abc', "parse", 'unterminated string at 1:1 — a string needs a closing "'],
  ["(1abc)", "parse", "invalid number 1abc at 1:2"],
  ["@x", "parse", "@ (deref) is not supported at 1:1 — PTC-Lisp has no atoms; keep state with def"],
  ["#(#(%))", "parse", "nested #() is not allowed at 1:3 — use (fn [x] ...) for the inner function"],
  ["'", "parse", "expected a form after ', found the end of the input at 1:1"],
  [
    "12345678901234567890",
    "parse",
    "integer 12345678901234567890 is out of range at 1:1 — PTC-Lisp integers are exact only within ±9007199254740991; write a float (1.2345678901234567e+19) or a string",
  ],
  [
    '(str "a\\d")',
    "parse",
    'unsupported escape \\d in string at 1:8 — write \\\\d for a backslash, or use a regex literal #"...\\d..." for a pattern',
  ],
  ['#inst "2020"', "parse", "tagged literal #inst is not supported at 1:1 — write the value as a string or map"],
  // symbols
  ["(fliter odd? [1 2])", "undefined", "undefined symbol fliter at 1:2 — did you mean filter?"],
  ["(let [x 1] y)", "undefined", "undefined symbol y at 1:12"],
  [
    "(let [count-items 1] (+ 1 count-itemz))",
    "undefined",
    "undefined symbol count-itemz at 1:27 — did you mean count-items?",
  ],
  ["(group_by :a [])", "undefined", "undefined symbol group_by at 1:2 — did you mean group-by?"],
  [
    "(into [] (map inc) [1 2])",
    "arity",
    "map called with 1 argument, expects at least 2 at 1:10 — map takes [f coll] [f c1 c2 & colls]; PTC-Lisp has no transducers, so pass the collection as the last argument",
  ],
  ["(evn? 2)", "undefined", "undefined symbol evn? at 1:2 — did you mean even?"],
  ["(sequenc [1])", "undefined", "undefined symbol sequenc at 1:2 — did you mean sequence?"],
  [
    "(seque [1])",
    "undefined",
    "seque is not available in PTC-Lisp at 1:2 — use the sequence directly; sequences are lazy already",
  ],
  [
    "(try 1 (catch Exception e 2))",
    "undefined",
    "try is not available in PTC-Lisp at 1:2 — PTC-Lisp has no exceptions; check values with if/when and stop with (fail ...)",
  ],
  [
    "(atom 1)",
    "undefined",
    "atom is not available in PTC-Lisp at 1:2 — PTC-Lisp has no atoms; keep state with (def name value), and loop with loop/recur or reduce",
  ],
  [
    "(foo/bar 1)",
    "undefined",
    "unknown namespace foo in foo/bar at 1:2 — use tool/ for tools, data/ for input data, and clojure.string/, clojure.set/, clojure.walk/ for library functions",
  ],
  [
    "(clojure.string/upper 1)",
    "undefined",
    "clojure.string/upper is not available at 1:2 — did you mean clojure.string/upper-case?",
  ],
  ["data/orders", "undefined", "data/orders is not in the input at 1:1 — this evaluation has no input data"],
  ["(tool/search {:q 1})", "undefined", "unknown tool search at 1:2 — no tools are available in this evaluation"],
  ["tool/search", "analysis", "tool/search can only be called at 1:1 — write (tool/search {...})"],
  ["(map if [1])", "analysis", "if is a special form and cannot be used as a value at 1:6 — call it: (if ...)"],
  ["%", "undefined", "undefined symbol % at 1:1 — % arguments only exist inside #(...)"],
  // special form shapes
  ["(if)", "arity", "if needs 2 to 3 arguments, got 0 at 1:1 — write (if test then else?)"],
  ["(if 1 2 3 4)", "arity", "if needs 2 to 3 arguments, got 4 at 1:1 — write (if test then else?)"],
  [
    "(let [a] a)",
    "analysis",
    "let binding vector needs an even number of forms at 1:6 — each name needs a value: [a 1 b 2]",
  ],
  ["(let (a 1) a)", "analysis", "let needs a binding vector at 1:6 — write (let [name value ...] body...)"],
  [
    "(let [1 2] 3)",
    "analysis",
    "cannot bind to 1 at 1:7 — a binding is a symbol, a vector [a b & more] or a map {:keys [a b]}",
  ],
  ["(let [[a &] [1]] a)", "analysis", "& must be followed by exactly one binding at 1:10 — write [first & more]"],
  [
    "(cond 1)",
    "analysis",
    "cond needs an even number of forms (test and result pairs) at 1:1 — end with :else default for the fallback case",
  ],
  ["(defn f)", "arity", 'defn needs at least 2 arguments, got 1 at 1:1 — write (defn name "doc"? [params] body...)'],
  ["(defn 1 [] 2)", "analysis", "defn name must be a name, got 1 at 1:7"],
  ["(def if 1)", "analysis", "cannot redefine the special form if at 1:6 — choose another name"],
  [
    "(def data/x 1)",
    "analysis",
    "cannot define data/x: definitions take a plain name at 1:6 — data/, tool/ and ctx/ belong to the host; use (def x ...)",
  ],
  ["(fn [x x & y z] 1)", "analysis", "& must be followed by exactly one parameter at 1:10 — write [a b & more]"],
  ["(fn ([x] 1) ([y] 2))", "analysis", "two arities take 1 parameters at 1:13"],
  ["(case 1 1 :a 1 :b)", "analysis", "duplicate case key 1 at 1:14"],
  ["{:a 1 :a 2}", "analysis", "duplicate key :a in map literal {:a 1 :a 2} at 1:1"],
  ["#{1 1}", "analysis", "duplicate item 1 in set literal #{1 1} at 1:1"],
  ["(for [x 5] x)", "analysis", "for needs a collection to iterate, got 5 at 1:9 — for a count, use (range n)"],
  ["(for [x [1] :until true] x)", "analysis", "unknown for modifier :until at 1:13 — use :when, :let or :while"],
  ["(return)", "arity", "return needs 1 argument, got 0 at 1:1 — write (return value)"],
  // recur
  ["(recur 1)", "analysis", "recur outside of loop or fn at 1:1 — recur jumps back to the nearest loop or fn"],
  [
    "(loop [i 0] (inc (recur i)))",
    "analysis",
    "recur must be in tail position at 1:18 — it must be the last thing the enclosing loop does, not an argument or a value that is used further",
  ],
  ["(loop [i 0] (recur i 2))", "arity", "recur called with 2 arguments, but the loop has 1 binding at 1:13"],
  [
    "(fn [x] (do (recur x) 1))",
    "analysis",
    "recur must be in tail position at 1:13 — it must be the last thing the enclosing fn does, not an argument or a value that is used further",
  ],
  [
    "(loop [x 1] (let [y (recur 2)] y))",
    "analysis",
    "recur must be in tail position at 1:21 — it must be the last thing the enclosing loop does, not an argument or a value that is used further",
  ],
  // calls
  ["(inc 1 2)", "arity", "inc called with 2 arguments, expects 1 at 1:1 — inc takes [x]"],
  ["(1 2)", "analysis", "1 cannot be called at 1:2 — only functions, keywords, maps, sets and vectors can be called"],
  ["(:a)", "arity", "keyword :a called with 0 arguments, expects 1 or 2 at 1:1 — write (:a m) or (:a m default)"],
  // runtime
  ['(inc "a")', "type", 'inc expects a number, got string "a" at 1:1'],
  ["(+ 1 nil)", "type", "+ expects a number, got nil at 1:1"],
  ["(/ 1 0)", "arithmetic", "divide by zero at 1:1 — dividing an integer by zero is an error; divide by 0.0 for ##Inf"],
  ["(let [f (fn [x] x)] (f 1 2))", "arity", "fn called with 2 arguments, expects [x] at 1:21"],
  ["(defn g [a b] a) (g 1)", "arity", "g called with 1 argument, expects [a b] at 1:18"],
  [
    '("abc" 1)',
    "analysis",
    '"abc" cannot be called at 1:2 — only functions, keywords, maps, sets and vectors can be called',
  ],
  [
    '(let [s "abc"] (s 1))',
    "type",
    'cannot call string "abc" at 1:16 — only functions, keywords, maps, sets and vectors can be called',
  ],
  [
    "(nth [1 2] 5)",
    "runtime",
    "index 5 is out of bounds for a collection of 2 items at 1:1 — pass a default: (nth coll i nil)",
  ],
  ["(case 3 1 :a)", "runtime", "no case clause matches 3 at 1:1 — add a default as the last form of case"],
  ['(< 1 "2")', "type", '< expects numbers, got string "2" at 1:1 — compare strings and other values with compare'],
  [
    "(declare z) (inc z)",
    "runtime",
    "z has no value yet at 1:18 — it was declared (declare, or def without a value) but never given one",
  ],
  [
    "(* 9007199254740991 2)",
    "arithmetic",
    "integer overflow in * at 1:1 — results must stay within ±9007199254740991; use floats (1.0) for larger numbers",
  ],
  [
    "(let [[a] {:a 1}] a)",
    "type",
    "sequential destructuring expects a vector, list, seq, string or nil, got map {:a 1} at 1:7 — use {:keys [...]} to destructure a map",
  ],
  ['(map inc [1 "x"])', "type", 'inc expects a number, got string "x" at 1:1'],
  ["(defn f [x] (inc x))\n(f :k)", "type", "inc expects a number, got keyword :k at 1:13"],
];

describe("errors say what and where", () => {
  it.each(ERRORS)("%s", (source, kind, text) => {
    const e = failure(source);
    expect(e.kind).toBe(kind);
    expect(e.text).toBe(text);
  });
});

describe("a failed program is all-or-nothing", () => {
  it("no tool runs when a later symbol is undefined", async () => {
    const { Session } = await import("../../src/index.js");
    let calls = 0;
    const s = new Session({ tools: { ping: () => ++calls } });
    const r = await s.evaluate("(tool/ping) (undefined-fn)");
    expect(r.ok).toBe(false);
    expect(calls).toBe(0);
  });
});
