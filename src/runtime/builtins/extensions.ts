/**
 * PTC-Lisp's own extensions (namespace `ptc`): aggregation over collections of records
 * (sum, avg, sum-by, avg-by, min-by, max-by, distinct-by, pluck), zip, combinations and
 * entries. A key argument may be a keyword or string (flexible lookup: `:id` finds
 * `"id"`), a path vector (`[:user :name]`) or any function.
 */
import type { Cx } from "../context.js";
import { fn1, isCallable, keywordGet } from "../call.js";
import { compareValues } from "../compare.js";
import { realizeKey } from "../equality.js";
import { runtimeError, typeError } from "../errors.js";
import { KeyIndex } from "../key-index.js";
import { chunkOf, forEachItem, lazyMap } from "../lazy.js";
import { getFlex, NOT_FOUND, PMap } from "../map.js";
import { add } from "../numbers.js";
import { ArraySeq, arraySeq, isRealized, isSeqable, LazySeq, seq } from "../seq.js";
import { EMPTY_SET, PSet } from "../set.js";
import { float, isNumber, Keyword, numVal, type PtcFloat, type Value } from "../values.js";
import { EMPTY_VECTOR, PVector, vec } from "../vector.js";
import { getIn, itemsOf, seqArg } from "./collections.js";
import type { BuiltinSpec } from "./registry.js";

type Fn1 = (x: Value) => Value;

/**
 * A key argument as a function of an item: a keyword or a string looks the field up
 * (flexibly), a vector is a path, anything callable is called.
 */
export function keyFn(cx: Cx, fn: string, key: Value): Fn1 {
  if (key instanceof Keyword) return (x) => (x instanceof PMap ? getFlex(x, key, null) : keywordGet(cx, key, x, null));
  if (typeof key === "string") return (x) => (x instanceof PMap ? getFlex(x, key, null) : null);
  if (key instanceof PVector) {
    const path = key.items();
    return (x) => {
      const v = getIn(cx, x, path);
      return v === NOT_FOUND ? null : v;
    };
  }
  if (isCallable(key)) {
    const g = fn1(key);
    return (x) => g(cx, x);
  }
  throw typeError(fn, "a key (a keyword, a string or a path vector) or a function", key);
}

function numberOf(fn: string, v: Value, coll: Value): asserts v is number | PtcFloat {
  if (!isNumber(v))
    throw typeError(
      fn,
      "numbers",
      v,
      coll instanceof PMap && !fn.endsWith("-by")
        ? `a map's items are [key value] entries; for its values use (${fn} (vals m))`
        : "nil values are skipped; other values must be numbers",
    );
}

/** Stream the items of a collection argument (a reduction: nothing is kept, no size limit). */
function eachOf(cx: Cx, fn: string, coll: Value, f: (x: Value) => void): void {
  if (!isSeqable(coll)) itemsOf(cx, fn, coll); // throws the type error
  forEachItem(cx, coll, (x) => {
    f(x);
    return true;
  });
}

function sum(cx: Cx, fn: string, coll: Value, key: Fn1 | null): Value {
  let acc: Value = 0;
  eachOf(cx, fn, coll, (x) => {
    const v = key === null ? x : key(x);
    if (v === null) return;
    numberOf(fn, v, coll);
    acc = add(acc, v);
  });
  return acc;
}

function avg(cx: Cx, fn: string, coll: Value, key: Fn1 | null): Value {
  let total = 0;
  let n = 0;
  eachOf(cx, fn, coll, (x) => {
    const v = key === null ? x : key(x);
    if (v === null) return;
    numberOf(fn, v, coll);
    total += numVal(v);
    n++;
  });
  return n === 0 ? null : float(total / n);
}

/** The item whose key is least (sign 1) or greatest (sign -1); nil keys are skipped, ties keep the first. */
function extremeBy(cx: Cx, fn: string, key: Fn1, coll: Value, sign: 1 | -1): Value {
  let best: Value = null;
  let bestKey: Value = null;
  let found = false;
  eachOf(cx, fn, coll, (x) => {
    const k = key(x);
    if (k === null) return;
    if (!found || sign * compareValues(cx, k, bestKey) < 0) {
      best = x;
      bestKey = k;
      found = true;
    }
  });
  return best;
}

function extremeByArgs(cx: Cx, fn: string, args: Value[], sign: 1 | -1): Value {
  const key = keyFn(cx, fn, args[0]!);
  // (max-by k coll) takes a collection; (max-by k a b ...) the items themselves.
  return extremeBy(cx, fn, key, args.length === 2 ? args[1]! : vec(args.slice(1)), sign);
}

function distinctBy(cx: Cx, keyArg: Value, coll: Value): Value {
  const key = keyFn(cx, "distinct-by", keyArg);
  if (isRealized(coll)) {
    const items = itemsOf(cx, "distinct-by", coll);
    const seen = new KeyIndex<boolean>();
    const out: Value[] = [];
    for (const x of items) {
      const before = seen.size;
      seen.entry(realizeKey(cx, key(x)), () => true);
      if (seen.size > before) out.push(x);
    }
    cx.charge(items.length);
    return arraySeq(out);
  }
  seqArg(cx, "distinct-by", coll);
  return lazyDistinctBy(coll, EMPTY_SET, keyArg);
}

/** Lazy distinct-by with its seen-set passed along (immutable, so a retried chunk starts clean). */
function lazyDistinctBy(coll: Value, seen: PSet, keyArg: Value): LazySeq {
  return new LazySeq((cx) => {
    const key = keyFn(cx, "distinct-by", keyArg);
    let s = seq(cx, coll);
    let set = seen;
    while (s !== null) {
      const { arr, i, end, rest } = chunkOf(cx, s);
      const out: Value[] = [];
      for (let k = i; k < end; k++) {
        const x = arr[k] as Value;
        const kv = realizeKey(cx, key(x));
        if (set.has(kv)) continue;
        set = set.conj(kv);
        out.push(x);
      }
      const more = rest === null ? null : lazyDistinctBy(rest, set, keyArg);
      if (out.length > 0) return new ArraySeq(out, 0, out.length, more);
      s = rest === null ? null : seq(cx, rest);
    }
    return null;
  });
}

function pluck(cx: Cx, keyArg: Value, coll: Value): Value {
  const key = keyFn(cx, "pluck", keyArg);
  if (coll instanceof PMap)
    throw typeError(
      "pluck",
      "a collection of maps",
      coll,
      "pluck takes a collection of maps; for one map use (get m k)",
    );
  if (!isRealized(coll)) {
    seqArg(cx, "pluck", coll);
    return lazyMap(coll, (c, x) => keyFn(c, "pluck", keyArg)(x));
  }
  const items = itemsOf(cx, "pluck", coll);
  const out = new Array<Value>(items.length);
  for (let i = 0; i < items.length; i++) out[i] = key(items[i]!);
  cx.charge(items.length);
  return arraySeq(out);
}

function zip(cx: Cx, colls: readonly Value[]): PVector {
  const seqs = colls.map((c) => seqArg(cx, "zip", c));
  const out: Value[] = [];
  const max = cx.limits.maxCollection;
  for (;;) {
    const row = new Array<Value>(seqs.length);
    for (let i = 0; i < seqs.length; i++) {
      const s = seqs[i];
      if (s === null || s === undefined) return vec(out);
      row[i] = s.first();
    }
    out.push(new PVector(row, row.length));
    if (out.length > max) cx.checkSize(out.length);
    if (--cx.fuel < 0) cx.refuel();
    for (let i = 0; i < seqs.length; i++) seqs[i] = seqs[i]!.next(cx);
  }
}

/** Binomial coefficient, capped (only compared against the size limit). */
function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) {
    r = (r * (n - k + i)) / i;
    if (r > 1e15) return Infinity;
  }
  return Math.round(r);
}

function combinations(cx: Cx, a: Value, b: Value): PVector {
  // (combinations coll n), and the swapped (combinations n coll) too.
  const [coll, n] = typeof a === "number" && typeof b !== "number" ? [b, a] : [a, b];
  if (typeof n !== "number" || !Number.isInteger(n)) throw typeError("combinations", "an integer size", n);
  const items = itemsOf(cx, "combinations", coll);
  if (n < 0) throw runtimeError(`combinations of a negative size (${n})`);
  if (n > items.length) return EMPTY_VECTOR;
  const total = choose(items.length, n);
  cx.checkSize(total);
  cx.charge(total * Math.max(1, n));
  const out: Value[] = [];
  const idx = Array.from({ length: n }, (_, i) => i);
  for (;;) {
    out.push(vec(idx.map((i) => items[i]!)));
    // Advance the rightmost index that can move, reset the ones after it.
    let j = n - 1;
    while (j >= 0 && idx[j] === items.length - n + j) j--;
    if (j < 0) return vec(out);
    idx[j]!++;
    for (let i = j + 1; i < n; i++) idx[i] = idx[i - 1]! + 1;
  }
}

function entries(m: Value): PVector {
  if (m === null) return EMPTY_VECTOR;
  if (!(m instanceof PMap)) throw typeError("entries", "a map", m);
  return vec(m.entryArray());
}

export const EXTENSIONS: BuiltinSpec[] = [
  {
    name: "sum",
    ns: "ptc",
    arglists: ["[coll]"],
    doc: "The sum of the numbers in coll (nil items skipped); 0 when empty.",
    examples: [
      { code: "(sum [1 2 3])", result: "6" },
      { code: "(sum [1 nil 2.5])", result: "3.5" },
      { code: "(sum [])", result: "0" },
    ],
    f1: (cx, c) => sum(cx, "sum", c, null),
  },
  {
    name: "avg",
    ns: "ptc",
    arglists: ["[coll]"],
    doc: "The mean of the numbers in coll as a float (nil items skipped); nil when there are none.",
    examples: [
      { code: "(avg [1 2 3 4])", result: "2.5" },
      { code: "(avg [])", result: "nil" },
    ],
    f1: (cx, c) => avg(cx, "avg", c, null),
  },
  {
    name: "sum-by",
    ns: "ptc",
    arglists: ["[key coll]"],
    doc: "The sum of a field (keyword, string, path vector or function) over coll; nil fields skipped.",
    examples: [
      { code: "(sum-by :amount [{:amount 5} {:amount 7} {}])", result: "12" },
      { code: '(sum-by "n" [{"n" 1} {"n" 2}])', result: "3" },
    ],
    f2: (cx, k, c) => sum(cx, "sum-by", c, keyFn(cx, "sum-by", k)),
  },
  {
    name: "avg-by",
    ns: "ptc",
    arglists: ["[key coll]"],
    doc: "The mean of a field over coll as a float; nil fields skipped; nil when there are none.",
    examples: [{ code: "(avg-by :score [{:score 1} {:score 2}])", result: "1.5" }],
    f2: (cx, k, c) => avg(cx, "avg-by", c, keyFn(cx, "avg-by", k)),
  },
  {
    name: "min-by",
    ns: "ptc",
    arglists: ["[key coll]", "[key x y & more]"],
    doc: "The item with the least field value (items with a nil field skipped; the first of ties), or nil.",
    examples: [
      { code: "(min-by :age [{:age 30} {:age 20} {}])", result: "{:age 20}" },
      { code: "(min-by count [1 2] [3] [4 5 6])", result: "[3]" },
    ],
    fn: (cx, args) => extremeByArgs(cx, "min-by", args, 1),
  },
  {
    name: "max-by",
    ns: "ptc",
    arglists: ["[key coll]", "[key x y & more]"],
    doc: "The item with the greatest field value (items with a nil field skipped; the first of ties), or nil.",
    examples: [
      { code: "(max-by :age [{:age 30} {:age 20}])", result: "{:age 30}" },
      { code: "(max-by :p [])", result: "nil" },
    ],
    fn: (cx, args) => extremeByArgs(cx, "max-by", args, -1),
  },
  {
    name: "distinct-by",
    ns: "ptc",
    arglists: ["[key coll]"],
    doc: "The items of coll whose field value was not seen before (the first item of each value).",
    examples: [{ code: "(distinct-by :k [{:k 1 :i 0} {:k 1 :i 1} {:k 2}])", result: "({:k 1, :i 0} {:k 2})" }],
    f2: (cx, k, c) => distinctBy(cx, k, c),
  },
  {
    name: "pluck",
    ns: "ptc",
    arglists: ["[key coll]"],
    doc: "A seq of the field (keyword, string or path vector) of each item.",
    examples: [
      { code: '(pluck :name [{:name "a"} {:name "b"}])', result: '("a" "b")' },
      { code: "(pluck [:u :id] [{:u {:id 1}} {}])", result: "(1 nil)" },
    ],
    f2: (cx, k, c) => pluck(cx, k, c),
  },
  {
    name: "zip",
    ns: "ptc",
    arglists: ["[c1 c2]", "[c1 c2 & colls]"],
    doc: "A vector of [a b] pairs of the items at the same positions, up to the shortest.",
    examples: [
      { code: "(zip [1 2 3] [:a :b])", result: "[[1 :a] [2 :b]]" },
      { code: "(zip (range) [:x :y])", result: "[[0 :x] [1 :y]]" },
    ],
    fn: (cx, args) => zip(cx, args),
  },
  {
    name: "combinations",
    ns: "ptc",
    arglists: ["[coll n]"],
    doc: "A vector of every n-item combination of coll's items, in order (by position).",
    examples: [
      { code: "(combinations [1 2 3] 2)", result: "[[1 2] [1 3] [2 3]]" },
      { code: "(combinations [1 2] 0)", result: "[[]]" },
    ],
    f2: (cx, a, b) => combinations(cx, a, b),
  },
  {
    name: "entries",
    ns: "ptc",
    arglists: ["[m]"],
    doc: "A vector of the map's [key value] entries, in the map's order (as seq gives them).",
    examples: [{ code: "(entries {:a 1 :b 2})", result: "[[:a 1] [:b 2]]" }],
    f1: (_cx, m) => entries(m),
  },
  // clojure.set/join lives here so that bare `join` stays clojure.string's (see sets.ts).
];
