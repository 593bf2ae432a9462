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
 * - `string` and template literals → `:string`; `boolean` → `:bool`;
 * - `number` → `:float` (which accepts every number: `:int` would reject 2.5), or `:int` when
 *   the property's (or its type alias's) JSDoc has `@integer`, or the type is a branded int
 *   (`number & { __brand: "Int" }`, a brand whose name or value is int or integer);
 * - a literal (`"fast"`, `42`, `true`) → that literal type; a union of string literals →
 *   `:enum[fast slow]` when every value can be written as a name, else a union of the
 *   literals; string enums alike; a union of other literals (`1 | 2 | 3`, numeric enums) →
 *   the union of the literals;
 * - `null`/`undefined` in a union make the type optional (`?`);
 * - other unions → the union of their members' types (`string | number` → `:string|:float`),
 *   so a union of object types with a literal field in common is a discriminated union;
 * - `T[]`, `readonly T[]`, `Array<T>`, tuples of one type → `[T]` (tuples of several → `[:any]`);
 * - an object type with properties → `{field T, ...}` (methods are left out); one with only
 *   an index signature, `object` and `{}` → `:map`;
 * - `any`, `unknown` → `:any`; ptcc's `PtcFn` → `:fn`;
 * - the JSDoc of a property (or `@param args.name text` on the function, for the
 *   parameters) → the field's description, its first paragraph on one line;
 * - functions, symbols, bigints, `Date`, `Map`, `Set` and other class instances that are
 *   not plain data cannot be written, and are an error (declare the signature instead);
 * - nesting deeper than 16 levels, or a type that contains itself, becomes `:map` there.
 */
import type { ts } from "ts-morph";
import {
  enumOf,
  field,
  listOf,
  literal,
  mapOf,
  primitive,
  unionOf,
  withOptional,
  type Field,
  type Signature,
  type SigType,
} from "../signature/types.js";

/** The compiler API: the `ts` namespace ts-morph brings, and a type checker. */
export interface TsApi {
  readonly ts: typeof ts;
  readonly checker: ts.TypeChecker;
}

export type Derived =
  { readonly ok: true; readonly signature: Signature | null } | { readonly ok: false; readonly problem: string };

const MAX_DEPTH = 16;
/** Names a signature can hold (grammar/Signature.g4: NAME_BODY); enum values too. */
const SIGNATURE_NAME = /^[a-zA-Z_][a-zA-Z0-9_?!]*(-[a-zA-Z0-9_?!]+)*$/;
/** Words an enum value cannot be (the grammar reads them as other things). */
const NOT_ENUM_VALUES = new Set(["true", "false"]);
/** Brands that make a `number` an integer (`number & { __brand: "Int" }`). */
const INT_BRAND = /^_*(int|integer)$/i;
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

/**
 * The signature of a function type's first call signature; null when the parameters say
 * nothing. `fn`: the function's symbol, whose `@param args.name` tags describe parameters.
 */
export function deriveSignature(api: TsApi, sig: ts.Signature, at: ts.Node, fn?: ts.Symbol): Derived {
  const r = new Reader(api, at);
  try {
    const params = r.params(sig, fn === undefined ? new Map() : paramTags(api, sig, fn));
    if (params === null) return { ok: true, signature: null };
    const returned = api.checker.getAwaitedType(sig.getReturnType()) ?? sig.getReturnType();
    return { ok: true, signature: { params, output: r.result(returned, returnTypeNode(api.ts, sig)) } };
  } catch (e) {
    if (e instanceof Unwritable) return { ok: false, problem: e.message };
    throw e;
  }
}

/** The return type as written (`Promise<T>`'s `T`), when the function declares one. */
function returnTypeNode(api: typeof ts, sig: ts.Signature): ts.TypeNode | undefined {
  const d = sig.getDeclaration() as ts.SignatureDeclaration | undefined;
  let n = d?.type;
  if (n !== undefined && api.isTypeReferenceNode(n) && api.isIdentifier(n.typeName) && n.typeName.text === "Promise") {
    n = n.typeArguments?.[0];
  }
  return n;
}

/** `@param args.query what to look for` on the function: descriptions by property name. */
function paramTags(api: TsApi, sig: ts.Signature, fn: ts.Symbol): Map<string, string> {
  const first = sig.getParameters()[0]?.getName();
  const out = new Map<string, string>();
  for (const tag of fn.getJsDocTags(api.checker)) {
    if (tag.name !== "param" || tag.text === undefined) continue;
    const name = tag.text.find((p) => p.kind === "parameterName")?.text ?? "";
    const text = oneParagraph(
      tag.text
        .filter((p) => p.kind !== "parameterName")
        .map((p) => p.text)
        .join(""),
    );
    const dot = name.indexOf(".");
    // `@param args.query`, or `@param query` when the parameter is destructured.
    const prop = dot >= 0 && name.slice(0, dot) === first ? name.slice(dot + 1) : dot < 0 ? name : "";
    if (prop !== "" && prop !== first && text !== "") out.set(prop.replace(/^\[|\]$/g, ""), text);
  }
  return out;
}

/** A JSDoc text as a description: its first paragraph, on one line. */
export function oneParagraph(doc: string): string {
  return doc
    .trim()
    .replace(/^-\s+/, "")
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, " ")
    .trim();
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

  params(sig: ts.Signature, tags: ReadonlyMap<string, string>): Field[] | null {
    const first = sig.getParameters()[0];
    if (first === undefined) return [];
    const type = this.checker.getTypeOfSymbolAtLocation(first, this.at);
    const { parts } = this.stripNullish(type);
    const base = parts[0];
    if (base === undefined || this.is(base, this.ts.TypeFlags.Any | this.ts.TypeFlags.Unknown)) return null;
    if (parts.length > 1 || !this.isObjectLike(base) || this.isArray(base) || this.primitiveOf(base) !== null) {
      throw new Unwritable(`its first parameter is ${this.show(type)}; a tool takes one object of named arguments`);
    }
    const props = this.dataProperties(base);
    if (props.length === 0) return null;
    return props.map((p) => this.field(p, 1, true, tags.get(p.getName())));
  }

  result(t: ts.Type, node?: ts.TypeNode): SigType {
    if (this.is(t, this.ts.TypeFlags.Void | this.ts.TypeFlags.Undefined | this.ts.TypeFlags.Null)) {
      return primitive("any");
    }
    return this.type(t, 1, "the result", false, this.aliasSaysInteger(node), node);
  }

  private field(p: ts.Symbol, depth: number, args: boolean, tagged?: string): Field {
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
    const node = declaredTypeNode(this.ts, p);
    const integer = p.getJsDocTags(this.checker).some((tag) => tag.name === "integer") || this.aliasSaysInteger(node);
    const ty = this.type(t, depth + 1, name, args, integer, node);
    const doc = oneParagraph(this.ts.displayPartsToString(p.getDocumentationComment(this.checker)));
    const description = doc !== "" ? doc : tagged;
    return field(name, missing && !ty.optional ? withOptional(ty, true) : ty, undefined, description);
  }

  /**
   * The signature type of a TypeScript type; `integer`: its numbers are integers
   * (`@integer`); `node`: where the type is written, for the order of a union's members.
   */
  private type(t: ts.Type, depth: number, where: string, args: boolean, integer: boolean, node?: ts.TypeNode): SigType {
    const { parts, nullish } = this.stripNullish(t);
    if (parts.length === 0) return primitive("any");
    const int = integer || this.taggedInteger(t);
    const ty =
      parts.length === 1
        ? this.base(parts[0]!, depth, where, args, int, node)
        : this.union(this.inSourceOrder(parts, node), depth, where, args, int);
    return nullish ? withOptional(ty, true) : ty;
  }

  private base(t: ts.Type, depth: number, where: string, args: boolean, integer: boolean, node?: ts.TypeNode): SigType {
    const F = this.ts.TypeFlags;
    if (this.is(t, F.Any | F.Unknown)) return primitive("any");
    if (this.is(t, F.Never)) throw new Unwritable(`${where} is never`);
    const lit = this.literalOf(t);
    if (lit !== undefined) return literal(lit);
    if (this.is(t, F.StringLike)) return primitive("string");
    if (this.is(t, F.BooleanLike)) return primitive("bool");
    if (this.is(t, F.NumberLike)) return primitive(integer || this.taggedInteger(t) ? "int" : "float");
    if (this.is(t, F.BigIntLike)) throw new Unwritable(`${where} is a bigint, which JSON cannot hold`);
    if (this.is(t, F.ESSymbolLike)) throw new Unwritable(`${where} is a symbol`);
    if (t.isUnion()) return this.union(this.inSourceOrder(t.types, node), depth, where, args, integer);
    // A branded primitive (`number & { __brand: "Int" }`) is the primitive.
    const branded = this.primitiveOf(t);
    if (branded !== null) return branded;
    if (depth > MAX_DEPTH || this.active.has(t)) return primitive("map");
    if (this.isArray(t)) {
      this.active.add(t);
      try {
        return listOf(this.element(t, depth, where, args, integer, elementNode(this.ts, node)));
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

  /**
   * A union without null and undefined: string literals → an enum (or a union of the
   * literals when a value is not a name); `true | false` (TypeScript's `boolean`) → :bool;
   * anything else → the union of the members' types.
   */
  private union(parts: readonly ts.Type[], depth: number, where: string, args: boolean, integer: boolean): SigType {
    const F = this.ts.TypeFlags;
    const values = parts.map((p) => this.literalOf(p));
    if (values.every((v): v is string => typeof v === "string")) {
      const names = values.every((v) => SIGNATURE_NAME.test(v) && !NOT_ENUM_VALUES.has(v));
      return names ? enumOf(values) : unionOf(values.map((v) => literal(v)));
    }
    // `boolean` is `true | false` to the checker; `string | "x"` was already `string`.
    const bools = parts.filter((p) => this.is(p, F.BooleanLiteral));
    const rest = bools.length === 2 ? parts.filter((p) => !this.is(p, F.BooleanLiteral)) : parts;
    const members: SigType[] = bools.length === 2 ? [primitive("bool")] : [];
    for (const p of rest) members.push(this.base(p, depth, where, args, integer));
    // Members that read the same are one (`number | Int` are both `:float` or `:int`).
    const seen = new Set<string>();
    const unique = members.filter((m) => {
      const key = JSON.stringify(m);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // Members are never optional on their own: nullish parts were taken out before.
    return unique.length === 1 ? unique[0]! : unionOf(unique.map((m) => withOptional(m, false)));
  }

  /**
   * A union's members in the order they are written (TypeScript keeps them in the order
   * their types were made, so `"low" | "normal"` could come out as `normal low`): by the
   * written type's members, through type aliases, or for enum members by their declaration.
   * Members not found keep their place after the others.
   */
  private inSourceOrder(parts: readonly ts.Type[], node: ts.TypeNode | undefined): readonly ts.Type[] {
    const api = this.ts;
    const rank = new Map<ts.Type, number>();
    const visit = (n: ts.TypeNode, depth: number): void => {
      if (api.isParenthesizedTypeNode(n)) return visit(n.type, depth);
      if (api.isUnionTypeNode(n)) return n.types.forEach((m) => visit(m, depth));
      if (api.isTypeReferenceNode(n) && depth < 4) {
        const alias = aliasDeclaration(api, this.checker, n);
        if (alias !== undefined) return visit(alias.type, depth + 1);
      }
      const t = this.checker.getTypeFromTypeNode(n);
      for (const m of t.isUnion() ? t.types : [t]) if (!rank.has(m)) rank.set(m, rank.size);
    };
    if (node !== undefined) visit(node, 0);
    const position = (t: ts.Type): number => {
      const r = rank.get(t);
      if (r !== undefined) return r;
      // Enum members: in the order the enum declares them.
      const d = t.getSymbol()?.valueDeclaration;
      return d !== undefined && api.isEnumMember(d) ? rank.size + d.pos : Number.MAX_SAFE_INTEGER;
    };
    return parts
      .map((t, i) => ({ t, i, at: position(t) }))
      .sort((a, b) => a.at - b.at || a.i - b.i)
      .map((x) => x.t);
  }

  /** `n: Count` where `/** @integer *\/ type Count = number`: the alias says integer (TypeScript drops aliases of `number`). */
  private aliasSaysInteger(node: ts.TypeNode | undefined): boolean {
    let n = node;
    for (let depth = 0; n !== undefined && depth < 4; depth++) {
      if (this.ts.isParenthesizedTypeNode(n)) n = n.type;
      if (this.ts.isUnionTypeNode(n)) {
        // `Count | null`
        const named = n.types.find((m) => this.ts.isTypeReferenceNode(m));
        n = named;
        continue;
      }
      if (!this.ts.isTypeReferenceNode(n)) return false;
      const alias = aliasDeclaration(this.ts, this.checker, n);
      if (alias === undefined) return false;
      if (this.ts.getJSDocTags(alias).some((tag) => tag.tagName.text === "integer")) return true;
      n = alias.type;
    }
    return false;
  }

  /** The value of a literal type (string, number, boolean, enum member); undefined otherwise. */
  private literalOf(t: ts.Type): string | number | boolean | undefined {
    if (t.isStringLiteral() || t.isNumberLiteral()) return t.value;
    if (this.is(t, this.ts.TypeFlags.BooleanLiteral)) return (t as { intrinsicName?: string }).intrinsicName === "true";
    return undefined;
  }

  private element(
    t: ts.Type,
    depth: number,
    where: string,
    args: boolean,
    integer: boolean,
    node?: ts.TypeNode,
  ): SigType {
    const items0 = this.checker.getTypeArguments(t as ts.TypeReference);
    if (this.checker.isTupleType(t)) {
      const items = items0.map((a) => this.type(a, depth + 1, where, args, integer));
      const first = items[0];
      const same = first !== undefined && items.every((i) => JSON.stringify(i) === JSON.stringify(first));
      return same ? first : primitive("any");
    }
    const item = items0[0];
    return item === undefined ? primitive("any") : this.type(item, depth + 1, where, args, integer, node);
  }

  /**
   * The primitive of a branded type (an intersection of a primitive with object types,
   * `number & { readonly __brand: "Int" }`): `:int` when a brand's name or string value is
   * int or integer. Null for other types.
   */
  private primitiveOf(t: ts.Type): SigType | null {
    if (!t.isIntersection()) return null;
    const F = this.ts.TypeFlags;
    const prim = t.types.find((p) => this.is(p, F.StringLike | F.NumberLike | F.BooleanLike));
    if (prim === undefined) return null;
    if (this.is(prim, F.StringLike)) return primitive("string");
    if (this.is(prim, F.BooleanLike)) return primitive("bool");
    const brands = t.types.filter((p) => p !== prim);
    const isInt = brands.some((b) =>
      this.checker.getPropertiesOfType(b).some((p) => {
        if (INT_BRAND.test(p.getName())) return true;
        const v = this.checker.getTypeOfSymbolAtLocation(p, this.at);
        return v.isStringLiteral() && INT_BRAND.test(v.value);
      }),
    );
    return primitive(isInt || this.taggedInteger(t) ? "int" : "float");
  }

  /** The type's alias (`type Count = number`) says `@integer` in its JSDoc. */
  private taggedInteger(t: ts.Type): boolean {
    const alias = t.aliasSymbol;
    return alias !== undefined && alias.getJsDocTags(this.checker).some((tag) => tag.name === "integer");
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

/** The type written for a property or parameter (`mode: "fast" | "slow"`), when there is one. */
function declaredTypeNode(api: typeof ts, p: ts.Symbol): ts.TypeNode | undefined {
  const d = p.valueDeclaration;
  if (d === undefined) return undefined;
  if (api.isPropertySignature(d) || api.isPropertyDeclaration(d) || api.isParameter(d)) return d.type;
  return undefined;
}

/** The item type written in `T[]`, `readonly T[]` or `Array<T>`. */
function elementNode(api: typeof ts, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  let n = node;
  while (n !== undefined && (api.isParenthesizedTypeNode(n) || api.isTypeOperatorNode(n))) n = n.type;
  if (n !== undefined && api.isArrayTypeNode(n)) return n.elementType;
  if (n !== undefined && api.isTypeReferenceNode(n) && api.isIdentifier(n.typeName) && /Array$/.test(n.typeName.text)) {
    return n.typeArguments?.[0];
  }
  return undefined;
}

/** The type alias a type reference names (through imports), if it names one. */
function aliasDeclaration(
  api: typeof ts,
  checker: ts.TypeChecker,
  n: ts.TypeReferenceNode,
): ts.TypeAliasDeclaration | undefined {
  let sym = checker.getSymbolAtLocation(n.typeName);
  if (sym !== undefined && (sym.flags & api.SymbolFlags.Alias) !== 0) sym = checker.getAliasedSymbol(sym);
  const d = sym?.declarations?.[0];
  return d !== undefined && api.isTypeAliasDeclaration(d) ? d : undefined;
}

/** ptcc's closures (the `PtcFn` class and its subclasses), which `:fn` accepts. */
function isPtcFn(t: ts.Type): boolean {
  const name = t.getSymbol()?.getName();
  return name === "PtcFn" || name === "Closure" || name === "NativeFn";
}
