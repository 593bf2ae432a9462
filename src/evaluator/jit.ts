/**
 * A second tier for tight numeric loops: a `loop` whose body uses only locals, numbers,
 * booleans, nil, `if`/`do`/`let`/`and`/`or`, nested `loop`/`recur`, and the arithmetic
 * and comparison builtins, is compiled to one JavaScript function (as ClojureScript's
 * nbb does for its hot forms), so the loop's bindings live in JS variables and V8
 * optimizes it as ordinary JavaScript. Everything else stays with the closure compiler.
 *
 * The generated text is built only from fixed templates, frame-slot numbers and indexes
 * into an array of constants: no program text (symbols, strings, numbers) ever becomes
 * JavaScript source, so nothing a program contains can inject code. Semantics are those of
 * the closure compiler: the integer fast paths are the intrinsics', and anything else
 * (floats in boxes, non-numbers, overflow, division by zero) calls the builtin itself,
 * which gives the exact result or the positioned error. Fuel is spent on every iteration.
 */
import type * as N from "../analyzer/node.js";
import type { Span } from "../diagnostics/span.js";
import type { BuiltinDef } from "../runtime/builtins/registry.js";
import type { Cx } from "../runtime/context.js";
import type { Value } from "../runtime/values.js";
import type { Code } from "./closure.js";
import { locate, refuelAt } from "./locate.js";
import { keywordGet } from "../runtime/call.js";
import { checkArity } from "../runtime/builtins/registry.js";
import { PVector } from "../runtime/vector.js";
import { table } from "../runtime/table.js";

/** Fast-path templates over operands `x` (and `y`) that are known to be JS numbers; `r` receives the result. */
interface OpTemplate {
  readonly arity: 1 | 2;
  /** Condition (besides both being numbers) for the fast path. */
  readonly guard: string;
  /** Statements computing `r`; may `break` out of the fast-path block to take the slow path. */
  readonly fast: string;
}

const INT = "Number.isInteger(x)";
const INTS = "Number.isInteger(x) && Number.isInteger(y)";
const IN_RANGE = "if (r > 9007199254740991 || r < -9007199254740991) break fast;";

const OPS: Readonly<Record<string, OpTemplate>> = table({
  "clojure.core/+": { arity: 2, guard: INTS, fast: `r = x + y; ${IN_RANGE}` },
  "clojure.core/-": { arity: 2, guard: INTS, fast: `r = x - y; ${IN_RANGE}` },
  "clojure.core/*": { arity: 2, guard: INTS, fast: `r = x * y + 0; ${IN_RANGE}` },
  "clojure.core/<": { arity: 2, guard: "true", fast: "r = x < y;" },
  "clojure.core/>": { arity: 2, guard: "true", fast: "r = x > y;" },
  "clojure.core/<=": { arity: 2, guard: "true", fast: "r = x <= y;" },
  "clojure.core/>=": { arity: 2, guard: "true", fast: "r = x >= y;" },
  "clojure.core/==": { arity: 2, guard: "true", fast: "r = x === y;" },
  "clojure.core/=": { arity: 2, guard: "true", fast: "r = x === y;" },
  "clojure.core/not=": { arity: 2, guard: "true", fast: "r = x !== y;" },
  "clojure.core/rem": { arity: 2, guard: `${INTS} && y !== 0`, fast: "r = (x % y) + 0;" },
  "clojure.core/quot": { arity: 2, guard: `${INTS} && y !== 0`, fast: "r = Math.trunc(x / y) + 0;" },
  "clojure.core/mod": {
    arity: 2,
    guard: `${INTS} && y !== 0`,
    fast: "r = x % y; if (r !== 0 && (r < 0) !== (y < 0)) r += y; r += 0;",
  },
  "clojure.core/min": { arity: 2, guard: `${INTS}`, fast: "r = x <= y ? x : y;" },
  "clojure.core/max": { arity: 2, guard: `${INTS}`, fast: "r = x >= y ? x : y;" },
  "clojure.core/inc": { arity: 1, guard: `${INT} && x < 9007199254740991`, fast: "r = x + 1;" },
  "clojure.core/dec": { arity: 1, guard: `${INT} && x > -9007199254740991`, fast: "r = x - 1;" },
  "clojure.core/zero?": { arity: 1, guard: "true", fast: "r = x === 0;" },
  "clojure.core/pos?": { arity: 1, guard: "true", fast: "r = x > 0;" },
  "clojure.core/neg?": { arity: 1, guard: "true", fast: "r = x < 0;" },
  "clojure.core/even?": { arity: 1, guard: INT, fast: "r = x % 2 === 0;" },
  "clojure.core/odd?": { arity: 1, guard: INT, fast: "r = x % 2 !== 0;" },
  "clojure.core/abs": { arity: 1, guard: INT, fast: "r = x < 0 ? -x : x;" },
});

/** Builtins whose result never depends on anything but their (non-number-checked) arguments. */
const LOGIC: Readonly<Record<string, string>> = table({
  "clojure.core/not": "r = (x === null || x === false);",
  "clojure.core/nil?": "r = x === null;",
  "clojure.core/some?": "r = x !== null;",
});

class Unsupported extends Error {}

/** Helpers the generated code calls: the builtins (slow paths, with the call's position) and the fuel check. */
interface Helpers {
  readonly call1: (cx: Cx, def: number, x: Value, span: number) => Value;
  readonly call2: (cx: Cx, def: number, x: Value, y: Value, span: number) => Value;
  readonly call: (cx: Cx, def: number, args: Value[], span: number) => Value;
  readonly kw: (cx: Cx, k: Value, m: Value, dflt: Value) => Value;
  readonly vec: (items: Value[]) => Value;
  readonly refuel: (cx: Cx, span: number) => void;
}

class Gen {
  /** Compiling a function body (values come as JS parameters, no frame) rather than a loop. */
  inFunction = false;
  private lines: string[] = [];
  private temps = 0;
  private labels = 0;
  /** Slots that live in JS variables (bindings made inside the compiled loop). */
  private readonly owned = new Set<number>();
  /** Loop label of each recur target, by its first slot list identity. */
  private readonly targets = new Map<readonly number[], string>();
  readonly consts: Value[] = [];
  readonly defs: BuiltinDef[] = [];
  readonly spans: Span[] = [];
  readonly declared = new Set<string>();

  emit(line: string): void {
    this.lines.push(line);
  }

  text(): string {
    return this.lines.join("\n");
  }

  temp(): string {
    const t = `t${this.temps++}`;
    this.declared.add(t);
    return t;
  }

  own(slot: number): string {
    this.owned.add(slot);
    const v = `v${slot}`;
    this.declared.add(v);
    return v;
  }

  constant(v: Value): string {
    if (typeof v === "boolean") return v ? "true" : "false";
    if (v === null) return "null";
    this.consts.push(v);
    return `K[${this.consts.length - 1}]`;
  }

  span(s: Span): number {
    this.spans.push(s);
    return this.spans.length - 1;
  }

  /** Emit statements that leave the node's value in `target`. */
  node(n: N.Node, target: string): void {
    switch (n.kind) {
      case "const":
        this.emit(`${target} = ${this.constant(n.value)};`);
        return;
      case "local":
        if (!this.owned.has(n.slot) && this.inFunction) throw new Unsupported();
        this.emit(`${target} = ${this.owned.has(n.slot) ? `v${n.slot}` : `f[${n.slot}]`};`);
        return;
      case "captured":
        this.emit(`${target} = ${this.inFunction ? "c" : "f[0]"}[${n.index}];`);
        return;
      case "keyword-call": {
        const m = this.temp();
        this.node(n.target, m);
        const d = this.temp();
        if (n.dflt === null) this.emit(`${d} = null;`);
        else this.node(n.dflt, d);
        this.emit(`${target} = H.kw(cx, ${this.constant(n.key)}, ${m}, ${d});`);
        return;
      }
      case "vector": {
        const items = n.items.map((x) => {
          const t = this.temp();
          this.node(x, t);
          return t;
        });
        this.emit(`${target} = H.vec([${items.join(", ")}]);`);
        return;
      }
      case "if": {
        const t = this.temp();
        this.node(n.test, t);
        this.emit(`if (${t} !== null && ${t} !== false) {`);
        this.node(n.then, target);
        this.emit("} else {");
        this.node(n.else, target);
        this.emit("}");
        return;
      }
      case "do":
        for (let i = 0; i < n.body.length - 1; i++) this.node(n.body[i]!, this.temp());
        this.node(n.body[n.body.length - 1]!, target);
        return;
      case "let":
        for (const b of n.bindings) {
          if (b.pattern.kind !== "bind") throw new Unsupported();
          const v = this.own(b.pattern.slot);
          this.node(b.init, v);
        }
        this.node(n.body, target);
        return;
      case "and":
      case "or": {
        const label = `B${this.labels++}`;
        this.emit(`${label}: {`);
        n.items.forEach((item, i) => {
          this.node(item, target);
          if (i < n.items.length - 1) {
            const stop =
              n.kind === "and"
                ? `${target} === null || ${target} === false`
                : `${target} !== null && ${target} !== false`;
            this.emit(`if (${stop}) break ${label};`);
          }
        });
        this.emit("}");
        return;
      }
      case "call-builtin":
        this.call(n, target);
        return;
      case "loop":
        this.loop(n, target);
        return;
      case "recur": {
        const label = this.targets.get(n.slots);
        if (label === undefined) throw new Unsupported();
        const temps = n.args.map((a) => {
          const t = this.temp();
          this.node(a, t);
          return t;
        });
        n.slots.forEach((s, i) => this.emit(`v${s} = ${temps[i]};`));
        this.emit(`continue ${label};`);
        return;
      }
      default:
        throw new Unsupported();
    }
  }

  private call(n: N.CallBuiltinNode, target: string): void {
    const q = n.def.qualified;
    const op = OPS[q];
    const logic = LOGIC[q];
    if ((op === undefined || op.arity !== n.args.length) && (logic === undefined || n.args.length !== 1)) {
      // Any other builtin: called through its general entry point, with the call's position.
      const args = n.args.map((a) => {
        const t = this.temp();
        this.node(a, t);
        return t;
      });
      this.defs.push(n.def);
      this.emit(`${target} = H.call(cx, ${this.defs.length - 1}, [${args.join(", ")}], ${this.span(n.span)});`);
      return;
    }
    const x = this.temp();
    this.node(n.args[0]!, x);
    if (logic !== undefined) {
      this.emit(`{ const x = ${x}; let r; ${logic} ${target} = r; }`);
      return;
    }
    this.defs.push(n.def);
    const d = this.defs.length - 1;
    const s = this.span(n.span);
    if (op!.arity === 1) {
      this.emit(
        `{ const x = ${x}; let r; fast: { if (typeof x === "number" && ${op!.guard}) { ${op!.fast} ${target} = r; break fast; }`,
      );
      this.emit(`${target} = H.call1(cx, ${d}, x, ${s}); } }`);
      return;
    }
    const y = this.temp();
    this.node(n.args[1]!, y);
    this.emit(
      `{ const x = ${x}, y = ${y}; let r; done: { fast: { if (typeof x === "number" && typeof y === "number" && ${op!.guard}) { ${op!.fast} ${target} = r; break done; } }`,
    );
    this.emit(`${target} = H.call2(cx, ${d}, x, y, ${s}); } }`);
  }

  loop(n: N.LoopNode, target: string): void {
    for (const b of n.bindings) if (b.pattern.kind !== "bind") throw new Unsupported();
    n.bindings.forEach((b, i) => {
      const v = this.own(n.slots[i]!);
      this.node(b.init, v);
    });
    const label = `L${this.labels++}`;
    this.targets.set(n.slots, label);
    const s = this.span(n.span);
    this.emit(`${label}: for (;;) {`);
    this.emit(`if (--cx.fuel < 0) H.refuel(cx, ${s});`);
    this.node(n.body, target);
    this.emit("break;");
    this.emit("}");
  }
}

function helpers(g: Gen): Helpers {
  const defs = g.defs;
  const spans = g.spans;
  return {
    call1: (cx, d, x, s) => {
      try {
        return defs[d]!.call(cx, [x]);
      } catch (e) {
        throw locate(e, spans[s]!);
      }
    },
    call2: (cx, d, x, y, s) => {
      try {
        return defs[d]!.call(cx, [x, y]);
      } catch (e) {
        throw locate(e, spans[s]!);
      }
    },
    call: (cx, d, args, s) => {
      const def = defs[d]!;
      try {
        checkArity(def, args.length);
        return def.call(cx, args);
      } catch (e) {
        throw locate(e, spans[s]!);
      }
    },
    kw: keywordGet,
    vec: (items) => new PVector(items, items.length),
    refuel: (cx, s) => refuelAt(cx, spans[s]!),
  };
}

type Factory = (k: readonly Value[], h: Helpers) => unknown;

/**
 * Factories by generated source, most recently used last. The same program text (a
 * replayed turn, a re-evaluated form) gives the same source; reusing its factory lets
 * V8 share the feedback and optimized code between the functions it makes, instead of
 * warming a fresh function up each time. Bounded: the oldest entry goes first.
 */
const FACTORIES = new Map<string, Factory>();
const MAX_FACTORIES = 512;
/** Longer sources are compiled but not kept: the cache belongs to the process, not to a program. */
const MAX_CACHED_SOURCE = 32_768;

function factory(source: string): Factory {
  let make = FACTORIES.get(source);
  if (make !== undefined) {
    FACTORIES.delete(source);
  } else {
    // The source is built from fixed templates and numbers only (see the module comment).
    make = new Function("K", "H", source) as Factory;
    if (source.length > MAX_CACHED_SOURCE) return make;
    if (FACTORIES.size >= MAX_FACTORIES) FACTORIES.delete(FACTORIES.keys().next().value as string);
  }
  FACTORIES.set(source, make);
  return make;
}

/** Turn generated source into a function; null when code generation is unavailable. */
function instantiate<T>(g: Gen, source: string): T | null {
  let make: Factory;
  try {
    make = factory(source);
  } catch {
    // Code generation unavailable (a locked-down host): the closure compiler handles it.
    return null;
  }
  return make(g.consts, helpers(g)) as T;
}

/** Compile a loop to a JS function, or null when its body uses anything the tier does not handle. */
export function jitLoop(n: N.LoopNode): Code | null {
  const g = new Gen();
  try {
    g.loop(n, "result");
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  const decls = [...g.declared].join(", ");
  return instantiate<Code>(
    g,
    `"use strict"; return function (f, cx) { let result${decls ? `, ${decls}` : ""}; ${g.text()} return result; };`,
  );
}

/** A function arity called directly with its arguments: `(cx, captured, a0, a1, ...)`. */
export type DirectFn = (cx: Cx, captured: Value[], ...args: Value[]) => Value;

/**
 * Compile a fixed arity whose parameters are plain names and whose body the tier handles
 * to a function that takes its arguments directly: no frame is allocated per call.
 */
export function jitArity(a: N.FnArity, span: Span): DirectFn | null {
  if (a.rest !== null || a.params.some((p, i) => p.kind !== "bind" || p.slot !== a.argSlots[i])) return null;
  const g = new Gen();
  g.inFunction = true;
  const params = a.argSlots.map((s) => `p${s}`);
  try {
    a.argSlots.forEach((s) => g.own(s));
    g.emit(`if (--cx.fuel < 0) H.refuel(cx, ${g.span(span)});`);
    a.argSlots.forEach((s) => g.emit(`v${s} = p${s};`));
    g.node(a.body, "result");
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  const decls = [...g.declared].join(", ");
  return instantiate<DirectFn>(
    g,
    `"use strict"; return function (cx, c${params.length ? `, ${params.join(", ")}` : ""}) { let result${decls ? `, ${decls}` : ""}; ${g.text()} return result; };`,
  );
}
