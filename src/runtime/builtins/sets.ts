/**
 * clojure.set: set algebra and the relational functions over sets of maps (select,
 * project, rename, index, join). Set operands must be sets (or nil, which Clojure treats
 * as empty); a vector where a set belongs is a type error, not Clojure's silent garbage.
 */
import type { Cx } from "../context.js";
import { call1 } from "../call.js";
import { realizeKey } from "../equality.js";
import { typeError } from "../errors.js";
import { altKey, EMPTY_MAP, MapBuilder, NOT_FOUND, PMap } from "../map.js";
import { isSeqable } from "../seq.js";
import { vec } from "../vector.js";
import { EMPTY_SET, PSet, SetBuilder } from "../set.js";
import { truthy, type Value } from "../values.js";
import { itemsOf, selectKeys } from "./collections.js";
import type { BuiltinSpec } from "./registry.js";

function setArg(fn: string, v: Value, what = "sets"): PSet | null {
  if (v === null || v instanceof PSet) return v;
  throw typeError(fn, what, v, isSeqable(v) ? "convert it first with (set coll)" : undefined);
}

function size(s: PSet | null): number {
  return s === null ? 0 : s.count;
}

/** Add every item of `more` to `s` (Clojure's (reduce conj s more)). */
function addAll(s: PSet | null, more: PSet | null): PSet | null {
  if (more === null || more.count === 0) return s;
  let out = s ?? EMPTY_SET;
  more.forEach((x) => {
    out = out.conj(x);
  });
  return out;
}

function union2(a: PSet | null, b: PSet | null): PSet | null {
  return size(a) < size(b) ? addAll(b, a) : addAll(a, b);
}

function union(cx: Cx, args: readonly Value[]): Value {
  if (args.length === 0) return EMPTY_SET;
  const sets = args.map((a) => setArg("union", a));
  if (sets.length === 1) return sets[0] ?? null;
  if (sets.length === 2) {
    const [a, b] = [sets[0] ?? null, sets[1] ?? null];
    cx.charge(Math.min(size(a), size(b)));
    return union2(a, b);
  }
  // Pour everything into the largest set (the last of equal ones, as Clojure picks).
  let big = 0;
  for (let i = 1; i < sets.length; i++) if (size(sets[i] ?? null) >= size(sets[big] ?? null)) big = i;
  let out = sets[big] ?? null;
  for (let i = 0; i < sets.length; i++) {
    if (i === big) continue;
    cx.charge(size(sets[i] ?? null));
    out = addAll(out, sets[i] ?? null);
  }
  return out;
}

function intersection2(a: PSet | null, b: PSet | null): PSet | null {
  const [small, big] = size(b) < size(a) ? [b, a] : [a, b];
  if (small === null || small.count === 0) return small;
  let out: PSet = small;
  small.forEach((x) => {
    if (big === null || !big.has(x)) out = out.disj(x);
  });
  return out;
}

function difference2(a: PSet | null, b: PSet | null): PSet | null {
  if (a === null || b === null || b.count === 0) return a;
  let out: PSet = a;
  if (a.count < b.count) {
    a.forEach((x) => {
      if (b.has(x)) out = out.disj(x);
    });
  } else {
    b.forEach((x) => {
      out = out.disj(x);
    });
  }
  return out;
}

function fold(cx: Cx, fn: string, args: readonly Value[], op: (a: PSet | null, b: PSet | null) => PSet | null): Value {
  let acc = setArg(fn, args[0]!);
  for (let i = 1; i < args.length; i++) {
    const s = setArg(fn, args[i]!);
    cx.charge(Math.min(size(acc), size(s)));
    acc = op(acc, s);
  }
  return acc;
}

function subset(cx: Cx, small: PSet | null, big: PSet | null): boolean {
  if (size(small) > size(big)) return false;
  if (small === null) return true;
  let ok = true;
  small.forEach((x) => (ok = big !== null && big.has(x)));
  cx.charge(small.count);
  return ok;
}

/** Items of a relation (a collection of maps), each checked to be a map. */
function relation(cx: Cx, fn: string, xrel: Value): readonly Value[] {
  const items = itemsOf(cx, fn, xrel);
  for (const x of items) if (x !== null && !(x instanceof PMap)) throw typeError(fn, "a collection of maps", x);
  cx.charge(items.length);
  return items;
}

/** The key `m` stores `k` under: `k`, its other spelling (`:id` ↔ `"id"`), or NOT_FOUND. */
function storedKey(m: PMap, k: Value): Value {
  if (m.has(k)) return k;
  const alt = altKey(k);
  return alt !== NOT_FOUND && m.has(alt) ? alt : NOT_FOUND;
}

function renameKeys(cx: Cx, m: Value, kmap: Value): Value {
  if (m === null) return null;
  if (!(m instanceof PMap)) throw typeError("rename-keys", "a map", m);
  if (kmap === null) return m;
  if (!(kmap instanceof PMap)) throw typeError("rename-keys", "a map of old keys to new keys", kmap);
  // As Clojure: drop every old key, then add the new keys with the old values.
  const moves: [Value, Value][] = [];
  let out: PMap = m;
  kmap.forEach((oldKey, newKey) => {
    const at = storedKey(m, oldKey);
    if (at === NOT_FOUND) return;
    moves.push([newKey, m.get(at, null)]);
    out = out.dissoc(at);
  });
  for (const [k, v] of moves) out = out.assoc(realizeKey(cx, k), v);
  return out;
}

function setOf(cx: Cx, items: Value[]): PSet {
  const b = new SetBuilder();
  for (const x of items) b.add(realizeKey(cx, x));
  return b.build();
}

/** `(index xrel ks)`: a map from the ks-projection of each row to the set of rows. */
function index(cx: Cx, fn: string, xrel: Value, ks: Value): PMap {
  const rows = relation(cx, fn, xrel);
  const b = new MapBuilder();
  for (const x of rows) {
    const ik = selectKeys(cx, x, ks);
    const prev = b.get(ik, NOT_FOUND);
    b.assoc(ik, (prev === NOT_FOUND ? EMPTY_SET : (prev as PSet)).conj(realizeKey(cx, x)));
  }
  return b.build();
}

function mergeInto(m: PMap, x: PMap): PMap {
  let out = m;
  x.forEach((k, v) => {
    out = out.assoc(k, v);
  });
  return out;
}

function mapInvert(cx: Cx, m: Value): PMap {
  if (m === null) return EMPTY_MAP;
  if (!(m instanceof PMap)) throw typeError("map-invert", "a map", m);
  const b = new MapBuilder();
  m.forEach((k, v) => {
    b.assoc(realizeKey(cx, v), k);
  });
  cx.charge(m.count);
  return b.build();
}

/** Keys of a map as a set (for the natural join's shared keys). */
function keySet(m: Value): PSet {
  let s = EMPTY_SET;
  if (m instanceof PMap) m.forEach((k) => void (s = s.conj(k)));
  return s;
}

function join(cx: Cx, xrel: Value, yrel: Value, km: Value | undefined): PSet {
  const xs = relation(cx, "join", xrel);
  const ys = relation(cx, "join", yrel);
  const out = new SetBuilder();
  const probe = (idx: PMap, s: readonly Value[], keyOf: (x: Value) => Value): PSet => {
    for (const x of s) {
      const found = idx.get(keyOf(x), NOT_FOUND);
      if (found === NOT_FOUND) continue;
      (found as PSet).forEach((r) => {
        out.add(realizeKey(cx, mergeInto(r as PMap, x as PMap)));
      });
    }
    return out.build();
  };
  if (km === undefined) {
    if (xs.length === 0 || ys.length === 0) return EMPTY_SET;
    const ks = intersection2(keySet(xs[0]!), keySet(ys[0]!))!;
    const [r, s] = xs.length <= ys.length ? [xrel, ys] : [yrel, xs];
    const idx = index(cx, "join", r, ks);
    return probe(idx, s, (x) => selectKeys(cx, x, ks));
  }
  if (km !== null && !(km instanceof PMap)) throw typeError("join", "a map of keys to join on", km);
  const kmap = km ?? EMPTY_MAP;
  const [r, s, k] = xs.length <= ys.length ? [xrel, ys, mapInvert(cx, kmap)] : [yrel, xs, kmap];
  const idx = index(cx, "join", r, vec(k.valArray()));
  const kKeys = vec(k.keyArray());
  return probe(idx, s, (x) => renameKeys(cx, selectKeys(cx, x, kKeys), k));
}

export const SETS: BuiltinSpec[] = [
  {
    name: "union",
    ns: "clojure.set",
    arglists: ["[]", "[s1]", "[s1 s2]", "[s1 s2 & sets]"],
    doc: "A set of the items in any of the sets.",
    examples: [
      { code: "(set/union #{1 2} #{2 3})", result: "#{1 3 2}" },
      { code: "(set/union)", result: "#{}" },
    ],
    fn: (cx, args) => union(cx, args),
  },
  {
    name: "intersection",
    ns: "clojure.set",
    arglists: ["[s1]", "[s1 s2]", "[s1 s2 & sets]"],
    doc: "A set of the items in every one of the sets.",
    examples: [{ code: "(set/intersection #{1 2 3} #{2 3 4})", result: "#{3 2}" }],
    fn: (cx, args) => fold(cx, "intersection", args, intersection2),
  },
  {
    name: "difference",
    ns: "clojure.set",
    arglists: ["[s1]", "[s1 s2]", "[s1 s2 & sets]"],
    doc: "A set of the items of s1 that are in none of the other sets.",
    examples: [{ code: "(set/difference #{1 2 3} #{2})", result: "#{1 3}" }],
    fn: (cx, args) => fold(cx, "difference", args, difference2),
  },
  {
    name: "subset?",
    ns: "clojure.set",
    arglists: ["[s1 s2]"],
    doc: "True if every item of s1 is in s2.",
    examples: [{ code: "(set/subset? #{1} #{1 2})", result: "true" }],
    f2: (cx, a, b) => subset(cx, setArg("subset?", a, "a set"), setArg("subset?", b, "a set")),
  },
  {
    name: "superset?",
    ns: "clojure.set",
    arglists: ["[s1 s2]"],
    doc: "True if every item of s2 is in s1.",
    examples: [{ code: "(set/superset? #{1 2} #{1})", result: "true" }],
    f2: (cx, a, b) => subset(cx, setArg("superset?", b, "a set"), setArg("superset?", a, "a set")),
  },
  {
    name: "select",
    ns: "clojure.set",
    arglists: ["[pred xset]"],
    doc: "The set of the items of xset for which pred is truthy.",
    examples: [{ code: "(set/select even? #{1 2 3 4})", result: "#{4 2}" }],
    f2: (cx, pred, xs) => {
      const s = setArg("select", xs, "a set");
      if (s === null) return null;
      let out = s;
      s.forEach((x) => {
        if (!truthy(call1(cx, pred, x))) out = out.disj(x);
      });
      cx.charge(s.count);
      return out;
    },
  },
  {
    name: "project",
    ns: "clojure.set",
    arglists: ["[xrel ks]"],
    doc: "The set of the maps of xrel, each keeping only the keys ks.",
    examples: [{ code: "(set/project [{:a 1 :b 2} {:a 1 :b 3}] [:a])", result: "#{{:a 1}}" }],
    f2: (cx, xrel, ks) =>
      setOf(
        cx,
        relation(cx, "project", xrel).map((x) => selectKeys(cx, x, ks)),
      ),
  },
  {
    name: "rename-keys",
    ns: "clojure.set",
    arglists: ["[map kmap]"],
    doc: "map with the keys of kmap renamed to kmap's values (old keys found flexibly).",
    examples: [{ code: "(set/rename-keys {:a 1 :b 2} {:a :x})", result: "{:b 2, :x 1}" }],
    f2: (cx, m, kmap) => renameKeys(cx, m, kmap),
  },
  {
    name: "rename",
    ns: "clojure.set",
    arglists: ["[xrel kmap]"],
    doc: "The set of the maps of xrel with their keys renamed as by rename-keys.",
    examples: [{ code: "(set/rename #{{:a 1}} {:a :x})", result: "#{{:x 1}}" }],
    f2: (cx, xrel, kmap) =>
      setOf(
        cx,
        relation(cx, "rename", xrel).map((x) => renameKeys(cx, x, kmap)),
      ),
  },
  {
    name: "index",
    ns: "clojure.set",
    arglists: ["[xrel ks]"],
    doc: "A map from each distinct projection on ks to the set of maps of xrel with it.",
    examples: [
      {
        code: "(set/index [{:a 1 :b 2} {:a 1 :b 3} {:a 2}] [:a])",
        result: "{{:a 1} #{{:a 1, :b 2} {:a 1, :b 3}}, {:a 2} #{{:a 2}}}",
      },
    ],
    f2: (cx, xrel, ks) => index(cx, "index", xrel, ks),
  },
  {
    name: "map-invert",
    ns: "clojure.set",
    arglists: ["[m]"],
    doc: "The map with keys and values swapped.",
    examples: [{ code: "(set/map-invert {:a 1 :b 2})", result: "{1 :a, 2 :b}" }],
    f1: (cx, m) => mapInvert(cx, m),
  },
];

/** clojure.set/join (its bare name `join` is clojure.string's: the registry prefers it). */
const SET_JOIN: BuiltinSpec = {
  name: "join",
  ns: "clojure.set",
  arglists: ["[xrel yrel]", "[xrel yrel km]"],
  doc: "The natural join of two sets of maps on their shared keys, or on the keys km maps from xrel to yrel.",
  examples: [
    {
      code: "(set/join #{{:id 1 :a 1}} #{{:id 1 :b 2}})",
      result: "#{{:id 1, :a 1, :b 2}}",
    },
    {
      code: '(set/join [{:uid 1 :n "x"}] [{:id 1 :k 2}] {:uid :id})',
      result: '#{{:uid 1, :n "x", :id 1, :k 2}}',
    },
  ],
  f2: (cx, x, y) => join(cx, x, y, undefined),
  f3: (cx, x, y, km) => join(cx, x, y, km),
};

SETS.push(SET_JOIN);
