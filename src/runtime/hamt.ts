/**
 * A persistent hash array mapped trie with the node layout of Clojure's
 * `clojure.lang.PersistentHashMap`, so that a map or set built from the same keys
 * (with Clojure's hashes, see hash.ts) iterates in the same order as on the JVM.
 *
 * Layout (as in PersistentHashMap.java):
 * - BitmapNode: a 32-bit bitmap of occupied slots for the 5 hash bits at this level
 *   (`(hash >>> shift) & 31`, shift 0, 5, 10, ...) and a packed array of pairs in slot
 *   order, each either `key, value` inline or `SUBNODE, child` for a deeper node.
 * - ArrayNode: 32 child slots indexed directly; a BitmapNode that would get a 17th
 *   slot becomes one, and an ArrayNode losing a child while it has 8 or fewer packs
 *   back into a BitmapNode (of sub-nodes), as Clojure's `without` does.
 * - CollisionNode: keys whose full 32-bit hashes are equal, in insertion order.
 *
 * Iteration visits slots in index order, children where they sit, so entries come out
 * sorted by their hash's 5-bit chunks, lowest chunk first, with equal hashes in
 * insertion order. The shape of the tree never changes that order, which is why this
 * module may collapse emptied nodes where Clojure leaves an empty node in place.
 *
 * Differences from Clojure to keep in mind at the call site:
 * - Clojure keeps a `nil` key outside the trie and yields it first; here a key is a
 *   key, so a caller that wants that behaviour handles `nil` itself.
 * - Clojure uses PersistentArrayMap (insertion order) for maps of up to 8 entries;
 *   sets are always hash-based. Choosing the representation is the caller's job.
 * - Clojure's transient `dissoc!` moves the last colliding key into the hole (changing
 *   collision order); the builder here has no dissoc, so that case does not arise.
 *
 * The empty trie is `null`. The caller keeps the count: `assoc` and `dissoc` report
 * through a reusable box whether an entry was added or removed.
 */

/** Private not-found marker for `has`. */
const ABSENT: unique symbol = Symbol("absent");

/** Marks a pair of a BitmapNode's array that holds a child node instead of a key. */
const SUBNODE: object = Object.freeze({ subnode: true });

/** Identity of one builder session; nodes stamped with it may be mutated by that builder. */
class Edit {}

class BitmapNode {
  readonly kind: 0 = 0;
  constructor(
    public edit: Edit | null,
    public bitmap: number,
    /** Pairs in slot order; may be longer than 2*popcount(bitmap) in builder-made nodes. */
    public array: unknown[],
  ) {}
}

class ArrayNode {
  readonly kind: 1 = 1;
  constructor(
    public edit: Edit | null,
    /** Number of non-null children. */
    public count: number,
    public array: (Node | null)[],
  ) {}
}

class CollisionNode {
  readonly kind: 2 = 2;
  constructor(
    public edit: Edit | null,
    public readonly hash: number,
    /** Number of pairs; the array may have spare room past 2*count. */
    public count: number,
    public array: unknown[],
  ) {}
}

type Node = BitmapNode | ArrayNode | CollisionNode;

declare const HAMT_ROOT: unique symbol;

/** An opaque non-empty trie (its root node). The empty trie is `null`. */
export interface HamtNode<K, V> {
  readonly [HAMT_ROOT]: { readonly key: K; readonly val: V };
}

/** Another name for `HamtNode`, for signatures where "the whole trie" reads better. */
export type HamtRoot<K, V> = HamtNode<K, V>;

/**
 * The result box of `assoc`/`dissoc`, reused across calls to avoid allocating.
 * `assoc` sets `added` (false first), `dissoc` sets `removed` (false first).
 */
export interface HamtBox {
  added: boolean;
  removed: boolean;
}

/** A fresh result box. */
export function hamtBox(): HamtBox {
  return { added: false, removed: false };
}

/**
 * A mutable builder over a trie (Clojure's transient): nodes it creates are changed in
 * place, nodes it shares with persistent tries are copied first. Single use: after
 * `persistent()` every method throws.
 */
export interface HamtBuilder<K, V> {
  /**
   * Adds or replaces `key` (whose hash is `h`); true when the key was new. When `box` is
   * given its `added` is set the same way, as with the persistent `assoc`.
   */
  assoc(key: K, h: number, val: V, box?: HamtBox): boolean;
  /** The value at `key`, or `notFound`. */
  get<D>(key: K, h: number, notFound: D): V | D;
  /** Whether `key` is present. */
  has(key: K, h: number): boolean;
  /** Ends the build and returns the trie (null if empty). */
  persistent(): HamtRoot<K, V> | null;
}

/** The operations over tries of one key type, made by `makeHamt`. */
export interface HamtOps<K, V> {
  /** The value at `key` (whose hash is `h`), or `notFound`. */
  get<D>(root: HamtRoot<K, V> | null, key: K, h: number, notFound: D): V | D;
  /** Whether `key` (whose hash is `h`) is present. */
  has(root: HamtRoot<K, V> | null, key: K, h: number): boolean;
  /**
   * The trie with `key` bound to `val`. Sets `box.added` when the key was new. Returns
   * `root` itself when the key already maps to a `===` value.
   */
  assoc(root: HamtRoot<K, V> | null, key: K, h: number, val: V, box: HamtBox): HamtRoot<K, V>;
  /**
   * The trie without `key`; null when that leaves it empty. Sets `box.removed` when the
   * key was present, and returns `root` itself when it was not.
   */
  dissoc(root: HamtRoot<K, V> | null, key: K, h: number, box: HamtBox): HamtRoot<K, V> | null;
  /**
   * Calls `fn` on each entry in Clojure's order; `fn` returning `false` stops the walk.
   * Returns false if stopped early, true otherwise.
   */
  forEach(root: HamtRoot<K, V> | null, fn: (key: K, val: V) => boolean | void): boolean;
  /** The entries as `[key, value]` pairs, in Clojure's order. */
  entries(root: HamtRoot<K, V> | null): IterableIterator<[K, V]>;
  /** The keys, in Clojure's order. */
  keys(root: HamtRoot<K, V> | null): IterableIterator<K>;
  /** The values, in Clojure's order. */
  values(root: HamtRoot<K, V> | null): IterableIterator<V>;
  /** A builder starting from `root` (default: empty), for fast bulk construction. */
  transient(root?: HamtRoot<K, V> | null): HamtBuilder<K, V>;
}

/** Number of set bits of a 32-bit int (the standard SWAR bit count). */
function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function cloneAndSet<T>(array: T[], i: number, a: T): T[] {
  const clone = array.slice();
  clone[i] = a;
  return clone;
}

/** A copy of the first `2*n` slots of `array` without pair number `idx`. */
function removePair(array: unknown[], idx: number, n: number): unknown[] {
  const out = new Array<unknown>(2 * (n - 1));
  const cut = 2 * idx;
  for (let i = 0; i < cut; i++) out[i] = array[i];
  for (let i = cut + 2, j = cut; i < 2 * n; i++, j++) out[j] = array[i];
  return out;
}

function toRoot<K, V>(node: Node): HamtRoot<K, V> {
  return node as unknown as HamtRoot<K, V>;
}

function fromRoot<K, V>(root: HamtRoot<K, V> | null): Node | null {
  return root as unknown as Node | null;
}

/** An iterator over a trie with an explicit stack (depth is at most 8). */
class HamtIterator<T> implements IterableIterator<T> {
  private readonly nodes: Node[] = [];
  private readonly pos: number[] = [];
  private readonly ends: number[] = [];
  private depth = -1;

  constructor(
    root: Node | null,
    /** 0: [key, value] pairs, 1: keys, 2: values. */
    private readonly mode: 0 | 1 | 2,
  ) {
    if (root !== null) this.push(root);
  }

  private push(node: Node): void {
    const d = ++this.depth;
    this.nodes[d] = node;
    this.pos[d] = 0;
    this.ends[d] = node.kind === 0 ? 2 * popcount(node.bitmap) : node.kind === 1 ? 32 : 2 * node.count;
  }

  next(): IteratorResult<T> {
    while (this.depth >= 0) {
      const d = this.depth;
      const node = this.nodes[d];
      let p = this.pos[d];
      const end = this.ends[d];
      if (node.kind === 1) {
        const arr = node.array;
        while (p < end && arr[p] === null) p++;
        if (p >= end) {
          this.depth--;
          continue;
        }
        this.pos[d] = p + 1;
        this.push(arr[p] as Node);
        continue;
      }
      if (p >= end) {
        this.depth--;
        continue;
      }
      this.pos[d] = p + 2;
      const arr = node.array;
      const k = arr[p];
      if (k === SUBNODE) {
        this.push(arr[p + 1] as Node);
        continue;
      }
      const value = this.mode === 0 ? [k, arr[p + 1]] : this.mode === 1 ? k : arr[p + 1];
      return { value: value as T, done: false };
    }
    return { value: undefined, done: true };
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this;
  }
}

/** Node counts of a trie, for tests and diagnostics. */
export interface HamtShape {
  bitmapNodes: number;
  arrayNodes: number;
  collisionNodes: number;
  /** The most pairs (entries and children) in one BitmapNode; Clojure's layout keeps it <= 16. */
  maxBitmapPairs: number;
  /** Number of node levels: 1 for a lone root node, 0 for the empty trie. */
  depth: number;
}

/** Counts the nodes of a trie by kind (walks the whole trie; not for hot paths). */
export function hamtShape<K, V>(root: HamtNode<K, V> | null): HamtShape {
  const shape: HamtShape = {
    bitmapNodes: 0,
    arrayNodes: 0,
    collisionNodes: 0,
    maxBitmapPairs: 0,
    depth: 0,
  };
  const walk = (node: Node, level: number): void => {
    if (level > shape.depth) shape.depth = level;
    if (node.kind === 1) {
      shape.arrayNodes++;
      for (const child of node.array) if (child !== null) walk(child, level + 1);
    } else if (node.kind === 2) {
      shape.collisionNodes++;
    } else {
      shape.bitmapNodes++;
      const n = popcount(node.bitmap);
      if (n > shape.maxBitmapPairs) shape.maxBitmapPairs = n;
      for (let i = 0; i < 2 * n; i += 2) if (node.array[i] === SUBNODE) walk(node.array[i + 1] as Node, level + 1);
    }
  };
  const node = fromRoot(root);
  if (node !== null) walk(node, 1);
  return shape;
}

/**
 * Makes the trie operations for one key type. `hash` must agree with `equals` and is
 * only called on keys already stored (when a slot splits or a node widens), since
 * callers pass each new key's hash in; `equals` is only called after an identity check.
 */
export function makeHamt<K, V>(hash: (k: K) => number, equals: (a: K, b: K) => boolean): HamtOps<K, V> {
  // ----- lookup -----

  function get<D>(root: HamtRoot<K, V> | null, key: K, h: number, notFound: D): V | D {
    let node = fromRoot(root);
    let shift = 0;
    while (node !== null) {
      if (node.kind === 0) {
        const bit = 1 << ((h >>> shift) & 31);
        const bitmap = node.bitmap;
        if ((bitmap & bit) === 0) return notFound;
        const i = 2 * popcount(bitmap & (bit - 1));
        const arr = node.array;
        const k = arr[i];
        if (k === SUBNODE) {
          node = arr[i + 1] as Node;
          shift += 5;
          continue;
        }
        return k === key || equals(k as K, key) ? (arr[i + 1] as V) : notFound;
      }
      if (node.kind === 1) {
        node = node.array[(h >>> shift) & 31];
        shift += 5;
        continue;
      }
      // A collision node holds only keys of its own hash.
      if (node.hash !== h) return notFound;
      const arr = node.array;
      const n2 = 2 * node.count;
      for (let i = 0; i < n2; i += 2) {
        const k = arr[i];
        if (k === key || equals(k as K, key)) return arr[i + 1] as V;
      }
      return notFound;
    }
    return notFound;
  }

  function has(root: HamtRoot<K, V> | null, key: K, h: number): boolean {
    return get(root, key, h, ABSENT) !== ABSENT;
  }

  function collisionIndex(node: CollisionNode, key: K): number {
    const arr = node.array;
    const n2 = 2 * node.count;
    for (let i = 0; i < n2; i += 2) {
      const k = arr[i];
      if (k === key || equals(k as K, key)) return i;
    }
    return -1;
  }

  // ----- construction helpers (edit is null for persistent nodes) -----

  function single(edit: Edit | null, shift: number, h: number, key: K, val: V): BitmapNode {
    return new BitmapNode(edit, 1 << ((h >>> shift) & 31), [key, val]);
  }

  /** The node holding two distinct keys that met in one slot one level up (`createNode`). */
  function pair(
    edit: Edit | null,
    shift: number,
    h1: number,
    k1: unknown,
    v1: unknown,
    h2: number,
    k2: K,
    v2: V,
  ): Node {
    if (h1 === h2) return new CollisionNode(edit, h1, 2, [k1, v1, k2, v2]);
    const m1 = (h1 >>> shift) & 31;
    const m2 = (h2 >>> shift) & 31;
    if (m1 === m2) {
      return new BitmapNode(edit, 1 << m1, [SUBNODE, pair(edit, shift + 5, h1, k1, v1, h2, k2, v2)]);
    }
    const bitmap = (1 << m1) | (1 << m2);
    return m1 < m2 ? new BitmapNode(edit, bitmap, [k1, v1, k2, v2]) : new BitmapNode(edit, bitmap, [k2, v2, k1, v1]);
  }

  /** The 32-slot node replacing a full BitmapNode (16 slots) that gains slot `(h >>> shift) & 31`. */
  function widen(edit: Edit | null, node: BitmapNode, shift: number, h: number, key: K, val: V): ArrayNode {
    const nodes = new Array<Node | null>(32).fill(null);
    nodes[(h >>> shift) & 31] = single(edit, shift + 5, h, key, val);
    const bitmap = node.bitmap;
    const arr = node.array;
    let j = 0;
    for (let i = 0; i < 32; i++) {
      if (((bitmap >>> i) & 1) !== 0) {
        const k = arr[j];
        nodes[i] =
          k === SUBNODE ? (arr[j + 1] as Node) : single(edit, shift + 5, hash(k as K), k as K, arr[j + 1] as V);
        j += 2;
      }
    }
    return new ArrayNode(edit, popcount(bitmap) + 1, nodes);
  }

  /** The BitmapNode of an ArrayNode's children other than `idx` (`pack`). */
  function pack(edit: Edit | null, node: ArrayNode, idx: number): BitmapNode {
    const arr = node.array;
    const out = new Array<unknown>(2 * (node.count - 1));
    let bitmap = 0;
    let j = 0;
    for (let i = 0; i < 32; i++) {
      const child = arr[i];
      if (i !== idx && child !== null) {
        out[j++] = SUBNODE;
        out[j++] = child;
        bitmap |= 1 << i;
      }
    }
    return new BitmapNode(edit, bitmap, out);
  }

  // ----- persistent assoc / dissoc -----

  function assocNode(node: Node, shift: number, h: number, key: K, val: V, box: HamtBox): Node {
    if (node.kind === 0) {
      const bit = 1 << ((h >>> shift) & 31);
      const bitmap = node.bitmap;
      const idx = popcount(bitmap & (bit - 1));
      const arr = node.array;
      if ((bitmap & bit) !== 0) {
        const i = 2 * idx;
        const k = arr[i];
        const v = arr[i + 1];
        if (k === SUBNODE) {
          const child = assocNode(v as Node, shift + 5, h, key, val, box);
          if (child === v) return node;
          return new BitmapNode(null, bitmap, cloneAndSet(arr, i + 1, child));
        }
        if (k === key || equals(k as K, key)) {
          if (v === val) return node;
          return new BitmapNode(null, bitmap, cloneAndSet(arr, i + 1, val));
        }
        box.added = true;
        const out = arr.slice();
        out[i] = SUBNODE;
        out[i + 1] = pair(null, shift + 5, hash(k as K), k, v, h, key, val);
        return new BitmapNode(null, bitmap, out);
      }
      const n = popcount(bitmap);
      box.added = true;
      if (n >= 16) return widen(null, node, shift, h, key, val);
      const out = new Array<unknown>(2 * (n + 1));
      const cut = 2 * idx;
      for (let i = 0; i < cut; i++) out[i] = arr[i];
      out[cut] = key;
      out[cut + 1] = val;
      for (let i = cut, end = 2 * n; i < end; i++) out[i + 2] = arr[i];
      return new BitmapNode(null, bitmap | bit, out);
    }
    if (node.kind === 1) {
      const idx = (h >>> shift) & 31;
      const child = node.array[idx];
      if (child === null) {
        box.added = true;
        return new ArrayNode(
          null,
          node.count + 1,
          cloneAndSet<Node | null>(node.array, idx, single(null, shift + 5, h, key, val)),
        );
      }
      const n = assocNode(child, shift + 5, h, key, val, box);
      if (n === child) return node;
      return new ArrayNode(null, node.count, cloneAndSet<Node | null>(node.array, idx, n));
    }
    // CollisionNode
    if (h === node.hash) {
      const n2 = 2 * node.count;
      const i = collisionIndex(node, key);
      if (i !== -1) {
        if (node.array[i + 1] === val) return node;
        const out = node.array.slice(0, n2);
        out[i + 1] = val;
        return new CollisionNode(null, h, node.count, out);
      }
      box.added = true;
      const out = node.array.slice(0, n2 + 2);
      out[n2] = key;
      out[n2 + 1] = val;
      return new CollisionNode(null, h, node.count + 1, out);
    }
    // A different hash: nest the collision node one level down in a BitmapNode.
    const wrapper = new BitmapNode(null, 1 << ((node.hash >>> shift) & 31), [SUBNODE, node]);
    return assocNode(wrapper, shift, h, key, val, box);
  }

  function dissocNode(node: Node, shift: number, h: number, key: K, box: HamtBox): Node | null {
    if (node.kind === 0) {
      const bit = 1 << ((h >>> shift) & 31);
      const bitmap = node.bitmap;
      if ((bitmap & bit) === 0) return node;
      const idx = popcount(bitmap & (bit - 1));
      const arr = node.array;
      const i = 2 * idx;
      const k = arr[i];
      if (k === SUBNODE) {
        const v = arr[i + 1] as Node;
        const child = dissocNode(v, shift + 5, h, key, box);
        if (child === v) return node;
        if (child !== null) return new BitmapNode(null, bitmap, cloneAndSet<unknown>(arr, i + 1, child));
        if (bitmap === bit) return null;
        return new BitmapNode(null, bitmap ^ bit, removePair(arr, idx, popcount(bitmap)));
      }
      if (k === key || equals(k as K, key)) {
        box.removed = true;
        // Clojure keeps an empty node here; dropping it changes no order.
        if (bitmap === bit) return null;
        return new BitmapNode(null, bitmap ^ bit, removePair(arr, idx, popcount(bitmap)));
      }
      return node;
    }
    if (node.kind === 1) {
      const idx = (h >>> shift) & 31;
      const child = node.array[idx];
      if (child === null) return node;
      const n = dissocNode(child, shift + 5, h, key, box);
      if (n === child) return node;
      if (n === null) {
        if (node.count <= 8) return pack(null, node, idx);
        return new ArrayNode(null, node.count - 1, cloneAndSet<Node | null>(node.array, idx, null));
      }
      return new ArrayNode(null, node.count, cloneAndSet<Node | null>(node.array, idx, n));
    }
    if (h !== node.hash) return node;
    const i = collisionIndex(node, key);
    if (i === -1) return node;
    box.removed = true;
    if (node.count === 1) return null;
    return new CollisionNode(null, node.hash, node.count - 1, removePair(node.array, i >> 1, node.count));
  }

  function assoc(root: HamtRoot<K, V> | null, key: K, h: number, val: V, box: HamtBox): HamtRoot<K, V> {
    box.added = false;
    const node = fromRoot(root);
    if (node === null) {
      box.added = true;
      return toRoot(single(null, 0, h, key, val));
    }
    return toRoot(assocNode(node, 0, h, key, val, box));
  }

  function dissoc(root: HamtRoot<K, V> | null, key: K, h: number, box: HamtBox): HamtRoot<K, V> | null {
    box.removed = false;
    const node = fromRoot(root);
    if (node === null) return null;
    const n = dissocNode(node, 0, h, key, box);
    return n === null ? null : toRoot(n);
  }

  // ----- builder (transient) assoc: mutate nodes stamped with `edit`, copy the rest -----

  function editableBitmap(node: BitmapNode, edit: Edit): BitmapNode {
    if (node.edit === edit) return node;
    const n2 = 2 * popcount(node.bitmap);
    // Room for one more pair, as Clojure's ensureEditable leaves.
    const out = new Array<unknown>(n2 + 2);
    for (let i = 0; i < n2; i++) out[i] = node.array[i];
    return new BitmapNode(edit, node.bitmap, out);
  }

  function editableArray(node: ArrayNode, edit: Edit): ArrayNode {
    if (node.edit === edit) return node;
    return new ArrayNode(edit, node.count, node.array.slice());
  }

  function editableCollision(node: CollisionNode, edit: Edit): CollisionNode {
    if (node.edit === edit) return node;
    const n2 = 2 * node.count;
    const out = new Array<unknown>(n2 + 2);
    for (let i = 0; i < n2; i++) out[i] = node.array[i];
    return new CollisionNode(edit, node.hash, node.count, out);
  }

  function assocEdit(edit: Edit, node: Node, shift: number, h: number, key: K, val: V, box: HamtBox): Node {
    if (node.kind === 0) {
      const bit = 1 << ((h >>> shift) & 31);
      const bitmap = node.bitmap;
      const idx = popcount(bitmap & (bit - 1));
      const arr = node.array;
      if ((bitmap & bit) !== 0) {
        const i = 2 * idx;
        const k = arr[i];
        const v = arr[i + 1];
        if (k === SUBNODE) {
          const child = assocEdit(edit, v as Node, shift + 5, h, key, val, box);
          if (child === v) return node;
          const e = editableBitmap(node, edit);
          e.array[i + 1] = child;
          return e;
        }
        if (k === key || equals(k as K, key)) {
          if (v === val) return node;
          const e = editableBitmap(node, edit);
          e.array[i + 1] = val;
          return e;
        }
        box.added = true;
        const e = editableBitmap(node, edit);
        e.array[i] = SUBNODE;
        e.array[i + 1] = pair(edit, shift + 5, hash(k as K), k, v, h, key, val);
        return e;
      }
      const n = popcount(bitmap);
      box.added = true;
      if (n >= 16) return widen(edit, node, shift, h, key, val);
      const cut = 2 * idx;
      if (node.edit === edit && arr.length >= 2 * n + 2) {
        // Owned and roomy: shift the tail right by one pair in place.
        for (let i = 2 * n - 1; i >= cut; i--) arr[i + 2] = arr[i];
        arr[cut] = key;
        arr[cut + 1] = val;
        node.bitmap = bitmap | bit;
        return node;
      }
      // Grow with spare room (Clojure leaves 3 spare pairs); never past 16 pairs.
      const out = new Array<unknown>(2 * Math.min(n + 4, 16));
      for (let i = 0; i < cut; i++) out[i] = arr[i];
      out[cut] = key;
      out[cut + 1] = val;
      for (let i = cut, end = 2 * n; i < end; i++) out[i + 2] = arr[i];
      if (node.edit === edit) {
        node.array = out;
        node.bitmap = bitmap | bit;
        return node;
      }
      return new BitmapNode(edit, bitmap | bit, out);
    }
    if (node.kind === 1) {
      const idx = (h >>> shift) & 31;
      const child = node.array[idx];
      if (child === null) {
        box.added = true;
        const e = editableArray(node, edit);
        e.array[idx] = single(edit, shift + 5, h, key, val);
        e.count++;
        return e;
      }
      const n = assocEdit(edit, child, shift + 5, h, key, val, box);
      if (n === child) return node;
      const e = editableArray(node, edit);
      e.array[idx] = n;
      return e;
    }
    // CollisionNode
    if (h === node.hash) {
      const i = collisionIndex(node, key);
      if (i !== -1) {
        if (node.array[i + 1] === val) return node;
        const e = editableCollision(node, edit);
        e.array[i + 1] = val;
        return e;
      }
      box.added = true;
      const e = editableCollision(node, edit);
      const n2 = 2 * e.count;
      // JS arrays grow on write past the end, so no explicit resize is needed.
      e.array[n2] = key;
      e.array[n2 + 1] = val;
      e.count++;
      return e;
    }
    const wrapper = new BitmapNode(edit, 1 << ((node.hash >>> shift) & 31), [SUBNODE, node]);
    return assocEdit(edit, wrapper, shift, h, key, val, box);
  }

  class Builder implements HamtBuilder<K, V> {
    private edit: Edit | null = new Edit();
    private readonly box: HamtBox = hamtBox();

    constructor(private root: Node | null) {}

    private live(): Edit {
      const edit = this.edit;
      if (edit === null) throw new Error("hamt builder used after persistent()");
      return edit;
    }

    assoc(key: K, h: number, val: V, out?: HamtBox): boolean {
      const edit = this.live();
      const root = this.root;
      const box = out ?? this.box;
      box.added = false;
      if (root === null) {
        this.root = single(edit, 0, h, key, val);
        box.added = true;
        return true;
      }
      const n = assocEdit(edit, root, 0, h, key, val, box);
      if (n !== root) this.root = n;
      return box.added;
    }

    get<D>(key: K, h: number, notFound: D): V | D {
      this.live();
      return get(this.root === null ? null : toRoot<K, V>(this.root), key, h, notFound);
    }

    has(key: K, h: number): boolean {
      return this.get(key, h, ABSENT) !== ABSENT;
    }

    persistent(): HamtRoot<K, V> | null {
      this.live();
      // Dropping the stamp means nothing can change the nodes stamped with it again;
      // a later builder gets a new stamp and copies them.
      this.edit = null;
      const root = this.root;
      this.root = null;
      return root === null ? null : toRoot(root);
    }
  }

  // ----- iteration -----

  function eachNode(node: Node, fn: (key: K, val: V) => boolean | void): boolean {
    if (node.kind === 1) {
      const arr = node.array;
      for (let i = 0; i < 32; i++) {
        const child = arr[i];
        if (child !== null && !eachNode(child, fn)) return false;
      }
      return true;
    }
    const arr = node.array;
    const end = node.kind === 0 ? 2 * popcount(node.bitmap) : 2 * node.count;
    for (let i = 0; i < end; i += 2) {
      const k = arr[i];
      if (k === SUBNODE) {
        if (!eachNode(arr[i + 1] as Node, fn)) return false;
      } else if (fn(k as K, arr[i + 1] as V) === false) {
        return false;
      }
    }
    return true;
  }

  function forEach(root: HamtRoot<K, V> | null, fn: (key: K, val: V) => boolean | void): boolean {
    const node = fromRoot(root);
    return node === null ? true : eachNode(node, fn);
  }

  return {
    get,
    has,
    assoc,
    dissoc,
    forEach,
    entries: (root) => new HamtIterator<[K, V]>(fromRoot(root), 0),
    keys: (root) => new HamtIterator<K>(fromRoot(root), 1),
    values: (root) => new HamtIterator<V>(fromRoot(root), 2),
    transient: (root = null) => new Builder(fromRoot(root)),
  };
}
