/**
 * Sequence functions. Realized inputs are processed eagerly (results are realized seqs
 * that print as lists, as Clojure's lazy results do); lazy inputs give lazy results.
 */
import type { Cx } from "../context.js";
import { call1, call2, callFn } from "../call.js";
import { compareValues } from "../compare.js";
import { realizeKey } from "../equality.js";
import { runtimeError, typeError } from "../errors.js";
import {
  lazyConcat,
  lazyDrop,
  lazyDropWhile,
  lazyFilter,
  lazyMap,
  lazyMapN,
  lazyTake,
  lazyTakeWhile,
} from "../lazy.js";
import { float, truthy, type Value } from "../values.js";
import { arraySeq, asArray, each, EMPTY_LIST, isRealized, makeRange } from "../seq.js";
import { KeyIndex } from "../key-index.js";
import { PVector, vec } from "../vector.js";
import { toNum } from "../numbers.js";
import type { BuiltinSpec } from "./registry.js";

function mapEager(cx: Cx, f: Value, coll: Value): Value[] {
  const items = asArray(cx, coll);
  const out = new Array<Value>(items.length);
  for (let i = 0; i < items.length; i++) out[i] = call1(cx, f, items[i]!);
  cx.charge(items.length);
  return out;
}

function mapMany(cx: Cx, f: Value, colls: readonly Value[]): Value {
  if (colls.every(isRealized)) {
    const arrays = colls.map((c) => asArray(cx, c));
    const n = Math.min(...arrays.map((a) => a.length));
    const out = new Array<Value>(n);
    for (let i = 0; i < n; i++)
      out[i] = callFn(
        cx,
        f,
        arrays.map((a) => a[i]!),
      );
    cx.charge(n);
    return arraySeq(out);
  }
  return lazyMapN(colls, (c, xs) => callFn(c, f, xs));
}

function filterEager(cx: Cx, pred: Value, coll: Value, keep: boolean): Value[] {
  const items = asArray(cx, coll);
  const out: Value[] = [];
  for (const x of items) if (truthy(call1(cx, pred, x)) === keep) out.push(x);
  cx.charge(items.length);
  return out;
}

function intArg(fn: string, v: Value): number {
  if (typeof v === "number" && (Number.isInteger(v) || !Number.isFinite(v))) return v;
  throw typeError(fn, "an integer count", v);
}

/** A comparator value as a JS comparison: a function returning a number or a boolean. */
export function comparator(cx: Cx, f: Value): (a: Value, b: Value) => number {
  return (a, b) => {
    const r = call2(cx, f, a, b);
    if (typeof r === "boolean") return r ? -1 : truthy(call2(cx, f, b, a)) ? 1 : 0;
    if (typeof r === "number") return r;
    throw typeError("a sort comparator", "a number or a boolean result", r);
  };
}

function sortArray(cx: Cx, items: Value[], cmp: (a: Value, b: Value) => number): Value[] {
  cx.charge(items.length * Math.max(1, Math.ceil(Math.log2(items.length + 1))));
  // Array.prototype.sort is stable, as Clojure's sort is.
  return items.sort(cmp);
}

export const SEQUENCES: BuiltinSpec[] = [
  {
    name: "map",
    arglists: ["[f coll]", "[f c1 c2 & colls]"],
    doc: "A seq of (f item) for each item; with several colls, (f a b ...) until the shortest ends.",
    examples: [
      { code: "(map inc [1 2 3])", result: "(2 3 4)" },
      { code: "(map + [1 2] [10 20 30])", result: "(11 22)" },
      { code: "(take 3 (map inc (range)))", result: "(1 2 3)" },
    ],
    f2: (cx, f, c) => (isRealized(c) ? arraySeq(mapEager(cx, f, c)) : lazyMap(c, (c2, x) => call1(c2, f, x))),
    fn: (cx, args) => mapMany(cx, args[0]!, args.slice(1)),
  },
  {
    name: "mapv",
    arglists: ["[f coll]", "[f c1 c2 & colls]"],
    doc: "Like map, but returns a vector.",
    examples: [{ code: "(mapv inc [1 2])", result: "[2 3]" }],
    f2: (cx, f, c) => vec(mapEager(cx, f, c)),
    fn: (cx, args) => vec(asArray(cx, mapMany(cx, args[0]!, args.slice(1))).slice()),
  },
  {
    name: "filter",
    arglists: ["[pred coll]"],
    doc: "A seq of the items for which (pred item) is truthy; pred may be a keyword or a set.",
    examples: [{ code: "(filter even? [1 2 3 4])", result: "(2 4)" }],
    f2: (cx, p, c) =>
      isRealized(c) ? arraySeq(filterEager(cx, p, c, true)) : lazyFilter(c, (c2, x) => truthy(call1(c2, p, x))),
  },
  {
    name: "filterv",
    arglists: ["[pred coll]"],
    doc: "Like filter, but returns a vector.",
    examples: [{ code: "(filterv :ok [{:ok true} {:ok false}])", result: "[{:ok true}]" }],
    f2: (cx, p, c) => vec(filterEager(cx, p, c, true)),
  },
  {
    name: "remove",
    arglists: ["[pred coll]"],
    doc: "A seq of the items for which (pred item) is falsy.",
    examples: [{ code: "(remove nil? [1 nil 2])", result: "(1 2)" }],
    f2: (cx, p, c) =>
      isRealized(c) ? arraySeq(filterEager(cx, p, c, false)) : lazyFilter(c, (c2, x) => !truthy(call1(c2, p, x))),
  },
  {
    name: "keep",
    arglists: ["[f coll]"],
    doc: "A seq of the non-nil results of (f item) (false is kept).",
    examples: [{ code: "(keep :a [{:a 1} {:b 2} {:a false}])", result: "(1 false)" }],
    f2: (cx, f, c) => {
      if (!isRealized(c))
        return lazyFilter(
          lazyMap(c, (c2, x) => call1(c2, f, x)),
          (_c, x) => x !== null,
        );
      return arraySeq(mapEager(cx, f, c).filter((x) => x !== null));
    },
  },
  {
    name: "reduce",
    arglists: ["[f coll]", "[f init coll]"],
    doc: "Combine the items with (f acc item), starting from init (or the first item). (reduce + []) is (+).",
    examples: [
      { code: "(reduce + [1 2 3])", result: "6" },
      { code: "(reduce conj [] '(1 2))", result: "[1 2]" },
    ],
    f2: (cx, f, c) => {
      const items = asArray(cx, c);
      if (items.length === 0) return callFn(cx, f, []);
      let acc: Value = items[0]!;
      for (let i = 1; i < items.length; i++) acc = call2(cx, f, acc, items[i]!);
      cx.charge(items.length);
      return acc;
    },
    f3: (cx, f, init, c) => {
      const items = asArray(cx, c);
      let acc = init;
      for (let i = 0; i < items.length; i++) acc = call2(cx, f, acc, items[i]!);
      cx.charge(items.length);
      return acc;
    },
  },
  {
    name: "range",
    arglists: ["[]", "[end]", "[start end]", "[start end step]"],
    doc: "A lazy seq of numbers from start (0) up to but not including end (infinite without one), by step (1).",
    examples: [
      { code: "(range 5)", result: "(0 1 2 3 4)" },
      { code: "(range 10 0 -3)", result: "(10 7 4 1)" },
      { code: "(take 2 (range))", result: "(0 1)" },
    ],
    fn: (_cx, args) => {
      const [a, b, c] = args;
      const start = args.length >= 2 ? toNum("range", a!) : 0;
      const end = args.length === 0 ? Infinity : toNum("range", args.length === 1 ? a! : b!);
      const step = args.length === 3 ? toNum("range", c!) : 1;
      const allInt = args.every((x) => typeof x === "number" && Number.isInteger(x));
      if (step === 0) {
        // Clojure: a zero step repeats start forever (when start < end).
        return start === end
          ? EMPTY_LIST
          : lazyMap(
              makeRange(0, Infinity, 1, (n) => n),
              () => (allInt ? start : float(start)),
            );
      }
      return makeRange(start, end, step, allInt ? (n) => n : float) ?? EMPTY_LIST;
    },
  },
  {
    name: "take",
    arglists: ["[n coll]"],
    doc: "A seq of the first n items.",
    examples: [{ code: "(take 2 [1 2 3])", result: "(1 2)" }],
    f2: (cx, n, c) => {
      const k = intArg("take", n);
      if (!isRealized(c)) return lazyTake(c, k);
      const items = asArray(cx, c);
      return arraySeq(k >= items.length ? items : items.slice(0, Math.max(0, k)));
    },
  },
  {
    name: "drop",
    arglists: ["[n coll]"],
    doc: "A seq of all but the first n items.",
    examples: [{ code: "(drop 2 [1 2 3])", result: "(3)" }],
    f2: (cx, n, c) => {
      const k = intArg("drop", n);
      if (!isRealized(c)) return lazyDrop(c, k);
      const items = asArray(cx, c);
      return arraySeq(k <= 0 ? items : items.slice(k));
    },
  },
  {
    name: "take-while",
    arglists: ["[pred coll]"],
    doc: "A seq of the leading items for which (pred item) is truthy.",
    examples: [{ code: "(take-while neg? [-2 -1 0 -3])", result: "(-2 -1)" }],
    f2: (cx, p, c) => {
      if (!isRealized(c)) return lazyTakeWhile(c, (c2, x) => truthy(call1(c2, p, x)));
      const items = asArray(cx, c);
      let i = 0;
      while (i < items.length && truthy(call1(cx, p, items[i]!))) i++;
      return arraySeq(items.slice(0, i));
    },
  },
  {
    name: "drop-while",
    arglists: ["[pred coll]"],
    doc: "A seq of the items from the first one for which (pred item) is falsy.",
    examples: [{ code: "(drop-while neg? [-2 -1 0 -3])", result: "(0 -3)" }],
    f2: (cx, p, c) => {
      if (!isRealized(c)) return lazyDropWhile(c, (c2, x) => truthy(call1(c2, p, x)));
      const items = asArray(cx, c);
      let i = 0;
      while (i < items.length && truthy(call1(cx, p, items[i]!))) i++;
      return arraySeq(items.slice(i));
    },
  },
  {
    name: "concat",
    arglists: ["[& colls]"],
    doc: "A seq of the items of each coll in turn.",
    examples: [{ code: "(concat [1 2] '(3) nil [4])", result: "(1 2 3 4)" }],
    fn: (cx, args) => {
      if (!args.every(isRealized)) return lazyConcat(args);
      const out: Value[] = [];
      for (const c of args) for (const x of asArray(cx, c)) out.push(x);
      cx.checkSize(out.length);
      return arraySeq(out);
    },
  },
  {
    name: "mapcat",
    arglists: ["[f coll]"],
    doc: "(apply concat (map f coll)).",
    examples: [{ code: "(mapcat reverse [[1 2] [3 4]])", result: "(2 1 4 3)" }],
    f2: (cx, f, c) => {
      const parts = isRealized(c)
        ? mapEager(cx, f, c)
        : asArray(
            cx,
            lazyMap(c, (c2, x) => call1(c2, f, x)),
          );
      const out: Value[] = [];
      for (const p of parts) for (const x of asArray(cx, p)) out.push(x);
      cx.checkSize(out.length);
      return arraySeq(out);
    },
  },
  {
    name: "reverse",
    arglists: ["[coll]"],
    doc: "A seq of the items in reverse order.",
    examples: [{ code: "(reverse [1 2 3])", result: "(3 2 1)" }],
    f1: (cx, c) => arraySeq(asArray(cx, c).slice().reverse()),
  },
  {
    name: "distinct",
    arglists: ["[coll]"],
    doc: "A seq of the items without duplicates, first occurrences in order.",
    examples: [{ code: "(distinct [1 2 1 3 2])", result: "(1 2 3)" }],
    f1: (cx, c) => {
      const seen = new KeyIndex<true>();
      const out: Value[] = [];
      const items = asArray(cx, c);
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
    name: "group-by",
    arglists: ["[f coll]"],
    doc: "A map from (f item) to the vector of items with that result, in order.",
    examples: [{ code: "(group-by odd? [1 2 3])", result: "{true [1 3], false [2]}" }],
    f2: (cx, f, c) => {
      const groups = new KeyIndex<Value[]>();
      const items = asArray(cx, c);
      for (const x of items) groups.entry(realizeKey(cx, call1(cx, f, x)), () => []).val.push(x);
      cx.charge(items.length);
      return groups.toMap((xs) => new PVector(xs, xs.length));
    },
  },
  {
    name: "frequencies",
    arglists: ["[coll]"],
    doc: "A map from each distinct item to the number of times it occurs.",
    examples: [{ code: '(frequencies ["a" "b" "a"])', result: '{"a" 2, "b" 1}' }],
    f1: (cx, c) => {
      const counts = new KeyIndex<number>();
      const items = asArray(cx, c);
      for (const x of items) counts.entry(realizeKey(cx, x), () => 0).val++;
      cx.charge(items.length);
      return counts.toMap((n) => n);
    },
  },
  {
    name: "sort",
    arglists: ["[coll]", "[comp coll]"],
    doc: "A seq of the items in order (by compare, or a comparator returning a number or a boolean).",
    examples: [
      { code: "(sort [3 1 2])", result: "(1 2 3)" },
      { code: "(sort > [3 1 2])", result: "(3 2 1)" },
    ],
    f1: (cx, c) => arraySeq(sortArray(cx, asArray(cx, c).slice(), (a, b) => compareValues(cx, a, b))),
    f2: (cx, cmp, c) => arraySeq(sortArray(cx, asArray(cx, c).slice(), comparator(cx, cmp))),
  },
  {
    name: "sort-by",
    arglists: ["[keyfn coll]", "[keyfn comp coll]"],
    doc: "A seq of the items ordered by (keyfn item), optionally with a comparator.",
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
    examples: [{ code: "(some #{3 4} [1 3 5])", result: "3" }],
    f2: (cx, p, c) => {
      let found: Value = null;
      each(cx, c, (x) => {
        const r = call1(cx, p, x);
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
      let all = true;
      each(cx, c, (x) => {
        if (truthy(call1(cx, p, x))) return true;
        all = false;
        return false;
      });
      return all;
    },
  },
  {
    name: "apply",
    arglists: ["[f args]", "[f x args]", "[f x y & more]"],
    doc: "Call f with the given arguments followed by the items of the last one.",
    examples: [{ code: "(apply max 1 [5 3])", result: "5" }],
    fn: (cx, args) => {
      if (args.length < 2) throw runtimeError("apply needs a function and a collection of arguments");
      const f = args[0]!;
      const spread = asArray(cx, args[args.length - 1]!);
      return callFn(cx, f, [...args.slice(1, -1), ...spread]);
    },
  },
];

function sortBy(cx: Cx, kf: Value, cmp: Value | null, c: Value): Value {
  const items = asArray(cx, c);
  const keyed = items.map((x) => ({ x, k: call1(cx, kf, x) }));
  const order = cmp === null ? (a: Value, b: Value) => compareValues(cx, a, b) : comparator(cx, cmp);
  cx.charge(items.length * Math.max(1, Math.ceil(Math.log2(items.length + 1))));
  keyed.sort((a, b) => order(a.k, b.k));
  return arraySeq(keyed.map((e) => e.x));
}
