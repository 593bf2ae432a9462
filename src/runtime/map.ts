/**
 * Persistent maps, laid out as Clojure's: an array map (insertion order) up to 8
 * entries, a hash trie beyond, iterating in Clojure's hash order, with a nil key kept
 * beside the trie and visited first. So `{:a 1, :b 2}` prints in the order written and
 * big maps print in the order the JVM prints them.
 *
 * Keys are stored realized (see `realizeKey` in equality.ts), so that hashing and
 * comparing keys never runs program code. Callers holding a context realize keys first.
 */
import { makeHamt, type HamtBox, type HamtNode } from "./hamt.js";
import { equivRealized, hasheq } from "./equality.js";
import { Keyword, PtcObject, T, keywordFromString, type Value } from "./values.js";
import { MapEntry, type PVector } from "./vector.js";

/** Array maps grow into hash maps past this many entries (Clojure's threshold). */
const ARRAY_MAP_MAX = 8;

export const H = makeHamt<Value, Value>(hasheq, equivRealized);

/** Returned by lookups that found nothing; never a program value. */
export class NotFound extends PtcObject {
  readonly tag = T.MAP;
}
export const NOT_FOUND = new NotFound() as unknown as Value;

export abstract class PMap extends PtcObject {
  readonly tag = T.MAP;
  hashCache: number | undefined = undefined;
  abstract readonly count: number;
  /** Exact-key lookup; `nf` when absent. */
  abstract get(key: Value, nf: Value): Value;
  abstract has(key: Value): boolean;
  abstract assoc(key: Value, val: Value): PMap;
  abstract dissoc(key: Value): PMap;
  /** Visit entries in iteration order; return false from `f` to stop. */
  abstract forEach(f: (k: Value, v: Value) => boolean | void): void;

  /** Entries as `[k v]` vectors, in iteration order. */
  entryArray(): PVector[] {
    const out: PVector[] = [];
    this.forEach((k, v) => {
      out.push(new MapEntry(k, v));
    });
    return out;
  }
  keyArray(): Value[] {
    const out: Value[] = [];
    this.forEach((k) => {
      out.push(k);
    });
    return out;
  }
  valArray(): Value[] {
    const out: Value[] = [];
    this.forEach((_, v) => {
      out.push(v);
    });
    return out;
  }
}

function keysEqual(a: Value, b: Value): boolean {
  return a === b || (typeof a === "object" && a !== null && equivRealized(a, b));
}

export class ArrayMap extends PMap {
  /** Flat `[k0, v0, k1, v1, ...]`, owned and never mutated. */
  constructor(readonly kvs: readonly Value[]) {
    super();
  }
  get count(): number {
    return this.kvs.length >> 1;
  }
  indexOf(key: Value): number {
    const kvs = this.kvs;
    // Strings, numbers and interned keywords compare by identity: the common case.
    for (let i = 0; i < kvs.length; i += 2) if (kvs[i] === key) return i;
    if (typeof key === "object" && key !== null) {
      for (let i = 0; i < kvs.length; i += 2) if (keysEqual(kvs[i] as Value, key)) return i;
    }
    return -1;
  }
  get(key: Value, nf: Value): Value {
    const i = this.indexOf(key);
    return i < 0 ? nf : (this.kvs[i + 1] as Value);
  }
  has(key: Value): boolean {
    return this.indexOf(key) >= 0;
  }
  assoc(key: Value, val: Value): PMap {
    const i = this.indexOf(key);
    if (i >= 0) {
      if (this.kvs[i + 1] === val) return this;
      const copy = this.kvs.slice();
      copy[i + 1] = val;
      return new ArrayMap(copy);
    }
    if (this.kvs.length >= ARRAY_MAP_MAX * 2) return HashMap.fromArrayMap(this).assoc(key, val);
    return new ArrayMap([...this.kvs, key, val]);
  }
  dissoc(key: Value): PMap {
    const i = this.indexOf(key);
    if (i < 0) return this;
    if (this.kvs.length === 2) return EMPTY_MAP;
    const copy = this.kvs.slice();
    copy.splice(i, 2);
    return new ArrayMap(copy);
  }
  forEach(f: (k: Value, v: Value) => boolean | void): void {
    const kvs = this.kvs;
    for (let i = 0; i < kvs.length; i += 2) if (f(kvs[i] as Value, kvs[i + 1] as Value) === false) return;
  }
}

export const EMPTY_MAP: PMap = new ArrayMap([]);

const box: HamtBox = { added: false, removed: false };

export class HashMap extends PMap {
  constructor(
    readonly root: HamtNode<Value, Value> | null,
    readonly rootCount: number,
    readonly hasNil: boolean,
    readonly nilVal: Value,
  ) {
    super();
  }
  get count(): number {
    return this.rootCount + (this.hasNil ? 1 : 0);
  }
  static fromArrayMap(m: ArrayMap): HashMap {
    let out = new HashMap(null, 0, false, null);
    m.forEach((k, v) => {
      out = out.assoc(k, v);
    });
    return out;
  }
  get(key: Value, nf: Value): Value {
    if (key === null) return this.hasNil ? this.nilVal : nf;
    return this.root === null ? nf : H.get(this.root, key, hasheq(key), nf);
  }
  has(key: Value): boolean {
    if (key === null) return this.hasNil;
    return this.root !== null && H.has(this.root, key, hasheq(key));
  }
  assoc(key: Value, val: Value): HashMap {
    if (key === null) {
      if (this.hasNil && this.nilVal === val) return this;
      return new HashMap(this.root, this.rootCount, true, val);
    }
    box.added = false;
    const root = H.assoc(this.root, key, hasheq(key), val, box);
    if (root === this.root) return this;
    return new HashMap(root, this.rootCount + (box.added ? 1 : 0), this.hasNil, this.nilVal);
  }
  dissoc(key: Value): PMap {
    if (key === null) return this.hasNil ? shrink(new HashMap(this.root, this.rootCount, false, null)) : this;
    if (this.root === null) return this;
    box.removed = false;
    const root = H.dissoc(this.root, key, hasheq(key), box);
    if (!box.removed) return this;
    return shrink(new HashMap(root, this.rootCount - 1, this.hasNil, this.nilVal));
  }
  forEach(f: (k: Value, v: Value) => boolean | void): void {
    if (this.hasNil && f(null, this.nilVal) === false) return;
    if (this.root !== null) H.forEach(this.root, f);
  }
}

/** Clojure keeps a hash map a hash map when it shrinks; so do we, except when empty. */
function shrink(m: HashMap): PMap {
  return m.count === 0 ? EMPTY_MAP : m;
}

/**
 * Build a map from realized keys and values; later duplicates win. Uses the trie's
 * transient builder for big inputs.
 */
export class MapBuilder {
  private kvs: Value[] | null = [];
  private t: ReturnType<typeof H.transient> | null = null;
  private n = 0;
  private hasNil = false;
  private nilVal: Value = null;

  assoc(key: Value, val: Value): void {
    if (this.kvs !== null) {
      for (let i = 0; i < this.kvs.length; i += 2) {
        if (keysEqual(this.kvs[i] as Value, key)) {
          this.kvs[i + 1] = val;
          return;
        }
      }
      if (this.kvs.length < ARRAY_MAP_MAX * 2) {
        this.kvs.push(key, val);
        return;
      }
      const old = this.kvs;
      this.kvs = null;
      this.t = H.transient();
      for (let i = 0; i < old.length; i += 2) this.assocTrie(old[i] as Value, old[i + 1] as Value);
    }
    this.assocTrie(key, val);
  }

  private assocTrie(key: Value, val: Value): void {
    if (key === null) {
      this.hasNil = true;
      this.nilVal = val;
      return;
    }
    box.added = false;
    this.t!.assoc(key, hasheq(key), val, box);
    if (box.added) this.n++;
  }

  get(key: Value, nf: Value): Value {
    if (this.kvs !== null) {
      for (let i = 0; i < this.kvs.length; i += 2)
        if (keysEqual(this.kvs[i] as Value, key)) return this.kvs[i + 1] as Value;
      return nf;
    }
    if (key === null) return this.hasNil ? this.nilVal : nf;
    return this.t!.get(key, hasheq(key), nf);
  }

  get count(): number {
    return this.kvs !== null ? this.kvs.length >> 1 : this.n + (this.hasNil ? 1 : 0);
  }

  build(): PMap {
    if (this.kvs !== null) return this.kvs.length === 0 ? EMPTY_MAP : new ArrayMap(this.kvs);
    return new HashMap(this.t!.persistent(), this.n, this.hasNil, this.nilVal);
  }
}

/** Build a hash map as `hash-map` does (always a trie, as Clojure's PersistentHashMap). */
export function hashMapOf(pairs: readonly Value[]): PMap {
  let m = new HashMap(null, 0, false, null);
  for (let i = 0; i < pairs.length; i += 2) m = m.assoc(pairs[i] as Value, pairs[i + 1] as Value);
  return m.count === 0 ? EMPTY_MAP : m;
}

// ---------------------------------------------------------------------------------------
// Flexible key access: JSON from the host has string keys, literals have keyword keys.

/** The other spelling of a key: `:id` ↔ `"id"`, or NOT_FOUND if there is none. */
export function altKey(key: Value): Value {
  if (key instanceof Keyword) return key.fqn;
  if (typeof key === "string") return keywordFromString(key);
  return NOT_FOUND;
}

/** `(get m k)` with flexible keys: the exact key first, then the other spelling. */
export function getFlex(m: PMap, key: Value, nf: Value): Value {
  // Small maps (JSON records): one scan finds the exact key or the other spelling.
  if (m instanceof ArrayMap && (key instanceof Keyword || typeof key === "string")) {
    const kvs = m.kvs;
    const alt = key instanceof Keyword ? key.fqn : null;
    let altAt = -1;
    for (let i = 0; i < kvs.length; i += 2) {
      const k = kvs[i];
      if (k === key) return kvs[i + 1] as Value;
      if (altAt < 0 && (alt !== null ? k === alt : k instanceof Keyword && k.fqn === key)) altAt = i;
    }
    if (altAt >= 0) return kvs[altAt + 1] as Value;
    // Keywords past the intern cap are equal by name without being identical.
    if (key instanceof Keyword)
      for (let i = 0; i < kvs.length; i += 2) if (keysEqual(kvs[i] as Value, key)) return kvs[i + 1] as Value;
    return nf;
  }
  const v = m.get(key, NOT_FOUND);
  if (v !== NOT_FOUND) return v;
  const alt = altKey(key);
  return alt === NOT_FOUND ? nf : m.get(alt, nf);
}

export function hasFlex(m: PMap, key: Value): boolean {
  if (m.has(key)) return true;
  const alt = altKey(key);
  return alt !== NOT_FOUND && m.has(alt);
}
