/**
 * Function combinators: comp, partial, juxt, complement, constantly, fnil, every-pred,
 * some-fn, memoize, trampoline, and PTC-Lisp's all-of / any-of / none-of.
 *
 * Their arguments may be anything callable (functions, keywords, maps, sets, vectors),
 * checked when the combinator is made so the error names it. The functions they return
 * are NativeFns that print as `#fn[comp [& args]]`; the common arities avoid argument
 * arrays.
 */
import { call1, call2, callFn, isCallable } from "../call.js";
import type { Cx } from "../context.js";
import { realizeKey } from "../equality.js";
import { arityError, typeError } from "../errors.js";
import { MapBuilder, NOT_FOUND } from "../map.js";
import { NativeFn, nativeFn } from "../native-fn.js";
import { Keyword, PtcFloat, PtcFn, truthy, type Value } from "../values.js";
import { vec } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

const ANY = ["[& args]"];

function callable(fn: string, f: Value, what = "a function"): Value {
  if (!isCallable(f))
    throw typeError(
      fn,
      what,
      f,
      "functions, keywords, maps, sets and vectors can be called; wrap other values in (fn [x] ...)",
    );
  return f;
}

function callables(fn: string, fs: readonly Value[]): Value[] {
  for (const f of fs) callable(fn, f, "functions");
  return fs.slice();
}

// ---------------------------------------------------------------------------------------
// comp

/** `(comp f g)`: the common two-function case, without argument arrays. */
class Comp2 extends NativeFn {
  constructor(
    private readonly f: Value,
    private readonly g: Value,
  ) {
    super("comp", (cx, args) => call1(cx, f, callFn(cx, g, args)), ANY);
  }
  override call1(cx: Cx, a: Value): Value {
    return call1(cx, this.f, call1(cx, this.g, a));
  }
  override call2(cx: Cx, a: Value, b: Value): Value {
    return call1(cx, this.f, call2(cx, this.g, a, b));
  }
}

class CompN extends NativeFn {
  constructor(private readonly fs: readonly Value[]) {
    super(
      "comp",
      (cx, args) => {
        let r = callFn(cx, fs[fs.length - 1]!, args);
        for (let i = fs.length - 2; i >= 0; i--) r = call1(cx, fs[i]!, r);
        return r;
      },
      ANY,
    );
  }
  override call1(cx: Cx, a: Value): Value {
    const fs = this.fs;
    let r = a;
    for (let i = fs.length - 1; i >= 0; i--) r = call1(cx, fs[i]!, r);
    return r;
  }
}

const IDENTITY = nativeFn(
  "identity",
  (_cx, args) => {
    if (args.length !== 1) throw arityError("identity", args.length, "1");
    return args[0]!;
  },
  ["[x]"],
);

function comp(fs: readonly Value[]): Value {
  if (fs.length === 0) return IDENTITY;
  callables("comp", fs);
  if (fs.length === 1) return fs[0]!;
  if (fs.length === 2) return new Comp2(fs[0]!, fs[1]!);
  return new CompN(fs.slice());
}

// ---------------------------------------------------------------------------------------
// partial

class Partial1 extends NativeFn {
  constructor(
    private readonly f: Value,
    private readonly a: Value,
  ) {
    super("partial", (cx, args) => callFn(cx, f, [a, ...args]), ANY);
  }
  override call1(cx: Cx, x: Value): Value {
    return call2(cx, this.f, this.a, x);
  }
}

function partial(f: Value, bound: readonly Value[]): Value {
  callable("partial", f);
  if (bound.length === 0) return f;
  if (bound.length === 1) return new Partial1(f, bound[0]!);
  const fixed = bound.slice();
  return nativeFn("partial", (cx, args) => callFn(cx, f, args.length === 0 ? fixed : fixed.concat(args)), ANY);
}

// ---------------------------------------------------------------------------------------
// complement, constantly, juxt

class Complement extends NativeFn {
  constructor(private readonly f: Value) {
    super("complement", (cx, args) => !truthy(callFn(cx, f, args)), ANY);
  }
  override call1(cx: Cx, a: Value): Value {
    return !truthy(call1(cx, this.f, a));
  }
  override call2(cx: Cx, a: Value, b: Value): Value {
    return !truthy(call2(cx, this.f, a, b));
  }
}

class Constantly extends NativeFn {
  constructor(private readonly x: Value) {
    super("constantly", () => x, ANY);
  }
  override call1(): Value {
    return this.x;
  }
  override call2(): Value {
    return this.x;
  }
}

class Juxt extends NativeFn {
  constructor(private readonly fs: readonly Value[]) {
    super(
      "juxt",
      (cx, args) => {
        const out = new Array<Value>(fs.length);
        for (let i = 0; i < fs.length; i++) out[i] = callFn(cx, fs[i]!, args);
        return vec(out);
      },
      ANY,
    );
  }
  override call1(cx: Cx, a: Value): Value {
    const fs = this.fs;
    const out = new Array<Value>(fs.length);
    for (let i = 0; i < fs.length; i++) out[i] = call1(cx, fs[i]!, a);
    return vec(out);
  }
}

// ---------------------------------------------------------------------------------------
// fnil

function fnil(f: Value, defaults: readonly Value[]): Value {
  callable("fnil", f);
  const d = defaults.slice();
  // Clojure's fnil with one default accepts 1+ arguments; with two or three, 2+.
  const min = d.length === 1 ? 1 : 2;
  return nativeFn(
    "fnil",
    (cx, args) => {
      if (args.length < min) throw arityError("the function fnil made", args.length, `at least ${min}`);
      const patched = args.slice();
      for (let i = 0; i < d.length && i < patched.length; i++) if (patched[i] === null) patched[i] = d[i]!;
      return callFn(cx, f, patched);
    },
    min === 1 ? ["[x & args]"] : ["[x y & args]"],
  );
}

// ---------------------------------------------------------------------------------------
// every-pred and some-fn, evaluating (pred, arg) pairs in Clojure's order

/**
 * The order JVM Clojure's every-pred/some-fn test pairs in, given `np` predicates: for
 * the first three arguments, predicate by predicate (one or two predicates, or four and
 * more) or argument by argument (exactly three); for the arguments after the third,
 * argument by argument for up to three predicates, predicate by predicate for more.
 * (ClojureScript's some-fn goes predicate by predicate for three as well.) `visit`
 * returns true to stop.
 */
function scan(cx: Cx, ps: readonly Value[], args: readonly Value[], visit: (v: Value) => boolean): boolean {
  const np = ps.length;
  const head = Math.min(args.length, 3);
  const byPred = (from: number, to: number): boolean => {
    for (let p = 0; p < np; p++) for (let a = from; a < to; a++) if (visit(call1(cx, ps[p]!, args[a]!))) return true;
    return false;
  };
  const byArg = (from: number, to: number): boolean => {
    for (let a = from; a < to; a++) for (let p = 0; p < np; p++) if (visit(call1(cx, ps[p]!, args[a]!))) return true;
    return false;
  };
  if (np === 3 ? byArg(0, head) : byPred(0, head)) return true;
  if (args.length > 3) return np <= 3 ? byArg(3, args.length) : byPred(3, args.length);
  return false;
}

function everyPred(ps: readonly Value[]): Value {
  const preds = callables("every-pred", ps);
  return nativeFn(
    "every-pred",
    (cx, args) => {
      if (preds.length === 1 && args.length === 1) return truthy(call1(cx, preds[0]!, args[0]!));
      return !scan(cx, preds, args, (v) => !truthy(v));
    },
    ANY,
  );
}

function someFn(ps: readonly Value[]): Value {
  const preds = callables("some-fn", ps);
  return nativeFn(
    "some-fn",
    (cx, args) => {
      if (args.length === 0) return null;
      let last: Value = null;
      const found = scan(cx, preds, args, (v) => {
        last = v;
        return truthy(v);
      });
      if (found) return last;
      // Clojure's falsy result: the last value its `or` saw, or nil where it ends in `some`.
      return args.length <= 3 && preds.length <= 3 ? last : null;
    },
    ANY,
  );
}

// ---------------------------------------------------------------------------------------
// memoize

/** Entries a memoized function keeps; past this it still works, just without caching more. */
const MEMO_MAX = 100_000;

class Memo {
  private readonly nums = new Map<number, Value>();
  private readonly strs = new Map<string, Value>();
  private readonly kws = new Map<string, Value>();
  private readonly other = new MapBuilder();
  private size = 0;

  get(key: Value): Value {
    if (typeof key === "number") return key === key ? (this.nums.get(key) ?? NOT_FOUND) : NOT_FOUND;
    if (typeof key === "string") return this.strs.get(key) ?? NOT_FOUND;
    if (key instanceof Keyword) return this.kws.get(key.fqn) ?? NOT_FOUND;
    return this.other.get(key, NOT_FOUND);
  }

  set(key: Value, v: Value): void {
    if (this.size >= MEMO_MAX) return;
    this.size++;
    if (typeof key === "number") {
      if (key === key) this.nums.set(key, v);
    } else if (typeof key === "string") this.strs.set(key, v);
    else if (key instanceof Keyword) this.kws.set(key.fqn, v);
    else this.other.assoc(key, v);
  }
}

function memoize(f: Value): Value {
  callable("memoize", f);
  // One cache per argument count, so (f [1 2]) and (f 1 2) never collide.
  const caches: Memo[] = [];
  return nativeFn(
    "memoize",
    (cx, args) => {
      const n = args.length;
      const cache = (caches[n] ??= new Memo());
      let key: Value;
      if (n === 1) {
        key = realizeKey(cx, args[0]!);
        // An integral float and an integer are different keys, as (= 1 1.0) is false.
        if (key instanceof PtcFloat) key = vec([key]);
      } else key = realizeKey(cx, vec(args.slice()));
      const hit = cache.get(key);
      if (hit !== NOT_FOUND) return hit;
      const v = callFn(cx, f, args);
      cache.set(key, v);
      return v;
    },
    ANY,
  );
}

// ---------------------------------------------------------------------------------------
// all-of / any-of / none-of (PTC-Lisp)

function combine(name: string, ps: readonly Value[], mode: "all" | "any" | "none"): Value {
  const preds = callables(name, ps);
  return nativeFn(
    name,
    (cx, args) => {
      if (args.length !== 1) throw arityError(`the predicate ${name} made`, args.length, "1");
      const x = args[0]!;
      for (const p of preds) {
        const t = truthy(call1(cx, p, x));
        if (mode === "all" ? !t : t) return mode !== "all" ? mode === "any" : false;
      }
      return mode !== "any";
    },
    ["[x]"],
  );
}

export const FUNCTIONS: BuiltinSpec[] = [
  {
    name: "comp",
    arglists: ["[]", "[f]", "[f g]", "[f g & fs]"],
    doc: "The composition of the functions: ((comp f g) x) is (f (g x)); the rightmost takes any arguments. (comp) is identity.",
    examples: [
      { code: "((comp inc inc) 1)", result: "3" },
      { code: "((comp str :name) {:name :ann})", result: '":ann"' },
      { code: "(map (comp - :n) [{:n 1} {:n 2}])", result: "(-1 -2)" },
    ],
    fn: (_cx, args) => comp(args),
  },
  {
    name: "partial",
    arglists: ["[f]", "[f & args]"],
    doc: "A function that calls f with args followed by its own arguments.",
    examples: [
      { code: "((partial + 10) 1 2)", result: "13" },
      { code: "(map (partial * 2) [1 2 3])", result: "(2 4 6)" },
    ],
    f1: (_cx, f) => partial(f, []),
    fn: (_cx, args) => partial(args[0]!, args.slice(1)),
  },
  {
    name: "juxt",
    arglists: ["[f]", "[f & fs]"],
    doc: "A function returning the vector of each function applied to its arguments: ((juxt a b) x) is [(a x) (b x)].",
    examples: [
      { code: "((juxt :a :b) {:a 1 :b 2})", result: "[1 2]" },
      { code: "((juxt first count) [5 6 7])", result: "[5 3]" },
    ],
    fn: (_cx, args) => new Juxt(callables("juxt", args)),
  },
  {
    name: "complement",
    arglists: ["[f]"],
    doc: "A function returning the opposite truth value of f: ((complement f) x) is (not (f x)).",
    examples: [{ code: "(filter (complement even?) [1 2 3])", result: "(1 3)" }],
    f1: (_cx, f) => new Complement(callable("complement", f)),
  },
  {
    name: "constantly",
    arglists: ["[x]"],
    doc: "A function that takes any arguments and returns x.",
    examples: [{ code: "(map (constantly 0) [:a :b])", result: "(0 0)" }],
    f1: (_cx, x) => new Constantly(x),
  },
  {
    name: "fnil",
    arglists: ["[f x]", "[f x y]", "[f x y z]"],
    doc: "A function like f that replaces a nil first (second, third) argument with x (y, z).",
    examples: [
      { code: "((fnil inc 0) nil)", result: "1" },
      { code: "(update {} :n (fnil inc 0))", result: "{:n 1}" },
      { code: "((fnil + 1 2) nil nil)", result: "3" },
    ],
    f2: (_cx, f, x) => fnil(f, [x]),
    f3: (_cx, f, x, y) => fnil(f, [x, y]),
    fn: (_cx, args) => fnil(args[0]!, args.slice(1)),
  },
  {
    name: "every-pred",
    arglists: ["[p]", "[p & ps]"],
    doc: "A predicate that is true when every p is truthy for every argument.",
    examples: [
      { code: "((every-pred pos? even?) 2 4)", result: "true" },
      { code: "(filter (every-pred pos? odd?) [-1 1 2 3])", result: "(1 3)" },
    ],
    fn: (_cx, args) => everyPred(args),
  },
  {
    name: "some-fn",
    arglists: ["[p]", "[p & ps]"],
    doc: "A function returning the first truthy value of any p on any argument, else a falsy value.",
    examples: [
      { code: "((some-fn :a :b) {:b 2})", result: "2" },
      { code: "((some-fn even? neg?) 1)", result: "false" },
    ],
    fn: (_cx, args) => someFn(args),
  },
  {
    name: "memoize",
    arglists: ["[f]"],
    doc: "A version of f that remembers its result for each list of arguments (f must be free of side effects).",
    examples: [
      {
        code: "(def fib (memoize (fn [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))) (fib 60)",
        result: "1548008755920",
      },
    ],
    f1: (_cx, f) => memoize(f),
  },
  {
    name: "trampoline",
    arglists: ["[f]", "[f & args]"],
    doc: "Call f with args; while the result is a function, call it with no arguments; return the first non-function result.",
    examples: [
      {
        code: "(defn run [n] (if (zero? n) :done #(run (dec n)))) (trampoline run 10000)",
        result: ":done",
      },
    ],
    fn: (cx, args) => {
      let r = callFn(cx, args[0]!, args.slice(1));
      while (r instanceof PtcFn) {
        if (--cx.fuel < 0) cx.refuel();
        r = r.invoke(cx, []);
      }
      return r;
    },
  },
  {
    name: "all-of",
    ns: "ptc",
    arglists: ["[& preds]"],
    doc: "A one-argument predicate: true when every pred is truthy for it ((all-of) is always true).",
    examples: [{ code: "(filter (all-of pos? even?) [-2 1 2 4])", result: "(2 4)" }],
    fn: (_cx, args) => combine("all-of", args, "all"),
  },
  {
    name: "any-of",
    ns: "ptc",
    arglists: ["[& preds]"],
    doc: "A one-argument predicate: true when some pred is truthy for it ((any-of) is always false).",
    examples: [{ code: "((any-of :admin :owner) {:owner true})", result: "true" }],
    fn: (_cx, args) => combine("any-of", args, "any"),
  },
  {
    name: "none-of",
    ns: "ptc",
    arglists: ["[& preds]"],
    doc: "A one-argument predicate: true when no pred is truthy for it ((none-of) is always true).",
    examples: [{ code: "(filter (none-of neg? zero?) [-1 0 1])", result: "(1)" }],
    fn: (_cx, args) => combine("none-of", args, "none"),
  },
  {
    name: "comparator",
    arglists: ["[pred]"],
    doc: "A comparator (-1, 0 or 1) from a two-argument predicate: -1 when (pred x y), 1 when (pred y x), else 0.",
    examples: [{ code: "(sort (comparator >) [1 3 2])", result: "(3 2 1)" }],
    f1: (_cx, pred) => {
      callable("comparator", pred);
      return nativeFn(
        "comparator",
        (cx, args) => {
          if (args.length !== 2) throw arityError("the function comparator made", args.length, "2");
          const [x, y] = args as [Value, Value];
          if (truthy(call2(cx, pred, x, y))) return -1;
          return truthy(call2(cx, pred, y, x)) ? 1 : 0;
        },
        ["[x y]"],
      );
    },
  },
];
