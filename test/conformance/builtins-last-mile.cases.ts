/**
 * Conformance cases for issue 27 §1, "the language's last mile": clojure.core names that
 * were missing, nil-punning, laziness, some-fn's order, reduce-kv over entries, apply over
 * lazy seqs and float indexes (see case.ts for the markings).
 */
import { CaseTable } from "./case.js";

const t = new CaseTable();
const JS_INTS =
  "ClojureScript numbers are doubles: its integer coercions neither truncate nor wrap around (JVM semantics)";
const CLJ_112 = "Clojure 1.12 (JVM); nbb has no partitionv, partitionv-all or splitv-at";
const UUID = "PTC-Lisp has no UUID type: parse-uuid gives the canonical lower-case string";
const NBB_INDEX = "nbb does not truncate a float index into a list, nor toward zero; the JVM's int coercion does";
const LAX = "ptcc is laxer than Clojure: any [k v] vector counts as an entry";

t.group("map-entry?", [
  ["first of a map", "(map-entry? (first {:a 1}))"],
  ["a written vector is not one", "(map-entry? [:a 1])"],
  ["find", "(map-entry? (find {:a 1} :a))"],
  ["every item of a map's seq", "(map map-entry? {:a 1 :b 2})"],
  ["assoc makes a plain vector", "(map-entry? (assoc (first {:a 1}) 0 :b))"],
  ["conj makes a plain vector", "(map-entry? (conj (first {:a 1}) 2))"],
  ["nil", "(map-entry? nil)"],
  ["an entry is still a vector", "(let [e (first {:a 1})] [(vector? e) (= e [:a 1]) (key e) (val e)])"],
  ["entries through walk", "(walk/postwalk #(if (map-entry? %) [(name (key %)) (val %)] %) {:a 1})"],
]);
t.group("parse-uuid", [
  [
    "upper case",
    '(parse-uuid "B6883C0A-0342-4007-9966-BC2DFA6B109E")',
    { differs: UUID, expected: '"b6883c0a-0342-4007-9966-bc2dfa6b109e"' },
  ],
  ["not a uuid", '(parse-uuid "nope")'],
  ["too short", '(parse-uuid "b6883c0a-0342-4007-9966-bc2dfa6b109")'],
  ["some? tells a uuid", '(some? (parse-uuid "b6883c0a-0342-4007-9966-bc2dfa6b109e"))'],
  ["not a string", "(parse-uuid 1)", { ptccError: "type" }],
]);
t.group("short and byte", [
  ["short truncates", "(short 1234.9)", { differs: JS_INTS, expected: "1234" }],
  ["short of a character", "(short \\a)", { differs: "nbb characters are strings", expected: "97" }],
  ["short out of range", "(short 40000)", { differs: JS_INTS, expectError: "arithmetic" }],
  ["short at its limits", "[(short 32767) (short -32768)]"],
  ["byte truncates", "(byte -12.5)", { differs: JS_INTS, expected: "-12" }],
  ["byte out of range", "(byte 200)", { differs: JS_INTS, expectError: "arithmetic" }],
  ["byte of ##NaN", "(byte ##NaN)", { differs: JS_INTS, expectError: "type" }],
]);
t.group("unchecked coercions", [
  ["unchecked-byte wraps", "(unchecked-byte 200)", { differs: JS_INTS, expected: "-56" }],
  ["unchecked-byte 256", "(unchecked-byte 256)", { differs: JS_INTS, expected: "0" }],
  ["unchecked-byte of a float", "(unchecked-byte 300.7)", { differs: JS_INTS, expected: "44" }],
  ["unchecked-short wraps", "(unchecked-short 40000)", { differs: JS_INTS, expected: "-25536" }],
  ["unchecked-int wraps", "(unchecked-int 3000000000)", { differs: JS_INTS, expected: "-1294967296" }],
  ["unchecked-int saturates a float", "(unchecked-int 1e10)", { differs: JS_INTS, expected: "2147483647" }],
  ["unchecked-int of ##NaN is 0", "(unchecked-int ##NaN)", { differs: JS_INTS, expected: "0" }],
  ["unchecked-long truncates", "(unchecked-long -2.9)", { differs: JS_INTS, expected: "-2" }],
  ["unchecked-char", "(unchecked-char 65601)", { differs: JS_INTS, expected: "\\A" }],
  ["unchecked-float", "(unchecked-float 0.1)", { differs: JS_INTS, expected: "0.10000000149011612" }],
  ["unchecked-double", "(unchecked-double 3)"],
  ["a string is not a number", '(unchecked-int "1")', { differs: "nbb coerces the string", expectError: "type" }],
  [
    "unchecked-long of a huge float saturates beyond exact integers",
    "(unchecked-long 1e300)",
    { differs: JS_INTS, expectError: "arithmetic" },
  ],
]);
t.group("unchecked arithmetic", [
  ["unchecked-add", "(unchecked-add 1 2)"],
  ["unchecked-add of floats", "(unchecked-add 1.5 2)"],
  ["unchecked-subtract", "(unchecked-subtract 1 2)"],
  ["unchecked-multiply", "(unchecked-multiply 6 7)"],
  [
    "unchecked-multiply wraps in 64 bits",
    "(unchecked-multiply 4294967296 4294967296)",
    { differs: JS_INTS, expected: "0" },
  ],
  [
    "a wrapped long beyond exact integers is an error",
    "(unchecked-multiply 4294967296 3037000499)",
    { differs: JS_INTS, expectError: "arithmetic" },
  ],
  ["unchecked-inc", "(unchecked-inc 41)"],
  ["unchecked-dec", "(unchecked-dec 43)"],
  ["unchecked-negate", "(unchecked-negate 5)"],
  ["unchecked-add-int wraps", "(unchecked-add-int 2147483647 1)", { differs: JS_INTS, expected: "-2147483648" }],
  [
    "unchecked-subtract-int wraps",
    "(unchecked-subtract-int -2147483648 1)",
    { differs: JS_INTS, expected: "2147483647" },
  ],
  ["unchecked-multiply-int wraps", "(unchecked-multiply-int 65536 65537)", { differs: JS_INTS, expected: "65536" }],
  [
    "a string hash in 32 bits",
    '(reduce (fn [h c] (unchecked-add-int (unchecked-multiply-int 31 h) (int c))) 0 "hello world")',
    { differs: JS_INTS, expected: "1794106052" },
  ],
  ["unchecked-inc-int wraps", "(unchecked-inc-int 2147483647)", { differs: JS_INTS, expected: "-2147483648" }],
  ["unchecked-dec-int wraps", "(unchecked-dec-int -2147483648)", { differs: JS_INTS, expected: "2147483647" }],
  [
    "unchecked-negate-int of the smallest int",
    "(unchecked-negate-int -2147483648)",
    { differs: JS_INTS, expected: "-2147483648" },
  ],
  ["unchecked-divide-int truncates", "(unchecked-divide-int -7 2)", { differs: JS_INTS, expected: "-3" }],
  ["unchecked-divide-int by zero", "(unchecked-divide-int 1 0)", { differs: JS_INTS, expectError: "arithmetic" }],
  ["unchecked-remainder-int", "(unchecked-remainder-int -7 2)", { differs: JS_INTS, expected: "-1" }],
  ["an -int argument beyond 32 bits", "(unchecked-add-int 3000000000 1)", { differs: JS_INTS, expectError: "type" }],
]);
t.group("iteration", [
  [
    "pages with :initk :vf :kf",
    "(vec (iteration (fn [k] (when (< k 3) {:v (* k 10) :next (inc k)})) :initk 0 :vf :v :kf :next))",
  ],
  [
    "options as a trailing map",
    "(vec (iteration (fn [k] (when (< k 3) {:v (* k 10) :next (inc k)})) {:initk 0 :vf :v :kf :next}))",
  ],
  ["infinite, taken lazily", "(take 3 (iteration inc :initk 0))"],
  ["nothing at all", "(seq (iteration (fn [_] nil)))"],
  [
    "a kf that ends the paging",
    "(vec (iteration (fn [k] {:items [k] :more (< k 2) :k (inc k)}) :initk 0 :vf :items :kf #(when (:more %) (:k %))))",
  ],
  ["somef", "(vec (iteration (fn [k] {:n k}) :initk 0 :somef #(< (:n %) 3) :kf #(inc (:n %)) :vf :n))"],
  ["step runs only when consumed", '(do (iteration (fn [k] (println "step" k) nil) :initk 0) :made)'],
]);
t.group("bounded-count", [
  ["an infinite seq", "(bounded-count 5 (range))"],
  ["a vector is counted", "(bounded-count 2 [1 2 3])"],
  ["a lazy seq stops at n", "(bounded-count 2 (map inc [1 2 3]))"],
  ["a short lazy seq", "(bounded-count 10 (map inc [1 2 3]))"],
  ["nil", "(bounded-count 3 nil)"],
]);
t.group("Clojure 1.12 vector partitions", [
  ["partitionv", "(partitionv 2 [1 2 3 4 5])", { differs: CLJ_112, expected: "([1 2] [3 4])" }],
  ["partitionv with pad", "(partitionv 3 3 [:a] [1 2 3 4])", { differs: CLJ_112, expected: "([1 2 3] [4 :a])" }],
  ["partitionv is lazy", "(take 2 (partitionv 2 (range)))", { differs: CLJ_112, expected: "([0 1] [2 3])" }],
  ["partitionv-all", "(partitionv-all 2 [1 2 3 4 5])", { differs: CLJ_112, expected: "([1 2] [3 4] [5])" }],
  ["partitionv-all with step", "(partitionv-all 2 1 [1 2 3])", { differs: CLJ_112, expected: "([1 2] [2 3] [3])" }],
  ["splitv-at", "(splitv-at 2 [1 2 3 4 5])", { differs: CLJ_112, expected: "[[1 2] (3 4 5)]" }],
]);
t.group("comparator", [
  ["sort descending", "(sort (comparator >) [1 3 2])"],
  ["the three answers", "(let [c (comparator <)] [(c 1 2) (c 2 1) (c 1 1)])"],
]);
t.group("lazy-cat", [
  ["an infinite tail", "(take 4 (lazy-cat [1 2] (range)))"],
  ["evaluates a collection only when reached", '(first (lazy-cat [1] (do (println "late") [2])))'],
  ["no collections", "(lazy-cat)"],
]);
t.group("nil-punning of empty seqables", [
  ["keys of an empty set", "(keys #{})"],
  ["keys of an empty string", '(keys "")'],
  ["vals of an empty set", "(vals #{})"],
  ["vals of an empty string", '(vals "")'],
  ["keys of an empty vector", "(keys [])"],
  ["vals of an empty list", "(vals ())"],
  ["keys of an empty lazy seq", "(keys (map identity []))"],
  ["keys of a seq of entries", "(keys (seq {:a 1 :b 2}))"],
  ["keys of a set of scalars", "(keys #{1})", { ptccError: "type" }],
  ["keys of a string", '(keys "ab")', { ptccError: "type" }],
  ["dissoc of nothing returns its argument", '[(dissoc #{}) (dissoc "") (dissoc []) (dissoc {:a 1})]'],
  ["reduce-kv over an empty list", "(reduce-kv + 0 ())"],
  ["reduce-kv over an empty lazy seq", "(reduce-kv + 0 (lazy-seq nil))"],
]);
t.group("reduce-kv over entries", [
  ["a map's seq", "(reduce-kv (fn [m k v] (assoc m v k)) {} (seq {:a 1 :b 2}))"],
  ["filtered entries", "(reduce-kv (fn [acc k v] (+ acc v)) 0 (filter #(odd? (val %)) {:a 1 :b 2 :c 3}))"],
  ["a list of pairs", "(reduce-kv (fn [a k v] (+ a k v)) 0 (list [1 2] [3 4]))", { differs: LAX, expected: "10" }],
  [
    "reduced stops early",
    "(reduce-kv (fn [a k v] (if (> k 1) (reduced a) (+ a v))) 0 (map vector (range) (range 10 20)))",
    { differs: LAX, expected: "21" },
  ],
  ["not entries", "(reduce-kv + 0 (list 1 2))", { ptccError: "type" }],
]);
t.group("some-fn order", [
  [
    "three predicates go argument by argument on the JVM",
    '((some-fn number? even? pos?) "a" 1 2)',
    {
      differs:
        'JVM Clojure\'s three-predicate some-fn tests argument by argument (even? of "a" fails); nbb goes predicate by predicate',
      expectError: "type",
    },
  ],
  ["the first predicate finds it before the second errs", '((some-fn string? even?) 1 "a")'],
  ["three predicates, three arguments", '((some-fn string? even? pos?) 1 "a" 2)'],
  ["four predicates", '((some-fn number? even? pos? neg?) "a" 1 2)'],
  ["falsy result", "((some-fn nil? false?) 1 2)"],
  [
    "keywords, argument by argument",
    "((some-fn :a :b :c) {:b 1} {:a 2} {:c 3})",
    {
      differs: "JVM Clojure's three-predicate some-fn tests argument by argument; nbb predicate by predicate",
      expected: "1",
    },
  ],
  ["keywords, two predicates", "((some-fn :a :b) {:b 1} {:a 2})"],
  ["more than three arguments", "((some-fn even? neg?) 1 3 5 7 -2)"],
  ["every-pred keeps its own order", "((every-pred number? odd? pos?) 1 3 5)"],
  ["no arguments", "((some-fn even?))"],
]);
t.group("apply over a lazy seq", [
  ["an infinite rest", "(apply (fn [& xs] (take 3 xs)) (range))"],
  ["only the fixed parameters are bound", "(apply (fn [a b & xs] [a b]) (range))"],
  ["leading arguments", "(apply (fn [a b & xs] [a b (first xs)]) 10 (range))"],
  ["leading arguments past the fixed ones", "(apply (fn [a & xs] [a (take 2 xs)]) 1 2 3 (range))"],
  ["a fixed arity still wins", "(apply (fn ([a] [:one a]) ([a & xs] [:many a (take 2 xs)])) (list 1))"],
  [
    "a variadic arity beside a fixed one",
    "(apply (fn ([a] [:one a]) ([a & xs] [:many a (take 2 xs)])) (range))",
    { differs: "nbb realizes the whole seq to pick an arity (and never ends)", expected: "[:many 0 (1 2)]" },
  ],
  ["an empty seq", "(apply (fn [& xs] xs) (list))"],
  ["an empty lazy seq", "(apply (fn [& xs] xs) (lazy-seq nil))"],
  ["keyword arguments from a seq", "(defn f [& {:keys [a]}] a) (apply f (list :a 1))"],
  ["a named fn", "(defn firsts [a b & _] (+ a b)) (apply firsts (iterate inc 1))"],
  [
    "realizes what it binds and one more",
    "(apply (fn [a & r] a) (map #(do (println %) %) (iterate inc 1)))",
    { differs: "nbb realizes one item more than the JVM's applyTo", expected: "1", expectedOutput: ["1", "2"] },
  ],
]);
t.group("laziness over infinite seqs", [
  ["partition-by", "(take 3 (partition-by #(quot % 3) (range)))"],
  ["partition", "(take 3 (partition 2 (range)))"],
  ["partition with a step", "(take 3 (partition 2 1 (range)))"],
  ["partition-all", "(take 3 (partition-all 2 (range)))"],
  ["dedupe", "(take 3 (dedupe (range)))"],
  ["dedupe of runs", "(take 2 (dedupe (map #(quot % 5) (range))))"],
  ["distinct", "(take 3 (distinct (map #(quot % 2) (range))))"],
  ["partition-by over iterate", "(take 3 (partition-by #(quot % 3) (iterate inc 0)))"],
  ["partition over iterate", "(take 2 (partition 2 (iterate inc 0)))"],
  ["dedupe over iterate", "(take 2 (dedupe (iterate inc 0)))"],
  ["the sixth partition", "(first (drop 5 (partition-by even? (range))))"],
  ["interpose", "(take 3 (interpose :x (range)))"],
  ["take-nth", "(take 3 (take-nth 3 (range)))"],
  ["reductions", "(take 3 (reductions + (range)))"],
  ["tree-seq", "(take 3 (map #(if (seq? %) :s %) (tree-seq seq? seq (range))))"],
  [
    "partition-by realizes the next partition's first item only",
    "(first (partition-by odd? (map #(do (println %) %) (iterate inc 1))))",
  ],
  ["partition realizes one partition", "(first (partition 2 (map #(do (println %) %) (iterate inc 1))))"],
  ["rest of iterate is unrealized", "(realized? (rest (iterate inc 0)))"],
  ["and realized once used", "(let [r (rest (iterate inc 0))] (first r) (realized? r))"],
  ["rest of cons onto a lazy seq", "(realized? (rest (cons 1 (lazy-seq [2]))))"],
  ["rest of cons onto a vector", "(rest (cons 1 [2 3]))"],
  ["rest of cons onto an empty lazy seq", "(rest (cons 1 (lazy-seq nil)))"],
]);
t.group("float indexes truncate (JVM)", [
  ["nth of a vector", "(nth [1 2 3] 1.9)"],
  ["nth of a list", "(nth (list 1 2 3) 1.5)", { differs: NBB_INDEX, expected: "2" }],
  ["nth with a default", "(nth [1 2 3] 5.5 :nf)"],
  ["nth toward zero", "(nth [1 2 3] -0.5)", { differs: NBB_INDEX, expected: "1" }],
  [
    "a wrapped 64-bit result within exact integers",
    "(unchecked-multiply 4294967296 4294967295)",
    { differs: JS_INTS, expected: "-4294967296" },
  ],
  ["subvec", "(subvec [1 2 3 4] 1.2 3.8)"],
  ["subvec with a start only", "(subvec [1 2 3] 1.5)"],
  [
    "nth of ##NaN",
    "(nth [1 2] ##NaN)",
    { differs: "the JVM's int coercion makes ##NaN 0; ptcc refuses it", expectError: "type" },
  ],
  ["get of a string", '(get "abc" 1.5)', { differs: "nbb characters are strings", expected: "\\b" }],
  ["contains? of a string", '(contains? "abc" 1.5)'],
  [
    "get of a vector is a miss",
    "(get [1 2 3] 1.5)",
    { differs: "the JVM's vectors look up integer keys only (nbb truncates)", expected: "nil" },
  ],
  ["contains? of a vector is false", "(contains? [1 2 3] 1.7)"],
]);

const JSON_NS = "json/ is PTC-Lisp's (Cheshire's names); nbb has no JSON namespace";
t.group("json", [
  [
    "parse-string",
    '(json/parse-string "{\\"a\\": [1, 2.5, null, true]}")',
    { differs: JSON_NS, expected: '{"a" [1 2.5 nil true]}' },
  ],
  [
    "keyword keys",
    '(json/parse-string "{\\"id\\": 7, \\"user\\": {\\"name\\": \\"x\\"}}" true)',
    { differs: JSON_NS, expected: '{:id 7, :user {:name "x"}}' },
  ],
  [
    "a key function",
    '(json/parse-string "{\\"a\\": 1}" #(keyword (str "k-" %)))',
    { differs: JSON_NS, expected: "{:k-a 1}" },
  ],
  [
    "scalars",
    '(mapv json/parse-string ["1" "-2.5e3" "\\"s\\"" "null" "false"])',
    { differs: JSON_NS, expected: '[1 -2500 "s" nil false]' },
  ],
  [
    "a big integer reads as a float",
    '(json/parse-string "12345678901234567890")',
    { differs: JSON_NS, expected: "1.2345678901234567E19" },
  ],
  ["invalid JSON", '(json/parse-string "[1, 2")', { differs: JSON_NS, expectError: "runtime" }],
  ["empty text", '(json/parse-string "")', { differs: JSON_NS, expectError: "runtime" }],
  ["not a string", "(json/parse-string {:a 1})", { differs: JSON_NS, expectError: "type" }],
  ["a bad key function argument", '(json/parse-string "{}" 1)', { differs: JSON_NS, expectError: "type" }],
  [
    "nested past 500 levels",
    '(json/parse-string (str (apply str (repeat 600 "[")) (apply str (repeat 600 "]"))))',
    { differs: JSON_NS, expectError: "runtime" },
  ],
  [
    "parse-lines",
    '(json/parse-lines "{\\"n\\": 1}\\n\\n{\\"n\\": 2}\\r\\n" true)',
    { differs: JSON_NS, expected: "[{:n 1} {:n 2}]" },
  ],
  ["parse-lines of nothing", '(json/parse-lines "")', { differs: JSON_NS, expected: "[]" }],
  ["parse-lines with a bad line", '(json/parse-lines "1\\n{")', { differs: JSON_NS, expectError: "runtime" }],
  [
    "generate-string",
    "(json/generate-string {:a [1 2] :b nil})",
    { differs: JSON_NS, expected: '"{\\"a\\":[1,2],\\"b\\":null}"' },
  ],
  [
    "generate-string pretty",
    "(json/generate-string {:k :v} {:pretty true})",
    { differs: JSON_NS, expected: '"{\\n  \\"k\\": \\"v\\"\\n}"' },
  ],
  [
    "collections and characters",
    '(json/generate-string [#{1} (list 1 2) "x" \\c 1.5 (map inc [1])])',
    { differs: JSON_NS, expected: '"[[1],[1,2],\\"x\\",\\"c\\",1.5,[2]]"' },
  ],
  [
    "a round trip",
    '(let [d {:a {:b [1 "two" nil true]}}] (= d (json/parse-string (json/generate-string d) true)))',
    { differs: JSON_NS, expected: "true" },
  ],
  ["Cheshire's namespace", '(cheshire.core/parse-string "[1]")', { differs: JSON_NS, expected: "[1]" }],
]);

export const CASES = t.cases;
