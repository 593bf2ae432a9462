/** `->`, `->>`, `as->`, `some->`, `some->>`, `cond->`, `cond->>`: rewrites into calls and lets. */
import { PtcError } from "../../diagnostics/error.js";
import type { Form, ListForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import type { Node } from "../node.js";
import { core, expectArgs, L, requireSymbol, sym, type SpecialForm } from "./special-form.js";

/** Put `x` into `step` as its first (`last` false) or last argument; a bare step `f` is `(f x)`. */
export function thread(x: Form, step: Form, last: boolean): Form {
  if (step.kind === "list" && step.items.length > 0) {
    const [head, ...args] = step.items;
    return L(step.span, head!, ...(last ? [...args, x] : [x, ...args]));
  }
  if (step.kind === "list") {
    throw new PtcError({
      kind: "analysis",
      message: "() is not a threading step",
      span: step.span,
      hint: "write a function or a call like (f arg)",
    });
  }
  return L(step.span, step, x);
}

function threadForm(form: ListForm, ax: Analyzer, ctx: Ctx, last: boolean): Node {
  const head = last ? "->>" : "->";
  const [x, ...steps] = expectArgs(form, 1, Infinity, `(${head} x step...)`);
  let acc = x!;
  for (const s of steps) acc = thread(acc, s, last);
  return ax.analyze(acc, ctx);
}

/**
 * `(some-> x s1 s2)` → `(let [g x] (if (nil? g) nil (let [g (s1 g)] (if (nil? g) nil (s2 g)))))`
 */
function someThread(form: ListForm, ax: Analyzer, ctx: Ctx, last: boolean): Node {
  const head = last ? "some->>" : "some->";
  const [x, ...steps] = expectArgs(form, 1, Infinity, `(${head} x step...)`);
  const span = form.span;
  const g = sym(ax.gensym("some"), span);
  const nilCheck = (body: Form): Form =>
    L(span, sym("if", span), L(span, core("nil?", span), g), { kind: "nil", span }, body);
  // The last step is the body, not a binding, so that a `recur` there is in tail position.
  let body: Form = steps.length === 0 ? g : thread(g, steps[steps.length - 1]!, last);
  for (let i = steps.length - 2; i >= 0; i--) {
    body = L(span, core("let", span), { kind: "vector", items: [g, thread(g, steps[i]!, last)], span }, nilCheck(body));
  }
  const expanded = L(
    span,
    core("let", span),
    { kind: "vector", items: [g, x!], span },
    steps.length === 0 ? g : nilCheck(body),
  );
  return ax.analyze(expanded, ctx);
}

function condThread(form: ListForm, ax: Analyzer, ctx: Ctx, last: boolean): Node {
  const head = last ? "cond->>" : "cond->";
  const [x, ...clauses] = expectArgs(form, 1, Infinity, `(${head} x test step ...)`);
  if (clauses.length % 2 !== 0) {
    throw new PtcError({
      kind: "analysis",
      message: `${head} needs test and step pairs`,
      span: form.span,
      hint: `write (${head} x test step ...)`,
    });
  }
  const s = form.span;
  const g = sym(ax.gensym("cond"), s);
  const bindings: Form[] = [g, x!];
  const steps: Form[] = [];
  for (let i = 0; i < clauses.length; i += 2) {
    steps.push(L(s, sym("if", s), clauses[i]!, thread(g, clauses[i + 1]!, last), g));
  }
  // The last step is the body (tail position for `recur`), as in Clojure's expansion.
  for (const step of steps.slice(0, -1)) bindings.push(g, step);
  const body = steps.length === 0 ? g : steps[steps.length - 1]!;
  return ax.analyze(L(s, core("let", s), { kind: "vector", items: bindings, span: s }, body), ctx);
}

export const THREADING_FORMS: SpecialForm[] = [
  {
    name: "->",
    syntax: "(-> x step...)",
    doc: "Thread x through the steps as their first argument: (-> x (f a) g) is (g (f x a)).",
    example: { code: "(-> {:a 1} (assoc :b 2) (dissoc :a))", result: "{:b 2}" },
    analyze: (f, ax, ctx) => threadForm(f, ax, ctx, false),
  },
  {
    name: "->>",
    syntax: "(->> x step...)",
    doc: "Thread x through the steps as their last argument: (->> xs (map f) (filter g)).",
    example: { code: "(->> [1 2 3 4] (filter even?) (map inc))", result: "(3 5)" },
    analyze: (f, ax, ctx) => threadForm(f, ax, ctx, true),
  },
  {
    name: "as->",
    syntax: "(as-> x name step...)",
    doc: "Bind name to x, then to each step's result in turn; the last result.",
    example: { code: "(as-> 5 n (* n 2) (- 100 n))", result: "90" },
    analyze: (form, ax, ctx) => {
      const [x, name, ...steps] = expectArgs(form, 2, Infinity, "(as-> x name step...)");
      const n = requireSymbol(name, "as-> name", form.span);
      const bindings: Form[] = [n, x!];
      for (const s of steps.slice(0, -1)) bindings.push(n, s);
      // The last step is the body (tail position for `recur`), as in Clojure's expansion.
      const body = steps.length === 0 ? n : steps[steps.length - 1]!;
      return ax.analyze(
        L(form.span, core("let", form.span), { kind: "vector", items: bindings, span: form.span }, body),
        ctx,
      );
    },
  },
  {
    name: "some->",
    syntax: "(some-> x step...)",
    doc: "Like -> but stops with nil as soon as a step gives nil.",
    example: { code: "(some-> {:a {:b 5}} :a :b inc)", result: "6" },
    analyze: (f, ax, ctx) => someThread(f, ax, ctx, false),
  },
  {
    name: "some->>",
    syntax: "(some->> x step...)",
    doc: "Like ->> but stops with nil as soon as a step gives nil.",
    example: { code: "(some->> {:a 1} :b (* 2))", result: "nil" },
    analyze: (f, ax, ctx) => someThread(f, ax, ctx, true),
  },
  {
    name: "cond->",
    syntax: "(cond-> x test step ...)",
    doc: "Thread x through each step (as first argument) whose test is truthy.",
    example: { code: "(cond-> 1 true inc false (* 10) true (* 2))", result: "4" },
    analyze: (f, ax, ctx) => condThread(f, ax, ctx, false),
  },
  {
    name: "cond->>",
    syntax: "(cond->> x test step ...)",
    doc: "Thread x through each step (as last argument) whose test is truthy.",
    example: { code: "(cond->> [1 2 3] true (map inc) false (filter odd?))", result: "(2 3 4)" },
    analyze: (f, ax, ctx) => condThread(f, ax, ctx, true),
  },
];
