import { PtcError } from "../diagnostics/error.js";
import { formText, type Form } from "../reader/form.js";
import { MapBuilder } from "../runtime/map.js";
import { compileRegex } from "../runtime/regex/index.js";
import { PList } from "../runtime/seq.js";
import { PSet, SetBuilder } from "../runtime/set.js";
import { char, float, keyword, Sym, type Value } from "../runtime/values.js";
import { PVector } from "../runtime/vector.js";
import { prStr } from "../runtime/printer.js";

/**
 * The value a form stands for when quoted (`'(a 1 "b")`), which is also the value of
 * every self-evaluating literal. Duplicate keys in map and set literals are errors, as
 * in Clojure's reader.
 */
export function formToValue(form: Form): Value {
  switch (form.kind) {
    case "nil":
      return null;
    case "boolean":
    case "int":
    case "string":
      return form.value;
    case "float":
      return float(form.value);
    case "char":
      return char(form.value);
    case "keyword":
      return keyword(form.name, form.ns);
    case "symbol":
      return new Sym(form.ns, form.name);
    case "regex":
      return compileRegex(form.source);
    case "list":
      return PList.from(form.items.map(formToValue));
    case "vector":
      return PVector.of(form.items.map(formToValue));
    case "map":
      return buildMap(form.items.map(formToValue), form);
    case "set":
      return buildSet(form.items.map(formToValue), form);
  }
}

/** A map from alternating keys and values; duplicate keys are an error at `form`. */
export function buildMap(kvs: readonly Value[], form: Form): Value {
  const b = new MapBuilder();
  for (let i = 0; i < kvs.length; i += 2) b.assoc(kvs[i]!, kvs[i + 1]!);
  if (b.count * 2 !== kvs.length)
    throw duplicate(
      kvs.filter((_, i) => i % 2 === 0),
      form,
      "map",
    );
  return b.build();
}

export function buildSet(items: readonly Value[], form: Form): PSet {
  const b = new SetBuilder();
  for (const x of items) b.add(x);
  if (b.count !== items.length) throw duplicate(items, form, "set");
  return b.build();
}

function duplicate(keys: readonly Value[], form: Form, what: string): PtcError {
  const seen = new SetBuilder();
  let dup: Value = null;
  for (const k of keys) {
    if (seen.has(k)) {
      dup = k;
      break;
    }
    seen.add(k);
  }
  return new PtcError({
    kind: "analysis",
    message: `duplicate ${what === "map" ? "key" : "item"} ${prStr(null, dup)} in ${what} literal ${formText(form, 40)}`,
    span: form.span,
  });
}
