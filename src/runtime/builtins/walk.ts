/**
 * Tree walking: clojure.walk (walk, prewalk, postwalk and their key and replace
 * helpers) and clojure.core's tree-seq and flatten.
 *
 * Walks rebuild each collection with its own kind (lists stay lists, seqs become
 * realized seqs, map entries are `[k v]` vectors); tree-seq and flatten are lazy and
 * depth first, realized 32 nodes at a time.
 */
import type { Cx } from "../context.js";
import { call1 } from "../call.js";
import { realizeKey } from "../equality.js";
import { typeError } from "../errors.js";
import { MapBuilder, PMap } from "../map.js";
import {
  ArraySeq,
  arraySeq,
  ASeq,
  CHUNK,
  EmptyList,
  EMPTY_LIST,
  isRealized,
  isSequential,
  LazySeq,
  PList,
  seq,
} from "../seq.js";
import { PSet, SetBuilder } from "../set.js";
import { Keyword, keywordFromString, truthy, type Value } from "../values.js";
import { MapEntry, PVector, vec } from "../vector.js";
import type { BuiltinSpec } from "./registry.js";

type Fn1 = (x: Value) => Value;

/** Rebuild a map from walked entries: each must come back as a `[k v]` pair (or a map, or nil). */
function rebuildMap(cx: Cx, items: readonly Value[]): PMap {
  const b = new MapBuilder();
  for (const e of items) {
    if (e instanceof PVector && e.count === 2) b.assoc(realizeKey(cx, e.arr[0] as Value), e.arr[1] as Value);
    else if (e instanceof PMap) e.forEach((k, v) => void b.assoc(k, v));
    else if (e !== null)
      throw typeError(
        "walk",
        "[key value] pairs for the entries of a map",
        e,
        "a walk function must return map entries as [k v] vectors",
      );
  }
  return b.build();
}

/** Clojure's `walk`: `inner` on each child, the collection rebuilt, then `outer`. */
function walk(cx: Cx, inner: Fn1, outer: Fn1, form: Value): Value {
  if (typeof form !== "object" || form === null) return outer(form);
  // A map entry stays one, as in Clojure's walk (so outer can tell it with map-entry?).
  if (form instanceof MapEntry) return outer(new MapEntry(inner(form.arr[0] as Value), inner(form.arr[1] as Value)));
  if (form instanceof PVector) {
    const out = new Array<Value>(form.count);
    for (let i = 0; i < form.count; i++) out[i] = inner(form.arr[i] as Value);
    cx.charge(form.count);
    return outer(vec(out));
  }
  if (form instanceof PMap) {
    const out: Value[] = [];
    form.forEach((k, v) => void out.push(inner(new MapEntry(k, v))));
    cx.charge(out.length);
    return outer(rebuildMap(cx, out));
  }
  if (form instanceof PSet) {
    const b = new SetBuilder();
    form.forEach((x) => void b.add(realizeKey(cx, inner(x))));
    cx.charge(form.count);
    return outer(b.build());
  }
  if (form instanceof EmptyList) return outer(form);
  if (form instanceof PList) {
    const out: Value[] = [];
    for (let l: PList | null = form; l !== null; l = l.tail) out.push(inner(l.first()));
    cx.charge(out.length);
    return outer(PList.from(out));
  }
  if (form instanceof ASeq || form instanceof LazySeq) {
    const out: Value[] = [];
    const max = cx.limits.maxCollection;
    for (let s = seq(cx, form); s !== null; s = s.next(cx)) {
      out.push(inner(s.first()));
      if (out.length > max) cx.checkSize(out.length);
      if (--cx.fuel < 0) cx.refuel();
    }
    return outer(arraySeq(out));
  }
  return outer(form);
}

function postwalk(cx: Cx, f: Fn1, form: Value): Value {
  const go = (x: Value): Value => walk(cx, go, f, x);
  return go(form);
}

function prewalk(cx: Cx, f: Fn1, form: Value): Value {
  const go = (x: Value): Value => walk(cx, go, identity, f(x));
  return go(form);
}

const identity: Fn1 = (x) => x;

/** Rename the keys of every map in a structure. */
export function mapKeys(cx: Cx, form: Value, rename: (k: Value) => Value): Value {
  return postwalk(
    cx,
    (x) => {
      if (!(x instanceof PMap)) return x;
      const b = new MapBuilder();
      x.forEach((k, v) => void b.assoc(rename(k), v));
      return b.build();
    },
    form,
  );
}

function replacer(cx: Cx, fn: string, smap: Value): Fn1 {
  if (smap === null) return identity;
  if (smap instanceof PMap) {
    return (x) => {
      const k = realizeKey(cx, x);
      return smap.has(k) ? smap.get(k, null) : x;
    };
  }
  if (smap instanceof PSet) return identity;
  throw typeError(fn, "a map of replacements", smap);
}

// ---------------------------------------------------------------------------------------
// tree-seq and flatten: lazy depth-first walks with an immutable stack of pending seqs,
// so that a realization interrupted halfway (a limit, a tool call) can simply run again.

interface Pending {
  readonly s: ASeq;
  readonly up: Pending | null;
}

/** One step of a walk: what to emit for a node and which children to visit. */
interface Walker {
  /** Emit the node itself? */
  emit(cx: Cx, node: Value): boolean;
  /** The node's children to visit next (null for none). */
  children(cx: Cx, node: Value): ASeq | null;
}

function walkChunk(cx: Cx, w: Walker, start: Pending | null): Value {
  const out: Value[] = [];
  let stack = start;
  // Visit at most a chunk of nodes per realization once something was emitted.
  for (let seen = 0; stack !== null && !(seen >= CHUNK && out.length > 0); seen++) {
    const node = stack.s.first();
    const nxt = stack.s.next(cx);
    stack = nxt === null ? stack.up : { s: nxt, up: stack.up };
    if (w.emit(cx, node)) out.push(node);
    const kids = w.children(cx, node);
    if (kids !== null) stack = { s: kids, up: stack };
    if (--cx.fuel < 0) cx.refuel();
  }
  if (stack === null) return out.length === 0 ? null : new ArraySeq(out, 0, out.length, null);
  const rest = stack;
  const more = new LazySeq((c) => walkChunk(c, w, rest));
  return out.length === 0 ? more : new ArraySeq(out, 0, out.length, more);
}

function treeSeq(cx: Cx, branch: Value, children: Value, root: Value): Value {
  const w: Walker = {
    emit: () => true,
    children: (c, node) => {
      if (!truthy(call1(c, branch, node))) return null;
      const kids = call1(c, children, node);
      if (kids !== null && !isSeqable(kids)) throw typeError("tree-seq", "children to be a collection", kids);
      return seq(c, kids);
    },
  };
  const s = walkChunk(cx, w, { s: PList.from([root]) as PList, up: null });
  return s ?? EMPTY_LIST;
}

function isSeqable(v: Value): boolean {
  return (
    typeof v === "string" ||
    v instanceof ASeq ||
    v instanceof PVector ||
    v instanceof LazySeq ||
    v instanceof EmptyList ||
    v instanceof PMap ||
    v instanceof PSet
  );
}

const FLATTEN: Walker = {
  emit: (_cx, node) => !isSequential(node),
  children: (cx, node) => (isSequential(node) ? seq(cx, node) : null),
};

function flatten(cx: Cx, x: Value): Value {
  if (!isSequential(x)) return EMPTY_LIST;
  const eager: Value[] = [];
  if (flattenEager(cx, x, eager, 0)) return arraySeq(eager);
  const s = seq(cx, x);
  if (s === null) return EMPTY_LIST;
  return new LazySeq((c) => walkChunk(c, FLATTEN, { s, up: null }));
}

/** Flatten realized nesting at once; false when that is not possible (then flatten lazily). */
function flattenEager(cx: Cx, x: Value, out: Value[], depth: number): boolean {
  // Lazy parts, and nesting too deep for the host stack, go the lazy (heap-stacked) way.
  if (depth > 500 || !isRealized(x)) return false;
  if (x instanceof PVector) {
    for (let i = 0; i < x.count; i++) {
      const v = x.arr[i] as Value;
      if (isSequential(v)) {
        if (!flattenEager(cx, v, out, depth + 1)) return false;
      } else out.push(v);
    }
    cx.charge(x.count);
    if (out.length > cx.limits.maxCollection) cx.checkSize(out.length);
    return true;
  }
  for (let s = seq(cx, x); s !== null; s = s.next(cx)) {
    const v = s.first();
    if (isSequential(v)) {
      if (!flattenEager(cx, v, out, depth + 1)) return false;
    } else out.push(v);
    if (--cx.fuel < 0) cx.refuel();
  }
  return true;
}

export const WALK: BuiltinSpec[] = [
  {
    name: "walk",
    ns: "clojure.walk",
    arglists: ["[inner outer form]"],
    doc: "Apply inner to each child of form (map entries as [k v]), rebuild it, then apply outer.",
    examples: [{ code: "(walk/walk inc #(apply + %) [1 2 3])", result: "9" }],
    f3: (cx, inner, outer, form) =>
      walk(
        cx,
        (x) => call1(cx, inner, x),
        (x) => call1(cx, outer, x),
        form,
      ),
  },
  {
    name: "postwalk",
    ns: "clojure.walk",
    arglists: ["[f form]"],
    doc: "Transform form bottom-up: f sees each node after its children were transformed.",
    examples: [{ code: "(walk/postwalk #(if (number? %) (inc %) %) {:a [1 2] :b 3})", result: "{:a [2 3], :b 4}" }],
    f2: (cx, f, form) => postwalk(cx, (x) => call1(cx, f, x), form),
  },
  {
    name: "prewalk",
    ns: "clojure.walk",
    arglists: ["[f form]"],
    doc: "Transform form top-down: f sees each node before its children are walked.",
    examples: [{ code: "(walk/prewalk #(if (vector? %) (vec (remove nil? %)) %) [1 nil [2 nil]])", result: "[1 [2]]" }],
    f2: (cx, f, form) => prewalk(cx, (x) => call1(cx, f, x), form),
  },
  {
    name: "keywordize-keys",
    ns: "clojure.walk",
    arglists: ["[m]"],
    doc: "Every string key of every nested map turned into a keyword.",
    examples: [{ code: '(walk/keywordize-keys {"a" {"b" 1}})', result: "{:a {:b 1}}" }],
    f1: (cx, m) => mapKeys(cx, m, (k) => (typeof k === "string" ? keywordFromString(k) : k)),
  },
  {
    name: "stringify-keys",
    ns: "clojure.walk",
    arglists: ["[m]"],
    doc: "Every keyword key of every nested map turned into a string (its name).",
    examples: [{ code: "(walk/stringify-keys {:a {:b 1}})", result: '{"a" {"b" 1}}' }],
    f1: (cx, m) => mapKeys(cx, m, (k) => (k instanceof Keyword ? k.name : k)),
  },
  {
    name: "prewalk-replace",
    ns: "clojure.walk",
    arglists: ["[smap form]"],
    doc: "form with every node that is a key of smap replaced by its value, top-down.",
    examples: [{ code: "(walk/prewalk-replace {:a :x} [:a [:b :a]])", result: "[:x [:b :x]]" }],
    f2: (cx, smap, form) => prewalk(cx, replacer(cx, "prewalk-replace", smap), form),
  },
  {
    name: "postwalk-replace",
    ns: "clojure.walk",
    arglists: ["[smap form]"],
    doc: "form with every node that is a key of smap replaced by its value, bottom-up.",
    examples: [{ code: "(walk/postwalk-replace {1 :one} {:a 1 :b [1 2]})", result: "{:a :one, :b [:one 2]}" }],
    f2: (cx, smap, form) => postwalk(cx, replacer(cx, "postwalk-replace", smap), form),
  },
  {
    name: "tree-seq",
    arglists: ["[branch? children root]"],
    doc: "A lazy depth-first seq of the nodes of a tree: root, then the tree-seq of each of its children.",
    examples: [
      { code: "(tree-seq vector? seq [1 [2 3]])", result: "([1 [2 3]] 1 [2 3] 2 3)" },
      { code: "(map :id (tree-seq :kids :kids {:id 1 :kids [{:id 2}]}))", result: "(1 2)" },
    ],
    f3: (cx, branch, children, root) => treeSeq(cx, branch, children, root),
  },
  {
    name: "flatten",
    arglists: ["[x]"],
    doc: "A seq of the non-sequential items of any nesting of vectors, lists and seqs (maps, sets, strings stay whole).",
    examples: [
      { code: "(flatten [1 [2 [3 '(4)]] {:a 5}])", result: "(1 2 3 4 {:a 5})" },
      { code: "(flatten nil)", result: "()" },
    ],
    f1: (cx, x) => flatten(cx, x),
  },
];
