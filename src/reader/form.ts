import type { Span } from "../diagnostics/span.js";
import { prFloat } from "../runtime/float-format.js";

/**
 * What the reader produces: plain data with source spans. Reader macros are already
 * expanded: `'x` is `(quote x)`, `#'x` is `(var x)`, `#(+ % 1)` is `(fn [%1] (+ %1 1))`.
 */
export type Form =
  | { readonly kind: "nil"; readonly span: Span }
  | { readonly kind: "boolean"; readonly value: boolean; readonly span: Span }
  | { readonly kind: "int"; readonly value: number; readonly span: Span }
  | { readonly kind: "float"; readonly value: number; readonly span: Span }
  | { readonly kind: "string"; readonly value: string; readonly span: Span }
  | { readonly kind: "char"; readonly value: string; readonly span: Span }
  | { readonly kind: "keyword"; readonly ns: string | null; readonly name: string; readonly span: Span }
  | { readonly kind: "symbol"; readonly ns: string | null; readonly name: string; readonly span: Span }
  | { readonly kind: "regex"; readonly source: string; readonly span: Span }
  | { readonly kind: "list"; readonly items: readonly Form[]; readonly span: Span }
  | { readonly kind: "vector"; readonly items: readonly Form[]; readonly span: Span }
  | { readonly kind: "map"; readonly items: readonly Form[]; readonly span: Span }
  | { readonly kind: "set"; readonly items: readonly Form[]; readonly span: Span };

export type FormKind = Form["kind"];
export type FormOf<K extends FormKind> = Extract<Form, { kind: K }>;
export type SymbolForm = FormOf<"symbol">;
export type ListForm = FormOf<"list">;
export type VectorForm = FormOf<"vector">;
export type MapForm = FormOf<"map">;

export function sym(name: string, span: Span, ns: string | null = null): SymbolForm {
  return { kind: "symbol", ns, name, span };
}

export function list(items: readonly Form[], span: Span): ListForm {
  return { kind: "list", items, span };
}

export function isSymbol(f: Form | undefined, name?: string): f is SymbolForm {
  return f !== undefined && f.kind === "symbol" && (name === undefined || (f.ns === null && f.name === name));
}

/** The head symbol's name of a list form `(head ...)`, if it is an unqualified symbol. */
export function headName(f: Form): string | null {
  if (f.kind !== "list" || f.items.length === 0) return null;
  const h = f.items[0]!;
  return h.kind === "symbol" && h.ns === null ? h.name : null;
}

/** Clojure-like source text of a form, for error messages (`(+ x 1)`, `[a b]`). */
export function formText(f: Form, max = 60): string {
  const s = render(f);
  return s.length > max ? `${s.slice(0, max - 3)}...` : s;
}

function render(f: Form): string {
  switch (f.kind) {
    case "nil":
      return "nil";
    case "boolean":
      return String(f.value);
    case "int":
      return String(f.value);
    case "float":
      // As the printer writes floats (`-0.0`, `1.0`, `##Inf`), so that messages show what was written.
      return prFloat(f.value);
    case "string":
      return JSON.stringify(f.value);
    case "char":
      return `\\${f.value}`;
    case "keyword":
      return `:${f.ns === null ? "" : `${f.ns}/`}${f.name}`;
    case "symbol":
      return `${f.ns === null ? "" : `${f.ns}/`}${f.name}`;
    case "regex":
      return `#"${f.source}"`;
    case "list":
      return `(${f.items.map(render).join(" ")})`;
    case "vector":
      return `[${f.items.map(render).join(" ")}]`;
    case "map":
      return `{${f.items.map(render).join(" ")}}`;
    case "set":
      return `#{${f.items.map(render).join(" ")}}`;
  }
}
