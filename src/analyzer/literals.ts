import type { FormOf } from "../reader/form.js";
import type { Analyzer, Ctx } from "./analyzer.js";
import type { Node } from "./node.js";
import { buildMap, buildSet } from "./quote.js";
import { PVector } from "../runtime/vector.js";
import type { Value } from "../runtime/values.js";

/**
 * `[...]`, `{...}`, `#{...}` in code: a constant when every item is one (built once, at
 * analysis), else a node that builds the collection each time it runs.
 */
export function literalCollection(ax: Analyzer, form: FormOf<"vector" | "map" | "set">, ctx: Ctx): Node {
  const items = form.items.map((f) => ax.analyze(f, ctx));
  const span = form.span;
  if (items.every((n) => n.kind === "const")) {
    const values = items.map((n) => (n as { value: Value }).value);
    const value =
      form.kind === "vector"
        ? PVector.of(values)
        : form.kind === "map"
          ? buildMap(values, form)
          : buildSet(values, form);
    return { kind: "const", value, span };
  }
  if (form.kind === "vector") return { kind: "vector", items, span };
  if (form.kind === "set") return { kind: "set", items, span };
  // Constant keys that repeat are caught now; computed ones when the map is built.
  const constKeys = items.filter((n, i) => i % 2 === 0 && n.kind === "const").map((n) => (n as { value: Value }).value);
  buildMap(
    constKeys.flatMap((k) => [k, null]),
    form,
  );
  return {
    kind: "map",
    keys: items.filter((_, i) => i % 2 === 0),
    vals: items.filter((_, i) => i % 2 === 1),
    span,
  };
}
