/**
 * What the quick starts (fast-eval.ts, compile-quick.ts) share for reading a plain command
 * line before deciding whether the full one (yargs) must read it instead.
 */

/** An arguments object being filled in. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A test that is true the first time it is asked about a name: an option given twice is
 * left to the full command line, which says what is wrong.
 */
export function firstTime(): (name: string) => boolean {
  const seen = new Set<string>();
  return (name) => {
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  };
}
