/**
 * User functions at run time: a compiled template (shared by every closure made from
 * the same `fn` form) plus the values captured when this closure was made.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Cx } from "../runtime/context.js";
import { arityError } from "../runtime/errors.js";
import { arraySeq } from "../runtime/seq.js";
import { PtcFn, type Value } from "../runtime/values.js";
import { RECUR } from "./signals.js";

export type Frame = Value[];
/** A compiled node: reads and writes its frame, runs in an evaluation context. */
export type Code = (f: Frame, cx: Cx) => Value;
/** A compiled destructuring pattern: binds parts of `v` into the frame. */
export type Binder = (f: Frame, cx: Cx, v: Value) => void;

export interface CompiledArity {
  readonly fixed: number;
  readonly variadic: boolean;
  readonly argSlots: readonly number[];
  readonly frameSize: number;
  /** Destructures parameters given as patterns; null when every parameter is a name. */
  readonly prologue: ((f: Frame, cx: Cx) => void) | null;
  readonly body: Code;
  readonly label: string;
}

export interface FnTemplate {
  readonly name: string | null;
  readonly doc: string | null;
  /** Fixed arities by parameter count. */
  readonly byCount: readonly (CompiledArity | undefined)[];
  readonly variadic: CompiledArity | null;
  readonly labels: readonly string[];
}

export class Closure extends PtcFn {
  constructor(
    readonly template: FnTemplate,
    readonly captured: Value[],
  ) {
    super();
  }

  get name(): string | null {
    return this.template.name;
  }

  override get doc(): string | null {
    return this.template.doc;
  }

  override paramLists(): string[] {
    return [...this.template.labels];
  }

  override call1(cx: Cx, x: Value): Value {
    const a = this.template.byCount[1];
    if (a === undefined) return this.invoke(cx, [x]);
    const f: Frame = new Array<Value>(a.frameSize);
    f[0] = this.captured as unknown as Value;
    f[1] = this;
    f[a.argSlots[0]!] = x;
    return this.run(cx, a, f);
  }

  override call2(cx: Cx, x: Value, y: Value): Value {
    const a = this.template.byCount[2];
    if (a === undefined) return this.invoke(cx, [x, y]);
    const f: Frame = new Array<Value>(a.frameSize);
    f[0] = this.captured as unknown as Value;
    f[1] = this;
    f[a.argSlots[0]!] = x;
    f[a.argSlots[1]!] = y;
    return this.run(cx, a, f);
  }

  invoke(cx: Cx, args: Value[]): Value {
    const t = this.template;
    const n = args.length;
    let a = t.byCount[n];
    if (a === undefined) {
      a = t.variadic !== null && n >= t.variadic.fixed ? t.variadic : undefined;
      if (a === undefined) throw arityError(t.name ?? "fn", n, t.labels.join(" or "));
    }
    const f: Frame = new Array<Value>(a.frameSize);
    f[0] = this.captured as unknown as Value;
    f[1] = this;
    const slots = a.argSlots;
    for (let i = 0; i < a.fixed; i++) f[slots[i]!] = args[i]!;
    if (a.variadic) f[slots[a.fixed]!] = n > a.fixed ? arraySeq(args.slice(a.fixed)) : null;
    return this.run(cx, a, f);
  }

  /** Run an arity's body in its frame, looping on recur. */
  private run(cx: Cx, a: CompiledArity, f: Frame): Value {
    if (--cx.fuel < 0) cx.refuel();
    if (++cx.depth > cx.limits.maxDepth) {
      cx.depth--;
      throw depthLimit(cx);
    }
    try {
      const body = a.body;
      const prologue = a.prologue;
      for (;;) {
        if (prologue !== null) prologue(f, cx);
        const r = body(f, cx);
        if (r !== RECUR) return r;
        if (--cx.fuel < 0) cx.refuel();
      }
    } finally {
      cx.depth--;
    }
  }
}

function depthLimit(cx: Cx): PtcError {
  return new PtcError({
    kind: "limit",
    message: `recursion depth limit exceeded: more than ${cx.limits.maxDepth} nested calls`,
    hint: "use loop/recur for iteration",
  });
}
