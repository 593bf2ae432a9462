/**
 * Lazy generators: iterate, repeat, repeatedly, cycle. They are infinite where Clojure's
 * are; realizing all of an infinite one runs into the collection size limit.
 *
 * `iterate` and `repeatedly` run program code, so they produce one item at a time, as
 * Clojure's do (no chunking: `(take 3 (repeatedly f))` calls f three times). `repeat` and
 * `cycle` run none, and hand out chunks that share one array.
 */
import type { Cx } from "../context.js";
import { callFn, call1 } from "../call.js";
import { lazyCycle, lazyRepeat, repeatArray } from "../lazy.js";
import { ArraySeq, asArray, CHUNK, Cons, EMPTY_LIST, isRealized, LazySeq, seq } from "../seq.js";
import { PtcFloat, type Value } from "../values.js";
import { checkColl, countArg } from "./sequences.js";
import type { BuiltinSpec } from "./registry.js";
import { typeError } from "../errors.js";

/** `(iterate f x)`: x, (f x), (f (f x)), ... each computed when first needed. */
function iterate(f: Value, x: Value): Cons {
  return new Cons(
    x,
    new LazySeq((cx) => {
      if (--cx.fuel < 0) cx.refuel();
      return iterate(f, call1(cx, f, x));
    }),
  );
}

/** `(repeatedly n f)`: n results of (f), each computed when first needed. */
function repeatedly(f: Value, n: number): LazySeq {
  return new LazySeq((cx) => {
    if (n <= 0) return null;
    if (--cx.fuel < 0) cx.refuel();
    return new Cons(callFn(cx, f, []), repeatedly(f, n - 1));
  });
}

/** A repeat count as Clojure's repeat takes it: a long (a float is truncated). */
function repeatCount(v: Value): number {
  const n = typeof v === "number" ? v : v instanceof PtcFloat ? v.value : NaN;
  if (Number.isNaN(n)) throw typeError("repeat", "a number (how many times)", v);
  return Number.isFinite(n) ? Math.trunc(n) : n;
}

function cycle(cx: Cx, c: Value): Value {
  checkColl("cycle", c);
  if (!isRealized(c)) {
    return new LazySeq((c2) => {
      const s = seq(c2, c);
      return s === null ? null : lazyCycle(s);
    });
  }
  const items = asArray(cx, c);
  if (items.length === 0) return EMPTY_LIST;
  const arr: Value[] = [];
  while (arr.length < CHUNK) for (const x of items) arr.push(x);
  return new ArraySeq(arr, 0, arr.length, repeatArray(arr, Infinity));
}

export const GENERATORS: BuiltinSpec[] = [
  {
    name: "iterate",
    arglists: ["[f x]"],
    doc: "The infinite lazy seq x, (f x), (f (f x)), ...",
    examples: [
      { code: "(take 4 (iterate inc 0))", result: "(0 1 2 3)" },
      { code: "(take 3 (iterate #(* 2 %) 1))", result: "(1 2 4)" },
    ],
    f2: (_cx, f, x) => iterate(f, x),
  },
  {
    name: "repeat",
    arglists: ["[x]", "[n x]"],
    doc: "A lazy seq of x, n times (forever without n).",
    examples: [
      { code: "(repeat 3 :a)", result: "(:a :a :a)" },
      { code: "(take 2 (repeat 0))", result: "(0 0)" },
    ],
    f1: (_cx, x) => lazyRepeat(x, Infinity)!,
    f2: (_cx, n, x) => lazyRepeat(x, repeatCount(n)) ?? EMPTY_LIST,
  },
  {
    name: "repeatedly",
    arglists: ["[f]", "[n f]"],
    doc: "A lazy seq of the results of calling the no-argument f, n times (forever without n).",
    examples: [{ code: "(repeatedly 2 (fn [] :x))", result: "(:x :x)" }],
    f1: (_cx, f) => repeatedly(f, Infinity),
    f2: (_cx, n, f) => repeatedly(f, countArg("repeatedly", n)),
  },
  {
    name: "cycle",
    arglists: ["[coll]"],
    doc: "The infinite lazy seq of the items of coll over and over (() for an empty coll).",
    examples: [{ code: "(take 5 (cycle [1 2]))", result: "(1 2 1 2 1)" }],
    f1: (cx, c) => cycle(cx, c),
  },
];
