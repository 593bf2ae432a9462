/**
 * Static types of loop bindings: a binding is an integer when its initial value and every
 * value `recur` gives it are integers (assuming the loop's other integer bindings are;
 * iterated until nothing changes). Generated code then needs no checks on it.
 */
import type * as N from "../../analyzer/node.js";
import { join, resultType, typeOfValue, type Ty } from "./ops.js";

export type Env = ReadonlyMap<number, Ty>;

/** Nested loops are inferred inside each other's iterations: a budget keeps that bounded. */
class Budget {
  left = 20_000;
  spend(): void {
    if (--this.left < 0) throw this;
  }
}

function extend(env: Env, slots: readonly number[], types: readonly Ty[]): Env {
  const m = new Map(env);
  slots.forEach((s, i) => m.set(s, types[i]!));
  return m;
}

function joinAll(types: readonly (Ty | null)[]): Ty | null {
  let t: Ty | null = null;
  for (const x of types) if (x !== null) t = join(t, x);
  return t;
}

class Inference {
  readonly budget = new Budget();

  /** Types of let bindings, in order (destructured parts are unknown). */
  bindEnv(bindings: readonly N.Binding[], env: Env): Env {
    let e = env;
    for (const b of bindings) {
      if (b.pattern.kind === "bind") e = extend(e, [b.pattern.slot], [this.typeOf(b.init, e) ?? "any"]);
    }
    return e;
  }

  /** The type of a node's value; null when it never produces one (recur, return, fail). */
  typeOf(n: N.Node, env: Env): Ty | null {
    this.budget.spend();
    switch (n.kind) {
      case "const":
        return typeOfValue(n.value);
      case "local":
        return env.get(n.slot) ?? "any";
      case "if":
        return joinAll([this.typeOf(n.then, env), this.typeOf(n.else, env)]);
      case "do":
        return this.typeOf(n.body[n.body.length - 1]!, env);
      case "let":
        return this.typeOf(n.body, this.bindEnv(n.bindings, env));
      case "loop": {
        const inits = n.bindings.map((b) => this.typeOf(b.init, env) ?? "any");
        return this.typeOf(n.body, extend(env, n.slots, this.loopTypes(n, env, inits)));
      }
      case "recur":
      case "return":
      case "fail":
        return null;
      case "and":
      case "or":
        return joinAll(n.items.map((x) => this.typeOf(x, env)));
      case "case":
        return joinAll([
          ...n.branches.map((b) => this.typeOf(b, env)),
          n.dflt === null ? null : this.typeOf(n.dflt, env),
        ]);
      case "call-builtin":
        return resultType(
          n.def.qualified,
          n.args.map((a) => this.typeOf(a, env) ?? "any"),
        );
      default:
        return "any";
    }
  }

  /** The argument types of every `recur` to `target` among the tail positions of `n`. */
  recurTypes(n: N.Node, env: Env, target: readonly number[], out: Ty[][]): void {
    this.budget.spend();
    switch (n.kind) {
      case "recur":
        if (n.slots === target) out.push(n.args.map((a) => this.typeOf(a, env) ?? "any"));
        return;
      case "if":
        this.recurTypes(n.then, env, target, out);
        this.recurTypes(n.else, env, target, out);
        return;
      case "do":
        this.recurTypes(n.body[n.body.length - 1]!, env, target, out);
        return;
      case "let":
        this.recurTypes(n.body, this.bindEnv(n.bindings, env), target, out);
        return;
      case "and":
      case "or":
        this.recurTypes(n.items[n.items.length - 1]!, env, target, out);
        return;
      case "case":
        for (const b of n.branches) this.recurTypes(b, env, target, out);
        if (n.dflt !== null) this.recurTypes(n.dflt, env, target, out);
        return;
      default:
        return;
    }
  }

  loopTypes(n: N.LoopNode, env: Env, inits: readonly Ty[]): Ty[] {
    let types = n.bindings.map((b, i) =>
      b.pattern.kind === "bind" && b.pattern.slot === n.slots[i] ? inits[i]! : "any",
    );
    for (;;) {
      const recurs: Ty[][] = [];
      this.recurTypes(n.body, extend(env, n.slots, types), n.slots, recurs);
      const next = types.map((t, i) => recurs.reduce<Ty>((acc, r) => join(acc, r[i]!), t));
      if (next.every((t, i) => t === types[i])) return types;
      types = next;
    }
  }
}

/**
 * The types of a loop's bindings, given the types of the other locals in scope and of
 * their initial values: a plain binding stays an integer if every recur keeps it one;
 * destructured ones are unknown. Everything is unknown when the loop is too big to infer.
 */
export function loopTypes(n: N.LoopNode, env: Env, inits: readonly Ty[]): Ty[] {
  const inf = new Inference();
  try {
    return inf.loopTypes(n, env, inits);
  } catch (e) {
    if (e === inf.budget) return n.bindings.map(() => "any");
    throw e;
  }
}

/**
 * The types of a loop's bindings from the types of its initial values as inference sees
 * them (for a loop entered halfway, whose initial values were computed elsewhere).
 */
export function loopTypesFromInits(n: N.LoopNode, env: Env): Ty[] {
  const inf = new Inference();
  try {
    return inf.loopTypes(
      n,
      env,
      n.bindings.map((b) => inf.typeOf(b.init, env) ?? "any"),
    );
  } catch (e) {
    if (e === inf.budget) return n.bindings.map(() => "any");
    throw e;
  }
}
