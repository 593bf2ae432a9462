import { PtcObject, T, type Value } from "./values.js";

/**
 * A persistent vector backed by a JS array.
 *
 * Reads are plain array reads. `conj` is amortized O(1) when used linearly: a vector
 * whose backing array is exactly `count` long owns the array's tail and may push onto
 * it; the new vector sees one more item, the old one still sees only its `count`
 * items. Conj-ing onto an older version (whose array has grown past it) copies.
 * Arrays handed to the constructor become owned by the vector and are never exposed
 * for mutation.
 */
export class PVector extends PtcObject {
  readonly tag = T.VECTOR;
  hashCache: number | undefined = undefined;

  constructor(
    /** Backing store; only indexes below `count` belong to this vector. */
    readonly arr: Value[],
    readonly count: number,
  ) {
    super();
  }

  static of(items: Value[]): PVector {
    return new PVector(items, items.length);
  }

  nth(i: number): Value {
    return this.arr[i] as Value;
  }

  conj(x: Value): PVector {
    const a = this.arr;
    // The empty vector is shared by everyone: never grow its array.
    if (this.count === 0) return new PVector([x], 1);
    if (a.length === this.count) {
      a.push(x);
      return new PVector(a, this.count + 1);
    }
    const copy = a.slice(0, this.count);
    copy.push(x);
    return new PVector(copy, this.count + 1);
  }

  /** Replace index `i` (0 <= i < count); `i === count` appends. */
  assocN(i: number, x: Value): PVector {
    if (i === this.count) return this.conj(x);
    if (this.arr[i] === x) return this;
    const copy = this.arr.slice(0, this.count);
    copy[i] = x;
    return new PVector(copy, this.count);
  }

  pop(): PVector {
    return this.count <= 1 ? EMPTY_VECTOR : new PVector(this.arr, this.count - 1);
  }

  /** The items as an array the caller must not mutate. */
  items(): readonly Value[] {
    if (this.arr.length !== this.count) return this.arr.slice(0, this.count);
    return this.arr;
  }

  /** A fresh copy of the items the caller may mutate. */
  toArray(): Value[] {
    return this.arr.slice(0, this.count);
  }

  slice(from: number, to: number): PVector {
    if (from === 0 && to === this.count) return this;
    return new PVector(this.arr.slice(from, to), to - from);
  }
}

export const EMPTY_VECTOR = new PVector([], 0);

export function vec(items: Value[]): PVector {
  return items.length === 0 ? EMPTY_VECTOR : new PVector(items, items.length);
}
