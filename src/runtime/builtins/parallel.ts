/**
 * pmap and pcalls: the branches' tool calls are made concurrently (the evaluator
 * suspends all waiting branches together). Results keep the input order.
 */
import { call1, callFn } from "../call.js";
import { arraySeq, asArray } from "../seq.js";
import type { Value } from "../values.js";
import type { BuiltinSpec } from "./registry.js";

export const PARALLEL: BuiltinSpec[] = [
  {
    name: "pmap",
    arglists: ["[f coll]", "[f c1 c2 & colls]"],
    doc: "Like map, but the calls of f run as parallel branches: their tool calls are made concurrently. Results keep the order.",
    examples: [{ code: "(pmap inc [1 2 3])", result: "(2 3 4)" }],
    f2: (cx, f, c) => arraySeq(cx.parallel(asArray(cx, c).map((x) => () => call1(cx, f, x)))),
    fn: (cx, args) => {
      const [f, ...colls] = args as [Value, ...Value[]];
      const arrays = colls.map((c) => asArray(cx, c));
      const n = Math.min(...arrays.map((a) => a.length));
      const branches: (() => Value)[] = [];
      for (let i = 0; i < n; i++)
        branches.push(() =>
          callFn(
            cx,
            f,
            arrays.map((a) => a[i]!),
          ),
        );
      return arraySeq(cx.parallel(branches));
    },
  },
  {
    name: "pcalls",
    arglists: ["[& fns]"],
    doc: "Call each zero-argument function as a parallel branch (tool calls made concurrently); a seq of the results in order.",
    examples: [{ code: "(pcalls (fn [] 1) (fn [] (+ 1 1)))", result: "(1 2)" }],
    fn: (cx, args) => arraySeq(cx.parallel(args.map((f) => () => callFn(cx, f, [])))),
  },
];
