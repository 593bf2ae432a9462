/**
 * User functions at run time: a compiled template (shared by every closure made from
 * the same `fn` form) plus the values captured when this closure was made.
 *
 * A template whose closures are called often enough is handed to the code-generation
 * tier (src/evaluator/codegen/): its arities then run as generated JavaScript, called
 * with the arguments directly, for every closure of the template made before or after.
 */
import { PtcError } from "../diagnostics/error.js";
import type { Cx } from "../runtime/context.js";
import { arityError } from "../runtime/errors.js";
import { arraySeq } from "../runtime/seq.js";
import { PtcFn, type Value } from "../runtime/values.js";
import type { Entry } from "./codegen/gen-fn.js";
import type { EvalContext } from "./eval-context.js";
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
  /** The arity as generated code, once the template is hot (see FnTemplate.hot). */
  direct: Entry | null;
}

/** Counting calls until a template is handed to the code-generation tier. */
export interface FnHot {
  calls: number;
  /** The generated arities in the order written, or null when they cannot be generated. */
  readonly generate: () => readonly Entry[] | null;
}

export interface FnTemplate {
  readonly name: string | null;
  readonly doc: string | null;
  /** Fixed arities by parameter count. */
  readonly byCount: readonly (CompiledArity | undefined)[];
  readonly variadic: CompiledArity | null;
  readonly labels: readonly string[];
  /** Every arity in the order written. */
  readonly arities: readonly CompiledArity[];
  /** Calls counted so far; null once the arities are generated (or could not be). */
  hot: FnHot | null;
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
    if (a.direct !== null) return a.direct(cx, this.captured, this, x);
    const f: Frame = new Array<Value>(a.frameSize);
    f[0] = this.captured as unknown as Value;
    f[1] = this;
    f[a.argSlots[0]!] = x;
    return this.run(cx, a, f);
  }

  override call2(cx: Cx, x: Value, y: Value): Value {
    const a = this.template.byCount[2];
    if (a === undefined) return this.invoke(cx, [x, y]);
    if (a.direct !== null) return a.direct(cx, this.captured, this, x, y);
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
    if (a.direct !== null) {
      if (!a.variadic) return a.direct(cx, this.captured, this, ...args);
      const rest = n > a.fixed ? arraySeq(args.slice(a.fixed)) : null;
      return a.direct(cx, this.captured, this, ...args.slice(0, a.fixed), rest);
    }
    const f: Frame = new Array<Value>(a.frameSize);
    f[0] = this.captured as unknown as Value;
    f[1] = this;
    const slots = a.argSlots;
    for (let i = 0; i < a.fixed; i++) f[slots[i]!] = args[i]!;
    if (a.variadic) f[slots[a.fixed]!] = n > a.fixed ? arraySeq(args.slice(a.fixed)) : null;
    return this.run(cx, a, f);
  }

  override restArity(): number | null {
    const v = this.template.variadic;
    // Only when no fixed arity takes more parameters (Clojure's rule; PTC-Lisp is laxer).
    return v !== null && this.template.byCount.length <= v.fixed + 1 ? v.fixed : null;
  }

  override invokeRest(cx: Cx, fixed: Value[], rest: Value): Value {
    const a = this.template.variadic;
    if (a === null) return this.invoke(cx, fixed);
    if (a.direct !== null) return a.direct(cx, this.captured, this, ...fixed, rest);
    const f: Frame = new Array<Value>(a.frameSize);
    f[0] = this.captured as unknown as Value;
    f[1] = this;
    const slots = a.argSlots;
    for (let i = 0; i < a.fixed; i++) f[slots[i]!] = fixed[i]!;
    f[slots[a.fixed]!] = rest;
    return this.run(cx, a, f);
  }

  /** Run an arity's body in its frame, looping on recur. */
  private run(cx: Cx, a: CompiledArity, f: Frame): Value {
    const hot = this.template.hot;
    if (hot !== null) {
      // The closure compiler's contexts are evaluation contexts (tier-up thresholds).
      const up = (cx as EvalContext).tierUp;
      if (up !== null && ++hot.calls >= up.calls) tierUp(this.template, hot);
    }
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

/** Generate a hot template's arities; later calls (of every closure of it) run them. */
function tierUp(t: FnTemplate, hot: FnHot): void {
  t.hot = null;
  const entries = hot.generate();
  if (entries !== null) t.arities.forEach((a, i) => (a.direct = entries[i]!));
}

function depthLimit(cx: Cx): PtcError {
  return new PtcError({
    kind: "limit",
    message: `recursion depth limit exceeded: more than ${cx.limits.maxDepth} nested calls`,
    hint: "use loop/recur for iteration",
  });
}
