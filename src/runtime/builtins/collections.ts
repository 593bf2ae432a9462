/** Collections and maps: building, reading and updating. */
import type { Cx } from "../context.js";
import { callFn } from "../call.js";
import { realizeKey } from "../equality.js";
import { runtimeError, typeError } from "../errors.js";
import { EMPTY_MAP, getFlex, hasFlex, hashMapOf, MapBuilder, NOT_FOUND, PMap } from "../map.js";
import {
  ArraySeq,
  ASeq,
  asArray,
  Cons,
  count,
  EmptyList,
  EMPTY_LIST,
  first,
  isSeqable,
  LazySeq,
  next,
  PList,
  rest,
  seq,
} from "../seq.js";
import { EMPTY_SET, PSet, SetBuilder } from "../set.js";
import { Char, type Value } from "../values.js";
import { EMPTY_VECTOR, PVector, vec } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

/** `(get coll k)`: flexible keys for maps, indexes for vectors and strings, members for sets. */
export function get(cx: Cx, coll: Value, k: Value, nf: Value): Value {
  if (coll instanceof PMap) return getFlex(coll, realizeKey(cx, k), nf);
  if (coll instanceof PVector) {
    if (typeof k === "number" && Number.isInteger(k) && k >= 0 && k < coll.count) return coll.arr[k] as Value;
    return nf;
  }
  if (coll instanceof PSet) {
    const hit = coll.lookup(realizeKey(cx, k));
    return hit === undefined ? nf : hit;
  }
  if (typeof coll === "string" && typeof k === "number" && Number.isInteger(k) && k >= 0 && k < coll.length) {
    return coll[k] === undefined ? nf : new Char(coll[k]!);
  }
  return nf;
}

export function assoc(cx: Cx, coll: Value, k: Value, v: Value): Value {
  if (coll === null) return EMPTY_MAP.assoc(realizeKey(cx, k), v);
  if (coll instanceof PMap) return coll.assoc(realizeKey(cx, k), v);
  if (coll instanceof PVector) {
    if (typeof k !== "number" || !Number.isInteger(k)) throw typeError("assoc on a vector", "an integer index", k);
    if (k < 0 || k > coll.count)
      throw runtimeError(`index ${k} is out of bounds for assoc on a vector of ${coll.count} items`);
    if (k === coll.count) cx.checkSize(k + 1);
    return coll.assocN(k, v);
  }
  throw typeError("assoc", "a map, a vector or nil", coll);
}

export function conj1(cx: Cx, coll: Value, x: Value): Value {
  if (coll instanceof PVector) {
    if (coll.count >= cx.limits.maxCollection) cx.checkSize(coll.count + 1);
    return coll.conj(x);
  }
  if (coll === null) return PList.from([x]);
  if (coll instanceof PMap) {
    if (x instanceof PVector && x.count === 2) return coll.assoc(realizeKey(cx, x.arr[0] as Value), x.arr[1] as Value);
    if (x instanceof PMap) {
      let m: PMap = coll;
      x.forEach((k, v) => {
        m = m.assoc(k, v);
      });
      return m;
    }
    if (x === null) return coll;
    throw typeError("conj on a map", "a [key value] vector or a map", x);
  }
  if (coll instanceof PSet) return coll.conj(realizeKey(cx, x));
  if (coll instanceof PList) return coll.cons(x);
  if (coll instanceof EmptyList) return PList.from([x]);
  if (coll instanceof ASeq || coll instanceof LazySeq) return new Cons(x, coll);
  throw typeError("conj", "a collection", coll);
}

/** `(into to from)`: pour every item of `from` into `to` with conj. */
export function into(cx: Cx, to: Value, from: Value): Value {
  const items = asArray(cx, from);
  if (to instanceof PVector) {
    cx.checkSize(to.count + items.length);
    const arr = to.toArray();
    for (const x of items) arr.push(x);
    return vec(arr);
  }
  if (to instanceof PMap || to === null) {
    if (to === null && items.length === 0) return null;
    if (to === null) return into(cx, EMPTY_LIST, from);
    let acc: Value = to;
    for (const x of items) acc = conj1(cx, acc, x);
    return acc;
  }
  if (to instanceof PSet) {
    let s = to;
    for (const x of items) s = s.conj(realizeKey(cx, x));
    return s;
  }
  let acc: Value = to;
  for (const x of items) acc = conj1(cx, acc, x);
  return acc;
}

function assocIn(cx: Cx, m: Value, path: readonly Value[], v: Value): Value {
  if (path.length === 0) return v;
  const [k, ...more] = path as [Value, ...Value[]];
  const inner = more.length === 0 ? v : assocIn(cx, get(cx, m, k, null), more, v);
  return assoc(cx, m, k, inner);
}

function pathOf(fn: string, p: Value, cx: Cx): readonly Value[] {
  if (p instanceof PVector) return p.items();
  if (p instanceof ASeq || p instanceof LazySeq || p instanceof EmptyList || p === null) return asArray(cx, p);
  throw typeError(fn, "a sequential path like [:a :b]", p);
}

function updateValue(cx: Cx, f: Value, old: Value, extra: readonly Value[]): Value {
  return callFn(cx, f, [old, ...extra]);
}

function dissocAll(cx: Cx, m: Value, keys: readonly Value[]): Value {
  if (m === null) return null;
  if (!(m instanceof PMap)) throw typeError("dissoc", "a map", m);
  let out = m;
  for (const k of keys) out = out.dissoc(realizeKey(cx, k));
  return out;
}

export const COLLECTIONS: BuiltinSpec[] = [
  {
    name: "count",
    arglists: ["[coll]"],
    doc: "Number of items (characters of a string, entries of a map); (count nil) is 0.",
    examples: [{ code: "(count {:a 1 :b 2})", result: "2" }],
    f1: (cx, a) => count(cx, a),
  },
  {
    name: "get",
    arglists: ["[m k]", "[m k not-found]"],
    doc: 'Value at key k (a map key — :id also finds "id" —, a vector index, a set member), or not-found/nil.',
    examples: [
      { code: "(get {:a 1} :a)", result: "1" },
      { code: "(get [10 20] 5 :none)", result: ":none" },
    ],
    f2: (cx, m, k) => get(cx, m, k, null),
    f3: (cx, m, k, nf) => get(cx, m, k, nf),
  },
  {
    name: "get-in",
    arglists: ["[m ks]", "[m ks not-found]"],
    doc: "Value at a path of keys in nested maps and vectors, or not-found/nil.",
    examples: [{ code: "(get-in {:a {:b [5 6]}} [:a :b 1])", result: "6" }],
    fn: (cx, args) => {
      const nf = args.length === 3 ? args[2]! : null;
      let cur: Value = args[0]!;
      for (const k of pathOf("get-in", args[1]!, cx)) {
        cur = get(cx, cur, k, NOT_FOUND);
        if (cur === NOT_FOUND) return nf;
      }
      return cur;
    },
  },
  {
    name: "assoc",
    arglists: ["[m k v]", "[m k v & kvs]"],
    doc: "m with key k set to v (and more pairs); on a vector k is an index up to its count.",
    examples: [{ code: "(assoc {:a 1} :b 2)", result: "{:a 1, :b 2}" }],
    f3: (cx, m, k, v) => assoc(cx, m, k, v),
    fn: (cx, args) => {
      if ((args.length - 1) % 2 !== 0) throw runtimeError("assoc needs key/value pairs after the map");
      let m: Value = args[0]!;
      for (let i = 1; i < args.length; i += 2) m = assoc(cx, m, args[i]!, args[i + 1]!);
      return m;
    },
  },
  {
    name: "assoc-in",
    arglists: ["[m ks v]"],
    doc: "m with the value at a path of keys set to v, creating maps on the way.",
    examples: [{ code: "(assoc-in {} [:a :b] 1)", result: "{:a {:b 1}}" }],
    f3: (cx, m, ks, v) => assocIn(cx, m, pathOf("assoc-in", ks, cx), v),
  },
  {
    name: "dissoc",
    arglists: ["[m]", "[m k]", "[m k & ks]"],
    doc: "m without the keys.",
    examples: [{ code: "(dissoc {:a 1 :b 2} :a)", result: "{:b 2}" }],
    fn: (cx, args) => dissocAll(cx, args[0]!, args.slice(1)),
  },
  {
    name: "update",
    arglists: ["[m k f]", "[m k f & args]"],
    doc: "m with the value at k replaced by (f old-value args...).",
    examples: [{ code: "(update {:n 1} :n + 10)", result: "{:n 11}" }],
    fn: (cx, args) => {
      const [m, k, f, ...extra] = args as [Value, Value, Value, ...Value[]];
      return assoc(cx, m, k, updateValue(cx, f, get(cx, m, k, null), extra));
    },
  },
  {
    name: "update-in",
    arglists: ["[m ks f & args]"],
    doc: "m with the value at a path of keys replaced by (f old-value args...).",
    examples: [{ code: "(update-in {:a {:n 1}} [:a :n] inc)", result: "{:a {:n 2}}" }],
    fn: (cx, args) => {
      const [m, ks, f, ...extra] = args as [Value, Value, Value, ...Value[]];
      const path = pathOf("update-in", ks, cx);
      if (path.length === 0) return updateValue(cx, f, get(cx, m, null, null), extra);
      const go = (cur: Value, i: number): Value => {
        const k = path[i]!;
        const inner = get(cx, cur, k, null);
        return assoc(cx, cur, k, i === path.length - 1 ? updateValue(cx, f, inner, extra) : go(inner, i + 1));
      };
      return go(m, 0);
    },
  },
  {
    name: "conj",
    arglists: ["[]", "[coll]", "[coll x]", "[coll x & xs]"],
    doc: "Add items: at the end of a vector, at the front of a list, into a set or map ([k v] pairs).",
    examples: [
      { code: "(conj [1 2] 3)", result: "[1 2 3]" },
      { code: "(conj '(1 2) 0)", result: "(0 1 2)" },
    ],
    f0: () => EMPTY_VECTOR,
    f1: (_cx, c) => c,
    f2: (cx, c, x) => conj1(cx, c, x),
    fn: (cx, args) => {
      let c: Value = args[0] ?? EMPTY_VECTOR;
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
    ],
    f0: () => EMPTY_VECTOR,
    f1: (_cx, to) => to,
    f2: (cx, to, from) => into(cx, to, from),
  },
  {
    name: "keys",
    arglists: ["[m]"],
    doc: "A seq of the map's keys (nil for an empty map).",
    examples: [{ code: "(keys {:a 1 :b 2})", result: "(:a :b)" }],
    f1: (_cx, m) => {
      if (m === null) return null;
      if (!(m instanceof PMap)) throw typeError("keys", "a map", m);
      return m.count === 0 ? null : new ArraySeq(m.keyArray(), 0, m.count, null);
    },
  },
  {
    name: "vals",
    arglists: ["[m]"],
    doc: "A seq of the map's values (nil for an empty map).",
    examples: [{ code: "(vals {:a 1 :b 2})", result: "(1 2)" }],
    f1: (_cx, m) => {
      if (m === null) return null;
      if (!(m instanceof PMap)) throw typeError("vals", "a map", m);
      return m.count === 0 ? null : new ArraySeq(m.valArray(), 0, m.count, null);
    },
  },
  {
    name: "contains?",
    arglists: ["[coll k]"],
    doc: "True if the map has key k (flexible), the set has member k, or the vector has index k.",
    examples: [
      { code: "(contains? {:a nil} :a)", result: "true" },
      { code: "(contains? [5 6] 1)", result: "true" },
    ],
    f2: (cx, c, k) => {
      if (c === null) return false;
      if (c instanceof PMap) return hasFlex(c, realizeKey(cx, k));
      if (c instanceof PSet) return c.has(realizeKey(cx, k));
      if (c instanceof PVector) return typeof k === "number" && Number.isInteger(k) && k >= 0 && k < c.count;
      if (typeof c === "string") return typeof k === "number" && Number.isInteger(k) && k >= 0 && k < c.length;
      throw typeError(
        "contains?",
        "a map, set, vector or string",
        c,
        "to test membership in a list use (some #{x} coll)",
      );
    },
  },
  {
    name: "merge",
    arglists: ["[& maps]"],
    doc: "Maps combined left to right; later values win; nil arguments are ignored.",
    examples: [{ code: "(merge {:a 1} {:a 2 :b 3})", result: "{:a 2, :b 3}" }],
    fn: (cx, args) => {
      let acc: Value = null;
      for (const m of args) {
        if (m === null) continue;
        if (!(m instanceof PMap)) throw typeError("merge", "maps", m);
        if (acc === null) acc = m;
        else acc = conj1(cx, acc, m);
      }
      return acc;
    },
  },
  {
    name: "select-keys",
    arglists: ["[m ks]"],
    doc: "A map of only the given keys that m has.",
    examples: [{ code: "(select-keys {:a 1 :b 2 :c 3} [:a :c :z])", result: "{:a 1, :c 3}" }],
    f2: (cx, m, ks) => {
      const b = new MapBuilder();
      if (m !== null && !(m instanceof PMap)) throw typeError("select-keys", "a map", m);
      for (const k of asArray(cx, ks)) {
        const key = realizeKey(cx, k);
        if (m instanceof PMap) {
          const v = m.get(key, NOT_FOUND);
          if (v !== NOT_FOUND) b.assoc(key, v);
          else {
            const flex = getFlex(m, key, NOT_FOUND);
            if (flex !== NOT_FOUND) b.assoc(key, flex);
          }
        }
      }
      return b.build();
    },
  },
  {
    name: "hash-map",
    arglists: ["[& kvs]"],
    doc: "A map of the key/value pairs.",
    examples: [{ code: "(hash-map :a 1)", result: "{:a 1}" }],
    fn: (cx, args) => {
      if (args.length % 2 !== 0) throw runtimeError("hash-map needs key/value pairs");
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
      const b = new SetBuilder();
      for (const x of asArray(cx, c)) b.add(realizeKey(cx, x));
      return b.count === 0 ? EMPTY_SET : b.build();
    },
  },
  {
    name: "vector",
    arglists: ["[& xs]"],
    doc: "A vector of the arguments.",
    examples: [{ code: "(vector 1 2)", result: "[1 2]" }],
    fn: (_cx, args) => vec(args.slice()),
  },
  {
    name: "vec",
    arglists: ["[coll]"],
    doc: "A vector of the items of coll.",
    examples: [{ code: "(vec '(1 2))", result: "[1 2]" }],
    f1: (cx, c) => (c instanceof PVector ? c : vec(asArray(cx, c).slice())),
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
    f1: (cx, c) => first(cx, c),
  },
  {
    name: "second",
    arglists: ["[coll]"],
    doc: "The second item, or nil.",
    examples: [{ code: "(second [1 2])", result: "2" }],
    f1: (cx, c) => {
      if (c instanceof PVector) return c.count > 1 ? (c.arr[1] as Value) : null;
      return first(cx, next(cx, c));
    },
  },
  {
    name: "last",
    arglists: ["[coll]"],
    doc: "The last item, or nil.",
    examples: [{ code: "(last [1 2 3])", result: "3" }],
    f1: (cx, c) => {
      if (c instanceof PVector) return c.count > 0 ? (c.arr[c.count - 1] as Value) : null;
      const a = asArray(cx, c);
      return a.length === 0 ? null : a[a.length - 1]!;
    },
  },
  {
    name: "rest",
    arglists: ["[coll]"],
    doc: "The items after the first, as a seq; () when there are none.",
    examples: [{ code: "(rest [1 2 3])", result: "(2 3)" }],
    f1: (cx, c) => rest(cx, c),
  },
  {
    name: "next",
    arglists: ["[coll]"],
    doc: "The items after the first, as a seq; nil when there are none.",
    examples: [{ code: "(next [1])", result: "nil" }],
    f1: (cx, c) => next(cx, c),
  },
  {
    name: "nth",
    arglists: ["[coll index]", "[coll index not-found]"],
    doc: "The item at index; out of range is an error unless not-found is given.",
    examples: [{ code: "(nth [:a :b :c] 1)", result: ":b" }],
    fn: (cx, args) => {
      const [c, i] = args as [Value, Value];
      const hasNf = args.length === 3;
      if (typeof i !== "number" || !Number.isInteger(i)) throw typeError("nth", "an integer index", i);
      if (c === null) return hasNf ? args[2]! : null;
      if (c instanceof PMap || c instanceof PSet)
        throw typeError(
          "nth",
          "a vector, list, seq or string",
          c,
          "maps and sets have no order; use (vec (keys m)) or (seq s)",
        );
      const items = c instanceof PVector ? c.items() : asArray(cx, c);
      if (i >= 0 && i < items.length) return items[i]!;
      if (hasNf) return args[2]!;
      throw runtimeError(
        `index ${i} is out of bounds for a collection of ${items.length} items`,
        "pass a default: (nth coll i nil)",
      );
    },
  },
  {
    name: "seq",
    arglists: ["[coll]"],
    doc: "A seq of the items of coll, or nil when it is empty.",
    examples: [{ code: "(seq [])", result: "nil" }],
    f1: (cx, c) => seq(cx, c),
  },
  {
    name: "cons",
    arglists: ["[x coll]"],
    doc: "A seq of x followed by the items of coll.",
    examples: [{ code: "(cons 0 [1 2])", result: "(0 1 2)" }],
    f2: (_cx, x, c) => {
      if (c === null || c instanceof EmptyList) return PList.from([x]);
      if (c instanceof PList) return c.cons(x);
      if (!isSeqable(c)) throw typeError("cons", "a collection as its second argument", c);
      return new Cons(x, c);
    },
  },
];
