import { describe, expect, it } from "vitest";
import { evaluateSync } from "../../src/index.js";
import { printed } from "../helpers.js";

describe("pr-str prints exactly as Clojure does", () => {
  const cases: [string, string][] = [
    ["{:a 1 :b [1 2 3]}", "{:a 1, :b [1 2 3]}"],
    ["#{1 2}", "#{1 2}"],
    ["#{1 2 3}", "#{1 3 2}"],
    ['"s\\"q\\\\"', '"s\\"q\\\\"'],
    ['"tab\\tnl\\n"', '"tab\\tnl\\n"'],
    ["nil", "nil"],
    ["(def x 1)", "#'x"],
    ["##Inf", "##Inf"],
    ["\\a", "\\a"],
    ["\\space", "\\space"],
    ["[\\newline \\tab \\return \\backspace \\formfeed]", "[\\newline \\tab \\return \\backspace \\formfeed]"],
    ["1.0", "1.0"],
    ["0.1", "0.1"],
    ["(+ 0.1 0.2)", "0.30000000000000004"],
    ["10000000.0", "1.0E7"],
    ["1234567.0", "1234567.0"],
    ["0.001", "0.001"],
    ["0.0001", "1.0E-4"],
    ["-0.0", "-0.0"],
    ["1e21", "1.0E21"],
    ["(/ 1.0 3)", "0.3333333333333333"],
    [":ns/k", ":ns/k"],
    ["'ns/s", "ns/s"],
    ["'(1 (2 [3]))", "(1 (2 [3]))"],
    ["(list)", "()"],
    ["{[1 2] #{:a}}", "{[1 2] #{:a}}"],
    ["{nil 1}", "{nil 1}"],
    ['#"a\\d+"', '#"a\\d+"'],
    ["(fn [a b] a)", "#fn[[a b]]"],
    ["(defn f ([a] a) ([a & more] a)) f", "#fn[f [a] [a & more]]"],
    ["inc", "#fn[inc]"],
    ["(range 3)", "(0 1 2)"],
    ["(map inc [1 2])", "(2 3)"],
    ["(seq {:a 1})", "([:a 1])"],
    ['(seq "ab")', "(\\a \\b)"],
    // Maps of more than 8 entries are hash maps and print in Clojure's hash order.
    ["(zipmap-free (range 0))", "__skip__"],
  ];
  it.each(cases.filter(([, e]) => e !== "__skip__"))("%s → %s", (src, expected) => {
    expect(printed(src)).toBe(expected);
  });

  it("hash sets and big maps iterate in the JVM's order", () => {
    expect(printed("(set (range 10))")).toBe("#{0 7 1 4 6 3 2 9 5 8}");
    expect(printed("(into #{} [:a :b :c :d])")).toBe("#{:c :b :d :a}");
    expect(printed('(set ["a" "b" "c"])')).toBe('#{"a" "b" "c"}');
  });
});

describe("str of values", () => {
  const cases: [string, string][] = [
    ['(str "a" 1 :b nil 1.5 2.0)', '"a1:b1.52.0"'],
    ["(str \\a \\b)", '"ab"'],
    ["(str ##Inf)", '"Infinity"'],
    ["(str 1e10)", '"1.0E10"'],
    ['(str [1 "x" \\c])', '"[1 \\"x\\" \\\\c]"'],
    ["(str '(1 2))", '"(1 2)"'],
    ["(str (map inc [1]))", '"(2)"'],
    ["(str)", '""'],
  ];
  it.each(cases)("%s → %s", (src, expected) => {
    expect(printed(src)).toBe(expected);
  });
});

describe("the truncating printer for feedback", () => {
  function trunc(src: string, maxItems: number, maxChars: number): string {
    const r = evaluateSync(src, { print: { maxItems, maxChars } });
    if (!r.ok) throw new Error(r.error.format());
    return r.printed;
  }
  it("shows the first items and how many there are", () => {
    expect(trunc("(vec (range 500))", 20, 10_000)).toBe(
      "[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 ... (500 items, showing first 20)]",
    );
    expect(trunc("(range 500)", 3, 10_000)).toBe("(0 1 2 ... (500 items, showing first 3))");
  });
  it("summarizes maps and nested collections", () => {
    expect(trunc('{:results (vec (range 100)) :cursor "abc"}', 2, 10_000)).toBe(
      '{:results [0 1 ... (100 items, showing first 2)], :cursor "abc"}',
    );
    expect(trunc("(into {} (map vector (range 20) (range 20)))", 2, 10_000)).toMatch(
      /^\{\d+ \d+, \d+ \d+, \.\.\. \(20 entries, showing first 2\)\}$/,
    );
  });
  it("cuts long output at the character limit", () => {
    expect(trunc("(vec (range 100))", 100, 30)).toBe("[0 1 2 3 4 5 6 7 8 9 10 11 12 ... (truncated)");
  });
  it("never realizes more of an infinite seq than it shows", () => {
    expect(trunc("(range)", 5, 1000)).toBe("(0 1 2 3 4 ... (more items))");
  });
});
