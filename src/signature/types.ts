/**
 * What a signature is once parsed: `(query :string, limit :int?) -> {count :int, items [{id :int}]}`
 * becomes two parameters and an output type. Types are a discriminated union with small
 * constructors; every node keeps the span of its text for error messages.
 */
import type { Span } from "../diagnostics/span.js";

/** The primitive types, written `:string`, `:int`, ... */
export const PRIMITIVES = ["string", "int", "float", "bool", "keyword", "any", "map", "fn"] as const;
export type PrimitiveName = (typeof PRIMITIVES)[number];

export function isPrimitiveName(s: string): s is PrimitiveName {
  return (PRIMITIVES as readonly string[]).includes(s);
}

/**
 * A type. `optional` is the trailing `?`: the value may be nil, and a field or parameter
 * of that type may be missing.
 */
export type SigType = PrimitiveType | ListType | MapType | EnumType | LiteralType | UnionType | RefType;

/**
 * A refinement's bounds: `[>0]`, `[1..100]`, `[..10]`. Of the value for `:int` and
 * `:float`, of the length for `:string` and lists. Bounds are inclusive unless marked.
 */
export interface Bounds {
  readonly min?: number;
  readonly max?: number;
  /** `[>0]`: the value must be greater than `min`, not equal. */
  readonly minExclusive?: boolean;
  /** `[<10]`: the value must be less than `max`, not equal. */
  readonly maxExclusive?: boolean;
}

export interface PrimitiveType {
  readonly kind: "primitive";
  readonly name: PrimitiveName;
  readonly optional: boolean;
  /** `:int[>0]`, `:string[1..80]` (only on `:int`, `:float` and `:string`). */
  readonly bounds?: Bounds;
  readonly span?: Span;
}

/** `[:int]`: a list of items of one type. */
export interface ListType {
  readonly kind: "list";
  readonly of: SigType;
  readonly optional: boolean;
  /** `[:int][..10]`: bounds of the length. */
  readonly bounds?: Bounds;
  readonly span?: Span;
}

/**
 * `:enum[pending active closed]`: one of these names — a keyword (`:pending`) in PTC-Lisp,
 * a string (`"pending"`) in the host. Values are distinct, in the order written.
 */
export interface EnumType {
  readonly kind: "enum";
  readonly values: readonly string[];
  readonly optional: boolean;
  readonly span?: Span;
}

/** A literal's value: a string (`"fast"`), a number (`42`, `1.5`, `-1`) or a boolean. */
export type LiteralValue = string | number | boolean;

/** `"fast"`, `42`, `true` as a type: exactly that value. */
export interface LiteralType {
  readonly kind: "literal";
  readonly value: LiteralValue;
  readonly optional: boolean;
  readonly span?: Span;
}

/**
 * `:string|:int`, `"fast"|"slow"`, `{kind "a", x :int}|{kind "b", y :string}`: one of the
 * members (two or more, none optional itself, no member a union: `(a|b)|c` is `a|b|c`).
 * `(:string|:int)?` makes the whole union optional.
 */
export interface UnionType {
  readonly kind: "union";
  readonly of: readonly SigType[];
  readonly optional: boolean;
  /**
   * Set when every member is a map with this field typed as a literal, the values all
   * different: validators choose the member by it (see `discriminatorOf`).
   */
  readonly discriminator?: string;
  readonly span?: Span;
}

/**
 * `:Ticket`: a named type, resolved when parsed (parse options' `types`), so `type` is
 * the named type itself. `optional` is this use's `?` (`:Ticket?`); see `deref`.
 */
export interface RefType {
  readonly kind: "ref";
  readonly name: string;
  readonly type: SigType;
  readonly optional: boolean;
  readonly span?: Span;
}

/** `{id :int, name :string?}`: a map with these fields (others are allowed unless strict). */
export interface MapType {
  readonly kind: "map";
  readonly fields: readonly Field[];
  readonly optional: boolean;
  readonly span?: Span;
}

/** A field of a map type, or a parameter. */
export interface Field {
  /** As written, without a leading colon. */
  readonly name: string;
  readonly type: SigType;
  /** `{status :enum[open closed] "the ticket's state"}`: the string after the type. */
  readonly description?: string;
  readonly span?: Span;
}

export interface Signature {
  /** The parameters, in order; empty for `() -> T` and for the shorthand `T`. */
  readonly params: readonly Field[];
  readonly output: SigType;
}

export function primitive(name: PrimitiveName, optional = false, span?: Span, bounds?: Bounds): PrimitiveType {
  const t: { -readonly [K in keyof PrimitiveType]: PrimitiveType[K] } = { kind: "primitive", name, optional };
  if (bounds !== undefined) t.bounds = bounds;
  if (span !== undefined) t.span = span;
  return t;
}

export function listOf(of: SigType, optional = false, span?: Span, bounds?: Bounds): ListType {
  const t: { -readonly [K in keyof ListType]: ListType[K] } = { kind: "list", of, optional };
  if (bounds !== undefined) t.bounds = bounds;
  if (span !== undefined) t.span = span;
  return t;
}

export function enumOf(values: readonly string[], optional = false, span?: Span): EnumType {
  return span === undefined ? { kind: "enum", values, optional } : { kind: "enum", values, optional, span };
}

export function literal(value: LiteralValue, optional = false, span?: Span): LiteralType {
  return span === undefined ? { kind: "literal", value, optional } : { kind: "literal", value, optional, span };
}

/**
 * A union of these members (nested unions flattened); its discriminator is found here.
 * Members must not be optional (the parsers report `:a?|:b`); callers that build unions
 * from other sources (TypeScript types, JSON Schema) lift the optional to the union.
 */
export function unionOf(members: readonly SigType[], optional = false, span?: Span): UnionType {
  const of = members.flatMap((m) => (m.kind === "union" && !m.optional ? m.of : [m]));
  const t: { -readonly [K in keyof UnionType]: UnionType[K] } = { kind: "union", of, optional };
  const d = discriminatorOf(of);
  if (d !== undefined) t.discriminator = d;
  if (span !== undefined) t.span = span;
  return t;
}

export function ref(name: string, type: SigType, optional = false, span?: Span): RefType {
  return span === undefined ? { kind: "ref", name, type, optional } : { kind: "ref", name, type, optional, span };
}

/** The literal type of a discriminated union member's discriminator. */
export function discriminant(member: SigType, d: string): LiteralType {
  const m = deref(member) as MapType;
  return deref(m.fields.find((f) => f.name === d)!.type) as LiteralType;
}

/**
 * The field that tells the members of a union of maps apart: the first field (in the
 * first member's order) that every member has, required and typed as a literal, with a
 * different value in each. Undefined when there is none, or a member is not a map.
 */
export function discriminatorOf(members: readonly SigType[]): string | undefined {
  const maps: MapType[] = [];
  for (const m of members) {
    const d = deref(m);
    if (d.kind !== "map" || d.optional) return undefined;
    maps.push(d);
  }
  if (maps.length < 2) return undefined;
  for (const f of maps[0]!.fields) {
    const seen = new Set<string>();
    let ok = true;
    for (const m of maps) {
      const g = m.fields.find((x) => x.name === f.name);
      const t = g === undefined ? undefined : deref(g.type);
      if (t === undefined || t.kind !== "literal" || t.optional) {
        ok = false;
        break;
      }
      const key = `${typeof t.value}:${String(t.value)}`;
      if (seen.has(key)) {
        ok = false;
        break;
      }
      seen.add(key);
    }
    if (ok) return f.name;
  }
  return undefined;
}

/** A named type's target with this use's optional marker (others are returned as they are). */
export function deref(t: SigType): Exclude<SigType, RefType> {
  let cur: SigType = t;
  let optional = t.optional;
  // Named types may name other named types; none refers back to itself (they are resolved in order).
  while (cur.kind === "ref") {
    cur = cur.type;
    optional ||= cur.optional;
  }
  return cur.optional === optional ? cur : withOptional(cur, optional);
}

/**
 * Whether nil (null, undefined) satisfies the type: an optional type, `:any` and `:fn`, and a
 * union one of whose members takes nil (`:string|:any`).
 */
export function acceptsNil(t0: SigType): boolean {
  const t = deref(t0);
  if (t.optional) return true;
  if (t.kind === "primitive") return t.name === "any" || t.name === "fn";
  return t.kind === "union" && t.of.some(acceptsNil);
}

/** The same type with the optional marker set as given. */
export function withOptional<T extends SigType>(t: T, optional: boolean): T {
  return t.optional === optional ? t : { ...t, optional };
}

/**
 * Length bounds as whole numbers, both inclusive: `[>0]` is at least 1, `[<10]` at most 9
 * (a length is a whole number, so every exclusive bound has an inclusive equivalent).
 */
export function lengthBounds(b: Bounds): { readonly min?: number; readonly max?: number } {
  const out: { min?: number; max?: number } = {};
  if (b.min !== undefined) out.min = b.minExclusive ? Math.floor(b.min) + 1 : Math.ceil(b.min);
  if (b.max !== undefined) out.max = b.maxExclusive ? Math.ceil(b.max) - 1 : Math.floor(b.max);
  return out;
}

/** Type of the `types` parse option: named types by name (`Ticket` for `:Ticket`). */
export type NamedTypes = ReadonlyMap<string, SigType>;

export function mapOf(fields: readonly Field[], optional = false, span?: Span): MapType {
  return span === undefined ? { kind: "map", fields, optional } : { kind: "map", fields, optional, span };
}

export function field(name: string, type: SigType, span?: Span, description?: string): Field {
  const f: { -readonly [K in keyof Field]: Field[K] } = { name, type };
  if (description !== undefined) f.description = description;
  if (span !== undefined) f.span = span;
  return f;
}

/** Fields whose name starts with `_` are firewalled: kept from every LLM-visible rendering. */
export function isFirewalled(name: string): boolean {
  return name.startsWith("_");
}

/**
 * The other spelling of a name: JSON keys use `_` where Clojure keywords use `-`, so a
 * field `was_improved` also matches the key `was-improved` and the reverse. Null when
 * the name has neither.
 */
export function altSpelling(name: string): string | null {
  if (name.includes("-")) return name.replace(/-/g, "_");
  // A leading `_` marks a firewalled field and is never a hyphen.
  const lead = /^_*/.exec(name)![0];
  const rest = name.slice(lead.length);
  return rest.includes("_") ? lead + rest.replace(/_/g, "-") : null;
}

/** The same signature without spans (for comparing parses in tests and round trips). */
export function stripSpans(sig: Signature): Signature {
  return { params: sig.params.map(stripField), output: stripType(sig.output) };
}

function stripField(f: Field): Field {
  return field(f.name, stripType(f.type), undefined, f.description);
}

export function stripType(t: SigType): SigType {
  switch (t.kind) {
    case "primitive":
      return primitive(t.name, t.optional, undefined, t.bounds);
    case "list":
      return listOf(stripType(t.of), t.optional, undefined, t.bounds);
    case "map":
      return mapOf(t.fields.map(stripField), t.optional);
    case "enum":
      return enumOf(t.values, t.optional);
    case "literal":
      return literal(t.value, t.optional);
    case "union":
      return unionOf(t.of.map(stripType), t.optional);
    case "ref":
      return ref(t.name, stripType(t.type), t.optional);
  }
}
