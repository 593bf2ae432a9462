/**
 * What a run keeps in its namespace, measured as the printed size of each definition
 * (the same estimate the limits use for values): `memoryLimit` bounds it after each turn.
 */
import { print } from "../runtime/printer.js";
import type { Meter } from "../runtime/budget.js";
import type { Var } from "../runtime/values.js";

export interface NamespaceSize {
  /** Printed characters of every bound definition (each counted up to a few times `limit`). */
  readonly total: number;
  /** Some definition is larger than it was counted. */
  readonly more: boolean;
  /** Each definition's printed size, largest first. */
  readonly byName: readonly (readonly [string, number])[];
}

/**
 * The printed size of the namespace's definitions. Each is printed to at most a few times
 * `limit` (enough to say by how much a turn went over; a huge value is not printed whole).
 */
export function namespaceSize(vars: readonly Var[], limit: number, meter: Meter): NamespaceSize {
  const cap = limit * 4 + 1024;
  const byName: [string, number][] = [];
  let total = 0;
  let more = false;
  for (const v of vars) {
    if (!v.bound) continue;
    const size = Math.min(cap, print(null, v.value, { readably: true, maxChars: cap, meter }).length);
    if (size >= cap) more = true;
    byName.push([v.name, size]);
    total += size;
  }
  byName.sort((a, b) => b[1] - a[1]);
  return { total, more, byName };
}

/** The note a rolled-back turn gets: what was too big, and by how much. */
export function memoryNote(size: NamespaceSize, limit: number, changed: ReadonlySet<string>): string {
  const big = size.byName.filter(([name]) => changed.has(name)).slice(0, 5);
  const atLeast = size.more ? "at least " : "";
  const list = big.map(([name, n]) => `${name} (${n} bytes)`).join(", ");
  return `;; Memory: user/ would hold ${atLeast}${size.total} bytes, over the run's memoryLimit of ${limit} by ${atLeast}${size.total - limit}; this turn's defs were undone${list !== "" ? `: ${list}` : ""}. Keep less: def a summary, or filter before you def.`;
}
