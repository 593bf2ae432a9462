/**
 * Persistent hash sets: a hash trie from item to item, with nil kept beside it, so they
 * iterate (and print) in the order Clojure's PersistentHashSet does. Items are stored
 * realized, like map keys.
 */
import type { HamtBox, HamtNode } from "./hamt.js";
import { hasheq } from "./equality.js";
import { H } from "./map.js";
import { PtcObject, T, type Value } from "./values.js";

const box: HamtBox = { added: false, removed: false };

export class PSet extends PtcObject {
  readonly tag = T.SET;
  hashCache: number | undefined = undefined;
  constructor(
    readonly root: HamtNode<Value, Value> | null,
    readonly rootCount: number,
    readonly hasNil: boolean,
  ) {
    super();
  }
  get count(): number {
    return this.rootCount + (this.hasNil ? 1 : 0);
  }
  has(x: Value): boolean {
    if (x === null) return this.hasNil;
    return this.root !== null && H.has(this.root, x, hasheq(x));
  }
  /** The stored item equal to `x` (for `(s x)`), or undefined. */
  lookup(x: Value): Value | undefined {
    if (x === null) return this.hasNil ? null : undefined;
    if (this.root === null) return undefined;
    const NF = EMPTY_SET as Value;
    const v = H.get(this.root, x, hasheq(x), NF);
    return v === NF ? undefined : v;
  }
  conj(x: Value): PSet {
    if (x === null) return this.hasNil ? this : new PSet(this.root, this.rootCount, true);
    box.added = false;
    const h = hasheq(x);
    if (this.root !== null && H.has(this.root, x, h)) return this;
    const root = H.assoc(this.root, x, h, x, box);
    return new PSet(root, this.rootCount + 1, this.hasNil);
  }
  disj(x: Value): PSet {
    if (x === null) return this.hasNil ? new PSet(this.root, this.rootCount, false) : this;
    if (this.root === null) return this;
    box.removed = false;
    const root = H.dissoc(this.root, x, hasheq(x), box);
    if (!box.removed) return this;
    return new PSet(root, this.rootCount - 1, this.hasNil);
  }
  forEach(f: (x: Value) => boolean | void): void {
    if (this.hasNil && f(null) === false) return;
    if (this.root !== null) H.forEach(this.root, (k) => f(k));
  }
  itemArray(): Value[] {
    const out: Value[] = [];
    this.forEach((x) => {
      out.push(x);
    });
    return out;
  }
}

export const EMPTY_SET = new PSet(null, 0, false);

/** Build a set from realized items with the trie's transient builder. */
export class SetBuilder {
  private t = H.transient();
  private n = 0;
  private hasNil = false;
  add(x: Value): void {
    if (x === null) {
      this.hasNil = true;
      return;
    }
    box.added = false;
    this.t.assoc(x, hasheq(x), x, box);
    if (box.added) this.n++;
  }
  has(x: Value): boolean {
    if (x === null) return this.hasNil;
    const NF = EMPTY_SET as Value;
    return this.t.get(x, hasheq(x), NF) !== NF;
  }
  get count(): number {
    return this.n + (this.hasNil ? 1 : 0);
  }
  build(): PSet {
    if (this.n === 0 && !this.hasNil) return EMPTY_SET;
    return new PSet(this.t.persistent(), this.n, this.hasNil);
  }
}
