/**
 * A cost model of backtracking. JavaScript engines backtrack, a match cannot be
 * interrupted, and `(a+)+b` or `.*a.*b` take exponential or polynomial time on unlucky
 * input. The model gives the worst case as a function of the input length, which decides
 * whether a match may run on V8 (index.ts). Also the shape of a node (its length bounds in
 * code points, and whether it has a choice to make), which the JavaScript source uses too.
 */
import type { Node } from "./parse.js";

export interface Shape {
  readonly min: number;
  readonly max: number;
  /** Contains a quantifier with a choice of counts, or an alternation. */
  readonly choice: boolean;
}

export function shape(n: Node): Shape {
  switch (n.k) {
    case "set":
      return { min: 1, max: 1, choice: false };
    case "seq": {
      let min = 0;
      let max = 0;
      let choice = false;
      for (const x of n.items) {
        const s = shape(x);
        min += s.min;
        max += s.max;
        choice ||= s.choice;
      }
      return { min, max, choice };
    }
    case "alt": {
      let min = Infinity;
      let max = 0;
      for (const x of n.alts) {
        const s = shape(x);
        min = Math.min(min, s.min);
        max = Math.max(max, s.max);
      }
      return { min, max, choice: true };
    }
    case "group":
      return shape(n.body);
    case "rep": {
      const s = shape(n.body);
      return { min: s.min * n.min, max: s.max * n.max, choice: s.choice || n.max > n.min };
    }
    case "assert":
    case "look":
      return { min: 0, max: 0, choice: false };
    case "ref":
      return { min: 0, max: Infinity, choice: true };
  }
}

/**
 * Backtracking cost of a pattern as a function of the input length n: n^degree * factor
 * at worst (the search over start positions counts one degree), or Infinity for nested
 * quantifiers and repeated alternations, which can take exponential time.
 */
export interface Cost {
  degree: number;
  /** log10 of the constant factor. */
  logFactor: number;
  exponential: boolean;
}

/** Can matching fail at this node (anything but an always-matching, zero-width node)? */
function canFail(n: Node): boolean {
  switch (n.k) {
    case "set":
    case "assert":
    case "look":
    case "ref":
      return true;
    case "seq":
      return n.items.some(canFail);
    case "alt":
      return n.alts.every(canFail);
    case "group":
      return canFail(n.body);
    case "rep":
      return n.min > 0 && canFail(n.body);
  }
}

export function analyze(n: Node, tail: boolean, cost: Cost): void {
  switch (n.k) {
    case "seq":
      for (let i = 0; i < n.items.length; i++) {
        const restFails = n.items.slice(i + 1).some(canFail);
        analyze(n.items[i]!, tail && !restFails, cost);
      }
      return;
    case "alt":
      if (!tail) cost.logFactor += Math.log10(n.alts.length);
      for (const a of n.alts) analyze(a, tail, cost);
      return;
    case "group":
      analyze(n.body, tail, cost);
      return;
    case "look":
      // A lookaround is atomic: once its body matches, nothing backtracks into it.
      analyze(n.body, true, cost);
      return;
    case "rep": {
      const body = shape(n.body);
      if (n.max > 1 && (body.choice || body.max > body.min)) {
        // A repeated body that can match in several ways: exponential in the worst case
        // (unless the count is tiny). A body that can match empty always counts: engines
        // treat empty iterations differently, so such patterns always run on the VM.
        if (n.max === Infinity || n.max > 4 || body.min === 0) cost.exponential = true;
        else cost.logFactor += n.max * 2;
      }
      if (!tail && n.max > n.min) {
        if (n.max === Infinity) cost.degree++;
        else cost.logFactor += Math.log10(n.max - n.min + 1);
      }
      // After the last iteration only the exit is left, which succeeds when the repetition
      // is in tail position: the body inherits it.
      analyze(n.body, tail, cost);
      return;
    }
    case "ref":
      if (!tail) cost.degree++;
      return;
    default:
      return;
  }
}

/**
 * The most characters one match attempt may examine from its start position because of
 * counted repetitions, lookaround bodies included. A search tries every start position,
 * so a pattern with a large counted repetition (`a{10000}b`, `(a{1000}){1000}`) costs this
 * much per position even without any choice to backtrack over. An unbounded repetition
 * counts its mandatory part only: what it may scan beyond is the degree of `analyze`.
 */
export function scanLength(n: Node): number {
  switch (n.k) {
    case "set":
      return 1;
    case "seq": {
      let t = 0;
      for (const x of n.items) t += scanLength(x);
      return t;
    }
    case "alt": {
      let m = 0;
      for (const x of n.alts) m = Math.max(m, scanLength(x));
      return m;
    }
    case "group":
      return scanLength(n.body);
    case "rep":
      return n.max === 0 ? 0 : scanLength(n.body) * (n.max === Infinity ? n.min : n.max);
    case "look":
      return scanLength(n.body);
    case "assert":
      return 0;
    case "ref":
      return 0;
  }
}

/** Attempts this long are cheap enough to leave out of the cost model (a small constant). */
export const SHORT_SCAN = 64;
