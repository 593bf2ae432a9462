/** Helpers that expansions of special forms call (`ptc.internal/...`); not for programs. */
import type { Cx } from "../context.js";
import { compareStrings } from "../compare.js";
import { equiv } from "../equality.js";
import { runtimeError, typeError } from "../errors.js";
import { getFlex, PMap } from "../map.js";
import { nativeFn } from "../native-fn.js";
import { previewValue } from "../printer.js";
import { each } from "../seq.js";
import { PSet } from "../set.js";
import { Keyword, PtcFloat, truthy, type Value } from "../values.js";
import { PVector } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

/** The value at a where field: a key (flexible) or a path of keys; nil when absent. */
function fieldValue(m: Value, field: Value): Value {
  if (field instanceof PVector) {
    let cur = m;
    for (let i = 0; i < field.count && cur !== null; i++)
      cur = cur instanceof PMap ? getFlex(cur, field.arr[i] as Value, null) : null;
    return cur;
  }
  return m instanceof PMap ? getFlex(m, field, null) : null;
}

/** where's equality: nil only equals nil; a keyword equals the string of its name. */
function whereEquals(cx: Cx, a: Value, b: Value): boolean {
  if (a === null || b === null) return a === b;
  if (a instanceof Keyword || b instanceof Keyword) {
    const x = a instanceof Keyword ? a.fqn : a;
    const y = b instanceof Keyword ? b.fqn : b;
    if (typeof x === "string" && typeof y === "string") return x === y;
  }
  return equiv(cx, a, b);
}

function num(v: Value): number | null {
  return typeof v === "number" ? v : v instanceof PtcFloat ? v.value : null;
}

/** Ordering for where: numbers with numbers, strings with strings; anything else (nil) is false. */
function order(a: Value, b: Value): number | null {
  const x = num(a);
  const y = num(b);
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : x === y ? 0 : null;
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  return null;
}

function contains(cx: Cx, coll: Value, x: Value): boolean {
  let found = false;
  each(cx, coll, (item) => {
    if (!whereEquals(cx, item, x)) return true;
    found = true;
    return false;
  });
  return found;
}

function ordered(v: Value, test: (o: number) => boolean): (cx: Cx, x: Value) => boolean {
  return (_cx, x) => {
    const o = order(x, v);
    return o !== null && test(o);
  };
}

function predicate(op: string, v: Value): (cx: Cx, x: Value) => boolean {
  switch (op) {
    case "=":
      return (cx, x) => whereEquals(cx, x, v);
    case "not=":
      return (cx, x) => !whereEquals(cx, x, v);
    case ">":
      return ordered(v, (o) => o > 0);
    case "<":
      return ordered(v, (o) => o < 0);
    case ">=":
      return ordered(v, (o) => o >= 0);
    case "<=":
      return ordered(v, (o) => o <= 0);
    case "in":
      if (!(v instanceof PVector || v instanceof PSet || v === null))
        throw typeError("where ... in", "a vector or set of values", v);
      return (cx, x) => x !== null && contains(cx, v, x);
    case "includes":
      return (cx, x) => {
        if (typeof x === "string") {
          const needle = v instanceof Keyword ? v.fqn : v;
          return typeof needle === "string" && x.includes(needle);
        }
        return (x instanceof PVector || x instanceof PSet) && contains(cx, x, v);
      };
    default:
      throw runtimeError(`unknown where operator ${op}`);
  }
}

export const INTERNAL: BuiltinSpec[] = [
  {
    name: "where",
    ns: "ptc.internal",
    arglists: ["[field]", "[field op value]"],
    doc: "Build the predicate of a (where ...) form.",
    examples: [{ code: "((where :a = 1) {:a 1})", result: "true" }],
    f1: (_cx, field) => nativeFn("where", (_cx2, args) => truthy(fieldValue(args[0] ?? null, field)), ["[m]"]),
    f3: (_cx, field, op, v) => {
      // A program can call this helper by its qualified name too: check what (where ...) passes.
      if (!(op instanceof Keyword)) throw typeError("where", "an operator keyword such as := or :>", op);
      const test = predicate(op.name, v);
      return nativeFn("where", (cx, args) => test(cx, fieldValue(args[0] ?? null, field)), ["[m]"]);
    },
  },
  {
    name: "assert-failed",
    ns: "ptc.internal",
    arglists: ["[form-text]"],
    doc: "Raise the error of a failed :pre or :post condition.",
    examples: [{ code: "((fn [x] {:pre [(pos? x)]} x) -1)", result: "error: runtime" }],
    f1: (_cx, text) => {
      throw runtimeError(`assert failed: ${typeof text === "string" ? text : previewValue(text, 200)}`);
    },
  },
  {
    name: "no-matching-clause",
    ns: "ptc.internal",
    arglists: ["[form value]"],
    doc: "Raise the error of a condp with no matching clause and no default.",
    examples: [{ code: "(condp = 3 1 :a)", result: "error: runtime" }],
    f2: (_cx, form, v) => {
      const what = typeof form === "string" ? form : previewValue(form, 200);
      throw runtimeError(`no ${what} clause matches ${previewValue(v, 200)}`, "add a default as the last form");
    },
  },
];
