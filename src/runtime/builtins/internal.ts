/** Helpers that expansions of special forms call (`ptc.internal/...`); not for programs. */
import { runtimeError } from "../errors.js";
import { prStr } from "../printer.js";
import { strOf } from "../printer.js";
import type { BuiltinSpec } from "./registry.js";

export const INTERNAL: BuiltinSpec[] = [
  {
    name: "assert-failed",
    ns: "ptc.internal",
    arglists: ["[form-text]"],
    doc: "Raise the error of a failed :pre or :post condition.",
    examples: [{ code: "((fn [x] {:pre [(pos? x)]} x) -1)", result: "error: runtime" }],
    f1: (_cx, text) => {
      throw runtimeError(`assert failed: ${strOf(null, text)}`);
    },
  },
  {
    name: "no-matching-clause",
    ns: "ptc.internal",
    arglists: ["[form value]"],
    doc: "Raise the error of a condp with no matching clause and no default.",
    examples: [{ code: "(condp = 3 1 :a)", result: "error: runtime" }],
    f2: (_cx, form, v) => {
      throw runtimeError(`no ${strOf(null, form)} clause matches ${prStr(null, v)}`, "add a default as the last form");
    },
  },
];
