/** `for` and `doseq`: list comprehension with `:when`, `:let` and `:while`. */
import { PtcError } from "../../diagnostics/error.js";
import { formText, type ListForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import { analyzePattern } from "../destructure.js";
import type { ForLevel, ForModifier, Node } from "../node.js";
import { FnScope, LexScope } from "../scope.js";
import { analyzeBindings } from "./let.js";
import { bindingVector, expectArgs, type SpecialForm } from "./special-form.js";

function forForm(form: ListForm, ax: Analyzer, ctx: Ctx, lazy: boolean): Node {
  const head = lazy ? "for" : "doseq";
  const syntax = `(${head} [x coll :when test :let [y ...] :while test ...] body...)`;
  const [vec, ...body] = expectArgs(form, lazy ? 2 : 1, lazy ? 2 : Infinity, syntax);
  const forms = bindingVector(vec, head, form.span, syntax);
  if (forms.length === 0)
    throw new PtcError({
      kind: "analysis",
      message: `${head} needs at least one binding`,
      span: vec!.span,
      hint: `write ${syntax}`,
    });
  // The iteration gets its own frame, capturing what it uses, as a closure does.
  const fn = new FnScope(ctx.lex.fn);
  let lex = new LexScope(ctx.lex, fn);
  const levels: { coll: Node; pattern: ForLevel["pattern"]; mods: ForModifier[] }[] = [];
  for (let i = 0; i < forms.length; i += 2) {
    const k = forms[i]!;
    const v = forms[i + 1]!;
    const inner: Ctx = { lex, tail: false, recur: null };
    if (k.kind === "keyword" && k.ns === null) {
      const level = levels[levels.length - 1];
      if (level === undefined)
        throw new PtcError({
          kind: "analysis",
          message: `:${k.name} must follow a binding`,
          span: k.span,
          hint: `write ${syntax}`,
        });
      if (k.name === "when" || k.name === "while") {
        level.mods.push({ kind: k.name, test: ax.analyze(v, inner) });
      } else if (k.name === "let") {
        const letForms = bindingVector(v, `${head} :let`, k.span, `:let [name value ...]`);
        const r = analyzeBindings(ax, letForms, inner);
        lex = r.ctx.lex;
        level.mods.push({ kind: "let", bindings: r.bindings });
      } else {
        throw new PtcError({
          kind: "analysis",
          message: `unknown ${head} modifier :${k.name}`,
          span: k.span,
          hint: "use :when, :let or :while",
        });
      }
      continue;
    }
    if (v.kind === "int" || v.kind === "float" || v.kind === "keyword" || v.kind === "boolean") {
      throw new PtcError({
        kind: "analysis",
        message: `${head} needs a collection to iterate, got ${formText(v)}`,
        span: v.span,
        hint: "for a count, use (range n)",
      });
    }
    const coll = ax.analyze(v, inner);
    lex = lex.child();
    const pattern = analyzePattern(ax, k, lex, { lex, tail: false, recur: null });
    levels.push({ coll, pattern, mods: [] });
  }
  const bodyNode = ax.body(body, { lex, tail: false, recur: null }, form.span);
  return {
    kind: "for",
    levels,
    body: bodyNode,
    lazy,
    frameSize: fn.size,
    captures: fn.captures.map((c) => c.from),
    span: form.span,
  };
}

export const FOR_FORMS: SpecialForm[] = [
  {
    name: "for",
    syntax: "(for [x coll :when test :let [y ...] :while test ...] body)",
    doc: "List comprehension: a lazy sequence of body for every combination of the bindings (rightmost fastest), filtered by :when, stopped by :while.",
    example: { code: "(for [x [1 2 3] y [:a :b] :when (odd? x)] [x y])", result: "([1 :a] [1 :b] [3 :a] [3 :b])" },
    analyze: (f, ax, ctx) => forForm(f, ax, ctx, true),
  },
  {
    name: "doseq",
    syntax: "(doseq [x coll ...] body...)",
    doc: "Run the body for every combination of the bindings, for its effects (println, tool calls); nil.",
    example: { code: "(doseq [x [1 2]] (println x))", result: "nil" },
    analyze: (f, ax, ctx) => forForm(f, ax, ctx, false),
  },
];
