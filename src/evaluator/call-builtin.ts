/**
 * Calls to builtins known at analysis time. These are the hottest closures of most
 * programs (`(< i n)`, `(inc i)`, `(get m k)`), so arguments that are locals or
 * constants are read in place instead of through a closure call each, and the builtin's
 * fixed-arity entry point is called without an argument array.
 */
import type * as N from "../analyzer/node.js";
import type { Value } from "../runtime/values.js";
import type { Code } from "./closure.js";
import { intrinsic } from "./intrinsics.js";
import { locate } from "./locate.js";
import { markFresh } from "../runtime/seq.js";

type Operand =
  | { readonly kind: "local"; readonly slot: number }
  | { readonly kind: "const"; readonly value: Value }
  | { readonly kind: "code"; readonly code: Code };

function operand(n: N.Node, compile: (n: N.Node) => Code): Operand {
  if (n.kind === "local") return { kind: "local", slot: n.slot };
  if (n.kind === "const") return { kind: "const", value: n.value };
  return { kind: "code", code: compile(n) };
}

export function compileCallBuiltin(n: N.CallBuiltinNode, compile: (n: N.Node) => Code): Code {
  if (n.fresh === true) {
    // Its lazy result goes only to the streaming reduction around it (see LazySeq.fresh).
    const { fresh: _, ...plain } = n;
    const inner = compileCallBuiltin(plain, compile);
    return (f, cx) => markFresh(inner(f, cx));
  }
  const inlined = intrinsic(n, compile);
  if (inlined !== null) return inlined;
  const def = n.def;
  const span = n.span;
  const count = n.args.length;
  if (count === 0 && def.f0) {
    const f0 = def.f0;
    return (_f, cx) => {
      try {
        return f0(cx);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  if (count === 1 && def.f1) return call1(def.f1, operand(n.args[0]!, compile), span);
  if (count === 2 && def.f2) return call2(def.f2, operand(n.args[0]!, compile), operand(n.args[1]!, compile), span);
  if (count === 3 && def.f3) {
    const f3 = def.f3;
    const [a, b, c] = n.args.map(compile) as [Code, Code, Code];
    return (f, cx) => {
      const x = a(f, cx);
      const y = b(f, cx);
      const z = c(f, cx);
      try {
        return f3(cx, x, y, z);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  const call = def.call;
  const args = n.args.map(compile);
  return (f, cx) => {
    const a = new Array<Value>(count);
    for (let i = 0; i < count; i++) a[i] = args[i]!(f, cx);
    try {
      return call(cx, a);
    } catch (e) {
      throw locate(e, span);
    }
  };
}

type F1 = NonNullable<N.CallBuiltinNode["def"]["f1"]>;
type F2 = NonNullable<N.CallBuiltinNode["def"]["f2"]>;

function call1(f1: F1, a: Operand, span: N.CallBuiltinNode["span"]): Code {
  if (a.kind === "local") {
    const s = a.slot;
    return (f, cx) => {
      try {
        return f1(cx, f[s]!);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  const ca = a.kind === "const" ? constCode(a.value) : a.code;
  return (f, cx) => {
    const x = ca(f, cx);
    try {
      return f1(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  };
}

function constCode(v: Value): Code {
  return () => v;
}

function call2(f2: F2, a: Operand, b: Operand, span: N.CallBuiltinNode["span"]): Code {
  if (a.kind === "local" && b.kind === "local") {
    const s = a.slot;
    const t = b.slot;
    return (f, cx) => {
      try {
        return f2(cx, f[s]!, f[t]!);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  if (a.kind === "local" && b.kind === "const") {
    const s = a.slot;
    const v = b.value;
    return (f, cx) => {
      try {
        return f2(cx, f[s]!, v);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  if (a.kind === "const" && b.kind === "local") {
    const v = a.value;
    const t = b.slot;
    return (f, cx) => {
      try {
        return f2(cx, v, f[t]!);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  if (a.kind === "local" && b.kind === "code") {
    const s = a.slot;
    const cb = b.code;
    return (f, cx) => {
      const y = cb(f, cx);
      try {
        return f2(cx, f[s]!, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  if (a.kind === "code" && b.kind === "local") {
    const ca = a.code;
    const t = b.slot;
    return (f, cx) => {
      const x = ca(f, cx);
      try {
        return f2(cx, x, f[t]!);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  if (a.kind === "code" && b.kind === "const") {
    const ca = a.code;
    const v = b.value;
    return (f, cx) => {
      const x = ca(f, cx);
      try {
        return f2(cx, x, v);
      } catch (e) {
        throw locate(e, span);
      }
    };
  }
  const ca = a.kind === "code" ? a.code : a.kind === "const" ? constCode(a.value) : localCode(a.slot);
  const cb = b.kind === "code" ? b.code : b.kind === "const" ? constCode(b.value) : localCode(b.slot);
  return (f, cx) => {
    const x = ca(f, cx);
    const y = cb(f, cx);
    try {
      return f2(cx, x, y);
    } catch (e) {
      throw locate(e, span);
    }
  };
}

function localCode(slot: number): Code {
  return (f) => f[slot]!;
}
