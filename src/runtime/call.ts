/**
 * Calling any callable value, as Clojure allows: functions, keywords (`(:k m)`), maps
 * (`(m k)`), sets (`(s x)`), vectors (`(v 0)`) and vars (their value).
 */
import type { Cx } from "./context.js";
import { arityError, runtimeError, typeError } from "./errors.js";
import { PMap, getFlex, NOT_FOUND } from "./map.js";
import { noteKeySpelling } from "./key-spelling.js";
import { realizeKey } from "./equality.js";
import { PSet } from "./set.js";
import { Keyword, PtcFn, Sym, Var, type Value } from "./values.js";
import { PVector } from "./vector.js";
import { describe } from "./errors.js";
import { PtcError } from "../diagnostics/error.js";

export function callFn(cx: Cx, f: Value, args: Value[]): Value {
  if (f instanceof PtcFn) return f.invoke(cx, args);
  return callNonFn(cx, f, args);
}

export function call1(cx: Cx, f: Value, a: Value): Value {
  if (f instanceof PtcFn) return f.call1(cx, a);
  // `(map :total rows)`: a keyword as the function is the most common non-function call.
  if (f instanceof Keyword) return keywordGet(cx, f, a, null);
  return callNonFn(cx, f, [a]);
}

export function call2(cx: Cx, f: Value, a: Value, b: Value): Value {
  if (f instanceof PtcFn) return f.call2(cx, a, b);
  return callNonFn(cx, f, [a, b]);
}

/**
 * The fastest JS function calling `f` with one argument, for builtins that call it in a
 * loop: fetch it once, call it per item.
 */
export function fn1(f: Value): (cx: Cx, a: Value) => Value {
  if (f instanceof PtcFn) return f.unary();
  if (f instanceof Keyword) return (cx, a) => keywordGet(cx, f, a, null);
  return (cx, a) => callNonFn(cx, f, [a]);
}

/** Like fn1, for two arguments. */
export function fn2(f: Value): (cx: Cx, a: Value, b: Value) => Value {
  if (f instanceof PtcFn) return f.binary();
  return (cx, a, b) => callNonFn(cx, f, [a, b]);
}

/** Is `f` something `callFn` can call? */
export function isCallable(f: Value): boolean {
  return (
    f instanceof PtcFn ||
    f instanceof Keyword ||
    f instanceof Sym ||
    f instanceof PMap ||
    f instanceof PSet ||
    f instanceof PVector ||
    f instanceof Var
  );
}

/** `(:k m)` / `(:k m default)` with flexible keys; a non-map gives nil (or the default). */
export function keywordGet(cx: Cx, k: Value, target: Value, dflt: Value): Value {
  if (target instanceof PMap) {
    const v = getFlex(target, k, NOT_FOUND);
    if (v !== NOT_FOUND) return v;
    // A miss: say so if the map has the key in another spelling.
    noteKeySpelling(cx, k, target);
    return dflt;
  }
  if (target instanceof PSet) {
    const hit = target.lookup(realizeKey(cx, k));
    return hit === undefined ? dflt : hit;
  }
  return dflt;
}

function callNonFn(cx: Cx, f: Value, args: Value[]): Value {
  const n = args.length;
  if (f instanceof Keyword) {
    if (n < 1 || n > 2) throw arityError(`keyword :${f.fqn}`, n, "1 or 2 (a map and an optional default)");
    return keywordGet(cx, f, args[0]!, n === 2 ? args[1]! : null);
  }
  if (f instanceof Sym) {
    // Symbols look themselves up, as keywords do (exact key: symbols have no other spelling).
    if (n < 1 || n > 2) throw arityError(`symbol ${f.fqn}`, n, "1 or 2 (a map and an optional default)");
    const m = args[0]!;
    const nf = n === 2 ? args[1]! : null;
    if (m instanceof PMap) return m.get(f, nf);
    if (m instanceof PSet) return m.has(f) ? f : nf;
    return nf;
  }
  if (f instanceof PMap) {
    if (n < 1 || n > 2) throw arityError("a map", n, "1 or 2 (a key and an optional default)");
    return getFlex(f, realizeKey(cx, args[0]!), n === 2 ? args[1]! : null);
  }
  if (f instanceof PSet) {
    if (n !== 1) throw arityError("a set", n, "1");
    const hit = f.lookup(realizeKey(cx, args[0]!));
    return hit === undefined ? null : hit;
  }
  if (f instanceof PVector) {
    if (n !== 1) throw arityError("a vector", n, "1 (an index)");
    const i = args[0]!;
    if (typeof i !== "number" || !Number.isInteger(i))
      throw typeError("a vector used as a function", "an integer index", i);
    if (i < 0 || i >= f.count) throw runtimeError(`index ${i} is out of bounds for a vector of ${f.count} items`);
    return f.arr[i] as Value;
  }
  if (f instanceof Var) {
    if (!f.bound) throw runtimeError(`${f.name} is declared but has no value yet`);
    return callFn(cx, f.value, args);
  }
  throw new PtcError({
    kind: "type",
    message: `cannot call ${describe(f)}`,
    hint: "only functions, keywords, maps, sets and vectors can be called",
  });
}
