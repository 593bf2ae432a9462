/**
 * Truncating a value to a size, for `*1 *2 *3` in agent sessions: a turn's result is kept
 * for later turns only up to about `maxChars` characters of its printed form, so a large
 * tool result does not stay in memory through history (a `def` keeps the full value).
 *
 * The result is a value of the same kind, shorter: collections keep their first items
 * (maps their first entries, sets their first members, seqs become vectors), strings keep
 * their first characters followed by "...". A value that already fits is returned as is.
 */
import { Budget, MAX_NESTING, type Meter } from "./budget.js";
import { MapBuilder, PMap } from "./map.js";
import { print } from "./printer.js";
import { ASeq, EmptyList, LazySeq, realizedArray } from "./seq.js";
import { PSet, SetBuilder } from "./set.js";
import type { Value } from "./values.js";
import { PVector } from "./vector.js";

const ELLIPSIS = "...";

/**
 * `v`, or a shorter value of its kind whose printed form is about `maxChars` or less.
 * The walk spends `meter` (one unit per value looked at).
 */
export function truncateValue(v: Value, maxChars: number, meter: Meter = Budget.of()): Value {
  if (fits(v, maxChars, meter)) return v;
  return new Shrinker(meter).shrink(v, Math.max(maxChars, 0)).value;
}

function fits(v: Value, maxChars: number, meter: Meter): boolean {
  const text = print(null, v, { readably: true, maxChars, meter });
  return text.length <= maxChars;
}

interface Shrunk {
  readonly value: Value;
  /** The printed size of `value`, about. */
  readonly size: number;
}

class Shrinker {
  private depth = 0;
  constructor(private readonly meter: Meter) {}

  printedSize(v: Value, budget: number): number {
    return print(null, v, { readably: true, maxChars: budget + 1, meter: this.meter }).length;
  }

  shrink(v: Value, budget: number): Shrunk {
    if (--this.meter.fuel < 0) this.meter.refuel();
    // Past the deepest nesting printers follow, a part is dropped rather than walked.
    if (this.depth >= MAX_NESTING) return { value: null, size: 3 };
    this.depth++;
    try {
      return this.shrinkIn(v, budget);
    } finally {
      this.depth--;
    }
  }

  private shrinkIn(v: Value, budget: number): Shrunk {
    if (typeof v === "string") {
      if (v.length + 2 <= budget) return { value: v, size: v.length + 2 };
      const keep = Math.max(budget - 2 - ELLIPSIS.length, 0);
      return { value: v.slice(0, keep) + ELLIPSIS, size: keep + ELLIPSIS.length + 2 };
    }
    if (v instanceof PMap) return this.shrinkMap(v, budget);
    if (v instanceof PSet) {
      const kept = this.items(v.itemArray(), budget);
      const b = new SetBuilder();
      for (const x of kept.values) b.add(x);
      return { value: b.build(), size: kept.size };
    }
    if (v instanceof PVector || v instanceof ASeq || v instanceof EmptyList || v instanceof LazySeq) {
      let arr: Value[];
      try {
        arr = realizedArray(v);
      } catch {
        // Still lazy somewhere: keep it as is (its unrealized part holds no data yet).
        return { value: v, size: 0 };
      }
      const kept = this.items(arr, budget);
      return { value: new PVector(kept.values, kept.values.length), size: kept.size };
    }
    // Numbers, keywords, functions...: small; kept whole.
    return { value: v, size: this.printedSize(v, budget) };
  }

  items(arr: readonly Value[], budget: number): { values: Value[]; size: number } {
    const values: Value[] = [];
    let used = 2; // the brackets
    for (const x of arr) {
      const left = budget - used - (values.length > 0 ? 1 : 0);
      if (left <= 0) break;
      const s = this.shrink(x, left);
      if (s.size > left && values.length > 0) break;
      values.push(s.value);
      used += s.size + (values.length > 1 ? 1 : 0);
    }
    return { values, size: used };
  }

  shrinkMap(m: PMap, budget: number): Shrunk {
    const b = new MapBuilder();
    let used = 2;
    let n = 0;
    m.forEach((k, val) => {
      const sep = n > 0 ? 2 : 0; // ", "
      const keySize = this.printedSize(k, budget);
      const left = budget - used - sep - keySize - 1;
      if (left <= 0 && n > 0) return false;
      const s = this.shrink(val, Math.max(left, 0));
      if (s.size > left && n > 0) return false;
      b.assoc(k, s.value);
      used += sep + keySize + 1 + s.size;
      n++;
      return used < budget;
    });
    return { value: b.build(), size: used };
  }
}
