/**
 * Java's `Double.toString` (JDK 19 and later) for JS numbers, which is how Clojure prints
 * doubles.
 *
 * Both Java (since JDK 19) and JavaScript pick the shortest decimal that reads back as the
 * same double, closest to it when several are equally short. So the digits come from
 * `Number.prototype.toExponential()` / `String()` and only the layout changes:
 * - 10^-3 <= |d| < 10^7: plain decimal with at least one fraction digit (`2.0`, `0.001`);
 * - otherwise computerized scientific notation `d.dddE<n>` (`1.0E7`, `1.0E-4`), no `+`.
 *
 * One known exception in the digits: Java's rule says that when a single digit suffices,
 * two-digit decimals compete too and the closest wins ("let T be the set of all decimals
 * in R with length 1 or 2"). That only changes the answer for a few tiny subnormals, e.g.
 * `Double.MIN_VALUE`, which JS writes `5e-324` and Java `4.9E-324`; those are recomputed
 * exactly here.
 */

/** Below this every candidate for Java's length-1-or-2 rule is a subnormal near 0. */
const TINY = 1e-321;

/**
 * `Double.toString(d)` for a finite `d` (the caller spells NaN and the infinities).
 * Round-trips: `Number(formatDouble(d).replace("E", "e"))` is `d`, -0 included.
 */
export function formatDouble(d: number): string {
  if (d === 0) return Object.is(d, -0) ? "-0.0" : "0.0";
  const a = d < 0 ? -d : d;
  if (a >= 1e-3 && a < 1e7) {
    // JS writes plain decimals here too (it switches at 1e-7 and 1e21); whole numbers
    // just lack the ".0".
    const s = String(d);
    return Number.isInteger(d) ? s + ".0" : s;
  }
  // Shortest digits, e.g. "-1.2345e+8" or "5e-324".
  const e = d.toExponential();
  const ePos = e.indexOf("e");
  const start = d < 0 ? 1 : 0;
  let digits = e.charAt(start) + e.slice(start + 2, ePos);
  let exp = Number(e.slice(ePos + 1));
  if (digits.length === 1 && a < TINY) {
    const alt = javaTwoDigit(a, digits, exp);
    digits = alt.digits;
    exp = alt.exp;
  }
  const sign = d < 0 ? "-" : "";
  return sign + digits.charAt(0) + "." + (digits.length > 1 ? digits.slice(1) : "0") + "E" + exp;
}

/**
 * Java's choice for a subnormal `a` (> 0) whose shortest decimal is the one digit `digit`
 * at exponent `exp`: the decimal of one or two digits that reads back as `a` and is closest
 * to it, even significand on a tie. Exact, with BigInt; rarely reached.
 */
function javaTwoDigit(a: number, digit: string, exp: number): { digits: string; exp: number } {
  // a = k * 2^-1074 exactly; a candidate is c * 10^q with c in 10..99. Distances are
  // compared scaled by 2^1074 * 10^-(exp - 2), which makes every term an integer.
  const k = BigInt(a / Number.MIN_VALUE);
  const pow2 = 1n << 1074n;
  const base = exp - 2;
  const kScaled = k * 10n ** BigInt(-base);
  let bestC = 0;
  let bestQ = 0;
  let bestDist = -1n;
  for (let q = base; q <= exp; q++) {
    const scale = 10n ** BigInt(q - base);
    for (let c = 10; c <= 99; c++) {
      if (Number(c + "e" + q) !== a) continue;
      let dist = BigInt(c) * scale * pow2 - kScaled;
      if (dist < 0n) dist = -dist;
      const sig = c % 10 === 0 ? c / 10 : c;
      if (bestDist < 0n || dist < bestDist || (dist === bestDist && sig % 2 === 0)) {
        bestC = c;
        bestQ = q;
        bestDist = dist;
      }
    }
  }
  // JS's own answer (c = 10 * digit, q = exp - 1) is among the candidates, so this holds.
  if (bestDist < 0n) return { digits: digit, exp };
  // c * 10^q has its first digit at 10^(q + 1).
  return { digits: bestC % 10 === 0 ? String(bestC / 10) : String(bestC), exp: bestQ + 1 };
}

/** A float as PTC-Lisp prints it: `1.0`, `-0.0`, `##Inf`, `##-Inf`, `##NaN`. */
export function prFloat(n: number): string {
  if (n === Infinity) return "##Inf";
  if (n === -Infinity) return "##-Inf";
  if (Number.isNaN(n)) return "##NaN";
  return formatDouble(n);
}
