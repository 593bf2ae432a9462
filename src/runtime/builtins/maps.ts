/**
 * Maps and the rest of the collection toolkit: merging, zipping, map entries, stacks
 * (peek/pop), subvectors, emptying. Reads by key are flexible (`:id` finds `"id"`);
 * writes use the keys as given.
 */
import type { Cx } from "../context.js";
import { call1, call2, callFn, fn1, isCallable } from "../call.js";
import { realizeKey } from "../equality.js";
import { runtimeError, typeError } from "../errors.js";
import { Reduced } from "../lazy.js";
import { altKey, ArrayMap, EMPTY_MAP, MapBuilder, NOT_FOUND, PMap } from "../map.js";
import { arraySeq, ASeq, Cons, EmptyList, EMPTY_LIST, isRealized, isSeqable, LazySeq, PList, seq } from "../seq.js";
import { EMPTY_SET, PSet } from "../set.js";
import type { Value } from "../values.js";
import { EMPTY_VECTOR, MapEntry, PVector } from "../vector.js";
import { floatIndexHint, itemsOf, seqArg, truncIndex } from "./collections.js";
import type { BuiltinSpec } from "./registry.js";

/** A map entry `[k v]` (a 2-item vector, which is what map entries are in PTC-Lisp). */
function entry(k: Value, v: Value): PVector {
  return new MapEntry(k, v);
}

/**
 * `(find coll k)`: the entry of a map (flexible: the entry under the stored key) or of
 * a vector index, or nil.
 */
function find(cx: Cx, coll: Value, k: Value): Value {
  if (coll === null) return null;
  if (coll instanceof PMap) {
    const key = realizeKey(cx, k);
    const v = coll.get(key, NOT_FOUND);
    if (v !== NOT_FOUND) return entry(key, v);
    const alt = altKey(key);
    if (alt === NOT_FOUND) return null;
    const w = coll.get(alt, NOT_FOUND);
    return w === NOT_FOUND ? null : entry(alt, w);
  }
  if (coll instanceof PVector) {
    if (typeof k === "number" && Number.isInteger(k) && k >= 0 && k < coll.count) return entry(k, coll.arr[k] as Value);
    return null;
  }
  throw typeError(
    "find",
    "a map or a vector",
    coll,
    isCallable(coll)
      ? "find looks up a key: (find m :k) gives [:k v]; for the first item matching a predicate use (some #(when (pred %) %) coll) or (first (filter pred coll))"
      : undefined,
  );
}

function entryPart(fn: "key" | "val", e: Value): Value {
  if (e instanceof PVector && e.count === 2) return e.arr[fn === "key" ? 0 : 1] as Value;
  throw typeError(fn, "a map entry (a [key value] vector)", e, "map entries come from (seq m), (first m), (find m k)");
}

export function mapArg(fn: string, m: Value, hint?: string): PMap | null {
  if (m === null || m instanceof PMap) return m;
  throw typeError(fn, "a map", m, hint);
}

/** `(update-vals m f)` / `(update-keys m f)`; the swapped order gets a hint. */
function mapFirst(fn: string, m: Value, f: Value): PMap | null {
  if (m === null || m instanceof PMap) return m;
  const swapped = f instanceof PMap && isCallable(m);
  throw typeError(
    fn,
    "a map as its first argument",
    m,
    swapped ? `the map comes first: (${fn} m f); in a ->> pipeline use (#(${fn} % f))` : undefined,
  );
}

function mergeWith(cx: Cx, f: Value, maps: readonly Value[]): Value {
  let acc: PMap | null = null;
  let any = false;
  for (const m of maps) {
    if (m === null) continue;
    if (!(m instanceof PMap)) throw typeError("merge-with", "maps", m);
    any = true;
    if (acc === null) {
      acc = m;
      continue;
    }
    let out: PMap = acc;
    m.forEach((k, v) => {
      const old = out.get(k, NOT_FOUND);
      out = out.assoc(k, old === NOT_FOUND ? v : call2(cx, f, old, v));
    });
    cx.charge(m.count);
    acc = out;
  }
  return any ? acc : null;
}

function zipmap(cx: Cx, ks: Value, vs: Value): PMap {
  const b = new MapBuilder();
  let a = seqArg(cx, "zipmap", ks);
  let c = seqArg(cx, "zipmap", vs);
  const max = cx.limits.maxCollection;
  let n = 0;
  while (a !== null && c !== null) {
    b.assoc(realizeKey(cx, a.first()), c.first());
    if (++n > max) cx.checkSize(n);
    if (--cx.fuel < 0) cx.refuel();
    a = a.next(cx);
    c = c.next(cx);
  }
  return b.build();
}

function reduceKv(cx: Cx, f: Value, init: Value, coll: Value): Value {
  if (coll === null) return init;
  let acc = init;
  if (coll instanceof PMap) {
    coll.forEach((k, v) => {
      acc = callFn(cx, f, [acc, k, v]);
      return !(acc instanceof Reduced);
    });
    cx.charge(coll.count);
    return acc instanceof Reduced ? acc.val : acc;
  }
  if (coll instanceof PVector) {
    for (let i = 0; i < coll.count; i++) {
      acc = callFn(cx, f, [acc, i, coll.arr[i] as Value]);
      if (acc instanceof Reduced) return acc.val;
    }
    cx.charge(coll.count);
    return acc;
  }
  // As in ClojureScript, any other collection is read as a seq of [key value] entries.
  if (!isSeqable(coll) || typeof coll === "string") {
    throw typeError(
      "reduce-kv",
      "a map, a vector or a seq of [key value] entries",
      coll,
      "for other collections use reduce",
    );
  }
  for (let s = seq(cx, coll); s !== null; s = s.next(cx)) {
    const e = s.first();
    if (!(e instanceof PVector && e.count === 2)) {
      throw typeError(
        "reduce-kv",
        "a map, a vector or a seq of [key value] entries",
        e,
        "for other collections use reduce",
      );
    }
    acc = callFn(cx, f, [acc, e.arr[0] as Value, e.arr[1] as Value]);
    if (acc instanceof Reduced) return acc.val;
    if (--cx.fuel < 0) cx.refuel();
  }
  return acc;
}

function updateVals(cx: Cx, m: Value, f: Value): PMap {
  const map = mapFirst("update-vals", m, f);
  if (map === null || map.count === 0) return EMPTY_MAP;
  cx.charge(map.count);
  // An array map keeps its order (even past 8 entries, as Clojure's does).
  const g = fn1(f);
  if (map instanceof ArrayMap) {
    const kvs = map.kvs.slice();
    for (let i = 1; i < kvs.length; i += 2) kvs[i] = g(cx, kvs[i] as Value);
    return new ArrayMap(kvs);
  }
  let out = map;
  map.forEach((k, v) => {
    out = out.assoc(k, g(cx, v));
  });
  return out;
}

function updateKeys(cx: Cx, m: Value, f: Value): PMap {
  const map = mapFirst("update-keys", m, f);
  if (map === null || map.count === 0) return EMPTY_MAP;
  const b = new MapBuilder();
  map.forEach((k, v) => {
    b.assoc(realizeKey(cx, call1(cx, f, k)), v);
  });
  cx.charge(map.count);
  return b.build();
}

function empty(c: Value): Value {
  if (c instanceof PVector) return EMPTY_VECTOR;
  if (c instanceof PMap) return EMPTY_MAP;
  if (c instanceof PSet) return EMPTY_SET;
  if (c instanceof ASeq || c instanceof LazySeq || c instanceof EmptyList) return EMPTY_LIST;
  return null;
}

function peek(c: Value): Value {
  if (c === null) return null;
  if (c instanceof PVector) return c.count === 0 ? null : (c.arr[c.count - 1] as Value);
  if (c instanceof PList) return c.first();
  if (c instanceof EmptyList) return null;
  throw typeError("peek", "a vector or a list", c, stackHint(c));
}

function pop(c: Value): Value {
  if (c === null) return null;
  if (c instanceof PVector) {
    if (c.count === 0) throw runtimeError("pop of an empty vector", "check (empty? v) first");
    return c.pop();
  }
  if (c instanceof PList) return c.tail ?? EMPTY_LIST;
  if (c instanceof EmptyList) throw runtimeError("pop of an empty list", "check (empty? l) first");
  throw typeError("pop", "a vector or a list", c, stackHint(c));
}

function stackHint(c: Value): string | undefined {
  return c instanceof ASeq || c instanceof LazySeq ? "for a seq use first/rest, or (vec s) first" : undefined;
}

function subvec(v: Value, startv: Value, endv: Value | undefined): PVector {
  if (!(v instanceof PVector)) throw typeError("subvec", "a vector", v, "for other collections use take/drop");
  // Float bounds truncate, as the JVM's int coercion does.
  const start = truncIndex(startv);
  const end = endv === undefined ? undefined : truncIndex(endv);
  if (typeof start !== "number" || !Number.isInteger(start))
    throw typeError("subvec", "an integer start", start, floatIndexHint(start));
  const e = end === undefined ? v.count : end;
  if (typeof e !== "number" || !Number.isInteger(e)) throw typeError("subvec", "an integer end", e, floatIndexHint(e));
  if (start < 0 || e > v.count || start > e)
    throw runtimeError(`subvec ${start} to ${e} is out of bounds for a vector of ${v.count} items`);
  return v.slice(start, e);
}

function disj(cx: Cx, s: Value, ks: readonly Value[]): Value {
  if (s === null) return null;
  if (!(s instanceof PSet)) throw typeError("disj", "a set", s, s instanceof PMap ? "for a map use dissoc" : undefined);
  let out = s;
  for (const k of ks) out = out.disj(realizeKey(cx, k));
  return out;
}

function arrayMap(cx: Cx, args: readonly Value[]): PMap {
  if (args.length % 2 !== 0)
    throw runtimeError(`array-map expects key/value pairs, got an odd number of arguments (${args.length})`);
  if (args.length === 0) return EMPTY_MAP;
  // Insertion order at any size, later duplicates win in place.
  const index = new MapBuilder();
  const kvs: Value[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const k = realizeKey(cx, args[i]!);
    const at = index.get(k, NOT_FOUND);
    if (at === NOT_FOUND) {
      index.assoc(k, kvs.length);
      kvs.push(k, args[i + 1]!);
    } else kvs[(at as number) + 1] = args[i + 1]!;
  }
  return new ArrayMap(kvs);
}

function listStar(cx: Cx, args: readonly Value[]): Value {
  const last = args[args.length - 1]!;
  const lead = args.length - 1;
  if (isRealized(last) || last === null) {
    const tail = itemsOf(cx, "list*", last);
    if (lead === 0) return tail.length === 0 ? null : arraySeq(tail.slice());
    const items = args.slice(0, lead);
    cx.checkSize(items.length + tail.length);
    for (const x of tail) items.push(x);
    return arraySeq(items);
  }
  // A lazy tail stays lazy: cons the leading items onto it.
  let out: Value = lead === 0 ? seqArg(cx, "list*", last) : last;
  for (let i = lead - 1; i >= 0; i--) out = new Cons(args[i]!, out);
  return out;
}

export const MAPS: BuiltinSpec[] = [
  {
    name: "merge-with",
    arglists: ["[f & maps]"],
    doc: "Maps combined left to right; a key in several maps gets (f old new).",
    examples: [
      { code: "(merge-with + {:a 1 :b 2} {:a 10})", result: "{:a 11, :b 2}" },
      { code: "(merge-with into {:a [1]} {:a [2]} {:b [3]})", result: "{:a [1 2], :b [3]}" },
    ],
    fn: (cx, args) => mergeWith(cx, args[0]!, args.slice(1)),
  },
  {
    name: "zipmap",
    arglists: ["[keys vals]"],
    doc: "A map of keys to the values at the same positions, up to the shorter.",
    examples: [
      { code: "(zipmap [:a :b] [1 2])", result: "{:a 1, :b 2}" },
      { code: "(zipmap [:x :y] (range))", result: "{:x 0, :y 1}" },
    ],
    f2: (cx, ks, vs) => zipmap(cx, ks, vs),
  },
  {
    name: "reduce-kv",
    arglists: ["[f init coll]"],
    doc: "Reduce a map with (f acc k v), a vector with (f acc index item), or a seq of [k v] entries like a map.",
    examples: [
      { code: "(reduce-kv (fn [acc k v] (+ acc v)) 0 {:a 1 :b 2})", result: "3" },
      { code: "(reduce-kv (fn [m k v] (assoc m v k)) {} {:a 1})", result: "{1 :a}" },
    ],
    f3: (cx, f, init, coll) => reduceKv(cx, f, init, coll),
  },
  {
    name: "update-vals",
    arglists: ["[m f]"],
    doc: "m with f applied to every value.",
    examples: [{ code: "(update-vals {:a 1 :b 2} inc)", result: "{:a 2, :b 3}" }],
    f2: (cx, m, f) => updateVals(cx, m, f),
  },
  {
    name: "update-keys",
    arglists: ["[m f]"],
    doc: "m with f applied to every key (later keys win a collision).",
    examples: [{ code: "(update-keys {:a 1 :b 2} name)", result: '{"a" 1, "b" 2}' }],
    f2: (cx, m, f) => updateKeys(cx, m, f),
  },
  {
    name: "find",
    arglists: ["[m k]"],
    doc: "The [key value] entry of map m for k (flexible: the entry as stored), or of vector index k; nil if absent.",
    examples: [
      { code: "(find {:a 1 :b 2} :a)", result: "[:a 1]" },
      { code: '(find {"id" 7} :id)', result: '["id" 7]' },
      { code: "(find {:a 1} :z)", result: "nil" },
    ],
    f2: (cx, m, k) => find(cx, m, k),
  },
  {
    name: "key",
    arglists: ["[e]"],
    doc: "The key of a map entry.",
    examples: [{ code: "(key (first {:a 1}))", result: ":a" }],
    f1: (_cx, e) => entryPart("key", e),
  },
  {
    name: "val",
    arglists: ["[e]"],
    doc: "The value of a map entry.",
    examples: [{ code: "(map val {:a 1 :b 2})", result: "(1 2)" }],
    f1: (_cx, e) => entryPart("val", e),
  },
  {
    name: "empty",
    arglists: ["[coll]"],
    doc: "An empty collection of the same kind ([] {} #{} ()), or nil.",
    examples: [
      { code: "(empty [1 2])", result: "[]" },
      { code: "(empty {:a 1})", result: "{}" },
    ],
    f1: (_cx, c) => empty(c),
  },
  {
    name: "not-empty",
    arglists: ["[coll]"],
    doc: "coll, or nil when it is empty.",
    examples: [
      { code: "(not-empty [1])", result: "[1]" },
      { code: '(not-empty "")', result: "nil" },
    ],
    f1: (cx, c) => ((c instanceof PVector ? c.count === 0 : seqArg(cx, "not-empty", c) === null) ? null : c),
  },
  {
    name: "peek",
    arglists: ["[coll]"],
    doc: "The last item of a vector, the first of a list; nil when empty.",
    examples: [
      { code: "(peek [1 2 3])", result: "3" },
      { code: "(peek '(1 2 3))", result: "1" },
    ],
    f1: (_cx, c) => peek(c),
  },
  {
    name: "pop",
    arglists: ["[coll]"],
    doc: "A vector without its last item, a list without its first; empty is an error.",
    examples: [
      { code: "(pop [1 2 3])", result: "[1 2]" },
      { code: "(pop '(1 2 3))", result: "(2 3)" },
    ],
    f1: (_cx, c) => pop(c),
  },
  {
    name: "subvec",
    arglists: ["[v start]", "[v start end]"],
    doc: "The items of vector v from start (inclusive) to end (exclusive), as a vector.",
    examples: [
      { code: "(subvec [1 2 3 4] 1 3)", result: "[2 3]" },
      { code: "(subvec [1 2 3] 1)", result: "[2 3]" },
    ],
    f2: (_cx, v, s) => subvec(v, s, undefined),
    f3: (_cx, v, s, e) => subvec(v, s, e),
  },
  {
    name: "disj",
    arglists: ["[set]", "[set k]", "[set k & ks]"],
    doc: "The set without the given items.",
    examples: [{ code: "(disj #{1 2 3} 2)", result: "#{1 3}" }],
    f1: (cx, s) => disj(cx, s, []),
    f2: (cx, s, k) => disj(cx, s, [k]),
    fn: (cx, args) => disj(cx, args[0]!, args.slice(1)),
  },
  {
    name: "array-map",
    arglists: ["[& kvs]"],
    doc: "A map of the key/value pairs that keeps them in the order given.",
    examples: [{ code: "(array-map :b 1 :a 2)", result: "{:b 1, :a 2}" }],
    fn: (cx, args) => arrayMap(cx, args),
  },
  {
    name: "list*",
    arglists: ["[args]", "[a args]", "[a b args]", "[a b c & more]"],
    doc: "A seq of the leading arguments followed by the items of the last one.",
    examples: [
      { code: "(list* 1 2 [3 4])", result: "(1 2 3 4)" },
      { code: "(list* [])", result: "nil" },
    ],
    fn: (cx, args) => listStar(cx, args),
  },
];
