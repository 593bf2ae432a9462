/**
 * Output: println, print, prn, pr. Output is captured into the evaluation's result
 * (one entry per line), never written to the host's stdout.
 */
import type { Cx } from "../context.js";
import { printRaw, prStr } from "../printer.js";
import type { Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

/** Longest single line kept; longer ones are cut with a marker. */
const MAX_LINE = 10_000;

function emit(cx: Cx, text: string): null {
  for (const line of text.split("\n")) {
    cx.print(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}... (line cut at ${MAX_LINE} characters)` : line);
  }
  return null;
}

function human(cx: Cx, args: Value[]): string {
  return args.map((a) => printRaw(cx, a)).join(" ");
}

function readable(cx: Cx, args: Value[]): string {
  return args.map((a) => prStr(cx, a)).join(" ");
}

export const IO: BuiltinSpec[] = [
  {
    name: "println",
    arglists: ["[& xs]"],
    doc: "Print the arguments (strings without quotes) separated by spaces, as one line of output; nil.",
    examples: [{ code: '(println "total:" 42)', result: "nil" }],
    fn: (cx, args) => emit(cx, human(cx, args)),
  },
  {
    name: "print",
    arglists: ["[& xs]"],
    doc: "Like println (output is kept line by line).",
    examples: [{ code: '(print "done")', result: "nil" }],
    fn: (cx, args) => emit(cx, human(cx, args)),
  },
  {
    name: "prn",
    arglists: ["[& xs]"],
    doc: "Print the arguments readably (strings quoted) as one line of output; nil.",
    examples: [{ code: '(prn {:a "x"})', result: "nil" }],
    fn: (cx, args) => emit(cx, readable(cx, args)),
  },
  {
    name: "pr",
    arglists: ["[& xs]"],
    doc: "Like prn.",
    examples: [{ code: "(pr [1 2])", result: "nil" }],
    fn: (cx, args) => emit(cx, readable(cx, args)),
  },
];
