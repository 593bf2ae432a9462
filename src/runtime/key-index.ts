/**
 * A mutable index from realized values to accumulators, for builtins that fold many
 * items into few keys (`frequencies`, `group-by`, `distinct`). Strings, numbers,
 * booleans, nil and keywords go through JS Maps; other values through a hash-trie
 * builder. Entries keep their first-insertion order, so building the result map costs
 * one hash per distinct key instead of one per item.
 */
import { MapBuilder, NOT_FOUND } from "./map.js";
import { Keyword, type Value } from "./values.js";

interface Entry<T> {
  readonly key: Value;
  val: T;
}

export class KeyIndex<T> {
  private readonly prims = new Map<string | number | boolean | null, Entry<T>>();
  private readonly keywords = new Map<string, Entry<T>>();
  private other: MapBuilder | null = null;
  private readonly otherEntries: Entry<T>[] = [];
  readonly order: Entry<T>[] = [];

  /** The entry for `key` (realized), creating it with `init` when absent. */
  entry(key: Value, init: () => T): Entry<T> {
    if (
      typeof key === "string" ||
      typeof key === "boolean" ||
      key === null ||
      (typeof key === "number" && key === key)
    ) {
      let e = this.prims.get(key);
      if (e === undefined) {
        e = { key, val: init() };
        this.prims.set(key, e);
        this.order.push(e);
      }
      return e;
    }
    if (key instanceof Keyword) {
      let e = this.keywords.get(key.fqn);
      if (e === undefined) {
        e = { key, val: init() };
        this.keywords.set(key.fqn, e);
        this.order.push(e);
      }
      return e;
    }
    // Collections, floats in boxes, NaN: Clojure equality through the trie.
    this.other ??= new MapBuilder();
    const at = this.other.get(key, NOT_FOUND);
    if (at !== NOT_FOUND) return this.otherEntries[at as number]!;
    const e = { key, val: init() };
    this.other.assoc(key, this.otherEntries.length);
    this.otherEntries.push(e);
    this.order.push(e);
    return e;
  }

  get size(): number {
    return this.order.length;
  }

  /** The map of keys to `finish(accumulator)`, in Clojure's order. */
  toMap(finish: (v: T) => Value): ReturnType<MapBuilder["build"]> {
    const b = new MapBuilder();
    for (const e of this.order) b.assoc(e.key, finish(e.val));
    return b.build();
  }
}
