/**
 * Conformance cases for the sequence builtins (sequences.ts, seq-access.ts,
 * generators.ts); see case.ts for the markings.
 */
import { CaseTable } from "./case.js";

const t = new CaseTable();

const EAGER = "ptcc computes over realized collections at once (docs: Laziness); Clojure's result is a lazy seq";
const NBB_LAX = "nbb (ClojureScript) accepts this; JVM Clojure throws, as ptcc does";
const JVM_INT = "JVM Clojure truncates a comparator's number result to an int (Comparator.compare); nbb uses it as is";
const JS_NUMBERS = "nbb numbers are JS doubles: no int/float distinction";
const CHUNKED = "ClojureScript does not chunk seqs over small vectors; JVM Clojure (and ptcc) realize 32 at a time";
const RATIO_COUNT = "without ratios a fractional count is a float; ptcc counts it down like take does";

// ---------------------------------------------------------------------------------------
// map family

t.group("map", [
  ["one coll", "(map inc [1 2 3])"],
  ["empty vector", "(map inc [])"],
  ["nil coll", "(map inc nil)"],
  ["list", "(map inc '(1 2 3))"],
  ["set", "(sort (map inc #{1 2 3}))"],
  ["map entries", "(map (fn [[k v]] [v k]) {:a 1 :b 2})"],
  ["map key fn", "(map key {:a 1 :b 2})"],
  ["string chars", '(map int "abc")', { differs: "nbb characters are strings", expected: "(97 98 99)" }],
  ["string chars to strings", '(map str "abc")'],
  ["keyword as fn", "(map :a [{:a 1} {:a 2} {}])"],
  [
    "keyword as fn on string keys",
    '(map :id [{"id" 1} {"id" 2}])',
    { differs: "ptcc keyword lookups also find string keys (JSON data)", expected: "(1 2)" },
  ],
  ["set as fn", "(map #{1 3} [1 2 3])"],
  ["map as fn", "(map {:a 1 :b 2} [:a :b :c])"],
  ["vector as fn", "(map [10 20 30] [2 0 1])"],
  ["two colls", "(map + [1 2 3] [10 20 30])"],
  ["two colls, shortest wins", "(map + [1 2 3] [10 20])"],
  ["three colls", "(map + [1 2] [10 20] [100 200])"],
  ["four colls", "(map vector [1 2] [3 4] [5 6] [7 8])"],
  ["five colls", "(map list [1] [2] [3] [4] [5])"],
  ["one empty among many", "(map + [1 2] [] [3 4])"],
  ["nil among many", "(map + [1 2] nil)"],
  ["vector pairs", "(map vector [:a :b :c] [1 2 3])"],
  ["infinite range", "(take 5 (map inc (range)))"],
  ["infinite and finite", "(map vector (range) [:a :b :c])"],
  ["two infinite", "(take 3 (map + (range) (range 10 100)))"],
  ["over iterate", "(take 4 (map #(* % %) (iterate inc 1)))"],
  ["lazy over lazy", "(take 3 (map inc (map inc (range))))"],
  ["over lazy finite", "(map inc (filter odd? (range 10)))"],
  ["nested", "(map (fn [xs] (map inc xs)) [[1 2] [3]])"],
  ["fn returns nil", "(map (constantly nil) [1 2])"],
  ["result is a seq", "(seq? (map inc [1]))"],
  ["empty result prints ()", "(pr-str (map inc []))"],
  ["equals vector", "(= [2 3] (map inc [1 2]))"],
  ["count of a lazy map", "(count (map inc (range 100)))"],
  ["unicode strings", '(map count ["日本" "😀" ""])'],
  ["range 40 (more than a chunk)", "(last (map inc (range 40)))"],
  ["not a collection", "(map inc 5)", { ptccError: "type" }],
  ["not a function", "(map 5 [1 2])", { ptccError: "type" }],
  ["error inside f", "(map inc [1 :a])", { differs: NBB_LAX, expectError: "type" }],
]);

t.group("mapv", [
  ["basic", "(mapv inc [1 2 3])"],
  ["empty", "(mapv inc [])"],
  ["nil", "(mapv inc nil)"],
  ["is a vector", "(vector? (mapv inc '(1)))"],
  ["two colls", "(mapv + [1 2] [3 4 5])"],
  ["three colls", "(mapv vector [1 2] [3 4] [5 6])"],
  ["map entries", "(mapv first {:a 1})"],
  ["string", '(mapv str "ab")'],
  ["keyword fn", "(mapv :n [{:n 1} {:n 2}])"],
  ["over range", "(mapv inc (range 3))"],
  ["finite from infinite", "(mapv + (range) [10 20])"],
  ["over lazy", "(mapv inc (take 3 (iterate inc 0)))"],
  ["not a coll", "(mapv inc :a)", { ptccError: "type" }],
]);

t.group("map-indexed", [
  ["basic", "(map-indexed vector [:a :b :c])"],
  ["empty", "(map-indexed vector [])"],
  ["nil", "(map-indexed vector nil)"],
  ["string", '(map-indexed (fn [i c] (str i c)) "ab")'],
  ["arithmetic", "(map-indexed + [10 20 30])"],
  ["map entries", "(map-indexed (fn [i [k v]] [i k v]) {:a 1})"],
  ["infinite", "(take 3 (map-indexed vector (repeat :x)))"],
  ["lazy more than a chunk", "(last (map-indexed vector (range 40)))"],
  ["over iterate", "(take 3 (map-indexed * (iterate inc 5)))"],
  ["into a map", "(into {} (map-indexed vector [:a :b]))"],
  ["not a coll", "(map-indexed vector 3)", { ptccError: "type" }],
]);

t.group("filter", [
  ["basic", "(filter even? [1 2 3 4])"],
  ["none", "(filter even? [1 3])"],
  ["empty", "(filter even? [])"],
  ["nil", "(filter even? nil)"],
  ["keyword pred", "(filter :ok [{:ok true} {:ok false} {}])"],
  ["set pred", "(filter #{:a :c} [:a :b :c :a])"],
  ["map pred", "(filter {:a true :b false} [:a :b :c])"],
  ["nil and false are falsy", '(filter identity [0 nil false \'() ""])'],
  ["map entries", "(filter (fn [[k v]] (> v 1)) {:a 1 :b 2 :c 3})"],
  ["string chars", '(filter #(not= % \\a) "banana")'],
  ["set input", "(sort (filter odd? #{1 2 3 4 5}))"],
  ["infinite", "(take 3 (filter odd? (range)))"],
  ["sparse infinite", "(first (filter #(> % 1000) (range)))"],
  ["lazy finite", "(filter even? (map inc (range 10)))"],
  ["over iterate", "(take 3 (filter even? (iterate inc 1)))"],
  ["nested filters", "(take 2 (filter #(zero? (mod % 3)) (filter even? (range))))"],
  ["not a coll", "(filter even? 1)", { ptccError: "type" }],
]);

t.group("filterv", [
  ["basic", "(filterv even? [1 2 3 4])"],
  ["empty", "(filterv even? [])"],
  ["nil", "(filterv even? nil)"],
  ["is a vector", "(vector? (filterv odd? '(1 2)))"],
  ["keyword", "(filterv :a [{:a 1} {:b 2}])"],
  ["from range", "(filterv odd? (range 6))"],
  ["map entries", "(filterv (comp odd? val) {:a 1 :b 2})"],
  ["not a coll", "(filterv odd? 5)", { ptccError: "type" }],
]);

t.group("remove", [
  ["basic", "(remove even? [1 2 3 4])"],
  ["nil items", "(remove nil? [1 nil 2 nil])"],
  ["empty", "(remove even? [])"],
  ["nil", "(remove even? nil)"],
  ["set pred", "(remove #{:b} [:a :b :c])"],
  ["keyword pred", "(remove :done [{:done true :id 1} {:id 2}])"],
  ["infinite", "(take 3 (remove odd? (range)))"],
  ["string", '(apply str (remove #{\\a} "banana"))'],
  ["not a coll", "(remove odd? 5)", { ptccError: "type" }],
]);

t.group("keep", [
  ["basic", "(keep #(when (odd? %) (* % 10)) [1 2 3])"],
  ["keeps false", "(keep identity [1 nil false 2])"],
  ["keyword", "(keep :a [{:a 1} {:b 2} {:a 3}])"],
  ["empty", "(keep identity [])"],
  ["nil", "(keep identity nil)"],
  ["all nil", "(keep (constantly nil) [1 2 3])"],
  ["map entries", "(keep (fn [[k v]] (when (> v 1) k)) {:a 1 :b 2})"],
  ["infinite", "(take 3 (keep #(when (even? %) %) (range)))"],
  ["lazy finite", "(keep #(when (pos? %) %) (range -3 3))"],
  ["set as fn", "(keep #{1 2} [1 5 2 7])"],
  ["not a coll", "(keep identity 1)", { ptccError: "type" }],
]);

t.group("keep-indexed", [
  ["basic", "(keep-indexed (fn [i x] (when (even? i) x)) [:a :b :c :d])"],
  ["indexes", "(keep-indexed (fn [i x] (when (= x :b) i)) [:a :b :c :b])"],
  ["keeps false", "(keep-indexed (fn [i x] (odd? i)) [:a :b :c])"],
  ["empty", "(keep-indexed vector [])"],
  ["nil", "(keep-indexed vector nil)"],
  ["infinite", "(take 3 (keep-indexed (fn [i x] (when (zero? (mod i 5)) x)) (range 100 1000)))"],
  ["string", '(keep-indexed (fn [i c] (when (= c \\a) i)) "banana")'],
  ["not a coll", "(keep-indexed vector 2)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// reduce family

t.group("reduce", [
  ["sum", "(reduce + [1 2 3 4])"],
  ["with init", "(reduce + 10 [1 2 3])"],
  ["empty calls (f)", "(reduce + [])"],
  ["empty with init", "(reduce + 5 [])"],
  ["nil coll", "(reduce + nil)"],
  ["nil coll with init", "(reduce + 7 nil)"],
  ["empty calls (f): vector", "(reduce conj [])"],
  ["one item: f not called", "(reduce (fn [a b] (/ a 0)) [42])"],
  ["one item returned as is", "(reduce + [:a])"],
  ["one item with init calls f", "(reduce conj [] [1])"],
  ["conj into vector", "(reduce conj [] '(1 2 3))"],
  ["conj into list", "(reduce conj '() [1 2 3])"],
  ["max", "(reduce max [3 9 2])"],
  ["str", '(reduce str ["a" "b" "c"])'],
  ["string chars", '(reduce str "abc")'],
  ["string chars with init", '(reduce (fn [n c] (inc n)) 0 "héllo")'],
  ["map entries", "(reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2 :c 3})"],
  ["map entries 2-arity", "(reduce (fn [a b] (if (vector? a) 1 2)) {:a 1 :b 2})"],
  ["set", "(reduce + #{1 2 3})"],
  ["build a map", "(reduce (fn [m x] (assoc m x (* x x))) {} [1 2 3])"],
  ["range", "(reduce + (range 101))"],
  ["float init keeps a float", "(reduce + 0.0 [1 2])", { differs: JS_NUMBERS, expected: "3.0" }],
  ["large range", "(reduce + (range 100000))"],
  ["float range", "(reduce + (range 0 1 0.25))"],
  ["lazy seq", "(reduce + (map inc [1 2 3]))"],
  ["lazy filter of range", "(reduce + (filter even? (range 10)))"],
  ["iterate with take", "(reduce * (take 5 (iterate inc 1)))"],
  ["reduced stops", "(reduce (fn [acc x] (if (> acc 10) (reduced acc) (+ acc x))) 0 [1 2 3 4 5 6 7 8])"],
  ["reduced on an infinite range", "(reduce (fn [acc x] (if (>= x 5) (reduced acc) (+ acc x))) 0 (range))"],
  ["reduced on iterate", "(reduce (fn [_ x] (if (> x 100) (reduced x) x)) (iterate #(* 2 %) 1))"],
  ["reduced in 2-arity", "(reduce (fn [a b] (reduced :stop)) [1 2 3])"],
  ["reduced with nil", "(reduce (fn [a b] (reduced nil)) 0 [1 2])"],
  ["reduced first step", "(reduce (fn [a b] (reduced [a b])) :init [1 2])"],
  ["reduced over a map", "(reduce (fn [acc [k v]] (if (= k :b) (reduced v) acc)) nil {:a 1 :b 2 :c 3})"],
  ["reduced over a string", '(reduce (fn [n c] (if (= c \\x) (reduced n) (inc n))) 0 "abxcd")'],
  ["nested reduce", "(reduce + (map #(reduce + %) [[1 2] [3 4]]))"],
  ["keyword as f", "(reduce :a [{:a 1} {:b 2}])"],
  ["f with wrong arity", "(reduce (fn [x] x) [1 2])", { differs: NBB_LAX, expectError: "arity" }],
  ["not a coll", "(reduce + 5)", { ptccError: "type" }],
  ["not a coll with init", "(reduce + 0 :a)", { ptccError: "type" }],
  ["not a function", "(reduce 5 [1 2])", { ptccError: "type" }],
]);

t.group("reduced", [
  ["reduced? of reduced", "(reduced? (reduced 1))"],
  ["reduced? of value", "(reduced? 1)"],
  ["reduced? of nil", "(reduced? nil)"],
  ["reduced? of vector", "(reduced? [1])"],
  ["unreduced of reduced", "(unreduced (reduced 5))"],
  ["unreduced of value", "(unreduced 5)"],
  ["unreduced of nil", "(unreduced nil)"],
  ["unreduced of reduced nil", "(unreduced (reduced nil))"],
  ["ensure-reduced of value", "(unreduced (ensure-reduced 3))"],
  ["ensure-reduced is reduced", "(reduced? (ensure-reduced 3))"],
  ["ensure-reduced of reduced is not double-wrapped", "(unreduced (ensure-reduced (reduced 3)))"],
  ["reduced of a collection", "(unreduced (reduced [1 2]))"],
  ["reduce returns the unwrapped value", "(reduce (fn [_ _] (reduced [:done])) 0 [1])"],
  ["reductions with reduced", "(reductions (fn [a x] (if (> a 5) (reduced a) (+ a x))) [1 2 3 4 5])"],
  ["run! stops at reduced", "(run! (fn [x] (if (> x 2) (reduced x) (println x))) [1 2 3 4])"],
]);

t.group("reductions", [
  ["basic", "(reductions + [1 2 3 4])"],
  ["with init", "(reductions + 10 [1 2 3])"],
  ["empty calls (f)", "(reductions + [])"],
  ["empty with init", "(reductions + 5 [])"],
  ["nil", "(reductions + nil)"],
  ["nil with init", "(reductions conj [] nil)"],
  ["one item", "(reductions + [7])"],
  ["conj", "(reductions conj [] [1 2 3])"],
  ["max so far", "(reductions max [3 1 4 1 5 9 2 6])"],
  ["string", '(reductions str "abc")'],
  ["map entries", "(reductions (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})"],
  ["infinite", "(take 5 (reductions + (range)))"],
  ["infinite with init", "(take 4 (reductions * 1 (iterate inc 1)))"],
  ["lazy finite", "(reductions + (filter odd? (range 10)))"],
  ["more than a chunk", "(last (reductions + (range 100)))"],
  ["reduced init", "(reductions + (reduced 5) [1 2])"],
  ["reduced stops on lazy", "(reductions (fn [a x] (if (> x 3) (reduced a) (+ a x))) 0 (range))"],
  ["not a coll", "(reductions + 5)", { ptccError: "type" }],
]);

t.group("range", [
  ["end", "(range 5)"],
  ["zero", "(range 0)"],
  ["negative end", "(range -3)"],
  ["start end", "(range 2 6)"],
  ["start equals end", "(range 3 3)"],
  ["start after end", "(range 6 2)"],
  ["step", "(range 0 10 3)"],
  ["negative step", "(range 10 0 -3)"],
  ["negative step, wrong direction", "(range 0 10 -1)"],
  ["negative numbers", "(range -5 -1)"],
  ["float step", "(range 0 1 0.25)"],
  ["float start", "(range 0.5 3)"],
  ["float end", "(range 2.5)"],
  ["float step accumulates", "(range 0 0.5 0.1)"],
  ["count of a float range walks it", "(count (range 0.0 1 0.1))"],
  ["count of an int-start float range", "(count (range 0 1 0.1))"],
  ["last of a float range", "(last (range 0.5 1.5 0.1))"],
  ["float range backwards", "(range 3 0 -0.5)"],
  ["int start, float step: JVM types", "(range 0 2 0.5)", { differs: JS_NUMBERS, expected: "(0 0.5 1.0 1.5)" }],
  ["float start: JVM types", "(range 1.0 3)", { differs: JS_NUMBERS, expected: "(1.0 2.0)" }],
  ["float end keeps integers", "(range 2.5)", { differs: JS_NUMBERS, expected: "(0 1 2)" }],
  ["float zero step repeats a float", "(take 2 (range 1.0 2 0))", { differs: JS_NUMBERS, expected: "(1.0 1.0)" }],
  ["infinite float range", "(take 3 (range 0.5 ##Inf 1))"],
  ["infinite", "(take 3 (range))"],
  ["infinite from start", "(take 3 (drop 1000 (range)))"],
  ["count", "(count (range 100))"],
  ["count with step", "(count (range 0 100 7))"],
  ["zero step repeats start", "(take 3 (range 1 5 0))"],
  ["zero step equal bounds", "(range 5 5 0)"],
  ["nth", "(nth (range 10 20) 5)"],
  ["last", "(last (range 1000))"],
  ["into vector", "(into [] (range 3))"],
  ["sum of large range", "(reduce + (range 1000000))"],
  ["equals list", "(= (range 3) '(0 1 2))"],
  ["not a number", "(range :a)", { differs: NBB_LAX, expectError: "type" }],
  ["nil end", "(range nil)", { differs: NBB_LAX, expectError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// take, drop and friends

t.group("take", [
  ["basic", "(take 2 [1 2 3])"],
  ["more than there are", "(take 10 [1 2])"],
  ["zero", "(take 0 [1 2])"],
  ["negative", "(take -1 [1 2])"],
  ["nil", "(take 3 nil)"],
  ["empty", "(take 3 [])"],
  ["list", "(take 2 '(1 2 3))"],
  ["string", '(take 2 "héllo")'],
  ["map", "(take 1 {:a 1})"],
  ["infinite range", "(take 4 (range))"],
  ["iterate", "(take 4 (iterate #(* 2 %) 1))"],
  ["repeat", "(take 3 (repeat :x))"],
  ["cycle", "(take 5 (cycle [1 2 3]))"],
  ["take of take", "(take 2 (take 5 (range)))"],
  ["more than a chunk of a lazy seq", "(count (take 100 (range)))"],
  ["is lazy: take 0 of an error-free infinite seq", "(take 0 (range))"],
  ["fractional count rounds up", "(take 2.5 [1 2 3 4])", { differs: RATIO_COUNT, expected: "(1 2 3)" }],
  ["half of a count", "(take (/ (count [1 2 3 4 5]) 2) [1 2 3 4 5])", { differs: RATIO_COUNT, expected: "(1 2 3)" }],
  ["float count", "(take 2.0 [1 2 3])"],
  ["nil count", "(take nil [1 2])", { differs: NBB_LAX, expectError: "type" }],
  ["not a coll", "(take 2 5)", { ptccError: "type" }],
]);

t.group("drop", [
  ["basic", "(drop 2 [1 2 3])"],
  ["all", "(drop 5 [1 2 3])"],
  ["zero", "(drop 0 [1 2])"],
  ["negative", "(drop -2 [1 2])"],
  ["nil", "(drop 1 nil)"],
  ["empty", "(drop 1 [])"],
  ["string", '(drop 3 "abcde")'],
  ["map", "(drop 1 {:a 1})"],
  ["infinite", "(take 3 (drop 5 (range)))"],
  ["large drop on range", "(first (drop 500000 (range)))"],
  ["iterate", "(take 2 (drop 3 (iterate inc 0)))"],
  ["drop of lazy finite", "(drop 2 (map inc [1 2 3 4]))"],
  ["drop past the end of a lazy seq", "(drop 10 (map inc (range 3)))"],
  ["drop 0 of lazy", "(take 2 (drop 0 (range)))"],
  ["fractional count rounds up", "(drop 1.5 [1 2 3 4])", { differs: RATIO_COUNT, expected: "(3 4)" }],
  ["not a number", "(drop :a [1])", { differs: NBB_LAX, expectError: "type" }],
  ["not a coll", "(drop 1 1)", { ptccError: "type" }],
]);

t.group("take-while", [
  ["basic", "(take-while neg? [-2 -1 0 -3])"],
  ["all", "(take-while pos? [1 2])"],
  ["none", "(take-while pos? [-1 2])"],
  ["empty", "(take-while pos? [])"],
  ["nil", "(take-while pos? nil)"],
  ["set pred", "(take-while #{:a :b} [:a :b :c :a])"],
  ["keyword pred", "(take-while :ok [{:ok 1} {:ok 2} {} {:ok 3}])"],
  ["infinite", "(take-while #(< % 5) (range))"],
  ["iterate", "(take-while #(< % 100) (iterate #(* 3 %) 1))"],
  ["string", '(take-while #(not= % \\space) "hello world")'],
  ["lazy finite ends", "(take-while pos? (map inc (range 3)))"],
  ["not a coll", "(take-while pos? 5)", { ptccError: "type" }],
]);

t.group("drop-while", [
  ["basic", "(drop-while neg? [-2 -1 0 -3])"],
  ["all dropped", "(drop-while pos? [1 2])"],
  ["none dropped", "(drop-while pos? [-1 2])"],
  ["empty", "(drop-while pos? [])"],
  ["nil", "(drop-while pos? nil)"],
  ["infinite", "(take 3 (drop-while #(< % 10) (range)))"],
  ["iterate", "(first (drop-while #(< % 1000) (iterate #(* 2 %) 1)))"],
  ["string", '(apply str (drop-while #(= % \\space) "   hi"))'],
  ["set pred", "(drop-while #{1} [1 1 2 1])"],
  ["not a coll", "(drop-while pos? :x)", { ptccError: "type" }],
]);

t.group("concat", [
  ["two vectors", "(concat [1 2] [3 4])"],
  ["no args", "(concat)"],
  ["one arg", "(concat [1])"],
  ["nil parts", "(concat nil [1] nil)"],
  ["all nil", "(concat nil nil)"],
  ["mixed kinds", '(concat [1] \'(2) #{3} "ab")'],
  ["map entries", "(concat {:a 1} [[:b 2]])"],
  ["many", "(concat [1] [2] [3] [4] [5] [6])"],
  ["lazy parts", "(concat (map inc [1 2]) (range 3))"],
  ["infinite last", "(take 5 (concat [:a :b] (range)))"],
  ["infinite first", "(take 3 (concat (range) [:never]))"],
  ["empty lazy parts", "(concat (filter neg? (range 5)) [1])"],
  ["nested concat", "(concat (concat [1] [2]) (concat [3] nil))"],
  ["into vector", "(vec (concat [1] [2 3]))"],
  ["count", "(count (concat (range 40) (range 40)))"],
  ["not a coll", "(concat [1] 2)", { ptccError: "type" }],
]);

t.group("mapcat", [
  ["basic", "(mapcat reverse [[1 2] [3 4]])"],
  ["fn returning vectors", "(mapcat (fn [x] [x (* 10 x)]) [1 2 3])"],
  ["empty results", "(mapcat (fn [x] []) [1 2])"],
  ["nil results", "(mapcat (constantly nil) [1 2])"],
  ["empty coll", "(mapcat identity [])"],
  ["nil coll", "(mapcat identity nil)"],
  ["identity flattens one level", "(mapcat identity [[1 [2]] [3]])"],
  ["keyword", "(mapcat :tags [{:tags [:a :b]} {:tags [:c]} {}])"],
  ["strings give chars", '(mapcat seq ["ab" "c"])'],
  ["map entries", "(mapcat identity {:a 1 :b 2})"],
  ["two colls", "(mapcat list [1 2] [:a :b])"],
  ["three colls", '(mapcat vector [1 2] [:a :b] ["x" "y"])'],
  ["infinite input", "(take 5 (mapcat (fn [x] [x x]) (range)))"],
  ["infinite results", "(take 5 (mapcat #(repeat %) [1 2]))"],
  ["lazy results", "(mapcat #(range %) [1 2 3])"],
  ["more than a chunk", "(count (mapcat (fn [x] [x x]) (range 50)))"],
  ["f returns a non-collection", "(mapcat inc [1 2])", { ptccError: "type" }],
  ["not a coll", "(mapcat identity 5)", { ptccError: "type" }],
]);

t.group("rseq", [
  ["vector", "(rseq [1 2 3])"],
  ["empty vector is nil", "(rseq [])"],
  ["map entries of a vector", "(rseq [[:a 1] [:b 2]])"],
  ["then first", "(first (rseq [1 2 3]))"],
  ["list is an error", "(rseq '(1 2))", { ptccError: "type" }],
  ["nil is an error", "(rseq nil)", { ptccError: "type" }],
  ["string is an error", '(rseq "abc")', { ptccError: "type" }],
]);

t.group("reverse", [
  ["vector", "(reverse [1 2 3])"],
  ["empty", "(reverse [])"],
  ["nil", "(reverse nil)"],
  ["list", "(reverse '(1 2 3))"],
  ["string", '(reverse "abc")'],
  ["string to string", '(apply str (reverse "héllo"))'],
  ["map entries", "(reverse {:a 1 :b 2})"],
  ["range", "(reverse (range 5))"],
  ["lazy", "(reverse (map inc [1 2 3]))"],
  ["nested stays", "(reverse [[1 2] [3 4]])"],
  ["one", "(reverse [1])"],
  ["not a coll", "(reverse 5)", { ptccError: "type" }],
]);

t.group("distinct", [
  ["basic", "(distinct [1 2 1 3 2])"],
  ["empty", "(distinct [])"],
  ["nil", "(distinct nil)"],
  ["all same", "(distinct [:a :a :a])"],
  ["keeps first occurrence order", "(distinct [3 1 3 2 1])"],
  ["mixed types", '(distinct [1 "1" :1 1])'],
  [
    "int and float differ",
    "(distinct [1 1.0])",
    { differs: "nbb numbers are JS doubles: 1 and 1.0 are the same", expected: "(1 1.0)" },
  ],
  ["collections by value", "(distinct [[1 2] [1 2] '(1 2) {:a 1} {:a 1}])"],
  ["nil and false", "(distinct [nil false nil false])"],
  ["string", '(distinct "banana")'],
  ["infinite", "(take 3 (distinct (cycle [1 2 3])))"],
  ["lazy", "(distinct (map #(mod % 3) (range 10)))"],
  ["lazy over chunk boundary", "(distinct (map #(mod % 40) (range 100)))"],
  ["keyword vs string keys", '(distinct [:a "a" :a])'],
  ["not a coll", "(distinct 5)", { ptccError: "type" }],
]);

t.group("dedupe", [
  ["basic", "(dedupe [1 1 2 2 2 1])"],
  ["no dupes", "(dedupe [1 2 3])"],
  ["empty", "(dedupe [])"],
  ["nil", "(dedupe nil)"],
  ["all same", "(dedupe [:a :a :a])"],
  ["nils", "(dedupe [nil nil 1 nil])"],
  ["collections", "(dedupe [[1] [1] '(1) [2]])"],
  ["string", '(apply str (dedupe "aabbbcca"))'],
  ["lazy", "(dedupe (map #(quot % 3) (range 10)))"],
  ["infinite", "(take 4 (dedupe (map #(quot % 2) (range))))"],
  ["across chunks", "(count (dedupe (map #(quot % 10) (range 100))))"],
  ["not a coll", "(dedupe 1)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// grouping, counting, ordering

t.group("group-by", [
  ["basic", "(group-by odd? [1 2 3 4 5])"],
  ["keyword", "(group-by :type [{:type :a :v 1} {:type :b :v 2} {:type :a :v 3}])"],
  [
    "keyword on string keys",
    '(group-by :type [{"type" "a"} {"type" "b"}])',
    {
      differs: "ptcc keyword lookups also find string keys (JSON data)",
      expected: '{"a" [{"type" "a"}], "b" [{"type" "b"}]}',
    },
  ],
  ["missing key groups under nil", "(group-by :k [{:k 1} {}])"],
  ["count", '(group-by count ["a" "bb" "c" "dd" "eee"])'],
  ["empty", "(group-by odd? [])"],
  ["nil", "(group-by odd? nil)"],
  ["map entries", "(group-by (comp odd? val) {:a 1 :b 2 :c 3})"],
  ["string chars", '(group-by #(contains? #{\\a \\e} %) "banana")'],
  ["collection keys", "(group-by #(vector (:a %) (:b %)) [{:a 1 :b 2} {:a 1 :b 2} {:a 2 :b 1}])"],
  ["lazy input", "(group-by even? (range 6))"],
  ["set as fn", "(group-by #{1 2} [1 2 3])"],
  ["values are vectors", "(vector? (first (vals (group-by odd? [1]))))"],
  ["first", '(group-by first ["apple" "avocado" "banana"])'],
  ["juxt key", "(group-by (juxt :a) [{:a 1} {:a 1} {:a 2}])"],
  ["not a coll", "(group-by odd? 1)", { ptccError: "type" }],
]);

t.group("frequencies", [
  ["basic", "(frequencies [:a :b :a :c :a])"],
  ["empty", "(frequencies [])"],
  ["nil", "(frequencies nil)"],
  ["strings", '(frequencies ["x" "y" "x"])'],
  ["string chars", '(frequencies "hello")'],
  ["nil items", "(frequencies [nil nil 1])"],
  ["collections", "(frequencies [[1 2] [1 2] [2 1]])"],
  ["lazy", "(frequencies (map #(mod % 3) (range 10)))"],
  ["map entries", "(frequencies {:a 1 :b 1})"],
  ["booleans", "(frequencies [true false true])"],
  ["unicode", '(frequencies ["日" "本" "日"])'],
  ["not a coll", "(frequencies 5)", { ptccError: "type" }],
]);

t.group("sort", [
  ["numbers", "(sort [3 1 2])"],
  ["empty", "(sort [])"],
  ["nil", "(sort nil)"],
  ["strings", '(sort ["b" "a" "C" "B"])'],
  ["keywords", "(sort [:b :a :c])"],
  ["namespaced keywords", "(sort [:b/a :a/b :a])"],
  ["nil sorts first", "(sort [3 nil 1])"],
  ["booleans", "(sort [true false true])"],
  ["vectors by length then items", "(sort [[2 1] [1] [1 2] [1 1]])"],
  ["mixed ints and floats", "(sort [2.5 1 3 0.5])"],
  ["negative", "(sort [-1 -3 2 0])"],
  ["chars", '(sort "hello")'],
  ["map entries", "(sort {:b 2 :a 1})"],
  ["set", "(sort #{3 1 2})"],
  ["lazy", "(sort (map - (range 5)))"],
  ["comparator >", "(sort > [3 1 2])"],
  ["comparator <", "(sort < [3 1 2])"],
  ["compare", "(sort compare [3 1 2])"],
  ["reverse compare", "(sort #(compare %2 %1) [3 1 2])"],
  ["boolean comparator on strings", '(sort #(neg? (compare %1 %2)) ["b" "c" "a"])'],
  ["comparator by count", '(sort #(< (count %1) (count %2)) ["ccc" "a" "bb"])'],
  ["stable", "(sort #(compare (first %1) (first %2)) [[1 :a] [0 :b] [1 :c] [0 :d]])"],
  ["stable boolean comparator", "(sort #(< (first %1) (first %2)) [[1 :a] [0 :b] [1 :c] [0 :d]])"],
  ["integer-returning comparator", "(sort #(- %1 %2) [5 3 9 1])"],
  [
    "float-returning comparator truncates",
    "(sort #(- %1 %2) [0.5 0.2 0.9])",
    { differs: JVM_INT, expected: "(0.5 0.2 0.9)" },
  ],
  [
    ":desc",
    "(sort :desc [1 3 2])",
    {
      differs: "PTC extension: :asc/:desc as the comparator (Clojure cannot call a keyword as a comparator)",
      expected: "(3 2 1)",
    },
  ],
  [":asc", "(sort :asc [1 3 2])", { differs: "PTC extension: :asc/:desc as the comparator", expected: "(1 2 3)" }],
  ["other keyword as comparator", "(sort :name [{:name 1} {:name 2}])", { differs: NBB_LAX, expectError: "type" }],
  ["incomparable", "(sort [1 :a])", { ptccError: "type" }],
  ["maps are not comparable", "(sort [{:a 1} {:a 2}])", { ptccError: "type" }],
  ["not a coll", "(sort 5)", { ptccError: "type" }],
  ["comparator returning nil", "(sort (fn [a b] nil) [1 2])", { differs: NBB_LAX, expectError: "type" }],
]);

t.group("sort-by", [
  ["keyword", "(sort-by :age [{:age 30} {:age 20} {:age 25}])"],
  [
    "keyword on string keys",
    '(sort-by :age [{"age" 30} {"age" 20}])',
    { differs: "ptcc keyword lookups also find string keys (JSON data)", expected: '({"age" 20} {"age" 30})' },
  ],
  ["count", '(sort-by count ["ccc" "a" "bb"])'],
  ["with >", "(sort-by :n > [{:n 1} {:n 3} {:n 2}])"],
  ["with compare reversed", "(sort-by :n #(compare %2 %1) [{:n 1} {:n 3} {:n 2}])"],
  ["first", "(sort-by first [[2 :a] [1 :b]])"],
  ["second", "(sort-by second [[:a 2] [:b 1]])"],
  ["juxt keys", "(sort-by (juxt :a :b) [{:a 2 :b 1} {:a 1 :b 2} {:a 1 :b 1}])"],
  ["vector keys", "(sort-by (fn [m] [(:a m) (:b m)]) [{:a 1 :b 2} {:a 1 :b 1}])"],
  ["stable", "(sort-by :k [{:k 1 :v :a} {:k 0 :v :b} {:k 1 :v :c} {:k 0 :v :d}])"],
  ["stable with >", "(sort-by :k > [{:k 1 :v :a} {:k 0 :v :b} {:k 1 :v :c} {:k 0 :v :d}])"],
  ["nil keys sort first", "(sort-by :k [{:k 2} {} {:k 1}])"],
  ["empty", "(sort-by :a [])"],
  ["nil", "(sort-by :a nil)"],
  ["map entries by val", "(sort-by val {:a 3 :b 1 :c 2})"],
  ["map entries by val desc", "(sort-by val > {:a 3 :b 1 :c 2})"],
  ["string chars", '(sort-by int "cab")', { differs: "nbb characters are strings", expected: "(\\a \\b \\c)" }],
  ["negation key", "(sort-by - [1 3 2])"],
  ["lazy input", "(sort-by - (range 4))"],
  ["set input", "(sort-by identity #{3 1 2})"],
  ["boolean comparator", '(sort-by count < ["ccc" "a" "bb"])'],
  [
    ":desc",
    "(sort-by :n :desc [{:n 1} {:n 3}])",
    { differs: "PTC extension: :asc/:desc as the comparator", expected: "({:n 3} {:n 1})" },
  ],
  ["comparator last", "(sort-by :n [{:n 1}] >)", { ptccError: "type" }],
  ["incomparable keys", "(sort-by :n [{:n 1} {:n :a}])", { ptccError: "type" }],
  ["not a coll", "(sort-by :n 5)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// predicates over items

t.group("some", [
  ["first truthy result", "(some even? [1 2 3])"],
  ["result, not item", "(some #(when (even? %) (* % 10)) [1 2 3])"],
  ["none", "(some even? [1 3])"],
  ["empty", "(some even? [])"],
  ["nil", "(some even? nil)"],
  ["set as pred", "(some #{3 4} [1 3 5])"],
  ["set with false members", "(some #{false} [false])"],
  ["keyword as pred", "(some :a [{:b 1} {:a 2}])"],
  ["map entries", "(some (fn [[k v]] (when (= v 2) k)) {:a 1 :b 2})"],
  ["string", '(some #{\\x} "abxd")'],
  ["infinite stops", "(some #(when (> % 10) %) (range))"],
  ["iterate stops", "(some #(when (> % 100) %) (iterate #(* 2 %) 1))"],
  ["false result is not truthy", "(some (constantly false) [1 2])"],
  ["nil item", "(some nil? [1 nil])"],
  ["not a coll", "(some even? 5)", { ptccError: "type" }],
]);

t.group("every?", [
  ["all", "(every? pos? [1 2])"],
  ["not all", "(every? pos? [1 -2])"],
  ["empty", "(every? pos? [])"],
  ["nil", "(every? pos? nil)"],
  ["keyword", "(every? :ok [{:ok true} {:ok 1}])"],
  ["keyword missing", "(every? :ok [{:ok true} {}])"],
  ["set", "(every? #{1 2} [1 2 1])"],
  ["map entries", "(every? (fn [[k v]] (keyword? k)) {:a 1 :b 2})"],
  ["string chars", '(every? #{\\a} "aaa")'],
  ["infinite stops at the first failure", "(every? #(< % 10) (range))"],
  ["lazy", "(every? even? (map #(* 2 %) (range 10)))"],
  ["not a coll", "(every? pos? 1)", { ptccError: "type" }],
]);

t.group("not-any?", [
  ["true", "(not-any? neg? [1 2])"],
  ["false", "(not-any? neg? [1 -2])"],
  ["empty", "(not-any? neg? [])"],
  ["nil", "(not-any? neg? nil)"],
  ["set", "(not-any? #{:x} [:a :b])"],
  ["keyword", "(not-any? :err [{:ok 1} {:err 2}])"],
  ["infinite stops", "(not-any? #(> % 5) (range))"],
  ["nil items", "(not-any? identity [nil false])"],
  ["not a coll", "(not-any? neg? 5)", { ptccError: "type" }],
]);

t.group("not-every?", [
  ["true", "(not-every? pos? [1 -2])"],
  ["false", "(not-every? pos? [1 2])"],
  ["empty", "(not-every? pos? [])"],
  ["nil", "(not-every? pos? nil)"],
  ["keyword", "(not-every? :ok [{:ok 1} {}])"],
  ["infinite stops", "(not-every? #(< % 5) (range))"],
  ["string", '(not-every? #{\\a} "aab")'],
  ["not a coll", "(not-every? pos? :a)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// partitions

t.group("partition", [
  ["pairs", "(partition 2 [1 2 3 4])"],
  ["incomplete tail dropped", "(partition 2 [1 2 3 4 5])"],
  ["fewer than n", "(partition 3 [1 2])"],
  ["empty", "(partition 2 [])"],
  ["nil", "(partition 2 nil)"],
  ["n = 1", "(partition 1 [1 2 3])"],
  ["step smaller than n (sliding)", "(partition 2 1 [1 2 3 4])"],
  ["step larger than n (skipping)", "(partition 2 3 [1 2 3 4 5 6 7 8])"],
  ["step equals n", "(partition 3 3 [1 2 3 4 5 6])"],
  ["pad", "(partition 3 3 [:a :b] [1 2 3 4])"],
  ["pad shorter than needed", "(partition 4 4 [:a] [1 2 3 4 5])"],
  ["empty pad keeps the short tail", "(partition 3 3 [] [1 2 3 4])"],
  ["nil pad", "(partition 3 3 nil [1 2 3 4])"],
  ["pad not needed", "(partition 2 2 [:x] [1 2 3 4])"],
  ["pad with sliding step", "(partition 3 1 [:p] [1 2 3 4])"],
  ["infinite pad", "(partition 3 3 (repeat 0) [1 2 3 4])"],
  ["string", '(partition 2 "abcde")'],
  ["string to strings", '(map #(apply str %) (partition 2 "abcd"))'],
  ["map entries", "(partition 2 {:a 1 :b 2})"],
  ["range", "(partition 3 (range 10))"],
  ["infinite", "(take 3 (partition 2 (range)))"],
  ["infinite sliding", "(take 3 (partition 3 1 (range)))"],
  ["iterate", "(take 2 (partition 2 (iterate inc 0)))"],
  ["lazy finite with pad", "(partition 4 4 [:z] (map inc (range 6)))"],
  ["partitions are seqs", "(seq? (first (partition 2 [1 2])))"],
  ["partitions equal vectors", "(= [[1 2] [3 4]] (partition 2 [1 2 3 4]))"],
  ["zero size is endless", "(take 3 (partition 0 [1 2]))"],
  ["zero step is endless", "(take 3 (partition 2 0 [1 2 3]))"],
  ["negative size", "(take 2 (partition -1 [1 2]))"],
  ["negative size with pad", "(partition -1 1 [:p] [1 2])"],
  ["negative size, partition-all", "(take 2 (partition-all -1 [1 2]))"],
  ["larger than a chunk", "(count (partition 10 (range 1000)))"],
  ["skipping step across chunks", "(partition 5 7 (range 100))"],
  ["sliding across chunks", "(last (partition 3 1 (range 70)))"],
  ["pad across chunks", "(partition 5 3 [:p] (range 37))"],
  ["lazy map source across chunks", "(partition 6 (map inc (range 40)))"],
  ["size larger than a chunk", "(map count (partition 40 (range 100)))"],
  [
    "float size",
    "(partition 1.5 [1 2 3])",
    {
      differs: "ptcc wants an integer size; JVM Clojure compares the float with counts and returns ()",
      expectError: "type",
    },
  ],
  ["not a coll", "(partition 2 5)", { ptccError: "type" }],
]);

t.group("partition-all", [
  ["keeps the tail", "(partition-all 2 [1 2 3])"],
  ["exact", "(partition-all 2 [1 2 3 4])"],
  ["fewer than n", "(partition-all 5 [1 2])"],
  ["empty", "(partition-all 2 [])"],
  ["nil", "(partition-all 2 nil)"],
  ["n = 1", "(partition-all 1 [:a :b])"],
  ["step smaller", "(partition-all 2 1 [1 2 3])"],
  ["step larger", "(partition-all 2 3 [1 2 3 4 5 6 7])"],
  ["sliding tail shrinks", "(partition-all 3 1 [1 2 3 4])"],
  ["string", '(partition-all 2 "abc")'],
  ["map entries", "(partition-all 1 {:a 1})"],
  ["infinite", "(take 2 (partition-all 3 (range)))"],
  ["lazy finite", "(partition-all 4 (range 10))"],
  ["batches of a vector", "(map vec (partition-all 2 [1 2 3 4 5]))"],
  ["zero size is endless", "(take 2 (partition-all 0 [1 2]))"],
  ["count of batches", "(count (partition-all 32 (range 100)))"],
  ["step larger across chunks", "(partition-all 3 5 (range 40))"],
  ["sliding tail across chunks", "(take-last 3 (partition-all 4 1 (range 35)))"],
  ["not an integer", "(partition-all :a [1 2])", { differs: NBB_LAX, expectError: "type" }],
  ["not a coll", "(partition-all 2 1)", { ptccError: "type" }],
]);

t.group("partition-by", [
  ["odd/even runs", "(partition-by odd? [1 3 2 4 5])"],
  ["identity", "(partition-by identity [1 1 2 2 2 1])"],
  ["all in one run", "(partition-by odd? [1 3 5])"],
  ["each its own", "(partition-by identity [1 2 3])"],
  ["empty", "(partition-by odd? [])"],
  ["nil", "(partition-by odd? nil)"],
  ["keyword", "(partition-by :t [{:t 1} {:t 1} {:t 2}])"],
  ["string", '(partition-by #{\\space} "ab cd")'],
  ["count key", '(partition-by count ["a" "b" "cc" "d"])'],
  ["collection keys compare by value", "(partition-by (fn [x] [(quot x 2)]) [0 1 2 3 4])"],
  ["nil keys", "(partition-by :k [{} {} {:k 1}])"],
  ["infinite", "(take 3 (partition-by #(quot % 3) (range)))"],
  ["lazy", "(partition-by even? (map #(quot % 2) (range 8)))"],
  ["runs are seqs", "(seq? (first (partition-by odd? [1])))"],
  ["not a coll", "(partition-by odd? 3)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// combining

t.group("interleave", [
  ["two", "(interleave [:a :b :c] [1 2 3])"],
  ["shortest wins", "(interleave [:a :b :c] [1 2])"],
  ["three", '(interleave [1 2] [:a :b] ["x" "y"])'],
  ["four", "(interleave [1] [2] [3] [4])"],
  ["no args", "(interleave)"],
  ["one arg", "(interleave [1 2])"],
  ["one nil arg", "(interleave nil)"],
  ["an empty one", "(interleave [1 2] [])"],
  ["nil among them", "(interleave [1 2] nil)"],
  ["strings", '(interleave "ab" "xy")'],
  ["map entries", "(interleave {:a 1} [:x])"],
  ["infinite and finite", "(interleave (range) [:a :b])"],
  ["two infinite", "(take 6 (interleave (range) (repeat :x)))"],
  ["repeat keys into a map", "(apply hash-map (interleave [:a :b] [1 2]))"],
  ["lazy", "(interleave (map inc [1 2]) (map dec [1 2]))"],
  ["not a coll", "(interleave [1] 2)", { ptccError: "type" }],
]);

t.group("interpose", [
  ["basic", "(interpose :sep [1 2 3])"],
  ["strings", '(apply str (interpose ", " ["a" "b" "c"]))'],
  ["one item", "(interpose :x [1])"],
  ["empty", "(interpose :x [])"],
  ["nil", "(interpose :x nil)"],
  ["nil separator", "(interpose nil [1 2])"],
  ["string chars", '(interpose \\- "abc")'],
  ["infinite", "(take 5 (interpose 0 (range 1 100000)))"],
  ["endless", "(take 5 (interpose :x (repeat 1)))"],
  ["lazy across chunks", "(count (interpose 0 (range 40)))"],
  ["map entries", "(interpose :x {:a 1})"],
  ["not a coll", "(interpose :x 1)", { ptccError: "type" }],
]);

t.group("replace", [
  ["vector stays a vector", "(replace {:a 1 :b 2} [:a :c :b])"],
  ["list becomes a seq", "(replace {:a 1} '(:a :b))"],
  ["vector as smap", "(replace [:zero :one :two] [2 0 5])"],
  ["vector smap on a list", "(replace [:zero :one] '(1 0 -1))"],
  ["empty smap", "(replace {} [1 2])"],
  ["nil smap", "(replace nil [1 2])"],
  ["empty coll", "(replace {:a 1} [])"],
  ["nil coll", "(replace {:a 1} nil)"],
  ["nil values replace", "(replace {:a nil} [:a :b])"],
  ["nil keys", "(replace {nil :none} [1 nil])"],
  ["exact keys", '(replace {:a 1} ["a" :a])'],
  ["collection keys", "(replace {[1 2] :pair} [[1 2] [3]])"],
  ["string chars", '(replace {\\a \\o} "banana")'],
  ["infinite", "(take 4 (replace {0 :zero} (cycle [0 1])))"],
  ["lazy", "(replace {2 :two} (range 4))"],
  ["set items", "(sort (replace {1 10} #{1 2}))"],
  ["not a map", "(replace 5 [1])", { differs: NBB_LAX, expectError: "type" }],
  ["not a coll", "(replace {1 2} 1)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// effects and realization

t.group("run!", [
  ["prints each", "(run! println [1 2 3])"],
  ["returns nil", "(run! identity [1 2])"],
  ["empty", "(run! println [])"],
  ["nil", "(run! println nil)"],
  ["map entries", "(run! prn {:a 1})"],
  ["lazy", "(run! println (map inc (range 3)))"],
  ["string chars", '(run! (comp println str) "ab")'],
  ["set", "(run! println #{1})"],
  ["keyword fn", "(run! :a [{:a 1}])"],
  ["not a coll", "(run! println 5)", { ptccError: "type" }],
]);

t.group("doall", [
  ["returns the seq", "(doall (map inc [1 2 3]))"],
  ["vector unchanged", "(doall [1 2])"],
  ["nil", "(doall nil)"],
  ["empty", "(doall (filter neg? [1 2]))"],
  ["side effects happen", "(let [s (doall (map println [1 2]))] (count s))"],
  ["with n", "(doall 2 (map inc [1 2 3 4]))"],
  ["n of an infinite seq", "(take 3 (doall 5 (range)))"],
  ["lazy for", "(doall (for [x [1 2]] (* x x)))"],
  [
    "infinite",
    "(doall (range))",
    {
      differs: "JVM Clojure runs until memory is exhausted; ptcc stops at the collection size limit",
      expectError: "limit",
    },
  ],
  ["not a coll", "(doall 5)", { differs: NBB_LAX, expectError: "type" }],
]);

t.group("dorun", [
  ["returns nil", "(dorun (map inc [1 2]))"],
  ["side effects happen", "(dorun (map println [:a :b]))"],
  ["nil", "(dorun nil)"],
  [
    "with n",
    "(dorun 1 (map println [1 2 3]))",
    {
      differs: "JVM Clojure's chunked seq over a vector realizes the whole chunk; ptcc maps the vector at once",
      expected: "nil",
      expectedOutput: ["1", "2", "3"],
    },
  ],
  ["vector", "(dorun [1 2])"],
  ["for with side effects", "(dorun (for [x [1 2]] (println x)))"],
  ["infinite with n", "(dorun 3 (range))"],
  ["not a coll", "(dorun 5)", { differs: NBB_LAX, expectError: "type" }],
]);

t.group("realized?", [
  ["unrealized lazy seq", "(realized? (map inc (range)))"],
  ["after first", "(let [s (map inc (range))] (first s) (realized? s))"],
  ["lazy-seq unrealized", "(realized? (lazy-seq [1]))"],
  ["lazy-seq realized", "(let [s (lazy-seq [1])] (seq s) (realized? s))"],
  ["after doall", "(let [s (filter odd? (range 5))] (doall s) (realized? s))"],
  ["iterate", "(realized? (iterate inc 0))"],
  ["cycle", "(realized? (cycle [1 2]))"],
  ["eager map result", "(realized? (map inc [1 2]))", { differs: EAGER, expected: "true" }],
  ["for unrealized", "(realized? (for [x (range)] x))"],
  ["vector", "(realized? [1 2])", { ptccError: "type" }],
  ["nil", "(realized? nil)", { ptccError: "type" }],
  ["range", "(realized? (range 5))", { ptccError: "type" }],
]);

t.group("sequence", [
  ["vector", "(sequence [1 2 3])"],
  ["empty vector", "(sequence [])"],
  ["nil", "(sequence nil)"],
  ["list", "(sequence '(1 2))"],
  ["string", '(sequence "ab")'],
  ["map", "(sequence {:a 1})"],
  ["lazy seq unchanged", "(take 3 (sequence (range)))"],
  ["is a seq", "(seq? (sequence [1]))"],
  ["empty is a seq", "(seq? (sequence []))"],
  ["set", "(sequence #{1})"],
  ["not a coll", "(sequence 5)", { ptccError: "type" }],
]);

t.group("apply", [
  ["spread a vector", "(apply + [1 2 3])"],
  ["leading args", "(apply + 1 2 [3 4])"],
  ["empty spread", "(apply + [])"],
  ["nil spread", "(apply + nil)"],
  ["nil spread with args", "(apply + 1 nil)"],
  ["list", "(apply max '(3 9 2))"],
  ["set", "(apply + #{1 2 3})"],
  ["map entries", "(apply vector {:a 1})"],
  ["string chars", '(apply str (reverse "abc"))'],
  ["lazy seq", "(apply + (range 10))"],
  ["many args", "(apply + (range 1000))"],
  ["str join", '(apply str (interpose "," ["a" "b"]))'],
  ["hash-map", "(apply hash-map [:a 1 :b 2])"],
  ["merge", "(apply merge [{:a 1} {:b 2}])"],
  ["concat", "(apply concat [[1] [2 3]])"],
  ["map over columns", "(apply map vector [[1 2] [3 4]])"],
  ["keyword as f", "(apply :a [{:a 1}])"],
  ["fn with rest args", "(apply (fn [a & more] [a more]) [1 2 3])"],
  ["not a coll last", "(apply + 1 2)", { ptccError: "type" }],
  ["wrong arity", "(apply (fn [a] a) [1 2])", { differs: NBB_LAX, expectError: "arity" }],
]);

// ---------------------------------------------------------------------------------------
// sequence access (seq-access.ts)

t.group("ffirst", [
  ["nested vectors", "(ffirst [[1 2] [3]])"],
  ["empty", "(ffirst [])"],
  ["nil", "(ffirst nil)"],
  ["empty inner", "(ffirst [[] [1]])"],
  ["map: first key", "(ffirst {:a 1})"],
  ["strings", '(ffirst ["ab" "cd"])'],
  ["lazy", "(ffirst (map vector (range) (range 10 20)))"],
  ["inner not a coll", "(ffirst [1 2])", { ptccError: "type" }],
]);

t.group("fnext", [
  ["second item", "(fnext [1 2 3])"],
  ["one item", "(fnext [1])"],
  ["empty", "(fnext [])"],
  ["nil", "(fnext nil)"],
  ["string", '(fnext "abc")'],
  ["infinite", "(fnext (range))"],
  ["not a coll", "(fnext 5)", { ptccError: "type" }],
]);

t.group("nfirst", [
  ["rest of first", "(nfirst [[1 2 3] [4]])"],
  ["single inner", "(nfirst [[1]])"],
  ["empty", "(nfirst [])"],
  ["nil", "(nfirst nil)"],
  ["map entry", "(nfirst {:a 1})"],
  ["inner not a coll", "(nfirst [5])", { ptccError: "type" }],
]);

t.group("nnext", [
  ["after two", "(nnext [1 2 3 4])"],
  ["exactly two", "(nnext [1 2])"],
  ["one", "(nnext [1])"],
  ["nil", "(nnext nil)"],
  ["string", '(nnext "abcd")'],
  ["infinite", "(take 2 (nnext (range)))"],
  ["not a coll", "(nnext 5)", { ptccError: "type" }],
]);

t.group("butlast", [
  ["basic", "(butlast [1 2 3])"],
  ["one item", "(butlast [1])"],
  ["empty", "(butlast [])"],
  ["nil", "(butlast nil)"],
  ["list", "(butlast '(1 2))"],
  ["string", '(butlast "abc")'],
  ["map entries", "(butlast {:a 1 :b 2})"],
  ["lazy", "(butlast (map inc [1 2 3]))"],
  ["range", "(butlast (range 4))"],
  ["not a coll", "(butlast 5)", { ptccError: "type" }],
]);

t.group("nthnext", [
  ["basic", "(nthnext [1 2 3 4] 2)"],
  ["zero", "(nthnext [1 2] 0)"],
  ["negative", "(nthnext [1 2] -1)"],
  ["all", "(nthnext [1 2] 2)"],
  ["past the end", "(nthnext [1 2] 5)"],
  ["empty with zero", "(nthnext [] 0)"],
  ["nil", "(nthnext nil 2)"],
  ["string", '(nthnext "abcd" 2)'],
  ["infinite", "(take 3 (nthnext (range) 100))"],
  ["iterate", "(first (nthnext (iterate inc 0) 10))"],
  ["lazy finite", "(nthnext (map inc [1 2 3]) 1)"],
  ["fractional", "(nthnext [1 2 3 4] 1.5)", { differs: RATIO_COUNT, expected: "(3 4)" }],
  ["not a coll", "(nthnext 5 1)", { ptccError: "type" }],
  ["not a number", "(nthnext [1 2] :a)", { differs: NBB_LAX, expectError: "type" }],
]);

t.group("nthrest", [
  ["basic", "(nthrest [1 2 3 4] 2)"],
  ["zero returns coll", "(nthrest [1 2] 0)"],
  ["negative returns coll", "(nthrest [1 2] -3)"],
  ["all", "(nthrest [1 2] 2)"],
  ["past the end", "(nthrest [1 2] 5)"],
  ["empty vector", "(nthrest [] 2)"],
  ["nil", "(nthrest nil 2)"],
  ["string", '(nthrest "abcd" 3)'],
  ["infinite", "(take 2 (nthrest (range) 10))"],
  ["lazy finite", "(nthrest (map inc [1 2 3]) 2)"],
  ["list", "(nthrest '(1 2 3) 1)"],
  ["not a coll", "(nthrest :a 1)", { ptccError: "type" }],
]);

t.group("take-last", [
  ["basic", "(take-last 2 [1 2 3])"],
  ["more than there are", "(take-last 5 [1 2])"],
  ["zero", "(take-last 0 [1 2])"],
  ["negative", "(take-last -1 [1 2])"],
  ["empty", "(take-last 2 [])"],
  ["nil", "(take-last 2 nil)"],
  ["string", '(take-last 2 "abc")'],
  ["map entries", "(take-last 1 {:a 1})"],
  ["range", "(take-last 3 (range 10))"],
  ["lazy", "(take-last 2 (map inc (range 5)))"],
  ["list", "(take-last 2 '(1 2 3))"],
  [
    "infinite",
    "(take-last 2 (range))",
    { differs: "JVM Clojure never returns; ptcc stops at the collection size limit", expectError: "limit" },
  ],
  ["not a coll", "(take-last 1 5)", { ptccError: "type" }],
]);

t.group("drop-last", [
  ["default one", "(drop-last [1 2 3])"],
  ["n", "(drop-last 2 [1 2 3])"],
  ["all", "(drop-last 3 [1 2 3])"],
  ["more than there are", "(drop-last 5 [1 2])"],
  ["zero", "(drop-last 0 [1 2])"],
  ["negative", "(drop-last -1 [1 2])"],
  ["empty", "(drop-last [])"],
  ["nil", "(drop-last nil)"],
  ["string", '(drop-last "abc")'],
  ["map entries", "(drop-last {:a 1 :b 2})"],
  ["lazy", "(drop-last 2 (map inc (range 5)))"],
  ["infinite stays lazy", "(take 3 (drop-last 2 (range)))"],
  ["iterate", "(take 3 (drop-last (iterate inc 0)))"],
  ["across chunks", "(count (drop-last 5 (range 100)))"],
  ["not a coll", "(drop-last 1 5)", { ptccError: "type" }],
]);

t.group("take-nth", [
  ["every second", "(take-nth 2 [0 1 2 3 4])"],
  ["every third", "(take-nth 3 (range 10))"],
  ["one", "(take-nth 1 [1 2 3])"],
  ["larger than coll", "(take-nth 10 [1 2 3])"],
  ["empty", "(take-nth 2 [])"],
  ["nil", "(take-nth 2 nil)"],
  ["string", '(take-nth 2 "abcdef")'],
  ["infinite", "(take 4 (take-nth 5 (range)))"],
  ["across chunks", "(take-nth 7 (range 70))"],
  ["iterate", "(take 3 (take-nth 2 (iterate inc 0)))"],
  ["zero repeats the first", "(take 3 (take-nth 0 [1 2]))"],
  ["zero on empty", "(take 3 (take-nth 0 []))"],
  ["negative repeats the first", "(take 2 (take-nth -1 [:a :b]))"],
  ["not a coll", "(take-nth 2 5)", { ptccError: "type" }],
]);

t.group("split-at", [
  ["basic", "(split-at 2 [1 2 3 4 5])"],
  ["zero", "(split-at 0 [1 2])"],
  ["negative", "(split-at -1 [1 2])"],
  ["past the end", "(split-at 5 [1 2])"],
  ["empty", "(split-at 2 [])"],
  ["nil", "(split-at 2 nil)"],
  ["string", '(split-at 1 "abc")'],
  ["is a vector", "(vector? (split-at 1 [1 2]))"],
  ["destructured", "(let [[a b] (split-at 1 [:x :y :z])] [a b])"],
  ["infinite", "(let [[a b] (split-at 2 (range))] [a (take 2 b)])"],
  ["fractional", "(split-at 1.5 [1 2 3])", { differs: RATIO_COUNT, expected: "[(1 2) (3)]" }],
  ["not a coll", "(split-at 1 5)", { ptccError: "type" }],
]);

t.group("split-with", [
  ["basic", "(split-with odd? [1 3 4 5])"],
  ["all match", "(split-with pos? [1 2])"],
  ["none match", "(split-with neg? [1 2])"],
  ["empty", "(split-with odd? [])"],
  ["nil", "(split-with odd? nil)"],
  ["keyword", "(split-with :ok [{:ok 1} {} {:ok 2}])"],
  ["set", "(split-with #{:a} [:a :a :b :a])"],
  ["string", '(split-with #(not= % \\space) "ab cd")'],
  ["infinite", "(let [[a b] (split-with #(< % 3) (range))] [a (take 2 b)])"],
  ["not a coll", "(split-with odd? 5)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// generators (generators.ts)

t.group("iterate", [
  ["increments", "(take 5 (iterate inc 0))"],
  ["doubling", "(take 6 (iterate #(* 2 %) 1))"],
  ["first is x", "(first (iterate inc 10))"],
  ["nth", "(nth (iterate inc 0) 1000)"],
  ["vectors", "(take 3 (iterate #(conj % (count %)) []))"],
  ["strings", '(take 3 (iterate #(str % "a") ""))'],
  ["nil seed", "(take 3 (iterate identity nil))"],
  ["fixed point", "(take 3 (iterate (constantly 1) 0))"],
  ["take-while", "(take-while #(< % 50) (iterate #(* 3 %) 1))"],
  ["fibonacci pairs", "(map first (take 10 (iterate (fn [[a b]] [b (+ a b)]) [0 1])))"],
  ["drop then take", "(take 2 (drop 100 (iterate inc 0)))"],
  ["second", "(second (iterate inc 5))"],
  ["f not called past what is taken", "(take 2 (iterate #(/ 10 %) 2))"],
  ["lazy: no error past what is taken", "(first (iterate #(/ 1 (dec %)) 1))"],
  ["realized one at a time", "(take 3 (iterate (fn [x] (if (> x 1) (/ 1 0) (inc x))) 0))"],
  ["keyword as f", "(take 3 (iterate :next {:next {:next nil}}))"],
  [
    "count is endless",
    "(let [xs (iterate inc 0)] (count xs))",
    {
      differs:
        "JVM Clojure never returns; ptcc stops at the collection size limit (xs keeps what is counted; counted inline, nothing is kept and the step limit ends it)",
      expectError: "limit",
    },
  ],
  ["not a function", "(take 2 (iterate 5 1))", { ptccError: "type" }],
]);

t.group("repeat", [
  ["n times", "(repeat 3 :a)"],
  ["zero", "(repeat 0 :a)"],
  ["negative", "(repeat -2 :a)"],
  ["count", "(count (repeat 5 :x))"],
  ["infinite", "(take 4 (repeat 1))"],
  ["nil value", "(repeat 2 nil)"],
  ["collection value", "(repeat 2 [1 2])"],
  ["large n is lazy", "(take 2 (repeat 100000000 :x))"],
  ["more than a chunk", "(count (repeat 100 0))"],
  ["into vector", "(vec (repeat 3 0))"],
  ["apply str", '(apply str (repeat 3 "ab"))'],
  ["zip with", "(map vector [:a :b] (repeat 0))"],
  [
    "fractional n truncates",
    "(repeat 2.5 :x)",
    { differs: "JVM Clojure truncates the count to a long; nbb counts it down like take", expected: "(:x :x)" },
  ],
  ["last of finite", "(last (repeat 40 :z))"],
  ["equals", "(= (repeat 3 1) [1 1 1])"],
  ["not a number", "(repeat :a :b)", { differs: NBB_LAX, expectError: "type" }],
]);

t.group("repeatedly", [
  ["n times", "(repeatedly 3 (constantly :x))"],
  ["zero", "(repeatedly 0 (constantly :x))"],
  ["negative", "(repeatedly -1 (constantly :x))"],
  ["infinite", "(take 2 (repeatedly (fn [] 42)))"],
  ["side effects once per item", '(doall (repeatedly 2 #(println "hi")))'],
  ["not called until needed", '(do (repeatedly 3 #(println "never")) :done)'],
  ["only as many calls as items", '(take 2 (repeatedly #(do (println "call") 1)))'],
  ["count", "(count (repeatedly 4 vector))"],
  ["vector results", "(repeatedly 2 vector)"],
  ["into vec", "(vec (repeatedly 2 (constantly 0)))"],
  ["f with an argument", "(repeatedly 2 inc)", { differs: NBB_LAX, expectError: "arity" }],
  ["not a function", "(repeatedly 2 5)", { ptccError: "type" }],
]);

t.group("cycle", [
  ["basic", "(take 5 (cycle [1 2]))"],
  ["one item", "(take 3 (cycle [:a]))"],
  ["empty", "(cycle [])"],
  ["nil", "(cycle nil)"],
  ["string", '(take 5 (cycle "ab"))'],
  ["list", "(take 4 (cycle '(1 2 3)))"],
  ["map entries", "(take 3 (cycle {:a 1}))"],
  ["more than a chunk", "(nth (cycle [1 2 3]) 100)"],
  ["lazy input", "(take 7 (cycle (map inc (range 3))))"],
  ["empty lazy input", "(cycle (filter neg? [1 2]))"],
  ["infinite input", "(take 3 (cycle (range)))"],
  ["zip with index", "(map vector [:a :b :c :d] (cycle [0 1]))"],
  ["partition of cycle", "(take 2 (partition 3 (cycle [1 2])))"],
  [
    "count is endless",
    "(count (cycle [1]))",
    { differs: "JVM Clojure never returns; ptcc stops at the collection size limit", expectError: "limit" },
  ],
  ["not a coll", "(cycle 5)", { ptccError: "type" }],
]);

// ---------------------------------------------------------------------------------------
// How far lazy results run ahead (side effects show it)

const TRACE = "(fn [x] (println x) x)";
const NATS = "(defn nats [n] (lazy-seq (cons n (nats (inc n)))))\n";

t.group("laziness", [
  ["map over iterate: one at a time", `(first (map ${TRACE} (iterate inc 0)))`],
  ["map over lazy-seq: one at a time", `${NATS}(take 2 (map ${TRACE} (nats 0)))`],
  ["map over range: a chunk of 32", `(first (map ${TRACE} (range 100)))`],
  [
    "map over a small vector: all",
    `(first (map ${TRACE} [1 2 3]))`,
    { differs: CHUNKED, expected: "1", expectedOutput: ["1", "2", "3"] },
  ],
  [
    "map over a large vector",
    `(first (map ${TRACE} (vec (range 40))))`,
    { differs: EAGER, expected: "0", expectedOutput: Array.from({ length: 40 }, (_, i) => String(i)) },
  ],
  ["filter over iterate", `(first (filter odd? (map ${TRACE} (iterate inc 0))))`],
  ["keep over lazy-seq", `${NATS}(first (keep #(when (> % 1) %) (map ${TRACE} (nats 0))))`],
  ["take does not realize past n", `(doall (take 2 (map ${TRACE} (iterate inc 0))))`],
  ["partition realizes n items", `(first (partition 2 (map ${TRACE} (iterate inc 0))))`],
  ["partition-by looks one past the run", `(first (partition-by odd? (map ${TRACE} (iterate inc 1))))`],
  ["reductions one at a time", `(take 3 (reductions + (map ${TRACE} (iterate inc 1))))`],
  ["take-nth skips by realizing", `(take 2 (take-nth 2 (map ${TRACE} (iterate inc 0))))`],
  ["interleave one at a time", `(take 3 (interleave (map ${TRACE} (iterate inc 0)) (repeat :x)))`],
  ["distinct over iterate", `(take 2 (distinct (map ${TRACE} (iterate #(quot % 2) 8))))`],
  [
    "dedupe over iterate",
    `(take 2 (dedupe (map ${TRACE} (iterate inc 0))))`,
    {
      differs:
        "Clojure's dedupe is a transducer sequence that realizes 32 items ahead; ptcc's realizes as far as it is consumed",
      expected: "(0 1)",
      expectedOutput: ["0", "1"],
    },
  ],
  ["take-while over iterate", `(doall (take-while #(< % 2) (map ${TRACE} (iterate inc 0))))`],
  ["drop-last over iterate", `(first (drop-last 2 (map ${TRACE} (iterate inc 0))))`],
  ["split-at over iterate", `(first (first (split-at 2 (map ${TRACE} (iterate inc 0)))))`],
  ["repeatedly is called per item", '(doall (take 3 (repeatedly #(println "called"))))'],
  ["iterate calls f per item", "(nth (iterate (fn [x] (println x) (inc x)) 0) 3)"],
  ["lazy-seq sources compose", `${NATS}(take 3 (filter even? (map inc (nats 0))))`],
  ["concat of lazy-seqs", `${NATS}(take 5 (concat (take 2 (nats 10)) (nats 0)))`],
  ["mapcat over lazy-seq", `${NATS}(take 4 (mapcat (fn [x] [x x]) (nats 0)))`],
  ["cycle over lazy-seq", `${NATS}(take 5 (cycle (take 2 (nats 7))))`],
  ["long lazy chain", "(reduce + (take 1000 (map inc (filter odd? (map inc (range))))))"],
  ["deep drop of iterate", "(first (drop 100000 (iterate inc 0)))"],
  ["realizing a large lazy seq", "(count (map inc (range 200000)))"],
  ["for into sequence fns", "(reduce + (map inc (for [x (range 100) :when (odd? x)] x)))"],
  ["nested lazy ops over for", "(take 3 (partition 2 (for [x (range) :when (even? x)] x)))"],
]);

export const CASES = t.cases;
