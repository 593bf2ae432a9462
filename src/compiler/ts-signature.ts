/**
 * A tool signature from a TypeScript function's types, for tools whose agent file declares
 * none. The rules (also in docs/compile.md):
 *
 * - the first parameter is the object of named arguments; its properties are the
 *   parameters (a `?` property, or one whose type includes `undefined` or `null`, is
 *   optional); no parameter gives `()`; a parameter typed `any`, `unknown` or with no
 *   declared properties (`Record<string, unknown>`) says nothing: the tool gets no
 *   signature at all and its arguments are not checked;
 * - the result is what the function returns, awaited; `void` and `undefined` are `:any`;
 * - `string`, string literals and template literals → `:string`;
 * - `number` → `:float` (which accepts every number: `:int` would reject 2.5); a union of
 *   integer literals (`1 | 2 | 3`) and numeric enums → `:int`;
 * - `boolean` and `true`/`false` → `:bool`;
 * - `null`/`undefined` in a union make the type optional (`?`);
 * - `T[]`, `readonly T[]`, `Array<T>`, tuples of one type → `[T]` (tuples of several → `[:any]`);
 * - an object type with properties → `{field T, ...}` (methods are left out); one with only
 *   an index signature, `object` and `{}` → `:map`;
 * - a union of object types → `:map`; any other union of different kinds → `:any`;
 * - `any`, `unknown` → `:any`; ptcc's `PtcFn` → `:fn`;
 * - functions, symbols, bigints, `Date`, `Map`, `Set` and other class instances that are
 *   not plain data cannot be written, and are an error (declare the signature instead);
 * - nesting deeper than 16 levels, or a type that contains itself, becomes `:map` there.
 */
import type { ts } from "ts-morph";
import { field, listOf, mapOf, primitive, type Field, type Signature, type SigType } from "../signature/types.js";

/** The compiler API: the `ts` namespace ts-morph brings, and a type checker. */
export interface TsApi {
  readonly ts: typeof ts;
  readonly checker: ts.TypeChecker;
}

export type Derived =
  { readonly ok: true; readonly signature: Signature | null } | { readonly ok: false; readonly problem: string };

const MAX_DEPTH = 16;
/** Names a signature can hold (grammar/Signature.g4: NAME_BODY). */
const SIGNATURE_NAME = /^[a-zA-Z_][a-zA-Z0-9_?!]*(-[a-zA-Z0-9_?!]+)*$/;
/** Classes whose instances are not JSON data. */
const NOT_DATA = new Set([
  "Date",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "RegExp",
  "Promise",
  "Error",
  "Uint8Array",
  "ArrayBuffer",
]);

class Unwritable extends Error {}

/** The signature of a function type's first call signature; null when the parameters say nothing. */
export function deriveSignature(api: TsApi, sig: ts.Signature, at: ts.Node): Derived {
  const r = new Reader(api, at);
  try {
    const params = r.params(sig);
    if (params === null) return { ok: true, signature: null };
    const returned = api.checker.getAwaitedType(sig.getReturnType()) ?? sig.getReturnType();
    return { ok: true, signature: { params, output: r.result(returned) } };
  } catch (e) {
    if (e instanceof Unwritable) return { ok: false, problem: e.message };
    throw e;
  }
}

class Reader {
  private readonly ts: typeof ts;
  private readonly checker: ts.TypeChecker;
  private readonly active = new Set<ts.Type>();

  constructor(
    api: TsApi,
    private readonly at: ts.Node,
  ) {
    this.ts = api.ts;
    this.checker = api.checker;
  }

  params(sig: ts.Signature): Field[] | null {
    const first = sig.getParameters()[0];
    if (first === undefined) return [];
    const type = this.checker.getTypeOfSymbolAtLocation(first, this.at);
    const { parts } = this.stripNullish(type);
    const base = parts[0];
    if (base === undefined || this.is(base, this.ts.TypeFlags.Any | this.ts.TypeFlags.Unknown)) return null;
    if (parts.length > 1 || !this.isObjectLike(base) || this.isArray(base)) {
      throw new Unwritable(`its first parameter is ${this.show(type)}; a tool takes one object of named arguments`);
    }
    const props = this.dataProperties(base);
    if (props.length === 0) return null;
    return props.map((p) => this.field(p, 1, true));
  }

  result(t: ts.Type): SigType {
    if (this.is(t, this.ts.TypeFlags.Void | this.ts.TypeFlags.Undefined | this.ts.TypeFlags.Null)) {
      return primitive("any");
    }
    return this.type(t, 1, "the result", false);
  }

  private field(p: ts.Symbol, depth: number, args: boolean): Field {
    const name = p.getName();
    if (!SIGNATURE_NAME.test(name)) {
      throw new Unwritable(`the name ${JSON.stringify(name)} cannot be written in a signature`);
    }
    const t = this.checker.getTypeOfSymbolAtLocation(p, this.at);
    const F = this.ts.TypeFlags;
    const members = t.isUnion() ? t.types : [t];
    const missing =
      (p.getFlags() & this.ts.SymbolFlags.Optional) !== 0 || members.some((m) => this.is(m, F.Undefined | F.Void));
    const nil = members.some((m) => this.is(m, F.Null));
    // An optional field of a signature may be missing or nil: a function that takes the
    // arguments must accept both, or its type would promise what a call does not keep.
    if (args && missing !== nil) {
      throw new Unwritable(
        missing
          ? `the argument ${name} may be missing but not null, while an optional argument may be either: type it \`${name}?: ... | null\``
          : `the argument ${name} may be null but not missing, while an optional argument may be either: type it \`${name}?: ... | null\``,
      );
    }
    const ty = this.type(t, depth + 1, name, args);
    return field(name, missing && !ty.optional ? withOptional(ty) : ty);
  }

  /** The signature type of a TypeScript type. */
  private type(t: ts.Type, depth: number, where: string, args: boolean): SigType {
    const { parts, nullish } = this.stripNullish(t);
    if (parts.length === 0) return primitive("any");
    const ty = parts.length === 1 ? this.base(parts[0]!, depth, where, args) : this.union(parts);
    return nullish ? withOptional(ty) : ty;
  }

  private base(t: ts.Type, depth: number, where: string, args: boolean): SigType {
    const F = this.ts.TypeFlags;
    if (this.is(t, F.Any | F.Unknown)) return primitive("any");
    if (this.is(t, F.Never)) throw new Unwritable(`${where} is never`);
    if (this.is(t, F.StringLike)) return primitive("string");
    if (this.is(t, F.BooleanLike)) return primitive("bool");
    if (this.is(t, F.NumberLike)) return primitive(this.isInteger(t) ? "int" : "float");
    if (this.is(t, F.BigIntLike)) throw new Unwritable(`${where} is a bigint, which JSON cannot hold`);
    if (this.is(t, F.ESSymbolLike)) throw new Unwritable(`${where} is a symbol`);
    if (t.isUnion()) return this.union(t.types);
    if (depth > MAX_DEPTH || this.active.has(t)) return primitive("map");
    if (this.isArray(t)) {
      this.active.add(t);
      try {
        return listOf(this.element(t, depth, where, args));
      } finally {
        this.active.delete(t);
      }
    }
    const name = t.getSymbol()?.getName();
    if (isPtcFn(t)) return primitive("fn");
    if (t.getCallSignatures().length > 0)
      throw new Unwritable(`${where} is a function, which a tool cannot take or return`);
    if (name !== undefined && NOT_DATA.has(name)) throw new Unwritable(`${where} is a ${name}, which is not JSON data`);
    if (!this.isObjectLike(t)) throw new Unwritable(`${where} has the type ${this.show(t)}`);
    const props = this.dataProperties(t);
    if (props.length === 0) return primitive("map");
    this.active.add(t);
    try {
      return mapOf(props.map((p) => this.field(p, depth, args)));
    } finally {
      this.active.delete(t);
    }
  }

  /** A union without null and undefined: one kind → that kind; objects → :map; else :any. */
  private union(parts: readonly ts.Type[]): SigType {
    const F = this.ts.TypeFlags;
    if (parts.every((p) => this.is(p, F.StringLike))) return primitive("string");
    if (parts.every((p) => this.is(p, F.BooleanLike))) return primitive("bool");
    if (parts.every((p) => this.is(p, F.NumberLike))) {
      return primitive(parts.every((p) => this.isInteger(p)) ? "int" : "float");
    }
    if (parts.every((p) => this.isObjectLike(p) && !this.isArray(p) && p.getCallSignatures().length === 0)) {
      return primitive("map");
    }
    if (parts.every((p) => this.isArray(p))) return listOf(primitive("any"));
    return primitive("any");
  }

  private element(t: ts.Type, depth: number, where: string, args: boolean): SigType {
    const items0 = this.checker.getTypeArguments(t as ts.TypeReference);
    if (this.checker.isTupleType(t)) {
      const items = items0.map((a) => this.type(a, depth + 1, where, args));
      const first = items[0];
      const same = first !== undefined && items.every((i) => JSON.stringify(i) === JSON.stringify(first));
      return same ? first : primitive("any");
    }
    const item = items0[0];
    return item === undefined ? primitive("any") : this.type(item, depth + 1, where, args);
  }

  /** Properties that hold data: methods (and properties typed as functions) are left out. */
  private dataProperties(t: ts.Type): ts.Symbol[] {
    return this.checker.getPropertiesOfType(t).filter((p) => {
      if (p.getFlags() & this.ts.SymbolFlags.Method) return false;
      const parts = this.stripNullish(this.checker.getTypeOfSymbolAtLocation(p, this.at)).parts;
      return !parts.some((x) => x.getCallSignatures().length > 0 && !isPtcFn(x));
    });
  }

  /** A type's members other than null and undefined, and whether there were such. */
  private stripNullish(t: ts.Type): { parts: readonly ts.Type[]; nullish: boolean } {
    const F = this.ts.TypeFlags;
    if (this.is(t, F.Null | F.Undefined | F.Void)) return { parts: [], nullish: true };
    if (!t.isUnion()) return { parts: [t], nullish: false };
    const kept = t.types.filter((p) => !this.is(p, F.Null | F.Undefined | F.Void));
    return { parts: kept, nullish: kept.length < t.types.length };
  }

  private is(t: ts.Type, flags: number): boolean {
    return (t.flags & flags) !== 0;
  }

  private isInteger(t: ts.Type): boolean {
    if (t.isNumberLiteral()) return Number.isInteger(t.value);
    // A numeric enum: all of its members are integer literals.
    if (t.isUnion()) return t.types.every((p) => this.isInteger(p));
    return false;
  }

  private isArray(t: ts.Type): boolean {
    return this.checker.isArrayType(t) || this.checker.isTupleType(t);
  }

  private isObjectLike(t: ts.Type): boolean {
    return (
      (t.flags & (this.ts.TypeFlags.Object | this.ts.TypeFlags.NonPrimitive | this.ts.TypeFlags.Intersection)) !== 0
    );
  }

  private show(t: ts.Type): string {
    return this.checker.typeToString(t);
  }
}

/** ptcc's closures (the `PtcFn` class and its subclasses), which `:fn` accepts. */
function isPtcFn(t: ts.Type): boolean {
  const name = t.getSymbol()?.getName();
  return name === "PtcFn" || name === "Closure" || name === "NativeFn";
}

function withOptional(t: SigType): SigType {
  switch (t.kind) {
    case "primitive":
      return primitive(t.name, true);
    case "list":
      return listOf(t.of, true);
    case "map":
      return mapOf(t.fields, true);
    default:
      return { ...t, optional: true };
  }
}
