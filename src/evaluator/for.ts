/**
 * `for` and `doseq` at run time: nested iteration as a small state machine over the
 * binding levels, in a frame of its own.
 *
 * `for` is lazy the way Clojure's chunked seqs are: each realization runs the machine
 * until 32 items are produced, then hands back those items followed by a lazy seq that
 * resumes from a snapshot of the state. A realization that is interrupted (a limit, a
 * tool call being awaited) restarts from its snapshot, so nothing runs twice.
 * `doseq` runs the same machine to the end, keeping nothing.
 */
import type * as N from "../analyzer/node.js";
import type { Span } from "../diagnostics/span.js";
import type { Cx } from "../runtime/context.js";
import { ArraySeq, ASeq, CHUNK, LazySeq, Range, arraySeq, seq } from "../runtime/seq.js";
import type { Value } from "../runtime/values.js";
import type { Binder, Code, Frame } from "./closure.js";
import type { ForRun } from "./codegen/for-runtime.js";
import type { EvalContext } from "./eval-context.js";
import { compilePattern } from "./destructure.js";
import { refuelAt, seqAt } from "./locate.js";

/**
 * Where one binding level is in its collection. Arrays (vectors, realized seqs) and
 * ranges are walked by index without allocating; other seqs step by `next`.
 */
export class Cursor {
  /** 0: a seq, 1: an array run, 2: a range. */
  mode = 0;
  value: Value = null;
  private s: ASeq | null = null;
  private arr: readonly Value[] = [];
  private i = 0;
  private end = 0;
  private more: Value = null;
  private n = 0;
  private stop = 0;
  private step = 0;
  private box: (n: number) => Value = (n) => n;

  /** Start at the first item of `s`; false when it is empty. */
  from(s: ASeq | null): boolean {
    if (s === null) return false;
    if (s instanceof ArraySeq) {
      this.mode = 1;
      this.arr = s.arr;
      this.i = s.i;
      this.end = s.end;
      this.more = s.more;
      this.value = s.arr[s.i] as Value;
    } else if (s instanceof Range) {
      this.mode = 2;
      this.n = s.start;
      this.stop = s.end;
      this.step = s.step;
      this.box = s.box;
      this.value = s.box(s.start);
    } else {
      this.mode = 0;
      this.s = s;
      this.value = s.first();
    }
    return true;
  }

  /** Move to the next item; false at the end. */
  advance(cx: Cx): boolean {
    if (this.mode === 1) {
      if (++this.i < this.end) {
        this.value = this.arr[this.i] as Value;
        return true;
      }
      return this.more === null ? false : this.from(seq(cx, this.more));
    }
    if (this.mode === 2) {
      this.n += this.step;
      if (this.step > 0 ? this.n < this.stop : this.n > this.stop) {
        this.value = this.box(this.n);
        return true;
      }
      return false;
    }
    return this.from(this.s!.next(cx));
  }

  copy(): Cursor {
    return Object.assign(new Cursor(), this);
  }
}

interface State {
  readonly frame: Frame;
  readonly cursors: Cursor[];
  level: number;
  /** The current level has not started iterating yet. */
  entering: boolean;
}

type Modifier =
  | { readonly kind: "when" | "while"; readonly test: Code }
  | { readonly kind: "let"; readonly run: (f: Frame, cx: Cx) => void };

interface Level {
  readonly coll: Code;
  /** Where the collection is written: errors of walking it point there. */
  readonly collSpan: Span;
  /** The frame slot of a plain-name binding (written in place), or -1 for a pattern. */
  readonly slot: number;
  readonly bind: Binder;
  readonly mods: readonly Modifier[];
}

function copy(st: State): State {
  return { frame: st.frame.slice(), cursors: st.cursors.map((c) => c.copy()), level: st.level, entering: st.entering };
}

/**
 * `generate` makes the iteration as generated code once it is hot (the code-generation
 * tier): the closure iteration hands its state over at the start of an iteration.
 */
export function compileFor(
  n: N.ForNode,
  compile: (n: N.Node) => Code,
  generate: (n: N.ForNode) => ForRun | null,
): Code {
  const levels: Level[] = n.levels.map((l) => ({
    coll: compile(l.coll),
    collSpan: l.coll.span,
    slot: l.pattern.kind === "bind" ? l.pattern.slot : -1,
    bind: compilePattern(l.pattern, compile),
    mods: l.mods.map((m): Modifier => {
      if (m.kind !== "let") return { kind: m.kind, test: compile(m.test) };
      const steps = m.bindings.map((b) => ({ init: compile(b.init), bind: compilePattern(b.pattern, compile) }));
      return {
        kind: "let",
        run: (f, cx) => {
          for (const s of steps) s.bind(f, cx, s.init(f, cx));
        },
      };
    }),
  }));
  const body = compile(n.body);
  const captures = n.captures.map(compile);
  const size = n.frameSize;
  const last = levels.length - 1;
  const span = n.span;

  let iterations = 0;
  /** The generated iteration; null when it cannot be generated; undefined until hot. */
  let generated: ForRun | null | undefined = undefined;

  /** Advance until `max` items are produced (returns false) or the iteration ends (true). */
  function run(cx: Cx, st: State, max: number, out: Value[] | null): boolean {
    const f = st.frame;
    const cursors = st.cursors;
    let level = st.level;
    let entering = st.entering;
    let produced = 0;
    for (;;) {
      if (generated === undefined) {
        // The closure compiler's contexts are evaluation contexts (tier-up thresholds).
        const up = (cx as EvalContext).tierUp;
        if (up !== null && ++iterations >= up.iterations) generated = generate(n);
      }
      if (generated) {
        st.level = level;
        st.entering = entering;
        return generated(cx, st, max - produced, out);
      }
      if (--cx.fuel < 0) refuelAt(cx, span);
      const L = levels[level]!;
      const cur = cursors[level]!;
      let more: boolean;
      if (entering) {
        more = cur.from(seqAt(cx, L.coll(f, cx), L.collSpan));
        entering = false;
      } else {
        more = cur.advance(cx);
      }
      if (!more) {
        if (level === 0) return true;
        level--;
        continue;
      }
      if (L.slot >= 0) f[L.slot] = cur.value;
      else L.bind(f, cx, cur.value);
      let skip = false;
      let stop = false;
      for (const m of L.mods) {
        if (m.kind === "let") m.run(f, cx);
        else {
          const t = m.test(f, cx);
          if (t === null || t === false) {
            if (m.kind === "when") skip = true;
            else stop = true;
            break;
          }
        }
      }
      if (stop) {
        if (level === 0) return true;
        level--;
        continue;
      }
      if (skip) continue;
      if (level < last) {
        level++;
        entering = true;
        continue;
      }
      const v = body(f, cx);
      if (out !== null) out.push(v);
      if (++produced >= max) {
        st.level = level;
        st.entering = false;
        return false;
      }
    }
  }

  function chunk(cx: Cx, snapshot: State): Value {
    const st = copy(snapshot);
    const out: Value[] = [];
    const done = run(cx, st, CHUNK, out);
    if (done) return out.length === 0 ? null : arraySeq(out);
    return new ArraySeq(out, 0, out.length, new LazySeq((c) => chunk(c, st)));
  }

  return (f, cx) => {
    const frame = new Array<Value>(size);
    const captured = new Array<Value>(captures.length);
    for (let i = 0; i < captures.length; i++) captured[i] = captures[i]!(f, cx);
    frame[0] = captured as unknown as Value;
    frame[1] = null;
    const st: State = { frame, cursors: levels.map(() => new Cursor()), level: 0, entering: true };
    if (n.lazy) return new LazySeq((c) => chunk(c, st));
    run(cx, st, Infinity, null);
    return null;
  };
}
