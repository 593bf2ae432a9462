/**
 * Conformance cases of issue 27 §2 and §3: reductions that stream past the collection
 * size limit, hashing and comparing shared structure, and a self-referential lazy seq;
 * see case.ts for the markings.
 */
import { CaseTable } from "./case.js";

const t = new CaseTable();

// More items flow through each of these than a collection may hold (1,000,000).
t.group("reductions stream", [
  ["frequencies", "(frequencies (map #(mod % 7) (range 1100000)))"],
  ["group-by counts", "(update-vals (group-by #(mod % 3) (map inc (range 1100000))) count)"],
  ["set", "(set (map #(mod % 5) (range 1100000)))"],
  ["into a map", "(into {} (map (fn [i] [(mod i 3) i]) (range 1100000)))"],
  ["into a set", "(into #{:a} (map #(mod % 4) (range 1100000)))"],
  ["count", "(count (filter odd? (map inc (range 1100000))))"],
  ["last", "(last (map inc (range 1100000)))"],
  ["some", "(some #(when (> % 1099998) %) (map inc (range 1100000)))"],
  ["every?", "(every? pos? (map inc (range 1100000)))"],
  ["reduce", "(reduce + (map inc (range 1100000)))"],
]);

const PATHS =
  "JVM Clojure and nbb compare equal values sharing their parts along every path (2^40 here, they do not finish); ptcc remembers the pairs of collections it found equal";

t.group("shared structure", [
  ["a set of itself, 40 levels", "(count (reduce (fn [s i] (conj #{} s [s i])) #{} (range 40)))"],
  ["hash of a 40-level vector DAG, twice", "(let [x (reduce (fn [a _] [a a]) [] (range 40))] (= (hash x) (hash x)))"],
  [
    "two 40-level vector DAGs are equal",
    "(let [f (fn [] (reduce (fn [a _] [a a]) [] (range 40)))] [(= (f) (f)) (= (hash (f)) (hash (f)))])",
    { differs: PATHS, expected: "[true true]" },
  ],
  [
    "two 40-level set DAGs",
    "(let [f (fn [] (reduce (fn [s i] (conj #{} s [s i])) #{} (range 40)))] [(= (f) (f)) (= (f) (conj (f) 1))])",
    { differs: PATHS, expected: "[true false]" },
  ],
  [
    "a 40-level DAG as a map key",
    "(let [f (fn [] (reduce (fn [a _] [a a]) [] (range 40)))] (get (frequencies [(f) (f)]) (f)))",
    { differs: PATHS, expected: "2" },
  ],
]);

t.group("self-referential lazy seq", [
  ["needs its own items", "(def xs (lazy-seq (map inc xs))) (first xs)", { ptccError: "runtime" }],
  ["starts with its own items", "(def xs (lazy-seq (cons 1 (map inc xs)))) (vec (take 5 xs))"],
]);

export const CASES = t.cases;
