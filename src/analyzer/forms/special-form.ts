import type { Span } from "../../diagnostics/span.js";
import { PtcError } from "../../diagnostics/error.js";
import { formText, type Form, type ListForm, type SymbolForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import type { Node } from "../node.js";

/**
 * One descriptor per special form: its name, how it is written, what it does, an
 * example (evaluated by the tests, shown in the language reference) and its analysis.
 */
export interface SpecialForm {
  readonly name: string;
  /** `(if test then else?)` */
  readonly syntax: string;
  readonly doc: string;
  readonly example: { readonly code: string; readonly result: string };
  analyze(form: ListForm, ax: Analyzer, ctx: Ctx): Node;
}

/** Check the number of arguments (forms after the head). */
export function expectArgs(form: ListForm, min: number, max: number, syntax: string): readonly Form[] {
  const args = form.items.slice(1);
  if (args.length < min || args.length > max) {
    const head = formText(form.items[0]!);
    const want = max === Infinity ? `at least ${min}` : min === max ? String(min) : `${min} to ${max}`;
    throw new PtcError({
      kind: "arity",
      message: `${head} needs ${want} argument${want === "1" ? "" : "s"}, got ${args.length}`,
      span: form.span,
      hint: `write ${syntax}`,
    });
  }
  return args;
}

/** A binding vector `[a 1 b 2]`: even number of forms. */
export function bindingVector(f: Form | undefined, head: string, span: Span, syntax: string): readonly Form[] {
  if (f === undefined || f.kind !== "vector") {
    throw new PtcError({
      kind: "analysis",
      message: `${head} needs a binding vector`,
      span: f?.span ?? span,
      hint: `write ${syntax}`,
    });
  }
  if (f.items.length % 2 !== 0) {
    throw new PtcError({
      kind: "analysis",
      message: `${head} binding vector needs an even number of forms`,
      span: f.span,
      hint: "each name needs a value: [a 1 b 2]",
    });
  }
  return f.items;
}

export function requireSymbol(f: Form | undefined, what: string, span: Span): SymbolForm {
  if (f === undefined || f.kind !== "symbol") {
    throw new PtcError({
      kind: "analysis",
      message: `${what} must be a name${f ? `, got ${formText(f)}` : ""}`,
      span: f?.span ?? span,
    });
  }
  return f;
}

// Small constructors for forms that special forms expand into.

export function sym(name: string, span: Span, ns: string | null = null): SymbolForm {
  return { kind: "symbol", ns, name, span };
}

/** A reference to a builtin that user definitions cannot shadow. */
export function core(name: string, span: Span): SymbolForm {
  return { kind: "symbol", ns: "clojure.core", name, span };
}

export function L(span: Span, ...items: Form[]): ListForm {
  return { kind: "list", items, span };
}

export function V(span: Span, ...items: Form[]): Form {
  return { kind: "vector", items, span };
}

export const NIL = (span: Span): Form => ({ kind: "nil", span });
