/**
 * String instance methods with Java semantics (-1 for absent, exceptions for bad indexes):
 * `(.length s)`, `(.toUpperCase s)`, `(.substring s b e)`, `(.split s re)`..., and the general
 * object and collection methods written alongside them (`.equals`, `.compareTo`,
 * `.toString`, `.size`, `.get`).
 */
import type { Cx } from "../../context.js";
import { compareValues } from "../../compare.js";
import { equiv } from "../../equality.js";
import { runtimeError, typeError } from "../../errors.js";
import { HostObject } from "../../host-object.js";
import { PMap } from "../../map.js";
import { strOf } from "../../printer.js";
import { compileRegex, isJavaWhitespace, regexMatches } from "../../regex/index.js";
import { asArray, count, isSequential } from "../../seq.js";
import { PSet } from "../../set.js";
import { char, type Value } from "../../values.js";
import { vec } from "../../vector.js";
import { get } from "../collections.js";
import type { BuiltinSpec } from "../registry.js";
import { javaIndexOf, javaLastIndexOf, javaSplit, replaceImpl, strArg } from "../strings.js";
import { longArg, seqArg } from "./shared.js";

function stringIndexError(fn: string, msg: string): never {
  throw runtimeError(`${fn}: ${msg}`, "Java's String methods throw on out-of-range indexes; subs does too");
}

/** A string a method made, which may be longer than its input (`ß` upper-cases to `SS`). */
function grown(cx: Cx, s: string): string {
  cx.checkString(s.length);
  return s;
}

/** Java's String.trim: code units up to U+0020. */
function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b - 1) <= 32) b--;
  return s.slice(a, b);
}

/** Index of x in a sequential collection by `=`, or -1; `last` searches from the end. */
function listIndexOf(cx: Cx, coll: Value, x: Value, last: boolean): number {
  const items = asArray(cx, coll);
  cx.charge(items.length);
  if (last) {
    for (let i = items.length - 1; i >= 0; i--) if (equiv(cx, items[i]!, x)) return i;
  } else {
    for (let i = 0; i < items.length; i++) if (equiv(cx, items[i]!, x)) return i;
  }
  return -1;
}

export const STRING_METHODS: BuiltinSpec[] = [
  {
    name: ".length",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The length of a string in UTF-16 units.",
    examples: [{ code: '(.length "hello")', result: "5" }],
    f1: (_cx, s) => strArg(".length", s).length,
  },
  {
    name: ".isEmpty",
    ns: "ptc.interop",
    arglists: ["[x]"],
    doc: "True if a string or collection is empty.",
    examples: [{ code: '(.isEmpty "")', result: "true" }],
    f1: (cx, x) => {
      if (typeof x === "string") return x.length === 0;
      if (x === null) throw typeError(".isEmpty", "a string or collection", x);
      return count(cx, x) === 0;
    },
  },
  {
    name: ".isBlank",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "True if a string is empty or only whitespace.",
    examples: [{ code: '(.isBlank "  ")', result: "true" }],
    f1: (_cx, sv) => {
      const s = strArg(".isBlank", sv);
      for (let i = 0; i < s.length; i++) if (!isJavaWhitespace(s.charCodeAt(i))) return false;
      return true;
    },
  },
  {
    name: ".toUpperCase",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string in upper case.",
    examples: [{ code: '(.toUpperCase "abc")', result: '"ABC"' }],
    f1: (cx, s) => grown(cx, strArg(".toUpperCase", s).toUpperCase()),
  },
  {
    name: ".toLowerCase",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string in lower case.",
    examples: [{ code: '(.toLowerCase "ABC")', result: '"abc"' }],
    f1: (cx, s) => grown(cx, strArg(".toLowerCase", s).toLowerCase()),
  },
  {
    name: ".trim",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string without leading and trailing characters up to U+0020 (Java's String.trim).",
    examples: [{ code: '(.trim "  a  ")', result: '"a"' }],
    f1: (_cx, s) => javaTrim(strArg(".trim", s)),
  },
  {
    name: ".strip",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "A string without leading and trailing whitespace (Java's String.strip).",
    examples: [{ code: '(.strip "  a  ")', result: '"a"' }],
    f1: (_cx, sv) => {
      const s = strArg(".strip", sv);
      let a = 0;
      let b = s.length;
      while (a < b && isJavaWhitespace(s.charCodeAt(a))) a++;
      while (b > a && isJavaWhitespace(s.charCodeAt(b - 1))) b--;
      return s.slice(a, b);
    },
  },
  {
    name: ".startsWith",
    ns: "ptc.interop",
    arglists: ["[s prefix]"],
    doc: "True if s starts with prefix.",
    examples: [{ code: '(.startsWith "hello" "he")', result: "true" }],
    f2: (_cx, s, p) => strArg(".startsWith", s).startsWith(strArg(".startsWith", p)),
  },
  {
    name: ".endsWith",
    ns: "ptc.interop",
    arglists: ["[s suffix]"],
    doc: "True if s ends with suffix.",
    examples: [{ code: '(.endsWith "hello" "lo")', result: "true" }],
    f2: (_cx, s, p) => strArg(".endsWith", s).endsWith(strArg(".endsWith", p)),
  },
  {
    name: ".contains",
    ns: "ptc.interop",
    arglists: ["[x item]"],
    doc: "True if a string contains a substring, or a collection contains an item (by =).",
    examples: [
      { code: '(.contains "hello" "ell")', result: "true" },
      { code: "(.contains [1 2 3] 2)", result: "true" },
    ],
    f2: (cx, x, item) => {
      if (typeof x === "string") return x.includes(seqArg(".contains", item));
      if (x instanceof PSet) return x.has(item);
      if (isSequential(x)) return listIndexOf(cx, x, item, false) >= 0;
      throw typeError(".contains", "a string or collection", x);
    },
  },
  {
    name: ".indexOf",
    ns: "ptc.interop",
    arglists: ["[x item]", "[s item from]"],
    doc: "Index of the first occurrence of a substring or character in a string (from an optional index), or of an item in a list; -1 when absent.",
    examples: [
      { code: '(.indexOf "banana" "an")', result: "1" },
      { code: '(.indexOf "banana" "an" 2)', result: "3" },
      { code: '(.indexOf "banana" "x")', result: "-1" },
    ],
    f2: (cx, x, item) => {
      if (typeof x === "string") return javaIndexOf(x, seqArg(".indexOf", item), 0);
      if (isSequential(x)) return listIndexOf(cx, x, item, false);
      throw typeError(".indexOf", "a string or list", x);
    },
    f3: (_cx, s, item, from) => javaIndexOf(strArg(".indexOf", s), seqArg(".indexOf", item), longArg(".indexOf", from)),
  },
  {
    name: ".lastIndexOf",
    ns: "ptc.interop",
    arglists: ["[x item]", "[s item from]"],
    doc: "Index of the last occurrence of a substring or character in a string (searching back from an optional index), or of an item in a list; -1 when absent.",
    examples: [{ code: '(.lastIndexOf "banana" "an")', result: "3" }],
    f2: (cx, x, item) => {
      if (typeof x === "string") return javaLastIndexOf(x, seqArg(".lastIndexOf", item), x.length);
      if (isSequential(x)) return listIndexOf(cx, x, item, true);
      throw typeError(".lastIndexOf", "a string or list", x);
    },
    f3: (_cx, s, item, from) =>
      javaLastIndexOf(strArg(".lastIndexOf", s), seqArg(".lastIndexOf", item), longArg(".lastIndexOf", from)),
  },
  {
    name: ".substring",
    ns: "ptc.interop",
    arglists: ["[s begin]", "[s begin end]"],
    doc: "The substring from begin (inclusive) to end (exclusive); out-of-range indexes are an error.",
    examples: [
      { code: '(.substring "hello" 1 3)', result: '"el"' },
      { code: '(.substring "hello" 9)', result: "error: runtime" },
    ],
    f2: (_cx, sv, b) => {
      const s = strArg(".substring", sv);
      const begin = longArg(".substring", b);
      if (begin < 0 || begin > s.length) stringIndexError(".substring", `begin ${begin}, length ${s.length}`);
      return s.slice(begin);
    },
    f3: (_cx, sv, b, e) => {
      const s = strArg(".substring", sv);
      const begin = longArg(".substring", b);
      const end = longArg(".substring", e);
      if (begin < 0 || end > s.length || begin > end)
        stringIndexError(".substring", `begin ${begin}, end ${end}, length ${s.length}`);
      return s.slice(begin, end);
    },
  },
  {
    name: ".charAt",
    ns: "ptc.interop",
    arglists: ["[s index]"],
    doc: "The character at an index of a string.",
    examples: [{ code: '(.charAt "hello" 1)', result: "\\e" }],
    f2: (_cx, sv, i) => {
      const s = strArg(".charAt", sv);
      const idx = longArg(".charAt", i);
      if (idx < 0 || idx >= s.length) stringIndexError(".charAt", `index ${idx}, length ${s.length}`);
      return char(s[idx]!);
    },
  },
  {
    name: ".replace",
    ns: "ptc.interop",
    arglists: ["[s target replacement]"],
    doc: "s with every occurrence of a literal string (or character) replaced.",
    examples: [{ code: '(.replace "a.b.c" "." "-")', result: '"a-b-c"' }],
    f3: (cx, sv, t, r) => {
      const s = strArg(".replace", sv);
      const target = seqArg(".replace", t);
      const rep = seqArg(".replace", r);
      const out = s.split(target).join(rep);
      cx.checkString(out.length);
      return out;
    },
  },
  {
    name: ".replaceAll",
    ns: "ptc.interop",
    arglists: ["[s regex replacement]"],
    doc: "s with every match of a regex (given as a string) replaced; $1 refers to groups.",
    examples: [{ code: '(.replaceAll "a1b22" "\\\\d+" "#")', result: '"a#b#"' }],
    f3: (cx, s, re, r) =>
      replaceImpl(cx, ".replaceAll", s, compileRegex(strArg(".replaceAll", re)), strArg(".replaceAll", r), false),
  },
  {
    name: ".replaceFirst",
    ns: "ptc.interop",
    arglists: ["[s regex replacement]"],
    doc: "s with the first match of a regex (given as a string) replaced.",
    examples: [{ code: '(.replaceFirst "a1b22" "\\\\d+" "#")', result: '"a#b22"' }],
    f3: (cx, s, re, r) =>
      replaceImpl(cx, ".replaceFirst", s, compileRegex(strArg(".replaceFirst", re)), strArg(".replaceFirst", r), true),
  },
  {
    name: ".matches",
    ns: "ptc.interop",
    arglists: ["[s regex]"],
    doc: "True if the whole string matches a regex (given as a string).",
    examples: [{ code: '(.matches "abc123" "[a-z]+\\\\d+")', result: "true" }],
    f2: (cx, s, re) => regexMatches(cx, compileRegex(strArg(".matches", re)), strArg(".matches", s)) !== null,
  },
  {
    name: ".split",
    ns: "ptc.interop",
    arglists: ["[s regex]", "[s regex limit]"],
    doc: "A vector of the parts of s around matches of a regex (given as a string), by Java's rules.",
    examples: [{ code: '(.split "a,b,,c,," ",")', result: '["a" "b" "" "c"]' }],
    f2: (cx, s, re) => vec(javaSplit(cx, strArg(".split", s), compileRegex(strArg(".split", re)), 0)),
    f3: (cx, s, re, limit) =>
      vec(javaSplit(cx, strArg(".split", s), compileRegex(strArg(".split", re)), longArg(".split", limit))),
  },
  {
    name: ".concat",
    ns: "ptc.interop",
    arglists: ["[s other]"],
    doc: "The two strings joined.",
    examples: [{ code: '(.concat "ab" "cd")', result: '"abcd"' }],
    f2: (cx, a, b) => {
      const out = strArg(".concat", a) + strArg(".concat", b);
      cx.checkString(out.length);
      return out;
    },
  },
  {
    name: ".repeat",
    ns: "ptc.interop",
    arglists: ["[s n]"],
    doc: "The string repeated n times.",
    examples: [{ code: '(.repeat "ab" 3)', result: '"ababab"' }],
    f2: (cx, sv, nv) => {
      const s = strArg(".repeat", sv);
      const n = longArg(".repeat", nv);
      if (n < 0) throw runtimeError(`.repeat: count is negative: ${n}`);
      cx.checkString(s.length * n);
      return s.repeat(n);
    },
  },
  {
    name: ".equals",
    ns: "ptc.interop",
    arglists: ["[x y]"],
    doc: "True if x equals y (as =).",
    examples: [{ code: '(.equals "a" "a")', result: "true" }],
    f2: (cx, a, b) => {
      if (a === null) throw typeError(".equals", "an object", a);
      return equiv(cx, a, b);
    },
  },
  {
    name: ".equalsIgnoreCase",
    ns: "ptc.interop",
    arglists: ["[s other]"],
    doc: "True if two strings are equal ignoring case.",
    examples: [{ code: '(.equalsIgnoreCase "Abc" "aBC")', result: "true" }],
    f2: (_cx, a, b) => {
      const s = strArg(".equalsIgnoreCase", a);
      if (typeof b !== "string" || b.length !== s.length) return false;
      for (let i = 0; i < s.length; i++) {
        const x = s[i]!;
        const y = b[i]!;
        if (x !== y && x.toUpperCase() !== y.toUpperCase() && x.toLowerCase() !== y.toLowerCase()) return false;
      }
      return true;
    },
  },
  {
    name: ".compareTo",
    ns: "ptc.interop",
    arglists: ["[x y]"],
    doc: "Java's compareTo: negative, zero or positive as x sorts before, with or after y.",
    examples: [{ code: '(.compareTo "a" "c")', result: "-2" }],
    f2: (cx, a, b) => {
      if (a instanceof HostObject && b instanceof HostObject) {
        const d = a.compareTo(b);
        if (d !== null) return d;
      }
      return compareValues(cx, a, b);
    },
  },
  {
    name: ".toString",
    ns: "ptc.interop",
    arglists: ["[x]"],
    doc: "The text of x (as str, but nil is an error as in Java).",
    examples: [{ code: "(.toString 42)", result: '"42"' }],
    f1: (cx, x) => {
      if (x === null) throw typeError(".toString", "an object", x);
      return x instanceof HostObject ? x.str() : strOf(cx, x);
    },
  },
  {
    name: ".size",
    ns: "ptc.interop",
    arglists: ["[coll]"],
    doc: "The number of items of a collection.",
    examples: [{ code: "(.size [1 2 3])", result: "3" }],
    f1: (cx, c) => {
      if (c === null || typeof c === "string" || !(c instanceof PMap || c instanceof PSet || isSequential(c)))
        throw typeError(".size", "a collection", c);
      return count(cx, c);
    },
  },
  {
    name: ".get",
    ns: "ptc.interop",
    arglists: ["[coll key]"],
    doc: "The value of a key in a map, or the item at an index of a vector.",
    examples: [{ code: "(.get {:a 1} :a)", result: "1" }],
    f2: (cx, c, k) => {
      if (c instanceof PMap) return get(cx, c, k, null);
      if (isSequential(c)) {
        const items = asArray(cx, c);
        const i = longArg(".get", k, "an integer index");
        if (i < 0 || i >= items.length)
          throw runtimeError(`.get: index ${i} is out of bounds for length ${items.length}`);
        return items[i]!;
      }
      throw typeError(".get", "a map or list", c);
    },
  },
];
