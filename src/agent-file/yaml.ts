/**
 * What the agent-file reader uses of the yaml package, as functions only: the Node bundle
 * loads this module (and yaml with it) at its first call (scripts/bundle-lib.mjs), so that
 * importing ptcc does not pay for a YAML parser that an app running compiled agents never
 * calls. (A stand-in can forward calls, not values: hence lineCounter and findPair.)
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type Pair,
} from "yaml";

export { isAlias, isMap, isScalar, isSeq, parseDocument };

/** A new LineCounter, for parseDocument's `lineCounter` option. */
export function lineCounter(): LineCounter {
  return new LineCounter();
}

/** The first pair of `doc`, in document order, for which `test` holds. */
export function findPair(
  doc: Document,
  test: (pair: Pair<unknown, unknown>) => boolean,
): Pair<unknown, unknown> | undefined {
  let found: Pair<unknown, unknown> | undefined;
  visit(doc, {
    Pair: (_key, pair) => {
      if (!test(pair)) return undefined;
      found = pair;
      return visit.BREAK;
    },
  });
  return found;
}

/** Call `each` with every alias of `doc`, in document order. */
export function forEachAlias(doc: Document, each: (alias: Alias) => void): void {
  visit(doc, {
    Alias: (_key, alias) => {
      each(alias);
    },
  });
}
