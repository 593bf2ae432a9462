/** `fn`, `defn`, `defn-`, `lazy-seq`; and `def`, `defonce`, `declare`. */
import { PtcError } from "../../diagnostics/error.js";
import type { Span } from "../../diagnostics/span.js";
import { formText, type Form, type ListForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import { analyzePattern } from "../destructure.js";
import type { FnArity, FnNode, Node, Pattern } from "../node.js";
import { FnScope, LexScope, SELF_SLOT } from "../scope.js";
import { core, expectArgs, L, requireSymbol, sym, type SpecialForm } from "./special-form.js";

const FN = "(fn name? [params] body...) or (fn name? ([params] body...) ...)";
const DEFN = '(defn name "doc"? [params] body...)';

interface AritySource {
  readonly params: Form & { kind: "vector" };
  readonly body: readonly Form[];
  readonly span: Span;
}

/** Split `[params] body...` or `([params] body...) ...` into arities. */
function arities(forms: readonly Form[], span: Span, syntax: string): AritySource[] {
  const first = forms[0];
  if (first === undefined)
    throw new PtcError({ kind: "analysis", message: "missing parameter vector", span, hint: `write ${syntax}` });
  if (first.kind === "vector") return [{ params: first, body: forms.slice(1), span }];
  return forms.map((f) => {
    if (f.kind !== "list" || f.items[0]?.kind !== "vector") {
      throw new PtcError({
        kind: "analysis",
        message: `expected a parameter vector or ([params] body...), got ${formText(f)}`,
        span: f.span,
        hint: `write ${syntax}`,
      });
    }
    return { params: f.items[0] as Form & { kind: "vector" }, body: f.items.slice(1), span: f.span };
  });
}

/**
 * Analyze a function. `selfName` binds the function to its own name inside its body
 * (`(fn fact [n] ...)`); `label` is only its printed name.
 */
export function analyzeFn(
  ax: Analyzer,
  ctx: Ctx,
  sources: readonly AritySource[],
  span: Span,
  selfName: string | null,
  label: string | null,
  doc: string | null,
): FnNode {
  const fn = new FnScope(ctx.lex.fn);
  const base = new LexScope(ctx.lex, fn);
  if (selfName !== null) base.bindSlot(selfName, SELF_SLOT);
  const seen = new Set<number>();
  let variadic: AritySource | null = null;
  const partial: Omit<FnArity, "frameSize">[] = [];
  for (const src of sources) {
    const lex = base.child();
    const params: Pattern[] = [];
    const argSlots: number[] = [];
    let rest: Pattern | null = null;
    const items = src.params.items;
    const inner: Ctx = { lex, tail: false, recur: null };
    for (let i = 0; i < items.length; i++) {
      const p = items[i]!;
      if (p.kind === "symbol" && p.ns === null && p.name === "&") {
        const target = items[i + 1];
        if (target === undefined || i + 2 !== items.length) {
          throw new PtcError({
            kind: "analysis",
            message: "& must be followed by exactly one parameter",
            span: p.span,
            hint: "write [a b & more]",
          });
        }
        const slot = fn.alloc();
        argSlots.push(slot);
        rest = analyzeParam(ax, target, lex, inner, slot);
        break;
      }
      const slot = fn.alloc();
      argSlots.push(slot);
      params.push(analyzeParam(ax, p, lex, inner, slot));
    }
    if (rest !== null) {
      if (variadic !== null)
        throw new PtcError({
          kind: "analysis",
          message: "a function can have only one variadic arity",
          span: src.span,
        });
      variadic = src;
    } else if (seen.has(params.length)) {
      throw new PtcError({ kind: "analysis", message: `two arities take ${params.length} parameters`, span: src.span });
    }
    seen.add(params.length);
    const body = ax.body(
      withConditions(src.body, src.span),
      { lex, tail: true, recur: { slots: argSlots, what: "fn" } },
      src.span,
    );
    partial.push({ params, rest, argSlots, body, label: formText(src.params, 200) });
  }
  if (variadic !== null) {
    const fixed = variadic.params.items.findIndex((p) => p.kind === "symbol" && p.name === "&");
    if (partial.some((a) => a.rest === null && a.params.length > fixed)) {
      throw new PtcError({
        kind: "analysis",
        message: "a fixed arity cannot have more parameters than the variadic one",
        span: variadic.span,
      });
    }
  }
  return {
    kind: "fn",
    name: label,
    doc,
    arities: partial.map((a) => ({ ...a, frameSize: fn.size })),
    captures: fn.captures.map((c) => c.from),
    span,
  };
}

/**
 * Clojure's condition map: `(fn [x] {:pre [(pos? x)] :post [(odd? %)]} body...)`. A map
 * followed by more body forms holds assertions checked before the body (`:pre`) and on
 * its result bound to `%` (`:post`).
 */
function withConditions(body: readonly Form[], span: Span): readonly Form[] {
  const first = body[0];
  if (body.length < 2 || first === undefined || first.kind !== "map") return body;
  const conds = new Map<string, Form>();
  for (let i = 0; i < first.items.length; i += 2) {
    const k = first.items[i]!;
    if (k.kind === "keyword" && k.ns === null && (k.name === "pre" || k.name === "post"))
      conds.set(k.name, first.items[i + 1]!);
  }
  if (conds.size === 0) return body;
  const check = (c: Form): Form =>
    L(
      span,
      sym("if", span),
      c,
      { kind: "nil", span },
      L(span, sym("assert-failed", span, "ptc.internal"), { kind: "string", value: formText(c, 200), span }),
    );
  const list = (f: Form | undefined): readonly Form[] => (f === undefined ? [] : f.kind === "vector" ? f.items : [f]);
  const rest = body.slice(1);
  const post = list(conds.get("post"));
  const main: readonly Form[] =
    post.length === 0
      ? rest
      : [
          L(
            span,
            core("let", span),
            { kind: "vector", items: [sym("%", span), L(span, sym("do", span), ...rest)], span },
            ...post.map(check),
            sym("%", span),
          ),
        ];
  return [...list(conds.get("pre")).map(check), ...main];
}

/**
 * A parameter: a plain name is bound directly to its argument slot; a destructuring
 * pattern reads the argument slot (the function body's prologue destructures it).
 */
function analyzeParam(ax: Analyzer, p: Form, lex: LexScope, ctx: Ctx, slot: number): Pattern {
  if (p.kind === "symbol") {
    if (p.ns !== null)
      throw new PtcError({ kind: "analysis", message: `parameter ${formText(p)} must be a plain name`, span: p.span });
    lex.bindSlot(p.name, slot);
    return { kind: "bind", slot, name: p.name };
  }
  return analyzePattern(ax, p, lex, ctx);
}

function fnForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const args = expectArgs(form, 1, Infinity, FN);
  let rest = args;
  let name: string | null = null;
  if (args[0]!.kind === "symbol") {
    name = args[0]!.name;
    rest = args.slice(1);
  }
  return analyzeFn(ax, ax.nonTail(ctx), arities(rest, form.span, FN), form.span, name, name, null);
}

/** `(defn name "doc"? {attrs}? [params] body...)` → `(def name (fn ...))`. */
function defnForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const args = expectArgs(form, 2, Infinity, DEFN);
  const nameForm = requireSymbol(args[0], "defn name", form.span);
  let rest = args.slice(1);
  let doc: string | null = null;
  if (rest[0]?.kind === "string" && rest.length > 1) {
    doc = rest[0].value;
    rest = rest.slice(1);
  }
  if (rest[0]?.kind === "map" && rest.length > 1) rest = rest.slice(1);
  const v = defineVar(ax, nameForm);
  // The body refers to the function through its var, as in Clojure, so a later
  // redefinition (memoize, a fix) is seen by recursive calls.
  const fn = analyzeFn(ax, ax.nonTail(ctx), arities(rest, form.span, DEFN), form.span, null, nameForm.name, doc);
  ax.defined.set(nameForm.name, { doc, params: fn.kind === "fn" ? fn.arities.map((a) => a.label) : [] });
  return { kind: "def", v, init: fn, doc, once: false, span: form.span };
}

/** Reserved: names that are special forms and namespace prefixes. */
export function defineVar(ax: Analyzer, nameForm: Form & { kind: "symbol" }): import("../../runtime/values.js").Var {
  if (nameForm.ns !== null) {
    throw new PtcError({
      kind: "analysis",
      message: `cannot define ${formText(nameForm)}: definitions take a plain name`,
      span: nameForm.span,
      hint:
        nameForm.ns === "data" || nameForm.ns === "tool" || nameForm.ns === "ctx"
          ? `data/, tool/ and ctx/ belong to the host; use (def ${nameForm.name} ...)`
          : `write (def ${nameForm.name} ...)`,
    });
  }
  const name = nameForm.name;
  if (ax.specialForms.has(name)) {
    throw new PtcError({
      kind: "analysis",
      message: `cannot redefine the special form ${name}`,
      span: nameForm.span,
      hint: "choose another name",
    });
  }
  if (name === "*1" || name === "*2" || name === "*3") {
    throw new PtcError({
      kind: "analysis",
      message: `cannot redefine ${name}: it holds a previous result`,
      span: nameForm.span,
    });
  }
  const existing = ax.host.lookupVar(name);
  if (existing === undefined && ax.host.registry.get(name) !== undefined) {
    ax.host.warn({ message: `${name} now refers to your definition, not the builtin`, span: nameForm.span });
  }
  return existing ?? ax.host.internVar(name);
}

function defForm(form: ListForm, ax: Analyzer, ctx: Ctx, once: boolean): Node {
  const head = once ? "defonce" : "def";
  const syntax = `(${head} name "doc"? value)`;
  const args = expectArgs(form, once ? 2 : 1, 3, syntax);
  const nameForm = requireSymbol(args[0], `${head} name`, form.span);
  let doc: string | null = null;
  let init: Form | null = args[1] ?? null;
  if (args.length === 3) {
    if (args[1]!.kind !== "string") {
      throw new PtcError({
        kind: "analysis",
        message: `${head} takes a docstring before the value`,
        span: args[1]!.span,
        hint: `write ${syntax}`,
      });
    }
    doc = args[1]!.value;
    init = args[2]!;
  }
  const v = defineVar(ax, nameForm);
  const initNode = init === null ? null : ax.analyze(init, ax.nonTail(ctx));
  ax.defined.set(nameForm.name, {
    doc: doc ?? (initNode?.kind === "fn" ? initNode.doc : null),
    params: initNode?.kind === "fn" ? initNode.arities.map((a) => a.label) : [],
  });
  if (initNode !== null && initNode.kind === "fn" && initNode.name === null) {
    // `(def f (fn [x] ...))` prints as #fn[f [x]].
    return {
      kind: "def",
      v,
      init: { ...initNode, name: nameForm.name, doc: doc ?? initNode.doc },
      doc,
      once,
      span: form.span,
    };
  }
  return { kind: "def", v, init: initNode, doc, once, span: form.span };
}

export const FN_FORMS: SpecialForm[] = [
  {
    name: "fn",
    syntax: FN,
    doc: "A function (a closure over the bindings around it). Parameters may destructure; [a & more] takes any number; several ([params] body) give several arities.",
    example: { code: "((fn [x & more] (+ x (count more))) 10 :a :b)", result: "12" },
    analyze: fnForm,
  },
  {
    name: "fn*",
    syntax: "(fn* name? [params] body...)",
    doc: "Same as fn.",
    example: { code: "((fn* [x] (* x x)) 4)", result: "16" },
    analyze: fnForm,
  },
  {
    name: "defn",
    syntax: DEFN,
    doc: "Define a named function in the user namespace (it persists across turns); returns the var.",
    example: { code: "(do (defn sq [x] (* x x)) (sq 5))", result: "25" },
    analyze: defnForm,
  },
  {
    name: "defn-",
    syntax: '(defn- name "doc"? [params] body...)',
    doc: "Same as defn (there is one namespace, so nothing is private).",
    example: { code: "(do (defn- half [x] (/ x 2)) (half 8))", result: "4" },
    analyze: defnForm,
  },
  {
    name: "def",
    syntax: '(def name "doc"? value)',
    doc: "Bind a name in the user namespace (it persists across turns); returns the var #'name.",
    example: { code: "(def limit 10)", result: "#'limit" },
    analyze: (f, ax, ctx) => defForm(f, ax, ctx, false),
  },
  {
    name: "defonce",
    syntax: '(defonce name "doc"? value)',
    doc: "Like def, but keeps an existing value (the value form is then not evaluated).",
    example: { code: "(do (defonce n 1) (defonce n 2) n)", result: "1" },
    analyze: (f, ax, ctx) => defForm(f, ax, ctx, true),
  },
  {
    name: "declare",
    syntax: "(declare name...)",
    doc: "Create names without values, so that functions defined before them can refer to them.",
    example: { code: "(do (declare g) (defn f [x] (g x)) (defn g [x] (* 2 x)) (f 4))", result: "8" },
    analyze: (f, ax) => {
      for (const n of f.items.slice(1)) defineVar(ax, requireSymbol(n, "declare name", f.span));
      return { kind: "const", value: null, span: f.span };
    },
  },
  {
    name: "lazy-cat",
    syntax: "(lazy-cat coll...)",
    doc: "The items of the collections in turn, each collection expression evaluated only when its items are reached.",
    example: { code: "(take 4 (lazy-cat [1 2] (range)))", result: "(1 2 0 1)" },
    // (lazy-cat a b) is (concat (lazy-seq a) (lazy-seq b)), as in Clojure.
    analyze: (f, ax, ctx) =>
      ax.analyze(
        L(f.span, core("concat", f.span), ...f.items.slice(1).map((c) => L(c.span, core("lazy-seq", c.span), c))),
        ctx,
      ),
  },
  {
    name: "lazy-seq",
    syntax: "(lazy-seq body...)",
    doc: "A lazy sequence: the body runs once, when the sequence is first used, and returns a sequence.",
    example: { code: "(take 3 ((fn nat [n] (lazy-seq (cons n (nat (inc n))))) 0))", result: "(0 1 2)" },
    analyze: (f, ax, ctx) => ({
      kind: "lazy-seq",
      thunk: analyzeFn(
        ax,
        ax.nonTail(ctx),
        [{ params: { kind: "vector", items: [], span: f.span }, body: f.items.slice(1), span: f.span }],
        f.span,
        null,
        null,
        null,
      ),
      span: f.span,
    }),
  },
];
