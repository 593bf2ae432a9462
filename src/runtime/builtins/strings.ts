/** Strings, names and printing to strings: str, pr-str, subs, clojure.string basics. */
import type { Cx } from "../context.js";
import { runtimeError, typeError } from "../errors.js";
import { prStr, strOf } from "../printer.js";
import { asArray } from "../seq.js";
import { Char, Keyword, keyword, keywordFromString, Regex, Sym, type Value } from "../values.js";
import { vec } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

function strArg(fn: string, v: Value): string {
  if (typeof v === "string") return v;
  throw typeError(fn, "a string", v);
}

/** Join the `str` of each value, checking the size of what is built. */
export function strAll(cx: Cx, args: readonly Value[]): string {
  let out = "";
  for (const a of args) {
    out += strOf(cx, a);
    if (out.length > 4096) cx.checkString(out.length);
  }
  return out;
}

function splitString(s: string, sep: Value, limit: number | null): string[] {
  let parts: string[];
  if (sep instanceof Regex && limit === null && sep.groupCount === 0) {
    // Without groups or a limit, JavaScript's split agrees with Java's (trailing empty
    // strings are dropped below).
    parts = s.split(sep.re);
  } else if (sep instanceof Regex) {
    const re = new RegExp(sep.re.source, sep.re.flags.includes("g") ? sep.re.flags : `${sep.re.flags}g`);
    parts = [];
    let last = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s)) !== null && (limit === null || parts.length < limit - 1)) {
      if (m[0].length === 0) {
        // Java splits an empty match between characters, never at position 0.
        if (m.index === 0 || m.index >= s.length) {
          re.lastIndex++;
          continue;
        }
      }
      parts.push(s.slice(last, m.index));
      last = m.index + m[0].length;
      if (m[0].length === 0) re.lastIndex++;
    }
    parts.push(s.slice(last));
  } else {
    const sepStr = strArg("split", sep);
    if (sepStr === "") {
      parts = [...s];
      if (limit !== null && limit > 0 && parts.length > limit)
        parts = [...parts.slice(0, limit - 1), parts.slice(limit - 1).join("")];
    } else {
      parts = s.split(sepStr);
      if (limit !== null && limit > 0 && parts.length > limit)
        parts = [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(sepStr)];
    }
  }
  // Java (and so Clojure) drops trailing empty strings unless a limit is given.
  if (limit === null || limit === 0) while (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length === 1 && parts[0] === "" && s === "") return [""];
  return parts;
}

export const STRINGS: BuiltinSpec[] = [
  {
    name: "str",
    arglists: ["[]", "[x]", "[x & ys]"],
    doc: 'The concatenation of the text of the arguments; nil is "".',
    examples: [
      { code: '(str "a" 1 :b nil)', result: '"a1:b"' },
      { code: '(str [1 "x"])', result: '"[1 \\"x\\"]"' },
    ],
    f0: () => "",
    f1: (cx, a) => strOf(cx, a),
    fn: (cx, args) => strAll(cx, args),
  },
  {
    name: "pr-str",
    arglists: ["[& xs]"],
    doc: "The readable printed form of the arguments, separated by spaces.",
    examples: [{ code: '(pr-str "a" [1 :b])', result: '"\\"a\\" [1 :b]"' }],
    fn: (cx, args) => args.map((a) => prStr(cx, a)).join(" "),
  },
  {
    name: "subs",
    arglists: ["[s start]", "[s start end]"],
    doc: "The substring of s from start (inclusive) to end (exclusive).",
    examples: [{ code: '(subs "hello" 1 3)', result: '"el"' }],
    fn: (_cx, args) => {
      const s = strArg("subs", args[0]!);
      const start = args[1]!;
      const end = args.length === 3 ? args[2]! : s.length;
      if (typeof start !== "number" || !Number.isInteger(start)) throw typeError("subs", "an integer start", start);
      if (typeof end !== "number" || !Number.isInteger(end)) throw typeError("subs", "an integer end", end);
      if (start < 0 || end > s.length || start > end) {
        throw runtimeError(`subs range ${start}..${end} is out of bounds for a string of length ${s.length}`);
      }
      return s.slice(start, end);
    },
  },
  {
    name: "join",
    ns: "clojure.string",
    arglists: ["[coll]", "[separator coll]"],
    doc: "The text of the items joined, with an optional separator.",
    examples: [{ code: '(clojure.string/join ", " [1 2 3])', result: '"1, 2, 3"' }],
    f1: (cx, c) => strAll(cx, asArray(cx, c)),
    f2: (cx, sep, c) => {
      const parts = asArray(cx, c).map((x) => strOf(cx, x));
      const out = parts.join(strOf(cx, sep));
      cx.checkString(out.length);
      return out;
    },
  },
  {
    name: "split",
    ns: "clojure.string",
    arglists: ["[s re]", "[s re limit]"],
    doc: "A vector of the parts of s between matches of a regex (or string); trailing empty parts are dropped unless a limit is given.",
    examples: [
      { code: '(clojure.string/split "a,b,,c,," #",")', result: '["a" "b" "" "c"]' },
      { code: '(clojure.string/split "a b c" #" " 2)', result: '["a" "b c"]' },
    ],
    f2: (cx, s, sep) => {
      const parts = splitString(strArg("split", s), sep, null);
      cx.charge(parts.length);
      return vec(parts);
    },
    f3: (cx, s, sep, limit) => {
      if (typeof limit !== "number" || !Number.isInteger(limit)) throw typeError("split", "an integer limit", limit);
      const parts = splitString(strArg("split", s), sep, limit);
      cx.charge(parts.length);
      return vec(parts);
    },
  },
  {
    name: "upper-case",
    ns: "clojure.string",
    aliases: ["upcase"],
    arglists: ["[s]"],
    doc: "s in upper case.",
    examples: [{ code: '(clojure.string/upper-case "abc")', result: '"ABC"' }],
    f1: (_cx, s) => strArg("upper-case", s).toUpperCase(),
  },
  {
    name: "lower-case",
    ns: "clojure.string",
    aliases: ["downcase"],
    arglists: ["[s]"],
    doc: "s in lower case.",
    examples: [{ code: '(clojure.string/lower-case "ABC")', result: '"abc"' }],
    f1: (_cx, s) => strArg("lower-case", s).toLowerCase(),
  },
  {
    name: "trim",
    ns: "clojure.string",
    arglists: ["[s]"],
    doc: "s without leading and trailing whitespace.",
    examples: [{ code: '(clojure.string/trim "  a b  ")', result: '"a b"' }],
    f1: (_cx, s) => strArg("trim", s).trim(),
  },
  {
    name: "includes?",
    ns: "clojure.string",
    arglists: ["[s substr]"],
    doc: "True if s contains substr.",
    examples: [{ code: '(clojure.string/includes? "hello" "ell")', result: "true" }],
    f2: (_cx, s, sub) => strArg("includes?", s).includes(strArg("includes?", sub)),
  },
  {
    name: "starts-with?",
    ns: "clojure.string",
    arglists: ["[s prefix]"],
    doc: "True if s starts with prefix.",
    examples: [{ code: '(clojure.string/starts-with? "hello" "he")', result: "true" }],
    f2: (_cx, s, p) => strArg("starts-with?", s).startsWith(strArg("starts-with?", p)),
  },
  {
    name: "ends-with?",
    ns: "clojure.string",
    arglists: ["[s suffix]"],
    doc: "True if s ends with suffix.",
    examples: [{ code: '(clojure.string/ends-with? "hello" "lo")', result: "true" }],
    f2: (_cx, s, p) => strArg("ends-with?", s).endsWith(strArg("ends-with?", p)),
  },
  {
    name: "name",
    arglists: ["[x]"],
    doc: "The name of a keyword or symbol (without namespace), or the string itself.",
    examples: [{ code: "(name :user/id)", result: '"id"' }],
    f1: (_cx, x) => {
      if (typeof x === "string") return x;
      if (x instanceof Keyword || x instanceof Sym) return x.name;
      throw typeError("name", "a keyword, symbol or string", x);
    },
  },
  {
    name: "keyword",
    arglists: ["[name]", "[ns name]"],
    doc: "The keyword with this name (a string, keyword or symbol).",
    examples: [{ code: '(keyword "status")', result: ":status" }],
    f1: (_cx, x) => {
      if (x instanceof Keyword) return x;
      if (typeof x === "string") return keywordFromString(x);
      if (x instanceof Sym) return keyword(x.name, x.ns);
      if (x === null) return null;
      throw typeError("keyword", "a string", x);
    },
    f2: (_cx, ns, n) => keyword(strArg("keyword", n), ns === null ? null : strArg("keyword", ns)),
  },
  {
    name: "char",
    arglists: ["[code]"],
    doc: "The character with this UTF-16 code.",
    examples: [{ code: "(char 97)", result: "\\a" }],
    f1: (_cx, x) => {
      if (x instanceof Char) return x;
      if (typeof x !== "number" || !Number.isInteger(x) || x < 0 || x > 0xffff)
        throw typeError("char", "an integer from 0 to 65535", x);
      return new Char(String.fromCharCode(x));
    },
  },
];
