/**
 * One entry of the language reference, rendered from its descriptor: a builtin's
 * argument lists, doc and example, or a special form's syntax, doc and example. The
 * generated reference (reference.ts) and the `doc`, `apropos` and `dir` forms programs
 * call (src/analyzer/forms/doc.ts) print the same text, so what an agent reads on demand
 * is what the documentation says.
 *
 * This module imports no descriptor tables, only their types, so the analyzer's forms can
 * use it without an import cycle.
 */
import type { SpecialForm } from "../analyzer/forms/special-form.js";
import type { BuiltinSpec } from "../runtime/builtins/registry.js";

/** How programs write an interop name: `(.getTime d)`, `(Date. x)`, `(System/currentTimeMillis)`. */
export function interopName(name: string): string {
  if (name.startsWith(".") || name.endsWith(".")) return name;
  const dot = name.indexOf(".");
  return `${name.slice(0, dot)}/${name.slice(dot + 1)}`;
}

/** The name a program calls a builtin by: bare for core and extensions, else qualified. */
export function qualifiedName(s: BuiltinSpec): string {
  const ns = s.ns ?? "clojure.core";
  if (ns === "clojure.core" || ns === "ptc") return s.name;
  if (ns === "ptc.interop") return interopName(s.name);
  return `${ns}/${s.name}`;
}

/** `(clojure.string/join [coll] [separator coll]) ; Join ...`: one line per builtin. */
export function compactLine(s: BuiltinSpec): string {
  const args = s.arglists.join(" ");
  const call = `(${qualifiedName(s)} ${args.replace(/^\[|\]$/g, "").length > 0 ? args : ""})`.replace(/ \)$/, ")");
  return `${call} ; ${s.doc}`;
}

/** `(if test then else?) ; doc`: one line per special form. */
export function compactFormLine(f: SpecialForm): string {
  return `${f.syntax} ; ${f.doc}`;
}

/**
 * What `(doc name)` prints for a builtin:
 *
 *   clojure.string/join ([coll] [separator coll])
 *     Join the items' strings, with an optional separator.
 *     (clojure.string/join ", " [1 2]) => "1, 2"
 */
export function builtinDoc(s: BuiltinSpec): string {
  const lines = [`${qualifiedName(s)} (${s.arglists.join(" ")})`, `  ${s.doc}`];
  if (s.aliases !== undefined && s.aliases.length > 0) lines.push(`  Also called ${s.aliases.join(", ")}.`);
  for (const ex of s.examples.slice(0, 2)) lines.push(`  ${ex.code} => ${ex.result}`);
  return lines.join("\n");
}

/** What `(doc if)` prints for a special form. */
export function specialFormDoc(f: SpecialForm): string {
  return [`${f.syntax} (special form)`, `  ${f.doc}`, `  ${f.example.code} => ${f.example.result}`].join("\n");
}
