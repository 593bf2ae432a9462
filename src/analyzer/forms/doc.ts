/**
 * `doc`, `apropos` and `dir`: the language reference, on demand. An agent's system prompt
 * carries a short card, not the ~460 entries of the reference; a program that needs an
 * entry prints it into its turn's output:
 *
 *   (doc clojure.string/split)   ; a builtin, special form, user function or tool
 *   (apropos "split")            ; every name containing "split", one line each
 *   (dir clojure.string)         ; a namespace's functions (str, set, walk, ptc, Math, ...)
 *
 * As in Clojure they are macros over unevaluated names, so here they are special forms:
 * the text is rendered while analyzing, from the same registry the reference is generated
 * from (src/docs/entry.ts), and the form becomes `(println "<text>")`, returning nil.
 */
import { PtcError } from "../../diagnostics/error.js";
import { closest, didYouMean } from "../../diagnostics/suggest.js";
import type { Span } from "../../diagnostics/span.js";
import {
  builtinDoc,
  compactFormLine,
  compactLine,
  interopName,
  qualifiedName,
  specialFormDoc,
} from "../../docs/entry.js";
import { formText, type Form, type ListForm } from "../../reader/form.js";
import type { BuiltinDef } from "../../runtime/builtins/registry.js";
import { PtcFn } from "../../runtime/values.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import type { Node } from "../node.js";
import { expectArgs, type SpecialForm } from "./special-form.js";

/** Namespaces listed entry by entry; bigger ones (clojure.core) are listed by name. */
const DIR_LINES_MAX = 40;
/** Matches of apropos shown in full; the rest by name. */
const APROPOS_LINES_MAX = 30;
const HIDDEN = new Set(["ptc.internal"]);

/** `(println text)`, through the core builtin (a user `println` cannot shadow it). */
function printNode(ax: Analyzer, text: string, span: Span): Node {
  const def = ax.host.registry.getQualified("clojure.core", "println")!;
  return { kind: "call-builtin", def, args: [{ kind: "const", value: text, span }], span };
}

function visible(d: BuiltinDef): boolean {
  return !HIDDEN.has(d.ns);
}

// ---------------------------------------------------------------------------------------
// doc

const JAVA_CLASS = /^([a-z][\w]*\.)*[A-Z][\w$]*$/;

function docText(target: Form, ax: Analyzer, ctx: Ctx): string {
  if (target.kind === "string") return docOfName(target.value, target.span, ax, ctx);
  if (target.kind !== "symbol") {
    throw new PtcError({
      kind: "analysis",
      message: `doc takes a name, got ${formText(target)}`,
      span: target.span,
      hint: 'write (doc map), (doc clojure.string/join) or (apropos "part")',
    });
  }
  const { ns, name, span } = target;
  if (ns === null) return docOfName(name, span, ax, ctx);
  if (ns === "tool") return toolDoc(name, span, ax);
  if (ns === "data" || ns === "ctx") return `data/${name} is input data: see the data/ section of the mission.`;
  if (ns === "user") return docOfName(name, span, ax, ctx);
  if (JAVA_CLASS.test(ns)) return builtinDoc(ax.staticMethod(ns, name, span));
  return builtinDoc(ax.namespacedBuiltin(ns, name, span));
}

function docOfName(name: string, span: Span, ax: Analyzer, ctx: Ctx): string {
  const slash = name.indexOf("/");
  if (slash > 0 && slash < name.length - 1) {
    // (doc "str/join"): the same as the symbol.
    return docText({ kind: "symbol", ns: name.slice(0, slash), name: name.slice(slash + 1), span }, ax, ctx);
  }
  const form = ax.specialForms.get(name);
  if (form !== undefined) return specialFormDoc(form);
  const here = ax.defined.get(name);
  if (here !== undefined) {
    // Defined earlier in this program: it has not run yet, what the definition says is known.
    const head = here.params.length === 0 ? `user/${name}` : `user/${name} (${here.params.join(" ")})`;
    return here.doc === null ? `${head}\n  (your definition; no docstring)` : `${head}\n  ${here.doc}`;
  }
  const v = ax.host.lookupVar(name);
  if (v !== undefined) {
    const f = v.bound && v.value instanceof PtcFn ? v.value : null;
    const head = f === null ? `user/${name}` : `user/${name} (${f.paramLists().join(" ")})`;
    const doc = v.doc ?? f?.doc ?? null;
    return doc === null ? `${head}\n  (your definition; no docstring)` : `${head}\n  ${doc}`;
  }
  const reg = ax.host.registry;
  const b = name.startsWith(".") || name.endsWith(".") ? reg.getQualified("ptc.interop", name) : reg.get(name);
  if (b !== undefined) return builtinDoc(b);
  throw ax.undefinedSymbol(name, span, ctx);
}

function toolDoc(name: string, span: Span, ax: Analyzer): string {
  const tools = ax.host.tools;
  if (tools === null || !tools.has(name)) {
    const near = tools === null ? [] : closest(name, [...tools]);
    throw new PtcError({
      kind: "undefined",
      message: `unknown tool ${name}`,
      span,
      hint: didYouMean(near.map((t) => `tool/${t}`)) ?? "the tools are listed in the tool/ section of the mission",
    });
  }
  const sig = ax.host.toolCatalog?.describe(name);
  return sig === undefined
    ? `tool/${name}\n  Called as (tool/${name} {:key value ...}); see the tool/ section of the mission.`
    : `tool/${name} ${sig}\n  Called as (tool/${name} {:key value ...}).`;
}

// ---------------------------------------------------------------------------------------
// apropos

function aproposText(target: Form, ax: Analyzer): string {
  const part =
    target.kind === "string"
      ? target.value
      : target.kind === "symbol"
        ? target.ns === null
          ? target.name
          : `${target.ns}/${target.name}`
        : target.kind === "regex"
          ? target.source
          : null;
  if (part === null || part.trim() === "") {
    throw new PtcError({
      kind: "analysis",
      message: `apropos takes a part of a name as a string, got ${formText(target)}`,
      span: target.span,
      hint: 'write (apropos "split")',
    });
  }
  const needle = part.toLowerCase();
  const lines: string[] = [];
  const names: string[] = [];
  const add = (shown: string, line: () => string): void => {
    if (!shown.toLowerCase().includes(needle)) return;
    if (lines.length < APROPOS_LINES_MAX) lines.push(line());
    else names.push(shown);
  };
  for (const f of ax.specialForms.values()) add(f.name, () => compactFormLine(f));
  for (const d of ax.host.registry.all) {
    if (!visible(d)) continue;
    const shown = [qualifiedName(d), ...(d.aliases ?? [])].join(" ");
    add(shown, () => compactLine(d));
  }
  if (lines.length === 0) return `;; no name contains "${part}"; (dir clojure.core) lists the core functions`;
  if (names.length > 0) lines.push(`;; and ${names.length} more: ${names.join(" ")}`);
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------
// dir

function dirText(target: Form, ax: Analyzer): string {
  const reg = ax.host.registry;
  const fail = (): PtcError => {
    const spaces = ["clojure.core", "clojure.string", "clojure.set", "clojure.walk", "ptc", "Math", "String"];
    return new PtcError({
      kind: "undefined",
      message: `dir takes a namespace, got ${formText(target)}`,
      span: target.span,
      hint: `the namespaces are ${spaces.join(", ")} (and their aliases str, set, walk)`,
    });
  };
  if (target.kind !== "symbol") throw fail();
  const name = target.ns === null ? target.name : `${target.ns}/${target.name}`;
  const ns = reg.namespace(name);
  let defs: readonly BuiltinDef[];
  if (ns !== undefined && ns !== "ptc.internal") defs = reg.all.filter((d) => d.ns === ns);
  else if (JAVA_CLASS.test(name)) {
    const cls = name.slice(name.lastIndexOf(".") + 1);
    defs = reg.all.filter((d) => d.ns === "ptc.interop" && d.name.startsWith(`${cls}.`));
    if (defs.length === 0) throw fail();
  } else throw fail();
  if (defs.length <= DIR_LINES_MAX) return defs.map(compactLine).join("\n");
  return `${defs
    .map((d) => (d.ns === "ptc.interop" ? interopName(d.name) : d.name))
    .sort()
    .join(" ")}\n;; (doc name) shows one of them`;
}

export const DOC_FORMS: SpecialForm[] = [
  {
    name: "doc",
    syntax: "(doc name)",
    doc: "Print the reference entry of a function, special form, your definition or tool: argument lists, doc, example.",
    example: { code: "(doc inc)", result: "nil" },
    analyze: (f, ax, ctx) => {
      const [target] = expectArgs(f, 1, 1, "(doc name)");
      return printNode(ax, docText(target!, ax, ctx), f.span);
    },
  },
  {
    name: "apropos",
    syntax: "(apropos part)",
    doc: 'Print one line for every function and special form whose name contains part (a string): (apropos "split").',
    example: { code: '(apropos "upper")', result: "nil" },
    analyze: (f: ListForm, ax) => {
      const [target] = expectArgs(f, 1, 1, '(apropos "part")');
      return printNode(ax, aproposText(target!, ax), f.span);
    },
  },
  {
    name: "dir",
    syntax: "(dir namespace)",
    doc: "Print the functions of a namespace: clojure.string (str), clojure.set, clojure.walk, ptc (the extensions), Math, ...",
    example: { code: "(dir clojure.set)", result: "nil" },
    analyze: (f: ListForm, ax) => {
      const [target] = expectArgs(f, 1, 1, "(dir clojure.string)");
      return printNode(ax, dirText(target!, ax), f.span);
    },
  },
];
