/**
 * Conformance cases for the collections, maps, sets (clojure.set), tree walking
 * (clojure.walk, tree-seq, flatten) and PTC extension builtins (see case.ts for the
 * markings).
 */
import { CaseTable } from "./case.js";

const t = new CaseTable();

const EXT = "PTC extension: not in Clojure";
const FLEX = 'flexible keys: a keyword also finds the string key ("id" for :id), a PTC extension';
const LAX = "nbb (ClojureScript) accepts this; JVM Clojure and ptcc reject it";
const JS_NUMBERS = "nbb numbers are JS doubles: no int/float distinction";
const SETS_ONLY =
  "clojure.set functions take sets; Clojure silently misbehaves on other collections, ptcc gives a type error";
const ENTRY = "map entries are [k v] vectors in PTC-Lisp, so key/val accept any 2-item vector";
const PATH = "get-in and friends take a sequential path; Clojure silently treats other values as a seq of keys";

// ---------------------------------------------------------------------------------------
// count, get, get-in

t.group("count", [
  ["vector", "(count [1 2 3])"],
  ["empty vector", "(count [])"],
  ["nil", "(count nil)"],
  ["map", "(count {:a 1 :b 2})"],
  ["set", "(count #{1 2 3})"],
  ["string", '(count "hello")'],
  ["unicode string counts UTF-16 units", '(count "héllo😀")'],
  ["list", "(count '(1 2))"],
  ["empty list", "(count ())"],
  ["lazy seq", "(count (map inc [1 2 3]))"],
  ["range", "(count (range 10))"],
  ["take of infinite", "(count (take 100 (range)))"],
  ["number is an error", "(count 5)", { ptccError: "type" }],
  ["keyword is an error", "(count :a)", { ptccError: "type" }],
]);

t.group("get", [
  ["map keyword", "(get {:a 1} :a)"],
  ["map missing", "(get {:a 1} :b)"],
  ["map default", "(get {:a 1} :b :none)"],
  ["present nil beats default", "(get {:a nil} :a :none)"],
  ["nil map", "(get nil :a)"],
  ["nil map default", "(get nil :a 5)"],
  ["vector index", "(get [10 20 30] 1)"],
  ["vector out of range", "(get [10 20] 5)"],
  ["vector negative", "(get [10 20] -1)"],
  ["vector default", "(get [10 20] 9 :d)"],
  ["vector keyword key", "(get [1 2] :a)"],
  ["string index", '(get "abc" 1)'],
  ["string out of range", '(get "abc" 10)'],
  ["set member", "(get #{:a :b} :a)"],
  ["set missing", "(get #{:a} :z :no)"],
  ["string key", '(get {"a" 1} "a")'],
  ["number key", "(get {1 :one 2 :two} 2)"],
  ["vector key", "(get {[1 2] :v} [1 2])"],
  ["list equals vector key", "(get {[1 2] :v} '(1 2))"],
  ["nil key", "(get {nil 5} nil)"],
  ["number target", "(get 5 :a)"],
  ["keyword target", "(get :a :a)"],
  ["nested", "(get (get {:a {:b 2}} :a) :b)"],
  ["big hash map", "(get (zipmap (range 100) (range 100 200)) 42)"],
  ["false value", "(get {:a false} :a :x)"],
  ["keyword finds string key", '(get {"id" 7} :id)', { differs: FLEX, expected: "7" }],
  ["string finds keyword key", '(get {:id 7} "id")', { differs: FLEX, expected: "7" }],
  ["exact key wins", '(get {"id" 1 :id 2} :id)'],
  ["exact string key wins", '(get {"id" 1 :id 2} "id")'],
]);

t.group("get-in", [
  ["nested maps", "(get-in {:a {:b {:c 1}}} [:a :b :c])"],
  ["missing", "(get-in {:a {:b 1}} [:a :x])"],
  ["missing default", "(get-in {:a {:b 1}} [:a :x] :none)"],
  ["present nil not default", "(get-in {:a {:b nil}} [:a :b] :none)"],
  ["vector index", "(get-in {:a [10 20]} [:a 1])"],
  ["vectors only", "(get-in [[1 2] [3 4]] [1 0])"],
  ["empty path", "(get-in {:a 1} [])"],
  ["nil path", "(get-in {:a 1} nil)"],
  ["nil map", "(get-in nil [:a :b])"],
  ["nil map default", "(get-in nil [:a] 0)"],
  ["through a number", "(get-in {:a 1} [:a :b])"],
  ["list path", "(get-in {:a {:b 2}} '(:a :b))"],
  ["seq path", "(get-in {:a {:b 2}} (map identity [:a :b]))"],
  ["string keys", '(get-in {"a" {"b" 3}} ["a" "b"])'],
  ["through a set", "(get-in {:s #{:x}} [:s :x])"],
  ["through a string", '(get-in {:s "abc"} [:s 1])'],
  ["default when through nil", "(get-in {:a nil} [:a :b] :d)"],
  [
    "keyword path into JSON keys",
    '(get-in {"user" {"name" "Ann"}} [:user :name])',
    { differs: FLEX, expected: '"Ann"' },
  ],
  ["keyword path is an error", "(get-in {:a 1} :a)", { ptccError: "type" }],
  ["string path", '(get-in {:a 1} "a")', { differs: PATH, expectError: "type" }],
  ["number path", "(get-in {:a 1} 1)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// assoc, assoc-in, dissoc, update, update-in

t.group("assoc", [
  ["add key", "(assoc {:a 1} :b 2)"],
  ["replace key", "(assoc {:a 1} :a 2)"],
  ["several pairs", "(assoc {} :a 1 :b 2 :c 3)"],
  ["nil map", "(assoc nil :a 1)"],
  ["vector index", "(assoc [1 2 3] 1 :x)"],
  ["vector append at count", "(assoc [1 2] 2 3)"],
  ["empty vector append", "(assoc [] 0 :a)"],
  ["vector out of range", "(assoc [1 2] 3 3)", { ptccError: "runtime" }],
  ["vector negative", "(assoc [1 2] -1 3)", { ptccError: "runtime" }],
  ["vector non-integer index", "(assoc [1 2] :a 3)", { ptccError: "type" }],
  ["odd number of args", "(assoc {} :a 1 :b)", { differs: LAX, expectError: "runtime" }],
  ["nil key", "(assoc {} nil 1)"],
  ["nil value", "(assoc {:a 1} :a nil)"],
  ["vector key", "(assoc {} [1 2] :v)"],
  ["string key kept exact", '(assoc {"a" 1} :a 2)'],
  ["grows past 8 entries", "(assoc {:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :h 8} :i 9)"],
  ["list is an error", "(assoc '(1 2) 0 :x)", { ptccError: "type" }],
  ["set is an error", "(assoc #{1} 0 :x)", { ptccError: "type" }],
  ["string is an error", '(assoc "abc" 0 \\x)', { ptccError: "type" }],
  ["lazy seq key is realized", "(assoc {} (map inc [1 2]) :v)"],
  ["original unchanged", "(let [m {:a 1} m2 (assoc m :b 2)] [m m2])"],
]);

t.group("assoc-in", [
  ["creates nested maps", "(assoc-in {} [:a :b :c] 1)"],
  ["replaces nested value", "(assoc-in {:a {:b 1}} [:a :b] 2)"],
  ["keeps siblings", "(assoc-in {:a {:b 1 :c 2}} [:a :b] 9)"],
  ["nil map", "(assoc-in nil [:a :b] 1)"],
  ["vector index", "(assoc-in {:a [1 2 3]} [:a 1] :x)"],
  ["vector of maps", "(assoc-in [{:n 1} {:n 2}] [1 :n] 20)"],
  ["vector append", "(assoc-in [] [0] :a)"],
  ["single key", "(assoc-in {:a 1} [:a] 2)"],
  ["empty path", "(assoc-in {:a 1} [] 2)"],
  ["through a number is an error", "(assoc-in {:a 1} [:a :b] 2)", { ptccError: "type" }],
  ["vector out of range", "(assoc-in [] [5] 1)", { ptccError: "runtime" }],
  ["list path", "(assoc-in {} '(:x :y) 1)"],
  [
    "writes through a JSON key",
    '(assoc-in {"user" {"name" "Ann"}} [:user :name] "Bo")',
    { differs: FLEX, expected: '{"user" {"name" "Bo"}}' },
  ],
  ["keyword path is an error", "(assoc-in {} :a 1)", { ptccError: "type" }],
]);

t.group("dissoc", [
  ["one key", "(dissoc {:a 1 :b 2} :a)"],
  ["several keys", "(dissoc {:a 1 :b 2 :c 3} :a :c)"],
  ["missing key", "(dissoc {:a 1} :z)"],
  ["no keys", "(dissoc {:a 1})"],
  ["to empty", "(dissoc {:a 1} :a)"],
  ["nil map", "(dissoc nil :a)"],
  ["string key exact", '(dissoc {"a" 1 :a 2} "a")'],
  ["nil key", "(dissoc {nil 1 :a 2} nil)"],
  ["big map", "(count (dissoc (zipmap (range 20) (range 20)) 3 4 5))"],
  ["vector is an error", "(dissoc [1 2] 0)", { ptccError: "type" }],
]);

t.group("update", [
  ["function", "(update {:n 1} :n inc)"],
  ["extra args", "(update {:n 1} :n + 10 100)"],
  ["one extra arg", "(update {:n 1} :n - 1)"],
  ["missing key gets nil", "(update {} :n (fnil inc 0))"],
  ["missing key with str", '(update {} :s str "x")'],
  ["nil map", "(update nil :a (fnil inc 0))"],
  ["vector index", "(update [1 2 3] 0 inc)"],
  ["vector append", "(update [1] 1 (constantly 5))"],
  ["keyword as function", "(update {:a {:b 1}} :a :b)"],
  ["conj into value", "(update {:xs [1]} :xs conj 2)"],
  [
    "nil arithmetic is an error",
    "(update {} :n inc)",
    { differs: "nbb (JS) arithmetic accepts nil", expectError: "type" },
  ],
  ["vector past the end gets nil", "(update [1] 5 inc)", { ptccError: "type" }],
  ["vector out of range", "(update [1] 5 (constantly 0))", { ptccError: "runtime" }],
  ["updates a JSON key in place", '(update {"n" 1} :n inc)', { differs: FLEX, expected: '{"n" 2}' }],
  ["exact key wins", '(update {"n" 1 :n 10} :n inc)'],
]);

t.group("update-in", [
  ["nested", "(update-in {:a {:b 1}} [:a :b] inc)"],
  ["extra args", "(update-in {:a {:b 1}} [:a :b] + 2 3)"],
  ["creates maps", "(update-in {} [:a :b] (fnil inc 0))"],
  ["vector index", "(update-in {:a [1 2]} [:a 0] inc)"],
  ["vector of maps", "(update-in [{:n 1}] [0 :n] * 5)"],
  ["single key", "(update-in {:a 1} [:a] inc)"],
  ["nil map", "(update-in nil [:a] (fnil inc 0))"],
  ["empty path", "(update-in {:a 1} [] (fn [x] :new))"],
  ["empty path sees nil key", "(update-in {nil 1} [] inc)"],
  ["keyword as function", "(update-in {:a {:b {:c 1}}} [:a] :b)"],
  ["JSON keys in place", '(update-in {"a" {"b" 1}} [:a :b] inc)', { differs: FLEX, expected: '{"a" {"b" 2}}' }],
  ["keyword path is an error", "(update-in {:a 1} :a inc)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// conj, into, keys, vals, contains?, merge, select-keys

t.group("conj", [
  ["vector", "(conj [1 2] 3)"],
  ["vector several", "(conj [1] 2 3 4)"],
  ["list prepends", "(conj '(1 2) 0)"],
  ["list several", "(conj '(1) 2 3)"],
  ["empty list", "(conj () 1)"],
  ["nil makes a list", "(conj nil 1)"],
  ["nil several", "(conj nil 1 2)"],
  ["set", "(conj #{1} 2)"],
  ["set duplicate", "(conj #{1} 1)"],
  ["map pair", "(conj {:a 1} [:b 2])"],
  ["map replaces", "(conj {:a 1} [:a 2])"],
  ["map merges a map", "(conj {:a 1} {:b 2 :c 3})"],
  ["map nil", "(conj {:a 1} nil)"],
  ["map bad pair", "(conj {} [:a])", { ptccError: "type" }],
  ["map non-pair", "(conj {} :a)", { ptccError: "type" }],
  ["no args", "(conj)"],
  ["one arg", "(conj [1])"],
  ["nil alone", "(conj nil)"],
  ["seq prepends", "(conj (map inc [1 2]) 0)"],
  ["range prepends", "(conj (range 3) :x)"],
  ["string is an error", '(conj "ab" "c")', { ptccError: "type" }],
  ["number is an error", "(conj 1 2)", { ptccError: "type" }],
  ["nested vectors", "(conj [[1]] [2])"],
  ["map entries of a seq", "(conj {} (seq {:a 1 :b 2}))"],
  ["map filtered entries", "(conj {:z 0} (filter (fn [[k v]] (odd? v)) {:a 1 :b 2}))"],
  ["set of vectors", "(conj #{[1 2]} [1 2] '(1 2))"],
  ["lazy key realized into set", "(conj #{} (map inc [1 2]))"],
]);

t.group("into", [
  ["vector from vector", "(into [1] [2 3])"],
  ["vector from list", "(into [] '(1 2))"],
  ["vector from set", "(into [] #{3})"],
  ["vector from map", "(into [] {:a 1})"],
  ["vector from string", '(into [] "abc")'],
  ["vector from nil", "(into [] nil)"],
  ["vector from range", "(into [] (range 5))"],
  ["map from pairs", "(into {} [[:a 1] [:b 2]])"],
  ["map from map", "(into {:a 1} {:b 2})"],
  ["map from maps", "(into {} [{:a 1} {:b 2}])"],
  ["map later wins", "(into {} [[:a 1] [:a 2]])"],
  ["map bad item", "(into {} [1 2])", { ptccError: "type" }],
  ["map from seq of pairs", "(into {} (map (fn [x] [x (* x x)]) [1 2 3]))"],
  ["set from vector", "(into #{} [1 2 2 3])"],
  ["set from string", '(into #{} "aab")'],
  ["list reverses", "(into () [1 2 3])"],
  ["list onto list", "(into '(1) [2 3])"],
  ["nil target", "(into nil [1 2])"],
  ["nil from empty", "(into nil [])"],
  ["no args", "(into)"],
  ["one arg", "(into [1])"],
  ["big map", "(count (into {} (map vector (range 50) (range 50))))"],
  ["from lazy seq", "(into [] (take 3 (range)))"],
  ["vector shares nothing", "(let [a [1 2] b (into a [3]) c (into a [4])] [a b c])"],
  ["vector repeatedly", "(count (reduce (fn [acc x] (into acc [x x])) [] (range 1000)))"],
  ["map from entries of a map", "(into {:x 0} (seq {:a 1}))"],
  ["set onto set", "(into #{1 2} #{2 3})"],
  ["big set", "(count (into #{} (map #(mod % 7) (range 100))))"],
  ["map nil items ignored", "(into {} [nil [:a 1] nil])"],
  ["map from a map item list", "(into {} [{:a 1 :b 2} [:c 3]])"],
  ["string target is an error", '(into "a" [1])', { ptccError: "type" }],
  ["number source is an error", "(into [] 5)", { ptccError: "type" }],
]);

t.group("keys", [
  ["map", "(keys {:a 1 :b 2})"],
  ["empty map", "(keys {})"],
  ["nil", "(keys nil)"],
  ["big map", "(sort (keys (zipmap (range 12) (range 12))))"],
  ["string keys", '(keys {"x" 1})'],
  ["entries seq", "(keys (seq {:a 1 :b 2}))"],
  ["sorted entries", "(keys (sort-by val {:a 3 :b 1 :c 2}))"],
  ["filtered entries", "(keys (filter (fn [[k v]] (odd? v)) {:a 1 :b 2 :c 3}))"],
  ["vector is an error", "(keys [1 2])", { ptccError: "type" }],
  ["number is an error", "(keys 5)", { ptccError: "type" }],
]);

t.group("vals", [
  ["map", "(vals {:a 1 :b 2})"],
  ["empty map", "(vals {})"],
  ["nil", "(vals nil)"],
  ["nested", "(vals {:a {:b 1}})"],
  ["sum of vals", "(reduce + (vals {:a 1 :b 2 :c 3}))"],
  ["entries seq", "(vals (seq {:a 1}))"],
  ["sorted entries", "(vals (sort-by key {:b 2 :a 1}))"],
  ["string is an error", '(vals "ab")', { ptccError: "type" }],
]);

t.group("contains?", [
  ["map key", "(contains? {:a 1} :a)"],
  ["map nil value", "(contains? {:a nil} :a)"],
  ["map missing", "(contains? {:a 1} :b)"],
  ["set member", "(contains? #{1 2} 2)"],
  ["set missing", "(contains? #{1 2} 3)"],
  ["set nil member", "(contains? #{nil} nil)"],
  ["vector index", "(contains? [5 6] 1)"],
  ["vector index out of range", "(contains? [5 6] 2)"],
  ["vector checks index not value", "(contains? [5 6] 5)"],
  ["vector negative", "(contains? [5 6] -1)"],
  ["string index", '(contains? "abc" 2)'],
  ["nil", "(contains? nil :a)"],
  ["nil key in map", "(contains? {nil 1} nil)"],
  ["vector key", "(contains? {[1] 2} [1])"],
  ["keyword finds string key", '(contains? {"a" 1} :a)', { differs: FLEX, expected: "true" }],
  ["list is an error", "(contains? '(1 2) 1)", { differs: LAX, expectError: "type" }],
  ["seq is an error", "(contains? (map inc [1]) 0)", { differs: LAX, expectError: "type" }],
]);

t.group("merge", [
  ["two maps", "(merge {:a 1} {:b 2})"],
  ["later wins", "(merge {:a 1} {:a 2 :b 3})"],
  ["three maps", "(merge {:a 1} {:b 2} {:c 3})"],
  ["no args", "(merge)"],
  ["one map", "(merge {:a 1})"],
  ["nil first", "(merge nil {:a 1})"],
  ["nil in the middle", "(merge {:a 1} nil {:b 2})"],
  ["only nil", "(merge nil)"],
  ["all nil", "(merge nil nil)"],
  ["empty maps", "(merge {} {})"],
  ["nested not deep", "(merge {:a {:x 1}} {:a {:y 2}})"],
  ["string and keyword keys kept apart", '(merge {"a" 1} {:a 2})'],
  ["big maps", "(count (merge (zipmap (range 10) (range 10)) (zipmap (range 5 15) (range 10))))"],
  ["vector is an error", "(merge {:a 1} [1 2 3])", { differs: LAX, expectError: "type" }],
  ["number is an error", "(merge {:a 1} 5)", { ptccError: "type" }],
]);

t.group("select-keys", [
  ["some keys", "(select-keys {:a 1 :b 2 :c 3} [:a :c])"],
  ["missing keys ignored", "(select-keys {:a 1} [:a :z])"],
  ["no keys", "(select-keys {:a 1} [])"],
  ["nil keys", "(select-keys {:a 1} nil)"],
  ["nil map", "(select-keys nil [:a])"],
  ["nil values kept", "(select-keys {:a nil} [:a])"],
  ["key order follows ks", "(select-keys {:a 1 :b 2} [:b :a])"],
  ["set of keys", "(select-keys {:a 1 :b 2} #{:a})"],
  ["list of keys", "(select-keys {:a 1 :b 2} '(:b))"],
  ["vector by index", "(select-keys [:x :y :z] [0 2])"],
  ["keyword selects JSON key", '(select-keys {"id" 1 "x" 2} [:id])', { differs: FLEX, expected: "{:id 1}" }],
  ["keyword keys is an error", "(select-keys {:a 1} :a)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// Constructors

t.group("hash-map", [
  ["pairs", "(hash-map :a 1 :b 2)"],
  ["empty", "(hash-map)"],
  ["duplicate keys", "(hash-map :a 1 :a 2)"],
  ["many", "(count (apply hash-map (range 40)))"],
  ["nil key", "(hash-map nil 1)"],
  ["odd args", "(hash-map :a)", { ptccError: "runtime" }],
]);

t.group("hash-set", [
  ["items", "(hash-set 1 2 3)"],
  ["duplicates", "(hash-set 1 1 2)"],
  ["empty", "(hash-set)"],
  ["nil item", "(hash-set nil)"],
  ["mixed", '(hash-set :a "a" 1 [1])'],
]);

t.group("set", [
  ["vector", "(set [1 2 2 3])"],
  ["nil", "(set nil)"],
  ["empty", "(set [])"],
  ["string", '(set "hello")'],
  ["map entries", "(set {:a 1})"],
  ["set itself", "(set #{1 2})"],
  ["seq", "(set (map inc [1 1 2]))"],
  ["range", "(set (range 5))"],
  ["1 and 1.0 distinct", "(count (set [1 1.0]))", { differs: JS_NUMBERS, expected: "2" }],
  ["nested vectors", "(set [[1 2] [1 2] '(1 2)])"],
  ["number is an error", "(set 5)", { ptccError: "type" }],
]);

t.group("vector", [
  ["items", "(vector 1 2 3)"],
  ["empty", "(vector)"],
  ["nil items", "(vector nil nil)"],
  ["nested", "(vector [1] '(2))"],
]);

t.group("vec", [
  ["list", "(vec '(1 2))"],
  ["nil", "(vec nil)"],
  ["map", "(vec {:a 1 :b 2})"],
  ["set", "(vec #{1})"],
  ["string", '(vec "ab")'],
  ["range", "(vec (range 3))"],
  ["vector itself", "(vec [1 2])"],
  ["lazy seq", "(vec (map inc [1 2]))"],
  ["number is an error", "(vec 1)", { ptccError: "type" }],
]);

t.group("list", [
  ["items", "(list 1 2 3)"],
  ["empty", "(list)"],
  ["list?", "(list? (list 1))"],
  ["nested", "(list [1] (list 2))"],
]);

// ---------------------------------------------------------------------------------------
// first, second, last, rest, next, nth, seq, cons

t.group("first", [
  ["vector", "(first [1 2])"],
  ["empty", "(first [])"],
  ["nil", "(first nil)"],
  ["list", "(first '(3 4))"],
  ["string", '(first "abc")'],
  ["map entry", "(first {:a 1})"],
  ["set", "(first #{7})"],
  ["infinite range", "(first (range))"],
  ["lazy", "(first (map inc [1 2]))"],
  ["number is an error", "(first 5)", { ptccError: "type" }],
]);

t.group("second", [
  ["vector", "(second [1 2 3])"],
  ["short", "(second [1])"],
  ["nil", "(second nil)"],
  ["list", "(second '(1 2))"],
  ["string", '(second "ab")'],
  ["infinite", "(second (range))"],
  ["number is an error", "(second 5)", { ptccError: "type" }],
]);

t.group("last", [
  ["vector", "(last [1 2 3])"],
  ["empty", "(last [])"],
  ["nil", "(last nil)"],
  ["list", "(last '(1 2))"],
  ["string", '(last "abc")'],
  ["range", "(last (range 10))"],
  ["map", "(last {:a 1 :b 2})"],
  ["lazy", "(last (filter odd? (range 10)))"],
  ["number is an error", "(last 5)", { ptccError: "type" }],
]);

t.group("rest", [
  ["vector", "(rest [1 2 3])"],
  ["one item", "(rest [1])"],
  ["empty", "(rest [])"],
  ["nil", "(rest nil)"],
  ["string", '(rest "abc")'],
  ["map", "(rest {:a 1 :b 2})"],
  ["infinite", "(take 3 (rest (range)))"],
  ["number is an error", "(rest 5)", { ptccError: "type" }],
]);

t.group("next", [
  ["vector", "(next [1 2 3])"],
  ["one item", "(next [1])"],
  ["empty", "(next [])"],
  ["nil", "(next nil)"],
  ["list", "(next '(1 2))"],
  ["string", '(next "ab")'],
  ["number is an error", "(next 5)", { ptccError: "type" }],
]);

t.group("nth", [
  ["vector", "(nth [:a :b :c] 1)"],
  ["out of range", "(nth [1 2] 5)", { ptccError: "runtime" }],
  ["out of range default", "(nth [1 2] 5 :none)"],
  ["negative", "(nth [1 2] -1)", { ptccError: "runtime" }],
  ["negative default", "(nth [1 2] -1 :d)"],
  ["list", "(nth '(1 2 3) 2)"],
  ["string", '(nth "abc" 1)'],
  ["string out of range default", '(nth "abc" 5 :d)'],
  ["nil", "(nth nil 0)"],
  ["nil default", "(nth nil 0 :d)"],
  ["infinite range", "(nth (range) 1000)"],
  ["lazy seq", "(nth (map inc [1 2 3]) 2)"],
  ["lazy out of range default", "(nth (map inc [1]) 5 :d)"],
  ["iterate", "(nth (iterate #(* 2 %) 1) 10)"],
  ["map is an error", "(nth {:a 1} 0)", { ptccError: "type" }],
  ["set is an error", "(nth #{1} 0)", { ptccError: "type" }],
  ["non-integer index", "(nth [1 2] :a)", { ptccError: "type" }],
  ["float index truncates (the JVM's ratio 3/2 too)", "(nth [1 2 3] (/ 3 2))"],
  ["big range jumps", "(nth (range 0 100000000 3) 1000000)"],
  ["descending range", "(nth (range 10 0 -2) 2)"],
  ["float range", "(nth (range 0 1 0.25) 3)"],
]);

t.group("seq", [
  ["vector", "(seq [1 2])"],
  ["empty vector", "(seq [])"],
  ["nil", "(seq nil)"],
  ["string", '(seq "ab")'],
  ["empty string", '(seq "")'],
  ["map", "(seq {:a 1})"],
  ["set", "(seq #{1})"],
  ["empty list", "(seq ())"],
  ["lazy empty", "(seq (filter odd? [2 4]))"],
  ["range", "(seq (range 3))"],
  ["number is an error", "(seq 1)", { ptccError: "type" }],
]);

t.group("cons", [
  ["vector", "(cons 0 [1 2])"],
  ["nil", "(cons 1 nil)"],
  ["list", "(cons 0 '(1))"],
  ["empty list", "(cons 0 ())"],
  ["string", '(cons \\a "bc")'],
  ["map", "(cons [:z 0] {:a 1})"],
  ["infinite", "(take 3 (cons :x (range)))"],
  ["nested cons", "(cons 1 (cons 2 nil))"],
  ["number is an error", "(cons 1 2)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// maps.ts

t.group("merge-with", [
  ["sum", "(merge-with + {:a 1 :b 2} {:a 10 :c 3})"],
  ["three maps", "(merge-with + {:a 1} {:a 2} {:a 3})"],
  ["into", "(merge-with into {:a [1]} {:a [2]} {:b [3]})"],
  ["no maps", "(merge-with +)"],
  ["nil maps", "(merge-with + nil nil)"],
  ["nil first", "(merge-with + nil {:a 1})"],
  ["one map", "(merge-with + {:a 1})"],
  ["conflicts only", "(merge-with (fn [a b] [a b]) {:a 1} {:a 2})"],
  ["nested merge", "(merge-with merge {:a {:x 1}} {:a {:y 2}})"],
  ["vector is an error", "(merge-with + {:a 1} [[:a 1]])", { ptccError: "type" }],
]);

t.group("zipmap", [
  ["basic", "(zipmap [:a :b] [1 2])"],
  ["shorter vals", "(zipmap [:a :b :c] [1])"],
  ["shorter keys", "(zipmap [:a] [1 2 3])"],
  ["empty", "(zipmap [] [])"],
  ["nil keys", "(zipmap nil [1])"],
  ["infinite vals", "(zipmap [:x :y] (range))"],
  ["infinite keys", "(zipmap (range) [:a :b])"],
  ["duplicate keys", "(zipmap [:a :a] [1 2])"],
  ["big", "(get (zipmap (range 100) (map str (range 100))) 77)"],
  ["string keys", '(zipmap ["a" "b"] [1 2])'],
  ["map keys", "(zipmap {:a 1} [:x])"],
  ["number is an error", "(zipmap 1 [1])", { ptccError: "type" }],
]);

t.group("reduce-kv", [
  ["sum vals", "(reduce-kv (fn [acc k v] (+ acc v)) 0 {:a 1 :b 2})"],
  ["invert", "(reduce-kv (fn [m k v] (assoc m v k)) {} {:a 1 :b 2})"],
  ["vector indexes", "(reduce-kv (fn [acc i x] (conj acc [i x])) [] [:a :b])"],
  ["nil coll", "(reduce-kv (fn [acc k v] acc) :init nil)"],
  ["empty map", "(reduce-kv (fn [acc k v] acc) 0 {})"],
  ["keys collected", "(reduce-kv (fn [acc k v] (conj acc k)) #{} {:a 1 :b 2})"],
  ["big map", "(reduce-kv (fn [acc k v] (+ acc k v)) 0 (zipmap (range 20) (range 20)))"],
  ["reduced on a vector", "(reduce-kv (fn [a k v] (if (> k 2) (reduced a) (+ a v))) 0 [1 2 3 4 5])"],
  ["reduced on a map", "(reduce-kv (fn [a k v] (reduced [k v])) nil {:a 1 :b 2})"],
  ["list is an error", "(reduce-kv (fn [a k v] a) 0 '(1 2))", { ptccError: "type" }],
]);

t.group("update-vals", [
  ["inc", "(update-vals {:a 1 :b 2} inc)"],
  ["empty", "(update-vals {} inc)"],
  ["nil", "(update-vals nil inc)"],
  ["keyword fn", "(update-vals {:x {:n 1} :y {:n 2}} :n)"],
  ["count", "(update-vals (group-by odd? [1 2 3]) count)"],
  ["big map", "(reduce + (vals (update-vals (zipmap (range 20) (range 20)) inc)))"],
  ["swapped arguments", "(update-vals inc {:a 1})", { ptccError: "type" }],
]);

t.group("update-keys", [
  ["name", "(update-keys {:a 1 :b 2} name)"],
  ["keyword", '(update-keys {"a" 1} keyword)'],
  ["collision later wins", "(update-keys {:a 1 :b 2} (constantly :k))"],
  ["empty", "(update-keys {} name)"],
  ["nil", "(update-keys nil name)"],
  ["number keys", "(update-keys {1 :a 2 :b} inc)"],
  ["swapped arguments", "(update-keys name {:a 1})", { ptccError: "type" }],
]);

t.group("find", [
  ["map key", "(find {:a 1 :b 2} :a)"],
  ["missing", "(find {:a 1} :z)"],
  ["nil value", "(find {:a nil} :a)"],
  ["nil map", "(find nil :a)"],
  ["vector index", "(find [:x :y] 1)"],
  ["vector out of range", "(find [:x] 3)"],
  ["key of found entry", "(key (find {:a 1} :a))"],
  ["val of found entry", "(val (find {:a 1} :a))"],
  ["nil key", "(find {nil 1} nil)"],
  ["big map", "(find (zipmap (range 50) (range 50)) 42)"],
  ["JSON key entry as stored", '(find {"id" 7} :id)', { differs: FLEX, expected: '["id" 7]' }],
  ["predicate first is an error", "(find even? [1 2 3])", { differs: LAX, expectError: "type" }],
  [
    "set is an error",
    "(find #{:a} :a)",
    { differs: "ClojureScript returns nil; JVM Clojure throws (a set is not associative)", expectError: "type" },
  ],
]);

t.group("key", [
  ["of first entry", "(key (first {:a 1}))"],
  ["map over entries", "(map key {:a 1 :b 2})"],
  ["sort-by key", "(map key (sort-by key {:b 1 :a 2}))"],
  ["of a pair vector", "(key [:k :v])", { differs: ENTRY, expected: ":k" }],
  ["nil is an error", "(key nil)", { ptccError: "type" }],
  ["long vector is an error", "(key [1 2 3])", { ptccError: "type" }],
]);

t.group("val", [
  ["of first entry", "(val (first {:a 1}))"],
  ["map over entries", "(map val {:a 1 :b 2})"],
  ["max by val", "(key (apply max-key val {:a 1 :b 5 :c 3}))"],
  ["of a pair vector", "(val [:k :v])", { differs: ENTRY, expected: ":v" }],
  ["number is an error", "(val 1)", { ptccError: "type" }],
]);

t.group("empty", [
  ["vector", "(empty [1 2])"],
  ["map", "(empty {:a 1})"],
  ["set", "(empty #{1})"],
  ["list", "(empty '(1 2))"],
  ["lazy seq", "(empty (map inc [1]))"],
  ["range", "(empty (range 3))"],
  ["nil", "(empty nil)"],
  ["string", '(empty "abc")'],
  ["number", "(empty 1)"],
  ["vector? of result", "(vector? (empty [1]))"],
]);

t.group("not-empty", [
  ["vector", "(not-empty [1])"],
  ["empty vector", "(not-empty [])"],
  ["nil", "(not-empty nil)"],
  ["empty string", '(not-empty "")'],
  ["string", '(not-empty "a")'],
  ["map", "(not-empty {:a 1})"],
  ["empty map", "(not-empty {})"],
  ["empty set", "(not-empty #{})"],
  ["lazy empty", "(not-empty (filter odd? [2]))"],
  ["infinite", "(take 2 (not-empty (range)))"],
  ["number is an error", "(not-empty 1)", { ptccError: "type" }],
]);

t.group("peek", [
  ["vector", "(peek [1 2 3])"],
  ["list", "(peek '(1 2 3))"],
  ["empty vector", "(peek [])"],
  ["empty list", "(peek ())"],
  ["nil", "(peek nil)"],
  ["conj then peek", "(peek (conj [1] 2))"],
  ["set is an error", "(peek #{1})", { ptccError: "type" }],
  ["string is an error", '(peek "ab")', { ptccError: "type" }],
  ["lazy seq is an error", "(peek (map inc [1]))", { ptccError: "type" }],
]);

t.group("pop", [
  ["vector", "(pop [1 2 3])"],
  ["list", "(pop '(1 2 3))"],
  ["one-item vector", "(pop [1])"],
  ["one-item list", "(pop '(1))"],
  ["nil", "(pop nil)"],
  ["empty vector is an error", "(pop [])", { ptccError: "runtime" }],
  ["empty list is an error", "(pop ())", { ptccError: "runtime" }],
  ["map is an error", "(pop {:a 1})", { ptccError: "type" }],
  ["stack", "(-> [] (conj 1) (conj 2) pop (conj 3))"],
]);

t.group("subvec", [
  ["start and end", "(subvec [1 2 3 4] 1 3)"],
  ["start only", "(subvec [1 2 3] 1)"],
  ["whole", "(subvec [1 2 3] 0 3)"],
  ["empty result", "(subvec [1 2 3] 2 2)"],
  ["at end", "(subvec [1 2 3] 3)"],
  ["end past count", "(subvec [1 2 3] 0 4)", { ptccError: "runtime" }],
  ["negative start", "(subvec [1 2 3] -1)", { ptccError: "runtime" }],
  ["start after end", "(subvec [1 2 3] 2 1)", { ptccError: "runtime" }],
  ["of a subvec", "(subvec (subvec [0 1 2 3 4] 1 4) 1 2)"],
  ["conj onto a subvec", "(conj (subvec [1 2 3] 0 1) :x)"],
  ["list is an error", "(subvec '(1 2) 0)", { ptccError: "type" }],
  ["float index truncates", "(subvec [1 2 3] 1.5)"],
]);

t.group("disj", [
  ["one", "(disj #{1 2 3} 2)"],
  ["several", "(disj #{1 2 3} 1 3)"],
  ["missing", "(disj #{1} 5)"],
  ["no keys", "(disj #{1})"],
  ["nil set", "(disj nil 1)"],
  ["to empty", "(disj #{:a} :a)"],
  ["vector item", "(disj #{[1 2] [3]} [1 2])"],
  ["map is an error", "(disj {:a 1} :a)", { ptccError: "type" }],
  ["vector is an error", "(disj [1 2] 1)", { ptccError: "type" }],
]);

t.group("array-map", [
  ["pairs", "(array-map :a 1 :b 2)"],
  ["keeps order", "(array-map :b 1 :a 2)"],
  ["empty", "(array-map)"],
  ["duplicates", "(array-map :a 1 :a 2)"],
  ["lookup", "(get (array-map :a 1) :a)"],
  ["odd args", "(array-map :a)", { ptccError: "runtime" }],
]);

t.group("list*", [
  ["leading and seq", "(list* 1 2 [3 4])"],
  ["only seq", "(list* [1 2])"],
  ["empty seq", "(list* [])"],
  ["nil", "(list* nil)"],
  ["leading and nil", "(list* 1 nil)"],
  ["leading and empty", "(list* 1 2 [])"],
  ["many leading", "(list* 1 2 3 4 [5])"],
  ["infinite tail", "(take 4 (list* :a :b (range)))"],
  ["apply with list*", "(apply + (list* 1 2 [3]))"],
  ["non-seq is an error", "(list* 1 2)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// clojure.set

t.group("union", [
  ["two sets", "(set/union #{1 2} #{2 3})"],
  ["three sets", "(set/union #{1} #{2} #{3})"],
  ["no args", "(set/union)"],
  ["one set", "(set/union #{1})"],
  ["empty sets", "(set/union #{} #{})"],
  ["nil and set", "(set/union nil #{1})"],
  ["set and nil", "(set/union #{1} nil)"],
  ["nil and nil", "(set/union nil nil)"],
  [
    "bare name",
    "(union #{:a} #{:b})",
    { differs: "clojure.set names are reachable unqualified in PTC-Lisp", expected: "#{:b :a}" },
  ],
  ["qualified name", "(clojure.set/union #{1} #{1 2})"],
  ["big sets", "(count (set/union (set (range 50)) (set (range 25 75))))"],
  ["vector is an error", "(set/union #{1} [2 3])", { differs: SETS_ONLY, expectError: "type" }],
]);

t.group("intersection", [
  ["two sets", "(set/intersection #{1 2 3} #{2 3 4})"],
  ["three sets", "(set/intersection #{1 2 3} #{2 3} #{3})"],
  ["one set", "(set/intersection #{1})"],
  ["disjoint", "(set/intersection #{1} #{2})"],
  ["empty", "(set/intersection #{} #{1})"],
  ["nil", "(set/intersection nil #{1})"],
  ["set and nil", "(set/intersection #{1} nil)"],
  ["vector items", "(set/intersection #{[1] [2]} #{[2]})"],
  ["big sets", "(count (set/intersection (set (range 100)) (set (range 50 150))))"],
  ["vector is an error", "(set/intersection #{1 2} [1])", { differs: SETS_ONLY, expectError: "type" }],
  ["no args is an error", "(set/intersection)", { differs: LAX, expectError: "arity" }],
]);

t.group("difference", [
  ["two sets", "(set/difference #{1 2 3} #{2})"],
  ["three sets", "(set/difference #{1 2 3 4} #{1} #{4})"],
  ["one set", "(set/difference #{1 2})"],
  ["bigger second", "(set/difference #{1 2} #{2 3 4 5})"],
  ["all removed", "(set/difference #{1} #{1})"],
  ["nil first", "(set/difference nil #{1})"],
  ["nil second", "(set/difference #{1} nil)"],
  ["keywords", "(set/difference #{:a :b} #{:a})"],
  ["vector is an error", "(set/difference #{1 2} [1])", { differs: SETS_ONLY, expectError: "type" }],
]);

t.group("subset?", [
  ["subset", "(set/subset? #{1} #{1 2})"],
  ["equal", "(set/subset? #{1 2} #{1 2})"],
  ["not subset", "(set/subset? #{1 3} #{1 2})"],
  ["empty", "(set/subset? #{} #{1})"],
  ["nil", "(set/subset? nil #{1})"],
  ["bigger", "(set/subset? #{1 2 3} #{1})"],
  ["vector is an error", "(set/subset? [1] #{1})", { differs: SETS_ONLY, expectError: "type" }],
]);

t.group("superset?", [
  ["superset", "(set/superset? #{1 2} #{1})"],
  ["equal", "(set/superset? #{1} #{1})"],
  ["not superset", "(set/superset? #{1} #{2})"],
  ["of empty", "(set/superset? #{1} #{})"],
  ["nil", "(set/superset? #{1} nil)"],
]);

t.group("select", [
  ["even", "(set/select even? #{1 2 3 4})"],
  ["none", "(set/select neg? #{1 2})"],
  ["keyword pred", "(set/select :ok #{{:ok true :n 1} {:ok false :n 2}})"],
  ["nil", "(set/select even? nil)"],
  ["empty", "(set/select even? #{})"],
  ["set pred", "(set/select #{1 2} #{1 3})"],
  ["vector is an error", "(set/select even? [1 2])", { ptccError: "type" }],
]);

t.group("project", [
  ["one key", "(set/project [{:a 1 :b 2} {:a 1 :b 3}] [:a])"],
  ["two keys", "(set/project #{{:a 1 :b 2 :c 3}} [:a :c])"],
  ["missing keys", "(set/project #{{:a 1}} [:z])"],
  ["empty", "(set/project #{} [:a])"],
  ["nil", "(set/project nil [:a])"],
]);

t.group("rename-keys", [
  ["one", "(set/rename-keys {:a 1 :b 2} {:a :x})"],
  ["swap", "(set/rename-keys {:a 1 :b 2} {:a :b :b :a})"],
  ["missing old key", "(set/rename-keys {:a 1} {:z :y})"],
  ["onto existing key", "(set/rename-keys {:a 1 :b 2} {:a :b})"],
  ["empty kmap", "(set/rename-keys {:a 1} {})"],
  ["nil map", "(set/rename-keys nil {:a :b})"],
  ["to string key", '(set/rename-keys {:a 1} {:a "a"})'],
  [
    "JSON key found flexibly",
    '(set/rename-keys {"id" 1 "n" 2} {:id :user-id})',
    { differs: FLEX, expected: '{"n" 2, :user-id 1}' },
  ],
  ["vector is an error", "(set/rename-keys [1 2] {0 :a})", { ptccError: "type" }],
]);

t.group("rename", [
  ["rows", "(set/rename #{{:a 1 :b 2} {:a 3}} {:a :x})"],
  ["vector of rows", "(set/rename [{:a 1} {:a 1}] {:a :b})"],
  ["empty", "(set/rename #{} {:a :b})"],
]);

t.group("index", [
  ["by one key", "(set/index [{:a 1 :b 2} {:a 1 :b 3} {:a 2}] [:a])"],
  ["by two keys", "(set/index #{{:a 1 :b 2} {:a 1 :b 2 :c 3}} [:a :b])"],
  ["missing key", "(set/index #{{:a 1} {:b 2}} [:a])"],
  ["empty", "(set/index #{} [:a])"],
  ["lookup", "(get (set/index #{{:t :x :n 1} {:t :y :n 2}} [:t]) {:t :y})"],
]);

t.group("join", [
  ["natural", "(set/join #{{:id 1 :a 1}} #{{:id 1 :b 2}})"],
  ["natural no match", "(set/join #{{:id 1}} #{{:id 2}})"],
  ["natural many", "(set/join #{{:id 1 :n :a} {:id 2 :n :b}} #{{:id 1 :c 10} {:id 1 :c 11} {:id 3 :c 12}})"],
  ["natural no shared keys is a product", "(set/join #{{:a 1} {:a 2}} #{{:b 1}})"],
  ["natural empty", "(set/join #{} #{{:a 1}})"],
  ["with key map", '(set/join [{:uid 1 :n "x"}] [{:id 1 :k 2}] {:uid :id})'],
  ["with key map bigger left", "(set/join [{:uid 1} {:uid 2}] [{:id 2 :k :v}] {:uid :id})"],
  ["vectors of rows", "(set/join [{:k 1 :x 1}] [{:k 1 :y 2} {:k 2 :y 3}])"],
  ["clojure.set/join qualified", "(count (clojure.set/join #{{:a 1}} #{{:a 1}}))"],
  [
    "string join stays bare",
    '(join ", " [1 2])',
    { differs: "bare join is clojure.string/join in PTC-Lisp", expected: '"1, 2"' },
  ],
]);

t.group("map-invert", [
  ["basic", "(set/map-invert {:a 1 :b 2})"],
  ["collision later wins", "(set/map-invert {:a 1 :b 1})"],
  ["empty", "(set/map-invert {})"],
  ["nil", "(set/map-invert nil)"],
  ["vector values", "(set/map-invert {:a [1 2]})"],
]);

// ---------------------------------------------------------------------------------------
// clojure.walk, tree-seq, flatten

t.group("walk", [
  ["vector", "(walk/walk inc #(apply + %) [1 2 3])"],
  ["list stays a list", "(walk/walk inc identity '(1 2))"],
  ["list? of result", "(list? (walk/walk identity identity '(1 2)))"],
  ["seq", "(walk/walk inc identity (map identity [1 2]))"],
  ["map entries", "(walk/walk (fn [[k v]] [k (inc v)]) identity {:a 1 :b 2})"],
  ["set", "(walk/walk inc identity #{1 2})"],
  ["scalar", "(walk/walk inc str 5)"],
  ["entries removed with nil", "(walk/walk (fn [[k v]] (when (odd? v) [k v])) identity {:a 1 :b 2})"],
  ["entries returned as maps", "(walk/walk (fn [[k v]] {k v :extra 0}) identity {:a 1})"],
  ["nil", "(walk/walk inc identity nil)"],
  ["empty vector", "(walk/walk inc identity [])"],
  ["outer count", "(walk/walk identity count {:a 1 :b 2})"],
  ["map entries must be pairs", "(walk/walk (fn [e] 1) identity {:a 1})", { ptccError: "type" }],
]);

t.group("postwalk", [
  ["inc numbers", "(walk/postwalk #(if (number? %) (inc %) %) {:a [1 2] :b 3})"],
  ["nested vectors", "(walk/postwalk #(if (vector? %) (reduce + %) %) [1 [2 3] [4 [5]]])"],
  [
    "sees map entries as vectors",
    "(walk/postwalk #(if (and (vector? %) (keyword? (first %))) [(first %) :x] %) {:a 1})",
  ],
  ["keys too", "(walk/postwalk #(if (keyword? %) (name %) %) {:a {:b 1}})"],
  ["lists", "(walk/postwalk #(if (number? %) (* 10 %) %) '(1 (2 3)))"],
  ["sets", "(walk/postwalk #(if (number? %) (* 10 %) %) #{1 #{2}})"],
  ["nil", "(walk/postwalk identity nil)"],
  ["scalar", "(walk/postwalk inc 1)"],
  ["collect with reduce", "(walk/postwalk #(if (map? %) (dissoc % :secret) %) {:a {:secret 1 :b 2} :secret 3})"],
  ["strings untouched", '(walk/postwalk #(if (string? %) (str/upper-case %) %) ["a" {:b "c"}])'],
  ["lazy seqs", "(walk/postwalk #(if (number? %) (inc %) %) (map identity [1 2]))"],
]);

t.group("prewalk", [
  ["remove nils", "(walk/prewalk #(if (vector? %) (vec (remove nil? %)) %) [1 nil [2 nil]])"],
  ["replace before descending", "(walk/prewalk #(if (= % [1 2]) [:x] %) [[1 2] [3]])"],
  ["inc numbers", "(walk/prewalk #(if (number? %) (inc %) %) {:a [1 {:b 2}]})"],
  ["expands then walks new children", "(walk/prewalk #(if (= % :x) [:y :y] %) [:x])"],
  ["nil", "(walk/prewalk identity nil)"],
  ["maps", "(walk/prewalk #(if (map? %) (assoc % :seen true) %) {:a {:b 1}})"],
]);

t.group("keywordize-keys", [
  ["nested", '(walk/keywordize-keys {"a" {"b" 1}})'],
  ["in vectors", '(walk/keywordize-keys [{"a" 1} {"b" [{"c" 2}]}])'],
  ["non-string keys kept", '(walk/keywordize-keys {1 2 :k 3 "s" 4})'],
  ["values untouched", '(walk/keywordize-keys {"a" "b"})'],
  ["nil", "(walk/keywordize-keys nil)"],
  ["namespaced", '(keys (walk/keywordize-keys {"a/b" 1}))'],
  ["then keyword lookup", '(:x (walk/keywordize-keys {"x" 5}))'],
  ["in a list", '(walk/keywordize-keys (list {"a" 1}))'],
  ["colliding keys", '(count (walk/keywordize-keys {"a" 1 :a 2}))'],
  ["set of maps", '(walk/keywordize-keys #{{"a" 1}})'],
]);

t.group("stringify-keys", [
  ["nested", "(walk/stringify-keys {:a {:b 1}})"],
  ["in vectors", "(walk/stringify-keys [{:a 1}])"],
  ["namespace dropped", "(walk/stringify-keys {:x/a 1})"],
  ["non-keyword keys kept", '(walk/stringify-keys {1 2 "s" 3})'],
  ["nil", "(walk/stringify-keys nil)"],
  ["values untouched", "(walk/stringify-keys {:a :b})"],
]);

t.group("prewalk-replace", [
  ["keywords", "(walk/prewalk-replace {:a :x} [:a [:b :a]])"],
  ["numbers in a map", "(walk/prewalk-replace {1 :one} {:a 1 :b [1 2]})"],
  ["replace a subtree", "(walk/prewalk-replace {[1 2] :pair} [[1 2] 3])"],
  ["no match", "(walk/prewalk-replace {:z 1} [:a])"],
  ["empty smap", "(walk/prewalk-replace {} [1 2])"],
  ["in a list", "(walk/prewalk-replace {'x 10} '(+ x 1))"],
]);

t.group("postwalk-replace", [
  ["numbers", "(walk/postwalk-replace {1 :one} {:a 1 :b [1 2]})"],
  ["keys too", "(walk/postwalk-replace {:a :b} {:a 1})"],
  ["built subtree matches", "(walk/postwalk-replace {[1 2] :pair} [[1 2] 3])"],
  ["nested", "(walk/postwalk-replace {:x 0} [:x [:x [:x]]])"],
  ["nil smap", "(walk/postwalk-replace nil [1])"],
]);

t.group("tree-seq", [
  ["nested vectors", "(tree-seq vector? seq [1 [2 3]])"],
  ["leaf root", "(tree-seq vector? seq 1)"],
  ["maps with keyword children", "(map :id (tree-seq :kids :kids {:id 1 :kids [{:id 2 :kids [{:id 3}]} {:id 4}]}))"],
  ["depth first order", "(tree-seq sequential? seq [[1 [2]] [3]])"],
  ["count nodes", "(count (tree-seq coll? seq {:a [1 2] :b {:c 3}}))"],
  ["infinite tree", "(take 5 (tree-seq (constantly true) (fn [n] [(* 2 n) (inc (* 2 n))]) 1))"],
  ["lazy children", "(take 6 (tree-seq number? #(range (inc %) (+ % 3)) 0))"],
  ["filter leaves", "(filter number? (tree-seq vector? identity [1 [2 [3]]]))"],
  ["nil root", "(tree-seq seq? seq nil)"],
  ["empty branch", "(tree-seq vector? seq [])"],
  ["big tree", "(count (tree-seq vector? seq (vec (repeat 100 [1 2]))))"],
  ["children not a collection", "(tree-seq vector? count [[1]])", { ptccError: "type" }],
]);

t.group("flatten", [
  ["nested vectors", "(flatten [1 [2 [3 [4]]]])"],
  ["lists", "(flatten '(1 (2 (3))))"],
  ["maps stay whole", "(flatten [1 {:a [2]}])"],
  ["sets stay whole", "(flatten [#{1} [2]])"],
  ["strings stay whole", '(flatten ["ab" ["c"]])'],
  ["nil", "(flatten nil)"],
  ["empty", "(flatten [])"],
  ["nested empties", "(flatten [[] [[]] 1])"],
  ["scalar", "(flatten 5)"],
  ["map itself", "(flatten {:a 1})"],
  ["nils kept", "(flatten [nil [nil]])"],
  ["lazy nested", "(flatten [(map inc [1 2]) [3]])"],
  ["infinite", "(take 5 (flatten (map (fn [x] [x [x]]) (range))))"],
  ["infinite inside vector", "(take 3 (flatten [0 (range)]))"],
  ["deep", "(flatten (reduce (fn [acc x] [acc x]) [] (range 50)))"],
  ["mixed", "(flatten [1 '(2 [3]) (list 4) [[[5]]]])"],
  ["very deep empty", "(count (flatten (reduce (fn [a _] [a]) [] (range 5000))))"],
  ["very deep with leaf", "(flatten (reduce (fn [a _] [a]) [:leaf] (range 3000)))"],
  ["big", "(count (flatten (repeat 200 [1 [2 3] '(4)])))"],
  ["seq of vectors", "(flatten (map (fn [x] [x (* x x)]) [1 2 3]))"],
]);

// ---------------------------------------------------------------------------------------
// PTC extensions (checked against their documented results)

t.group("sum", [
  ["ints", "(sum [1 2 3])", { differs: EXT, expected: "6" }],
  ["floats", "(sum [1 2.5])", { differs: EXT, expected: "3.5" }],
  ["integral float", "(sum [1.5 1.5])", { differs: EXT, expected: "3.0" }],
  ["empty", "(sum [])", { differs: EXT, expected: "0" }],
  ["nil", "(sum nil)", { differs: EXT, expected: "0" }],
  ["nils skipped", "(sum [1 nil 2])", { differs: EXT, expected: "3" }],
  ["lazy", "(sum (map inc [1 2]))", { differs: EXT, expected: "5" }],
  ["range", "(sum (range 101))", { differs: EXT, expected: "5050" }],
  ["set", "(sum #{1 2})", { differs: EXT, expected: "3" }],
  ["string item is an error", '(sum [1 "2"])', { differs: EXT, expectError: "type" }],
  ["a map is an error", "(sum {:a 1})", { differs: EXT, expectError: "type" }],
]);

t.group("avg", [
  ["ints", "(avg [1 2 3 4])", { differs: EXT, expected: "2.5" }],
  ["integral mean is a float", "(avg [1 2 3])", { differs: EXT, expected: "2.0" }],
  ["empty", "(avg [])", { differs: EXT, expected: "nil" }],
  ["nil", "(avg nil)", { differs: EXT, expected: "nil" }],
  ["nils skipped", "(avg [nil 4 nil 2])", { differs: EXT, expected: "3.0" }],
  ["only nils", "(avg [nil])", { differs: EXT, expected: "nil" }],
  ["keyword item is an error", "(avg [:a])", { differs: EXT, expectError: "type" }],
]);

t.group("sum-by", [
  ["keyword", "(sum-by :amount [{:amount 5} {:amount 7}])", { differs: EXT, expected: "12" }],
  ["missing skipped", "(sum-by :amount [{:amount 5} {}])", { differs: EXT, expected: "5" }],
  ["string key", '(sum-by "n" [{"n" 1} {"n" 2}])', { differs: EXT, expected: "3" }],
  ["keyword on JSON keys", '(sum-by :n [{"n" 1} {"n" 2}])', { differs: EXT, expected: "3" }],
  ["path", "(sum-by [:a :b] [{:a {:b 1}} {:a {:b 2}}])", { differs: EXT, expected: "3" }],
  ["function", "(sum-by count [[1] [1 2]])", { differs: EXT, expected: "3" }],
  ["empty", "(sum-by :a [])", { differs: EXT, expected: "0" }],
  ["floats", "(sum-by :p [{:p 0.5} {:p 0.25}])", { differs: EXT, expected: "0.75" }],
  ["map entries by val", "(sum-by val {:a 1 :b 2})", { differs: EXT, expected: "3" }],
  ["vector items by index", "(sum-by first [[1 :a] [2 :b]])", { differs: EXT, expected: "3" }],
  ["string field is an error", '(sum-by :a [{:a "1"}])', { differs: EXT, expectError: "type" }],
  ["number key is an error", "(sum-by 1 [{:a 1}])", { differs: EXT, expectError: "type" }],
]);

t.group("avg-by", [
  ["keyword", "(avg-by :score [{:score 1} {:score 2}])", { differs: EXT, expected: "1.5" }],
  ["missing skipped", "(avg-by :s [{:s 4} {} {:s 2}])", { differs: EXT, expected: "3.0" }],
  ["none", "(avg-by :s [{}])", { differs: EXT, expected: "nil" }],
  ["function", "(avg-by count [[1] [1 2 3]])", { differs: EXT, expected: "2.0" }],
  ["path", '(avg-by ["a" "b"] [{"a" {"b" 3}}])', { differs: EXT, expected: "3.0" }],
]);

t.group("min-by", [
  ["keyword", "(min-by :age [{:age 30} {:age 20} {:age 25}])", { differs: EXT, expected: "{:age 20}" }],
  ["nil fields skipped", "(min-by :age [{:age 30} {} {:age nil}])", { differs: EXT, expected: "{:age 30}" }],
  ["first of ties", "(min-by :a [{:a 1 :i 0} {:a 1 :i 1}])", { differs: EXT, expected: "{:a 1, :i 0}" }],
  ["empty", "(min-by :a [])", { differs: EXT, expected: "nil" }],
  ["variadic items", "(min-by count [1 2] [3] [4 5 6])", { differs: EXT, expected: "[3]" }],
  [
    "strings compare",
    '(min-by :d [{:d "2024-02-01"} {:d "2023-12-31"}])',
    { differs: EXT, expected: '{:d "2023-12-31"}' },
  ],
  ["function", "(min-by - [1 5 3])", { differs: EXT, expected: "5" }],
]);

t.group("max-by", [
  ["keyword", "(max-by :age [{:age 30} {:age 20}])", { differs: EXT, expected: "{:age 30}" }],
  ["empty", "(max-by :p [])", { differs: EXT, expected: "nil" }],
  ["all nil", "(max-by :p [{} {}])", { differs: EXT, expected: "nil" }],
  ["first of ties", "(max-by :a [{:a 2 :i 0} {:a 2 :i 1}])", { differs: EXT, expected: "{:a 2, :i 0}" }],
  ["JSON keys", '(max-by :n [{"n" 1} {"n" 9}])', { differs: EXT, expected: '{"n" 9}' }],
  ["variadic", "(max-by :n {:n 1} {:n 3} {:n 2})", { differs: EXT, expected: "{:n 3}" }],
  ["path", "(max-by [:s :v] [{:s {:v 1}} {:s {:v 2}}])", { differs: EXT, expected: "{:s {:v 2}}" }],
  ["mixed types is an error", '(max-by :a [{:a 1} {:a "x"}])', { differs: EXT, expectError: "type" }],
  ["map entries by val", "(max-by val {:a 1 :b 3 :c 2})", { differs: EXT, expected: "[:b 3]" }],
  ["lazy", "(max-by - (range 5))", { differs: EXT, expected: "0" }],
]);

t.group("distinct-by", [
  ["keyword", "(distinct-by :k [{:k 1 :i 0} {:k 1 :i 1} {:k 2}])", { differs: EXT, expected: "({:k 1, :i 0} {:k 2})" }],
  ["function", "(distinct-by count [[1] [2] [1 2]])", { differs: EXT, expected: "([1] [1 2])" }],
  ["nil field counts once", "(distinct-by :k [{} {:k nil} {:k 1}])", { differs: EXT, expected: "({} {:k 1})" }],
  ["empty", "(distinct-by :k [])", { differs: EXT, expected: "()" }],
  ["infinite", "(take 3 (distinct-by #(mod % 5) (range)))", { differs: EXT, expected: "(0 1 2)" }],
  ["infinite, few keys", "(take 5 (distinct-by #(mod % 5) (range)))", { differs: EXT, expected: "(0 1 2 3 4)" }],
  [
    "string key on JSON",
    '(distinct-by "t" [{"t" 1} {"t" 1} {"t" 2}])',
    { differs: EXT, expected: '({"t" 1} {"t" 2})' },
  ],
  ["path", "(distinct-by [:a :b] [{:a {:b 1}} {:a {:b 1}}])", { differs: EXT, expected: "({:a {:b 1}})" }],
  ["vector keys compare by value", "(distinct-by :k [{:k [1]} {:k '(1)}])", { differs: EXT, expected: "({:k [1]})" }],
]);

t.group("pluck", [
  ["keyword", '(pluck :name [{:name "a"} {:name "b"}])', { differs: EXT, expected: '("a" "b")' }],
  ["missing is nil", "(pluck :a [{:a 1} {}])", { differs: EXT, expected: "(1 nil)" }],
  ["string key", '(pluck "a" [{"a" 1}])', { differs: EXT, expected: "(1)" }],
  ["path", "(pluck [:u :id] [{:u {:id 1}} {}])", { differs: EXT, expected: "(1 nil)" }],
  ["JSON keys", '(pluck :id [{"id" 1} {"id" 2}])', { differs: EXT, expected: "(1 2)" }],
  ["empty", "(pluck :a [])", { differs: EXT, expected: "()" }],
  ["nil", "(pluck :a nil)", { differs: EXT, expected: "()" }],
  ["infinite", "(take 2 (pluck :n (map (fn [i] {:n i}) (range))))", { differs: EXT, expected: "(0 1)" }],
  ["one map is an error", "(pluck :a {:a 1})", { differs: EXT, expectError: "type" }],
]);

t.group("zip", [
  ["pairs", "(zip [1 2 3] [:a :b])", { differs: EXT, expected: "[[1 :a] [2 :b]]" }],
  ["infinite", "(zip (range) [:x :y])", { differs: EXT, expected: "[[0 :x] [1 :y]]" }],
  ["empty", "(zip [] [1])", { differs: EXT, expected: "[]" }],
  ["nil", "(zip nil nil)", { differs: EXT, expected: "[]" }],
  ["three", "(zip [1 2] [3 4] [5 6])", { differs: EXT, expected: "[[1 3 5] [2 4 6]]" }],
  ["string", '(zip "ab" [1 2])', { differs: EXT, expected: "[[\\a 1] [\\b 2]]" }],
  ["number is an error", "(zip 1 [1])", { differs: EXT, expectError: "type" }],
]);

t.group("combinations", [
  ["pairs", "(combinations [1 2 3] 2)", { differs: EXT, expected: "[[1 2] [1 3] [2 3]]" }],
  ["zero", "(combinations [1 2] 0)", { differs: EXT, expected: "[[]]" }],
  ["all", "(combinations [1 2] 2)", { differs: EXT, expected: "[[1 2]]" }],
  ["too many", "(combinations [1 2] 3)", { differs: EXT, expected: "[]" }],
  ["singles", "(combinations [:a :b] 1)", { differs: EXT, expected: "[[:a] [:b]]" }],
  ["count", "(count (combinations (range 10) 3))", { differs: EXT, expected: "120" }],
  ["swapped arguments", "(combinations 2 [1 2 3])", { differs: EXT, expected: "[[1 2] [1 3] [2 3]]" }],
  ["negative is an error", "(combinations [1] -1)", { differs: EXT, expectError: "runtime" }],
  ["huge is a limit error", "(count (combinations (range 100) 50))", { differs: EXT, expectError: "limit" }],
]);

t.group("entries", [
  ["map", "(entries {:a 1 :b 2})", { differs: EXT, expected: "[[:a 1] [:b 2]]" }],
  ["empty", "(entries {})", { differs: EXT, expected: "[]" }],
  ["nil", "(entries nil)", { differs: EXT, expected: "[]" }],
  ["vector is an error", "(entries [1])", { differs: EXT, expectError: "type" }],
]);

export const CASES = t.cases;
