/**
 * Sequences: lists, realized seqs over arrays, cons cells, lazy seqs and ranges, and the
 * `seq` protocol every collection function goes through.
 *
 * An `ASeq` is never empty (empty is `null` from `seq`, or the `()` value EMPTY_LIST) and
 * its `first()` needs no context. Moving on (`next(cx)`) may realize lazy parts, which
 * runs program code, so it takes the evaluation context.
 *
 * Laziness follows Clojure's chunked seqs: lazy producers realize up to 32 items at a
 * time into an ArraySeq chunk whose `more` continues the sequence.
 */
import type { Cx } from "./context.js";
import type { PtcError } from "../diagnostics/error.js";
import { internalError, runtimeError, typeError } from "./errors.js";
import { PtcObject, T, Char, char, type Value } from "./values.js";
import { PVector } from "./vector.js";
import { PMap } from "./map.js";
import { PSet } from "./set.js";

export const CHUNK = 32;

export abstract class ASeq extends PtcObject {
  readonly tag = T.SEQ;
  hashCache: number | undefined = undefined;
  abstract first(): Value;
  abstract next(cx: Cx): ASeq | null;
}

/** `()`: the empty list. */
export class EmptyList extends PtcObject {
  readonly tag = T.SEQ;
}
export const EMPTY_LIST = new EmptyList();

/** A persistent singly linked list with O(1) count, as made by `list`, `'(...)` and `conj`. */
export class PList extends ASeq {
  constructor(
    private readonly head: Value,
    readonly tail: PList | null,
    readonly count: number,
  ) {
    super();
  }
  first(): Value {
    return this.head;
  }
  next(): ASeq | null {
    return this.tail;
  }
  static from(items: readonly Value[]): PList | EmptyList {
    let l: PList | null = null;
    for (let i = items.length - 1; i >= 0; i--) l = new PList(items[i] as Value, l, (l?.count ?? 0) + 1);
    return l ?? EMPTY_LIST;
  }
  cons(x: Value): PList {
    return new PList(x, this, this.count + 1);
  }
}

/** `(cons x coll)`: an item in front of any seqable. */
export class Cons extends ASeq {
  constructor(
    private readonly head: Value,
    readonly more: Value,
  ) {
    super();
  }
  first(): Value {
    return this.head;
  }
  next(cx: Cx): ASeq | null {
    return seq(cx, this.more);
  }
}

/**
 * Items `arr[i..end)` followed by `more` (any seqable, or null). The array is shared and
 * never mutated. Used for realized results (`map` over a vector) and lazy chunks.
 */
export class ArraySeq extends ASeq {
  constructor(
    readonly arr: readonly Value[],
    readonly i: number,
    readonly end: number,
    readonly more: Value,
  ) {
    super();
  }
  first(): Value {
    return this.arr[this.i] as Value;
  }
  next(cx: Cx): ASeq | null {
    if (this.i + 1 < this.end) return new ArraySeq(this.arr, this.i + 1, this.end, this.more);
    return this.more === null ? null : seq(cx, this.more);
  }
}

/** A realized seq over `items` (taken over, not copied); `()` when empty. */
export function arraySeq(items: readonly Value[]): ArraySeq | EmptyList {
  return items.length === 0 ? EMPTY_LIST : new ArraySeq(items, 0, items.length, null);
}

/**
 * A lazy seq: `thunk` runs once, on first need, and returns any seqable (or nil).
 * A thunk that throws (a limit, or a tool call being awaited) is kept and retried on
 * the next realization, so lazy seqs survive an evaluation being replayed.
 */
export class LazySeq extends PtcObject {
  readonly tag = T.SEQ;
  hashCache: number | undefined = undefined;
  private thunk: ((cx: Cx) => Value) | null;
  /** What the thunk returned, until it is turned into a seq. */
  private sv: Value = null;
  private done = false;
  /** True while its thunk runs (or the seqs it returned are unwrapped). */
  private busy = false;
  private s: ASeq | null = null;
  constructor(thunk: (cx: Cx) => Value) {
    super();
    this.thunk = thunk;
  }
  get isRealized(): boolean {
    return this.done;
  }
  /** Run the thunk if it has not run yet; return its value (or the seq once done). */
  private sval(cx: Cx): Value {
    if (this.thunk !== null) {
      // Its thunk is running: asked again for it, it could only start over, forever.
      if (this.busy) throw selfReferenceError();
      this.busy = true;
      try {
        this.sv = this.thunk(cx);
      } finally {
        this.busy = false;
      }
      this.thunk = null;
    }
    return this.done ? this.s : this.sv;
  }
  seq(cx: Cx): ASeq | null {
    if (!this.done) {
      // A thunk that needs the items of the seq it is computing (`(def xs (lazy-seq (map
      // inc xs)))`) can never have them: Clojure overflows the stack; reading the seq as
      // empty would be a silent wrong value.
      if (this.busy) throw selfReferenceError();
      this.unwrap(cx);
    }
    return this.s;
  }
  private unwrap(cx: Cx): void {
    {
      // Lazy seqs returning lazy seqs are unwrapped in a loop, each realizing its own
      // step, so long chains do not grow the stack and no thunk ever runs twice.
      const first = this.sval(cx);
      this.busy = true;
      // While it unwraps, this seq reads as empty, as Clojure's LazySeq does: a chain that
      // leads back to it (`(def xs (lazy-seq xs))`) ends there with nil. A chain looping
      // among other seqs runs into the step limit.
      this.sv = null;
      let v = first;
      try {
        while (v instanceof LazySeq) {
          v = v.sval(cx);
          if (--cx.fuel < 0) cx.refuel();
        }
        this.s = seq(cx, v);
      } catch (e) {
        // Interrupted (a limit, an awaited tool): the next realization starts over.
        this.sv = first;
        throw e;
      } finally {
        this.busy = false;
      }
      this.done = true;
    }
  }
  /**
   * Set on a lazy seq nothing else can reach: a builtin's result handed straight to a
   * reduction that streams it (`(frequencies (map f xs))`; the analyzer marks such calls).
   * The reduction walks it with `seqOnce`, so that the items it has passed are not kept.
   */
  fresh = false;
  /**
   * The seq of a `fresh` lazy seq without keeping it: its thunk runs and what it returns is
   * not stored, so its realized chunks are garbage once walked past. Only for the one
   * walk of a value nothing else can see; any other lazy seq is realized as usual.
   */
  seqOnce(cx: Cx): ASeq | null {
    const thunk = this.thunk;
    if (!this.fresh || this.done || thunk === null || this.busy) return this.seq(cx);
    this.fresh = false;
    this.busy = true;
    let v: Value;
    try {
      v = thunk(cx);
    } finally {
      this.busy = false;
    }
    return seq(cx, v);
  }
  /** The realized seq of an already realized lazy seq (for context-free walks). */
  realizedSeq(): ASeq | null {
    if (!this.done) throw internalError("lazy sequence used before it was realized");
    return this.s;
  }
}

function selfReferenceError(): PtcError {
  return runtimeError(
    "a lazy sequence needs its own items to compute them (it refers to itself, as in (def xs (lazy-seq (map inc xs))))",
    "start it with items of its own, as in (def xs (lazy-seq (cons 1 (map inc xs))))",
  );
}

/**
 * `(range start end step)`; `end` may be ±Infinity for `(range)`. Elements are made by
 * repeated addition, as Clojure does (so float steps accumulate rounding the same way).
 */
export class Range extends ASeq {
  constructor(
    readonly start: number,
    readonly end: number,
    readonly step: number,
    /** Make each element a value: identity for integers, float boxing for floats. */
    readonly box: (n: number) => Value,
  ) {
    super();
  }
  first(): Value {
    return this.box(this.start);
  }
  next(): ASeq | null {
    return makeRange(this.start + this.step, this.end, this.step, this.box);
  }
  get count(): number {
    if (!Number.isFinite(this.end)) return Infinity;
    if (Number.isInteger(this.start) && Number.isInteger(this.step))
      return Math.max(0, Math.ceil((this.end - this.start) / this.step));
    // Float steps accumulate rounding, as the elements do: count by stepping.
    let n = 0;
    for (let x = this.start; this.step > 0 ? x < this.end : x > this.end; x += this.step) n++;
    return n;
  }
}

/** A range, or null when empty. */
export function makeRange(start: number, end: number, step: number, box: (n: number) => Value): Range | null {
  if (step > 0 ? start >= end : step < 0 ? start <= end : false) return null;
  return new Range(start, end, step, box);
}

// ---------------------------------------------------------------------------------------
// The seq protocol

/** Mark a builtin's result that only a streaming reduction will see (see LazySeq.fresh). */
export function markFresh(v: Value): Value {
  // `iterate`, `re-seq`, `cons` give their first items at once, then a lazy tail.
  const lazy = v instanceof Cons || v instanceof ArraySeq ? v.more : v;
  if (lazy instanceof LazySeq && !lazy.isRealized) lazy.fresh = true;
  return v;
}

/** Whether a walk from `v` keeps nothing new (`v` or its lazy tail is `fresh`). */
export function isFresh(v: Value): boolean {
  const lazy = v instanceof Cons || v instanceof ArraySeq ? v.more : v;
  return lazy instanceof LazySeq && lazy.fresh;
}

/** The rest of a seq in a reduction's one walk (a `fresh` tail is not kept). */
export function streamNext(cx: Cx, s: ASeq): ASeq | null {
  return s instanceof Cons ? streamSeq(cx, s.more) : s.next(cx);
}

/** `seq` for a reduction's one walk: a `fresh` lazy seq is walked without being kept. */
export function streamSeq(cx: Cx, v: Value): ASeq | null {
  return v instanceof LazySeq ? v.seqOnce(cx) : seq(cx, v);
}

/** Clojure's `seq`: null for empty, else a non-empty ASeq. Throws a type error for non-seqables. */
export function seq(cx: Cx, v: Value): ASeq | null {
  if (v === null) return null;
  if (v instanceof ASeq) return v;
  // The seq hands the vector's array on (to chunks, to asArray): the vector stops growing it.
  if (v instanceof PVector) return v.count === 0 ? null : new ArraySeq(v.shared(), 0, v.count, null);
  if (v instanceof LazySeq) return v.seq(cx);
  if (v instanceof EmptyList) return null;
  if (typeof v === "string") {
    if (v.length === 0) return null;
    // A string longer than a collection may be is walked lazily, a chunk at a time, as
    // Clojure's StringSeq is: `(first s)` works, realizing all of it runs into the limit.
    if (v.length > cx.limits.maxCollection) return stringSeqFrom(v, 0);
    return new ArraySeq(stringChars(cx, v), 0, v.length, null);
  }
  if (v instanceof PMap) return v.count === 0 ? null : new ArraySeq(v.entryArray(), 0, v.count, null);
  if (v instanceof PSet) return v.count === 0 ? null : new ArraySeq(v.itemArray(), 0, v.count, null);
  throw typeError("seq", "a collection", v);
}

function stringSeqFrom(s: string, from: number): ASeq {
  const end = Math.min(s.length, from + CHUNK);
  const out = new Array<Char>(end - from);
  for (let i = from; i < end; i++) out[i - from] = char(s[i]!);
  return new ArraySeq(out, 0, out.length, end < s.length ? new LazySeq(() => stringSeqFrom(s, end)) : null);
}

/** A string's characters as an array: a collection like any other, within the size limit. */
export function stringChars(cx: Cx, s: string): Char[] {
  if (s.length > cx.limits.maxCollection) cx.checkSize(s.length);
  cx.charge(s.length >>> 2);
  const out = new Array<Char>(s.length);
  for (let i = 0; i < s.length; i++) out[i] = char(s[i]!);
  return out;
}

/** Is this value something `seq` accepts? */
export function isSeqable(v: Value): boolean {
  return (
    v === null ||
    typeof v === "string" ||
    v instanceof ASeq ||
    v instanceof PVector ||
    v instanceof LazySeq ||
    v instanceof EmptyList ||
    v instanceof PMap ||
    v instanceof PSet
  );
}

/** Sequential values: vectors, lists and every kind of seq. */
export function isSequential(v: Value): boolean {
  return v instanceof PVector || v instanceof ASeq || v instanceof LazySeq || v instanceof EmptyList;
}

/**
 * True when every item is already in memory, so realizing costs no program code: a
 * lazy seq counts once it and every chunk after it have been realized (walking one step
 * per chunk).
 */
export function isRealized(v: Value): boolean {
  for (;;) {
    if (v instanceof LazySeq) {
      if (!v.isRealized) return false;
      v = v.realizedSeq();
    } else if (v instanceof ArraySeq) {
      if (v.more === null) return true;
      v = v.more;
    } else if (v instanceof ASeq) return v instanceof PList;
    else return true;
  }
}

/**
 * All items of a seqable as an array the caller must not mutate. Vectors hand out their
 * own array; other values are realized, charging one step per item and respecting the
 * collection size limit (so an infinite seq stops with a limit error).
 */
export function asArray(cx: Cx, v: Value): readonly Value[] {
  if (v instanceof PVector) return v.items();
  if (v === null || v instanceof EmptyList) return EMPTY_ARRAY;
  if (typeof v === "string") return stringChars(cx, v);
  if (v instanceof PMap) return v.entryArray();
  if (v instanceof PSet) return v.itemArray();
  if (v instanceof ArraySeq && v.more === null) {
    return v.i === 0 && v.end === v.arr.length ? v.arr : v.arr.slice(v.i, v.end);
  }
  return realizeToArray(cx, v);
}

/** Like asArray, but always a fresh array the caller owns. */
export function toArray(cx: Cx, v: Value): Value[] {
  if (v instanceof PVector) return v.toArray();
  const a = asArray(cx, v);
  return a === EMPTY_ARRAY ? [] : a.slice();
}

const EMPTY_ARRAY: readonly Value[] = Object.freeze([]);

function realizeToArray(cx: Cx, v: Value): Value[] {
  const out: Value[] = [];
  let s = seq(cx, v);
  const max = cx.limits.maxCollection;
  while (s !== null) {
    if (s instanceof ArraySeq) {
      for (let i = s.i; i < s.end; i++) out.push(s.arr[i] as Value);
      cx.charge(s.end - s.i);
      if (out.length > max) cx.checkSize(out.length);
      s = s.more === null ? null : seq(cx, s.more);
      continue;
    }
    if (s instanceof PList) {
      for (let l: PList | null = s; l !== null; l = l.tail) out.push(l.first());
      cx.charge(s.count);
      if (out.length > max) cx.checkSize(out.length);
      break;
    }
    if (s instanceof Range) {
      // Step by arithmetic, in chunks, instead of a Range object per item.
      const { end, step, box } = s;
      let x = s.start;
      while (step > 0 ? x < end : x > end) {
        out.push(box(x));
        x += step;
        if ((out.length & 1023) === 0) {
          cx.charge(1024);
          if (out.length > max) cx.checkSize(out.length);
        }
      }
      cx.charge(out.length & 1023);
      if (out.length > max) cx.checkSize(out.length);
      break;
    }
    out.push(s.first());
    if (out.length > max) cx.checkSize(out.length);
    if (--cx.fuel < 0) cx.refuel();
    s = s.next(cx);
  }
  return out;
}

/**
 * Items of an already realized sequential value, without a context (for printing and
 * converting final results). Throws an internal error on anything still lazy.
 */
export function realizedArray(v: Value): Value[] {
  const out: Value[] = [];
  let s: Value = v;
  for (;;) {
    if (s === null || s instanceof EmptyList) return out;
    if (s instanceof PVector) {
      for (let i = 0; i < s.count; i++) out.push(s.arr[i] as Value);
      return out;
    }
    if (s instanceof LazySeq) {
      s = s.realizedSeq();
      continue;
    }
    if (s instanceof ArraySeq) {
      for (let i = s.i; i < s.end; i++) out.push(s.arr[i] as Value);
      s = s.more;
      continue;
    }
    if (s instanceof PList) {
      for (let l: PList | null = s; l !== null; l = l.tail) out.push(l.first());
      return out;
    }
    if (s instanceof Range && Number.isFinite(s.count)) {
      for (let r: Range | null = s; r !== null; r = r.next() as Range | null) out.push(r.first());
      return out;
    }
    throw internalError("a sequence was used before it was realized");
  }
}

/** Number of items (realizes lazy seqs; strings count UTF-16 units as Clojure does). */
export function count(cx: Cx, v: Value): number {
  if (v === null) return 0;
  if (v instanceof PVector) return v.count;
  if (typeof v === "string") return v.length;
  if (v instanceof PMap || v instanceof PSet || v instanceof PList) return v.count;
  if (v instanceof EmptyList) return 0;
  if (v instanceof Range) {
    const n = v.count;
    if (n === Infinity) cx.checkSize(n);
    return n;
  }
  if (v instanceof ArraySeq && v.more === null) return v.end - v.i;
  if (v instanceof ASeq || v instanceof LazySeq) return countSeq(cx, v);
  throw typeError("count", "a collection", v);
}

/**
 * Count a seq by walking it, chunk by chunk, without keeping its items: no size limit
 * (nothing is kept), an endless seq runs into the step limit.
 */
function countSeq(cx: Cx, v: Value): number {
  let n = 0;
  // A lazy seq the program holds keeps what is counted: the size limit applies (a `fresh`
  // one keeps nothing, see LazySeq.fresh).
  const max = isFresh(v) ? Infinity : cx.limits.maxCollection;
  let s = streamSeq(cx, v);
  while (s !== null) {
    if (s instanceof ArraySeq) {
      n += s.end - s.i;
      cx.charge(s.end - s.i);
      s = s.more === null ? null : streamSeq(cx, s.more);
    } else if (s instanceof PList) {
      n += s.count;
      break;
    } else {
      n++;
      if (--cx.fuel < 0) cx.refuel();
      s = streamNext(cx, s);
    }
    if (n > max) cx.checkSize(n);
  }
  return n;
}

/** First item of a seqable (nil when empty). */
export function first(cx: Cx, v: Value): Value {
  if (v instanceof PVector) return v.count === 0 ? null : (v.arr[0] as Value);
  const s = seq(cx, v);
  return s === null ? null : s.first();
}

/** Clojure's `rest`: never nil, `()` when nothing is left. */
export function rest(cx: Cx, v: Value): Value {
  const s = seq(cx, v);
  if (s === null) return EMPTY_LIST;
  return s.next(cx) ?? EMPTY_LIST;
}

/** Clojure's `next`: nil when nothing is left. */
export function next(cx: Cx, v: Value): ASeq | null {
  const s = seq(cx, v);
  return s === null ? null : s.next(cx);
}

/**
 * Walk every item, realizing as needed; `f` returns false to stop early. Charges one
 * step per item and enforces the collection size limit on the walk.
 */
export function each(cx: Cx, v: Value, f: (x: Value) => boolean | void): void {
  if (v instanceof PVector) {
    const a = v.arr;
    for (let i = 0; i < v.count; i++) if (f(a[i] as Value) === false) return;
    cx.charge(v.count);
    return;
  }
  let s = seq(cx, v);
  let n = 0;
  const max = cx.limits.maxCollection;
  while (s !== null) {
    if (s instanceof ArraySeq) {
      for (let i = s.i; i < s.end; i++) if (f(s.arr[i] as Value) === false) return;
      n += s.end - s.i;
      cx.charge(s.end - s.i);
      if (n > max) cx.checkSize(n);
      s = s.more === null ? null : seq(cx, s.more);
      continue;
    }
    if (f(s.first()) === false) return;
    if (++n > max) cx.checkSize(n);
    if (--cx.fuel < 0) cx.refuel();
    s = s.next(cx);
  }
}
