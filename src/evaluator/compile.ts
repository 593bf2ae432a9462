/**
 * The compiler: analyzed Nodes → JavaScript closures `(frame, cx) => value`, built once
 * per program; running never walks the tree again. One compile function per node kind
 * (the record below must cover every kind, or this file does not type-check).
 */
import type * as N from "../analyzer/node.js";
import { keywordGet, callFn } from "../runtime/call.js";
import type { Cx } from "../runtime/context.js";
import { ArrayMap, MapBuilder, NOT_FOUND } from "../runtime/map.js";
import { LazySeq } from "../runtime/seq.js";
import { SetBuilder } from "../runtime/set.js";
import { PtcFn, type Value } from "../runtime/values.js";
import { PVector } from "../runtime/vector.js";
import { Closure, type Binder, type Code, type CompiledArity, type FnTemplate, type Frame } from "./closure.js";
import { compileCallBuiltin } from "./call-builtin.js";
import { compilePattern } from "./destructure.js";
import { generateFn, generateFor, generateLoop } from "./codegen/generate.js";
import type { EvalContext } from "./eval-context.js";
import { compileFor } from "./for.js";
import { keyAt, locate, refuelAt } from "./locate.js";
import { duplicateItemError, duplicateKeyError, failError, noCaseError, unboundError } from "./form-errors.js";
import { RECUR, ReturnSignal, YIELD } from "./signals.js";

type Compilers = { [K in N.Node["kind"]]: (n: Extract<N.Node, { kind: K }>) => Code };

export function compile(n: N.Node): Code {
  return (COMPILERS[n.kind] as (n: N.Node) => Code)(n);
}

const COMPILERS: Compilers = {
  const: (n) => {
    const v = n.value;
    return () => v;
  },

  local: (n) => {
    const slot = n.slot;
    return (f) => f[slot]!;
  },

  captured: (n) => {
    const i = n.index;
    return (f) => (f[0] as unknown as Value[])[i]!;
  },

  "var-ref": (n) => {
    const v = n.v;
    const span = n.span;
    return () => {
      if (!v.bound) throw unboundError(v, span);
      return v.value;
    };
  },

  "builtin-ref": (n) => {
    const fn = n.def.value;
    return () => fn;
  },

  "data-ref": (n) => {
    const key = n.key;
    return (_f, cx) => (cx as EvalContext).dataGet(key);
  },

  history: (n) => {
    const k = n.n;
    return (_f, cx) => (cx as EvalContext).history(k);
  },

  if: (n) => {
    const t = compile(n.test);
    const a = compile(n.then);
    const b = compile(n.else);
    return (f, cx) => {
      const v = t(f, cx);
      return v !== null && v !== false ? a(f, cx) : b(f, cx);
    };
  },

  do: (n) => {
    const body = n.body.map(compile);
    if (body.length === 2) {
      const [a, b] = body as [Code, Code];
      return (f, cx) => {
        a(f, cx);
        return b(f, cx);
      };
    }
    const last = body.length - 1;
    return (f, cx) => {
      for (let i = 0; i < last; i++) body[i]!(f, cx);
      return body[last]!(f, cx);
    };
  },

  let: (n) => {
    const body = compile(n.body);
    const binders = compileBindings(n.bindings);
    return (f, cx) => {
      binders(f, cx);
      return body(f, cx);
    };
  },

  loop: (n) => {
    const bindings = loopBindings(n);
    const hot = new LoopHot(n);
    const fused = fusedLoop(n, bindings, hot);
    if (fused !== null) return fused;
    const body = compile(n.body);
    const span = n.span;
    return (f, cx) => {
      bindings.init(f, cx);
      if (hot.gen) return resume(hot.gen, f, cx);
      for (;;) {
        const r = body(f, cx);
        if (r !== RECUR) return r;
        if (--cx.fuel < 0) refuelAt(cx, span);
        if (bindings.rebind !== null) bindings.rebind(f, cx);
        const g = hot.next(cx);
        if (g !== null) return resume(g, f, cx);
      }
    };
  },

  recur: (n) => {
    const args = n.args.map(compile);
    const slots = n.slots;
    if (args.length === 1) {
      const [a] = args as [Code];
      const [s] = slots as [number];
      return (f, cx) => {
        f[s] = a(f, cx);
        return RECUR;
      };
    }
    if (args.length === 2) {
      const [a, b] = args as [Code, Code];
      const [s, t] = slots as [number, number];
      return (f, cx) => {
        const x = a(f, cx);
        f[t] = b(f, cx);
        f[s] = x;
        return RECUR;
      };
    }
    const count = args.length;
    return (f, cx) => {
      const tmp = new Array<Value>(count);
      for (let i = 0; i < count; i++) tmp[i] = args[i]!(f, cx);
      for (let i = 0; i < count; i++) f[slots[i]!] = tmp[i]!;
      return RECUR;
    };
  },

  fn: (n) => makeClosureCode(n),

  invoke: (n) => {
    const fn = compile(n.fn);
    const args = n.args.map(compile);
    const span = n.span;
    const count = args.length;
    if (count === 1) {
      const [a] = args as [Code];
      return (f, cx) => {
        const g = fn(f, cx);
        const x = a(f, cx);
        try {
          return g instanceof PtcFn ? g.call1(cx, x) : callFn(cx, g, [x]);
        } catch (e) {
          throw locate(e, span);
        }
      };
    }
    if (count === 2) {
      const [a, b] = args as [Code, Code];
      return (f, cx) => {
        const g = fn(f, cx);
        const x = a(f, cx);
        const y = b(f, cx);
        try {
          return g instanceof PtcFn ? g.call2(cx, x, y) : callFn(cx, g, [x, y]);
        } catch (e) {
          throw locate(e, span);
        }
      };
    }
    return (f, cx) => {
      const g = fn(f, cx);
      const a = new Array<Value>(count);
      for (let i = 0; i < count; i++) a[i] = args[i]!(f, cx);
      try {
        return g instanceof PtcFn ? g.invoke(cx, a) : callFn(cx, g, a);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },

  "call-builtin": (n) => compileCallBuiltin(n, compile),

  "keyword-call": (n) => {
    const key = n.key;
    if (n.target.kind === "local" && n.dflt === null) {
      // `(:price r)` on a local: the most common field access.
      const slot = n.target.slot;
      return (f, cx) => keywordGet(cx, key, f[slot]!, null);
    }
    const target = compile(n.target);
    const dflt = n.dflt === null ? null : compile(n.dflt);
    return (f, cx) => keywordGet(cx, key, target(f, cx), dflt === null ? null : dflt(f, cx));
  },

  "tool-call": (n) => {
    const args = compile(n.args);
    const name = n.name;
    const span = n.span;
    return (f, cx) => {
      const a = args(f, cx);
      try {
        return cx.callTool(name, a, span);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },

  def: (n) => {
    const v = n.v;
    const init = n.init === null ? null : compile(n.init);
    const doc = n.doc;
    const once = n.once;
    return (f, cx) => {
      if (once && v.bound) return v;
      if (init !== null) (cx as EvalContext).setVar(v, init(f, cx), doc);
      return v;
    };
  },

  and: (n) => {
    const items = n.items.map(compile);
    const last = items.length - 1;
    return (f, cx) => {
      for (let i = 0; i < last; i++) {
        const v = items[i]!(f, cx);
        if (v === null || v === false) return v;
      }
      return items[last]!(f, cx);
    };
  },

  or: (n) => {
    const items = n.items.map(compile);
    const last = items.length - 1;
    return (f, cx) => {
      for (let i = 0; i < last; i++) {
        const v = items[i]!(f, cx);
        if (v !== null && v !== false) return v;
      }
      return items[last]!(f, cx);
    };
  },

  case: (n) => {
    const test = compile(n.test);
    const b = new MapBuilder();
    n.keys.forEach((k, i) => b.assoc(k, n.branchOf[i]!));
    const table = b.build();
    const branches = n.branches.map(compile);
    const dflt = n.dflt === null ? null : compile(n.dflt);
    const span = n.span;
    return (f, cx) => {
      const v = test(f, cx);
      const i = table.get(keyAt(cx, v, span), NOT_FOUND);
      if (i === NOT_FOUND) {
        if (dflt !== null) return dflt(f, cx);
        throw noCaseError(v, span);
      }
      return branches[i as number]!(f, cx);
    };
  },

  "lazy-seq": (n) => {
    const make = makeClosureCode(n.thunk);
    return (f, cx) => {
      const thunk = make(f, cx) as Closure;
      return new LazySeq((c) => thunk.invoke(c, []));
    };
  },

  for: (n) => compileFor(n, compile, generateFor),

  return: (n) => {
    const v = compile(n.value);
    return (f, cx) => {
      throw new ReturnSignal(v(f, cx));
    };
  },

  fail: (n) => {
    const v = compile(n.value);
    const span = n.span;
    return (f, cx) => {
      throw failError(cx, v(f, cx), span);
    };
  },

  vector: (n) => {
    const items = n.items.map(compile);
    const count = items.length;
    return (f, cx) => {
      const a = new Array<Value>(count);
      for (let i = 0; i < count; i++) a[i] = items[i]!(f, cx);
      return new PVector(a, count);
    };
  },

  map: (n) => {
    const keys = n.keys.map(compile);
    const vals = n.vals.map(compile);
    const span = n.span;
    // Constant keys (checked distinct by the analyzer) and few entries: build the array
    // map directly, in the order written.
    if (n.keys.every((k) => k.kind === "const") && n.keys.length <= 8) {
      const constKeys = n.keys.map((k) => (k as N.ConstNode).value);
      const count = constKeys.length;
      return (f, cx) => {
        const kvs = new Array<Value>(count * 2);
        for (let i = 0; i < count; i++) {
          kvs[2 * i] = constKeys[i]!;
          kvs[2 * i + 1] = vals[i]!(f, cx);
        }
        return new ArrayMap(kvs);
      };
    }
    return (f, cx) => {
      const b = new MapBuilder();
      for (let i = 0; i < keys.length; i++) b.assoc(keyAt(cx, keys[i]!(f, cx), span), vals[i]!(f, cx));
      if (b.count !== keys.length) throw duplicateKeyError(span);
      return b.build();
    };
  },

  set: (n) => {
    const items = n.items.map(compile);
    const span = n.span;
    return (f, cx) => {
      const b = new SetBuilder();
      for (const it of items) b.add(keyAt(cx, it(f, cx), span));
      if (b.count !== items.length) throw duplicateItemError(span);
      return b.build();
    };
  },
};

/**
 * The most common loop, `(loop [...] (if test (recur ...) result))` (or with the branches
 * the other way round), runs as one JS loop: no closure call and no sentinel for the
 * `if` and the `recur`. The other branch may still recur deeper inside.
 */
function fusedLoop(n: N.LoopNode, bindings: LoopBindings, hot: LoopHot): Code | null {
  const body = n.body;
  if (body.kind !== "if") return null;
  const onTrue = body.then.kind === "recur";
  const recurNode = onTrue ? body.then : body.else;
  if (recurNode.kind !== "recur") return null;
  const test = compile(body.test);
  const other = compile(onTrue ? body.else : body.then);
  const args = recurNode.args.map(compile);
  const slots = n.slots;
  const count = slots.length;
  const span = n.span;
  const { init, rebind } = bindings;
  return (f, cx) => {
    // Per entry, not shared: a recursive call may run this same loop meanwhile.
    const tmp = count > 2 ? new Array<Value>(count) : null;
    init(f, cx);
    if (hot.gen) return resume(hot.gen, f, cx);
    for (;;) {
      const t = test(f, cx);
      if ((t !== null && t !== false) === onTrue) {
        // recur: evaluate every new value before assigning any.
        if (count === 1) f[slots[0]!] = args[0]!(f, cx);
        else if (count === 2) {
          const x = args[0]!(f, cx);
          f[slots[1]!] = args[1]!(f, cx);
          f[slots[0]!] = x;
        } else {
          for (let i = 0; i < count; i++) tmp![i] = args[i]!(f, cx);
          for (let i = 0; i < count; i++) f[slots[i]!] = tmp![i]!;
        }
      } else {
        const r = other(f, cx);
        if (r !== RECUR) return r;
      }
      if (--cx.fuel < 0) refuelAt(cx, span);
      if (rebind !== null) rebind(f, cx);
      const g = hot.next(cx);
      if (g !== null) return resume(g, f, cx);
    }
  };
}

/** Run a loop's generated code from the start of its body to its end (it yields every few thousand steps). */
function resume(gen: Code, f: Frame, cx: Cx): Value {
  let r = gen(f, cx);
  while (r === YIELD) r = gen(f, cx);
  return r;
}

/**
 * Counting a loop's iterations until it is handed to the code-generation tier, which
 * then runs the rest of this entry (from the start of the next iteration, the bindings
 * in the frame) and every later entry (after the closures' init).
 */
class LoopHot {
  iterations = 0;
  /** The generated loop; null when it cannot be generated; undefined until the loop is hot. */
  gen: Code | null | undefined = undefined;
  constructor(private readonly n: N.LoopNode) {}

  /** After an iteration: the generated loop to continue with, once there is one. */
  next(cx: Cx): Code | null {
    if (this.gen === undefined) {
      // The closure compiler's contexts are evaluation contexts (tier-up thresholds).
      const up = (cx as EvalContext).tierUp;
      if (up === null || ++this.iterations < up.iterations) return null;
      this.gen = generateLoop(this.n);
    }
    return this.gen;
  }
}

interface LoopBindings {
  /** Evaluate the initial values into the loop's slots (destructuring where needed). */
  readonly init: (f: Frame, cx: Cx) => void;
  /** After a recur, destructure the new values again; null when every binding is a name. */
  readonly rebind: ((f: Frame, cx: Cx) => void) | null;
}

function loopBindings(n: N.LoopNode): LoopBindings {
  const inits = n.bindings.map((b) => compile(b.init));
  const slots = n.slots;
  const count = inits.length;
  const binders: (Binder | null)[] = n.bindings.map((b, i) =>
    b.pattern.kind === "bind" && b.pattern.slot === slots[i] ? null : compilePattern(b.pattern, compile),
  );
  const init = (f: Frame, cx: Cx): void => {
    for (let i = 0; i < count; i++) {
      const v = inits[i]!(f, cx);
      f[slots[i]!] = v;
      const b = binders[i];
      if (b) b(f, cx, v);
    }
  };
  const rebind = binders.some((b) => b !== null)
    ? (f: Frame, cx: Cx): void => {
        for (let i = 0; i < count; i++) {
          const b = binders[i];
          if (b) b(f, cx, f[slots[i]!]!);
        }
      }
    : null;
  return { init, rebind };
}

function compileBindings(bindings: readonly N.Binding[]): (f: Frame, cx: Cx) => void {
  const steps = bindings.map((b) => {
    const init = compile(b.init);
    if (b.pattern.kind === "bind") {
      const slot = b.pattern.slot;
      return (f: Frame, cx: Cx) => {
        f[slot] = init(f, cx);
      };
    }
    const bind = compilePattern(b.pattern, compile);
    return (f: Frame, cx: Cx) => bind(f, cx, init(f, cx));
  });
  if (steps.length === 1) return steps[0]!;
  return (f, cx) => {
    for (const s of steps) s(f, cx);
  };
}

/** Code that makes a closure from a `fn` node, capturing from the current frame. */
function makeClosureCode(n: N.FnNode): Code {
  const template = compileTemplate(n);
  const captures = n.captures.map(compile);
  if (captures.length === 0) {
    const empty: Value[] = [];
    return () => new Closure(template, empty);
  }
  return (f, cx) => {
    const c = new Array<Value>(captures.length);
    for (let i = 0; i < captures.length; i++) c[i] = captures[i]!(f, cx);
    return new Closure(template, c);
  };
}

function compileTemplate(n: N.FnNode): FnTemplate {
  const arities: CompiledArity[] = [];
  const byCount: (CompiledArity | undefined)[] = [];
  let variadic: CompiledArity | null = null;
  for (const a of n.arities) {
    const destructured = a.params
      .map((p, i) => ({ p, slot: a.argSlots[i]! }))
      .concat(a.rest === null ? [] : [{ p: a.rest, slot: a.argSlots[a.params.length]! }])
      .filter(({ p, slot }) => !(p.kind === "bind" && p.slot === slot))
      .map(({ p, slot }) => ({ bind: compilePattern(p, compile), slot }));
    const prologue =
      destructured.length === 0
        ? null
        : (f: Frame, cx: Cx) => {
            for (const d of destructured) d.bind(f, cx, f[d.slot]!);
          };
    const compiled: CompiledArity = {
      fixed: a.params.length,
      variadic: a.rest !== null,
      argSlots: a.argSlots,
      frameSize: a.frameSize,
      prologue,
      body: compile(a.body),
      label: a.label,
      direct: null,
    };
    arities.push(compiled);
    if (compiled.variadic) variadic = compiled;
    else byCount[compiled.fixed] = compiled;
  }
  return {
    name: n.name,
    doc: n.doc,
    byCount,
    variadic,
    labels: n.arities.map((a) => a.label),
    arities,
    hot: { calls: 0, generate: () => generateFn(n) },
  };
}
