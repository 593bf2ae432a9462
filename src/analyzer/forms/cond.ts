/** `cond`, `condp`, `case`. */
import { PtcError } from "../../diagnostics/error.js";
import type { Form, ListForm } from "../../reader/form.js";
import { SetBuilder } from "../../runtime/set.js";
import { prStr } from "../../runtime/printer.js";
import type { Value } from "../../runtime/values.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import type { Node } from "../node.js";
import { formToValue } from "../quote.js";
import { core, expectArgs, L, sym, type SpecialForm } from "./special-form.js";

function condForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const args = form.items.slice(1);
  if (args.length % 2 !== 0) {
    throw new PtcError({
      kind: "analysis",
      message: "cond needs an even number of forms (test and result pairs)",
      span: form.span,
      hint: "end with :else default for the fallback case",
    });
  }
  let node: Node = { kind: "const", value: null, span: form.span };
  const test = ax.nonTail(ctx);
  for (let i = args.length - 2; i >= 0; i -= 2) {
    const t = ax.analyze(args[i]!, test);
    const r = ax.analyze(args[i + 1]!, ctx);
    // A constant truthy test (`:else`) needs no branch.
    if (t.kind === "const" && t.value !== null && t.value !== false) node = r;
    else node = { kind: "if", test: t, then: r, else: node, span: args[i]!.span };
  }
  return node;
}

/**
 * `(condp pred expr test1 result1 test2 :>> f ... default?)`: the first test for which
 * `(pred test expr)` is truthy wins; with `:>>` the result function gets that value.
 */
function condpForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const syntax = "(condp pred expr test result ... default?)";
  const [pred, expr, ...clauses] = expectArgs(form, 2, Infinity, syntax);
  const s = form.span;
  const p = sym(ax.gensym("pred"), s);
  const e = sym(ax.gensym("expr"), s);
  const parts: { test: Form; result: Form; arrow: boolean }[] = [];
  let i = 0;
  let dflt: Form | null = null;
  while (i < clauses.length) {
    if (i + 1 >= clauses.length) {
      dflt = clauses[i]!;
      break;
    }
    const arrow = clauses[i + 1]!.kind === "keyword" && (clauses[i + 1] as { name: string }).name === ">>";
    if (arrow) {
      if (i + 2 >= clauses.length)
        throw new PtcError({
          kind: "analysis",
          message: "condp :>> needs a function after it",
          span: clauses[i + 1]!.span,
        });
      parts.push({ test: clauses[i]!, result: clauses[i + 2]!, arrow: true });
      i += 3;
    } else {
      parts.push({ test: clauses[i]!, result: clauses[i + 1]!, arrow: false });
      i += 2;
    }
  }
  let tail: Form =
    dflt ?? L(s, sym("no-matching-clause", s, "ptc.internal"), { kind: "string", value: "condp", span: s }, e);
  for (let j = parts.length - 1; j >= 0; j--) {
    const part = parts[j]!;
    const call = L(s, p, part.test, e);
    if (part.arrow) {
      const r = sym(ax.gensym("match"), s);
      tail = L(s, core("if-let", s), { kind: "vector", items: [r, call], span: s }, L(s, part.result, r), tail);
    } else {
      tail = L(s, sym("if", s), call, part.result, tail);
    }
  }
  return ax.analyze(L(s, core("let", s), { kind: "vector", items: [p, pred!, e, expr!], span: s }, tail), ctx);
}

/**
 * `(case expr k1 r1 (k2 k3) r2 default?)`: constant keys (not evaluated), a list of keys
 * for several, and an optional default; no match without a default is an error.
 */
function caseForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const syntax = "(case expr key result ... default?)";
  const [expr, ...clauses] = expectArgs(form, 1, Infinity, syntax);
  const keys: Value[] = [];
  const branchOf: number[] = [];
  const branches: Node[] = [];
  const seen = new SetBuilder();
  const pairs = clauses.length - (clauses.length % 2);
  for (let i = 0; i < pairs; i += 2) {
    const k = clauses[i]!;
    const alternatives = k.kind === "list" ? k.items : [k];
    for (const alt of alternatives) {
      const value = formToValue(alt);
      if (seen.has(value)) {
        throw new PtcError({ kind: "analysis", message: `duplicate case key ${prStr(null, value)}`, span: alt.span });
      }
      seen.add(value);
      keys.push(value);
      branchOf.push(branches.length);
    }
    branches.push(ax.analyze(clauses[i + 1]!, ctx));
  }
  const dflt = clauses.length % 2 === 1 ? ax.analyze(clauses[clauses.length - 1]!, ctx) : null;
  return { kind: "case", test: ax.analyze(expr!, ax.nonTail(ctx)), keys, branchOf, branches, dflt, span: form.span };
}

export const COND_FORMS: SpecialForm[] = [
  {
    name: "cond",
    syntax: "(cond test result ... :else default)",
    doc: "The result of the first truthy test; nil when none is.",
    example: { code: "(cond (< 5 0) :negative (= 5 0) :zero :else :positive)", result: ":positive" },
    analyze: condForm,
  },
  {
    name: "condp",
    syntax: "(condp pred expr test result ... default?)",
    doc: "The result of the first test for which (pred test expr) is truthy; test :>> f passes that value to f.",
    example: { code: "(condp = 2 1 :one 2 :two :many)", result: ":two" },
    analyze: condpForm,
  },
  {
    name: "case",
    syntax: "(case expr key result (key2 key3) result ... default?)",
    doc: "Dispatch on constant keys (not evaluated; a list groups several); error when nothing matches and there is no default.",
    example: { code: '(case "b" "a" 1 ("b" "c") 2 0)', result: "2" },
    analyze: caseForm,
  },
];
