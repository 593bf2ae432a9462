/**
 * The builtin registry. Each builtin is declared once, with everything the rest of the
 * system needs: its names, argument lists, arity, a one-line doc, examples (which tests
 * evaluate, and from which the language reference is generated) and its implementation.
 *
 * Implementations take the evaluation context first. A builtin may provide fixed-arity
 * entry points (`f1`, `f2`, `f3`) that the compiler calls directly without allocating an
 * argument array; `fn` handles every arity.
 */
import type { Cx } from "../context.js";
import { arityError } from "../errors.js";
import { PtcFn, type Value } from "../values.js";
import { table } from "../table.js";

/** Clojure namespaces the builtins live in; `ptc` holds PTC-Lisp's own extensions. */
export type BuiltinNs =
  | "clojure.core"
  | "clojure.string"
  | "clojure.set"
  | "clojure.walk"
  | "ptc"
  | "ptc.internal"
  | "ptc.interop"
  | "budget"
  | "json";

export interface BuiltinExample {
  readonly code: string;
  /** The expected result in pr-str notation. */
  readonly result: string;
}

export interface BuiltinSpec {
  readonly name: string;
  readonly ns?: BuiltinNs;
  /** Extra unqualified names (`upcase` for `upper-case`). */
  readonly aliases?: readonly string[];
  /** Argument lists as documentation shows them: `["[x]", "[x y & more]"]`. */
  readonly arglists: readonly string[];
  readonly doc: string;
  readonly examples: readonly BuiltinExample[];
  readonly f0?: (cx: Cx) => Value;
  readonly f1?: (cx: Cx, a: Value) => Value;
  readonly f2?: (cx: Cx, a: Value, b: Value) => Value;
  readonly f3?: (cx: Cx, a: Value, b: Value, c: Value) => Value;
  /** General entry point; derived from f0..f3 when absent. */
  readonly fn?: (cx: Cx, args: Value[]) => Value;
}

export interface BuiltinDef extends BuiltinSpec {
  readonly ns: BuiltinNs;
  /** `clojure.string/join` */
  readonly qualified: string;
  readonly minArity: number;
  readonly maxArity: number;
  readonly call: (cx: Cx, args: Value[]) => Value;
  /** The builtin as a first-class function value. */
  readonly value: BuiltinFn;
}

export class BuiltinFn extends PtcFn {
  constructor(readonly def: BuiltinDef) {
    super();
  }
  get name(): string {
    return this.def.name;
  }
  invoke(cx: Cx, args: Value[]): Value {
    checkArity(this.def, args.length);
    return this.def.call(cx, args);
  }
  override call1(cx: Cx, a: Value): Value {
    const f1 = this.def.f1;
    if (f1 !== undefined) return f1(cx, a);
    return this.invoke(cx, [a]);
  }
  override call2(cx: Cx, a: Value, b: Value): Value {
    const f2 = this.def.f2;
    if (f2 !== undefined) return f2(cx, a, b);
    return this.invoke(cx, [a, b]);
  }
  override unary(): (cx: Cx, a: Value) => Value {
    return this.def.f1 ?? super.unary();
  }
  override binary(): (cx: Cx, a: Value, b: Value) => Value {
    return this.def.f2 ?? super.binary();
  }
}

export function checkArity(def: BuiltinDef, n: number): void {
  if (n < def.minArity || n > def.maxArity) throw arityError(def.name, n, arityText(def));
}

export function arityText(def: Pick<BuiltinDef, "minArity" | "maxArity" | "arglists">): string {
  if (def.maxArity === Infinity) return `at least ${def.minArity}`;
  if (def.minArity === def.maxArity) return String(def.minArity);
  const counts = new Set<number>();
  for (const a of def.arglists) if (!a.includes("&")) counts.add(paramCount(a));
  const list = [...counts].sort((x, y) => x - y);
  return list.length > 1 && list.length === def.maxArity - def.minArity + 1
    ? `${def.minArity} to ${def.maxArity}`
    : list.join(" or ");
}

function paramCount(arglist: string): number {
  return arglist
    .replace(/^\[|\]$/g, "")
    .trim()
    .split(/\s+/)
    .filter((p) => p !== "").length;
}

/** Parse the arity range out of argument lists like `[x]`, `[x y & more]`. */
function arityRange(arglists: readonly string[]): [number, number] {
  let min = Infinity;
  let max = 0;
  for (const a of arglists) {
    const params = a
      .replace(/^\[|\]$/g, "")
      .trim()
      .split(/\s+/)
      .filter((p) => p !== "");
    const amp = params.indexOf("&");
    if (amp >= 0) {
      min = Math.min(min, amp);
      max = Infinity;
    } else {
      min = Math.min(min, params.length);
      max = Math.max(max, params.length);
    }
  }
  return [min === Infinity ? 0 : min, max];
}

function generalCall(s: BuiltinSpec, name: string): (cx: Cx, args: Value[]) => Value {
  if (s.fn) return s.fn;
  const { f0, f1, f2, f3 } = s;
  return (cx, args) => {
    switch (args.length) {
      case 0:
        if (f0) return f0(cx);
        break;
      case 1:
        if (f1) return f1(cx, args[0]!);
        break;
      case 2:
        if (f2) return f2(cx, args[0]!, args[1]!);
        break;
      case 3:
        if (f3) return f3(cx, args[0]!, args[1]!, args[2]!);
        break;
    }
    throw arityError(name, args.length, "a different number of arguments");
  };
}

/** Turn specs into definitions (done once per process; the result is immutable). */
export function defineBuiltins(specs: readonly BuiltinSpec[]): BuiltinDef[] {
  return specs.map((s) => {
    const ns = s.ns ?? "clojure.core";
    const [minArity, maxArity] = arityRange(s.arglists);
    const def = {
      ...s,
      ns,
      qualified: `${ns}/${s.name}`,
      minArity,
      maxArity,
      call: generalCall(s, s.name),
    } as Omit<BuiltinDef, "value"> & { value?: BuiltinFn };
    def.value = new BuiltinFn(def as BuiltinDef);
    return Object.freeze(def) as BuiltinDef;
  });
}

/** Namespace spellings programs use, mapped to where the builtins live. */
const NS_ALIASES: Readonly<Record<string, BuiltinNs>> = table({
  "clojure.core": "clojure.core",
  core: "clojure.core",
  "cljs.core": "clojure.core",
  "clojure.string": "clojure.string",
  str: "clojure.string",
  string: "clojure.string",
  s: "clojure.string",
  "clojure.set": "clojure.set",
  set: "clojure.set",
  "clojure.walk": "clojure.walk",
  walk: "clojure.walk",
  ptc: "ptc",
  // What is left of an agent run's limits: (budget/remaining).
  budget: "budget",
  // JSON text (Cheshire's names): (json/parse-string s), (json/generate-string x).
  json: "json",
  "cheshire.core": "json",
  // Helpers that expansions of special forms call; never offered unqualified.
  "ptc.internal": "ptc.internal",
});

/** Lookup tables over the definitions. */
export class Registry {
  private readonly bare = new Map<string, BuiltinDef>();
  private readonly qualified = new Map<string, BuiltinDef>();
  readonly all: readonly BuiltinDef[];

  constructor(defs: readonly BuiltinDef[]) {
    this.all = defs;
    for (const d of defs) {
      if (this.qualified.has(d.qualified)) throw new Error(`duplicate builtin ${d.qualified}`);
      this.qualified.set(d.qualified, d);
    }
    // clojure.core and ptc names are always reachable unqualified; then clojure.string's,
    // clojure.walk's and clojure.set's, in that order, unless an earlier one has the name
    // (`replace`, `reverse` stay core's; `join` is clojure.string's, not clojure.set's).
    const order: readonly BuiltinNs[] = ["clojure.core", "ptc", "clojure.string", "clojure.walk", "clojure.set"];
    for (const ns of order) {
      for (const d of defs) if (d.ns === ns && !this.bare.has(d.name)) this.addBare(d.name, d);
    }
    for (const d of defs) {
      if (d.ns === "ptc.internal" || d.ns === "ptc.interop") continue;
      for (const a of d.aliases ?? []) if (!this.bare.has(a)) this.addBare(a, d);
    }
  }

  private addBare(name: string, d: BuiltinDef): void {
    if (this.bare.has(name) && this.bare.get(name) !== d) throw new Error(`duplicate builtin name ${name}`);
    this.bare.set(name, d);
  }

  /** An unqualified name. */
  get(name: string): BuiltinDef | undefined {
    return this.bare.get(name);
  }

  /** The namespace a prefix stands for (`str` → clojure.string), if it is a known one. */
  namespace(prefix: string): BuiltinNs | undefined {
    return NS_ALIASES[prefix];
  }

  /** `ns/name` where `ns` is a known namespace prefix. */
  getQualified(ns: BuiltinNs, name: string): BuiltinDef | undefined {
    const exact = this.qualified.get(`${ns}/${name}`);
    if (exact) return exact;
    // Aliases of a namespace's functions (`str/upcase`).
    const d = this.bare.get(name);
    return d && d.ns === ns ? d : undefined;
  }

  names(): string[] {
    return [...this.bare.keys()];
  }

  namesIn(ns: BuiltinNs): string[] {
    return this.all.filter((d) => d.ns === ns).map((d) => d.name);
  }
}
