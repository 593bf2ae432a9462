/**
 * User functions made by generated code. Each arity of a `fn` form is one generated JS
 * function taking its arguments directly, `(cx, captured, self, a, b, ...)` (a variadic
 * arity gets the rest as one more argument: a seq, or nil); a `GenFn` pairs the form's
 * template with the values captured when this closure was made, as `Closure` does for
 * the closure compiler, with the same arity dispatch and errors.
 */
import type { Cx } from "../../runtime/context.js";
import { arityError } from "../../runtime/errors.js";
import { arraySeq } from "../../runtime/seq.js";
import { PtcFn, type Value } from "../../runtime/values.js";

/** A generated arity: runs the body with the arguments as JS parameters. */
export type Entry = (cx: Cx, captured: Value[], self: PtcFn, ...args: Value[]) => Value;

/** What every closure made from one `fn` form shares. */
export interface GenTemplate {
  readonly name: string | null;
  readonly doc: string | null;
  readonly labels: readonly string[];
  /** Fixed arities by parameter count. */
  readonly byCount: readonly (Entry | undefined)[];
  /** The variadic arity and its number of fixed parameters. */
  readonly variadic: Entry | null;
  readonly fixed: number;
}

/** The metadata of a `fn` form that generated code hands over (names never enter the source). */
export interface FnMeta {
  readonly name: string | null;
  readonly doc: string | null;
  readonly labels: readonly string[];
  /** Per arity, in the order given: its fixed parameter count and whether it is variadic. */
  readonly arities: readonly { readonly fixed: number; readonly variadic: boolean }[];
}

/** Put a form's generated arities (in the order of `meta.arities`) into a template. */
export function template(meta: FnMeta, entries: readonly Entry[]): GenTemplate {
  const byCount: (Entry | undefined)[] = [];
  let variadic: Entry | null = null;
  let fixed = 0;
  meta.arities.forEach((a, i) => {
    if (a.variadic) {
      variadic = entries[i]!;
      fixed = a.fixed;
    } else byCount[a.fixed] = entries[i]!;
  });
  return { name: meta.name, doc: meta.doc, labels: meta.labels, byCount, variadic, fixed };
}

export class GenFn extends PtcFn {
  constructor(
    readonly template: GenTemplate,
    readonly captured: Value[],
  ) {
    super();
  }

  override restArity(): number | null {
    const t = this.template;
    // Only when no fixed arity takes more parameters (Clojure's rule; PTC-Lisp is laxer).
    return t.variadic !== null && t.byCount.length <= t.fixed + 1 ? t.fixed : null;
  }

  override invokeRest(cx: Cx, fixed: Value[], rest: Value): Value {
    const v = this.template.variadic;
    return v === null ? this.invoke(cx, fixed) : v(cx, this.captured, this, ...fixed, rest);
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
    return a === undefined ? this.invoke(cx, [x]) : a(cx, this.captured, this, x);
  }

  override call2(cx: Cx, x: Value, y: Value): Value {
    const a = this.template.byCount[2];
    return a === undefined ? this.invoke(cx, [x, y]) : a(cx, this.captured, this, x, y);
  }

  override unary(): (cx: Cx, a: Value) => Value {
    const a = this.template.byCount[1];
    if (a === undefined) return super.unary();
    const captured = this.captured;
    return (cx, x) => a(cx, captured, this, x);
  }

  override binary(): (cx: Cx, a: Value, b: Value) => Value {
    const a = this.template.byCount[2];
    if (a === undefined) return super.binary();
    const captured = this.captured;
    return (cx, x, y) => a(cx, captured, this, x, y);
  }

  invoke(cx: Cx, args: Value[]): Value {
    const t = this.template;
    const n = args.length;
    const a = t.byCount[n];
    if (a !== undefined) {
      switch (n) {
        case 0:
          return a(cx, this.captured, this);
        case 1:
          return a(cx, this.captured, this, args[0]!);
        case 2:
          return a(cx, this.captured, this, args[0]!, args[1]!);
        case 3:
          return a(cx, this.captured, this, args[0]!, args[1]!, args[2]!);
        default:
          return a(cx, this.captured, this, ...args);
      }
    }
    const v = t.variadic;
    if (v === null || n < t.fixed) throw arityError(t.name ?? "fn", n, t.labels.join(" or "));
    // The fixed parameters, then the rest as a seq (nil when there is none), as Closure does.
    const rest = n > t.fixed ? arraySeq(args.slice(t.fixed)) : null;
    if (t.fixed === 0) return v(cx, this.captured, this, rest);
    if (t.fixed === 1) return v(cx, this.captured, this, args[0]!, rest);
    return v(cx, this.captured, this, ...args.slice(0, t.fixed), rest);
  }
}
