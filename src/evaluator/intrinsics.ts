/**
 * Inline fast paths for the arithmetic and comparison builtins that dominate numeric
 * loops. Each intrinsic is its own function literal, so V8 keeps separate type feedback
 * for `+`, `<`, `inc`..., and the integer case runs without calling the builtin at all.
 * Anything else (floats in boxes, non-numbers, overflow, division by zero) falls back to
 * the builtin itself, which gives the exact result or the error.
 */
import type * as N from "../analyzer/node.js";
import type { Span } from "../diagnostics/span.js";
import type { BuiltinDef } from "../runtime/builtins/registry.js";
import type { Value } from "../runtime/values.js";
import type { Code } from "./closure.js";
import { locate } from "./locate.js";
import { table } from "../runtime/table.js";

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * An operand: a frame slot (`slot >= 0`), a constant (`slot === CONST`), or code. Reading
 * a local or a constant in place, behind a branch on a captured constant, is much
 * cheaper than calling a closure from a call site shared by every intrinsic of its kind.
 */
export interface Operand {
  readonly slot: number;
  readonly value: Value;
  readonly code: Code;
}
const CONST = -1;
const CODE = -2;

type Binary = (a: Operand, b: Operand, slow: NonNullable<BuiltinDef["f2"]>, span: Span) => Code;
type Unary = (a: Code, slow: NonNullable<BuiltinDef["f1"]>, span: Span) => Code;

const BINARY: Readonly<Record<string, Binary>> = table({
  "clojure.core/+": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number" && Number.isInteger(x) && Number.isInteger(y)) {
        const r = x + y;
        if (r <= MAX && r >= -MAX) return r;
      }
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/-": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number" && Number.isInteger(x) && Number.isInteger(y)) {
        const r = x - y;
        if (r <= MAX && r >= -MAX) return r;
      }
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/*": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number" && Number.isInteger(x) && Number.isInteger(y)) {
        const r = x * y;
        if (r <= MAX && r >= -MAX) return r + 0;
      }
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/<": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number") return x < y;
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/>": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number") return x > y;
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/<=": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number") return x <= y;
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/>=": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number") return x >= y;
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/=": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      // Identical primitives (not NaN) are equal; everything else goes through `=`.
      if (x === y && (typeof x !== "number" || x === x)) return true;
      if (typeof x === "number" && typeof y === "number") return false;
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/rem": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number" && Number.isInteger(x) && Number.isInteger(y) && y !== 0) {
        return (x % y) + 0;
      }
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/mod": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number" && Number.isInteger(x) && Number.isInteger(y) && y !== 0) {
        const m = x % y;
        return (m !== 0 && m < 0 !== y < 0 ? m + y : m) + 0;
      }
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
  "clojure.core/quot": (a, b, slow, span) => {
    const [as, av, ac, bs, bv, bc] = [a.slot, a.value, a.code, b.slot, b.value, b.code];
    return (f, cx) => {
      const x = as >= 0 ? f[as]! : as === CONST ? av : ac(f, cx);
      const y = bs >= 0 ? f[bs]! : bs === CONST ? bv : bc(f, cx);
      if (typeof x === "number" && typeof y === "number" && Number.isInteger(x) && Number.isInteger(y) && y !== 0) {
        return Math.trunc(x / y) + 0;
      }
      try {
        return slow(cx, x, y);
      } catch (e) {
        throw locate(e, span);
      }
    };
  },
});

const UNARY: Readonly<Record<string, Unary>> = table({
  "clojure.core/inc": (a, slow, span) => (f, cx) => {
    const x = a(f, cx);
    if (typeof x === "number" && Number.isInteger(x) && x < MAX) return x + 1;
    try {
      return slow(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  },
  "clojure.core/dec": (a, slow, span) => (f, cx) => {
    const x = a(f, cx);
    if (typeof x === "number" && Number.isInteger(x) && x > -MAX) return x - 1;
    try {
      return slow(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  },
  "clojure.core/zero?": (a, slow, span) => (f, cx) => {
    const x = a(f, cx);
    if (typeof x === "number") return x === 0;
    try {
      return slow(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  },
  "clojure.core/pos?": (a, slow, span) => (f, cx) => {
    const x = a(f, cx);
    if (typeof x === "number") return x > 0;
    try {
      return slow(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  },
  "clojure.core/neg?": (a, slow, span) => (f, cx) => {
    const x = a(f, cx);
    if (typeof x === "number") return x < 0;
    try {
      return slow(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  },
  "clojure.core/even?": (a, slow, span) => (f, cx) => {
    const x = a(f, cx);
    if (typeof x === "number" && Number.isInteger(x)) return x % 2 === 0;
    try {
      return slow(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  },
  "clojure.core/odd?": (a, slow, span) => (f, cx) => {
    const x = a(f, cx);
    if (typeof x === "number" && Number.isInteger(x)) return x % 2 !== 0;
    try {
      return slow(cx, x);
    } catch (e) {
      throw locate(e, span);
    }
  },
  "clojure.core/not": (a) => (f, cx) => {
    const x = a(f, cx);
    return x === null || x === false;
  },
  "clojure.core/nil?": (a) => (f, cx) => a(f, cx) === null,
});

function operand(n: N.Node, compile: (n: N.Node) => Code): Operand {
  const none: Code = () => null;
  if (n.kind === "local") return { slot: n.slot, value: null, code: none };
  if (n.kind === "const") return { slot: CONST, value: n.value, code: none };
  return { slot: CODE, value: null, code: compile(n) };
}

/** An inlined call, or null when the builtin has no intrinsic for this many arguments. */
export function intrinsic(n: N.CallBuiltinNode, compile: (n: N.Node) => Code): Code | null {
  const def = n.def;
  if (n.args.length === 2 && def.f2) {
    const make = BINARY[def.qualified];
    if (make) return make(operand(n.args[0]!, compile), operand(n.args[1]!, compile), def.f2, n.span);
  }
  if (n.args.length === 1 && def.f1) {
    const make = UNARY[def.qualified];
    if (make) return make(compile(n.args[0]!), def.f1, n.span);
  }
  return null;
}
