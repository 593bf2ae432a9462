import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { hamtBox, hamtShape, makeHamt, type HamtOps, type HamtRoot } from "../../src/runtime/hamt.js";
import { hashLong, hashString } from "../../src/runtime/hash.js";

type Root = HamtRoot<number, number> | null;
type Cmd = { t: "assoc"; k: number; v: number } | { t: "dissoc"; k: number } | { t: "get"; k: number };

/** Hash functions: a good one, and bad ones that force collisions and deep or wide tries. */
const HASHES: [string, (k: number) => number][] = [
  ["hashLong", hashLong],
  ["identity (wide first level)", (k) => k | 0],
  ["k & 3 (collisions)", (k) => k & 3],
  ["k * 2^20 (deep)", (k) => (k * 2 ** 20) | 0],
  ["(k & 31) << 27 (top levels only)", (k) => (k & 31) << 27],
  ["constant (all collide)", () => 7],
];

const eq = (a: number, b: number) => a === b;

/** Sort key of a hash in Clojure's iteration order: its 5-bit chunks, lowest chunk first. */
function chunkKey(h: number): number {
  let key = 0;
  for (let shift = 0; shift < 35; shift += 5) key = key * 32 + ((h >>> shift) & 31);
  return key;
}

/**
 * The order Clojure's PersistentHashMap iterates in, computed without a trie: by hash
 * chunks, and among equal hashes in insertion order (a JS Map's order, which keeps a
 * replaced key in place and moves a removed-then-added key to the end).
 */
function referenceOrder(model: Map<number, number>, hash: (k: number) => number): [number, number][] {
  return [...model.entries()]
    .map((e, i) => ({ e, i, key: chunkKey(hash(e[0])) }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.e);
}

function collect(ops: HamtOps<number, number>, root: Root): [number, number][] {
  const out: [number, number][] = [];
  ops.forEach(root, (k, v) => {
    out.push([k, v]);
  });
  return out;
}

/** Describes how `root` differs from the model, or returns "" when it matches exactly. */
function mismatch(
  ops: HamtOps<number, number>,
  root: Root,
  model: Map<number, number>,
  hash: (k: number) => number,
  probe: Iterable<number>,
): string {
  const want = referenceOrder(model, hash);
  const got = collect(ops, root);
  const same = (a: [number, number][]) =>
    a.length === want.length && a.every((e, i) => e[0] === want[i]![0] && e[1] === want[i]![1]);
  if (!same(got)) return `forEach gave ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;
  if (!same([...ops.entries(root)])) return "entries() differs from the reference order";
  const keys = [...ops.keys(root)];
  const vals = [...ops.values(root)];
  if (keys.length !== want.length || keys.some((k, i) => k !== want[i]![0])) return "keys() differs";
  if (vals.length !== want.length || vals.some((v, i) => v !== want[i]![1])) return "values() differs";
  for (const k of probe) {
    const v = ops.get(root, k, hash(k), -1);
    if (v !== (model.has(k) ? model.get(k) : -1)) return `get(${k}) gave ${v}`;
    if (ops.has(root, k, hash(k)) !== model.has(k)) return `has(${k}) is wrong`;
  }
  if ((root === null) !== (model.size === 0)) return "empty trie must be null";
  const shape = hamtShape(root);
  if (shape.maxBitmapPairs > 16) return `a BitmapNode holds ${shape.maxBitmapPairs} pairs`;
  return "";
}

function cmdArb(keys: fc.Arbitrary<number>): fc.Arbitrary<Cmd> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        t: fc.constant("assoc" as const),
        k: keys,
        v: fc.integer({ min: 0, max: 3 }),
      }),
    },
    { weight: 3, arbitrary: fc.record({ t: fc.constant("dissoc" as const), k: keys }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant("get" as const), k: keys }) },
  );
}

/** Runs commands against the trie and a Map model, checking every step and persistence at the end. */
function runModel(hash: (k: number) => number, cmds: Cmd[], probe: number[]): void {
  const ops = makeHamt<number, number>(hash, eq);
  const box = hamtBox();
  let root: Root = null;
  let count = 0;
  const model = new Map<number, number>();
  const history: { root: Root; model: Map<number, number>; count: number }[] = [];
  for (const c of cmds) {
    const h = hash(c.k);
    if (c.t === "assoc") {
      const before = root;
      const had = model.has(c.k);
      const same = had && model.get(c.k) === c.v;
      root = ops.assoc(root, c.k, h, c.v, box);
      expect(box.added).toBe(!had);
      if (box.added) count++;
      if (same) expect(root).toBe(before);
      else expect(root).not.toBe(before);
      model.set(c.k, c.v);
    } else if (c.t === "dissoc") {
      const before = root;
      root = ops.dissoc(root, c.k, h, box);
      expect(box.removed).toBe(model.has(c.k));
      if (box.removed) count--;
      else expect(root).toBe(before);
      model.delete(c.k);
    } else {
      expect(ops.get(root, c.k, h, -1)).toBe(model.has(c.k) ? model.get(c.k) : -1);
    }
    expect(count).toBe(model.size);
    history.push({ root, model: new Map(model), count });
  }
  expect(mismatch(ops, root, model, hash, probe)).toBe("");
  // Persistence: every earlier version still reads exactly as it did.
  for (const snap of history) expect(mismatch(ops, snap.root, snap.model, hash, [])).toBe("");
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

describe("makeHamt against a Map model", () => {
  for (const [name, hash] of HASHES) {
    it(`random assoc/dissoc/get with small keys, hash = ${name}`, () => {
      fc.assert(
        fc.property(fc.array(cmdArb(fc.integer({ min: -40, max: 40 })), { maxLength: 120, size: "max" }), (cmds) => {
          runModel(hash, cmds, range(-42, 42));
        }),
        { numRuns: 150 },
      );
    });
  }

  for (const [name, hash] of [HASHES[0]!, HASHES[1]!]) {
    it(`grows to 32-way nodes and packs back, hash = ${name}`, () => {
      // Many keys then removing most of them walks ArrayNode creation and packing.
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 400 }), {
            minLength: 50,
            maxLength: 300,
            size: "max",
          }),
          fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 300, size: "max" }),
          (adds, removes) => {
            const cmds: Cmd[] = [
              ...adds.map((k): Cmd => ({ t: "assoc", k, v: k & 3 })),
              ...removes.map((k): Cmd => ({ t: "dissoc", k })),
              ...adds.map((k): Cmd => ({ t: "dissoc", k })),
            ];
            runModel(hash, cmds, range(0, 401));
          },
        ),
        { numRuns: 25 },
      );
    }, 60_000);
  }

  it("deterministic walk through every first-level slot and back", () => {
    const hash = (k: number) => k | 0;
    const cmds: Cmd[] = [];
    for (let k = 0; k < 64; k++) cmds.push({ t: "assoc", k, v: 1 });
    for (let k = 0; k < 64; k++) cmds.push({ t: "dissoc", k: (k * 7) % 64 });
    runModel(hash, cmds, range(0, 64));
  });
});

describe("node layout", () => {
  // With hash = k, keys 0..31 land in distinct root slots, so the root's kind is visible.
  const hash = (k: number) => k | 0;
  const ops = makeHamt<number, number>(hash, eq);

  it("a 17th root slot turns the root into an ArrayNode, persistently and in a builder", () => {
    const box = hamtBox();
    let root: Root = null;
    const b = ops.transient();
    for (let k = 0; k < 16; k++) {
      root = ops.assoc(root, k, hash(k), k, box);
      b.assoc(k, hash(k), k);
    }
    expect(hamtShape(root)).toMatchObject({
      arrayNodes: 0,
      bitmapNodes: 1,
      maxBitmapPairs: 16,
      depth: 1,
    });
    root = ops.assoc(root, 16, hash(16), 16, box);
    b.assoc(16, hash(16), 16);
    expect(hamtShape(root)).toMatchObject({
      arrayNodes: 1,
      bitmapNodes: 17,
      maxBitmapPairs: 1,
      depth: 2,
    });
    expect(hamtShape(b.persistent())).toMatchObject({ arrayNodes: 1, bitmapNodes: 17 });
  });

  it("an ArrayNode packs back into a BitmapNode when it drops below 8 children", () => {
    const box = hamtBox();
    let root: Root = null;
    for (let k = 0; k < 17; k++) root = ops.assoc(root, k, hash(k), k, box);
    for (let k = 16; k >= 8; k--) root = ops.dissoc(root, k, hash(k), box);
    // 8 children left: still 32-way, as in Clojure (it packs when a child goes at count <= 8).
    expect(hamtShape(root)).toMatchObject({ arrayNodes: 1, bitmapNodes: 8 });
    root = ops.dissoc(root, 7, hash(7), box);
    expect(hamtShape(root)).toMatchObject({
      arrayNodes: 0,
      bitmapNodes: 8,
      maxBitmapPairs: 7,
      depth: 2,
    });
    expect([...ops.keys(root)]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("equal full hashes share a collision node; keys meeting in a slot go one level down", () => {
    const box = hamtBox();
    const coll = makeHamt<number, number>(() => 5, eq);
    let r: Root = null;
    for (const k of [3, 1, 2]) r = coll.assoc(r, k, 5, k, box);
    expect(hamtShape(r)).toMatchObject({ collisionNodes: 1 });
    expect([...coll.keys(r)]).toEqual([3, 1, 2]);
    // 1 and 33 share the low 5 bits, so they split at shift 5.
    let s: Root = null;
    for (const k of [1, 33]) s = ops.assoc(s, k, hash(k), k, box);
    expect(hamtShape(s)).toMatchObject({ bitmapNodes: 2, collisionNodes: 0, depth: 2 });
    expect([...ops.keys(s)]).toEqual([1, 33]);
  });
});

describe("assoc / dissoc contracts", () => {
  const ops = makeHamt<number, number>(hashLong, eq);

  it("identical-value assoc returns the same root; a new value does not", () => {
    const box = hamtBox();
    let root: Root = null;
    for (let i = 0; i < 1000; i++) root = ops.assoc(root, i, hashLong(i), i * 10, box);
    for (const k of [0, 17, 512, 999]) {
      expect(ops.assoc(root, k, hashLong(k), k * 10, box)).toBe(root);
      expect(box.added).toBe(false);
      const changed = ops.assoc(root, k, hashLong(k), -1, box);
      expect(changed).not.toBe(root);
      expect(box.added).toBe(false);
      expect(ops.get(changed, k, hashLong(k), null)).toBe(-1);
      expect(ops.get(root, k, hashLong(k), null)).toBe(k * 10);
    }
  });

  it("the box is reset by each call", () => {
    const box = hamtBox();
    box.added = true;
    box.removed = true;
    const r1 = ops.assoc(null, 1, hashLong(1), 1, box);
    expect(box.added).toBe(true);
    ops.assoc(r1, 1, hashLong(1), 2, box);
    expect(box.added).toBe(false);
    ops.dissoc(r1, 1, hashLong(1), box);
    expect(box.removed).toBe(true);
    ops.dissoc(r1, 2, hashLong(2), box);
    expect(box.removed).toBe(false);
  });

  it("dissoc of an absent key returns the same root; of the last key, null", () => {
    const box = hamtBox();
    expect(ops.dissoc(null, 1, hashLong(1), box)).toBe(null);
    expect(box.removed).toBe(false);
    const r = ops.assoc(null, 1, hashLong(1), 1, box);
    expect(ops.dissoc(r, 2, hashLong(2), box)).toBe(r);
    expect(ops.dissoc(r, 1, hashLong(1), box)).toBe(null);
    expect(box.removed).toBe(true);
  });

  it("forEach stops when the callback returns false", () => {
    const box = hamtBox();
    let root: Root = null;
    for (let i = 0; i < 100; i++) root = ops.assoc(root, i, hashLong(i), i, box);
    let seen = 0;
    expect(ops.forEach(root, () => ++seen < 10 || false)).toBe(false);
    expect(seen).toBe(10);
    expect(ops.forEach(root, () => undefined)).toBe(true);
    expect(ops.forEach(null, () => false)).toBe(true);
  });

  it("uses the equality function, not identity", () => {
    class Key {
      constructor(readonly s: string) {}
    }
    const h = (k: Key) => hashString(k.s);
    const kops = makeHamt<Key, string>(h, (a, b) => a.s === b.s);
    const box = hamtBox();
    let root: HamtRoot<Key, string> | null = null;
    // "Aa" and "BB" share Java's String.hashCode, so they also collide here.
    for (const s of ["Aa", "BB", "x", "AaAa", "BBBB", "AaBB"])
      root = kops.assoc(root, new Key(s), h(new Key(s)), s, box);
    for (const s of ["Aa", "BB", "x", "AaAa", "BBBB", "AaBB"])
      expect(kops.get(root, new Key(s), h(new Key(s)), null)).toBe(s);
    expect(kops.has(root, new Key("AaAb"), h(new Key("AaAb")))).toBe(false);
    root = kops.assoc(root, new Key("BB"), h(new Key("BB")), "bb", box);
    expect(box.added).toBe(false);
    root = kops.dissoc(root, new Key("Aa"), h(new Key("Aa")), box);
    expect(box.removed).toBe(true);
    expect(kops.get(root, new Key("BB"), h(new Key("BB")), null)).toBe("bb");
    expect(kops.get(root, new Key("Aa"), h(new Key("Aa")), null)).toBe(null);
  });
});

describe("iteration order", () => {
  it("is Clojure's: by 5-bit hash chunks, low chunk first, collisions in insertion order", () => {
    for (const [, hash] of HASHES) {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.nat(9)), {
            maxLength: 200,
            size: "max",
          }),
          (kvs) => {
            const ops = makeHamt<number, number>(hash, eq);
            const box = hamtBox();
            let root: Root = null;
            const model = new Map<number, number>();
            for (const [k, v] of kvs) {
              root = ops.assoc(root, k, hash(k), v, box);
              model.set(k, v);
            }
            expect([...ops.entries(root)]).toEqual(referenceOrder(model, hash));
          },
        ),
        { numRuns: 60 },
      );
    }
  });

  it("puts small keys of hashLong in a known order", () => {
    // With hashLong, keys 1..3 must come out by the low 5 bits of their hashes.
    const ops = makeHamt<number, number>(hashLong, eq);
    const box = hamtBox();
    let root: Root = null;
    for (const k of [1, 2, 3]) root = ops.assoc(root, k, hashLong(k), k, box);
    const order = [1, 2, 3].sort((a, b) => chunkKey(hashLong(a)) - chunkKey(hashLong(b)));
    expect([...ops.keys(root)]).toEqual(order);
    // hashLong(1) & 31 = 4, hashLong(2) & 31 = 20, so 1 precedes 2 whatever 3 does.
    expect(order.indexOf(1)).toBeLessThan(order.indexOf(2));
  });
});

describe("transient builder", () => {
  for (const [name, hash] of HASHES) {
    it(`builds the same trie as repeated persistent assoc, hash = ${name}`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: -300, max: 300 }), fc.nat(3)), {
            maxLength: 300,
            size: "max",
          }),
          (kvs) => {
            const ops = makeHamt<number, number>(hash, eq);
            const box = hamtBox();
            let root: Root = null;
            const b = ops.transient();
            for (const [k, v] of kvs) {
              root = ops.assoc(root, k, hash(k), v, box);
              const added = box.added;
              expect(b.assoc(k, hash(k), v)).toBe(added);
              expect(b.get(k, hash(k), -1)).toBe(v);
              expect(b.has(k, hash(k))).toBe(true);
            }
            const built = b.persistent();
            expect([...ops.entries(built)]).toEqual([...ops.entries(root)]);
          },
        ),
        { numRuns: 60 },
      );
    });

    it(`starting from a persistent trie leaves that trie unchanged, hash = ${name}`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: -200, max: 200 }), fc.nat(3)), {
            maxLength: 150,
            size: "max",
          }),
          fc.array(fc.tuple(fc.integer({ min: -200, max: 200 }), fc.nat(3)), {
            maxLength: 150,
            size: "max",
          }),
          (first, second) => {
            const ops = makeHamt<number, number>(hash, eq);
            const box = hamtBox();
            // The base is itself builder-made, so its nodes carry a (retired) edit stamp.
            const b0 = ops.transient();
            for (const [k, v] of first) b0.assoc(k, hash(k), v);
            const base = b0.persistent();
            const baseEntries = [...ops.entries(base)];

            // Persistent updates of a builder-made trie must copy, not mutate.
            let p = base;
            for (const [k, v] of second) p = ops.assoc(p, k, hash(k), v, box);
            expect([...ops.entries(base)]).toEqual(baseEntries);

            const b1 = ops.transient(base);
            for (const [k, v] of second) b1.assoc(k, hash(k), v, box);
            const grown = b1.persistent();
            expect([...ops.entries(base)]).toEqual(baseEntries);
            expect([...ops.entries(grown)]).toEqual([...ops.entries(p)]);

            // And a builder over `grown` does not disturb `grown`.
            const grownEntries = [...ops.entries(grown)];
            const b2 = ops.transient(grown);
            for (const [k] of first) b2.assoc(k, hash(k), 99);
            b2.persistent();
            expect([...ops.entries(grown)]).toEqual(grownEntries);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it("reports additions through an optional box", () => {
    const ops = makeHamt<number, number>(hashLong, eq);
    const box = hamtBox();
    const b = ops.transient();
    expect(b.assoc(1, hashLong(1), 1, box)).toBe(true);
    expect(box.added).toBe(true);
    expect(b.assoc(1, hashLong(1), 2, box)).toBe(false);
    expect(box.added).toBe(false);
  });

  it("cannot be used after persistent()", () => {
    const ops = makeHamt<number, number>(hashLong, eq);
    const b = ops.transient();
    b.assoc(1, hashLong(1), 1);
    expect(b.persistent()).not.toBe(null);
    expect(() => b.assoc(2, hashLong(2), 2)).toThrow();
    expect(() => b.get(1, hashLong(1), null)).toThrow();
    expect(() => b.persistent()).toThrow();
    expect(ops.transient().persistent()).toBe(null);
  });

  it("builds 100,000 entries", () => {
    const ops = makeHamt<number, number>(hashLong, eq);
    const b = ops.transient();
    const n = 100_000;
    let added = 0;
    for (let i = 0; i < n; i++) if (b.assoc(i, hashLong(i), 2 * i)) added++;
    for (let i = 0; i < n; i += 2) b.assoc(i, hashLong(i), 2 * i); // replacements
    expect(added).toBe(n);
    const root = b.persistent();
    let wrong = 0;
    for (let i = 0; i < n; i++) if (ops.get(root, i, hashLong(i), -1) !== 2 * i) wrong++;
    expect(wrong).toBe(0);
    expect(ops.get(root, n, hashLong(n), -1)).toBe(-1);
    expect(ops.get(root, -1, hashLong(-1), -1)).toBe(-1);
    const keys = [...ops.keys(root)];
    expect(keys.length).toBe(n);
    const sorted = Array.from({ length: n }, (_, i) => i).sort(
      (a, c) => chunkKey(hashLong(a)) - chunkKey(hashLong(c)) || a - c,
    );
    expect(keys).toEqual(sorted);
    // Remove every other key persistently.
    const box = hamtBox();
    let r: Root = root;
    for (let i = 0; i < n; i += 2) r = ops.dissoc(r, i, hashLong(i), box);
    let m = 0;
    let even = 0;
    ops.forEach(r, (k) => {
      if (k % 2 === 0) even++;
      m++;
    });
    expect(even).toBe(0);
    expect(m).toBe(n / 2);
    expect(ops.get(root, 0, hashLong(0), -1)).toBe(0);
  });
});
