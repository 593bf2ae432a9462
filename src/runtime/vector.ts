import { PtcObject, T, type Value } from "./values.js";

/**
 * A persistent vector backed by a JS array.
 *
 * Reads are plain array reads. `conj` is amortized O(1) when used linearly: a vector
 * made by `conj` (or `appendAll`) whose backing array is exactly `count` long owns the
 * array's tail and may push onto it; the new vector sees one more item, the old one still
 * sees only its `count` items. Conj-ing onto an older version (whose array has grown past
 * it) copies.
 *
 * The array is never changed below anyone's `count`, but pushing changes its length, so
 * a vector that hands its array out (`items()`) gives up the tail: a caller looping over
 * the array while the loop conj-es onto the same vector (`(into v v)`, a function mapped
 * over `v` that conj-es onto `v`) must not see it grow. Vectors built any other way
 * (from a builder's array) copy on their first conj, which keeps every array that was
 * ever handed out fixed.
 */
export class PVector extends PtcObject {
  // On the prototype, not in each vector: vectors are the most numerous objects.
  get tag(): typeof T.VECTOR {
    return T.VECTOR;
  }
  hashCache: number | undefined = undefined;

  constructor(
    /** Backing store; only indexes below `count` belong to this vector. */
    readonly arr: Value[],
    readonly count: number,
    /** Whether this vector may push onto `arr` (made by conj, array never handed out). */
    private owner = false,
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
    if (this.count === 0) return new PVector([x], 1, true);
    if (this.owner && a.length === this.count) {
      a.push(x);
      return new PVector(a, this.count + 1, true);
    }
    const copy = a.slice(0, this.count);
    copy.push(x);
    return new PVector(copy, this.count + 1, true);
  }

  /**
   * This vector with `items` appended (amortized O(items) when this vector owns its tail).
   * `items` may be this very vector's array: its length is read once, before appending.
   */
  appendAll(items: readonly Value[]): PVector {
    const n = items.length;
    if (n === 0) return this;
    const arr = this.owner && this.arr.length === this.count ? this.arr : this.arr.slice(0, this.count);
    for (let i = 0; i < n; i++) arr.push(items[i] as Value);
    return new PVector(arr, arr.length, true);
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

  /**
   * The items as an array the caller must not mutate. It stays as it is: this vector
   * no longer pushes onto it (see the class comment).
   */
  items(): readonly Value[] {
    if (this.arr.length !== this.count) return this.arr.slice(0, this.count);
    this.owner = false;
    return this.arr;
  }

  /**
   * The backing array for a reader that bounds itself by `count` (a seq over the
   * vector): like items(), it is handed out, so this vector stops pushing onto it.
   */
  shared(): Value[] {
    this.owner = false;
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

/**
 * A map's entry `[k v]`: a 2-item vector in every way, which `map-entry?` tells apart (as
 * Clojure's MapEntry). Vectors made from it by conj, assoc etc. are plain vectors.
 */
export class MapEntry extends PVector {
  constructor(k: Value, v: Value) {
    super([k, v], 2);
  }
}
