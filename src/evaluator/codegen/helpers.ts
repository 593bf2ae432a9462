/**
 * What generated code calls besides the builtins: one fixed table, the same for every
 * program, handed to each factory as `H`. Each helper does exactly what the closure
 * compiler's code for the same node does (src/evaluator/compile.ts, destructure.ts), so
 * that the two tiers agree on values, errors and positions.
 */
import { PtcError } from "../../diagnostics/error.js";
import type { Span } from "../../diagnostics/span.js";
import { get } from "../../runtime/builtins/collections.js";
import { callFn, keywordGet } from "../../runtime/call.js";
import { depthError, type Cx } from "../../runtime/context.js";
import { typeError } from "../../runtime/errors.js";
import { ArrayMap, MapBuilder, NOT_FOUND, type PMap } from "../../runtime/map.js";
import { ArraySeq, ASeq, EmptyList, LazySeq, markFresh, seq, stringChars } from "../../runtime/seq.js";
import { SetBuilder } from "../../runtime/set.js";
import { PtcFn, type Value } from "../../runtime/values.js";
import { PVector } from "../../runtime/vector.js";
import { pairsToMap } from "../destructure.js";
import { keyAt, locate, refuelAt, seqAt } from "../locate.js";
import { duplicateItemError, duplicateKeyError, failError, noCaseError, unboundError } from "../form-errors.js";
import { ReturnSignal, YIELD } from "../signals.js";
import { forSeq } from "./for-runtime.js";
import { GenFn, template } from "./gen-fn.js";

/** The captured values of a closure that captures nothing (never written). */
const NO_CAPTURES: Value[] = Object.freeze([]) as unknown as Value[];

export const HELPERS = {
  NF: NOT_FOUND,
  markFresh,
  NO_CAPTURES,
  YIELD,
  PtcFn,
  PVector,
  ArraySeq,
  ArrayMap,
  GenFn,
  ReturnSignal,
  template,
  locate,
  refuelAt,
  forSeq,
  callFn,
  kw: keywordGet,
  get,
  keyAt,
  seqAt,
  seq,

  depthError(cx: Cx): PtcError {
    return depthError(cx.limits.maxDepth);
  },

  /** A var that was declared but never given a value. */
  unbound: unboundError,

  /** Clojure's `mod` of two integers, the divisor not zero. */
  imod(x: number, y: number): number {
    const m = x % y;
    return (m !== 0 && m < 0 !== y < 0 ? m + y : m) + 0;
  },

  vec(items: Value[]): PVector {
    return new PVector(items, items.length);
  },

  lazySeq(thunk: PtcFn): LazySeq {
    return new LazySeq((c) => thunk.invoke(c, []));
  },

  fail: failError,
  noCase: noCaseError,

  /** A map literal from keys and values in the order written, computed keys included. */
  map(kvs: Value[], span: Span): PMap {
    const b = new MapBuilder();
    for (let i = 0; i < kvs.length; i += 2) b.assoc(kvs[i]!, kvs[i + 1]!);
    if (b.count !== kvs.length >> 1) throw duplicateKeyError(span);
    return b.build();
  },

  set(items: Value[], span: Span): Value {
    const b = new SetBuilder();
    for (const it of items) b.add(it);
    if (b.count !== items.length) throw duplicateItemError(span);
    return b.build();
  },

  /** The seq a sequential pattern walks, for anything but a vector (as destructure.ts). */
  seqOf(cx: Cx, v: Value): ASeq | null {
    if (v === null) return null;
    if (typeof v === "string") return v.length === 0 ? null : new ArraySeq(stringChars(cx, v), 0, v.length, null);
    if (v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList) return seq(cx, v);
    throw typeError(
      "sequential destructuring",
      "a vector, list, seq, string or nil",
      v,
      "use {:keys [...]} to destructure a map",
    );
  },

  /** What a map pattern reads: keyword arguments (a seq of pairs) become a map. */
  mapArg(cx: Cx, v: Value): Value {
    return v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList ? pairsToMap(cx, v) : v;
  },
};

export type Helpers = typeof HELPERS;
