/**
 * The JavaScript RegExp source (`u` flag) of a parsed pattern, with Java's meaning: `\s` is
 * ASCII whitespace, `.` and `$` know Java's line terminators, `(?i)` folds ASCII case only
 * (the parser has already turned escapes, classes and `\Q...\E` into code-point sets; they
 * are written here as classes, and Java's assertions as lookarounds).
 */
import { MAX_CP, U_WORD, type CharSet } from "./charset.js";
import { shape } from "./cost.js";
import type { Assertion, Node } from "./parse.js";

function hex(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

function classChar(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a))
    return String.fromCharCode(cp);
  return hex(cp);
}

function setSource(s: CharSet): string {
  const r = s.ranges;
  if (s.props.length === 0) {
    if (r.length === 2 && r[0] === 0 && r[1] === MAX_CP) return "[^]";
    if (r.length === 2 && r[0] === r[1]) return classChar(r[0]!);
  }
  let body = "";
  for (let i = 0; i < r.length; i += 2) {
    body += classChar(r[i]!);
    if (r[i + 1]! > r[i]!) body += (r[i + 1]! > r[i]! + 1 ? "-" : "") + classChar(r[i + 1]!);
  }
  for (const p of s.props) body += p.js;
  return `[${s.negated ? "^" : ""}${body}]`;
}

const TERM = "\\n\\r\\u{85}\\u{2028}\\u{2029}";
const U_WORD_SRC = setSource(U_WORD);

const ASSERT_SOURCE: Readonly<Record<Assertion, string>> = {
  start: "^",
  end: "$",
  endZ: `(?=(?:\\r\\n|[${TERM}])?$)(?!\\n(?<=\\r\\n))`,
  endZUnix: "(?=\\n?$)",
  bolM: `(?<![^${TERM}])(?!(?<=\\r)\\n)(?=[^])`,
  bolMUnix: "(?<![^\\n])(?=[^])",
  eolM: `(?=[${TERM}]|$)(?!(?<=\\r)\\n)`,
  eolMUnix: "(?=\\n|$)",
  wordB: "\\b",
  notWordB: "\\B",
  uWordB: `(?:(?<=${U_WORD_SRC})(?!${U_WORD_SRC})|(?<!${U_WORD_SRC})(?=${U_WORD_SRC}))`,
  uNotWordB: `(?:(?<=${U_WORD_SRC})(?=${U_WORD_SRC})|(?<!${U_WORD_SRC})(?!${U_WORD_SRC}))`,
};

export function jsSource(n: Node, groups: number): string {
  switch (n.k) {
    case "set":
      return setSource(n.set);
    case "seq":
      return n.items.map((x) => jsSource(x, groups)).join("");
    case "alt":
      return `(?:${n.alts.map((x) => jsSource(x, groups)).join("|")})`;
    case "group":
      return `(${jsSource(n.body, groups)})`;
    case "rep": {
      // JavaScript skips an optional part that matches empty (its captures are lost);
      // Java takes it. An alternation takes it in both.
      if (n.min === 0 && n.max === 1 && shape(n.body).min === 0) {
        const b = jsSource(n.body, groups);
        return n.lazy ? `(?:|${b})` : `(?:${b}|)`;
      }
      const body =
        n.body.k === "set" || n.body.k === "group" ? jsSource(n.body, groups) : `(?:${jsSource(n.body, groups)})`;
      const q =
        n.min === 0 && n.max === Infinity
          ? "*"
          : n.min === 1 && n.max === Infinity
            ? "+"
            : n.min === 0 && n.max === 1
              ? "?"
              : n.max === Infinity
                ? `{${n.min},}`
                : n.min === n.max
                  ? `{${n.min}}`
                  : `{${n.min},${n.max}}`;
      return body + q + (n.lazy ? "?" : "");
    }
    case "assert":
      return ASSERT_SOURCE[n.a];
    case "look":
      return `(?${n.behind ? "<" : ""}${n.neg ? "!" : "="}${jsSource(n.body, groups)})`;
    case "ref":
      // Java: a reference to a group that does not exist never matches.
      return n.n > groups ? "(?!)" : `(?:\\${n.n})`;
  }
}
