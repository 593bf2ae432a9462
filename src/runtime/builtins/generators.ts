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
import { PMap } from "../map.js";
import { Keyword, PtcFloat, truthy, type Value } from "../values.js";
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

interface IterationOptions {
  readonly somef: Value | null;
  readonly vf: Value | null;
  readonly kf: Value | null;
  readonly initk: Value;
}

/** `:somef f :vf g ...` keyword arguments, with a trailing map as Clojure 1.11 allows. */
function iterationOptions(kvs: readonly Value[]): IterationOptions {
  const opts = new Map<string, Value>();
  let n = kvs.length;
  const last = kvs[n - 1];
  if (n % 2 === 1 && last instanceof PMap) {
    last.forEach((k, v) => void (k instanceof Keyword && opts.set(k.name, v)));
    n--;
  } else if (n % 2 === 1) {
    throw typeError("iteration", "keyword options in pairs (:initk k :vf f ...)", last ?? null);
  }
  for (let i = 0; i < n; i += 2) {
    const k = kvs[i]!;
    if (!(k instanceof Keyword)) throw typeError("iteration", "an option keyword (:somef :vf :kf :initk)", k);
    if (!opts.has(k.name)) opts.set(k.name, kvs[i + 1]!);
  }
  return {
    somef: opts.get("somef") ?? null,
    vf: opts.get("vf") ?? null,
    kf: opts.get("kf") ?? null,
    initk: opts.get("initk") ?? null,
  };
}

/** Clojure 1.11's iteration as a lazy seq: nothing runs until the first item is needed. */
function iteration(step: Value, o: IterationOptions, k: Value = o.initk): LazySeq {
  return new LazySeq((cx) => {
    if (--cx.fuel < 0) cx.refuel();
    const ret = call1(cx, step, k);
    if (o.somef === null ? ret === null : !truthy(call1(cx, o.somef, ret))) return null;
    const v = o.vf === null ? ret : call1(cx, o.vf, ret);
    const next = o.kf === null ? ret : call1(cx, o.kf, ret);
    return new Cons(v, next === null ? null : iteration(step, o, next));
  });
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
  {
    name: "iteration",
    arglists: ["[step & {:keys [somef vf kf initk]}]"],
    doc: "A lazy seq from repeated (step k) calls, e.g. paging through a tool: starts with (step initk), goes on while (somef ret) (default some?), yields (vf ret) (default identity) and continues with k = (kf ret) (default identity) until it is nil.",
    examples: [
      {
        code: "(vec (iteration (fn [k] (when (< k 3) {:v (* k 10) :next (inc k)})) :initk 0 :vf :v :kf :next))",
        result: "[0 10 20]",
      },
    ],
    fn: (_cx, args) => iteration(args[0]!, iterationOptions(args.slice(1))),
  },
];
