/** `let`, `if-let`, `when-let`, `if-some`, `when-some`, `when-first`. */
import { PtcError } from "../../diagnostics/error.js";
import type { ListForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import { analyzePattern } from "../destructure.js";
import type { Binding, Node } from "../node.js";
import { bindingVector, core, expectArgs, L, type SpecialForm } from "./special-form.js";

const LET = "(let [name value ...] body...)";

/** Analyze `[p1 e1 p2 e2 ...]` into bindings in a fresh child scope; returns that scope. */
export function analyzeBindings(
  ax: Analyzer,
  forms: readonly import("../../reader/form.js").Form[],
  ctx: Ctx,
): { bindings: Binding[]; ctx: Ctx } {
  const lex = ctx.lex.child();
  const inner: Ctx = { lex, tail: false, recur: ctx.recur };
  const bindings: Binding[] = [];
  for (let i = 0; i < forms.length; i += 2) {
    // The value sees the bindings before it, not its own name.
    const init = ax.analyze(forms[i + 1]!, inner);
    const pattern = analyzePattern(ax, forms[i]!, lex, inner);
    bindings.push({ init, pattern });
  }
  return { bindings, ctx: { lex, tail: ctx.tail, recur: ctx.recur } };
}

function letForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const [vec, ...body] = expectArgs(form, 1, Infinity, LET);
  const forms = bindingVector(vec, "let", form.span, LET);
  const { bindings, ctx: bodyCtx } = analyzeBindings(ax, forms, ctx);
  const b = ax.body(body, bodyCtx, form.span);
  return bindings.length === 0 ? b : { kind: "let", bindings, body: b, span: form.span };
}

/**
 * `(if-let [p e] then else?)`: bind only in `then`, and only when e is truthy
 * (`if-some`: not nil). The test value is held in a hidden local.
 */
function conditionalLet(form: ListForm, ax: Analyzer, ctx: Ctx, name: string, some: boolean, isWhen: boolean): Node {
  const syntax = isWhen ? `(${name} [name value] body...)` : `(${name} [name value] then else?)`;
  const args = expectArgs(form, isWhen ? 1 : 2, isWhen ? Infinity : 3, syntax);
  const forms = bindingVector(args[0], name, form.span, syntax);
  if (forms.length !== 2) {
    throw new PtcError({
      kind: "analysis",
      message: `${name} takes exactly one binding`,
      span: args[0]!.span,
      hint: `nest them, or use let: ${syntax}`,
    });
  }
  const span = form.span;
  const tmp = ax.gensym("test");
  const tmpSym = { kind: "symbol" as const, ns: null, name: tmp, span };
  const test = some ? L(span, core("some?", span), tmpSym) : tmpSym;
  const then = isWhen ? L(span, { kind: "symbol", ns: null, name: "do", span }, ...args.slice(1)) : args[1]!;
  const els = isWhen ? null : (args[2] ?? null);
  // (let [tmp e] (if test (let [p tmp] then) else))
  const expanded = L(
    span,
    core("let", span),
    { kind: "vector", items: [tmpSym, forms[1]!], span },
    L(
      span,
      { kind: "symbol", ns: null, name: "if", span },
      test,
      L(span, core("let", span), { kind: "vector", items: [forms[0]!, tmpSym], span }, then),
      ...(els === null ? [] : [els]),
    ),
  );
  return ax.analyze(expanded, ctx);
}

/** `(when-first [x coll] body...)` → `(let [s (seq coll)] (if s (let [x (first s)] body...)))`. */
function whenFirst(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const syntax = "(when-first [name coll] body...)";
  const args = expectArgs(form, 1, Infinity, syntax);
  const forms = bindingVector(args[0], "when-first", form.span, syntax);
  if (forms.length !== 2) {
    throw new PtcError({
      kind: "analysis",
      message: "when-first takes exactly one binding",
      span: args[0]!.span,
      hint: `write ${syntax}`,
    });
  }
  const span = form.span;
  const s = { kind: "symbol" as const, ns: null, name: ax.gensym("seq"), span };
  const expanded = L(
    span,
    core("let", span),
    { kind: "vector", items: [s, L(span, core("seq", span), forms[1]!)], span },
    L(
      span,
      { kind: "symbol", ns: null, name: "if", span },
      s,
      L(
        span,
        core("let", span),
        { kind: "vector", items: [forms[0]!, L(span, core("first", span), s)], span },
        ...args.slice(1),
      ),
    ),
  );
  return ax.analyze(expanded, ctx);
}

export const LET_FORMS: SpecialForm[] = [
  {
    name: "let",
    syntax: LET,
    doc: "Bind names (or destructuring patterns) to values, each seeing the ones before, then evaluate the body.",
    example: { code: "(let [a 1 {:keys [b]} {:b 2}] (+ a b))", result: "3" },
    analyze: letForm,
  },
  {
    name: "let*",
    syntax: "(let* [name value ...] body...)",
    doc: "Same as let.",
    example: { code: "(let* [a 1] a)", result: "1" },
    analyze: letForm,
  },
  {
    name: "if-let",
    syntax: "(if-let [name value] then else?)",
    doc: "If value is truthy, bind it and evaluate then; else evaluate else.",
    example: { code: "(if-let [x (first [5])] (* x 2) :none)", result: "10" },
    analyze: (f, ax, ctx) => conditionalLet(f, ax, ctx, "if-let", false, false),
  },
  {
    name: "when-let",
    syntax: "(when-let [name value] body...)",
    doc: "If value is truthy, bind it and evaluate the body; else nil.",
    example: { code: "(when-let [x (first [])] x)", result: "nil" },
    analyze: (f, ax, ctx) => conditionalLet(f, ax, ctx, "when-let", false, true),
  },
  {
    name: "if-some",
    syntax: "(if-some [name value] then else?)",
    doc: "Like if-let, but only nil counts as absent (false is bound).",
    example: { code: "(if-some [x false] [:got x] :none)", result: "[:got false]" },
    analyze: (f, ax, ctx) => conditionalLet(f, ax, ctx, "if-some", true, false),
  },
  {
    name: "when-some",
    syntax: "(when-some [name value] body...)",
    doc: "Like when-let, but only nil counts as absent.",
    example: { code: "(when-some [x 0] (inc x))", result: "1" },
    analyze: (f, ax, ctx) => conditionalLet(f, ax, ctx, "when-some", true, true),
  },
  {
    name: "when-first",
    syntax: "(when-first [name coll] body...)",
    doc: "If coll has items, bind name to the first and evaluate the body; else nil.",
    example: { code: "(when-first [x [3 4]] (* x 10))", result: "30" },
    analyze: whenFirst,
  },
];
