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
export type SigType = PrimitiveType | ListType | MapType;

export interface PrimitiveType {
  readonly kind: "primitive";
  readonly name: PrimitiveName;
  readonly optional: boolean;
  readonly span?: Span;
}

/** `[:int]`: a list of items of one type. */
export interface ListType {
  readonly kind: "list";
  readonly of: SigType;
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
  readonly span?: Span;
}

export interface Signature {
  /** The parameters, in order; empty for `() -> T` and for the shorthand `T`. */
  readonly params: readonly Field[];
  readonly output: SigType;
}

export function primitive(name: PrimitiveName, optional = false, span?: Span): PrimitiveType {
  return span === undefined ? { kind: "primitive", name, optional } : { kind: "primitive", name, optional, span };
}

export function listOf(of: SigType, optional = false, span?: Span): ListType {
  return span === undefined ? { kind: "list", of, optional } : { kind: "list", of, optional, span };
}

export function mapOf(fields: readonly Field[], optional = false, span?: Span): MapType {
  return span === undefined ? { kind: "map", fields, optional } : { kind: "map", fields, optional, span };
}

export function field(name: string, type: SigType, span?: Span): Field {
  return span === undefined ? { name, type } : { name, type, span };
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
  return field(f.name, stripType(f.type));
}

export function stripType(t: SigType): SigType {
  switch (t.kind) {
    case "primitive":
      return primitive(t.name, t.optional);
    case "list":
      return listOf(stripType(t.of), t.optional);
    case "map":
      return mapOf(t.fields.map(stripField), t.optional);
  }
}
