/**
 * Clojure's `=` and `hash`.
 *
 * - Numbers: integers and floats are different categories (`(= 1 1.0)` is false, as in
 *   Clojure); NaN equals nothing.
 * - Sequential values (vectors, lists, seqs) are equal when their items are, whatever
 *   their concrete type: `(= [1 2] '(1 2))`.
 * - Maps and sets by content; keywords, strings, chars by value; functions, vars and
 *   regexes by identity.
 *
 * `equiv(cx, ...)` may realize lazy seqs (program code) and is what builtins use.
 * `equivRealized` and `hasheq` never run program code: they serve map keys and set items,
 * which are realized when stored (`realizeKey`).
 */
import type { Cx } from "./context.js";
import { HostObject } from "./host-object.js";
import { internalError } from "./errors.js";
import {
  finishCollHash,
  hashBoolean,
  hashChar,
  hashDouble,
  hashKeyword,
  hashLong,
  hashString,
  hashSymbol,
  orderedStep,
  unorderedStep,
} from "./hash.js";
import { MapBuilder, NOT_FOUND, PMap } from "./map.js";
import {
  ASeq,
  ArraySeq,
  Cons,
  EmptyList,
  LazySeq,
  PList,
  Range,
  arraySeq,
  isSequential,
  realizedArray,
  seq,
} from "./seq.js";
import { PSet } from "./set.js";
import { Char, Keyword, PtcFloat, PtcFn, PtcObject, Regex, Sym, Var, type Value } from "./values.js";
import { PVector } from "./vector.js";

// ---------------------------------------------------------------------------------------
// Equality

/** Steps charged per map entry visited by a walk (a lookup or a trie step each). */
const MAP_ENTRY_STEPS = 4;

/** Clojure's `=` (two values). May realize lazy seqs. */
export function equiv(cx: Cx, a: Value, b: Value): boolean {
  if (a === b) return typeof a !== "number" || a === a;
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return false;
  if (isSequential(a)) {
    if (!isSequential(b)) return false;
    return seqEquiv(cx, a, b);
  }
  if (a instanceof PMap) return b instanceof PMap && mapEquiv(a, b, cx);
  if (a instanceof PSet) {
    if (!(b instanceof PSet)) return false;
    cx.charge(a.count);
    return setEquiv(a, b);
  }
  return scalarObjEquiv(a, b);
}

/** `=` on values that contain no unrealized seqs (map keys, set items). */
export function equivRealized(a: Value, b: Value): boolean {
  if (a === b) return typeof a !== "number" || a === a;
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return false;
  if (isSequential(a)) {
    if (!isSequential(b)) return false;
    return seqEquiv(null, a, b);
  }
  if (a instanceof PMap) return b instanceof PMap && mapEquiv(a, b, null);
  if (a instanceof PSet) return b instanceof PSet && setEquiv(a, b);
  return scalarObjEquiv(a, b);
}

function scalarObjEquiv(a: PtcObject, b: PtcObject): boolean {
  if (a instanceof Keyword) return b instanceof Keyword && a.fqn === b.fqn;
  if (a instanceof PtcFloat) return b instanceof PtcFloat && a.value === b.value;
  if (a instanceof Char) return b instanceof Char && a.c === b.c;
  if (a instanceof Sym) return b instanceof Sym && a.fqn === b.fqn;
  if (a instanceof HostObject) return a.equals(b);
  return false;
}

/** Step through a realized sequential value without a context. */
function nextRealized(s: ASeq): ASeq | null {
  if (s instanceof ArraySeq) {
    if (s.i + 1 < s.end) return new ArraySeq(s.arr, s.i + 1, s.end, s.more);
    return s.more === null ? null : seqRealized(s.more);
  }
  if (s instanceof PList) return s.tail;
  if (s instanceof Range) return s.next();
  if (s instanceof Cons) return seqRealized(s.more);
  throw internalError("unexpected sequence type in a realized walk");
}

function seqRealized(v: Value): ASeq | null {
  if (v === null || v instanceof EmptyList) return null;
  if (v instanceof ASeq) return v;
  if (v instanceof PVector) return v.count === 0 ? null : new ArraySeq(v.arr, 0, v.count, null);
  if (v instanceof LazySeq) return v.realizedSeq();
  throw internalError("unexpected value in a realized walk");
}

// Shared structure: a value of 41 nodes can be a tree of 2^40 (a vector holding the same
// vector twice, forty levels deep). Comparing two such values item by item walks the
// tree; remembering, during one comparison, the pairs of collections already found equal
// walks each pair of distinct nodes once. Cached hashes that differ answer at once.

/** Pairs of nested collections found equal during the current top-level comparison. */
let provenEqual: Map<object, Set<object>> | null = null;
/** Nesting of collection comparisons; the memo is used from this depth on. */
let nesting = 0;
const MEMO_DEPTH = 3;

function knownUnequal(a: Value, b: Value): boolean {
  const ha = (a as { hashCache?: number }).hashCache;
  const hb = (b as { hashCache?: number }).hashCache;
  return ha !== undefined && hb !== undefined && ha !== hb;
}

/** Compare two nested collections, at most once per pair of objects in a comparison. */
function collEquiv(cx: Cx | null, a: PtcObject, b: PtcObject, compare: () => boolean): boolean {
  if (knownUnequal(a, b)) return false;
  if (nesting < MEMO_DEPTH) {
    nesting++;
    try {
      return compare();
    } finally {
      if (--nesting === 0) provenEqual = null;
    }
  }
  const memo = (provenEqual ??= new Map());
  const partners = memo.get(a);
  if (partners !== undefined && partners.has(b)) {
    if (cx !== null && --cx.fuel < 0) cx.refuel();
    return true;
  }
  nesting++;
  let same: boolean;
  try {
    same = compare();
  } finally {
    if (--nesting === 0) provenEqual = null;
  }
  if (same && provenEqual !== null) {
    const p = provenEqual.get(a);
    // A set: the lookup above is constant time however many partners `a` has met.
    if (p === undefined) provenEqual.set(a, new Set([b]));
    else p.add(b);
  }
  return same;
}

function seqEquiv(cx: Cx | null, a: Value, b: Value): boolean {
  return collEquiv(cx, a as PtcObject, b as PtcObject, () => seqEquivItems(cx, a, b));
}

function seqEquivItems(cx: Cx | null, a: Value, b: Value): boolean {
  if (a instanceof PVector && b instanceof PVector) {
    if (a.count !== b.count) return false;
    // Charged per vector: a vector holding the same vector twice, many levels deep, is
    // compared item by item along every path, so the cost is the tree's, not the memory's.
    if (cx !== null) cx.charge(a.count);
    for (let i = 0; i < a.count; i++) {
      const x = a.arr[i] as Value;
      const y = b.arr[i] as Value;
      if (x !== y && !(cx === null ? equivRealized(x, y) : equiv(cx, x, y))) return false;
    }
    return true;
  }
  if (a instanceof PList && b instanceof PList && a.count !== b.count) return false;
  let sa = cx === null ? seqRealized(a) : seq(cx, a);
  let sb = cx === null ? seqRealized(b) : seq(cx, b);
  while (sa !== null && sb !== null) {
    const x = sa.first();
    const y = sb.first();
    if (x !== y && !(cx === null ? equivRealized(x, y) : equiv(cx, x, y))) return false;
    if (cx === null) {
      sa = nextRealized(sa);
      sb = nextRealized(sb);
    } else {
      if (--cx.fuel < 0) cx.refuel();
      sa = sa.next(cx);
      sb = sb.next(cx);
    }
  }
  return sa === null && sb === null;
}

function mapEquiv(a: PMap, b: PMap, cx: Cx | null): boolean {
  if (a.count !== b.count) return false;
  return collEquiv(cx, a, b, () => mapEquivEntries(a, b, cx));
}

function mapEquivEntries(a: PMap, b: PMap, cx: Cx | null): boolean {
  if (cx !== null) cx.charge(a.count * MAP_ENTRY_STEPS);
  let same = true;
  a.forEach((k, v) => {
    const w = b.get(k, NOT_FOUND);
    if (w === NOT_FOUND || (v !== w && !(cx === null ? equivRealized(v, w) : equiv(cx, v, w)))) {
      same = false;
      return false;
    }
    return true;
  });
  return same;
}

function setEquiv(a: PSet, b: PSet): boolean {
  if (a.count !== b.count) return false;
  return collEquiv(null, a, b, () => setEquivItems(a, b));
}

function setEquivItems(a: PSet, b: PSet): boolean {
  let same = true;
  a.forEach((x) => {
    if (!b.has(x)) {
      same = false;
      return false;
    }
    return true;
  });
  return same;
}

// ---------------------------------------------------------------------------------------
// Hashing (Clojure's hasheq, so hash maps and sets iterate in the JVM's order)

export function hasheq(v: Value): number {
  switch (typeof v) {
    case "number":
      return Number.isInteger(v) ? hashLong(v) : hashDouble(v);
    case "string":
      return hashString(v);
    case "boolean":
      return hashBoolean(v);
    case "object":
      if (v === null) return 0;
      return hashObject(v);
    default:
      throw internalError(`cannot hash ${typeof v}`);
  }
}

function hashObject(v: PtcObject): number {
  if (v instanceof Keyword) {
    if (v.hashCache === 0) v.hashCache = hashKeyword(v.ns, v.name) || 1;
    return v.hashCache;
  }
  if (v instanceof PVector || v instanceof ASeq || v instanceof LazySeq) {
    if (v.hashCache !== undefined) return v.hashCache;
    let acc = 1;
    let n = 0;
    if (v instanceof PVector) {
      for (let i = 0; i < v.count; i++) acc = orderedStep(acc, hasheq(v.arr[i] as Value));
      n = v.count;
    } else {
      for (let s = seqRealized(v); s !== null; s = nextRealized(s)) {
        acc = orderedStep(acc, hasheq(s.first()));
        n++;
      }
    }
    return (v.hashCache = finishCollHash(acc, n));
  }
  if (v instanceof EmptyList) return finishCollHash(1, 0);
  if (v instanceof PMap) {
    if (v.hashCache !== undefined) return v.hashCache;
    let acc = 0;
    v.forEach((k, val) => {
      acc = unorderedStep(acc, finishCollHash(orderedStep(orderedStep(1, hasheq(k)), hasheq(val)), 2));
    });
    return (v.hashCache = finishCollHash(acc, v.count));
  }
  if (v instanceof PSet) {
    if (v.hashCache !== undefined) return v.hashCache;
    let acc = 0;
    v.forEach((x) => {
      acc = unorderedStep(acc, hasheq(x));
    });
    return (v.hashCache = finishCollHash(acc, v.count));
  }
  if (v instanceof PtcFloat) return hashDouble(v.value);
  if (v instanceof Char) return hashChar(v.c);
  if (v instanceof Sym) return hashSymbol(v.ns, v.name);
  // Functions, vars and regexes are equal only to themselves; hashing their names keeps
  // the hash deterministic (equal objects hash equally, collisions are harmless).
  if (v instanceof PtcFn) return hashString(v.name ?? "fn");
  if (v instanceof Var) return hashString(v.name);
  if (v instanceof Regex) return hashString(v.source);
  if (v instanceof HostObject) return v.hash();
  return 0;
}

// ---------------------------------------------------------------------------------------
// Realizing keys

/** Strings at least this long are charged a step per this many characters when hashed. */
const LONG_STRING = 1024;

/**
 * Make a value safe to use as a map key or set item: every unrealized seq inside it is
 * realized (charging the context). Returns the same value when nothing was lazy.
 *
 * Every lookup and insertion with a program's value goes through here, and the walk
 * charges one step per item it visits: that pays for the hashing and comparing the
 * value will cost in the map (which run without a context), however the value shares
 * its parts.
 */
export function realizeKey(cx: Cx, v: Value): Value {
  if (typeof v === "string") {
    // The collection holding it is hashed below, and a string's hash is not kept (O(length)
    // each time): a long one is charged for it, so that a million references to one long
    // string stop at the step limit, not only at the watchdog.
    if (v.length >= LONG_STRING) cx.charge(Math.floor(v.length / LONG_STRING));
    return v;
  }
  if (typeof v !== "object" || v === null) return v;
  // A collection with a cached hash was realized and walked before (hasheq needs every
  // item realized): shared structure is walked once per distinct node, not per path.
  // Charged as its own walk is (not its items'), so that the steps do not depend on
  // whether a shared constant (the empty vector) was hashed before.
  if ((v as { hashCache?: number }).hashCache !== undefined && !(v instanceof Keyword)) {
    cx.charge(
      v instanceof PMap
        ? v.count * MAP_ENTRY_STEPS
        : v instanceof PVector || v instanceof PSet || v instanceof PList
          ? v.count
          : 1,
    );
    return v;
  }
  if (v instanceof PVector) {
    cx.charge(v.count);
    let copy: Value[] | null = null;
    for (let i = 0; i < v.count; i++) {
      const x = v.arr[i] as Value;
      const r = realizeKey(cx, x);
      if (r !== x && copy === null) copy = v.arr.slice(0, v.count);
      if (copy !== null) copy[i] = r;
    }
    if (copy === null) {
      hasheq(v); // every item's hash is cached by now: O(count)
      return v;
    }
    return new PVector(copy, copy.length);
  }
  if (v instanceof EmptyList) return v;
  if (v instanceof PList) {
    // A list's items may be lazy too: walk them like a vector's.
    cx.charge(v.count);
    let items: Value[] | null = null;
    let i = 0;
    for (let l: PList | null = v; l !== null; l = l.tail, i++) {
      const x = l.first();
      const r = realizeKey(cx, x);
      if (r !== x && items === null) items = realizedArray(v).slice(0, i);
      if (items !== null) items.push(r);
    }
    return items === null ? v : PList.from(items);
  }
  if (v instanceof ASeq || v instanceof LazySeq) {
    // Realize the whole seq into an array seq with realized items.
    const items: Value[] = [];
    for (let s = seq(cx, v); s !== null; s = s.next(cx)) {
      items.push(realizeKey(cx, s.first()));
      cx.checkSize(items.length);
      if (--cx.fuel < 0) cx.refuel();
    }
    return arraySeq(items);
  }
  if (v instanceof PMap) {
    // A map's entries cost more to visit than a vector's items (a trie walk).
    cx.charge(v.count * MAP_ENTRY_STEPS);
    // Values are walked in place; a new map is built only once one of them changed.
    let b: MapBuilder | null = null;
    let done = 0;
    v.forEach((k, val) => {
      const r = realizeKey(cx, val);
      if (r !== val && b === null) {
        b = new MapBuilder();
        let i = 0;
        v.forEach((k2, v2) => {
          if (i++ >= done) return false;
          b!.assoc(k2, v2);
          return true;
        });
      }
      if (b !== null) (b as MapBuilder).assoc(k, r);
      done++;
    });
    if (b === null) {
      hasheq(v);
      return v;
    }
    return (b as MapBuilder).build();
  }
  if (v instanceof PSet) {
    // Set items were realized and hashed when added: hashing the set costs a step each.
    cx.charge(v.count);
    hasheq(v);
  }
  return v;
}
