/**
 * Static methods of the Java classes: `Integer/parseInt`, `Long/parseLong`,
 * `Double/parseDouble` and their `valueOf`s, `Boolean/parseBoolean`, `String/valueOf`,
 * `String/format`, `String/join`, and the `Character/isLetter`... predicates and case
 * conversions. (The `Math/...` statics live with the core math builtins.)
 */
import { runtimeError, typeError } from "../../errors.js";
import { HostObject } from "../../host-object.js";
import { strOf } from "../../printer.js";
import { isJavaWhitespace } from "../../regex/index.js";
import { asArray } from "../../seq.js";
import { Char, char, float, isInt, type Value } from "../../values.js";
import { parseJavaDouble, parseJavaLong } from "../parsing.js";
import type { BuiltinSpec } from "../registry.js";
import { format, strArg } from "../strings.js";
import { seqArg } from "./shared.js";
import { table } from "../../table.js";

function charArg(fn: string, v: Value): string {
  if (v instanceof Char) return v.c;
  throw typeError(
    fn,
    "a character",
    v,
    typeof v === "string" ? `a string is not a character; use (first s) or \\c` : undefined,
  );
}

const CATEGORY_TESTS: Readonly<Record<string, RegExp>> = table({
  isLetter: /^\p{L}$/u,
  isDigit: /^\p{Nd}$/u,
  isLetterOrDigit: /^[\p{L}\p{Nd}]$/u,
  isUpperCase: /^\p{Uppercase}$/u,
  isLowerCase: /^\p{Lowercase}$/u,
  isAlphabetic: /^\p{Alphabetic}$/u,
});

function characterPredicate(name: string): BuiltinSpec {
  const re = CATEGORY_TESTS[name];
  return {
    name: `Character.${name}`,
    ns: "ptc.interop",
    arglists: ["[c]"],
    doc: `Java's Character/${name}.`,
    examples: [
      {
        code: `(Character/${name} ${name === "isWhitespace" ? "\\space" : "\\a"})`,
        result: name === "isDigit" || name === "isUpperCase" ? "false" : "true",
      },
    ],
    f1: (_cx, c) => {
      const ch = charArg(`Character/${name}`, c);
      return name === "isWhitespace" ? isJavaWhitespace(ch.charCodeAt(0)) : re!.test(ch);
    },
  };
}

export const STATIC_METHODS: BuiltinSpec[] = [
  {
    name: "Integer.parseInt",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The int written in s; an error when s is not one (unlike parse-long, which gives nil).",
    examples: [
      { code: '(Integer/parseInt "-42")', result: "-42" },
      { code: '(Integer/parseInt "4x")', result: "error: runtime" },
    ],
    f1: (_cx, s) => javaParseInt("Integer/parseInt", s, 2 ** 31),
  },
  {
    name: "Integer.valueOf",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The int written in s; an error when s is not one.",
    examples: [{ code: '(Integer/valueOf "7")', result: "7" }],
    f1: (_cx, s) => (isInt(s) ? s : javaParseInt("Integer/valueOf", s, 2 ** 31)),
  },
  {
    name: "Long.parseLong",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The long written in s; an error when s is not one.",
    examples: [{ code: '(Long/parseLong "123")', result: "123" }],
    f1: (_cx, s) => javaParseInt("Long/parseLong", s, 2 ** 63),
  },
  {
    name: "Long.valueOf",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The long written in s; an error when s is not one.",
    examples: [{ code: '(Long/valueOf "123")', result: "123" }],
    f1: (_cx, s) => (isInt(s) ? s : javaParseInt("Long/valueOf", s, 2 ** 63)),
  },
  {
    name: "Double.parseDouble",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The double written in s; an error when s is not one (unlike parse-double, which gives nil).",
    examples: [{ code: '(Double/parseDouble "2.5")', result: "2.5" }],
    f1: (_cx, s) => javaParseDouble("Double/parseDouble", s),
  },
  {
    name: "Double.valueOf",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: "The double written in s; an error when s is not one.",
    examples: [{ code: '(Double/valueOf "2")', result: "2.0" }],
    f1: (_cx, s) => javaParseDouble("Double/valueOf", s),
  },
  {
    name: "Boolean.parseBoolean",
    ns: "ptc.interop",
    arglists: ["[s]"],
    doc: 'true when s is "true" in any case, else false.',
    examples: [{ code: '(Boolean/parseBoolean "TRUE")', result: "true" }],
    f1: (_cx, s) => typeof s === "string" && s.toLowerCase() === "true",
  },
  {
    name: "String.valueOf",
    ns: "ptc.interop",
    arglists: ["[x]"],
    doc: 'The text of x, as str gives it ("null" for nil, as in Java).',
    examples: [{ code: "(String/valueOf 42)", result: '"42"' }],
    f1: (cx, x) => (x === null ? "null" : x instanceof HostObject ? x.str() : strOf(cx, x)),
  },
  {
    name: "String.format",
    ns: "ptc.interop",
    arglists: ["[fmt & args]"],
    doc: "The same as format.",
    examples: [{ code: '(String/format "%03d" 7)', result: '"007"' }],
    fn: (cx, args) => format(cx, strArg("String/format", args[0]!, "a format string"), args.slice(1)),
  },
  {
    name: "String.join",
    ns: "ptc.interop",
    arglists: ["[separator coll]"],
    doc: "The strings of coll joined with a separator.",
    examples: [{ code: '(String/join "-" ["a" "b"])', result: '"a-b"' }],
    f2: (cx, sep, coll) => {
      const s = seqArg("String/join", sep);
      const items = asArray(cx, coll).map((x) => (x === null ? "null" : seqArg("String/join", x)));
      const out = items.join(s);
      cx.checkString(out.length);
      return out;
    },
  },
  ...(
    ["isLetter", "isDigit", "isLetterOrDigit", "isUpperCase", "isLowerCase", "isAlphabetic", "isWhitespace"] as const
  ).map(characterPredicate),
  {
    name: "Character.toUpperCase",
    ns: "ptc.interop",
    arglists: ["[c]"],
    doc: "A character in upper case.",
    examples: [{ code: "(Character/toUpperCase \\a)", result: "\\A" }],
    f1: (_cx, c) => {
      const u = charArg("Character/toUpperCase", c).toUpperCase();
      return char(u.length === 1 ? u : (c as Char).c);
    },
  },
  {
    name: "Character.toLowerCase",
    ns: "ptc.interop",
    arglists: ["[c]"],
    doc: "A character in lower case.",
    examples: [{ code: "(Character/toLowerCase \\A)", result: "\\a" }],
    f1: (_cx, c) => {
      const u = charArg("Character/toLowerCase", c).toLowerCase();
      return char(u.length === 1 ? u : (c as Char).c);
    },
  },
];

function javaParseInt(fn: string, v: Value, bound: number): number {
  const s = strArg(fn, v);
  const n = parseJavaLong(s, fn, -BigInt(bound), BigInt(bound) - 1n);
  if (n === null)
    throw runtimeError(`${fn}: for input string ${JSON.stringify(s)}`, "parse-long gives nil instead of an error");
  return n;
}

function javaParseDouble(fn: string, v: Value): Value {
  const s = strArg(fn, v);
  const n = parseJavaDouble(s);
  if (n === null)
    throw runtimeError(`${fn}: for input string ${JSON.stringify(s)}`, "parse-double gives nil instead of an error");
  return float(n);
}
