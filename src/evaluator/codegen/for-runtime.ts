/**
 * `for` and `doseq` for generated code. The iteration itself is generated (one function
 * per form: its levels, modifiers and body, with the bindings in JS variables); this is
 * the driver around it, the same as the closure compiler's (src/evaluator/for.ts): a
 * lazy `for` realizes 32 items at a time from a snapshot of the state, so a realization
 * that is interrupted (a limit, a tool call being awaited) restarts from its snapshot and
 * nothing runs twice; `doseq` runs to the end.
 */
import type { Cx } from "../../runtime/context.js";
import { ArraySeq, CHUNK, LazySeq, arraySeq } from "../../runtime/seq.js";
import type { Value } from "../../runtime/values.js";
import { Cursor } from "../for.js";

/** Where an iteration is: its frame (the bindings, saved between chunks) and one cursor per level. */
export interface ForState {
  readonly frame: Value[];
  readonly cursors: Cursor[];
  level: number;
  /** The current level has not started iterating yet. */
  entering: boolean;
}

/**
 * A generated iteration: advances until `max` items are produced into `out` (returns
 * false, with the state saved) or the iteration ends (true).
 */
export type ForRun = (cx: Cx, st: ForState, max: number, out: Value[] | null) => boolean;

function copy(st: ForState): ForState {
  return { frame: st.frame.slice(), cursors: st.cursors.map((c) => c.copy()), level: st.level, entering: st.entering };
}

function chunk(run: ForRun, cx: Cx, snapshot: ForState): Value {
  const st = copy(snapshot);
  const out: Value[] = [];
  const done = run(cx, st, CHUNK, out);
  if (done) return out.length === 0 ? null : arraySeq(out);
  return new ArraySeq(out, 0, out.length, new LazySeq((c) => chunk(run, c, st)));
}

/** Start a `for` (a lazy seq) or run a `doseq` (nil). */
export function forSeq(cx: Cx, run: ForRun, captured: Value[], size: number, levels: number, lazy: boolean): Value {
  const frame = new Array<Value>(size);
  frame[0] = captured as unknown as Value;
  frame[1] = null;
  const cursors: Cursor[] = [];
  for (let i = 0; i < levels; i++) cursors.push(new Cursor());
  const st: ForState = { frame, cursors, level: 0, entering: true };
  if (lazy) return new LazySeq((c) => chunk(run, c, st));
  run(cx, st, Infinity, null);
  return null;
}
