/**
 * Clojure's `compare`: the ordering `sort` and `sort-by` use by default.
 * nil sorts first; numbers compare by value (integers and floats together; NaN compares
 * as equal to every number, as Clojure's Numbers.compare has it); strings,
 * keywords and symbols as Java compares strings (the UTF-16 difference at the first
 * mismatch, else the length difference, so `(compare "a" "c")` is -2 as in Clojure);
 * booleans false before true; vectors by length, then item by item. Values of
 * different kinds cannot be compared.
 */
import type { Cx } from "./context.js";
import { HostObject } from "./host-object.js";
import { typeError } from "./errors.js";
import { Char, Keyword, PtcFloat, Sym, type Value } from "./values.js";
import { PVector } from "./vector.js";
import { equiv } from "./equality.js";
import { typeName } from "./type-name.js";

export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function numOf(v: Value): number | null {
  if (typeof v === "number") return v;
  if (v instanceof PtcFloat) return v.value;
  return null;
}

export function compareValues(cx: Cx, a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const x = numOf(a);
  const y = numOf(b);
  if (x !== null && y !== null) {
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  if (typeof a === "boolean" && typeof b === "boolean") return a ? 1 : -1;
  if (a instanceof Keyword && b instanceof Keyword) return compareNamed(a.ns, a.name, b.ns, b.name);
  if (a instanceof Sym && b instanceof Sym) return compareNamed(a.ns, a.name, b.ns, b.name);
  if (a instanceof Char && b instanceof Char) return a.c.charCodeAt(0) - b.c.charCodeAt(0);
  if (a instanceof PVector && b instanceof PVector) {
    if (a.count !== b.count) return a.count < b.count ? -1 : 1;
    // Charged per vector, so that nested vectors sharing their parts cost what walking them does.
    cx.charge(a.count);
    // Nested vectors may share their parts (2^40 paths in 41 nodes): equal ones are found
    // equal by `=`, which walks each pair of distinct nodes once.
    if (a.arr[0] instanceof PVector && equiv(cx, a, b)) return 0;
    for (let i = 0; i < a.count; i++) {
      const d = compareValues(cx, a.arr[i] as Value, b.arr[i] as Value);
      if (d !== 0) return d;
    }
    return 0;
  }
  if (a instanceof HostObject && b instanceof HostObject) {
    const d = a.compareTo(b);
    if (d !== null) return d;
  }
  const ta = typeName(a);
  const tb = typeName(b);
  const same = ta === tb || (x !== null && y !== null);
  throw typeError(
    "compare",
    "two values of the same comparable kind (numbers, strings, keywords, symbols, booleans, characters, vectors)",
    same || x !== null ? b : a,
    same ? `${ta} values have no order; compare a key of them instead` : `cannot compare ${ta} with ${tb}`,
  );
}

function compareNamed(ans: string | null, an: string, bns: string | null, bn: string): number {
  if (ans !== bns) {
    if (ans === null) return -1;
    if (bns === null) return 1;
    const d = compareStrings(ans, bns);
    if (d !== 0) return d;
  }
  return compareStrings(an, bn);
}
