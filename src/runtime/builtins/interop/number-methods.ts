/**
 * Numeric instance methods: Java's Number `.intValue`, `.longValue` and `.doubleValue`.
 */
import { typeError } from "../../errors.js";
import { float, PtcFloat, type Value } from "../../values.js";
import type { BuiltinSpec } from "../registry.js";

function numberValue(fn: string, v: Value): number {
  if (typeof v === "number") return v;
  if (v instanceof PtcFloat) return v.value;
  throw typeError(fn, "a number", v);
}

export const NUMBER_METHODS: BuiltinSpec[] = [
  ...(["intValue", "longValue", "doubleValue"] as const).map((name): BuiltinSpec => ({
    name: `.${name}`,
    ns: "ptc.interop",
    arglists: ["[n]"],
    doc: `Java's Number.${name}.`,
    examples: [{ code: `(.${name} 3.7)`, result: name === "doubleValue" ? "3.7" : "3" }],
    f1: (_cx, v) => {
      const n = numberValue(`.${name}`, v);
      if (name === "doubleValue") return float(n);
      if (Number.isNaN(n)) return 0;
      const t = Math.trunc(n);
      if (name === "intValue") return Math.max(-2147483648, Math.min(2147483647, t));
      return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, t));
    },
  })),
];
