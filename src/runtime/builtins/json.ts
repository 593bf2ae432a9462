/**
 * JSON text in and out, for tools that answer with JSON strings (MCP tools often do):
 * `json/parse-string`, `json/parse-lines` (JSON Lines) and `json/generate-string`, named
 * as Cheshire names them. Parsed data enters like a tool's result (objects become maps
 * with string keys, or keywords on request; arrays become vectors), under the same limits:
 * nesting, collection size, string size and steps. A syntax error is a runtime error that
 * names the line and column in the JSON text.
 */
import { PtcError } from "../../diagnostics/error.js";
import { call1, isCallable } from "../call.js";
import type { Cx } from "../context.js";
import { fromHost, toHost } from "../convert.js";
import { runtimeError, typeError } from "../errors.js";
import { PMap } from "../map.js";
import { keyword, keywordFromString, truthy, type Value } from "../values.js";
import { vec } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";
import { mapKeys } from "./walk.js";

/** How keys are read: as strings, as keywords (`true`), or through a function. */
function keyReader(cx: Cx, fn: string, k: Value | undefined): ((key: Value) => Value) | null {
  if (k === undefined || k === null || k === false) return null;
  if (k === true) return (key) => (typeof key === "string" ? keywordFromString(key) : key);
  if (isCallable(k)) return (key) => call1(cx, k, key);
  throw typeError(fn, "true (keyword keys) or a function of each key as its second argument", k);
}

/** One JSON document as a PTC-Lisp value; `where` places an error (the line of a JSON Lines text). */
function parseDocument(cx: Cx, fn: string, text: string, keys: ((k: Value) => Value) | null, line = 1): Value {
  // Parsing is bounded by the text, which the string limit already bounds; charge for it.
  cx.charge(Math.ceil(text.length / 16));
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const at = errorOffset(text);
    const [l, c] = lineColumn(text, at);
    const what =
      e instanceof Error
        ? e.message
            .replace(/,? ".*" is not valid JSON$/s, "")
            .replace(/ at position \d+.*$/s, "")
            .replace(/ in JSON$/, "")
        : "";
    throw runtimeError(
      `${fn}: invalid JSON at line ${l + line - 1}, column ${c}: ${what === "" ? "syntax error" : what}`,
      "check the text with (subs s 0 80); a tool's JSON answer is often already data",
    );
  }
  let v: Value;
  try {
    v = fromHost(data, { meter: cx, limits: cx.limits });
  } catch (e) {
    // What the data cannot be (too deep, not convertible) is this call's error; limits and
    // the time limit stay what they are.
    if (e instanceof PtcError && (e.kind === "type" || e.kind === "runtime")) {
      // The path of a deeply nested value can be long: keep its ends.
      const m = e.message.length > 300 ? `${e.message.slice(0, 200)}…${e.message.slice(-60)}` : e.message;
      throw runtimeError(`${fn}: ${m}`, e.hint);
    }
    throw e;
  }
  return keys === null ? v : mapKeys(cx, v, keys);
}

/** Where JSON.parse stopped: the offset of the first character that is not valid JSON. */
function errorOffset(s: string): number {
  let i = 0;
  const ws = (): void => {
    while (i < s.length && (s[i] === " " || s[i] === "\t" || s[i] === "\n" || s[i] === "\r")) i++;
  };
  const string = (): boolean => {
    i++;
    while (i < s.length && s[i] !== '"') {
      if (s.charCodeAt(i) < 0x20) return false;
      if (s[i] === "\\") {
        i++;
        if (s[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(s.slice(i + 1, i + 5))) return false;
          i += 4;
        } else if (!'"\\/bfnrt'.includes(s[i] ?? "x")) return false;
      }
      i++;
    }
    if (i >= s.length) return false;
    i++;
    return true;
  };
  const scalar = (): boolean => {
    if (s[i] === '"') return string();
    for (const lit of ["true", "false", "null"]) {
      if (s.startsWith(lit, i)) {
        i += lit.length;
        return true;
      }
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(s.slice(i, i + 400));
    if (m === null || m[0] === "" || m[0] === "-") return false;
    i += m[0].length;
    return true;
  };
  const key = (): boolean => {
    ws();
    if (s[i] !== '"' || !string()) return false;
    ws();
    if (s[i] !== ":") return false;
    i++;
    return true;
  };
  // A loop over an explicit stack of open containers, so deep nesting cannot overflow.
  const open: string[] = [];
  let needValue = true;
  for (;;) {
    ws();
    const ch = s[i];
    if (needValue) {
      if (ch === "{" || ch === "[") {
        open.push(ch);
        i++;
        ws();
        if (s[i] === (ch === "{" ? "}" : "]")) {
          open.pop();
          i++;
          needValue = false;
        } else if (ch === "{" && !key()) return i;
        continue;
      }
      if (!scalar()) return i;
      needValue = false;
      continue;
    }
    if (open.length === 0) return i;
    const top = open[open.length - 1]!;
    if (ch === ",") {
      i++;
      if (top === "{" && !key()) return i;
      needValue = true;
    } else if (ch === (top === "{" ? "}" : "]")) {
      open.pop();
      i++;
    } else return i;
  }
}

/** 1-based line and column of an offset. */
function lineColumn(s: string, at: number): [number, number] {
  let line = 1;
  let start = 0;
  for (let j = 0; j < at && j < s.length; j++) {
    if (s[j] === "\n") {
      line++;
      start = j + 1;
    }
  }
  return [line, at - start + 1];
}

function textArg(fn: string, s: Value): string {
  if (typeof s !== "string")
    throw typeError(fn, "a string of JSON text", s, "a tool that answers with data needs no parsing");
  return s;
}

export const JSON_BUILTINS: BuiltinSpec[] = [
  {
    name: "parse-string",
    ns: "json",
    arglists: ["[s]", "[s key-fn]"],
    doc: "The JSON text s as data: objects become maps with string keys (keyword keys when key-fn is true, or (key-fn k)), arrays vectors. Invalid JSON is an error naming its line and column.",
    examples: [
      { code: '(json/parse-string "{\\"a\\": [1, 2.5, null]}")', result: '{"a" [1 2.5 nil]}' },
      { code: '(:id (json/parse-string "{\\"id\\": 7}" true))', result: "7" },
    ],
    f1: (cx, s) => parseDocument(cx, "json/parse-string", textArg("json/parse-string", s), null),
    f2: (cx, s, k) =>
      parseDocument(cx, "json/parse-string", textArg("json/parse-string", s), keyReader(cx, "json/parse-string", k)),
  },
  {
    name: "parse-lines",
    ns: "json",
    arglists: ["[s]", "[s key-fn]"],
    doc: "JSON Lines: a vector of the JSON documents in s, one per non-blank line; key-fn as in parse-string.",
    examples: [{ code: '(json/parse-lines "{\\"n\\": 1}\\n{\\"n\\": 2}\\n" true)', result: "[{:n 1} {:n 2}]" }],
    fn: (cx, args) => {
      const fn = "json/parse-lines";
      const text = textArg(fn, args[0]!);
      const keys = keyReader(cx, fn, args[1]);
      const out: Value[] = [];
      const lines = text.split("\n");
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!.endsWith("\r") ? lines[i]!.slice(0, -1) : lines[i]!;
        if (line.trim() === "") continue;
        out.push(parseDocument(cx, fn, line, keys, i + 1));
        cx.checkSize(out.length);
      }
      return vec(out);
    },
  },
  {
    name: "generate-string",
    ns: "json",
    arglists: ["[x]", "[x opts]"],
    doc: "x as JSON text: maps become objects (keyword keys by name), vectors, lists and sets arrays, keywords strings; {:pretty true} indents.",
    examples: [
      { code: "(json/generate-string {:a [1 2] :b nil})", result: '"{\\"a\\":[1,2],\\"b\\":null}"' },
      { code: "(json/generate-string {:k :v} {:pretty true})", result: '"{\\n  \\"k\\": \\"v\\"\\n}"' },
    ],
    f1: (cx, x) => generate(cx, x, false),
    f2: (cx, x, opts) => generate(cx, x, prettyOption(opts)),
  },
];

function prettyOption(opts: Value): boolean {
  if (opts === null) return false;
  if (opts instanceof PMap) return truthy(opts.get(keyword("pretty"), null));
  throw typeError("json/generate-string", "an options map such as {:pretty true}", opts);
}

function generate(cx: Cx, x: Value, pretty: boolean): string {
  const data = toHost(cx, x);
  // The text is at least as long as the strings and keys it holds: over the string limit,
  // it is refused before JSON.stringify builds it (a vector of one long string repeated).
  cx.checkString(textSizeAtLeast(cx, data));
  const out = JSON.stringify(data, null, pretty ? 2 : undefined) ?? "null";
  cx.checkString(out.length);
  cx.charge(Math.ceil(out.length / 16));
  return out;
}

/**
 * A lower bound of the length of `data`'s JSON text: its strings' and keys' lengths, two per
 * array or object; stops counting once past the string limit. Its nodes are those toHost
 * walked (and charged) just before.
 */
function textSizeAtLeast(cx: Cx, data: unknown): number {
  const max = cx.limits.maxString;
  let n = 0;
  const stack: unknown[] = [data];
  while (stack.length > 0 && n <= max) {
    const x = stack.pop();
    if (typeof x === "string") n += x.length + 2;
    else if (Array.isArray(x)) {
      n += 2 + x.length;
      for (const item of x) stack.push(item);
    } else if (typeof x === "object" && x !== null) {
      n += 2;
      for (const [k, item] of Object.entries(x)) {
        n += k.length + 3;
        stack.push(item);
      }
    } else n += 1;
  }
  return n;
}
