/**
 * Sequence access: compositions of first and next, the last items, slices by count or
 * predicate. Lazy inputs give lazy results where Clojure's are lazy (drop-last,
 * take-nth); butlast, take-last, nthnext and nthrest walk their input as Clojure's do.
 */
import type { Cx } from "../context.js";
import { typeError } from "../errors.js";
import { dropSeq, lazyDrop, lazyMapN, lazyRepeat, lazyTakeNth } from "../lazy.js";
import { arraySeq, asArray, type ASeq, EMPTY_LIST, isRealized, isSeqable, LazySeq, seq } from "../seq.js";
import type { Value } from "../values.js";
import { PVector, vec } from "../vector.js";
import { checkColl, countArg, dropN, dropWhile, intArg, itemsOf, takeN, takeWhile } from "./sequences.js";
import type { BuiltinSpec } from "./registry.js";

/** `(seq x)`, or a type error naming the function. */
function seqOf(cx: Cx, fn: string, v: Value, what = "a collection"): ASeq | null {
  if (!isSeqable(v)) throw typeError(fn, what, v);
  return seq(cx, v);
}

function firstOf(cx: Cx, fn: string, v: Value, what?: string): Value {
  if (v instanceof PVector) return v.count === 0 ? null : (v.arr[0] as Value);
  const s = seqOf(cx, fn, v, what);
  return s === null ? null : s.first();
}

function nextOf(cx: Cx, fn: string, v: Value, what?: string): ASeq | null {
  const s = seqOf(cx, fn, v, what);
  return s === null ? null : s.next(cx);
}

const NESTED = "a collection of collections";

export const SEQ_ACCESS: BuiltinSpec[] = [
  {
    name: "ffirst",
    arglists: ["[x]"],
    doc: "(first (first x)).",
    examples: [{ code: "(ffirst [[1 2] [3]])", result: "1" }],
    f1: (cx, x) => firstOf(cx, "ffirst", firstOf(cx, "ffirst", x), NESTED),
  },
  {
    name: "fnext",
    arglists: ["[x]"],
    doc: "(first (next x)): the second item.",
    examples: [{ code: "(fnext [1 2 3])", result: "2" }],
    f1: (cx, x) => {
      const n = nextOf(cx, "fnext", x);
      return n === null ? null : n.first();
    },
  },
  {
    name: "nfirst",
    arglists: ["[x]"],
    doc: "(next (first x)).",
    examples: [{ code: "(nfirst [[1 2 3] [4]])", result: "(2 3)" }],
    f1: (cx, x) => nextOf(cx, "nfirst", firstOf(cx, "nfirst", x), NESTED),
  },
  {
    name: "nnext",
    arglists: ["[x]"],
    doc: "(next (next x)): everything after the second item, or nil.",
    examples: [{ code: "(nnext [1 2 3])", result: "(3)" }],
    f1: (cx, x) => {
      const n = nextOf(cx, "nnext", x);
      return n === null ? null : n.next(cx);
    },
  },
  {
    name: "butlast",
    arglists: ["[coll]"],
    doc: "A seq of all but the last item, or nil when that is nothing.",
    examples: [
      { code: "(butlast [1 2 3])", result: "(1 2)" },
      { code: "(butlast [1])", result: "nil" },
    ],
    f1: (cx, c) => {
      const items = itemsOf(cx, "butlast", c);
      return items.length <= 1 ? null : arraySeq(items.slice(0, -1));
    },
  },
  {
    name: "nthnext",
    arglists: ["[coll n]"],
    doc: "(next (next ... coll)) n times: the items after the first n, or nil.",
    examples: [
      { code: "(nthnext [1 2 3] 2)", result: "(3)" },
      { code: "(nthnext [1 2] 5)", result: "nil" },
    ],
    f2: (cx, c, n) => {
      checkColl("nthnext", c);
      return dropSeq(cx, c, countArg("nthnext", n));
    },
  },
  {
    name: "nthrest",
    arglists: ["[coll n]"],
    doc: "(rest (rest ... coll)) n times: the items after the first n, () when none are left.",
    examples: [
      { code: "(nthrest [1 2 3] 2)", result: "(3)" },
      { code: "(nthrest [1 2] 5)", result: "()" },
    ],
    f2: (cx, c, n) => {
      checkColl("nthrest", c);
      const k = countArg("nthrest", n);
      if (k <= 0 || c === null) return c;
      return dropSeq(cx, c, k) ?? EMPTY_LIST;
    },
  },
  {
    name: "take-last",
    arglists: ["[n coll]"],
    doc: "A seq of the last n items, or nil when that is nothing.",
    examples: [
      { code: "(take-last 2 [1 2 3])", result: "(2 3)" },
      { code: "(take-last 0 [1 2])", result: "nil" },
    ],
    f2: (cx, n, c) => {
      const k = countArg("take-last", n);
      const items = itemsOf(cx, "take-last", c);
      if (k <= 0 || items.length === 0) return null;
      return arraySeq(k >= items.length ? items : items.slice(items.length - k));
    },
  },
  {
    name: "drop-last",
    arglists: ["[coll]", "[n coll]"],
    doc: "A seq of all but the last n (1) items.",
    examples: [
      { code: "(drop-last [1 2 3])", result: "(1 2)" },
      { code: "(drop-last 2 [1 2 3])", result: "(1)" },
    ],
    f1: (cx, c) => dropLast(cx, 1, c),
    f2: (cx, n, c) => dropLast(cx, countArg("drop-last", n), c),
  },
  {
    name: "take-nth",
    arglists: ["[n coll]"],
    doc: "A seq of every nth item, starting with the first.",
    examples: [{ code: "(take-nth 2 [0 1 2 3 4])", result: "(0 2 4)" }],
    f2: (cx, n, c) => {
      const k = intArg("take-nth", "step", n);
      checkColl("take-nth", c);
      if (k <= 0) {
        // Clojure: the first item, forever.
        return new LazySeq((c2) => {
          const s = seq(c2, c);
          return s === null ? null : lazyRepeat(s.first(), Infinity);
        });
      }
      if (!isRealized(c)) return lazyTakeNth(c, k);
      const items = asArray(cx, c);
      const out: Value[] = [];
      for (let i = 0; i < items.length; i += k) out.push(items[i]!);
      cx.charge(out.length);
      return arraySeq(out);
    },
  },
  {
    name: "split-at",
    arglists: ["[n coll]"],
    doc: "[(take n coll) (drop n coll)].",
    examples: [{ code: "(split-at 2 [1 2 3 4 5])", result: "[(1 2) (3 4 5)]" }],
    f2: (cx, n, c) => {
      const k = countArg("split-at", n);
      return new PVector([takeN(cx, "split-at", k, c), dropN(cx, "split-at", k, c)], 2);
    },
  },
  {
    name: "split-with",
    arglists: ["[pred coll]"],
    doc: "[(take-while pred coll) (drop-while pred coll)].",
    examples: [{ code: "(split-with odd? [1 3 4 5])", result: "[(1 3) (4 5)]" }],
    f2: (cx, p, c) => new PVector([takeWhile(cx, "split-with", p, c), dropWhile(cx, "split-with", p, c)], 2),
  },
  {
    name: "splitv-at",
    arglists: ["[n coll]"],
    doc: "[(vec (take n coll)) (drop n coll)] (Clojure 1.12).",
    examples: [{ code: "(splitv-at 2 [1 2 3 4 5])", result: "[[1 2] (3 4 5)]" }],
    f2: (cx, n, c) => {
      const k = countArg("splitv-at", n);
      return new PVector([vec(asArray(cx, takeN(cx, "splitv-at", k, c)).slice()), dropN(cx, "splitv-at", k, c)], 2);
    },
  },
];

function dropLast(cx: Cx, n: number, c: Value): Value {
  checkColl("drop-last", c);
  if (!isRealized(c)) return lazyMapN([c, n <= 0 ? c : lazyDrop(c, n)], (_cx, xs) => xs[0]!);
  const items = asArray(cx, c);
  return arraySeq(n <= 0 ? items : items.slice(0, Math.max(0, items.length - n)));
}
