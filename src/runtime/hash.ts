/**
 * Hash primitives that reproduce JVM Clojure's `hasheq` (Clojure 1.6 through 1.12).
 *
 * Why: hash maps and hash sets iterate in an order fixed by their keys' hashes, so
 * matching Clojure's hash values bit for bit is what makes `(keys m)` and printed
 * sets come out in the same order as on the JVM.
 *
 * Every function works on 32-bit signed integers: results are always in
 * [-2^31, 2^31) and inputs are coerced with `| 0` where the Java code takes an int.
 *
 * Facts these follow (from clojure/clojure's Java sources):
 * - `Murmur3` is MurmurHash3 x86_32 with seed 0; `hashInt(0)` and `hashLong(0)` are 0.
 * - `Util.hasheq(String)` is `Murmur3.hashInt(s.hashCode())`.
 * - `Numbers.hasheq(Long)` is `Murmur3.hashLong`; `Numbers.hasheq(Double)` is
 *   `Double.hashCode()`, except that -0.0 hashes as 0 to match 0.0. A whole double does
 *   NOT hash like the long of the same value: `(hash 1.0)` is 1072693248, `(hash 1)` is
 *   1392991556 (Clojure's `=` does not equate 1 and 1.0 either).
 * - `Symbol.hasheq` is `hashCombine(Murmur3.hashUnencodedChars(name), Util.hash(ns))`
 *   where `Util.hash(ns)` is the plain Java `String.hashCode` of the namespace (0 if none).
 * - `Keyword.hasheq` is `sym.hasheq() + 0x9e3779b9` (int overflow).
 * - Characters and booleans have no hasheq of their own, so `Object.hashCode` applies:
 *   the UTF-16 code unit, and 1231 / 1237.
 * - Ordered collections: `h = 31*h + hash(e)` from 1, then `mixCollHash(h, n)`;
 *   unordered: the int sum of the hashes, then `mixCollHash(sum, n)`.
 */

const C1 = 0xcc9e2d51 | 0;
const C2 = 0x1b873593 | 0;

/** Murmur3 key mixing step (`k *= C1; k = rotl(k, 15); k *= C2`). */
export function mixK1(k1: number): number {
  k1 = Math.imul(k1, C1);
  k1 = (k1 << 15) | (k1 >>> 17);
  return Math.imul(k1, C2);
}

/** Murmur3 state mixing step (`h ^= k; h = rotl(h, 13); h = h*5 + 0xe6546b64`). */
export function mixH1(h1: number, k1: number): number {
  h1 ^= k1;
  h1 = (h1 << 13) | (h1 >>> 19);
  return (Math.imul(h1, 5) + 0xe6546b64) | 0;
}

/** Murmur3 finalization mix; `length` is the byte length Clojure passes in. */
export function fmix(h1: number, length: number): number {
  h1 ^= length;
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h1 = Math.imul(h1, 0xc2b2ae35);
  return h1 ^ (h1 >>> 16);
}

/** `Murmur3.hashInt`: the hash of a 32-bit int (the input is truncated to int32). */
export function hashInt(input: number): number {
  input |= 0;
  if (input === 0) return 0;
  return fmix(mixH1(0, mixK1(input)), 4);
}

const TWO_32 = 4294967296;

/**
 * `Murmur3.hashLong`, i.e. Clojure's hash of a long. `n` must be an integer-valued
 * number; any safe integer is exact (in fact any integer in [-2^63, 2^63) is).
 * The long's low and high 32-bit words are taken from its two's-complement form.
 */
export function hashLong(n: number): number {
  if (n === 0) return 0;
  let low: number;
  let high: number;
  if ((n | 0) === n) {
    // Fits in an int: the high word is the sign extension.
    low = n;
    high = n >> 31;
  } else {
    // ToInt32 keeps the low 32 bits of the two's complement, negatives included;
    // flooring the exact division by 2^32 is the arithmetic shift right by 32.
    low = n | 0;
    high = Math.floor(n / TWO_32) | 0;
  }
  let h1 = mixH1(0, mixK1(low));
  h1 = mixH1(h1, mixK1(high));
  return fmix(h1, 8);
}

/** `Murmur3.hashUnencodedChars`: Murmur3 over the string's UTF-16 code units. */
export function hashUnencodedChars(s: string): number {
  const len = s.length;
  let h1 = 0;
  // Two code units per 32-bit block, the first in the low half.
  for (let i = 1; i < len; i += 2) {
    const k1 = s.charCodeAt(i - 1) | (s.charCodeAt(i) << 16);
    h1 = mixH1(h1, mixK1(k1));
  }
  if ((len & 1) === 1) h1 ^= mixK1(s.charCodeAt(len - 1));
  return fmix(h1, 2 * len);
}

/** Java's `String.hashCode`: `s[0]*31^(n-1) + ... + s[n-1]` in int arithmetic. */
export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** Clojure's `(hash s)` for a string: `Murmur3.hashInt(s.hashCode())`. */
export function hashString(s: string): number {
  return hashInt(javaStringHashCode(s));
}

/** `Murmur3.mixCollHash`: the finishing step of collection hashes. */
export function mixCollHash(hash: number, count: number): number {
  return fmix(mixH1(0, mixK1(hash)), count);
}

/** `clojure.lang.Util.hashCombine` (boost's hash_combine), with Java's int overflow and `>>`. */
export function hashCombine(seed: number, hash: number): number {
  seed |= 0;
  // The sum stays far below 2^53, so it is exact before `| 0` wraps it.
  return seed ^ ((hash + 0x9e3779b9 + (seed << 6) + (seed >> 2)) | 0);
}

// One fixed 8-byte scratch buffer to read a double's IEEE-754 bits without allocating.
const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE_ENDIAN ? 0 : 1;
const HI = LITTLE_ENDIAN ? 1 : 0;

/**
 * Clojure's hash of a `java.lang.Double`: `Double.hashCode()` (the two 32-bit halves of
 * `doubleToLongBits` xor-ed), except that -0.0 hashes as 0. NaN uses Java's canonical
 * NaN bits (0x7ff8000000000000), as `doubleToLongBits` does.
 */
export function hashDouble(d: number): number {
  if (d === 0) return 0; // 0.0 and -0.0
  if (d !== d) return 0x7ff80000;
  f64[0] = d;
  return i32[LO] ^ i32[HI];
}

/** Clojure's hash of a boolean: `Boolean.hashCode()`, 1231 for true and 1237 for false. */
export function hashBoolean(b: boolean): number {
  return b ? 1231 : 1237;
}

/**
 * Clojure's hash of a character: `Character.hashCode()`, its UTF-16 code unit.
 * `c` is a one-code-unit string (Clojure chars are UTF-16 units).
 */
export function hashChar(c: string): number {
  return c.charCodeAt(0);
}

/** `Symbol.hasheq` for `ns/name` (`ns` null when unqualified). */
export function hashSymbol(ns: string | null, name: string): number {
  return hashCombine(hashUnencodedChars(name), ns === null ? 0 : javaStringHashCode(ns));
}

/** `Keyword.hasheq` for `:ns/name` (`ns` null when unqualified): symbol hash + 0x9e3779b9. */
export function hashKeyword(ns: string | null, name: string): number {
  return (hashSymbol(ns, name) + 0x9e3779b9) | 0;
}

/** Start value of the incremental ordered hash (`Murmur3.hashOrdered`). */
export const ORDERED_SEED = 1;
/** Start value of the incremental unordered hash (`Murmur3.hashUnordered`). */
export const UNORDERED_SEED = 0;

/** One element of an ordered collection's hash: `31*acc + h` in int arithmetic. */
export function orderedStep(acc: number, h: number): number {
  return (Math.imul(31, acc) + h) | 0;
}

/** One element of an unordered collection's hash: the int sum. */
export function unorderedStep(acc: number, h: number): number {
  return (acc + h) | 0;
}

/** Finishes an incremental collection hash over `n` elements (= `mixCollHash`). */
export function finishCollHash(acc: number, n: number): number {
  return mixCollHash(acc, n);
}

/**
 * `Murmur3.hashOrdered` over already-computed element hashes (vectors, lists, seqs).
 * For hot paths prefer `orderedStep` + `finishCollHash` over the caller's own loop.
 */
export function orderedHash(hashes: Iterable<number>): number {
  let acc = ORDERED_SEED;
  let n = 0;
  for (const h of hashes) {
    acc = orderedStep(acc, h);
    n++;
  }
  return mixCollHash(acc, n);
}

/**
 * `Murmur3.hashUnordered` over already-computed element hashes (sets; for maps each
 * element hash is the hash of the `[k v]` entry, i.e. an ordered hash of two).
 */
export function unorderedHash(hashes: Iterable<number>): number {
  let acc = UNORDERED_SEED;
  let n = 0;
  for (const h of hashes) {
    acc = unorderedStep(acc, h);
    n++;
  }
  return mixCollHash(acc, n);
}

/** Hash of a map entry `[k v]` given the key's and value's hashes (a 2-vector's hash). */
export function hashMapEntry(keyHash: number, valHash: number): number {
  return mixCollHash(orderedStep(orderedStep(ORDERED_SEED, keyHash), valHash), 2);
}
