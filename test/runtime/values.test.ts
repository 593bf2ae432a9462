/** The value model: numbers, keywords, immutable collections with value equality and hashing. */
import { describe, expect, it } from "vitest";
import { printed } from "../helpers.js";

const CASES: [string, string][] = [
  // integers and floats stay distinct
  ["[(+ 1 2) (* 1.0 2) (/ 10 4) (/ 10 2) (- 0.5 0.5)]", "[3 2.0 2.5 5 0.0]"],
  ["[(= 1 1.0) (== 1 1.0) (= 0.5 0.5) (= ##NaN ##NaN)]", "[false true true false]"],
  ["[(integer? (inc 1)) (float? (inc 1.0)) (float? (/ 4 2)) (integer? (/ 4 2))]", "[true true false true]"],
  ["(+ 9007199254740990 1)", "9007199254740991"],
  ["(* 1.0 9007199254740991)", "9.007199254740991E15"],
  // keywords are their own type
  ['[(= :a "a") (keyword? :a) (= :a (keyword "a")) (name :ns/a)]', '[false true true "a"]'],
  // value equality and hashing of collections
  ["(= {:a [1 2]} {:a [1 2]})", "true"],
  ["(= [1 2] '(1 2))", "true"],
  ["(= [1 2] #{1 2})", "false"],
  ["(get {[1 2] :v} [1 2])", ":v"],
  ["(get {{:k 1} :v} {:k 1})", ":v"],
  ["(get {'(1 2) :v} [1 2])", ":v"],
  ["(contains? #{{:a 1} [1 2]} {:a 1})", "true"],
  ["(count (set [[1 2] [1 2] '(1 2) [2 1]]))", "2"],
  ["(distinct [[1 2] [1 2] {:a 1} {:a 1}])", "([1 2] {:a 1})"],
  [
    "(group-by #(select-keys % [:k]) [{:k 1 :v 1} {:k 1 :v 2} {:k 2 :v 3}])",
    "{{:k 1} [{:k 1, :v 1} {:k 1, :v 2}], {:k 2} [{:k 2, :v 3}]}",
  ],
  ["(frequencies [[1] [1] [2]])", "{[1] 2, [2] 1}"],
  ["(get {(map inc [0 1]) :lazy-key} [1 2])", ":lazy-key"],
  // immutability: every operation makes a new value
  ["(let [v [1 2] w (conj v 3) x (conj v 4)] [v w x])", "[[1 2] [1 2 3] [1 2 4]]"],
  ["(let [m {:a 1} n (assoc m :b 2)] [m n])", "[{:a 1} {:a 1, :b 2}]"],
  [
    "(let [v (vec (range 3)) w (conj v 3) x (conj w 4) y (conj w :y)] [v w x y])",
    "[[0 1 2] [0 1 2 3] [0 1 2 3 4] [0 1 2 3 :y]]",
  ],
  // big maps become hash maps and stay correct
  ["(count (reduce (fn [m i] (assoc m i (* i i))) {} (range 1000)))", "1000"],
  ["(get (reduce (fn [m i] (assoc m [i] i)) {} (range 100)) [42])", "42"],
  ["(count (reduce dissoc (into {} (map vector (range 50) (range 50))) (range 0 50 2)))", "25"],
  // flexible keys: JSON string keys are found by keyword
  ['(:id {"id" 7})', "7"],
  ['(get {"id" 7} :id)', "7"],
  ['(get {:id 7} "id")', "7"],
  ['(get-in {"a" {"b" 1}} [:a :b])', "1"],
  ['(contains? {"id" 1} :id)', "true"],
  ['(select-keys {"a" 1 "b" 2} [:a])', "{:a 1}"],
  ['(let [{:keys [a]} {"a" 5}] a)', "5"],
  ['(:id {"id" 1 :id 2})', "2"],
  ['(assoc {"a" 1} :a 2)', '{"a" 1, :a 2}'],
  // characters and strings
  ['[(first "abc") (count "héllo") (seq "ab")]', "[\\a 5 (\\a \\b)]"],
];

describe("values", () => {
  it.each(CASES)("%s → %s", (src, expected) => {
    expect(printed(src)).toBe(expected);
  });
});
