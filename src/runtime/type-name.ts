import { HostObject } from "./host-object.js";
import { Reduced } from "./lazy.js";
import { PMap } from "./map.js";
import { ASeq, EmptyList, LazySeq, PList } from "./seq.js";
import { PSet } from "./set.js";
import { Char, Keyword, PtcFloat, PtcFn, Regex, Sym, Var, type Value } from "./values.js";
import { PVector } from "./vector.js";

/** The name of a value's type as messages use it: `integer`, `string`, `vector`, ... */
export function typeName(v: Value): string {
  if (v === null) return "nil";
  switch (typeof v) {
    case "number":
      return Number.isInteger(v) ? "integer" : "float";
    case "string":
      return "string";
    case "boolean":
      return "boolean";
  }
  if (v instanceof PtcFloat) return "float";
  if (v instanceof Keyword) return "keyword";
  if (v instanceof PVector) return "vector";
  if (v instanceof PMap) return "map";
  if (v instanceof PSet) return "set";
  if (v instanceof PList || v instanceof EmptyList) return "list";
  if (v instanceof ASeq || v instanceof LazySeq) return "seq";
  if (v instanceof Char) return "char";
  if (v instanceof Sym) return "symbol";
  if (v instanceof PtcFn) return "function";
  if (v instanceof Var) return "var";
  if (v instanceof Regex) return "regex";
  if (v instanceof HostObject) return v.typeName;
  if (v instanceof Reduced) return "reduced";
  return "unknown";
}
