/** `if`, `if-not`, `when`, `when-not`, `do`, `and`, `or`, `comment`, `return`, `fail`, `task`. */
import type { ListForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import type { Node } from "../node.js";
import { core, expectArgs, L, type SpecialForm } from "./special-form.js";

function ifNode(form: ListForm, ax: Analyzer, ctx: Ctx, negate: boolean, syntax: string): Node {
  const [test, then, els] = expectArgs(form, 2, 3, syntax);
  const t = ax.analyze(test!, ax.nonTail(ctx));
  const a = ax.analyze(then!, ctx);
  const b: Node = els === undefined ? { kind: "const", value: null, span: form.span } : ax.analyze(els, ctx);
  return { kind: "if", test: t, then: negate ? b : a, else: negate ? a : b, span: form.span };
}

function whenNode(form: ListForm, ax: Analyzer, ctx: Ctx, negate: boolean, syntax: string): Node {
  const [test, ...body] = expectArgs(form, 1, Infinity, syntax);
  const t = ax.analyze(test!, ax.nonTail(ctx));
  const b = ax.body(body, ctx, form.span);
  const nil: Node = { kind: "const", value: null, span: form.span };
  return { kind: "if", test: t, then: negate ? nil : b, else: negate ? b : nil, span: form.span };
}

function items(form: ListForm, ax: Analyzer, ctx: Ctx): Node[] {
  const args = form.items.slice(1);
  const inner = ax.nonTail(ctx);
  return args.map((f, i) => ax.analyze(f, i === args.length - 1 ? ctx : inner));
}

export const CONTROL_FORMS: SpecialForm[] = [
  {
    name: "if",
    syntax: "(if test then else?)",
    doc: "Evaluate then if test is truthy (not nil or false), else the else branch (nil when absent).",
    example: { code: "(if (> 3 2) :yes :no)", result: ":yes" },
    analyze: (f, ax, ctx) => ifNode(f, ax, ctx, false, "(if test then else?)"),
  },
  {
    name: "if-not",
    syntax: "(if-not test then else?)",
    doc: "if with the branches swapped.",
    example: { code: "(if-not (empty? [1]) :items :none)", result: ":items" },
    analyze: (f, ax, ctx) => ifNode(f, ax, ctx, true, "(if-not test then else?)"),
  },
  {
    name: "when",
    syntax: "(when test body...)",
    doc: "Evaluate the body when test is truthy; nil otherwise.",
    example: { code: "(when (pos? 5) :positive)", result: ":positive" },
    analyze: (f, ax, ctx) => whenNode(f, ax, ctx, false, "(when test body...)"),
  },
  {
    name: "when-not",
    syntax: "(when-not test body...)",
    doc: "Evaluate the body when test is falsy; nil otherwise.",
    example: { code: "(when-not (empty? []) :items)", result: "nil" },
    analyze: (f, ax, ctx) => whenNode(f, ax, ctx, true, "(when-not test body...)"),
  },
  {
    name: "do",
    syntax: "(do body...)",
    doc: "Evaluate forms in order; the value of the last one (nil when empty).",
    example: { code: "(do (def x 1) (inc x))", result: "2" },
    analyze: (f, ax, ctx) => ax.body(f.items.slice(1), ctx, f.span),
  },
  {
    name: "and",
    syntax: "(and x...)",
    doc: "The first falsy value, else the last value; (and) is true. Stops at the first falsy value.",
    example: { code: "(and 1 :a nil 2)", result: "nil" },
    analyze: (f, ax, ctx) =>
      f.items.length === 1
        ? { kind: "const", value: true, span: f.span }
        : { kind: "and", items: items(f, ax, ctx), span: f.span },
  },
  {
    name: "or",
    syntax: "(or x...)",
    doc: "The first truthy value, else the last value; (or) is nil. Stops at the first truthy value.",
    example: { code: "(or nil false :default)", result: ":default" },
    analyze: (f, ax, ctx) =>
      f.items.length === 1
        ? { kind: "const", value: null, span: f.span }
        : { kind: "or", items: items(f, ax, ctx), span: f.span },
  },
  {
    name: "comment",
    syntax: "(comment forms...)",
    doc: "Ignore the forms (they are read, not evaluated); nil.",
    example: { code: "(comment (tool/delete-everything))", result: "nil" },
    analyze: (f) => ({ kind: "const", value: null, span: f.span }),
  },
  {
    name: "return",
    syntax: "(return value)",
    doc: "Stop the program and the agent's loop with value as the answer.",
    example: { code: "(do (return 42) :never)", result: "42" },
    analyze: (f, ax, ctx) => {
      const [v] = expectArgs(f, 1, 1, "(return value)");
      return { kind: "return", value: ax.analyze(v!, ax.nonTail(ctx)), span: f.span };
    },
  },
  {
    name: "fail",
    syntax: "(fail reason)",
    doc: 'Stop the program and the agent\'s loop with a failure; reason is usually {:reason :kw :message "..."}.',
    example: { code: '(fail {:reason :not-found :message "no such user"})', result: "error: fail" },
    analyze: (f, ax, ctx) => {
      const [v] = expectArgs(f, 1, 1, "(fail reason)");
      return { kind: "fail", value: ax.analyze(v!, ax.nonTail(ctx)), span: f.span };
    },
  },
  {
    name: "task",
    syntax: '(task "id" expr)',
    doc: "Evaluate expr once per run and id and keep its value: later turns, retries and resumed runs get the kept value without evaluating expr again (for side effects that must not repeat).",
    example: { code: '[(task "a" (+ 1 2)) (task "a" :other)]', result: "[3 3]" },
    analyze: (f, ax, ctx) => {
      const [id, ...body] = expectArgs(f, 2, Infinity, '(task "id" expr)');
      const s = f.span;
      const def = ax.host.registry.getQualified("ptc.internal", "task")!;
      const thunk = L(s, core("fn", s), { kind: "vector", items: [], span: s }, ...body);
      return {
        kind: "call-builtin",
        def,
        args: [ax.analyze(id!, ax.nonTail(ctx)), ax.analyze(thunk, ax.nonTail(ctx))],
        span: s,
      };
    },
  },
];
