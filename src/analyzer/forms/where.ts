/**
 * `where` (a PTC-Lisp extension): a one-argument predicate over a field of a map.
 *
 *   (where :active)                 ; the field is truthy
 *   (where :status = :active)       ; = not= > < >= <= includes in
 *   (where [:user :role] in #{"admin" "owner"})
 *
 * The operator is checked here (the most common mistake, `(where :a 1)`, gets a hint);
 * the predicate is built at run time by `ptc.internal/where`.
 */
import { PtcError } from "../../diagnostics/error.js";
import { formText, type Form, type ListForm } from "../../reader/form.js";
import type { Analyzer, Ctx } from "../analyzer.js";
import type { Node } from "../node.js";
import { formToValue } from "../quote.js";
import { keyword } from "../../runtime/values.js";
import type { SpecialForm } from "./special-form.js";

export const WHERE_OPERATORS = ["=", "not=", ">", "<", ">=", "<=", "includes", "in"] as const;
const SYNTAX = "(where field) or (where field op value), op one of = not= > < >= <= includes in";

function field(f: Form): Node {
  const ok =
    f.kind === "keyword" ||
    f.kind === "string" ||
    (f.kind === "vector" && f.items.length > 0 && f.items.every((x) => x.kind === "keyword" || x.kind === "string"));
  if (!ok) {
    throw new PtcError({
      kind: "analysis",
      message: `where field must be a keyword, a string or a vector path like [:user :role], got ${formText(f)}`,
      span: f.span,
    });
  }
  return { kind: "const", value: formToValue(f), span: f.span };
}

function whereForm(form: ListForm, ax: Analyzer, ctx: Ctx): Node {
  const args = form.items.slice(1);
  const span = form.span;
  const def = ax.host.registry.getQualified("ptc.internal", "where")!;
  if (args.length === 1) return { kind: "call-builtin", def, args: [field(args[0]!)], span };
  if (args.length !== 3) {
    const hint =
      args.length === 2 ? `add an operator: (where ${formText(args[0]!)} = ${formText(args[1]!)})` : `write ${SYNTAX}`;
    throw new PtcError({
      kind: "analysis",
      message: `where takes a field, or a field, an operator and a value; got ${args.length} forms`,
      span,
      hint,
    });
  }
  const [f, op, value] = args as [Form, Form, Form];
  if (op.kind !== "symbol" || op.ns !== null || !(WHERE_OPERATORS as readonly string[]).includes(op.name)) {
    throw new PtcError({
      kind: "analysis",
      message: `unknown where operator ${formText(op)}`,
      span: op.span,
      hint: `use one of ${WHERE_OPERATORS.join(" ")}`,
    });
  }
  return {
    kind: "call-builtin",
    def,
    args: [field(f), { kind: "const", value: keyword(op.name), span: op.span }, ax.analyze(value, ax.nonTail(ctx))],
    span,
  };
}

export const WHERE_FORMS: SpecialForm[] = [
  {
    name: "where",
    syntax: SYNTAX,
    doc: 'A predicate on a field of a map: truthy, or compared with an operator; keywords match strings ((where :status = :active) matches "active"), nil never orders.',
    example: { code: '(filter (where :age >= 18) [{:age 20} {:age 10} {"age" 30}])', result: '({:age 20} {"age" 30})' },
    analyze: whereForm,
  },
];
