/** Type and value predicates. */
import { isCallable } from "../call.js";
import { typeError } from "../errors.js";
import { PMap } from "../map.js";
import { toNum } from "../numbers.js";
import { ASeq, EmptyList, isSeqable, LazySeq, PList, Range, seq } from "../seq.js";
import { PSet } from "../set.js";
import { Char, isFloat, keyword, Keyword, PtcFloat, PtcFn, Regex, Sym, Var, type Value } from "../values.js";
import { MapEntry, PVector } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

function pred(name: string, doc: string, test: (v: Value) => boolean, example: string, result: string): BuiltinSpec {
  return { name, arglists: ["[x]"], doc, examples: [{ code: example, result }], f1: (_cx, a) => test(a) };
}

function integerArg(fn: string, v: Value): number {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  throw typeError(fn, "an integer", v);
}

function isInteger(v: Value): v is number {
  return typeof v === "number" && Number.isInteger(v);
}

const TYPE_TAGS = {
  nil: keyword("nil"),
  boolean: keyword("boolean"),
  number: keyword("number"),
  string: keyword("string"),
  keyword: keyword("keyword"),
  symbol: keyword("symbol"),
  char: keyword("char"),
  vector: keyword("vector"),
  list: keyword("list"),
  seq: keyword("seq"),
  map: keyword("map"),
  set: keyword("set"),
  function: keyword("function"),
  regex: keyword("regex"),
  var: keyword("var"),
  unknown: keyword("unknown"),
};

/** `type`: a keyword naming the kind of value (PTC-Lisp's answer to Clojure's class). */
function typeTag(v: Value): Keyword {
  if (v === null) return TYPE_TAGS.nil;
  switch (typeof v) {
    case "boolean":
      return TYPE_TAGS.boolean;
    case "number":
      return TYPE_TAGS.number;
    case "string":
      return TYPE_TAGS.string;
  }
  if (v instanceof PtcFloat) return TYPE_TAGS.number;
  if (v instanceof Keyword) return TYPE_TAGS.keyword;
  if (v instanceof PVector) return TYPE_TAGS.vector;
  if (v instanceof PMap) return TYPE_TAGS.map;
  if (v instanceof PSet) return TYPE_TAGS.set;
  if (v instanceof PList || v instanceof EmptyList) return TYPE_TAGS.list;
  if (v instanceof ASeq || v instanceof LazySeq) return TYPE_TAGS.seq;
  if (v instanceof PtcFn) return TYPE_TAGS.function;
  if (v instanceof Sym) return TYPE_TAGS.symbol;
  if (v instanceof Char) return TYPE_TAGS.char;
  if (v instanceof Regex) return TYPE_TAGS.regex;
  if (v instanceof Var) return TYPE_TAGS.var;
  return TYPE_TAGS.unknown;
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
    f1: (cx, a) => (a instanceof PVector ? a.count === 0 : seq(cx, a) === null),
  },
  pred("any?", "True for any argument (nil included).", () => true, "(any? nil)", "true"),
  pred("nat-int?", "True if x is an integer >= 0.", (v) => isInteger(v) && v >= 0, "(nat-int? 0)", "true"),
  pred("pos-int?", "True if x is an integer > 0.", (v) => isInteger(v) && v > 0, "(pos-int? 0)", "false"),
  pred("neg-int?", "True if x is an integer < 0.", (v) => isInteger(v) && v < 0, "(neg-int? -1)", "true"),
  pred(
    "rational?",
    "True if x is an integer (PTC-Lisp has no ratios or decimals).",
    isInteger,
    "(rational? 1.5)",
    "false",
  ),
  pred(
    "ratio?",
    "Always false: PTC-Lisp has no ratios ((/ 1 3) is a float).",
    () => false,
    "(ratio? (/ 1 3))",
    "false",
  ),
  pred("decimal?", "Always false: PTC-Lisp has no BigDecimals.", () => false, "(decimal? 1.5)", "false"),
  pred(
    "indexed?",
    "True if x supports nth in constant time: a vector.",
    (v) => v instanceof PVector,
    "(indexed? [1])",
    "true",
  ),
  pred(
    "associative?",
    "True if x is a map or a vector (assoc works on it).",
    (v) => v instanceof PMap || v instanceof PVector,
    "(associative? [1 2])",
    "true",
  ),
  pred(
    "counted?",
    "True if count is immediate for x: vectors, lists, maps, sets and finite ranges (not strings or lazy seqs).",
    (v) =>
      v instanceof PVector ||
      v instanceof PMap ||
      v instanceof PSet ||
      v instanceof PList ||
      v instanceof EmptyList ||
      (v instanceof Range && Number.isFinite(v.end) && Number.isInteger(v.start) && Number.isInteger(v.step)),
    "(counted? [1 2])",
    "true",
  ),
  pred("seqable?", "True if seq works on x: nil, strings and every collection.", isSeqable, '(seqable? "abc")', "true"),
  pred(
    "reversible?",
    "True if x can be reversed in constant time: a vector.",
    (v) => v instanceof PVector,
    "(reversible? [1])",
    "true",
  ),
  pred(
    "sorted?",
    "True if x is a sorted collection (PTC-Lisp has none, so always false).",
    () => false,
    "(sorted? [1 2])",
    "false",
  ),
  pred(
    "ident?",
    "True if x is a keyword or a symbol.",
    (v) => v instanceof Keyword || v instanceof Sym,
    "(ident? :a)",
    "true",
  ),
  pred(
    "simple-ident?",
    "True if x is a keyword or symbol without a namespace.",
    (v) => (v instanceof Keyword || v instanceof Sym) && v.ns === null,
    "(simple-ident? :a/b)",
    "false",
  ),
  pred(
    "qualified-ident?",
    "True if x is a keyword or symbol with a namespace.",
    (v) => (v instanceof Keyword || v instanceof Sym) && v.ns !== null,
    "(qualified-ident? :a/b)",
    "true",
  ),
  pred(
    "simple-keyword?",
    "True if x is a keyword without a namespace.",
    (v) => v instanceof Keyword && v.ns === null,
    "(simple-keyword? :a)",
    "true",
  ),
  pred(
    "qualified-keyword?",
    "True if x is a keyword with a namespace.",
    (v) => v instanceof Keyword && v.ns !== null,
    "(qualified-keyword? :user/a)",
    "true",
  ),
  pred(
    "simple-symbol?",
    "True if x is a symbol without a namespace.",
    (v) => v instanceof Sym && v.ns === null,
    "(simple-symbol? 'a)",
    "true",
  ),
  pred(
    "qualified-symbol?",
    "True if x is a symbol with a namespace.",
    (v) => v instanceof Sym && v.ns !== null,
    "(qualified-symbol? 'a/b)",
    "true",
  ),
  pred("var?", "True if x is a var (what def returns).", (v) => v instanceof Var, "(var? (def x 1))", "true"),
  {
    name: "type",
    arglists: ["[x]"],
    doc: "A keyword naming the kind of x: :nil :boolean :number :string :keyword :symbol :char :vector :list :seq :map :set :function :regex or :var.",
    examples: [
      { code: "(type 1)", result: ":number" },
      { code: "(type [1])", result: ":vector" },
      { code: "(type (map inc [1]))", result: ":seq" },
      { code: "(type nil)", result: ":nil" },
    ],
    f1: (_cx, a) => typeTag(a),
  },
  {
    name: "map-entry?",
    arglists: ["[x]"],
    doc: "True if x is an entry of a map (from seq, first, find...); a vector written [k v] is not one.",
    examples: [
      { code: "(map-entry? (first {:a 1}))", result: "true" },
      { code: "(map-entry? [:a 1])", result: "false" },
    ],
    f1: (_cx, x) => x instanceof MapEntry,
  },
];
