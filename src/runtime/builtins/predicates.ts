/** Type and value predicates. */
import { isCallable } from "../call.js";
import { typeError } from "../errors.js";
import { PMap } from "../map.js";
import { toNum } from "../numbers.js";
import { ASeq, EmptyList, LazySeq, PList, seq } from "../seq.js";
import { PSet } from "../set.js";
import { Char, isFloat, Keyword, PtcFloat, PtcFn, Sym, type Value } from "../values.js";
import { PVector } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

function pred(name: string, doc: string, test: (v: Value) => boolean, example: string, result: string): BuiltinSpec {
  return { name, arglists: ["[x]"], doc, examples: [{ code: example, result }], f1: (_cx, a) => test(a) };
}

function integerArg(fn: string, v: Value): number {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  throw typeError(fn, "an integer", v);
}

export const PREDICATES: BuiltinSpec[] = [
  pred("nil?", "True if x is nil.", (v) => v === null, "(nil? nil)", "true"),
  pred("some?", "True if x is not nil.", (v) => v !== null, "(some? false)", "true"),
  pred("true?", "True if x is the value true.", (v) => v === true, "(true? 1)", "false"),
  pred("false?", "True if x is the value false.", (v) => v === false, "(false? false)", "true"),
  pred("boolean?", "True if x is true or false.", (v) => typeof v === "boolean", "(boolean? nil)", "false"),
  pred(
    "number?",
    "True if x is a number (##Inf and ##NaN included).",
    (v) => typeof v === "number" || v instanceof PtcFloat,
    "(number? 1.5)",
    "true",
  ),
  pred(
    "integer?",
    "True if x is an integer.",
    (v) => typeof v === "number" && Number.isInteger(v),
    "(integer? 2.0)",
    "false",
  ),
  pred("int?", "True if x is an integer.", (v) => typeof v === "number" && Number.isInteger(v), "(int? 2)", "true"),
  pred("float?", "True if x is a float.", isFloat, "(float? 2.0)", "true"),
  pred("double?", "True if x is a float.", isFloat, "(double? 1)", "false"),
  pred("string?", "True if x is a string.", (v) => typeof v === "string", '(string? "a")', "true"),
  pred("keyword?", "True if x is a keyword.", (v) => v instanceof Keyword, "(keyword? :a)", "true"),
  pred("symbol?", "True if x is a symbol.", (v) => v instanceof Sym, "(symbol? 'a)", "true"),
  pred("char?", "True if x is a character.", (v) => v instanceof Char, "(char? \\a)", "true"),
  pred("map?", "True if x is a map.", (v) => v instanceof PMap, "(map? {:a 1})", "true"),
  pred("vector?", "True if x is a vector.", (v) => v instanceof PVector, "(vector? '(1))", "false"),
  pred("set?", "True if x is a set.", (v) => v instanceof PSet, "(set? #{1})", "true"),
  pred("list?", "True if x is a list.", (v) => v instanceof PList || v instanceof EmptyList, "(list? '(1 2))", "true"),
  pred(
    "seq?",
    "True if x is a seq (a list or a lazy or realized sequence, not a vector).",
    (v) => v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList,
    "(seq? (map inc [1]))",
    "true",
  ),
  pred(
    "sequential?",
    "True if x is a vector, list or seq.",
    (v) => v instanceof PVector || v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList,
    "(sequential? [1])",
    "true",
  ),
  pred(
    "coll?",
    "True if x is a collection (vector, list, seq, map or set); strings are not.",
    (v) =>
      v instanceof PVector ||
      v instanceof PMap ||
      v instanceof PSet ||
      v instanceof ASeq ||
      v instanceof LazySeq ||
      v instanceof EmptyList,
    '(coll? "abc")',
    "false",
  ),
  pred("fn?", "True if x is a function.", (v) => v instanceof PtcFn, "(fn? inc)", "true"),
  pred("ifn?", "True if x can be called: functions, keywords, maps, sets, vectors.", isCallable, "(ifn? :a)", "true"),
  pred("zero?", "True if x is zero.", (v) => toNum("zero?", v) === 0, "(zero? 0.0)", "true"),
  pred("pos?", "True if x is greater than zero.", (v) => toNum("pos?", v) > 0, "(pos? -1)", "false"),
  pred("neg?", "True if x is less than zero.", (v) => toNum("neg?", v) < 0, "(neg? -1)", "true"),
  pred("even?", "True if the integer x is even.", (v) => integerArg("even?", v) % 2 === 0, "(even? 4)", "true"),
  pred("odd?", "True if the integer x is odd.", (v) => integerArg("odd?", v) % 2 !== 0, "(odd? -3)", "true"),
  {
    name: "empty?",
    arglists: ["[coll]"],
    doc: 'True if coll has no items (nil, "", [], {} and #{} are empty).',
    examples: [{ code: "(empty? [])", result: "true" }],
    f1: (cx, a) => seq(cx, a) === null,
  },
];
