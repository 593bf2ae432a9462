/**
 * Lazy sequence operations for lazy inputs (ranges, `iterate`, `for`, lazy seqs).
 * Realized inputs (vectors, lists, maps, sets, strings) are processed eagerly by the
 * builtins instead, which gives errors the position of the call that caused them.
 *
 * Lazy results are produced a chunk at a time, as Clojure's are: a chunked source
 * (a range, a vector's seq, the result of `map`/`for`...) gives up to 32 items per
 * step, an unchunked one (`iterate`, `repeatedly`, `cons`, `lazy-seq`) one item per
 * step, so program code runs no further ahead than it does in Clojure.
 *
 * Every thunk here is idempotent: state is passed on as immutable values, never mutated,
 * so a realization interrupted by a limit or an awaited tool call can be run again.
 */
import type { Cx } from "./context.js";
import { equiv, realizeKey } from "./equality.js";
import { typeError } from "./errors.js";
import {
  ArraySeq,
  ASeq,
  CHUNK,
  Cons,
  EmptyList,
  isSeqable,
  LazySeq,
  makeRange,
  PList,
  Range,
  seq,
  isFresh,
  streamNext,
  streamSeq,
} from "./seq.js";
import { EMPTY_SET, type PSet } from "./set.js";
import { float, PtcObject, T, type Value } from "./values.js";
import { PVector } from "./vector.js";

// ---------------------------------------------------------------------------------------
// reduced

/** `(reduced x)`: a box that tells `reduce` (and friends) to stop with `x`. */
export class Reduced extends PtcObject {
  readonly tag = T.MARKER;
  constructor(readonly val: Value) {
    super();
  }
}

// ---------------------------------------------------------------------------------------
// Chunks

/** A run of items `arr[i..end)` of a seq, followed by `rest` (any seqable, or null). */
export interface Chunk {
  readonly arr: readonly Value[];
  readonly i: number;
  readonly end: number;
  readonly rest: Value;
}

/**
 * The next chunk of a non-empty seq, without realizing anything past it: up to 32 items
 * of a chunked or already realized seq, one item of an unchunked one. Charges the items.
 */
export function chunkOf(cx: Cx, s: ASeq): Chunk {
  if (s instanceof ArraySeq) {
    const end = Math.min(s.end, s.i + CHUNK);
    cx.charge(end - s.i);
    return { arr: s.arr, i: s.i, end, rest: end < s.end ? new ArraySeq(s.arr, end, s.end, s.more) : s.more };
  }
  if (s instanceof Range) {
    const items: Value[] = [];
    let n = s.start;
    const { end, step, box } = s;
    while (items.length < CHUNK && (step > 0 ? n < end : n > end)) {
      items.push(box(n));
      n += step;
    }
    cx.charge(items.length);
    return { arr: items, i: 0, end: items.length, rest: makeRange(n, end, step, box) };
  }
  if (s instanceof PList) {
    const items: Value[] = [];
    let l: PList | null = s;
    while (l !== null && items.length < CHUNK) {
      items.push(l.first());
      l = l.tail;
    }
    cx.charge(items.length);
    return { arr: items, i: 0, end: items.length, rest: l };
  }
  if (--cx.fuel < 0) cx.refuel();
  if (s instanceof Cons) return { arr: [s.first()], i: 0, end: 1, rest: s.more };
  return { arr: [s.first()], i: 0, end: 1, rest: new LazySeq((c) => s.next(c)) };
}

/** What follows the first item of a seq, without realizing it (Clojure's `rest`, as a seqable). */
export function restOf(s: ASeq): Value {
  if (s instanceof ArraySeq) return s.i + 1 < s.end ? new ArraySeq(s.arr, s.i + 1, s.end, s.more) : s.more;
  if (s instanceof Cons) return s.more;
  if (s instanceof PList) return s.tail;
  if (s instanceof Range) return s.next();
  return new LazySeq((c) => s.next(c));
}

/** A chunk seq: the items `out`, then `more`; `more` itself when there are no items. */
function emit(out: Value[], more: Value): Value {
  return out.length === 0 ? more : new ArraySeq(out, 0, out.length, more);
}

/**
 * The seq after dropping `n` items (realizing them); null when nothing is left. Vector
 * chunks are skipped at once and integer ranges jumped over.
 */
export function dropSeq(cx: Cx, coll: Value, n: number): ASeq | null {
  let s = seq(cx, coll);
  while (n > 0 && s !== null) {
    if (s instanceof ArraySeq) {
      const k = Math.min(n, s.end - s.i);
      n -= k;
      cx.charge(k);
      s = s.i + k < s.end ? new ArraySeq(s.arr, s.i + k, s.end, s.more) : s.more === null ? null : seq(cx, s.more);
      continue;
    }
    if (s instanceof Range && Number.isInteger(s.start) && Number.isInteger(s.step) && n < Number.MAX_SAFE_INTEGER) {
      const k = Math.min(n, s.count);
      cx.charge(Math.ceil(k / CHUNK));
      s = makeRange(s.start + k * s.step, s.end, s.step, s.box);
      n -= k;
      continue;
    }
    if (--cx.fuel < 0) cx.refuel();
    s = s.next(cx);
    n--;
  }
  return s;
}

/** The items of a range as an array (size-limited), without stepping through Range objects. */
export function rangeArray(cx: Cx, r: Range): Value[] {
  const out: Value[] = [];
  const { end, step, box } = r;
  const max = cx.limits.maxCollection;
  if (r.count > max) cx.checkSize(r.count);
  for (let n = r.start; step > 0 ? n < end : n > end; n += step) {
    out.push(box(n));
    if (out.length > max) cx.checkSize(out.length);
  }
  cx.charge(out.length);
  return out;
}

/**
 * The first `n` items of a seqable as an array, realizing no item past them (a walk, not
 * a chunk: used where Clojure's code does `(doall (take n s))`).
 */
export function takeItems(cx: Cx, coll: Value, n: number): Value[] {
  const out: Value[] = [];
  if (n <= 0) return out;
  let s = seq(cx, coll);
  while (s !== null) {
    if (s instanceof ArraySeq) {
      const end = Math.min(s.end, s.i + (n - out.length));
      for (let i = s.i; i < end; i++) out.push(s.arr[i] as Value);
      cx.charge(end - s.i);
      if (out.length >= n) break;
      s = s.more === null ? null : seq(cx, s.more);
      continue;
    }
    out.push(s.first());
    if (--cx.fuel < 0) cx.refuel();
    if (out.length >= n) break;
    s = s.next(cx);
  }
  if (out.length > cx.limits.maxCollection) cx.checkSize(out.length);
  return out;
}

/**
 * The most items a walk of `coll` may realize: a lazy seq the program holds keeps what is
 * realized of it (the collection size limit applies, as it bounds memory); a `fresh` one
 * (see LazySeq.fresh), a range, a string or a collection keeps nothing new (no limit: an
 * endless walk runs into the step limit).
 */
export function walkLimit(cx: Cx, coll: Value): number {
  if (isFresh(coll)) return Infinity;
  return coll instanceof LazySeq || (coll instanceof ASeq && !(coll instanceof Range))
    ? cx.limits.maxCollection
    : Infinity;
}

/**
 * Call `f` on every item (realizing lazy parts) until it returns false. Charges a step
 * per item; the size limit applies only to what the walk makes the program keep
 * (`walkLimit`). Integer ranges are walked without allocating.
 */
export function forEachItem(cx: Cx, coll: Value, f: (x: Value) => boolean): boolean {
  if (coll instanceof PVector) {
    const a = coll.arr;
    const n = coll.count;
    for (let i = 0; i < n; i++) {
      if (!f(a[i] as Value)) return false;
      if (--cx.fuel < 0) cx.refuel();
    }
    return true;
  }
  const max = walkLimit(cx, coll);
  let seen = 0;
  let s = streamSeq(cx, coll);
  while (s !== null) {
    if (s instanceof ArraySeq) {
      const a = s.arr;
      for (let i = s.i; i < s.end; i++) {
        if (!f(a[i] as Value)) return false;
        if (--cx.fuel < 0) cx.refuel();
      }
      seen += s.end - s.i;
      if (seen > max) cx.checkSize(seen);
      s = s.more === null ? null : streamSeq(cx, s.more);
      continue;
    }
    if (s instanceof Range) {
      const { end, step, box } = s;
      for (let n = s.start; step > 0 ? n < end : n > end; n += step) {
        if (!f(box(n))) return false;
        if (--cx.fuel < 0) cx.refuel();
      }
      return true;
    }
    if (!f(s.first())) return false;
    if (--cx.fuel < 0) cx.refuel();
    if (++seen > max) cx.checkSize(seen);
    s = streamNext(cx, s);
  }
  return true;
}

/**
 * Reduce the items of `coll` into `acc` with `f`, stopping at a `reduced` result (which
 * is returned unwrapped). The walk of `forEachItem`, inlined for the hottest loop.
 */
export function reduceItems(cx: Cx, f: (cx: Cx, acc: Value, x: Value) => Value, acc: Value, coll: Value): Value {
  if (coll instanceof PVector) {
    const a = coll.arr;
    const n = coll.count;
    for (let i = 0; i < n; i++) {
      acc = f(cx, acc, a[i] as Value);
      if (acc instanceof Reduced) return acc.val;
      if (--cx.fuel < 0) cx.refuel();
    }
    return acc;
  }
  let s = streamSeq(cx, coll);
  while (s !== null) {
    if (s instanceof ArraySeq) {
      const a = s.arr;
      for (let i = s.i; i < s.end; i++) {
        acc = f(cx, acc, a[i] as Value);
        if (acc instanceof Reduced) return acc.val;
        if (--cx.fuel < 0) cx.refuel();
      }
      s = s.more === null ? null : streamSeq(cx, s.more);
      continue;
    }
    if (s instanceof Range) {
      const { end, step, box } = s;
      for (let n = s.start; step > 0 ? n < end : n > end; n += step) {
        acc = f(cx, acc, box(n));
        if (acc instanceof Reduced) return acc.val;
        if (--cx.fuel < 0) cx.refuel();
      }
      return acc;
    }
    acc = f(cx, acc, s.first());
    if (acc instanceof Reduced) return acc.val;
    if (--cx.fuel < 0) cx.refuel();
    s = streamNext(cx, s);
  }
  return acc;
}

// ---------------------------------------------------------------------------------------
// Transformations

/** `(map f coll)` over a lazy coll. */
export function lazyMap(coll: Value, f: (cx: Cx, x: Value) => Value): LazySeq {
  return new LazySeq((cx) => {
    const s = seq(cx, coll);
    if (s === null) return null;
    if (s instanceof Cons) {
      if (--cx.fuel < 0) cx.refuel();
      return new Cons(f(cx, s.first()), lazyMap(s.more, f));
    }
    const { arr, i, end, rest } = chunkOf(cx, s);
    const out = new Array<Value>(end - i);
    for (let k = i; k < end; k++) out[k - i] = f(cx, arr[k] as Value);
    return new ArraySeq(out, 0, out.length, rest === null ? null : lazyMap(rest, f));
  });
}

/**
 * `(map-indexed f coll)` / `(keep-indexed f coll)` over a lazy coll: `f` gets the index
 * and the item; with `keep`, nil results are left out.
 */
export function lazyMapIndexed(
  coll: Value,
  f: (cx: Cx, i: number, x: Value) => Value,
  keep: boolean,
  start = 0,
): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    let idx = start;
    while (s !== null) {
      const { arr, i, end, rest } = chunkOf(cx, s);
      const out: Value[] = [];
      for (let k = i; k < end; k++) {
        const r = f(cx, idx++, arr[k] as Value);
        if (!keep || r !== null) out.push(r);
      }
      if (out.length > 0) return emit(out, rest === null ? null : lazyMapIndexed(rest, f, keep, idx));
      s = rest === null ? null : seq(cx, rest);
    }
    return null;
  });
}

/** `(map f c1 c2 ...)` over several colls, at least one lazy; stops at the shortest. */
export function lazyMapN(colls: readonly Value[], f: (cx: Cx, xs: Value[]) => Value): LazySeq {
  return new LazySeq((cx) => {
    const chunks: Chunk[] = [];
    let n = Infinity;
    for (const c of colls) {
      const s = seq(cx, c);
      if (s === null) return null;
      const ch = chunkOf(cx, s);
      chunks.push(ch);
      n = Math.min(n, ch.end - ch.i);
    }
    const out = new Array<Value>(n);
    for (let k = 0; k < n; k++) {
      const xs = new Array<Value>(chunks.length);
      for (let j = 0; j < chunks.length; j++) xs[j] = chunks[j]!.arr[chunks[j]!.i + k] as Value;
      out[k] = f(cx, xs);
    }
    const rests = chunks.map((ch) => (ch.i + n < ch.end ? new ArraySeq(ch.arr, ch.i + n, ch.end, ch.rest) : ch.rest));
    return new ArraySeq(out, 0, n, rests.includes(null) ? null : lazyMapN(rests, f));
  });
}

/** `(filter pred coll)` over a lazy coll. */
export function lazyFilter(coll: Value, keep: (cx: Cx, x: Value) => boolean): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    while (s !== null) {
      const { arr, i, end, rest } = chunkOf(cx, s);
      const out: Value[] = [];
      for (let k = i; k < end; k++) if (keep(cx, arr[k] as Value)) out.push(arr[k] as Value);
      if (out.length > 0) return emit(out, rest === null ? null : lazyFilter(rest, keep));
      s = rest === null ? null : seq(cx, rest);
    }
    return null;
  });
}

/** `(keep f coll)` over a lazy coll: the non-nil results of `f`. */
export function lazyKeep(coll: Value, f: (cx: Cx, x: Value) => Value): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    while (s !== null) {
      const { arr, i, end, rest } = chunkOf(cx, s);
      const out: Value[] = [];
      for (let k = i; k < end; k++) {
        const r = f(cx, arr[k] as Value);
        if (r !== null) out.push(r);
      }
      if (out.length > 0) return emit(out, rest === null ? null : lazyKeep(rest, f));
      s = rest === null ? null : seq(cx, rest);
    }
    return null;
  });
}

/** `(take n coll)` over a lazy coll. */
export function lazyTake(coll: Value, n: number): LazySeq {
  return new LazySeq((cx) => {
    if (n <= 0) return null;
    const s = seq(cx, coll);
    if (s === null) return null;
    if (s instanceof Cons) {
      // Unchunked: one item at a time, without a chunk.
      if (--cx.fuel < 0) cx.refuel();
      return new Cons(s.first(), n === 1 ? null : lazyTake(s.more, n - 1));
    }
    const { arr, i, end, rest } = chunkOf(cx, s);
    if (end - i >= n) return new ArraySeq(arr, i, i + n, null);
    return new ArraySeq(arr, i, end, rest === null ? null : lazyTake(rest, n - (end - i)));
  });
}

/** `(take-while pred coll)` over a lazy coll. */
export function lazyTakeWhile(coll: Value, pred: (cx: Cx, x: Value) => boolean): LazySeq {
  return new LazySeq((cx) => {
    const s = seq(cx, coll);
    if (s === null) return null;
    const { arr, i, end, rest } = chunkOf(cx, s);
    for (let k = i; k < end; k++) {
      if (!pred(cx, arr[k] as Value)) return k === i ? null : new ArraySeq(arr, i, k, null);
    }
    return new ArraySeq(arr, i, end, rest === null ? null : lazyTakeWhile(rest, pred));
  });
}

/** `(drop n coll)` over a lazy coll: skips when first realized. */
export function lazyDrop(coll: Value, n: number): LazySeq {
  return new LazySeq((cx) => dropSeq(cx, coll, n));
}

/** `(drop-while pred coll)` over a lazy coll. */
export function lazyDropWhile(coll: Value, pred: (cx: Cx, x: Value) => boolean): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    while (s !== null && pred(cx, s.first())) {
      if (--cx.fuel < 0) cx.refuel();
      s = s.next(cx);
    }
    return s;
  });
}

/**
 * The items of every seqable in the seq `colls`, in turn (`(apply concat colls)`), both
 * levels lazy: `inner` is the part of the current coll not yet given out.
 */
export function lazyCat(colls: Value, inner: Value = null, fn = "concat", expected = "collections"): LazySeq {
  return new LazySeq((cx) => {
    let s = inner === null ? null : seq(cx, inner);
    let outer = colls;
    while (s === null) {
      const o = seq(cx, outer);
      if (o === null) return null;
      const part = o.first();
      if (!isSeqable(part)) throw typeError(fn, expected, part);
      s = seq(cx, part);
      outer = restOf(o);
      if (--cx.fuel < 0) cx.refuel();
    }
    const { arr, i, end, rest } = chunkOf(cx, s);
    if (rest === null && end - i < CHUNK && outer instanceof ArraySeq) {
      // Small realized parts that follow in the outer seq's computed chunk are gathered
      // into this chunk (nothing is realized that was not already).
      const out = arr.slice(i, end);
      let o: Value = outer;
      while (o instanceof ArraySeq) {
        const part = o.arr[o.i] as Value;
        if (part === null || part instanceof EmptyList) {
          // nothing to add
        } else if (part instanceof PVector && part.count <= CHUNK - out.length) {
          for (let k = 0; k < part.count; k++) out.push(part.arr[k] as Value);
        } else if (part instanceof ArraySeq && part.more === null && part.end - part.i <= CHUNK - out.length) {
          for (let k = part.i; k < part.end; k++) out.push(part.arr[k] as Value);
        } else break;
        o = restOf(o);
        if (--cx.fuel < 0) cx.refuel();
      }
      cx.charge(out.length);
      return new ArraySeq(out, 0, out.length, o === null ? null : lazyCat(o, null, fn, expected));
    }
    return new ArraySeq(arr, i, end, lazyCat(outer, rest, fn, expected));
  });
}

/** `(concat a b ...)` where some part is lazy. */
export function lazyConcat(colls: readonly Value[]): LazySeq {
  return lazyCat(new ArraySeq(colls, 0, colls.length, null));
}

/** `(distinct coll)` over a lazy coll; `seen` holds the (realized) items given out so far. */
export function lazyDistinct(coll: Value, seen: PSet = EMPTY_SET): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    let set = seen;
    while (s !== null) {
      const { arr, i, end, rest } = chunkOf(cx, s);
      const out: Value[] = [];
      for (let k = i; k < end; k++) {
        const x = arr[k] as Value;
        const key = realizeKey(cx, x);
        if (set.has(key)) continue;
        set = set.conj(key);
        out.push(x);
      }
      if (out.length > 0) return emit(out, rest === null ? null : lazyDistinct(rest, set));
      s = rest === null ? null : seq(cx, rest);
    }
    return null;
  });
}

const NONE: Value = new Reduced(null);

/** `(dedupe coll)` over a lazy coll: consecutive duplicates dropped; `prev` is the last item given out. */
export function lazyDedupe(coll: Value, prev: Value = NONE): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    let last = prev;
    while (s !== null) {
      const { arr, i, end, rest } = chunkOf(cx, s);
      const out: Value[] = [];
      for (let k = i; k < end; k++) {
        const x = arr[k] as Value;
        if (last !== NONE && equiv(cx, last, x)) continue;
        last = x;
        out.push(x);
      }
      if (out.length > 0) return emit(out, rest === null ? null : lazyDedupe(rest, last));
      s = rest === null ? null : seq(cx, rest);
    }
    return null;
  });
}

/** `(interleave c1 c2 ...)` with some coll lazy: the first items of each, then the second items... */
export function lazyInterleave(colls: readonly Value[]): LazySeq {
  return new LazySeq((cx) => {
    const chunks: Chunk[] = [];
    let n = Infinity;
    for (const c of colls) {
      const s = seq(cx, c);
      if (s === null) return null;
      const ch = chunkOf(cx, s);
      chunks.push(ch);
      n = Math.min(n, ch.end - ch.i);
    }
    const out: Value[] = [];
    for (let k = 0; k < n; k++) for (const ch of chunks) out.push(ch.arr[ch.i + k] as Value);
    const rests = chunks.map((ch) => (ch.i + n < ch.end ? new ArraySeq(ch.arr, ch.i + n, ch.end, ch.rest) : ch.rest));
    return new ArraySeq(out, 0, out.length, rests.includes(null) ? null : lazyInterleave(rests));
  });
}

/** `(interpose sep coll)` over a lazy coll; `started` once the first item was given out. */
export function lazyInterpose(sep: Value, coll: Value, started = false): LazySeq {
  return new LazySeq((cx) => {
    const s = seq(cx, coll);
    if (s === null) return null;
    const { arr, i, end, rest } = chunkOf(cx, s);
    const out: Value[] = [];
    for (let k = i; k < end; k++) {
      if (started || k > i) out.push(sep);
      out.push(arr[k] as Value);
    }
    return new ArraySeq(out, 0, out.length, rest === null ? null : lazyInterpose(sep, rest, true));
  });
}

/** `(take-nth n coll)` over a lazy coll (n ≥ 1); `skip` items are dropped before the next one taken. */
export function lazyTakeNth(coll: Value, n: number, skip = 0): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    let toSkip = skip;
    while (s !== null) {
      const { arr, i, end, rest } = chunkOf(cx, s);
      const out: Value[] = [];
      let k = i + toSkip;
      for (; k < end; k += n) out.push(arr[k] as Value);
      toSkip = k - end;
      if (out.length > 0) return emit(out, rest === null ? null : lazyTakeNth(rest, n, toSkip));
      s = rest === null ? null : seq(cx, rest);
    }
    return null;
  });
}

/**
 * `(partition n step pad coll)` and `(partition-all n step coll)` over any coll, one
 * partition per step as Clojure's are: the next n items (realizing no more), then the
 * partitions from `step` items on. `pad` undefined: an incomplete last partition is
 * dropped (`all` false) or kept (`all` true); otherwise it is filled from pad.
 */
export function lazyPartition(
  coll: Value,
  n: number,
  step: number,
  pad: Value | undefined,
  all: boolean,
  part: (items: Value[]) => Value,
): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    if (s === null) return null;
    if (n > 0 && step > 0 && (s instanceof ArraySeq || s instanceof Range)) {
      // The partitions that lie within the computed chunk, at once.
      if (s instanceof Range) {
        const ch = chunkOf(cx, s);
        s = new ArraySeq(ch.arr, ch.i, ch.end, ch.rest);
      }
      const { arr, end, more } = s as ArraySeq;
      const out: Value[] = [];
      let pos = (s as ArraySeq).i;
      while (pos + n <= end) {
        out.push(part(arr.slice(pos, pos + n)));
        pos += step;
      }
      if (out.length > 0) {
        cx.charge(out.length);
        const after =
          pos < end
            ? new ArraySeq(arr, pos, end, more)
            : pos === end || more === null
              ? more
              : new LazySeq((c) => dropSeq(c, more, pos - end));
        return new ArraySeq(out, 0, out.length, after === null ? null : lazyPartition(after, n, step, pad, all, part));
      }
    }
    const p = takeItems(cx, s, n);
    if (p.length !== n && !all) {
      if (pad === undefined) return null;
      for (const x of takeItems(cx, pad, n - p.length)) p.push(x);
      return new ArraySeq([part(p)], 0, 1, null);
    }
    const more = new LazySeq((c) => (step <= 0 ? s : dropSeq(c, s, step)));
    return new ArraySeq([part(p)], 0, 1, lazyPartition(more, n, step, pad, all, part));
  });
}

/**
 * `(partition-by f coll)` over any coll: runs of consecutive items with equal `(f item)`.
 * `(f item)` is computed once per item; the thunk carries the first item of the next run
 * and its key.
 */
export function lazyPartitionBy(
  coll: Value,
  f: (cx: Cx, x: Value) => Value,
  part: (items: Value[]) => Value,
  head: ASeq | null = null,
  headKey: Value = null,
): LazySeq {
  return new LazySeq((cx) => {
    const s = head ?? seq(cx, coll);
    if (s === null) return null;
    const key = head === null ? f(cx, s.first()) : headKey;
    const run: Value[] = [s.first()];
    let t = s.next(cx);
    while (t !== null) {
      const k = f(cx, t.first());
      if (!equiv(cx, key, k)) {
        cx.checkSize(run.length);
        return new ArraySeq([part(run)], 0, 1, lazyPartitionBy(null, f, part, t, k));
      }
      run.push(t.first());
      if (run.length > cx.limits.maxCollection) cx.checkSize(run.length);
      if (--cx.fuel < 0) cx.refuel();
      t = t.next(cx);
    }
    return new ArraySeq([part(run)], 0, 1, null);
  });
}

/**
 * `(reductions f init coll)` after `init` was given out: the running results over a lazy
 * coll, ending after a `reduced` one.
 */
export function lazyReductions(coll: Value, acc: Value, f: (cx: Cx, acc: Value, x: Value) => Value): LazySeq {
  return new LazySeq((cx) => {
    const s = seq(cx, coll);
    if (s === null) return null;
    const { arr, i, end, rest } = chunkOf(cx, s);
    const out: Value[] = [];
    let a = acc;
    for (let k = i; k < end; k++) {
      a = f(cx, a, arr[k] as Value);
      if (a instanceof Reduced) {
        out.push(a.val);
        return new ArraySeq(out, 0, out.length, null);
      }
      out.push(a);
    }
    return new ArraySeq(out, 0, out.length, rest === null ? null : lazyReductions(rest, a, f));
  });
}

/**
 * `(repeat n x)` (n may be Infinity): chunks of up to 32 copies of `x`, sharing one array.
 */
export function lazyRepeat(x: Value, n: number): LazySeq | null {
  if (n <= 0) return null;
  const arr = new Array<Value>(Math.min(n, CHUNK)).fill(x);
  return repeatArray(arr, n);
}

/** The items of `arr` over and over, `n` items in all (Infinity: forever). */
export function repeatArray(arr: readonly Value[], n: number): LazySeq {
  return new LazySeq((cx) => {
    const k = Math.min(n, arr.length);
    cx.charge(k);
    return new ArraySeq(arr, 0, k, n > k ? repeatArray(arr, n - k) : null);
  });
}

/**
 * `(range start end step)` with a float start or step: chunks of numbers made by
 * repeated addition (as Clojure does, so rounding accumulates the same way); the first
 * item is `first` (an integer start stays one), the others floats.
 */
export function floatRange(start: number, end: number, step: number, first: Value): LazySeq | null {
  if (step > 0 ? start >= end : start <= end) return null;
  return new LazySeq((cx) => {
    const items: Value[] = [first];
    let n = start + step;
    while (items.length < CHUNK && (step > 0 ? n < end : n > end)) {
      items.push(float(n));
      n += step;
    }
    cx.charge(items.length);
    const more = step > 0 ? n < end : n > end;
    return new ArraySeq(items, 0, items.length, more ? floatRange(n, end, step, float(n)) : null);
  });
}

/** `(cycle coll)` of a non-empty lazy seq `s`: its items, realized once, over and over. */
export function lazyCycle(s: ASeq): LazySeq {
  return lazyCat(lazyRepeat(s, Infinity));
}
