/**
 * The constants of a frozen program as data: a program compiled ahead of time
 * (src/compiler/emit-frozen.ts) carries its code generator's constant table `K` written as
 * JSON, and its builtin entry points `D` by name, and gets them back as values here when the
 * generated module is loaded. Nothing in these tables is code: the generated source refers to
 * them by index only, as the code-generation tier's safety rule asks.
 */
import { PtcError } from "../diagnostics/error.js";
import { REGISTRY } from "../runtime/builtins/index.js";
import { BuiltinFn, type BuiltinDef } from "../runtime/builtins/registry.js";
import { MapBuilder, PMap } from "../runtime/map.js";
import { compileRegex } from "../runtime/regex/index.js";
import { ASeq, EmptyList, PList, realizedArray } from "../runtime/seq.js";
import { PSet, SetBuilder } from "../runtime/set.js";
import {
  Char,
  char,
  Keyword,
  keyword,
  PtcFloat,
  PtcObject,
  Regex,
  Sym,
  T,
  Var,
  type Value,
} from "../runtime/values.js";
import { PVector } from "../runtime/vector.js";

/** A constant as JSON: plain JSON for nil, booleans, strings and finite numbers; a tagged object else. */
export type FrozenValue =
  | null
  | boolean
  | string
  | number
  | { readonly num: "NaN" | "Inf" | "-Inf" }
  | { readonly float: number | "-0" | "NaN" | "Inf" | "-Inf" }
  | { readonly kw: string; readonly ns?: string }
  | { readonly sym: string; readonly ns?: string }
  | { readonly char: string }
  | { readonly regex: string }
  | { readonly vec: readonly FrozenValue[] }
  | { readonly list: readonly FrozenValue[] }
  | { readonly map: readonly FrozenValue[] }
  | { readonly set: readonly FrozenValue[] }
  | { readonly builtin: string }
  /** `(var x)`: the var of the run's namespace (frozen.ts resolves it for each run). */
  | { readonly var: string };

/** Which entry point of a builtin a generated call uses. */
export type EntryKind = "f0" | "f1" | "f2" | "f3" | "call";

const ENTRY_KINDS: readonly EntryKind[] = ["f0", "f1", "f2", "f3", "call"];

function nonFinite(n: number): "NaN" | "Inf" | "-Inf" {
  return Number.isNaN(n) ? "NaN" : n > 0 ? "Inf" : "-Inf";
}

function fromNonFinite(s: "NaN" | "Inf" | "-Inf"): number {
  return s === "NaN" ? NaN : s === "Inf" ? Infinity : -Infinity;
}

/** A constant of generated code as data; throws for a value no program literal makes. */
export function encodeValue(v: Value): FrozenValue {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : { num: nonFinite(v) };
  if (v instanceof PtcFloat) {
    const n = v.value;
    return { float: Object.is(n, -0) ? "-0" : Number.isFinite(n) ? n : nonFinite(n) };
  }
  if (v instanceof Keyword) return v.ns === null ? { kw: v.name } : { kw: v.name, ns: v.ns };
  if (v instanceof Sym) return v.ns === null ? { sym: v.name } : { sym: v.name, ns: v.ns };
  if (v instanceof Char) return { char: v.c };
  if (v instanceof Regex) return { regex: v.source };
  if (v instanceof PVector) return { vec: v.items().map(encodeValue) };
  if (v instanceof PList || v instanceof EmptyList) return { list: realizedArray(v).map(encodeValue) };
  if (v instanceof PMap) {
    const kvs: FrozenValue[] = [];
    v.forEach((k, x) => {
      kvs.push(encodeValue(k), encodeValue(x));
    });
    return { map: kvs };
  }
  if (v instanceof PSet) return { set: setItems(v).map(encodeValue) };
  if (v instanceof BuiltinFn) return { builtin: v.def.qualified };
  if (v instanceof Var) return { var: v.name };
  if (v instanceof ASeq) return { list: realizedArray(v).map(encodeValue) };
  throw new PtcError({ kind: "internal", message: `a constant of type ${v.constructor.name} cannot be frozen` });
}

function setItems(s: PSet): Value[] {
  const out: Value[] = [];
  s.forEach((x) => {
    out.push(x);
  });
  return out;
}

/**
 * The value a FrozenValue stands for; a var (which belongs to a run, not to the program) is
 * a VarName marker, which frozen.ts replaces by the run's var.
 */
export function decodeValue(x: FrozenValue): Value {
  if (x === null || typeof x !== "object") return x;
  if ("var" in x) return new VarName(x.var);
  if ("num" in x) return fromNonFinite(x.num);
  if ("float" in x) {
    const f = x.float;
    return new PtcFloat(f === "-0" ? -0 : typeof f === "number" ? f : fromNonFinite(f));
  }
  if ("kw" in x) return keyword(x.kw, x.ns ?? null);
  if ("sym" in x) return new Sym(x.ns ?? null, x.sym);
  if ("char" in x) return char(x.char);
  if ("regex" in x) return compileRegex(x.regex);
  if ("vec" in x) return PVector.of(x.vec.map(decodeValue));
  if ("list" in x) return PList.from(x.list.map(decodeValue));
  if ("map" in x) {
    const b = new MapBuilder();
    for (let i = 0; i < x.map.length; i += 2) b.assoc(decodeValue(x.map[i]!), decodeValue(x.map[i + 1]!));
    return b.build();
  }
  if ("set" in x) {
    const b = new SetBuilder();
    for (const it of x.set) b.add(decodeValue(it));
    return b.build();
  }
  return builtinDef(x.builtin).value;
}

/** A var constant not resolved yet: the program's constants are decoded once, its vars in each run. */
export class VarName extends PtcObject {
  readonly tag = T.MARKER;
  constructor(readonly name: string) {
    super();
  }
}

function builtinDef(qualified: string): BuiltinDef {
  const d = REGISTRY.all.find((b) => b.qualified === qualified);
  if (d === undefined) {
    throw new PtcError({
      kind: "definition",
      message: `the frozen program uses the builtin ${qualified}, which this version of ptcc does not have`,
      hint: "compile the agents again with this version of ptcc",
    });
  }
  return d;
}

/** A builtin entry point (a function of the registry) by name, for a frozen program's `D` table. */
export function encodeEntry(f: unknown): readonly [string, EntryKind] {
  for (const d of REGISTRY.all) {
    for (const k of ENTRY_KINDS) if (d[k] === f) return [d.qualified, k];
  }
  throw new PtcError({ kind: "internal", message: "a builtin entry point of generated code is not in the registry" });
}

/** The entry point `encodeEntry` named. */
export function decodeEntry([qualified, kind]: readonly [string, EntryKind]): unknown {
  const f = builtinDef(qualified)[kind];
  if (f === undefined) {
    throw new PtcError({
      kind: "definition",
      message: `the frozen program calls ${qualified} by an entry point this version of ptcc does not have`,
      hint: "compile the agents again with this version of ptcc",
    });
  }
  return f;
}
