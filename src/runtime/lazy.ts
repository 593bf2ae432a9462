/**
 * Lazy sequence operations for lazy inputs (ranges, `iterate`, `for`, lazy seqs).
 * Realized inputs (vectors, lists, maps, sets, strings) are processed eagerly by the
 * builtins instead, which gives errors the position of the call that caused them.
 * Lazy results are produced a chunk (up to 32 items) at a time, as Clojure's are.
 */
import type { Cx } from "./context.js";
import { ArraySeq, ASeq, CHUNK, LazySeq, makeRange, Range, seq } from "./seq.js";
import type { Value } from "./values.js";

/** Take up to CHUNK items from a seq: the items and the seq after them. */
function takeChunk(cx: Cx, s: ASeq): { items: Value[]; rest: Value } {
  if (s instanceof Range) {
    const items: Value[] = [];
    let n = s.start;
    const { end, step, box } = s;
    while (items.length < CHUNK && (step > 0 ? n < end : n > end)) {
      items.push(box(n));
      n += step;
    }
    cx.charge(items.length);
    return { items, rest: makeRange(n, end, step, box) };
  }
  if (s instanceof ArraySeq) {
    const items = s.arr.slice(s.i, s.end);
    cx.charge(items.length);
    return { items, rest: s.more };
  }
  const items: Value[] = [];
  let cur: ASeq | null = s;
  while (cur !== null && items.length < CHUNK) {
    items.push(cur.first());
    cur = cur.next(cx);
  }
  cx.charge(items.length);
  return { items, rest: cur };
}

/** `(map f coll)` over a lazy coll. */
export function lazyMap(coll: Value, f: (cx: Cx, x: Value) => Value): LazySeq {
  return new LazySeq((cx) => {
    const s = seq(cx, coll);
    if (s === null) return null;
    const { items, rest } = takeChunk(cx, s);
    for (let i = 0; i < items.length; i++) items[i] = f(cx, items[i]!);
    return new ArraySeq(items, 0, items.length, rest === null ? null : lazyMap(rest, f));
  });
}

/** `(map f c1 c2 ...)` over several colls, at least one lazy; stops at the shortest. */
export function lazyMapN(colls: readonly Value[], f: (cx: Cx, xs: Value[]) => Value): LazySeq {
  return new LazySeq((cx) => {
    const seqs = colls.map((c) => seq(cx, c));
    if (seqs.some((s) => s === null)) return null;
    const out: Value[] = [];
    let cur = seqs as ASeq[];
    while (out.length < CHUNK) {
      out.push(
        f(
          cx,
          cur.map((s) => s.first()),
        ),
      );
      const nexts = cur.map((s) => s.next(cx));
      if (nexts.some((s) => s === null)) return new ArraySeq(out, 0, out.length, null);
      cur = nexts as ASeq[];
    }
    return new ArraySeq(out, 0, out.length, lazyMapN(cur, f));
  });
}

/** `(filter pred coll)` over a lazy coll. */
export function lazyFilter(coll: Value, keep: (cx: Cx, x: Value) => boolean): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    while (s !== null) {
      const { items, rest } = takeChunk(cx, s);
      const out = items.filter((x) => keep(cx, x));
      if (out.length > 0) return new ArraySeq(out, 0, out.length, rest === null ? null : lazyFilter(rest, keep));
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
    const { items, rest } = takeChunk(cx, s);
    if (items.length >= n) return new ArraySeq(items, 0, n, null);
    return new ArraySeq(items, 0, items.length, rest === null ? null : lazyTake(rest, n - items.length));
  });
}

/** `(take-while pred coll)` over a lazy coll. */
export function lazyTakeWhile(coll: Value, pred: (cx: Cx, x: Value) => boolean): LazySeq {
  return new LazySeq((cx) => {
    const s = seq(cx, coll);
    if (s === null) return null;
    const { items, rest } = takeChunk(cx, s);
    for (let i = 0; i < items.length; i++) {
      if (!pred(cx, items[i]!)) return i === 0 ? null : new ArraySeq(items, 0, i, null);
    }
    return new ArraySeq(items, 0, items.length, rest === null ? null : lazyTakeWhile(rest, pred));
  });
}

/** `(drop n coll)` over a lazy coll: skips when first realized. */
export function lazyDrop(coll: Value, n: number): LazySeq {
  return new LazySeq((cx) => {
    let s = seq(cx, coll);
    for (let i = 0; i < n && s !== null; i++) {
      if (--cx.fuel < 0) cx.refuel();
      s = s.next(cx);
    }
    return s;
  });
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

/** `(concat a b ...)` where some part is lazy. */
export function lazyConcat(colls: readonly Value[]): LazySeq {
  return new LazySeq((cx) => {
    for (let i = 0; i < colls.length; i++) {
      const s = seq(cx, colls[i]!);
      if (s === null) continue;
      const { items, rest } = takeChunk(cx, s);
      const tail = rest === null ? colls.slice(i + 1) : [rest, ...colls.slice(i + 1)];
      return new ArraySeq(items, 0, items.length, tail.length === 0 ? null : lazyConcat(tail));
    }
    return null;
  });
}
