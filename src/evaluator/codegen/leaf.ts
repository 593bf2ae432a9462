/**
 * Code that calls nothing: what the generator may simplify for it. A loop or function body
 * that only reads locals and constants, branches, binds plain names and calls inlined
 * builtins (whose slow paths, taken for unusual operands, are the only calls) runs no
 * program code of its own, so nothing it calls can observe its fuel counter or its call
 * level between the points where it reports them.
 */
import type * as N from "../../analyzer/node.js";
import { EQUALITY, OPS } from "./ops.js";

/**
 * Does the code call nothing but inlined builtins (whose slow paths are the only calls)?
 * With `equality`, `=` and `not=` count as inlined (their slow path may realize lazy
 * seqs, which runs program code: fine for fuel, not for the call depth).
 */
export function callsNothing(n: N.Node, equality: boolean): boolean {
  const leaf = (x: N.Node): boolean => {
    switch (x.kind) {
      case "const":
      case "local":
      case "captured":
        return true;
      case "if":
        return leaf(x.test) && leaf(x.then) && leaf(x.else);
      case "do":
        return x.body.every(leaf);
      case "and":
      case "or":
        return x.items.every(leaf);
      case "let":
        return x.bindings.every((b) => b.pattern.kind === "bind" && leaf(b.init)) && leaf(x.body);
      case "loop":
        return (
          x.bindings.every((b, i) => b.pattern.kind === "bind" && b.pattern.slot === x.slots[i] && leaf(b.init)) &&
          leaf(x.body)
        );
      case "recur":
        return x.args.every(leaf);
      case "keyword-call":
        // keywordGet reads a map or set; it realizes nothing but the (constant) key.
        return leaf(x.target) && (x.dflt === null || leaf(x.dflt));
      case "call-builtin": {
        const op = OPS[x.def.qualified];
        const inlined =
          (op !== undefined && op.arity === x.args.length) ||
          (equality && EQUALITY[x.def.qualified] !== undefined && x.args.length === 2);
        return inlined && x.args.every(leaf);
      }
      default:
        return false;
    }
  };
  return leaf(n);
}

/** A loop whose fuel can live in a local (see Fun.fuel): plain bindings, nothing called. */
export function leafLoop(n: N.LoopNode): boolean {
  return (
    n.bindings.every((b, i) => b.pattern.kind === "bind" && b.pattern.slot === n.slots[i]) && callsNothing(n.body, true)
  );
}

/**
 * An arity that runs no program code of its own calls: plain parameters, a body that calls
 * nothing (not even `=`, which may realize lazy seqs). Nothing can observe its call level,
 * so it only checks the depth limit (as entering would) without entering.
 */
export function leafArity(a: N.FnArity): boolean {
  return (
    a.params.every((p, i) => p.kind === "bind" && p.slot === a.argSlots[i]) &&
    (a.rest === null || (a.rest.kind === "bind" && a.rest.slot === a.argSlots[a.params.length])) &&
    callsNothing(a.body, false)
  );
}
