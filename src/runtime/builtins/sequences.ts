/**
 * Sequence functions. Realized inputs are processed eagerly (results are realized seqs
 * that print as lists, as Clojure's lazy results do); lazy inputs give lazy results.
 */
import type { Cx } from "../context.js";
import { call1, call2, callFn, fn1, fn2, isCallable } from "../call.js";
import { compareValues } from "../compare.js";
import { equiv, realizeKey } from "../equality.js";
import { typeError } from "../errors.js";
import {
  floatRange,
  forEachItem,
  lazyCat,
  lazyDedupe,
  lazyDistinct,
  lazyDrop,
  lazyDropWhile,
  lazyFilter,
  lazyInterleave,
  lazyInterpose,
  lazyKeep,
  lazyMap,
  lazyMapIndexed,
  lazyMapN,
  lazyPartition,
  lazyPartitionBy,
  lazyReductions,
  lazyRepeat,
  lazyTake,
  lazyTakeWhile,
  rangeArray,
  reduceItems,
  Reduced,
  restOf,
  takeItems,
} from "../lazy.js";
import { NOT_FOUND, PMap } from "../map.js";
import { PSet } from "../set.js";
import {
  arraySeq,
  ArraySeq,
  asArray,
  ASeq,
  Cons,
  EmptyList,
  EMPTY_LIST,
  isRealized,
  isSeqable,
  LazySeq,
  makeRange,
  PList,
  Range,
  seq,
  streamSeq,
} from "../seq.js";
import { KeyIndex } from "../key-index.js";
import { float, isInt, Keyword, PtcFloat, PtcFn, truthy, type Value } from "../values.js";
import { PVector, vec } from "../vector.js";
import { toNum } from "../numbers.js";
import { BuiltinFn, type BuiltinSpec } from "./registry.js";

// ---------------------------------------------------------------------------------------
// Argument helpers (exported for the other sequence groups)

/** The items of a collection argument, or a type error naming the function. */
export function itemsOf(cx: Cx, fn: string, coll: Value): readonly Value[] {
  if (coll instanceof PVector) return coll.items();
  if (coll instanceof Range) return rangeArray(cx, coll);
  if (!isSeqable(coll)) throw typeError(fn, "a collection", coll, collHint(coll));
  return asArray(cx, coll);
}

const zero = (): number => 0;
const newGroup = (): Value[] => [];

/** Throw the type error for a non-collection argument. */
export function checkColl(fn: string, coll: Value): void {
  if (!isSeqable(coll)) throw typeError(fn, "a collection", coll, collHint(coll));
}

function collHint(v: Value): string | undefined {
  return v instanceof PtcFn ? "the collection goes last: (f ... coll)" : undefined;
}

/**
 * A count argument as Clojure's take/drop use it: a number, counted down while
 * positive, so a fractional count (`(/ 5 2)` is 2.5 without ratios) rounds up.
 */
export function countArg(fn: string, v: Value): number {
  const n = typeof v === "number" ? v : v instanceof PtcFloat ? v.value : NaN;
  if (Number.isNaN(n)) throw typeError(fn, "a number (how many items)", v);
  return Number.isInteger(n) || !Number.isFinite(n) ? n : Math.ceil(n);
}

/** An integer argument (a partition size, a step). */
export function intArg(fn: string, what: string, v: Value): number {
  if (isInt(v)) return v;
  if (v instanceof PtcFloat && Number.isInteger(v.value)) return v.value;
  throw typeError(fn, `an integer ${what}`, v);
}

function mapEager(cx: Cx, fnName: string, f: Value, coll: Value): Value[] {
  const items = itemsOf(cx, fnName, coll);
  const out = new Array<Value>(items.length);
  const g = fn1(f);
  for (let i = 0; i < items.length; i++) out[i] = g(cx, items[i]!);
  cx.charge(items.length);
  return out;
}

/** `(map f c1 c2 ...)`: an array when every coll is realized, else a lazy seq. */
function mapMany(cx: Cx, fnName: string, f: Value, colls: readonly Value[]): Value[] | LazySeq {
  if (colls.every(isRealized)) {
    const arrays = colls.map((c) => itemsOf(cx, fnName, c));
    let n = Infinity;
    for (const a of arrays) n = Math.min(n, a.length);
    const out = new Array<Value>(n);
    if (arrays.length === 2) {
      const [a, b] = arrays as [readonly Value[], readonly Value[]];
      const g = fn2(f);
      for (let i = 0; i < n; i++) out[i] = g(cx, a[i]!, b[i]!);
    } else {
      for (let i = 0; i < n; i++)
        out[i] = callFn(
          cx,
          f,
          arrays.map((a) => a[i]!),
        );
    }
    cx.charge(n);
    return out;
  }
  for (const c of colls) checkColl(fnName, c);
  return lazyMapN(colls, (c, xs) => callFn(c, f, xs));
}

function filterEager(cx: Cx, fnName: string, pred: Value, coll: Value, keep: boolean): Value[] {
  const items = itemsOf(cx, fnName, coll);
  const out: Value[] = [];
  const p = fn1(pred);
  for (let i = 0; i < items.length; i++) {
    const x = items[i]!;
    if (truthy(p(cx, x)) === keep) out.push(x);
  }
  cx.charge(items.length);
  return out;
}

function mapIndexed(cx: Cx, fnName: string, f: Value, coll: Value, keep: boolean): Value {
  if (!isRealized(coll)) {
    checkColl(fnName, coll);
    return lazyMapIndexed(coll, (c, i, x) => call2(c, f, i, x), keep);
  }
  const items = itemsOf(cx, fnName, coll);
  const out: Value[] = [];
  const g = fn2(f);
  for (let i = 0; i < items.length; i++) {
    const r = g(cx, i, items[i]!);
    if (!keep || r !== null) out.push(r);
  }
  cx.charge(items.length);
  return arraySeq(out);
}

// ---------------------------------------------------------------------------------------
// take and drop (shared with split-at and split-with)

/** `(take k coll)` for a count already checked. */
export function takeN(cx: Cx, fnName: string, k: number, c: Value): Value {
  if (!isRealized(c)) {
    checkColl(fnName, c);
    return lazyTake(c, k);
  }
  const items = itemsOf(cx, fnName, c);
  return arraySeq(k >= items.length ? items : items.slice(0, Math.max(0, k)));
}

/** `(drop k coll)` for a count already checked. */
export function dropN(cx: Cx, fnName: string, k: number, c: Value): Value {
  if (!isRealized(c)) {
    checkColl(fnName, c);
    return k <= 0 ? new LazySeq(() => c) : lazyDrop(c, k);
  }
  const items = itemsOf(cx, fnName, c);
  return arraySeq(k <= 0 ? items : items.slice(k));
}

export function takeWhile(cx: Cx, fnName: string, p: Value, c: Value): Value {
  if (!isRealized(c)) {
    checkColl(fnName, c);
    return lazyTakeWhile(c, (c2, x) => truthy(call1(c2, p, x)));
  }
  const items = itemsOf(cx, fnName, c);
  const pred = fn1(p);
  let i = 0;
  while (i < items.length && truthy(pred(cx, items[i]!))) i++;
  cx.charge(i);
  return arraySeq(items.slice(0, i));
}

export function dropWhile(cx: Cx, fnName: string, p: Value, c: Value): Value {
  if (!isRealized(c)) {
    checkColl(fnName, c);
    return lazyDropWhile(c, (c2, x) => truthy(call1(c2, p, x)));
  }
  const items = itemsOf(cx, fnName, c);
  const pred = fn1(p);
  let i = 0;
  while (i < items.length && truthy(pred(cx, items[i]!))) i++;
  cx.charge(i);
  return arraySeq(items.slice(i));
}

// ---------------------------------------------------------------------------------------
// Comparators

/**
 * A comparator value as a JS comparison, as Clojure's functions act as comparators: a
 * number result is truncated to an integer (Java's intValue), a boolean one means "a
 * goes first" (asking (f b a) to tell "after" from "equal"). `:asc` and `:desc` name the
 * natural order and its reverse (a PTC extension).
 */
export function comparator(cx: Cx, f: Value, fnName = "sort"): (a: Value, b: Value) => number {
  if (f instanceof Keyword && f.ns === null && (f.name === "asc" || f.name === "desc")) {
    return f.name === "asc" ? (a, b) => compareValues(cx, a, b) : (a, b) => compareValues(cx, b, a);
  }
  if (f instanceof Keyword)
    throw typeError(fnName, "a comparator function", f, "to order by a key, write (sort-by :key coll)");
  if (!isCallable(f)) throw typeError(fnName, "a comparator function", f);
  if (f instanceof BuiltinFn && f.def.qualified === "clojure.core/compare") return (a, b) => compareValues(cx, a, b);
  const g = fn2(f);
  return (a, b) => {
    const r = g(cx, a, b);
    if (typeof r === "boolean") return r ? -1 : truthy(g(cx, b, a)) ? 1 : 0;
    if (typeof r === "number") return Math.trunc(r) || 0;
    if (r instanceof PtcFloat) return Math.trunc(r.value) || 0;
    throw typeError(fnName, "a comparator returning a number or a boolean", r);
  };
}

function sortArray(cx: Cx, items: Value[], cmp: (a: Value, b: Value) => number): Value[] {
  cx.charge(items.length * Math.max(1, Math.ceil(Math.log2(items.length + 1))));
  // Array.prototype.sort is stable, as Clojure's sort is.
  return items.sort(cmp);
}

function sortBy(cx: Cx, kf: Value, cmp: Value | null, c: Value): Value {
  if (!isSeqable(c)) {
    throw typeError(
      "sort-by",
      "a collection as its last argument",
      c,
      isCallable(c) || c instanceof Keyword
        ? "the comparator goes before the collection: (sort-by keyfn comp coll)"
        : undefined,
    );
  }
  const order = cmp === null ? (a: Value, b: Value) => compareValues(cx, a, b) : comparator(cx, cmp, "sort-by");
  const items = itemsOf(cx, "sort-by", c);
  const keyed = new Array<{ x: Value; k: Value }>(items.length);
  const key = fn1(kf);
  for (let i = 0; i < items.length; i++) keyed[i] = { x: items[i]!, k: key(cx, items[i]!) };
  cx.charge(items.length * Math.max(1, Math.ceil(Math.log2(items.length + 1))));
  keyed.sort((a, b) => order(a.k, b.k));
  return arraySeq(keyed.map((e) => e.x));
}

// ---------------------------------------------------------------------------------------
// Partitions

export function partitionOf(
  cx: Cx,
  fnName: string,
  n: number,
  step: number,
  pad: Value | undefined,
  all: boolean,
  coll: Value,
  part: (items: Value[]) => Value = arraySeq,
): Value {
  checkColl(fnName, coll);
  if (pad !== undefined) checkColl(fnName, pad);
  if (!isRealized(coll) || n <= 0 || step <= 0) return lazyPartition(coll, n, step, pad, all, part);
  const items = asArray(cx, coll);
  const out: Value[] = [];
  for (let i = 0; i < items.length; i += step) {
    if (i + n <= items.length) {
      out.push(part(items.slice(i, i + n)));
      continue;
    }
    if (all) {
      out.push(part(items.slice(i)));
      continue;
    }
    if (pad !== undefined) {
      const p = items.slice(i);
      for (const x of takeItems(cx, pad, n - p.length)) p.push(x);
      out.push(part(p));
    }
    break;
  }
  cx.charge(items.length + out.length);
  return arraySeq(out);
}

// ---------------------------------------------------------------------------------------
// replace

function replaceLookup(cx: Cx, smap: Value): (x: Value) => Value {
  if (smap === null) return (x) => x;
  if (smap instanceof PMap) {
    return (x) => {
      const v = smap.get(realizeKey(cx, x), NOT_FOUND);
      return v === NOT_FOUND ? x : v;
    };
  }
  if (smap instanceof PVector) {
    return (x) =>
      typeof x === "number" && Number.isInteger(x) && x >= 0 && x < smap.count ? (smap.arr[x] as Value) : x;
  }
  throw typeError("replace", "a map (or a vector) of replacements", smap);
}

// ---------------------------------------------------------------------------------------
// reduce

function reduce2(cx: Cx, f: Value, c: Value): Value {
  if (c instanceof PVector) {
    if (c.count === 0) return callFn(cx, f, []);
    return reduceItems(cx, fn2(f), c.arr[0] as Value, c.count === 1 ? null : new ArraySeq(c.arr, 1, c.count, null));
  }
  checkColl("reduce", c);
  const s = streamSeq(cx, c);
  if (s === null) return callFn(cx, f, []);
  return reduceItems(cx, fn2(f), s.first(), restOf(s));
}

function reduce3(cx: Cx, f: Value, init: Value, c: Value): Value {
  if (!(c instanceof PVector)) checkColl("reduce", c);
  return reduceItems(cx, fn2(f), init, c);
}

function reductions(cx: Cx, f: Value, init: Value | undefined, c: Value): Value {
  checkColl("reductions", c);
  const step = (c2: Cx, acc: Value, x: Value): Value => call2(c2, f, acc, x);
  if (!isRealized(c)) {
    if (init !== undefined) {
      if (init instanceof Reduced) return PList.from([init.val]);
      return new Cons(init, lazyReductions(c, init, step));
    }
    return new LazySeq((c2) => {
      const s = seq(c2, c);
      if (s === null) return PList.from([callFn(c2, f, [])]);
      return new Cons(s.first(), lazyReductions(restOf(s), s.first(), step));
    });
  }
  const items = asArray(cx, c);
  let acc: Value;
  let i = 0;
  if (init !== undefined) acc = init;
  else if (items.length === 0) return PList.from([callFn(cx, f, [])]);
  else acc = items[i++]!;
  if (acc instanceof Reduced) return PList.from([acc.val]);
  const out: Value[] = [acc];
  const g = fn2(f);
  for (; i < items.length; i++) {
    acc = g(cx, acc, items[i]!);
    if (acc instanceof Reduced) {
      out.push(acc.val);
      break;
    }
    out.push(acc);
  }
  cx.charge(items.length);
  return arraySeq(out);
}

// ---------------------------------------------------------------------------------------
// realizing

/** Walk `n` items of a seq (all of them when n is Infinity), realizing it; size-limited. */
function realizeN(cx: Cx, fnName: string, coll: Value, n: number): void {
  if (!(coll instanceof PVector)) checkColl(fnName, coll);
  if (isRealized(coll)) return;
  let s = seq(cx, coll);
  let k = 0;
  const max = cx.limits.maxCollection;
  while (s !== null && n > 0) {
    if (s instanceof ArraySeq && n === Infinity) {
      k += s.end - s.i;
      cx.charge(s.end - s.i);
      if (k > max) cx.checkSize(k);
      s = s.more === null ? null : seq(cx, s.more);
      continue;
    }
    n--;
    if (++k > max) cx.checkSize(k);
    if (--cx.fuel < 0) cx.refuel();
    s = s.next(cx);
  }
}

/** `(range ...)` elements: integers unless start or step is a float; the first keeps start's type. */
function range(args: Value[]): Value {
  const [a, b, c] = args;
  const start = args.length >= 2 ? toNum("range", a!) : 0;
  const end = args.length === 0 ? Infinity : toNum("range", args.length === 1 ? a! : b!);
  const step = args.length === 3 ? toNum("range", c!) : 1;
  const startInt = args.length < 2 || isInt(a!);
  const stepInt = args.length < 3 || isInt(c!);
  const first = startInt ? start : float(start);
  if (step === 0) {
    // Clojure: a zero step repeats start forever (unless start is end).
    return start === end ? EMPTY_LIST : lazyRepeat(first, Infinity)!;
  }
  if (startInt && stepInt) return makeRange(start, end, step, (n) => n) ?? EMPTY_LIST;
  return floatRange(start, end, step, first) ?? EMPTY_LIST;
}

// ---------------------------------------------------------------------------------------

export const SEQUENCES: BuiltinSpec[] = [
  {
    name: "map",
    arglists: ["[f coll]", "[f c1 c2 & colls]"],
    doc: "A seq of (f item) for each item; with several colls, (f a b ...) until the shortest ends.",
    examples: [
      { code: "(map inc [1 2 3])", result: "(2 3 4)" },
      { code: "(map + [1 2] [10 20 30])", result: "(11 22)" },
      { code: "(map :id [{:id 1} {:id 2}])", result: "(1 2)" },
      { code: "(take 3 (map inc (range)))", result: "(1 2 3)" },
    ],
    f2: (cx, f, c) => {
      if (isRealized(c)) return arraySeq(mapEager(cx, "map", f, c));
      checkColl("map", c);
      return f instanceof PtcFn ? lazyMap(c, (c2, x) => f.call1(c2, x)) : lazyMap(c, (c2, x) => call1(c2, f, x));
    },
    fn: (cx, args) => {
      const r = mapMany(cx, "map", args[0]!, args.slice(1));
      return Array.isArray(r) ? arraySeq(r) : r;
    },
  },
  {
    name: "mapv",
    arglists: ["[f coll]", "[f c1 c2 & colls]"],
    doc: "Like map, but returns a vector.",
    examples: [
      { code: "(mapv inc [1 2])", result: "[2 3]" },
      { code: "(mapv vector [:a :b] [1 2])", result: "[[:a 1] [:b 2]]" },
    ],
    f2: (cx, f, c) => vec(mapEager(cx, "mapv", f, c)),
    fn: (cx, args) => {
      const r = mapMany(cx, "mapv", args[0]!, args.slice(1));
      return vec(Array.isArray(r) ? r : asArray(cx, r).slice());
    },
  },
  {
    name: "map-indexed",
    arglists: ["[f coll]"],
    doc: "A seq of (f index item) for each item, indexes from 0.",
    examples: [{ code: "(map-indexed vector [:a :b])", result: "([0 :a] [1 :b])" }],
    f2: (cx, f, c) => mapIndexed(cx, "map-indexed", f, c, false),
  },
  {
    name: "filter",
    arglists: ["[pred coll]"],
    doc: "A seq of the items for which (pred item) is truthy; pred may be a keyword or a set.",
    examples: [
      { code: "(filter even? [1 2 3 4])", result: "(2 4)" },
      { code: "(filter :ok [{:ok true} {:ok false}])", result: "({:ok true})" },
    ],
    f2: (cx, p, c) => {
      if (isRealized(c)) return arraySeq(filterEager(cx, "filter", p, c, true));
      checkColl("filter", c);
      return lazyFilter(c, (c2, x) => truthy(call1(c2, p, x)));
    },
  },
  {
    name: "filterv",
    arglists: ["[pred coll]"],
    doc: "Like filter, but returns a vector.",
    examples: [{ code: "(filterv :ok [{:ok true} {:ok false}])", result: "[{:ok true}]" }],
    f2: (cx, p, c) => vec(filterEager(cx, "filterv", p, c, true)),
  },
  {
    name: "remove",
    arglists: ["[pred coll]"],
    doc: "A seq of the items for which (pred item) is falsy.",
    examples: [{ code: "(remove nil? [1 nil 2])", result: "(1 2)" }],
    f2: (cx, p, c) => {
      if (isRealized(c)) return arraySeq(filterEager(cx, "remove", p, c, false));
      checkColl("remove", c);
      return lazyFilter(c, (c2, x) => !truthy(call1(c2, p, x)));
    },
  },
  {
    name: "keep",
    arglists: ["[f coll]"],
    doc: "A seq of the non-nil results of (f item) (false is kept).",
    examples: [{ code: "(keep :a [{:a 1} {:b 2} {:a false}])", result: "(1 false)" }],
    f2: (cx, f, c) => {
      if (!isRealized(c)) {
        checkColl("keep", c);
        return lazyKeep(c, (c2, x) => call1(c2, f, x));
      }
      return arraySeq(mapEager(cx, "keep", f, c).filter((x) => x !== null));
    },
  },
  {
    name: "keep-indexed",
    arglists: ["[f coll]"],
    doc: "A seq of the non-nil results of (f index item).",
    examples: [{ code: "(keep-indexed (fn [i x] (when (odd? i) x)) [:a :b :c :d])", result: "(:b :d)" }],
    f2: (cx, f, c) => mapIndexed(cx, "keep-indexed", f, c, true),
  },
  {
    name: "reduce",
    arglists: ["[f coll]", "[f init coll]"],
    doc: "Combine the items with (f acc item), from init (or the first item); stops early at a (reduced x). (reduce + []) is (+).",
    examples: [
      { code: "(reduce + [1 2 3])", result: "6" },
      { code: "(reduce conj [] '(1 2))", result: "[1 2]" },
      { code: "(reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})", result: "3" },
      { code: "(reduce (fn [acc x] (if (> x 2) (reduced acc) (+ acc x))) 0 (range))", result: "3" },
    ],
    f2: reduce2,
    f3: reduce3,
  },
  {
    name: "reduced",
    arglists: ["[x]"],
    doc: "Wrap x so that reduce (and reductions, run!) stops and returns x.",
    examples: [{ code: "(reduce (fn [_ x] (reduced x)) nil [1 2 3])", result: "1" }],
    f1: (_cx, x) => new Reduced(x),
  },
  {
    name: "reduced?",
    arglists: ["[x]"],
    doc: "True if x was made by reduced.",
    examples: [{ code: "(reduced? (reduced 1))", result: "true" }],
    f1: (_cx, x) => x instanceof Reduced,
  },
  {
    name: "unreduced",
    arglists: ["[x]"],
    doc: "The value inside a reduced x; x itself otherwise.",
    examples: [{ code: "(unreduced (reduced 1))", result: "1" }],
    f1: (_cx, x) => (x instanceof Reduced ? x.val : x),
  },
  {
    name: "ensure-reduced",
    arglists: ["[x]"],
    doc: "x if it is reduced, else (reduced x).",
    examples: [{ code: "(unreduced (ensure-reduced 5))", result: "5" }],
    f1: (_cx, x) => (x instanceof Reduced ? x : new Reduced(x)),
  },
  {
    name: "reductions",
    arglists: ["[f coll]", "[f init coll]"],
    doc: "A seq of the intermediate results of (reduce f init coll), init first.",
    examples: [
      { code: "(reductions + [1 2 3])", result: "(1 3 6)" },
      { code: "(reductions conj [] [1 2])", result: "([] [1] [1 2])" },
      { code: "(take 4 (reductions + (range)))", result: "(0 1 3 6)" },
    ],
    f2: (cx, f, c) => reductions(cx, f, undefined, c),
    f3: (cx, f, init, c) => reductions(cx, f, init, c),
  },
  {
    name: "range",
    arglists: ["[]", "[end]", "[start end]", "[start end step]"],
    doc: "A lazy seq of numbers from start (0) up to but not including end (infinite without one), by step (1).",
    examples: [
      { code: "(range 5)", result: "(0 1 2 3 4)" },
      { code: "(range 10 0 -3)", result: "(10 7 4 1)" },
      { code: "(range 0 1 0.25)", result: "(0 0.25 0.5 0.75)" },
      { code: "(take 2 (range))", result: "(0 1)" },
    ],
    fn: (_cx, args) => range(args),
  },
  {
    name: "take",
    arglists: ["[n coll]"],
    doc: "A seq of the first n items (all of them if fewer).",
    examples: [
      { code: "(take 2 [1 2 3])", result: "(1 2)" },
      { code: "(take 3 (iterate inc 0))", result: "(0 1 2)" },
    ],
    f2: (cx, n, c) => takeN(cx, "take", countArg("take", n), c),
  },
  {
    name: "drop",
    arglists: ["[n coll]"],
    doc: "A seq of all but the first n items.",
    examples: [{ code: "(drop 2 [1 2 3])", result: "(3)" }],
    f2: (cx, n, c) => dropN(cx, "drop", countArg("drop", n), c),
  },
  {
    name: "take-while",
    arglists: ["[pred coll]"],
    doc: "A seq of the leading items for which (pred item) is truthy.",
    examples: [{ code: "(take-while neg? [-2 -1 0 -3])", result: "(-2 -1)" }],
    f2: (cx, p, c) => takeWhile(cx, "take-while", p, c),
  },
  {
    name: "drop-while",
    arglists: ["[pred coll]"],
    doc: "A seq of the items from the first one for which (pred item) is falsy.",
    examples: [{ code: "(drop-while neg? [-2 -1 0 -3])", result: "(0 -3)" }],
    f2: (cx, p, c) => dropWhile(cx, "drop-while", p, c),
  },
  {
    name: "concat",
    arglists: ["[& colls]"],
    doc: "A seq of the items of each coll in turn.",
    examples: [{ code: "(concat [1 2] '(3) nil [4])", result: "(1 2 3 4)" }],
    fn: (cx, args) => {
      for (const c of args) checkColl("concat", c);
      if (!args.every(isRealized)) return lazyCat(arraySeq(args.slice()));
      const out: Value[] = [];
      for (const c of args) for (const x of asArray(cx, c)) out.push(x);
      cx.checkSize(out.length);
      cx.charge(out.length);
      return arraySeq(out);
    },
  },
  {
    name: "mapcat",
    arglists: ["[f coll]", "[f c1 c2 & colls]"],
    doc: "The results of (map f coll ...) concatenated: (apply concat (map f colls)).",
    examples: [
      { code: "(mapcat reverse [[1 2] [3 4]])", result: "(2 1 4 3)" },
      { code: "(mapcat (fn [x] [x x]) [1 2])", result: "(1 1 2 2)" },
    ],
    fn: (cx, args) => {
      const f = args[0]!;
      const colls = args.slice(1);
      let parts: Value[] | LazySeq;
      if (colls.length === 1) {
        const c = colls[0]!;
        if (isRealized(c)) parts = mapEager(cx, "mapcat", f, c);
        else {
          checkColl("mapcat", c);
          parts = lazyMap(c, (c2, x) => call1(c2, f, x));
        }
      } else parts = mapMany(cx, "mapcat", f, colls);
      if (!Array.isArray(parts)) return lazyCat(parts, null, "mapcat", "f to return collections");
      for (const p of parts) if (!isSeqable(p)) throw typeError("mapcat", "f to return collections", p);
      if (!parts.every(isRealized)) return lazyCat(arraySeq(parts));
      const out: Value[] = [];
      for (const p of parts) for (const x of asArray(cx, p)) out.push(x);
      cx.checkSize(out.length);
      cx.charge(out.length);
      return arraySeq(out);
    },
  },
  {
    name: "reverse",
    arglists: ["[coll]"],
    doc: "A seq of the items in reverse order.",
    examples: [{ code: "(reverse [1 2 3])", result: "(3 2 1)" }],
    f1: (cx, c) => arraySeq(itemsOf(cx, "reverse", c).slice().reverse()),
  },
  {
    name: "rseq",
    arglists: ["[v]"],
    doc: "The items of a vector in reverse order, or nil when it is empty.",
    examples: [{ code: "(rseq [1 2 3])", result: "(3 2 1)" }],
    f1: (cx, v) => {
      if (!(v instanceof PVector)) throw typeError("rseq", "a vector", v, "for other collections use reverse");
      if (v.count === 0) return null;
      cx.charge(v.count);
      return arraySeq(v.items().slice().reverse());
    },
  },
  {
    name: "distinct",
    arglists: ["[coll]"],
    doc: "A seq of the items without duplicates, first occurrences in order.",
    examples: [{ code: "(distinct [1 2 1 3 2])", result: "(1 2 3)" }],
    f1: (cx, c) => {
      if (!isRealized(c)) {
        checkColl("distinct", c);
        return lazyDistinct(c);
      }
      const seen = new KeyIndex<true>();
      const out: Value[] = [];
      const items = itemsOf(cx, "distinct", c);
      for (const x of items) {
        const before = seen.size;
        seen.entry(realizeKey(cx, x), () => true);
        if (seen.size > before) out.push(x);
      }
      cx.charge(items.length);
      return arraySeq(out);
    },
  },
  {
    name: "dedupe",
    arglists: ["[coll]"],
    doc: "A seq of the items with consecutive duplicates removed.",
    examples: [{ code: "(dedupe [1 1 2 2 2 1])", result: "(1 2 1)" }],
    f1: (cx, c) => {
      if (!isRealized(c)) {
        checkColl("dedupe", c);
        return lazyDedupe(c);
      }
      const items = itemsOf(cx, "dedupe", c);
      const out: Value[] = [];
      for (let i = 0; i < items.length; i++) {
        if (i > 0 && equiv(cx, items[i - 1]!, items[i]!)) continue;
        out.push(items[i]!);
      }
      cx.charge(items.length);
      return arraySeq(out);
    },
  },
  {
    name: "group-by",
    arglists: ["[f coll]"],
    doc: "A map from (f item) to the vector of items with that result, in order.",
    examples: [
      { code: "(group-by odd? [1 2 3])", result: "{true [1 3], false [2]}" },
      {
        code: "(group-by :t [{:t :a :v 1} {:t :b :v 2} {:t :a :v 3}])",
        result: "{:a [{:t :a, :v 1} {:t :a, :v 3}], :b [{:t :b, :v 2}]}",
      },
    ],
    f2: (cx, f, c) => {
      checkColl("group-by", c);
      const groups = new KeyIndex<Value[]>();
      const key = fn1(f);
      const max = cx.limits.maxCollection;
      // A reduction: the input streams through, only the groups are kept (and limited).
      forEachItem(cx, c, (x) => {
        const g = groups.entry(realizeKey(cx, key(cx, x)), newGroup).val;
        if (g.push(x) > max) cx.checkSize(g.length);
        if (groups.size > max) cx.checkSize(groups.size);
        return true;
      });
      return groups.toMap((xs) => new PVector(xs, xs.length));
    },
  },
  {
    name: "frequencies",
    arglists: ["[coll]"],
    doc: "A map from each distinct item to the number of times it occurs.",
    examples: [{ code: '(frequencies ["a" "b" "a"])', result: '{"a" 2, "b" 1}' }],
    f1: (cx, c) => {
      checkColl("frequencies", c);
      const counts = new KeyIndex<number>();
      const max = cx.limits.maxCollection;
      // A reduction: the input streams through, only the distinct items are kept (and limited).
      forEachItem(cx, c, (x) => {
        counts.entry(realizeKey(cx, x), zero).val++;
        if (counts.size > max) cx.checkSize(counts.size);
        return true;
      });
      return counts.toMap((n) => n);
    },
  },
  {
    name: "sort",
    arglists: ["[coll]", "[comp coll]"],
    doc: "A seq of the items in order (by compare, or a comparator returning a number or a boolean; :asc/:desc also work).",
    examples: [
      { code: "(sort [3 1 2])", result: "(1 2 3)" },
      { code: "(sort > [3 1 2])", result: "(3 2 1)" },
      { code: '(sort ["b" "a" "C"])', result: '("C" "a" "b")' },
    ],
    f1: (cx, c) => arraySeq(sortArray(cx, itemsOf(cx, "sort", c).slice(), (a, b) => compareValues(cx, a, b))),
    f2: (cx, cmp, c) => {
      const order = comparator(cx, cmp, "sort");
      return arraySeq(sortArray(cx, itemsOf(cx, "sort", c).slice(), order));
    },
  },
  {
    name: "sort-by",
    arglists: ["[keyfn coll]", "[keyfn comp coll]"],
    doc: "A seq of the items ordered by (keyfn item), optionally with a comparator (or :asc/:desc).",
    examples: [
      { code: "(sort-by :age [{:age 30} {:age 20}])", result: "({:age 20} {:age 30})" },
      { code: "(sort-by count > [[1] [1 2]])", result: "([1 2] [1])" },
    ],
    f2: (cx, kf, c) => sortBy(cx, kf, null, c),
    f3: (cx, kf, cmp, c) => sortBy(cx, kf, cmp, c),
  },
  {
    name: "some",
    arglists: ["[pred coll]"],
    doc: "The first truthy (pred item), or nil.",
    examples: [
      { code: "(some #{3 4} [1 3 5])", result: "3" },
      { code: "(some even? [1 3])", result: "nil" },
    ],
    f2: (cx, p, c) => {
      checkColl("some", c);
      let found: Value = null;
      const pred = fn1(p);
      forEachItem(cx, c, (x) => {
        const r = pred(cx, x);
        if (!truthy(r)) return true;
        found = r;
        return false;
      });
      return found;
    },
  },
  {
    name: "every?",
    arglists: ["[pred coll]"],
    doc: "True if (pred item) is truthy for every item (true for an empty coll).",
    examples: [{ code: "(every? pos? [1 2])", result: "true" }],
    f2: (cx, p, c) => {
      checkColl("every?", c);
      const pred = fn1(p);
      return forEachItem(cx, c, (x) => truthy(pred(cx, x)));
    },
  },
  {
    name: "not-any?",
    arglists: ["[pred coll]"],
    doc: "True if (pred item) is falsy for every item.",
    examples: [{ code: "(not-any? neg? [1 2])", result: "true" }],
    f2: (cx, p, c) => {
      checkColl("not-any?", c);
      const pred = fn1(p);
      return forEachItem(cx, c, (x) => !truthy(pred(cx, x)));
    },
  },
  {
    name: "not-every?",
    arglists: ["[pred coll]"],
    doc: "True if (pred item) is falsy for some item.",
    examples: [{ code: "(not-every? pos? [1 -2])", result: "true" }],
    f2: (cx, p, c) => {
      checkColl("not-every?", c);
      const pred = fn1(p);
      return !forEachItem(cx, c, (x) => truthy(pred(cx, x)));
    },
  },
  {
    name: "partition",
    arglists: ["[n coll]", "[n step coll]", "[n step pad coll]"],
    doc: "A seq of lists of n items each, starting every step (n) items; an incomplete last one is dropped, or filled from pad.",
    examples: [
      { code: "(partition 2 [1 2 3 4 5])", result: "((1 2) (3 4))" },
      { code: "(partition 2 1 [1 2 3])", result: "((1 2) (2 3))" },
      { code: "(partition 3 3 [:x] [1 2 3 4])", result: "((1 2 3) (4 :x))" },
    ],
    fn: (cx, args) => {
      const n = intArg("partition", "size", args[0]!);
      const step = args.length >= 3 ? intArg("partition", "step", args[1]!) : n;
      const pad = args.length === 4 ? args[2]! : undefined;
      return partitionOf(cx, "partition", n, step, pad, false, args[args.length - 1]!);
    },
  },
  {
    name: "partition-all",
    arglists: ["[n coll]", "[n step coll]"],
    doc: "Like partition, but keeps the incomplete partitions at the end.",
    examples: [
      { code: "(partition-all 2 [1 2 3])", result: "((1 2) (3))" },
      { code: "(partition-all 2 1 [1 2 3])", result: "((1 2) (2 3) (3))" },
    ],
    f2: (cx, n, c) => {
      const k = intArg("partition-all", "size", n);
      return partitionOf(cx, "partition-all", k, k, undefined, true, c);
    },
    f3: (cx, n, step, c) =>
      partitionOf(
        cx,
        "partition-all",
        intArg("partition-all", "size", n),
        intArg("partition-all", "step", step),
        undefined,
        true,
        c,
      ),
  },
  {
    name: "partition-by",
    arglists: ["[f coll]"],
    doc: "A seq of lists of consecutive items with equal (f item).",
    examples: [{ code: "(partition-by odd? [1 3 2 4 5])", result: "((1 3) (2 4) (5))" }],
    f2: (cx, f, c) => {
      checkColl("partition-by", c);
      if (!isRealized(c)) return lazyPartitionBy(c, (c2, x) => call1(c2, f, x), arraySeq);
      const items = asArray(cx, c);
      const out: Value[] = [];
      let start = 0;
      let key: Value = null;
      const kf = fn1(f);
      for (let i = 0; i < items.length; i++) {
        const k = kf(cx, items[i]!);
        if (i > 0 && !equiv(cx, key, k)) {
          out.push(arraySeq(items.slice(start, i)));
          start = i;
        }
        key = k;
      }
      if (items.length > 0) out.push(arraySeq(items.slice(start)));
      cx.charge(items.length);
      return arraySeq(out);
    },
  },
  {
    name: "interleave",
    arglists: ["[]", "[c1]", "[c1 c2]", "[c1 c2 & colls]"],
    doc: "A seq of the first item of each coll, then the second of each, ... until the shortest ends.",
    examples: [{ code: "(interleave [:a :b :c] [1 2])", result: "(:a 1 :b 2)" }],
    fn: (cx, colls) => {
      for (const c of colls) checkColl("interleave", c);
      if (colls.length === 0) return EMPTY_LIST;
      if (colls.length === 1) {
        const c = colls[0]!;
        return isRealized(c) ? arraySeq(asArray(cx, c)) : new LazySeq(() => c);
      }
      if (!colls.every(isRealized)) return lazyInterleave(colls);
      const arrays = colls.map((c) => asArray(cx, c));
      let n = Infinity;
      for (const a of arrays) n = Math.min(n, a.length);
      const out: Value[] = [];
      for (let i = 0; i < n; i++) for (const a of arrays) out.push(a[i]!);
      cx.charge(out.length);
      return arraySeq(out);
    },
  },
  {
    name: "interpose",
    arglists: ["[sep coll]"],
    doc: "A seq of the items with sep between each two.",
    examples: [{ code: '(interpose ", " ["a" "b" "c"])', result: '("a" ", " "b" ", " "c")' }],
    f2: (cx, sep, c) => {
      checkColl("interpose", c);
      if (!isRealized(c)) return lazyInterpose(sep, c);
      const items = asArray(cx, c);
      const out: Value[] = [];
      for (let i = 0; i < items.length; i++) {
        if (i > 0) out.push(sep);
        out.push(items[i]!);
      }
      cx.checkSize(out.length);
      cx.charge(out.length);
      return arraySeq(out);
    },
  },
  {
    name: "replace",
    arglists: ["[smap coll]"],
    doc: "The items with those that are keys of smap replaced by their values; a vector for a vector.",
    examples: [
      { code: "(replace {:a 1 :b 2} [:a :c :b])", result: "[1 :c 2]" },
      { code: "(replace [:zero :one] '(1 0 5))", result: "(:one :zero 5)" },
    ],
    f2: (cx, smap, c) => {
      const look = replaceLookup(cx, smap);
      checkColl("replace", c);
      if (!isRealized(c)) return lazyMap(c, (_c, x) => look(x));
      const items = asArray(cx, c);
      const out = new Array<Value>(items.length);
      for (let i = 0; i < items.length; i++) out[i] = look(items[i]!);
      cx.charge(items.length);
      return c instanceof PVector ? vec(out) : arraySeq(out);
    },
  },
  {
    name: "run!",
    arglists: ["[f coll]"],
    doc: "Call (f item) for each item, for its effects; returns nil.",
    examples: [{ code: "(run! println [1 2])", result: "nil" }],
    f2: (cx, f, c) => {
      checkColl("run!", c);
      forEachItem(cx, c, (x) => !(call1(cx, f, x) instanceof Reduced));
      return null;
    },
  },
  {
    name: "doall",
    arglists: ["[coll]", "[n coll]"],
    doc: "Realize a lazy seq (its first n items) and return it.",
    examples: [{ code: "(doall (map inc [1 2]))", result: "(2 3)" }],
    f1: (cx, c) => {
      realizeN(cx, "doall", c, Infinity);
      return c;
    },
    f2: (cx, n, c) => {
      realizeN(cx, "doall", c, countArg("doall", n));
      return c;
    },
  },
  {
    name: "dorun",
    arglists: ["[coll]", "[n coll]"],
    doc: "Realize a lazy seq (its first n items), for its effects; returns nil.",
    examples: [{ code: "(dorun (map inc [1 2]))", result: "nil" }],
    f1: (cx, c) => {
      // Nothing is kept: the items stream through (an endless seq runs into the step limit).
      if (!(c instanceof PVector)) checkColl("dorun", c);
      forEachItem(cx, c, () => true);
      return null;
    },
    f2: (cx, n, c) => {
      realizeN(cx, "dorun", c, countArg("dorun", n));
      return null;
    },
  },
  {
    name: "realized?",
    arglists: ["[x]"],
    doc: "True if the lazy seq x has computed its first item (results of eager calls always have).",
    examples: [
      { code: "(realized? (map inc [1 2]))", result: "true" },
      { code: "(realized? (map inc (range)))", result: "false" },
    ],
    f1: (_cx, x) => {
      if (x instanceof LazySeq) return x.isRealized;
      if ((x instanceof ASeq && !(x instanceof Range)) || x instanceof EmptyList) return true;
      throw typeError("realized?", "a lazy seq", x);
    },
  },
  {
    name: "sequence",
    arglists: ["[coll]"],
    doc: "coll as a seq: itself if it is one, else (seq coll), or () when empty.",
    examples: [
      { code: "(sequence [1 2])", result: "(1 2)" },
      { code: "(sequence nil)", result: "()" },
    ],
    f1: (cx, c) => {
      if (c instanceof ASeq || c instanceof LazySeq || c instanceof EmptyList) return c;
      checkColl("sequence", c);
      return seq(cx, c) ?? EMPTY_LIST;
    },
  },
  {
    name: "apply",
    arglists: ["[f args]", "[f x args]", "[f x y & more]"],
    doc: "Call f with the given arguments followed by the items of the last one.",
    examples: [
      { code: "(apply max 1 [5 3])", result: "5" },
      { code: '(apply str (interpose "-" ["a" "b"]))', result: '"a-b"' },
    ],
    fn: (cx, args) => {
      const f = args[0]!;
      const last = args[args.length - 1]!;
      if (!isSeqable(last)) throw typeError("apply", "a collection as its last argument", last);
      const rest = f instanceof PtcFn ? f.restArity() : null;
      if (rest !== null && (last instanceof ASeq || last instanceof LazySeq))
        return applyLazily(cx, f as PtcFn, rest, args);
      const spread = itemsOf(cx, "apply", last);
      if (args.length === 2) return callFn(cx, f, spread.slice());
      return callFn(cx, f, [...args.slice(1, -1), ...spread]);
    },
  },
  {
    name: "partitionv",
    arglists: ["[n coll]", "[n step coll]", "[n step pad coll]"],
    doc: "Like partition, with vectors for the partitions (Clojure 1.12).",
    examples: [{ code: "(partitionv 2 [1 2 3 4 5])", result: "([1 2] [3 4])" }],
    fn: (cx, args) => {
      const n = intArg("partitionv", "size", args[0]!);
      const step = args.length >= 3 ? intArg("partitionv", "step", args[1]!) : n;
      const pad = args.length === 4 ? args[2]! : undefined;
      return partitionOf(cx, "partitionv", n, step, pad, false, args[args.length - 1]!, (xs) => vec(xs));
    },
  },
  {
    name: "partitionv-all",
    arglists: ["[n coll]", "[n step coll]"],
    doc: "Like partition-all, with vectors for the partitions (Clojure 1.12).",
    examples: [{ code: "(partitionv-all 2 [1 2 3 4 5])", result: "([1 2] [3 4] [5])" }],
    fn: (cx, args) => {
      const n = intArg("partitionv-all", "size", args[0]!);
      const step = args.length === 3 ? intArg("partitionv-all", "step", args[1]!) : n;
      return partitionOf(cx, "partitionv-all", n, step, undefined, true, args[args.length - 1]!, (xs) => vec(xs));
    },
  },
  {
    name: "bounded-count",
    arglists: ["[n coll]"],
    doc: "The count of coll if it is counted (vector, map, set, string), else of its first n items at most, realizing no more.",
    examples: [
      { code: "(bounded-count 5 (range))", result: "5" },
      { code: "(bounded-count 2 [1 2 3])", result: "3" },
    ],
    f2: (cx, nv, c) => {
      const n = intArg("bounded-count", "limit", nv);
      if (c === null) return 0;
      if (c instanceof PVector) return c.count;
      if (c instanceof PMap) return c.count;
      if (c instanceof PSet) return c.count;
      if (typeof c === "string") return c.length;
      if (!isSeqable(c)) throw typeError("bounded-count", "a collection", c);
      if (!(c instanceof ASeq || c instanceof LazySeq || c instanceof EmptyList)) return asArray(cx, c).length;
      let i = 0;
      for (let s = seq(cx, c); s !== null && i < n; s = s.next(cx)) {
        i++;
        if (--cx.fuel < 0) cx.refuel();
      }
      return i;
    },
  },
];

/**
 * `apply` of a function with a rest parameter to a seq, as Clojure's applyTo does: realize
 * the items its fixed parameters bind and one more, and hand the remainder to the rest
 * parameter unrealized, so `(apply f (range))` works when f takes only what it needs.
 */
function applyLazily(cx: Cx, f: PtcFn, fixedCount: number, args: Value[]): Value {
  const bound = args.slice(1, -1);
  let s = seq(cx, args[args.length - 1]!);
  while (bound.length < fixedCount && s !== null) {
    bound.push(s.first());
    s = s.next(cx);
  }
  // Fewer items than the fixed parameters, or exactly as many: an ordinary call picks the arity.
  if (s === null) return callFn(cx, f, bound);
  // Explicit arguments past the fixed parameters go in front of the rest, still lazily.
  let rest: Value = s;
  for (let i = bound.length - 1; i >= fixedCount; i--) rest = new Cons(bound[i]!, rest);
  return f.invokeRest(cx, bound.slice(0, fixedCount), rest);
}
