/**
 * Regular expressions: re-pattern, re-find, re-matches, re-seq, and the PTC extensions
 * regex?, re-split, extract and extract-int. Patterns use Java's syntax and are matched by
 * src/runtime/regex/, which keeps every match within the step budget.
 */
import type { Cx } from "../context.js";
import { typeError } from "../errors.js";
import { compileRegex, nextFrom, regexFind, regexMatches, type RegexMatch } from "../regex/index.js";
import { ArraySeq, CHUNK, LazySeq } from "../seq.js";
import { isInt, Regex, type Value } from "../values.js";
import { vec } from "../vector.js";
import { parseLongOrNil } from "./parsing.js";
import type { BuiltinSpec } from "./registry.js";
import { javaSplit, matchValue, strArg } from "./strings.js";

function regexArg(fn: string, v: Value): Regex {
  if (v instanceof Regex) return v;
  throw typeError(
    fn,
    "a regex",
    v,
    typeof v === "string" ? `write a regex literal #"${v}" or (re-pattern s)` : undefined,
  );
}

/** A pattern given as a regex or as a string of regex source (the PTC extensions accept both). */
function patternArg(fn: string, v: Value): Regex {
  if (v instanceof Regex) return v;
  if (typeof v === "string") return compileRegex(v);
  throw typeError(fn, "a regex or a pattern string", v);
}

/**
 * The matches of `re` in `s` from `from` on, 32 at a time: a realized chunk followed by a
 * lazy rest. Null when there is no match (the first chunk is computed at once, as
 * Clojure's re-seq finds the first match eagerly).
 */
function reSeqChunk(cx: Cx, re: Regex, s: string, from: number): ArraySeq | null {
  const items: Value[] = [];
  let pos = from;
  let done = false;
  while (items.length < CHUNK) {
    const m = pos <= s.length ? regexFind(cx, re, s, pos) : null;
    if (m === null) {
      done = true;
      break;
    }
    items.push(matchValue(m));
    pos = nextFrom(m);
  }
  if (items.length === 0) return null;
  const rest = done ? null : new LazySeq((cx2) => reSeqChunk(cx2, re, s, pos));
  return new ArraySeq(items, 0, items.length, rest);
}

/** `(extract pat s group)`: group text of the first match, or nil. */
function extract(cx: Cx, fn: string, pat: Value, sv: Value, group: Value): string | null {
  const re = patternArg(fn, pat);
  if (sv === null) return null;
  const s = strArg(fn, sv);
  const m: RegexMatch | null = regexFind(cx, re, s, 0);
  if (m === null) return null;
  let g: number;
  if (group === null) g = m.groups.length > 1 ? 1 : 0;
  else if (isInt(group) && group >= 0) g = group;
  else throw typeError(fn, "a non-negative integer group", group);
  return m.groups[g] ?? null;
}

export const REGEX: BuiltinSpec[] = [
  {
    name: "re-pattern",
    arglists: ["[s]"],
    doc: "A regex compiled from a string in Java's regex syntax (a regex is returned as is).",
    examples: [
      { code: '(re-find (re-pattern "\\\\d+") "ab 12")', result: '"12"' },
      { code: '(re-pattern "(")', result: "error: type" },
    ],
    f1: (_cx, s) => {
      if (s instanceof Regex) return s;
      return compileRegex(strArg("re-pattern", s, "a pattern string"));
    },
  },
  {
    name: "re-find",
    arglists: ["[re s]"],
    doc: "The first match of re in s: the matched text, or [match group1 group2 ...] when re has groups; nil when none.",
    examples: [
      { code: '(re-find #"\\d+" "order 66 of 99")', result: '"66"' },
      { code: '(re-find #"(\\w+)@(\\w+)" "mail: ann@host")', result: '["ann@host" "ann" "host"]' },
      { code: '(re-find #"x" "abc")', result: "nil" },
    ],
    f2: (cx, re, s) => {
      const m = regexFind(cx, regexArg("re-find", re), strArg("re-find", s), 0);
      return m === null ? null : matchValue(m);
    },
  },
  {
    name: "re-matches",
    arglists: ["[re s]"],
    doc: "Like re-find, but re must match the whole of s.",
    examples: [
      { code: '(re-matches #"\\d+" "123")', result: '"123"' },
      { code: '(re-matches #"\\d+" "123a")', result: "nil" },
      { code: '(re-matches #"(\\d+)-(\\d+)" "10-20")', result: '["10-20" "10" "20"]' },
    ],
    f2: (cx, re, s) => {
      const m = regexMatches(cx, regexArg("re-matches", re), strArg("re-matches", s));
      return m === null ? null : matchValue(m);
    },
  },
  {
    name: "re-seq",
    arglists: ["[re s]"],
    doc: "A lazy seq of every match of re in s (as re-find gives them); nil when none.",
    examples: [
      { code: '(re-seq #"\\d+" "a1 b22 c333")', result: '("1" "22" "333")' },
      { code: '(re-seq #"(\\w)=(\\d)" "a=1,b=2")', result: '(["a=1" "a" "1"] ["b=2" "b" "2"])' },
    ],
    f2: (cx, re, s) => reSeqChunk(cx, regexArg("re-seq", re), strArg("re-seq", s), 0),
  },
  {
    name: "regex?",
    ns: "ptc",
    arglists: ["[x]"],
    doc: "True if x is a regex.",
    examples: [{ code: '(regex? #"a")', result: "true" }],
    f1: (_cx, x) => x instanceof Regex,
  },
  {
    name: "re-split",
    ns: "ptc",
    arglists: ["[re s]"],
    doc: "The parts of s between matches of re (a regex or pattern string), as clojure.string/split gives them.",
    examples: [{ code: '(re-split #"\\s*,\\s*" "a , b,c")', result: '["a" "b" "c"]' }],
    f2: (cx, re, s) => vec(javaSplit(cx, strArg("re-split", s), patternArg("re-split", re), 0)),
  },
  {
    name: "extract",
    ns: "ptc",
    arglists: ["[re s]", "[re s group]"],
    doc: "The text of a group of the first match of re (a regex or pattern string) in s: group 1 by default (the whole match when re has no groups); nil when there is no match or no such group.",
    examples: [
      { code: '(extract "ID:(\\\\d+)" "ID:42")', result: '"42"' },
      { code: '(extract #"x=(\\d+) y=(\\d+)" "x=1 y=2" 2)', result: '"2"' },
      { code: '(extract #"\\d+" "no digits")', result: "nil" },
    ],
    f2: (cx, re, s) => extract(cx, "extract", re, s, null),
    f3: (cx, re, s, g) => extract(cx, "extract", re, s, g),
  },
  {
    name: "extract-int",
    ns: "ptc",
    arglists: ["[re s]", "[re s group]", "[re s group default]"],
    doc: "extract, then parse-long: the integer in a group of the first match, or default (nil) when there is none.",
    examples: [
      { code: '(extract-int #"age=(\\d+)" "age=25")', result: "25" },
      { code: '(extract-int #"age=(\\d+)" "n/a" 1 0)', result: "0" },
    ],
    f2: (cx, re, s) => parseLongOrNil(extract(cx, "extract-int", re, s, null)),
    f3: (cx, re, s, g) => parseLongOrNil(extract(cx, "extract-int", re, s, g)),
    fn: (cx, args) => {
      const [re, s, g, dflt] = args as [Value, Value, Value, Value];
      if (args.length < 4) return parseLongOrNil(extract(cx, "extract-int", re, s, g ?? null));
      return parseLongOrNil(extract(cx, "extract-int", re, s, g)) ?? dflt;
    },
  },
];
