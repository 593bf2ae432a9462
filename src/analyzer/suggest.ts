/**
 * Hints for Clojure names PTC-Lisp does not have. (The "did you mean" machinery is in
 * src/diagnostics/suggest.ts, shared with the signature parser.)
 */
import { table } from "../runtime/table.js";
/** Clojure names an LLM may reach for that PTC-Lisp does not provide, with what to do instead. */
export const UNSUPPORTED_HINTS: Readonly<Record<string, string>> = table({
  try: "PTC-Lisp has no exceptions; check values with if/when and stop with (fail ...)",
  catch: "PTC-Lisp has no exceptions; check values with if/when and stop with (fail ...)",
  finally: "PTC-Lisp has no exceptions",
  throw: 'stop the program with (fail {:reason :... :message "..."})',
  "ex-info": 'stop the program with (fail {:reason :... :message "..."})',
  atom: "PTC-Lisp has no atoms; keep state with (def name value), and loop with loop/recur or reduce",
  "swap!": "PTC-Lisp has no atoms; redefine with (def name (f name)) or use reduce",
  "reset!": "PTC-Lisp has no atoms; redefine with (def name value)",
  deref: "PTC-Lisp has no atoms or futures",
  ns: "there is one user namespace; no ns declaration is needed",
  require: "the clojure.string, clojure.set and clojure.walk functions are available without require",
  import: "Java classes are not available",
  defmacro: "PTC-Lisp has no macros; write a function with defn",
  defrecord: "use a map",
  deftype: "use a map",
  defprotocol: "use functions and maps",
  defmulti: "use cond or case on a dispatch value",
  defmethod: "use cond or case on a dispatch value",
  binding: "use let",
  "set!": "bindings are immutable; use let or def",
  future: "use pmap or pcalls for concurrent work",
  eval: "programs cannot evaluate code they build",
  "read-string": "programs cannot read code; use parse-long or parse-double for numbers",
  "System/exit": "stop the program with (return value) or (fail reason)",
  "Math/random": "PTC-Lisp has no randomness, so that runs are reproducible",
  rand: "PTC-Lisp has no randomness, so that runs are reproducible",
  "rand-int": "PTC-Lisp has no randomness, so that runs are reproducible",
  "rand-nth": "PTC-Lisp has no randomness, so that runs are reproducible; use (first coll) or (nth coll i)",
  shuffle: "PTC-Lisp has no randomness, so that runs are reproducible; use (sort coll) or (sort-by f coll)",
  "random-uuid": "PTC-Lisp has no randomness; ask a tool for an id",
  "random-sample": "PTC-Lisp has no randomness; use (take-nth n coll)",
  "sorted-map":
    "PTC-Lisp has no sorted maps: use a plain map and sort its entries when you read them, e.g. (sort-by key m)",
  "sorted-map-by":
    "PTC-Lisp has no sorted maps: use a plain map and sort its entries when you read them, e.g. (sort-by key m)",
  "sorted-set": "PTC-Lisp has no sorted sets: use a set and (sort s) when you need the order",
  "sorted-set-by": "PTC-Lisp has no sorted sets: use a set and (sort s) when you need the order",
  transient: "transients are not available: use assoc/conj/dissoc (they are fast on their own)",
  "persistent!": "transients are not available: use assoc/conj/dissoc",
  "assoc!": "transients are not available: use assoc",
  "conj!": "transients are not available: use conj",
  "dissoc!": "transients are not available: use dissoc",
  "disj!": "transients are not available: use disj",
  "pop!": "transients are not available: use pop",
  "map-keys": "use update-keys: (update-keys m f)",
  "map-vals": "use update-vals: (update-vals m f)",
  "dissoc-in": "use (update-in m [:a] dissoc :b)",
  "with-out-str": "println output is already captured; build text with str or format",
  letfn: "define the helpers with defn, or bind fns with let: (let [f (fn [x] ...)] ...)",
  while: "loop with loop/recur",
  "re-matcher": "use re-find, re-seq or re-matches with the pattern and the string",
  "re-groups": "use re-find or re-matches, which return the groups",
  class: "use (type x), which returns a keyword such as :string",
  "instance?": "use a predicate such as string?, map? or number?",
  transduce: "PTC-Lisp has no transducers; apply the steps to the collection: (reduce + (map f coll))",
  eduction: "PTC-Lisp has no transducers; apply the steps to the collection: (map f (filter p coll))",
  completing: "PTC-Lisp has no transducers; use reduce with a two-argument function",
  cat: "PTC-Lisp has no transducers; use (apply concat colls) or mapcat",
  resolve: "functions are values: pass the function itself instead of its name",
  slurp: "programs cannot read files; ask a tool for the data",
  spit: "programs cannot write files; return the value or pass it to a tool",
});

/** Builtins that Clojure also accepts without their collection, as a transducer. */
const TRANSDUCER_SHAPED = new Set(
  [
    "map",
    "filter",
    "remove",
    "keep",
    "mapcat",
    "take",
    "drop",
    "take-while",
    "drop-while",
    "partition-all",
    "partition-by",
    "map-indexed",
    "keep-indexed",
    "dedupe",
    "distinct",
    "interpose",
    "take-nth",
    "replace",
  ].map((n) => `clojure.core/${n}`),
);

/** `; PTC-Lisp has no transducers, ...` when a call looks like a transducer: one argument short. */
export function transducerHint(
  def: { readonly qualified: string; readonly minArity: number },
  argCount: number,
): string {
  return argCount === def.minArity - 1 && TRANSDUCER_SHAPED.has(def.qualified)
    ? "; PTC-Lisp has no transducers, so pass the collection as the last argument"
    : "";
}
