/** Collections and maps: building, reading and updating. */
import type { Cx } from "../context.js";
import { call1, call2, callFn } from "../call.js";
import { realizeKey } from "../equality.js";
import { runtimeError, typeError } from "../errors.js";
import { forEachItem, lazyMap } from "../lazy.js";
import { altKey, EMPTY_MAP, getFlex, hasFlex, hashMapOf, MapBuilder, NOT_FOUND, PMap } from "../map.js";
import {
  ArraySeq,
  arraySeq,
  ASeq,
  asArray,
  Cons,
  count,
  EmptyList,
  EMPTY_LIST,
  isRealized,
  isSeqable,
  LazySeq,
  PList,
  Range,
  seq,
} from "../seq.js";
import { PSet, SetBuilder } from "../set.js";
import { noteKeySpelling } from "../key-spelling.js";
import { Char, isNumber, PtcFloat, type Value } from "../values.js";
import { EMPTY_VECTOR, PVector, vec } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

/** `(get coll k)`: flexible keys for maps, indexes for vectors and strings, members for sets. */
export function get(cx: Cx, coll: Value, k: Value, nf: Value): Value {
  if (coll instanceof PMap) {
    const key = realizeKey(cx, k);
    const v = getFlex(coll, key, NOT_FOUND);
    if (v !== NOT_FOUND) return v;
    // A miss: say so if the map has the key in another spelling (`:user-id`, "user_id").
    noteKeySpelling(cx, key, coll);
    return nf;
  }
  if (coll instanceof PVector) {
    if (typeof k === "number" && Number.isInteger(k) && k >= 0 && k < coll.count) return coll.arr[k] as Value;
    return nf;
  }
  if (coll instanceof PSet) {
    const hit = coll.lookup(realizeKey(cx, k));
    return hit === undefined ? nf : hit;
  }
  if (typeof coll === "string") {
    // The JVM truncates a float index into a string (but not into a vector: that is a miss).
    const i = truncIndex(k);
    if (typeof i === "number" && i >= 0 && i < coll.length) return new Char(coll[i]!);
  }
  return nf;
}

/**
 * The key under which `m` holds `k` for a read-then-write (update, update-in, assoc-in):
 * `k` itself when present or when neither spelling is, else its other spelling (`:id` ↔
 * `"id"`), so that updating a JSON record replaces its entry instead of adding a twin.
 * Keys are realized (map keys never hold lazy seqs).
 */
export function resolveKey(cx: Cx, m: Value, k: Value): Value {
  if (!(m instanceof PMap)) return k;
  const key = realizeKey(cx, k);
  if (m.has(key)) return key;
  const alt = altKey(key);
  return alt !== NOT_FOUND && m.has(alt) ? alt : key;
}

/** `(update m k f extra...)`: one lookup when the key is there. */
function update(cx: Cx, m: Value, k: Value, f: Value, extra: readonly Value[]): Value {
  if (m instanceof PMap) {
    let key = realizeKey(cx, k);
    let old = m.get(key, NOT_FOUND);
    if (old === NOT_FOUND) {
      const alt = altKey(key);
      const other = alt === NOT_FOUND ? NOT_FOUND : m.get(alt, NOT_FOUND);
      if (other !== NOT_FOUND) {
        key = alt;
        old = other;
      } else old = null;
    }
    return m.assoc(key, applyUpdate(cx, f, old, extra));
  }
  return assoc(cx, m, k, applyUpdate(cx, f, get(cx, m, k, null), extra));
}

/**
 * A vector's conj or assoc that had to copy (onto an older version of the vector) costs
 * one step per 2^COPY_SHIFT items copied: copying is cheap, but not free, and a loop doing
 * it over a large vector must still run into the step limit.
 */
const COPY_SHIFT = 4;

export function assoc(cx: Cx, coll: Value, k: Value, v: Value): Value {
  if (coll === null) return EMPTY_MAP.assoc(realizeKey(cx, k), v);
  if (coll instanceof PMap) return coll.assoc(realizeKey(cx, k), v);
  if (coll instanceof PVector) {
    if (typeof k !== "number" || !Number.isInteger(k)) throw typeError("assoc on a vector", "an integer index", k);
    if (k < 0 || k > coll.count)
      throw runtimeError(`index ${k} is out of bounds for assoc on a vector of ${coll.count} items`);
    if (k === coll.count) cx.checkSize(k + 1);
    const out = coll.assocN(k, v);
    if (out.arr !== coll.arr) cx.charge(coll.count >>> COPY_SHIFT);
    return out;
  }
  throw typeError("assoc", "a map, a vector or nil", coll);
}

export function conj1(cx: Cx, coll: Value, x: Value): Value {
  if (coll instanceof PVector) {
    if (coll.count >= cx.limits.maxCollection) cx.checkSize(coll.count + 1);
    const out = coll.conj(x);
    if (out.arr !== coll.arr) cx.charge(coll.count >>> COPY_SHIFT);
    return out;
  }
  if (coll === null) return PList.from([x]);
  if (coll instanceof PMap) return conjMap(cx, coll, x, "conj on a map");
  if (coll instanceof PSet) return coll.conj(realizeKey(cx, x));
  if (coll instanceof PList) return coll.cons(x);
  if (coll instanceof EmptyList) return PList.from([x]);
  if (coll instanceof ASeq || coll instanceof LazySeq) return new Cons(x, coll);
  throw typeError("conj", "a collection", coll);
}

/** conj onto a map: a `[k v]` pair, a map (merged) or nil (ignored). */
function conjMap(cx: Cx, m: PMap, x: Value, who: string): PMap {
  if (x instanceof PVector) {
    if (x.count !== 2)
      throw typeError(who, "a [key value] vector or a map", x, "a map entry is a vector of exactly 2 items");
    return m.assoc(realizeKey(cx, x.arr[0] as Value), x.arr[1] as Value);
  }
  if (x instanceof PMap) {
    if (m.count === 0) return x;
    let out: PMap = m;
    x.forEach((k, v) => {
      out = out.assoc(k, v);
    });
    return out;
  }
  if (x === null) return m;
  // A seq of entries, as (seq m) gives them.
  if (x instanceof ASeq || x instanceof LazySeq || x instanceof EmptyList) {
    let out = m;
    for (const e of asArray(cx, x)) {
      if (!(e instanceof PVector && e.count === 2)) throw typeError(who, "[key value] entries", e);
      out = out.assoc(realizeKey(cx, e.arr[0] as Value), e.arr[1] as Value);
    }
    return out;
  }
  throw typeError(who, "a [key value] vector or a map", x);
}

/** Add every item of `coll` (streamed: only the set is kept, and size-limited). */
function buildSet(cx: Cx, b: SetBuilder, coll: Value): PSet {
  const max = cx.limits.maxCollection;
  forEachItem(cx, coll, (x) => {
    b.add(realizeKey(cx, x));
    if (b.count > max) cx.checkSize(b.count);
    return true;
  });
  return b.build();
}

/** `(into {} from)` with `from` lazy: streamed into a builder, only the map is kept. */
function streamIntoMap(cx: Cx, from: Value): PMap {
  const b = new MapBuilder();
  const max = cx.limits.maxCollection;
  forEachItem(cx, from, (x) => {
    if (x instanceof PVector && x.count === 2) b.assoc(realizeKey(cx, x.arr[0] as Value), x.arr[1] as Value);
    else if (x !== null) conjMap(cx, EMPTY_MAP, x, "into a map").forEach((k, v) => void b.assoc(k, v));
    if (b.count > max) cx.checkSize(b.count);
    return true;
  });
  return b.build();
}

/** `(into to from)`: pour every item of `from` into `to` with conj. */
export function into(cx: Cx, to: Value, from: Value): Value {
  if (!isSeqable(from)) throw typeError("into", "a collection to pour from", from);
  // Into an empty map or set the input streams through (a reduction, as in Clojure):
  // what is limited is the result, not what flowed through it.
  if (!isRealized(from)) {
    if (to instanceof PMap && to.count === 0) return streamIntoMap(cx, from);
    if (to instanceof PSet && to.count === 0) return buildSet(cx, new SetBuilder(), from);
    if (to instanceof PMap || to instanceof PSet) {
      let acc: PMap | PSet = to;
      const max = cx.limits.maxCollection;
      forEachItem(cx, from, (x) => {
        acc = acc instanceof PMap ? conjMap(cx, acc, x, "into a map") : acc.conj(realizeKey(cx, x));
        if (acc.count > max) cx.checkSize(acc.count);
        return true;
      });
      return acc;
    }
  }
  const items = asArray(cx, from);
  if (to instanceof PVector) {
    cx.checkSize(to.count + items.length);
    if (items.length === 0) return to;
    cx.charge(items.length);
    // Amortized O(items) onto a vector that owns its tail, like Clojure's transient into
    // (and right when `from` is `to` itself: see PVector.appendAll).
    return to.appendAll(items);
  }
  if (to === null) return items.length === 0 ? null : into(cx, EMPTY_LIST, from);
  if (to instanceof PMap) {
    cx.charge(items.length);
    if (to.count === 0) {
      // A fresh map: build it in place (same layout and order as assoc'ing one by one).
      const b = new MapBuilder();
      for (const x of items) {
        if (x instanceof PVector && x.count === 2) b.assoc(realizeKey(cx, x.arr[0] as Value), x.arr[1] as Value);
        else if (x !== null) conjMap(cx, EMPTY_MAP, x, "into a map").forEach((k, v) => void b.assoc(k, v));
      }
      return b.build();
    }
    let m: PMap = to;
    for (const x of items) m = conjMap(cx, m, x, "into a map");
    return m;
  }
  if (to instanceof PSet) {
    cx.charge(items.length);
    if (to.count === 0) {
      const b = new SetBuilder();
      for (const x of items) b.add(realizeKey(cx, x));
      return b.build();
    }
    let s = to;
    for (const x of items) s = s.conj(realizeKey(cx, x));
    return s;
  }
  if (!isColl(to)) throw typeError("into", "a collection to pour into", to);
  let acc: Value = to;
  for (const x of items) acc = conj1(cx, acc, x);
  cx.charge(items.length);
  return acc;
}

function isColl(v: Value): boolean {
  return (
    v instanceof PVector ||
    v instanceof PMap ||
    v instanceof PSet ||
    v instanceof ASeq ||
    v instanceof LazySeq ||
    v instanceof EmptyList
  );
}

/** `(get-in m path)`; NOT_FOUND when some key along the path is missing. */
export function getIn(cx: Cx, m: Value, path: readonly Value[]): Value {
  let cur = m;
  for (let i = 0; i < path.length; i++) {
    cur = get(cx, cur, path[i]!, NOT_FOUND);
    if (cur === NOT_FOUND) return NOT_FOUND;
  }
  return cur;
}

/** A path argument (`[:a :b]`, a list or seq, nil) as an array; anything else is a type error. */
export function pathOf(fn: string, p: Value, cx: Cx): readonly Value[] {
  if (p instanceof PVector) return p.items();
  if (p instanceof ASeq || p instanceof LazySeq || p instanceof EmptyList || p === null) return asArray(cx, p);
  throw typeError(
    fn,
    "a sequential path",
    p,
    `write the path as a vector: (${fn} m [:a :b]${fn === "get-in" ? "" : " ..."})`,
  );
}

function assocIn(cx: Cx, m: Value, path: readonly Value[], i: number, v: Value): Value {
  // Clojure's (assoc-in m [] v) is (assoc m nil v).
  const k = i < path.length ? resolveKey(cx, m, path[i]!) : null;
  if (i + 1 >= path.length) return assoc(cx, m, k, v);
  return assoc(cx, m, k, assocIn(cx, get(cx, m, k, null), path, i + 1, v));
}

function updateIn(cx: Cx, m: Value, path: readonly Value[], i: number, f: Value, extra: readonly Value[]): Value {
  const k = i < path.length ? resolveKey(cx, m, path[i]!) : null;
  const old = get(cx, m, k, null);
  const inner = i + 1 >= path.length ? applyUpdate(cx, f, old, extra) : updateIn(cx, old, path, i + 1, f, extra);
  return assoc(cx, m, k, inner);
}

const NO_ARGS: readonly Value[] = [];

function applyUpdate(cx: Cx, f: Value, old: Value, extra: readonly Value[]): Value {
  switch (extra.length) {
    case 0:
      return call1(cx, f, old);
    case 1:
      return call2(cx, f, old, extra[0]!);
    default:
      return callFn(cx, f, [old, ...extra]);
  }
}

function dissocAll(cx: Cx, m: Value, keys: readonly Value[]): Value {
  if (m === null) return null;
  // (dissoc x) is x, whatever x is, as in Clojure.
  if (keys.length === 0) return m;
  if (!(m instanceof PMap)) throw typeError("dissoc", "a map", m);
  let out = m;
  for (const k of keys) out = out.dissoc(realizeKey(cx, k));
  return out;
}

/** `seq` for a builtin that names itself in the type error. */
export function seqArg(cx: Cx, fn: string, v: Value): ASeq | null {
  if (v instanceof ASeq) return v;
  if (!isSeqable(v)) throw typeError(fn, "a collection", v);
  return seq(cx, v);
}

/** asArray for a builtin that names itself in the type error. */
export function itemsOf(cx: Cx, fn: string, v: Value): readonly Value[] {
  if (v instanceof PVector) return v.items();
  if (!isSeqable(v)) throw typeError(fn, "a collection", v);
  return asArray(cx, v);
}

/** The key (0) or value (1) of each map entry: a map, or a seq of `[k v]` entries. */
function entryParts(cx: Cx, fn: string, m: Value, part: 0 | 1): Value {
  if (m === null) return null;
  if (m instanceof PMap) return m.count === 0 ? null : arraySeq(part === 0 ? m.keyArray() : m.valArray());
  if (!isSeqable(m)) throw typeError(fn, "a map", m);
  // Nil-punning as in Clojure: an empty seqable (#{}, "", ()) has no keys, so nil.
  if (typeof m === "string") {
    if (m.length === 0) return null;
    throw typeError(fn, "a map", m);
  }
  const pick = (x: Value): Value => {
    if (x instanceof PVector && x.count === 2) return x.arr[part] as Value;
    const hint = m instanceof PSet && fn === "keys" ? "for the items of a set use (seq s)" : undefined;
    throw typeError(fn, "a map or a seq of [key value] entries", x, hint);
  };
  if (!isRealized(m)) return lazyMap(m, (_cx, x) => pick(x));
  const items = asArray(cx, m);
  if (items.length === 0) return null;
  const out = new Array<Value>(items.length);
  for (let i = 0; i < items.length; i++) out[i] = pick(items[i]!);
  cx.charge(items.length);
  return arraySeq(out);
}

/**
 * An index as the JVM's int coercion reads it: an integer as is, a finite float truncated
 * toward zero (`(nth v 1.9)` is `(nth v 1)`); anything else unchanged, for the caller's
 * type error.
 */
export function truncIndex(v: Value): Value {
  if (typeof v === "number") return Number.isInteger(v) ? v : Math.trunc(v);
  if (v instanceof PtcFloat && Number.isFinite(v.value)) return Math.trunc(v.value);
  return v;
}

/** For a float where an index belongs (`(/ n 2)` is 2.5 when n is odd: there are no ratios). */
export function floatIndexHint(v: Value): string | undefined {
  return isNumber(v) ? "an index must be an integer: use (quot n 2) or (int x) instead of /" : undefined;
}

/** `(nth coll i)` without realizing more of a seq than needed. */
function nth(cx: Cx, c: Value, iv: Value, nf: Value, hasNf: boolean): Value {
  const i = truncIndex(iv);
  if (typeof i !== "number" || !Number.isInteger(i)) throw typeError("nth", "an integer index", i, floatIndexHint(i));
  if (c instanceof PVector) {
    if (i >= 0 && i < c.count) return c.arr[i] as Value;
    return outOfRange(i, c.count, nf, hasNf);
  }
  if (c === null) return hasNf ? nf : null;
  if (typeof c === "string") {
    if (i >= 0 && i < c.length) return new Char(c[i]!);
    return outOfRange(i, c.length, nf, hasNf);
  }
  if (c instanceof PMap || c instanceof PSet)
    throw typeError(
      "nth",
      "a vector, list, seq or string",
      c,
      "maps and sets have no order; use (vec (keys m)) or (seq s)",
    );
  if (!isSeqable(c)) throw typeError("nth", "a vector, list, seq or string", c);
  if (i < 0) return outOfRange(i, null, nf, hasNf);
  if (c instanceof Range && Number.isInteger(c.start) && Number.isInteger(c.step)) {
    // Integer ranges are exact: jump straight to the item.
    return i < c.count ? c.box(c.start + i * c.step) : outOfRange(i, c.count, nf, hasNf);
  }
  let s = seq(cx, c);
  let n = 0;
  while (s !== null) {
    if (s instanceof ArraySeq) {
      const len = s.end - s.i;
      if (i - n < len) return s.arr[s.i + i - n] as Value;
      n += len;
      cx.charge(len);
      s = s.more === null ? null : seq(cx, s.more);
      continue;
    }
    if (n === i) return s.first();
    n++;
    if (--cx.fuel < 0) cx.refuel();
    s = s.next(cx);
  }
  return outOfRange(i, n, nf, hasNf);
}

function outOfRange(i: number, size: number | null, nf: Value, hasNf: boolean): Value {
  if (hasNf) return nf;
  throw runtimeError(
    size === null ? `index ${i} is out of bounds` : `index ${i} is out of bounds for a collection of ${size} items`,
    "pass a default: (nth coll i nil)",
  );
}

export const COLLECTIONS: BuiltinSpec[] = [
  {
    name: "count",
    arglists: ["[coll]"],
    doc: "Number of items (characters of a string, entries of a map); (count nil) is 0.",
    examples: [
      { code: "(count {:a 1 :b 2})", result: "2" },
      { code: '(count "héllo")', result: "5" },
    ],
    f1: (cx, a) => count(cx, a),
  },
  {
    name: "get",
    arglists: ["[m k]", "[m k not-found]"],
    doc: 'Value at key k (a map key — :id also finds "id" —, a vector index, a set member), or not-found/nil.',
    examples: [
      { code: "(get {:a 1} :a)", result: "1" },
      { code: '(get {"id" 7} :id)', result: "7" },
      { code: "(get [10 20] 5 :none)", result: ":none" },
    ],
    f2: (cx, m, k) => get(cx, m, k, null),
    f3: (cx, m, k, nf) => get(cx, m, k, nf),
  },
  {
    name: "get-in",
    arglists: ["[m ks]", "[m ks not-found]"],
    doc: "Value at a path of keys in nested maps and vectors (flexible keys at each level), or not-found/nil.",
    examples: [
      { code: "(get-in {:a {:b [5 6]}} [:a :b 1])", result: "6" },
      { code: "(get-in {:a 1} [:x :y] :none)", result: ":none" },
    ],
    f2: (cx, m, ks) => {
      const v = getIn(cx, m, pathOf("get-in", ks, cx));
      return v === NOT_FOUND ? null : v;
    },
    f3: (cx, m, ks, nf) => {
      const v = getIn(cx, m, pathOf("get-in", ks, cx));
      return v === NOT_FOUND ? nf : v;
    },
  },
  {
    name: "assoc",
    arglists: ["[m k v]", "[m k v & kvs]"],
    doc: "m with key k set to v (and more pairs); on a vector k is an index up to its count.",
    examples: [
      { code: "(assoc {:a 1} :b 2)", result: "{:a 1, :b 2}" },
      { code: "(assoc [1 2] 2 3)", result: "[1 2 3]" },
    ],
    f3: (cx, m, k, v) => assoc(cx, m, k, v),
    fn: (cx, args) => {
      if ((args.length - 1) % 2 !== 0)
        throw runtimeError("assoc expects key/value pairs after the map, got an odd number of arguments");
      let m: Value = args[0]!;
      for (let i = 1; i < args.length; i += 2) m = assoc(cx, m, args[i]!, args[i + 1]!);
      return m;
    },
  },
  {
    name: "assoc-in",
    arglists: ["[m ks v]"],
    doc: "m with the value at a path of keys set to v, creating maps on the way.",
    examples: [
      { code: "(assoc-in {} [:a :b] 1)", result: "{:a {:b 1}}" },
      { code: "(assoc-in {:a [1 2]} [:a 0] 9)", result: "{:a [9 2]}" },
    ],
    f3: (cx, m, ks, v) => assocIn(cx, m, pathOf("assoc-in", ks, cx), 0, v),
  },
  {
    name: "dissoc",
    arglists: ["[m]", "[m k]", "[m k & ks]"],
    doc: "m without the keys (exact keys).",
    examples: [{ code: "(dissoc {:a 1 :b 2} :a)", result: "{:b 2}" }],
    f1: (cx, m) => dissocAll(cx, m, []),
    f2: (cx, m, k) => dissocAll(cx, m, [k]),
    fn: (cx, args) => dissocAll(cx, args[0]!, args.slice(1)),
  },
  {
    name: "update",
    arglists: ["[m k f]", "[m k f & args]"],
    doc: "m with the value at k replaced by (f old-value args...).",
    examples: [
      { code: "(update {:n 1} :n + 10)", result: "{:n 11}" },
      { code: "(update [1 2] 0 inc)", result: "[2 2]" },
    ],
    f3: (cx, m, k, f) => update(cx, m, k, f, NO_ARGS),
    fn: (cx, args) => update(cx, args[0]!, args[1]!, args[2]!, args.slice(3)),
  },
  {
    name: "update-in",
    arglists: ["[m ks f & args]"],
    doc: "m with the value at a path of keys replaced by (f old-value args...), creating maps on the way.",
    examples: [{ code: "(update-in {:a {:n 1}} [:a :n] inc)", result: "{:a {:n 2}}" }],
    fn: (cx, args) => {
      const [m, ks, f, ...extra] = args as [Value, Value, Value, ...Value[]];
      return updateIn(cx, m, pathOf("update-in", ks, cx), 0, f, extra);
    },
  },
  {
    name: "conj",
    arglists: ["[]", "[coll]", "[coll x]", "[coll x & xs]"],
    doc: "Add items: at the end of a vector, at the front of a list, into a set or map ([k v] pairs).",
    examples: [
      { code: "(conj [1 2] 3)", result: "[1 2 3]" },
      { code: "(conj '(1 2) 0)", result: "(0 1 2)" },
      { code: "(conj {:a 1} [:b 2])", result: "{:a 1, :b 2}" },
    ],
    f0: () => EMPTY_VECTOR,
    f1: (_cx, c) => c,
    f2: (cx, c, x) => conj1(cx, c, x),
    fn: (cx, args) => {
      let c: Value = args.length === 0 ? EMPTY_VECTOR : args[0]!;
      for (let i = 1; i < args.length; i++) c = conj1(cx, c, args[i]!);
      return c;
    },
  },
  {
    name: "into",
    arglists: ["[]", "[to]", "[to from]"],
    doc: "Pour every item of from into to (a vector, list, set or map).",
    examples: [
      { code: "(into {} [[:a 1] [:b 2]])", result: "{:a 1, :b 2}" },
      { code: "(into [] #{3})", result: "[3]" },
      { code: "(into () [1 2])", result: "(2 1)" },
    ],
    f0: () => EMPTY_VECTOR,
    f1: (_cx, to) => to,
    f2: (cx, to, from) => into(cx, to, from),
  },
  {
    name: "keys",
    arglists: ["[m]"],
    doc: "A seq of the map's keys (nil for an empty map); also the keys of a seq of [k v] entries.",
    examples: [
      { code: "(keys {:a 1 :b 2})", result: "(:a :b)" },
      { code: "(keys (sort-by val {:a 2 :b 1}))", result: "(:b :a)" },
    ],
    f1: (cx, m) => entryParts(cx, "keys", m, 0),
  },
  {
    name: "vals",
    arglists: ["[m]"],
    doc: "A seq of the map's values (nil for an empty map); also the values of a seq of [k v] entries.",
    examples: [{ code: "(vals {:a 1 :b 2})", result: "(1 2)" }],
    f1: (cx, m) => entryParts(cx, "vals", m, 1),
  },
  {
    name: "contains?",
    arglists: ["[coll k]"],
    doc: "True if the map has key k (flexible), the set has member k, or the vector/string has index k.",
    examples: [
      { code: "(contains? {:a nil} :a)", result: "true" },
      { code: "(contains? [5 6] 1)", result: "true" },
      { code: "(contains? #{:x} :y)", result: "false" },
    ],
    f2: (cx, c, k) => {
      if (c === null) return false;
      if (c instanceof PMap) return hasFlex(c, realizeKey(cx, k));
      if (c instanceof PSet) return c.has(realizeKey(cx, k));
      if (c instanceof PVector) return typeof k === "number" && Number.isInteger(k) && k >= 0 && k < c.count;
      if (typeof c === "string") {
        const i = truncIndex(k);
        return typeof i === "number" && i >= 0 && i < c.length;
      }
      throw typeError(
        "contains?",
        "a map, set, vector or string",
        c,
        "to test membership in a list or seq use (some #{x} coll)",
      );
    },
  },
  {
    name: "merge",
    arglists: ["[& maps]"],
    doc: "Maps combined left to right; later values win; nil arguments are ignored; (merge) is nil.",
    examples: [{ code: "(merge {:a 1} {:a 2 :b 3})", result: "{:a 2, :b 3}" }],
    fn: (cx, args) => {
      let acc: PMap | null = null;
      for (const m of args) {
        if (m === null) continue;
        if (!(m instanceof PMap)) throw typeError("merge", "maps", m);
        if (acc === null) acc = m;
        else {
          acc = conjMap(cx, acc, m, "merge");
          cx.charge(m.count);
        }
      }
      return acc;
    },
  },
  {
    name: "select-keys",
    arglists: ["[m ks]"],
    doc: "A map of only the given keys that m has (flexible lookup; the keys as given).",
    examples: [
      { code: "(select-keys {:a 1 :b 2 :c 3} [:a :c :z])", result: "{:a 1, :c 3}" },
      { code: '(select-keys {"id" 1 "x" 2} [:id])', result: "{:id 1}" },
    ],
    f2: (cx, m, ks) => selectKeys(cx, m, ks),
  },
  {
    name: "hash-map",
    arglists: ["[& kvs]"],
    doc: "A map of the key/value pairs.",
    examples: [{ code: "(hash-map :a 1)", result: "{:a 1}" }],
    fn: (cx, args) => {
      if (args.length % 2 !== 0)
        throw runtimeError(`hash-map expects key/value pairs, got an odd number of arguments (${args.length})`);
      return hashMapOf(args.map((x, i) => (i % 2 === 0 ? realizeKey(cx, x) : x)));
    },
  },
  {
    name: "hash-set",
    arglists: ["[& xs]"],
    doc: "A set of the arguments.",
    examples: [{ code: "(hash-set 1 2 1)", result: "#{1 2}" }],
    fn: (cx, args) => {
      const b = new SetBuilder();
      for (const x of args) b.add(realizeKey(cx, x));
      return b.build();
    },
  },
  {
    name: "set",
    arglists: ["[coll]"],
    doc: "A set of the items of coll.",
    examples: [{ code: "(set [1 2 2 3])", result: "#{1 3 2}" }],
    f1: (cx, c) => {
      if (c instanceof PSet) return c;
      if (!isSeqable(c)) throw typeError("set", "a collection", c);
      return buildSet(cx, new SetBuilder(), c);
    },
  },
  {
    name: "vector",
    arglists: ["[& xs]"],
    doc: "A vector of the arguments.",
    examples: [{ code: "(vector 1 2)", result: "[1 2]" }],
    f0: () => EMPTY_VECTOR,
    f1: (_cx, a) => new PVector([a], 1),
    f2: (_cx, a, b) => new PVector([a, b], 2),
    f3: (_cx, a, b, c) => new PVector([a, b, c], 3),
    fn: (_cx, args) => vec(args.slice()),
  },
  {
    name: "vec",
    arglists: ["[coll]"],
    doc: "A vector of the items of coll.",
    examples: [
      { code: "(vec '(1 2))", result: "[1 2]" },
      { code: "(vec {:a 1})", result: "[[:a 1]]" },
    ],
    f1: (cx, c) => (c instanceof PVector ? c : vec(itemsOf(cx, "vec", c).slice())),
  },
  {
    name: "list",
    arglists: ["[& xs]"],
    doc: "A list of the arguments.",
    examples: [{ code: "(list 1 2)", result: "(1 2)" }],
    fn: (_cx, args) => PList.from(args),
  },
  {
    name: "first",
    arglists: ["[coll]"],
    doc: "The first item, or nil.",
    examples: [{ code: "(first [1 2])", result: "1" }],
    f1: (cx, c) => {
      if (c instanceof PVector) return c.count === 0 ? null : (c.arr[0] as Value);
      const s = seqArg(cx, "first", c);
      return s === null ? null : s.first();
    },
  },
  {
    name: "second",
    arglists: ["[coll]"],
    doc: "The second item, or nil.",
    examples: [{ code: "(second [1 2])", result: "2" }],
    f1: (cx, c) => {
      if (c instanceof PVector) return c.count > 1 ? (c.arr[1] as Value) : null;
      const s = seqArg(cx, "second", c);
      const n = s === null ? null : s.next(cx);
      return n === null ? null : n.first();
    },
  },
  {
    name: "last",
    arglists: ["[coll]"],
    doc: "The last item, or nil.",
    examples: [{ code: "(last [1 2 3])", result: "3" }],
    f1: (cx, c) => {
      if (c instanceof PVector) return c.count > 0 ? (c.arr[c.count - 1] as Value) : null;
      if (!isSeqable(c)) throw typeError("last", "a collection", c);
      let last: Value = null;
      forEachItem(cx, c, (x) => {
        last = x;
        return true;
      });
      return last;
    },
  },
  {
    name: "rest",
    arglists: ["[coll]"],
    doc: "The items after the first, as a seq; () when there are none.",
    examples: [{ code: "(rest [1 2 3])", result: "(2 3)" }],
    f1: (cx, c) => {
      const s = seqArg(cx, "rest", c);
      if (s === null) return EMPTY_LIST;
      // As in Clojure, rest does not realize the next item: (rest (iterate inc 0)) is unrealized.
      if (s instanceof Cons && s.more instanceof LazySeq) return s.more;
      return s.next(cx) ?? EMPTY_LIST;
    },
  },
  {
    name: "next",
    arglists: ["[coll]"],
    doc: "The items after the first, as a seq; nil when there are none.",
    examples: [{ code: "(next [1])", result: "nil" }],
    f1: (cx, c) => {
      const s = seqArg(cx, "next", c);
      return s === null ? null : s.next(cx);
    },
  },
  {
    name: "nth",
    arglists: ["[coll index]", "[coll index not-found]"],
    doc: "The item at index; out of range is an error unless not-found is given.",
    examples: [
      { code: "(nth [:a :b :c] 1)", result: ":b" },
      { code: "(nth (range) 100)", result: "100" },
      { code: "(nth [1] 5 :none)", result: ":none" },
    ],
    f2: (cx, c, i) => nth(cx, c, i, null, false),
    f3: (cx, c, i, nf) => nth(cx, c, i, nf, true),
  },
  {
    name: "seq",
    arglists: ["[coll]"],
    doc: "A seq of the items of coll, or nil when it is empty.",
    examples: [
      { code: "(seq [])", result: "nil" },
      { code: '(seq "ab")', result: "(\\a \\b)" },
    ],
    f1: (cx, c) => seqArg(cx, "seq", c),
  },
  {
    name: "cons",
    arglists: ["[x coll]"],
    doc: "A seq of x followed by the items of coll.",
    examples: [{ code: "(cons 0 [1 2])", result: "(0 1 2)" }],
    f2: (_cx, x, c) => {
      // As on the JVM: a list only when consing onto nothing, else a Cons cell.
      if (c === null) return PList.from([x]);
      if (!isSeqable(c)) throw typeError("cons", "a collection as its second argument", c);
      return new Cons(x, c);
    },
  },
];

/** `(select-keys m ks)`: flexible lookup, keys as given; vectors select by index. */
export function selectKeys(cx: Cx, m: Value, ks: Value): PMap {
  if (m !== null && !(m instanceof PMap) && !(m instanceof PVector)) throw typeError("select-keys", "a map", m);
  const keys = itemsOf(cx, "select-keys", ks);
  const b = new MapBuilder();
  if (m === null) return EMPTY_MAP;
  for (const k of keys) {
    const key = realizeKey(cx, k);
    const v = get(cx, m, key, NOT_FOUND);
    if (v !== NOT_FOUND) b.assoc(key, v);
  }
  cx.charge(keys.length);
  return b.build();
}
