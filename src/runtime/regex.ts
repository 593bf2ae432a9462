/**
 * Regular expressions written in Java's syntax (as Clojure programs use them), compiled
 * to JavaScript RegExps. Constructs with the same meaning are translated; constructs
 * JavaScript lacks are rejected with a message saying what to write instead.
 */
import { PtcError } from "../diagnostics/error.js";
import { Regex } from "./values.js";

/** Longest pattern accepted, to keep compile time and matching bounded. */
export const MAX_PATTERN = 2_000;

export function compileRegex(source: string): Regex {
  if (source.length > MAX_PATTERN) {
    throw new PtcError({
      kind: "type",
      message: `regex pattern is too long (${source.length} characters, at most ${MAX_PATTERN})`,
    });
  }
  let body = source;
  let flags = "";
  // Java's leading inline flags: (?i) (?s) (?m) and combinations.
  const lead = /^\(\?([imsu]+)\)/.exec(body);
  if (lead) {
    for (const f of lead[1]!) if (f !== "u" && !flags.includes(f)) flags += f;
    body = body.slice(lead[0].length);
  }
  body = translate(body);
  try {
    return new Regex(source, new RegExp(body, flags));
  } catch (e) {
    throw new PtcError({
      kind: "type",
      message: `invalid regex #"${source}": ${(e as Error).message.replace(/^Invalid regular expression: /, "")}`,
    });
  }
}

function unsupported(what: string, hint: string): never {
  throw new PtcError({ kind: "type", message: `regex ${what} is not supported`, hint });
}

/** Translate the Java-only constructs that have a JavaScript equivalent. */
function translate(src: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "\\") {
      const n = src[i + 1] ?? "";
      if (n === "A") {
        out += "^";
        i++;
        continue;
      }
      if (n === "z" || n === "Z") {
        out += "$";
        i++;
        continue;
      }
      if (n === "Q") {
        const end = src.indexOf("\\E", i + 2);
        const lit = src.slice(i + 2, end < 0 ? undefined : end);
        out += lit.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
        i = end < 0 ? src.length : end + 1;
        continue;
      }
      if (n === "p" || n === "P") unsupported(`class \\${n}{...}`, "use an explicit character class such as [a-zA-Z]");
      out += c + n;
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      out += c;
      continue;
    }
    if (c === "[") {
      inClass = true;
      out += c;
      // A `]` right after `[` or `[^` is a literal in Java's syntax.
      if (src[i + 1] === "^") out += src[++i];
      if (src[i + 1] === "]") {
        out += "\\]";
        i++;
      }
      continue;
    }
    if (c === "(" && src[i + 1] === "?" && src[i + 2] === ">")
      unsupported("atomic group (?>...)", "use a plain group (...)");
    if ((c === "+" || c === "*" || c === "?" || c === "}") && src[i + 1] === "+") {
      unsupported("possessive quantifier", `write ${c} without the trailing +`);
    }
    out += c;
  }
  return out;
}
