/** `loop`, `recur`, `dotimes`; `quote`, `var`. */
import { PtcError } from "../../diagnostics/error.js";
import type { ListForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import { analyzePattern } from "../destructure.js";
import type { Binding, Node } from "../node.js";
import { formToValue } from "../quote.js";
import { bindingVector, core, expectArgs, L, requireSymbol, sym, type SpecialForm } from "./special-form.js";

const LOOP = "(loop [name value ...] body...)";

function loopForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const [vec, ...body] = expectArgs(form, 1, Infinity, LOOP);
  const forms = bindingVector(vec, "loop", form.span, LOOP);
  const lex = ctx.lex.child();
  const inner: Ctx = { lex, tail: false, recur: ctx.recur };
  const bindings: Binding[] = [];
  const slots: number[] = [];
  for (let i = 0; i < forms.length; i += 2) {
    const init = ax.analyze(forms[i + 1]!, inner);
    const p = forms[i]!;
    if (p.kind === "symbol" && p.ns === null && p.name !== "&") {
      const b = lex.bind(p.name);
      slots.push(b.slot);
      bindings.push({ init, pattern: { kind: "bind", slot: b.slot, name: p.name } });
    } else {
      // recur writes the whole value to a hidden slot; the loop head destructures it.
      slots.push(lex.fn.alloc());
      bindings.push({ init, pattern: analyzePattern(ax, p, lex, inner) });
    }
  }
  const b = ax.body(body, { lex, tail: true, recur: { slots, what: "loop" } }, form.span);
  return { kind: "loop", bindings, slots, body: b, span: form.span };
}

function recurForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const target = ctx.recur;
  if (target === null) {
    throw new PtcError({
      kind: "analysis",
      message: "recur outside of loop or fn",
      span: form.span,
      hint: "recur jumps back to the nearest loop or fn",
    });
  }
  if (!ctx.tail) {
    throw new PtcError({
      kind: "analysis",
      message: "recur must be in tail position",
      span: form.span,
      hint: `it must be the last thing the enclosing ${target.what} does, not an argument or a value that is used further`,
    });
  }
  const args = form.items.slice(1);
  if (args.length !== target.slots.length) {
    throw new PtcError({
      kind: "arity",
      message: `recur called with ${args.length} argument${args.length === 1 ? "" : "s"}, but the ${target.what} has ${target.slots.length} binding${target.slots.length === 1 ? "" : "s"}`,
      span: form.span,
    });
  }
  const inner = ax.nonTail(ctx);
  return { kind: "recur", slots: target.slots, args: args.map((a) => ax.analyze(a, inner)), span: form.span };
}

export const LOOP_FORMS: SpecialForm[] = [
  {
    name: "loop",
    syntax: LOOP,
    doc: "Like let, and a target for recur: (recur new-values...) jumps back with new bindings.",
    example: { code: "(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc i)) acc))", result: "[0 1 2]" },
    analyze: loopForm,
  },
  {
    name: "recur",
    syntax: "(recur value...)",
    doc: "Jump back to the enclosing loop or fn with new values; only in tail position.",
    example: { code: "((fn [n acc] (if (zero? n) acc (recur (dec n) (* acc n)))) 5 1)", result: "120" },
    analyze: recurForm,
  },
  {
    name: "dotimes",
    syntax: "(dotimes [i n] body...)",
    doc: "Evaluate the body n times with i bound to 0, 1, ... n-1; nil.",
    example: { code: "(dotimes [i 2] (println i))", result: "nil" },
    analyze: (form, ax, ctx) => {
      const syntax = "(dotimes [i n] body...)";
      const [vec, ...body] = expectArgs(form, 1, Infinity, syntax);
      const forms = bindingVector(vec, "dotimes", form.span, syntax);
      if (forms.length !== 2)
        throw new PtcError({
          kind: "analysis",
          message: "dotimes takes one binding",
          span: vec!.span,
          hint: `write ${syntax}`,
        });
      const i = requireSymbol(forms[0], "dotimes name", form.span);
      const s = form.span;
      const n = sym(ax.gensym("n"), s);
      // (let [n count] (loop [i 0] (when (< i n) body... (recur (inc i)))))
      const expanded = L(
        s,
        core("let", s),
        { kind: "vector", items: [n, forms[1]!], span: s },
        L(
          s,
          core("loop", s),
          { kind: "vector", items: [i, { kind: "int", value: 0, span: s }], span: s },
          L(s, core("when", s), L(s, core("<", s), i, n), ...body, L(s, sym("recur", s), L(s, core("inc", s), i))),
        ),
      );
      return ax.analyze(expanded, ax.nonTail(ctx));
    },
  },
  {
    name: "quote",
    syntax: "(quote form) or 'form",
    doc: "The form itself, unevaluated: symbols stay symbols, lists stay lists.",
    example: { code: "'(a b 1)", result: "(a b 1)" },
    analyze: (form) => {
      const [f] = expectArgs(form, 1, 1, "(quote form)");
      return { kind: "const", value: formToValue(f!), span: form.span };
    },
  },
  {
    name: "var",
    syntax: "(var name) or #'name",
    doc: "The var of a name you defined (it prints as #'name; calling it calls its value).",
    example: { code: "(do (def x 1) #'x)", result: "#'x" },
    analyze: (form, ax) => {
      const [f] = expectArgs(form, 1, 1, "(var name)");
      const name = requireSymbol(f, "var name", form.span);
      const v = name.ns === null || name.ns === "user" ? ax.host.lookupVar(name.name) : undefined;
      if (v === undefined) {
        throw new PtcError({
          kind: "undefined",
          message: `no var ${name.ns ? `${name.ns}/` : ""}${name.name}`,
          span: name.span,
          hint: "only names you defined with def or defn have vars",
        });
      }
      return { kind: "const", value: v, span: form.span };
    },
  },
];
