/**
 * A signature type for a value that has none declared (input keys beyond the signature's
 * parameters, the return of a previous step): enough for a prompt to show the shape of
 * the data. Lists take the type of their first item, maps their first 20 keys; depth is
 * bounded, and what cannot be told is `:any`.
 */
import { PMap } from "../../runtime/map.js";
import { ASeq, EmptyList, LazySeq } from "../../runtime/seq.js";
import { PSet } from "../../runtime/set.js";
import { Keyword, PtcFloat, PtcFn, Sym, type Value } from "../../runtime/values.js";
import { PVector } from "../../runtime/vector.js";
import { listOf, mapOf, primitive as prim, type Field, type SigType } from "../../signature/types.js";

const MAX_DEPTH = 4;
const MAX_FIELDS = 20;
/** Field names a signature can hold (others make the map a plain `:map`). */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_?!-]*$/;

export function inferType(v: Value, depth = 0): SigType {
  if (v === null) return prim("any");
  switch (typeof v) {
    case "string":
      return prim("string");
    case "boolean":
      return prim("bool");
    case "number":
      return prim(Number.isInteger(v) ? "int" : "float");
  }
  if (v instanceof PtcFloat) return prim("float");
  if (v instanceof Keyword || v instanceof Sym) return prim("keyword");
  if (v instanceof PtcFn) return prim("fn");
  if (depth >= MAX_DEPTH) return v instanceof PMap ? prim("map") : prim("any");
  if (v instanceof PVector || v instanceof PSet) {
    const first = v instanceof PVector ? (v.count > 0 ? (v.arr[0] as Value) : undefined) : v.itemArray()[0];
    return listOf(first === undefined ? prim("any") : inferType(first, depth + 1));
  }
  if (v instanceof ASeq) return listOf(inferType(v.first(), depth + 1));
  if (v instanceof EmptyList || v instanceof LazySeq) return listOf(prim("any"));
  if (v instanceof PMap) {
    if (v.count > MAX_FIELDS) return prim("map");
    const fields: Field[] = [];
    let ok = true;
    v.forEach((k, val) => {
      const name = typeof k === "string" ? k : k instanceof Keyword ? k.name : null;
      if (name === null || !FIELD_NAME.test(name)) {
        ok = false;
        return false;
      }
      const t = inferType(val, depth + 1);
      // A nil value says nothing about the field's type: show it as optional.
      fields.push({ name, type: val === null ? { ...t, optional: true } : t });
      return true;
    });
    return ok ? mapOf(fields) : prim("map");
  }
  return prim("any");
}
