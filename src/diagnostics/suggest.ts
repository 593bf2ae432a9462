/**
 * "Did you mean ...?" suggestions: the nearest names by edit distance, worded as a hint.
 * Used by the analyzer (symbols, builtins, interop) and the signature parser (type names).
 */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** The closest candidates to `name`, best first (at most `max`). */
export function closest(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = name.length <= 2 ? 0 : name.length <= 4 ? 1 : name.length <= 6 ? 2 : 3;
  const scored: { c: string; d: number }[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (seen.has(c) || c === name) continue;
    seen.add(c);
    // Separator mix-ups (`group_by`, `groupBy`) count as near misses.
    const normalized = c.replace(/[-_]/g, "").toLowerCase() === name.replace(/[-_]/g, "").toLowerCase();
    // A name that is the start of a candidate (`upper` for upper-case) is a near miss too.
    const prefix = name.length >= 3 && c.startsWith(name);
    const d = normalized ? 0.5 : prefix ? 1 : editDistance(name, c);
    if (d <= limit) scored.push({ c, d });
  }
  scored.sort((x, y) => x.d - y.d || x.c.localeCompare(y.c));
  // Only the nearest candidates: `fliter` suggests filter, not also filterv.
  const best = scored[0]?.d;
  return scored
    .filter((s) => s.d === best)
    .slice(0, max)
    .map((s) => s.c);
}

/** `did you mean filter?` / `did you mean filter or filterv?` / `did you mean even?` (one question mark). */
export function didYouMean(names: string[]): string | undefined {
  if (names.length === 0) return undefined;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]!}`;
  return `did you mean ${list}${list.endsWith("?") ? "" : "?"}`;
}
