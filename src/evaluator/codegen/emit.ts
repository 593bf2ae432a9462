/**
 * The code generator: one top-level form (an analyzed Node tree) → the JavaScript source
 * of a factory that, given the form's tables, returns its code `(frame, cx) => value`.
 *
 * Every `fn` arity becomes a JS function taking its arguments directly, every `for` a JS
 * function running its iteration; locals are JS variables (`v<slot>`), `loop`/`recur` a
 * labelled JS loop. The semantics are the closure compiler's (src/evaluator/compile.ts),
 * node for node: the same builtin entry points, the same points where fuel is spent, the
 * same positions given to errors, the same order of evaluation.
 *
 * **Nothing from the program text enters the source.** It is built only from fixed
 * templates, slot numbers, counters and indexes into the tables the factory receives:
 * `K` constants (numbers, strings, keywords, names, docstrings), `S` source positions,
 * `D` builtin entry points, `V` vars, `M` function metadata. So no program can inject code,
 * and programs of the same shape share one factory (and V8's optimized code).
 */
import type * as N from "../../analyzer/node.js";
import type { Span } from "../../diagnostics/span.js";
import { MapBuilder } from "../../runtime/map.js";
import type { Value, Var } from "../../runtime/values.js";
import type { FnMeta } from "./gen-fn.js";
import { loopTypes, loopTypesFromInits } from "./infer.js";
import { leafArity, leafLoop } from "./leaf.js";
import { EQUALITY, OPS, join, resultType, typeOfValue, type Operand, type Ty } from "./ops.js";

/** A value in generated code: a JS expression (a name, or pure and cheap) and its static type. */
interface Val {
  readonly js: string;
  readonly ty: Ty;
  /** A constant number other than zero (a divisor that needs no check). */
  readonly nonzero?: boolean;
  /** A collection whose items are all integers (a range of integers). */
  readonly intItems?: boolean;
}

/** Where a node's value goes: returned, assigned to a variable, or dropped. */
type Dest = { readonly k: "ret" } | { readonly k: "drop" } | SetDest;

class SetDest {
  readonly k = "set";
  /** The join of the types assigned so far. */
  ty: Ty | null = null;
  constructor(readonly name: string) {}
}

const RET: Dest = { k: "ret" };
const DROP: Dest = { k: "drop" };

/** A `recur` target: the label to continue and what runs at the back edge. */
interface Target {
  readonly label: string;
  readonly backEdge: () => void;
  used: boolean;
}

/** Names the factory defines once, from the helper table. */
const PRELUDE = "const NF = H.NF, PtcFn = H.PtcFn, PVector = H.PVector, locate = H.locate;";

const SIMPLE = /^(?:[A-Za-z_$][\w$]*|null|true|false)$/;

/** The tables of one factory and its function declarations. */
export class Unit {
  readonly consts: Value[] = [];
  readonly spans: Span[] = [];
  readonly entries: unknown[] = [];
  readonly vars: Var[] = [];
  readonly metas: FnMeta[] = [];
  private readonly decls: string[] = [];
  private readonly varNames = new Map<Var, string>();
  private readonly templates = new Map<N.FnNode, string>();
  private ids = 0;

  id(): number {
    return this.ids++;
  }

  /** A constant: a literal for nil and booleans, else a factory-level name bound from `K`. */
  constant(v: Value): string {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    const i = this.consts.push(v) - 1;
    this.decls.push(`const k${i} = K[${i}];`);
    return `k${i}`;
  }

  span(s: Span): string {
    return `S[${this.spans.push(s) - 1}]`;
  }

  /** A builtin entry point (f0..f3 or the general one), bound once at factory level. */
  entry(f: unknown): string {
    const i = this.entries.push(f) - 1;
    this.decls.push(`const d${i} = D[${i}];`);
    return `d${i}`;
  }

  var(v: Var): string {
    let name = this.varNames.get(v);
    if (name === undefined) {
      const i = this.vars.push(v) - 1;
      name = `g${i}`;
      this.decls.push(`const ${name} = V[${i}];`);
      this.varNames.set(v, name);
    }
    return name;
  }

  /** The template of a `fn` form: its arities generated as JS functions. */
  template(n: N.FnNode): string {
    let name = this.templates.get(n);
    if (name !== undefined) return name;
    const arities = n.arities.map((a) => this.arity(a));
    const m =
      this.metas.push({
        name: n.name,
        doc: n.doc,
        labels: n.arities.map((a) => a.label),
        arities: n.arities.map((a) => ({ fixed: a.params.length, variadic: a.rest !== null })),
      }) - 1;
    name = `T${this.id()}`;
    this.decls.push(`const ${name} = H.template(M[${m}], [${arities.join(", ")}]);`);
    this.templates.set(n, name);
    return name;
  }

  /**
   * One arity: `(cx, c, self, ...params)`. It spends a step and enters a call level on
   * entry and leaves it on exit, and loops on `recur`, as Closure.run does.
   */
  private arity(a: N.FnArity): string {
    const f = new Fun(this, "self");
    const params = a.argSlots.map((s) => f.param(s));
    const target: Target = {
      label: "F",
      used: false,
      backEdge: () => f.emit("if (--cx.fuel < 0) cx.refuel();"),
    };
    f.targets.set(a.argSlots, target);
    const start = f.mark();
    a.params.forEach((p, i) => f.bindParam(p, a.argSlots[i]!));
    if (a.rest !== null) f.bindParam(a.rest, a.argSlots[a.params.length]!);
    f.into(a.body, RET);
    if (target.used) f.wrap(start, "F: for (;;) {", "}");
    const name = `A${this.id()}`;
    const head = `function ${name}(cx, c, self${params.map((p) => `, ${p}`).join("")}) {`;
    const fuel = "if (--cx.fuel < 0) cx.refuel();";
    this.decls.push(
      (leafArity(a)
        ? // The same limit check as entering (depth + 1 > max), without the bookkeeping.
          [head, fuel, "if (cx.depth >= cx.limits.maxDepth) throw H.depthError(cx);", f.declarations(), f.code(), "}"]
        : [
            head,
            fuel,
            "if (++cx.depth > cx.limits.maxDepth) { cx.depth--; throw H.depthError(cx); }",
            f.declarations(),
            "try {",
            f.code(),
            "} finally { cx.depth--; }",
            "}",
          ]
      ).join("\n"),
    );
    return name;
  }

  /**
   * The iteration of a `for`/`doseq`: a state machine over its binding levels, with the
   * bindings in JS variables that are saved in the state's frame between chunks.
   */
  forRun(n: N.ForNode): string {
    const f = new Fun(this, "null");
    const frameSlots: number[] = [];
    for (let s = 2; s < n.frameSize; s++) frameSlots.push(f.frameLocal(s));
    const last = n.levels.length - 1;
    const span = this.span(n.span);
    f.emit("M: for (;;) {");
    f.emit(`if (--cx.fuel < 0) H.refuelAt(cx, ${span});`);
    f.emit("switch (level) {");
    n.levels.forEach((l, i) => {
      const cur = `cu${i}`;
      // Going up a level from level 0 ends the iteration.
      const up = i === 0 ? "return true;" : `{ level = ${i - 1}; continue M; }`;
      f.emit(`case ${i}: {`);
      f.emit("if (entering) {");
      const collVal = f.value(l.coll);
      const coll = f.atom(collVal);
      f.emit(`more = ${cur}.from(H.seqAt(cx, ${coll}, ${this.span(l.coll.span)})); entering = false;`);
      f.emit(`} else more = ${cur}.advance(cx);`);
      f.emit(`if (!more) ${up}`);
      if (l.pattern.kind === "bind")
        f.bindPattern(l.pattern, { js: `${cur}.value`, ty: collVal.intItems ? "int" : "any" });
      else f.destructure(l.pattern, f.atom({ js: `${cur}.value`, ty: "any" }));
      for (const m of l.mods) {
        if (m.kind === "let") {
          for (const b of m.bindings) f.bindPattern(b.pattern, f.value(b.init));
        } else {
          const t = f.truthy(f.value(m.test));
          f.emit(`if (!(${t})) ${m.kind === "when" ? "continue M;" : up}`);
        }
      }
      if (i < last) {
        f.emit(`level = ${i + 1}; entering = true; continue M;`);
      } else {
        const v = f.value(n.body);
        f.emit(`if (out !== null) out.push(${v.js});`);
        f.emit(
          `if (++produced >= max) { st.level = ${i}; st.entering = false; ${frameSlots.map((s) => `f[${s}] = v${s};`).join(" ")} return false; }`,
        );
        f.emit("continue M;");
      }
      f.emit("}");
    });
    f.emit("}");
    f.emit("}");
    const name = `R${this.id()}`;
    const cursors = n.levels.map((_, i) => `cu${i} = st.cursors[${i}]`).join(", ");
    this.decls.push(
      [
        `function ${name}(cx, st, max, out) {`,
        `const f = st.frame, c = f[0], ${cursors};`,
        "let level = st.level, entering = st.entering, produced = 0, more;",
        frameSlots.length > 0 ? `let ${frameSlots.map((s) => `v${s} = f[${s}]`).join(", ")};` : "",
        f.declarations(),
        f.code(),
        "}",
      ].join("\n"),
    );
    return name;
  }

  /** The factory body: its declarations, then `return <result>`. */
  private factory(result: string): string {
    return ['"use strict";', PRELUDE, ...this.decls, `return ${result};`].join("\n");
  }

  /** A whole top-level form: the factory returns its code `(frame, cx) => value`. */
  program(node: N.Node): string {
    const top = new Fun(this, "null");
    top.into(node, RET);
    return this.factory(["function (f, cx) {", top.declarations(), top.code(), "}"].join("\n"));
  }

  /** A `fn` form alone: the factory returns its arities' entry points, in the order written. */
  fnProgram(n: N.FnNode): string {
    const arities = n.arities.map((a) => this.arity(a));
    return this.factory(`[${arities.join(", ")}]`);
  }

  /**
   * A `loop` entered halfway (the closure compiler found it hot): the factory returns
   * `(frame, cx) => value` that runs the loop from the start of its body, with every
   * binding it reads (its own included) taken from the closure compiler's frame.
   */
  loopProgram(n: N.LoopNode): string {
    const f = new Fun(this, "f[1]", true);
    f.resumeLoop(n);
    return this.factory(["function (f, cx) {", f.declarations(), f.code(), "}"].join("\n"));
  }

  /** A `for`/`doseq` iteration alone: the factory returns its run function. */
  forProgram(n: N.ForNode): string {
    return this.factory(this.forRun(n));
  }
}

/** The slots a pattern binds. */
function patternSlots(p: N.Pattern): number[] {
  switch (p.kind) {
    case "bind":
      return [p.slot];
    case "seq":
      return [
        ...p.items.flatMap(patternSlots),
        ...(p.rest === null ? [] : patternSlots(p.rest)),
        ...(p.as === null ? [] : [p.as.slot]),
      ];
    case "map":
      return [...p.entries.flatMap((e) => patternSlots(e.pattern)), ...(p.as === null ? [] : [p.as.slot])];
  }
}

/**
 * Does `range` on arguments of these types give integers only? Its items are integers
 * when start and step are (or absent), whatever the end (range.ts: `startInt && stepInt`).
 */
function intRange(args: readonly Ty[]): boolean {
  if (args.length <= 1) return true;
  return args[0] === "int" && (args.length === 2 || args[2] === "int");
}

/** One generated JS function: its statements, variables and what is known of them. */
class Fun {
  private readonly out: string[] = [];
  private readonly lets = new Set<string>();
  private readonly predeclared = new Set<string>();
  /** Locals read from the closure compiler's frame `f` at entry (a loop entered halfway). */
  private readonly fromFrame = new Set<number>();
  private readonly caps = new Map<number, string>();
  private temps = 0;
  /**
   * Inside a loop that calls nothing but inlined builtins, the fuel is counted in this JS
   * variable and written back to `cx.fuel` before every call (only slow paths) and exit,
   * so a tight loop does not load and store `cx.fuel` on every iteration; the steps
   * counted are the same.
   */
  private fuel: string | null = null;
  /** Static types of locals, by slot. */
  readonly types = new Map<number, Ty>();
  readonly targets = new Map<readonly number[], Target>();

  constructor(
    private readonly u: Unit,
    /** What slot 1 (the function itself) reads as. */
    private readonly self: string,
    /** Bindings from outside come from the frame `f` (captured values from `f[0]`). */
    private readonly frame = false,
  ) {}

  emit(line: string): void {
    this.out.push(line);
  }

  mark(): number {
    return this.out.length;
  }

  /** Put the statements emitted since `start` inside `open ... close`. */
  wrap(start: number, open: string, close: string): void {
    this.out.splice(start, 0, open);
    this.out.push(close);
  }

  code(): string {
    return this.out.join("\n");
  }

  /** `let` declarations of temps and locals, and the captured values read once. */
  declarations(): string {
    const lines: string[] = [];
    if (this.frame) lines.push("const c = f[0];");
    if (this.caps.size > 0) lines.push(`const ${[...this.caps].map(([i, name]) => `${name} = c[${i}]`).join(", ")};`);
    if (this.fromFrame.size > 0) lines.push(`let ${[...this.fromFrame].map((s) => `v${s} = f[${s}]`).join(", ")};`);
    if (this.lets.size > 0) lines.push(`let ${[...this.lets].join(", ")};`);
    return lines.join("\n");
  }

  temp(): string {
    const t = `t${this.temps++}`;
    this.lets.add(t);
    return t;
  }

  /** A parameter of this function (already declared). */
  param(slot: number): string {
    const v = `v${slot}`;
    this.predeclared.add(v);
    return v;
  }

  /** A local loaded from the frame at entry (a `for` iteration). */
  frameLocal(slot: number): number {
    this.predeclared.add(`v${slot}`);
    return slot;
  }

  local(slot: number): string {
    if (slot === 1) return this.self;
    const v = `v${slot}`;
    if (this.frame) this.fromFrame.add(slot);
    else if (!this.predeclared.has(v)) this.lets.add(v);
    return v;
  }

  private captured(i: number): string {
    let name = this.caps.get(i);
    if (name === undefined) {
      name = `c${i}`;
      this.caps.set(i, name);
    }
    return name;
  }

  /** The value as a name (copied into a temp unless it already is one). */
  atom(v: Val): string {
    if (SIMPLE.test(v.js)) return v.js;
    const t = this.temp();
    this.emit(`${t} = ${v.js};`);
    return t;
  }

  /** A JS condition: is the value truthy (neither nil nor false)? */
  truthy(v: Val): string {
    if (v.ty === "bool") return v.js;
    const a = this.atom(v);
    return `${a} !== null && ${a} !== false`;
  }

  private assign(d: Dest, v: Val): void {
    if (d.k === "ret") this.emit(`${this.fuel === null ? "" : `cx.fuel = ${this.fuel}; `}return ${v.js};`);
    else if (d.k === "set") {
      this.emit(`${d.name} = ${v.js};`);
      d.ty = join(d.ty, v.ty);
    }
    // drop: values are pure expressions; whatever they did is already emitted.
  }

  /** Guard a call: an error without a position gets the call's. */
  private located(stmt: string, span: Span): string {
    const call = `try { ${stmt} } catch (e) { throw locate(e, ${this.u.span(span)}); }`;
    return this.fuel === null ? call : `cx.fuel = ${this.fuel}; ${call} ${this.fuel} = cx.fuel;`;
  }

  // -------------------------------------------------------------------------------------
  // Values

  value(n: N.Node): Val {
    switch (n.kind) {
      case "const": {
        const v = n.value;
        return { js: this.u.constant(v), ty: typeOfValue(v), nonzero: typeof v === "number" && v !== 0 };
      }
      case "local":
        return { js: this.local(n.slot), ty: this.types.get(n.slot) ?? "any" };
      case "captured":
        return { js: this.captured(n.index), ty: "any" };
      case "var-ref": {
        const g = this.u.var(n.v);
        const t = this.temp();
        this.emit(`if (!${g}.bound) throw H.unbound(${g}, ${this.u.span(n.span)});`);
        this.emit(`${t} = ${g}.value;`);
        return { js: t, ty: "any" };
      }
      case "builtin-ref":
        return { js: this.u.constant(n.def.value), ty: "any" };
      case "data-ref":
        return this.set(`cx.dataGet(${this.u.constant(n.key)})`);
      case "history":
        return this.set(`cx.history(${this.u.constant(n.n)})`);
      case "fn":
        return this.set(this.closure(n));
      case "invoke":
        return this.invoke(n);
      case "call-builtin":
        return this.callBuiltin(n);
      case "keyword-call": {
        const target = this.atom(this.value(n.target));
        const dflt = n.dflt === null ? "null" : this.atom(this.value(n.dflt));
        return this.set(`H.kw(cx, ${this.u.constant(n.key)}, ${target}, ${dflt})`);
      }
      case "tool-call": {
        const args = this.atom(this.value(n.args));
        const t = this.temp();
        this.emit(
          this.located(`${t} = cx.callTool(${this.u.constant(n.name)}, ${args}, ${this.u.span(n.span)});`, n.span),
        );
        return { js: t, ty: "any" };
      }
      case "def":
        return this.def(n);
      case "lazy-seq":
        return this.set(`H.lazySeq(${this.closure(n.thunk)})`);
      case "for": {
        const run = this.u.forRun(n);
        const caps = this.captures(n.captures);
        return this.set(`H.forSeq(cx, ${run}, ${caps}, ${n.frameSize}, ${n.levels.length}, ${n.lazy})`);
      }
      case "vector": {
        const items = n.items.map((x) => this.atom(this.value(x)));
        return this.set(`H.vec([${items.join(", ")}])`);
      }
      case "map":
        return this.mapLiteral(n);
      case "set": {
        const items = n.items.map((x) => {
          const v = this.atom(this.value(x));
          const r = this.temp();
          this.emit(`${r} = H.keyAt(cx, ${v}, ${this.u.span(n.span)});`);
          return r;
        });
        return this.set(`H.set([${items.join(", ")}], ${this.u.span(n.span)})`);
      }
      default: {
        // Control flow: statements that leave the value in a temp.
        const t = this.temp();
        const d = new SetDest(t);
        this.into(n, d);
        return { js: t, ty: d.ty ?? "any" };
      }
    }
  }

  /** A value computed by an expression with effects: into a temp. */
  private set(expr: string, ty: Ty = "any"): Val {
    const t = this.temp();
    this.emit(`${t} = ${expr};`);
    return { js: t, ty };
  }

  private captures(nodes: readonly (N.LocalNode | N.CapturedNode)[]): string {
    if (nodes.length === 0) return "H.NO_CAPTURES";
    return `[${nodes.map((c) => this.value(c).js).join(", ")}]`;
  }

  /** A new closure of a `fn` form, capturing from here. */
  private closure(n: N.FnNode): string {
    const template = this.u.template(n);
    return `new H.GenFn(${template}, ${this.captures(n.captures)})`;
  }

  private def(n: N.DefNode): Val {
    const g = this.u.var(n.v);
    // defonce keeps an existing value without evaluating the init.
    if (n.once) this.emit(`if (!${g}.bound) {`);
    if (n.init !== null) {
      const v = this.value(n.init);
      this.emit(`cx.setVar(${g}, ${v.js}, ${this.u.constant(n.doc)});`);
    }
    if (n.once) this.emit("}");
    return { js: g, ty: "any" };
  }

  private invoke(n: N.InvokeNode): Val {
    const g = this.atom(this.value(n.fn));
    const args = n.args.map((a) => this.atom(this.value(a)));
    const t = this.temp();
    let call: string;
    if (args.length === 1) call = `${g}.call1(cx, ${args[0]})`;
    else if (args.length === 2) call = `${g}.call2(cx, ${args[0]}, ${args[1]})`;
    else {
      const a = this.temp();
      this.emit(`${a} = [${args.join(", ")}];`);
      this.emit(
        this.located(`${t} = ${g} instanceof PtcFn ? ${g}.invoke(cx, ${a}) : H.callFn(cx, ${g}, ${a});`, n.span),
      );
      return { js: t, ty: "any" };
    }
    this.emit(
      this.located(`${t} = ${g} instanceof PtcFn ? ${call} : H.callFn(cx, ${g}, [${args.join(", ")}]);`, n.span),
    );
    return { js: t, ty: "any" };
  }

  private callBuiltin(n: N.CallBuiltinNode): Val {
    const def = n.def;
    const q = def.qualified;
    const count = n.args.length;
    const op = OPS[q];
    if (op !== undefined && op.arity === count && (count === 1 ? def.f1 : def.f2) !== undefined) {
      return this.intrinsic(n, op.arity === 1 ? def.f1 : def.f2);
    }
    const eq = EQUALITY[q];
    if (eq !== undefined && count === 2 && def.f2 !== undefined) return this.equality(n, eq);
    const vals = n.args.map((a) => this.value(a));
    const args = vals.map((v) => this.atom(v));
    const fixed = count === 0 ? def.f0 : count === 1 ? def.f1 : count === 2 ? def.f2 : count === 3 ? def.f3 : undefined;
    const call =
      fixed !== undefined
        ? `${this.u.entry(fixed)}(cx${args.map((a) => `, ${a}`).join("")})`
        : `${this.u.entry(def.call)}(cx, [${args.join(", ")}])`;
    const t = this.temp();
    this.emit(this.located(`${t} = ${call};`, n.span));
    // Its lazy result goes only to the streaming reduction around it (see LazySeq.fresh).
    if (n.fresh === true) this.emit(`H.markFresh(${t});`);
    return {
      js: t,
      ty: resultType(
        q,
        vals.map((v) => v.ty),
      ),
      intItems: q === "clojure.core/range" && intRange(vals.map((v) => v.ty)),
    };
  }

  /** An inlined builtin: the fast path where the operands allow, else the builtin. */
  private intrinsic(n: N.CallBuiltinNode, entry: unknown): Val {
    const op = OPS[n.def.qualified]!;
    const xs: Operand[] = n.args.map((a) => {
      const v = this.value(a);
      return { js: this.atom(v), int: v.ty === "int", nonzero: v.nonzero === true };
    });
    const x = xs[0]!;
    const y = xs[1] ?? x;
    if (op.anyValue === true) return { js: op.fast(x.js, y.js), ty: op.intTy };
    const ty = xs.every((o) => o.int) ? op.intTy : op.anyTy;
    const slowCall = `${this.u.entry(entry)}(cx, ${xs.map((o) => o.js).join(", ")})`;
    const conds: string[] = [];
    for (const o of xs) {
      if (o.int) continue;
      conds.push(`typeof ${o.js} === "number"`);
      if (op.ints) conds.push(`Number.isInteger(${o.js})`);
    }
    const extra = op.extra?.(x, y);
    if (extra != null) conds.push(extra);
    const fast = op.fast(x.js, y.js);
    // `(* x x)`: one check per distinct operand.
    conds.splice(0, conds.length, ...new Set(conds));
    if (conds.length === 0 && op.overflow === undefined) return { js: `(${fast})`, ty };
    const t = this.temp();
    const slow = this.located(`${t} = ${slowCall};`, n.span);
    const onFast = `${t} = ${fast};${op.overflow ? ` if (${op.overflow(t)}) { ${slow} }` : ""}`;
    this.emit(conds.length === 0 ? onFast : `if (${conds.join(" && ")}) { ${onFast} } else { ${slow} }`);
    return { js: t, ty };
  }

  /** `=` / `not=`: identical values and non-objects are decided here, two objects by the builtin. */
  private equality(n: N.CallBuiltinNode, same: boolean): Val {
    const vs = n.args.map((a) => this.value(a));
    const [x, y] = vs.map((v) => this.atom(v)) as [string, string];
    if (vs.some((v) => v.ty === "int")) return { js: `(${x} ${same ? "===" : "!=="} ${y})`, ty: "bool" };
    const t = this.temp();
    const identical = same ? `typeof ${x} !== "number" || ${x} === ${x}` : `typeof ${x} === "number" && ${x} !== ${x}`;
    this.emit(
      `if (${x} === ${y}) ${t} = ${identical}; ` +
        `else if (typeof ${x} !== "object" || ${x} === null || typeof ${y} !== "object" || ${y} === null) ${t} = ${!same}; ` +
        `else { ${this.located(`${t} = ${this.u.entry(n.def.f2)}(cx, ${x}, ${y});`, n.span)} }`,
    );
    return { js: t, ty: "bool" };
  }

  private mapLiteral(n: N.MapNode): Val {
    // Constant keys (checked distinct by the analyzer) and few entries: the array map
    // directly, in the order written.
    if (n.keys.every((k) => k.kind === "const") && n.keys.length <= 8) {
      const kvs = n.vals.flatMap((v, i) => [
        this.u.constant((n.keys[i] as N.ConstNode).value),
        this.atom(this.value(v)),
      ]);
      return this.set(`new H.ArrayMap([${kvs.join(", ")}])`);
    }
    const kvs: string[] = [];
    n.keys.forEach((k, i) => {
      const key = this.atom(this.value(k));
      const r = this.temp();
      this.emit(`${r} = H.keyAt(cx, ${key}, ${this.u.span(n.span)});`);
      kvs.push(r, this.atom(this.value(n.vals[i]!)));
    });
    return this.set(`H.map([${kvs.join(", ")}], ${this.u.span(n.span)})`);
  }

  // -------------------------------------------------------------------------------------
  // Statements

  /** Emit statements that deliver the node's value to `d`. */
  into(n: N.Node, d: Dest): void {
    switch (n.kind) {
      case "if": {
        const c = this.truthy(this.value(n.test));
        this.emit(`if (${c}) {`);
        this.into(n.then, d);
        this.emit("} else {");
        this.into(n.else, d);
        this.emit("}");
        return;
      }
      case "do":
        for (let i = 0; i < n.body.length - 1; i++) this.into(n.body[i]!, DROP);
        this.into(n.body[n.body.length - 1]!, d);
        return;
      case "let":
        for (const b of n.bindings) this.bindPattern(b.pattern, this.value(b.init));
        this.into(n.body, d);
        return;
      case "loop":
        this.loop(n, d);
        return;
      case "recur":
        this.recur(n);
        return;
      case "and":
      case "or": {
        const last = n.items.length - 1;
        for (let i = 0; i < last; i++) {
          const v = this.value(n.items[i]!);
          const a = this.atom(v);
          const falsy = v.ty === "bool" ? `!${a}` : `${a} === null || ${a} === false`;
          const truthy = v.ty === "bool" ? a : `${a} !== null && ${a} !== false`;
          this.emit(`if (${n.kind === "and" ? falsy : truthy}) {`);
          this.assign(d, { js: a, ty: v.ty });
          this.emit("} else {");
        }
        this.into(n.items[last]!, d);
        for (let i = 0; i < last; i++) this.emit("}");
        return;
      }
      case "case":
        this.caseForm(n, d);
        return;
      case "return": {
        const v = this.value(n.value);
        this.emit(`throw new H.ReturnSignal(${v.js});`);
        return;
      }
      case "fail": {
        const v = this.value(n.value);
        this.emit(`throw H.fail(cx, ${v.js}, ${this.u.span(n.span)});`);
        return;
      }
      default:
        this.assign(d, this.value(n));
    }
  }

  private loop(n: N.LoopNode, d: Dest): void {
    const plain = n.bindings.map((b, i) => b.pattern.kind === "bind" && b.pattern.slot === n.slots[i]);
    const inits: Ty[] = [];
    n.bindings.forEach((b, i) => {
      const v = this.value(b.init);
      const slot = n.slots[i]!;
      inits.push(v.ty);
      this.emit(`${this.local(slot)} = ${v.js};`);
      this.types.set(slot, v.ty);
      if (!plain[i]) this.destructure(b.pattern, this.local(slot));
    });
    this.loopBody(n, inits, d);
  }

  /** A loop entered at the start of its body, its bindings in the frame (see Unit.loopProgram). */
  resumeLoop(n: N.LoopNode): void {
    // Nothing is known of the bindings from outside; the loop's own are typed by inference.
    const inits = n.bindings.map(() => "any" as Ty);
    this.loopBody(n, inits, RET, true);
  }

  /**
   * `resumable`: the loop's own code, entered at the start of its body; where the fuel runs
   * out at a back edge it saves its bindings in the frame and returns YIELD (see signals.ts).
   */
  private loopBody(n: N.LoopNode, inits: readonly Ty[], d: Dest, resumable = false): void {
    const plain = n.bindings.map((b, i) => b.pattern.kind === "bind" && b.pattern.slot === n.slots[i]);
    const types = resumable ? loopTypesFromInits(n, this.types) : loopTypes(n, this.types, inits);
    n.slots.forEach((s, i) => this.types.set(s, types[i]!));
    const label = `L${this.u.id()}`;
    const span = this.u.span(n.span);
    const rebind = (): void =>
      n.bindings.forEach((b, i) => {
        if (!plain[i]) this.destructure(b.pattern, this.local(n.slots[i]!));
      });
    const saved = [...n.slots, ...n.bindings.flatMap((b) => patternSlots(b.pattern))];
    // The outermost loop that calls nothing keeps the fuel in a local (see `fuel`).
    const own = this.fuel === null && leafLoop(n);
    if (own) {
      this.fuel = this.temp();
      this.emit(`${this.fuel} = cx.fuel;`);
    }
    const fuel = this.fuel;
    const spend = fuel === null ? `if (--cx.fuel < 0) {` : `if (--${fuel} < 0) { cx.fuel = ${fuel};`;
    this.targets.set(n.slots, {
      label,
      used: false,
      backEdge: () => {
        this.emit(spend);
        this.emit(`H.refuelAt(cx, ${span});`);
        if (resumable) {
          rebind();
          this.emit(`${[...new Set(saved)].map((s) => `f[${s}] = ${this.local(s)};`).join(" ")} return H.YIELD;`);
        } else if (fuel !== null) {
          this.emit(`${fuel} = cx.fuel;`);
        }
        this.emit("}");
        rebind();
      },
    });
    this.emit(`${label}: for (;;) {`);
    this.into(n.body, d);
    // A body whose value is returned ends every path in a return, a throw or a `continue`
    // (recur): nothing after it would run, and TypeScript's allowUnreachableCode: false (a
    // frozen program's module, docs/compile.md) refuses code that cannot run.
    if (d.k !== "ret") this.emit("break;");
    this.emit("}");
    if (own) {
      if (d.k !== "ret") this.emit(`cx.fuel = ${fuel};`);
      this.fuel = null;
    }
  }

  private recur(n: N.RecurNode): void {
    const target = this.targets.get(n.slots);
    if (target === undefined) throw new Error("codegen: recur without a target");
    target.used = true;
    // Every new value first, then the assignments (a value may read an old binding).
    const vals = n.args.map((a) => this.value(a));
    const temps = vals.map((v) => {
      if (/^(?:k\d+|null|true|false)$/.test(v.js)) return v.js;
      const t = this.temp();
      this.emit(`${t} = ${v.js};`);
      return t;
    });
    n.slots.forEach((s, i) => {
      if (this.types.get(s) === "int" && vals[i]!.ty !== "int") throw new Error("codegen: loop binding type mismatch");
      this.emit(`${this.local(s)} = ${temps[i]};`);
    });
    target.backEdge();
    this.emit(`continue ${target.label};`);
  }

  private caseForm(n: N.CaseNode, d: Dest): void {
    const v = this.atom(this.value(n.test));
    const b = new MapBuilder();
    n.keys.forEach((k, i) => b.assoc(k, n.branchOf[i]!));
    const table = this.u.constant(b.build());
    const i = this.temp();
    this.emit(`${i} = ${table}.get(H.keyAt(cx, ${v}, ${this.u.span(n.span)}), NF);`);
    this.emit(`switch (${i}) {`);
    n.branches.forEach((br, k) => {
      this.emit(`case ${k}: {`);
      this.into(br, d);
      // (A returned branch has returned: see loopBody.)
      this.emit(d.k === "ret" ? "}" : "break; }");
    });
    this.emit("default: {");
    if (n.dflt !== null) this.into(n.dflt, d);
    else this.emit(`throw H.noCase(${v}, ${this.u.span(n.span)});`);
    this.emit("} }");
  }

  // -------------------------------------------------------------------------------------
  // Bindings and destructuring

  bindPattern(p: N.Pattern, v: Val): void {
    if (p.kind === "bind") {
      this.emit(`${this.local(p.slot)} = ${v.js};`);
      this.types.set(p.slot, v.ty);
      return;
    }
    this.destructure(p, this.atom(v));
  }

  /** A parameter given as a pattern is destructured from its argument slot (every call and recur). */
  bindParam(p: N.Pattern, slot: number): void {
    if (p.kind === "bind" && p.slot === slot) return;
    this.destructure(p, this.local(slot));
  }

  /** Bind the parts of the value named `src`; an error without a position gets the pattern's. */
  destructure(p: N.Pattern, src: string): void {
    if (p.kind === "bind") {
      this.emit(`${this.local(p.slot)} = ${src};`);
      this.types.set(p.slot, "any");
      return;
    }
    this.emit("try {");
    if (p.kind === "seq") this.seqPattern(p, src);
    else this.mapPattern(p, src);
    this.emit(`} catch (e) { throw locate(e, ${this.u.span(p.span)}); }`);
  }

  /**
   * `[a b & more :as all]`: a vector is read by index; anything else as a seq, stepping
   * after each item (also after the last), in the same order as the closure compiler.
   */
  private seqPattern(p: N.SeqPattern, v: string): void {
    if (p.as !== null) this.destructure(p.as, v);
    const isVec = this.temp();
    const s = this.temp();
    this.emit(`${isVec} = ${v} instanceof PVector;`);
    this.emit(`${s} = ${isVec} ? null : H.seqOf(cx, ${v});`);
    p.items.forEach((item, i) => {
      const x = this.temp();
      this.emit(`${x} = ${isVec} ? (${i} < ${v}.count ? ${v}.arr[${i}] : null) : ${s} === null ? null : ${s}.first();`);
      this.destructure(item, x);
      this.emit(`if (!${isVec} && ${s} !== null) ${s} = ${s}.next(cx);`);
    });
    if (p.rest !== null) {
      const n = p.items.length;
      const r = this.temp();
      this.emit(
        `${r} = ${isVec} ? (${v}.count > ${n} ? new H.ArraySeq(${v}.shared(), ${n}, ${v}.count, null) : null) : ${s};`,
      );
      this.destructure(p.rest, r);
    }
  }

  /** `{a :a, :keys [b], :or {b 1}, :as m}`: each key read with `get`; defaults only for absent keys. */
  private mapPattern(p: N.MapPattern, v: string): void {
    const m = this.temp();
    this.emit(`${m} = H.mapArg(cx, ${v});`);
    if (p.as !== null) this.destructure(p.as, m);
    for (const e of p.entries) {
      const x = this.temp();
      const key = e.keyExpr === null ? this.u.constant(e.key) : this.atom(this.value(e.keyExpr));
      this.emit(`${x} = H.get(cx, ${m}, ${key}, NF);`);
      this.emit(`if (${x} === NF) {`);
      if (e.dflt === null) this.emit(`${x} = null;`);
      else this.into(e.dflt, new SetDest(x));
      this.emit("}");
      this.destructure(e.pattern, x);
    }
  }
}
