/**
 * An MCP tool's JSON Schemas as a ptcc signature, and what the signature cannot say as
 * notes for the tool's description:
 *
 *   input schema (an object) → parameters      output schema → output type
 *   string :string · integer :int · number :float · boolean :bool
 *   array → [T] (items; [:any] without)        object with properties → {field T}
 *   object without properties → :map           {} / true / $ref → :any
 *   not in `required` → `?` (may be missing or nil); ["T", "null"] and anyOf [T, null] → T?
 *   enum of strings that are names → :enum[a b]; other enums → a union of the literals
 *   const → the literal ("a"); anyOf / oneOf → the union of the members (a union of
 *   objects with a const property in common is a discriminated union)
 *   minimum / maximum / exclusive… → :int[>0], :float[0..1]; minLength / maxLength →
 *   :string[1..80]; minItems / maxItems → [T][..10]
 *   a property's description → the field's description
 *
 * Formats, patterns, defaults, `multipleOf`, `uniqueItems`, types the signature cannot say
 * and enums too long to list are written into the notes (`when: format date-time`), for
 * the model; the server still validates every call against its own schema. A property
 * whose name a signature cannot hold (`file.path`) stays out of the signature and is listed
 * in the notes, with its description: a program can still pass it (`{"file.path" "a.txt"}`).
 */
import { isRecord } from "../llm/wire.js";
import {
  enumOf,
  field,
  listOf,
  literal,
  mapOf,
  primitive,
  unionOf,
  withOptional,
  type Bounds,
  type Field,
  type LiteralValue,
  type Signature,
  type SigType,
} from "../signature/types.js";

/** A signature for an MCP tool, with the notes and how to put arguments back in the server's shape. */
export interface MappedTool {
  readonly signature: Signature;
  /** One line per parameter (or nested field) with something to say. */
  readonly notes: readonly string[];
  /** The arguments as the server expects them (see `serverArgs`). */
  readonly toServer: (args: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

/** Names a signature can hold as fields: the signature grammar's NAME. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_?!]*(-[A-Za-z0-9_?!]+)*$/;
/** Deeper schemas than this become :any (a hostile server could nest without end). */
const MAX_DEPTH = 12;
/** At most this many enum values are listed in notes. */
const MAX_ENUM = 20;
/** Enums with more values than this stay their base type (with the first values in the notes). */
const MAX_ENUM_TYPE = 100;
/** Enum values that can be written as names (grammar/Signature.g4). */
const ENUM_NAME = /^[a-zA-Z_][a-zA-Z0-9_?!]*(-[a-zA-Z0-9_?!]+)*$/;
/** Descriptions of properties are cut to this many characters. */
const MAX_DESCRIPTION = 200;

export function mapToolSchemas(inputSchema: unknown, outputSchema: unknown): MappedTool {
  const notes = new Notes();
  const input = isRecord(inputSchema) ? inputSchema : {};
  const params = objectFields(input, "", notes, 0);
  const output = outputSchema === undefined ? primitive("any") : typeOf(outputSchema, "", new Notes(), 0, false);
  return {
    signature: { params, output },
    notes: notes.lines(),
    toServer: (args) => serverArgs(input, args, 0) as Record<string, unknown>,
  };
}

// ---------------------------------------------------------------------------
// Types

function typeOf(schema: unknown, path: string, notes: Notes, depth: number, optional: boolean, noted = false): SigType {
  if (!isRecord(schema) || depth > MAX_DEPTH) return primitive("any", optional);
  if (!noted) constraints(schema, path, notes);
  if (typeof schema["$ref"] === "string") return primitive("any", optional);

  // ["string", "null"]: a nullable string.
  const declared = schema["type"];
  const types = Array.isArray(declared) ? declared.filter((t): t is string => typeof t === "string") : [];
  if (Array.isArray(declared)) {
    const real = types.filter((t) => t !== "null");
    const nullable = optional || real.length < types.length;
    if (real.length === 1) return typeOf({ ...schema, type: real[0] }, path, notes, depth, nullable, true);
    if (real.length > 1) {
      const members = real.map((t) => typeOf({ ...schema, type: t }, path, notes, depth + 1, false, true));
      return union(members, nullable);
    }
    return primitive("any", nullable);
  }

  // const and enum: literal types.
  if ("const" in schema) return literalsType([schema["const"]], schema, path, notes, depth, optional);
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) {
    return literalsType(schema["enum"], schema, path, notes, depth, optional);
  }

  // anyOf / oneOf: the union of the members; [T, {type: null}] is T?.
  for (const key of ["anyOf", "oneOf"] as const) {
    const alternatives = schema[key];
    if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
    const real = alternatives.filter((a) => !(isRecord(a) && a["type"] === "null"));
    const nullable = optional || real.length < alternatives.length;
    if (real.length === 1) return typeOf(real[0], path, notes, depth + 1, nullable);
    return union(
      real.map((a) => typeOf(a, path, notes, depth + 1, false)),
      nullable,
    );
  }
  const allOf = schema["allOf"];
  if (Array.isArray(allOf) && allOf.length > 0 && schema["type"] === undefined && schema["properties"] === undefined) {
    if (allOf.length === 1) return typeOf(allOf[0], path, notes, depth + 1, optional);
    notes.add(path, `all of: ${allOf.map(shapeOf).join(" & ")}`);
    return primitive("any", optional);
  }

  const type = typeof declared === "string" ? declared : inferredType(schema);
  switch (type) {
    case "string":
      return primitive("string", optional, undefined, bounds(schema, "minLength", "maxLength"));
    case "integer":
      return primitive("int", optional, undefined, valueBounds(schema, true));
    case "number":
      return primitive("float", optional, undefined, valueBounds(schema, false));
    case "boolean":
      return primitive("bool", optional);
    case "array": {
      const items = schema["items"];
      const b = bounds(schema, "minItems", "maxItems");
      if (isRecord(items)) return listOf(typeOf(items, `${path}[]`, notes, depth + 1, false), optional, undefined, b);
      if (Array.isArray(schema["prefixItems"]) || Array.isArray(items)) notes.add(path, "a list of fixed positions");
      return listOf(primitive("any"), optional, undefined, b);
    }
    case "object": {
      const props = schema["properties"];
      if (!isRecord(props) || Object.keys(props).length === 0) return primitive("map", optional);
      return mapOf(objectFields(schema, path, notes, depth + 1), optional);
    }
    default:
      return primitive("any", optional || type === "null");
  }
}

/**
 * The members as one type: a union, lifted to optional when a member was; `:any` when a
 * member is (a union with `:any` in it says nothing more).
 */
function union(members: readonly SigType[], optional: boolean): SigType {
  if (members.some((m) => m.kind === "primitive" && m.name === "any")) return primitive("any", optional);
  const nullable = optional || members.some((m) => m.optional);
  const plain = members.map((m) => withOptional(m, false));
  const unique = plain.filter((m, i) => plain.findIndex((x) => JSON.stringify(x) === JSON.stringify(m)) === i);
  return unique.length === 1 ? withOptional(unique[0]!, nullable) : unionOf(unique, nullable);
}

/**
 * The type of `enum` (or `const`) values: one literal; `:enum[a b]` for strings that are
 * all names; a union of the literals otherwise. `null` among them makes it optional;
 * values that are not literals (objects, lists), or too many, leave the schema's base type.
 */
function literalsType(
  values: readonly unknown[],
  schema: Readonly<Record<string, unknown>>,
  path: string,
  notes: Notes,
  depth: number,
  optional: boolean,
): SigType {
  const nullable = optional || values.includes(null);
  const real = values.filter((v) => v !== null);
  const scalars = real.filter((v): v is LiteralValue => ["string", "number", "boolean"].includes(typeof v));
  const base = (): SigType => {
    const rest: Record<string, unknown> = { ...schema };
    delete rest["enum"];
    delete rest["const"];
    return typeOf(rest, path, notes, depth, nullable, true);
  };
  if (real.length === 0) return primitive("any", true);
  if (scalars.length < real.length || real.length > MAX_ENUM_TYPE) {
    if (real.length > MAX_ENUM_TYPE) {
      const shown = real.slice(0, MAX_ENUM).map((v) => JSON.stringify(v));
      notes.add(path, `one of ${shown.join(", ")}, … (${real.length} values)`);
    }
    return base();
  }
  const distinct = [...new Set(scalars)];
  if (distinct.length === 1) return literal(distinct[0]!, nullable);
  if (distinct.every((v) => typeof v === "string" && ENUM_NAME.test(v) && v !== "true" && v !== "false")) {
    return enumOf(distinct as string[], nullable);
  }
  return unionOf(
    distinct.map((v) => literal(v)),
    nullable,
  );
}

/** Bounds of a length (`minLength`/`maxLength`, `minItems`/`maxItems`); undefined without. */
function bounds(schema: Readonly<Record<string, unknown>>, min: string, max: string): Bounds | undefined {
  const lo = schema[min];
  const hi = schema[max];
  const b: { min?: number; max?: number } = {};
  if (typeof lo === "number" && Number.isInteger(lo) && lo > 0) b.min = lo;
  if (typeof hi === "number" && Number.isInteger(hi) && hi >= 0) b.max = hi;
  // An empty range is no refinement the grammar can write: the server's schema is left unrefined.
  if (b.min !== undefined && b.max !== undefined && b.min > b.max) return undefined;
  return b.min === undefined && b.max === undefined ? undefined : b;
}

/**
 * Bounds of a number: `minimum`, `maximum`, and the exclusive ones (as numbers, JSON Schema
 * 6+). For an integer, bounds are whole numbers (the grammar's rule): `minimum: 0.5` is
 * `[1..]`, `exclusiveMaximum: 10` is `[..9]`. A range with no value in it is left out.
 */
function valueBounds(schema: Readonly<Record<string, unknown>>, integer: boolean): Bounds | undefined {
  const b: { -readonly [K in keyof Bounds]: Bounds[K] } = {};
  const num = (k: string): number | undefined => {
    const v = schema[k];
    return typeof v === "number" && Number.isFinite(v) ? v : undefined;
  };
  const exMin = num("exclusiveMinimum");
  const exMax = num("exclusiveMaximum");
  const min = num("minimum");
  const max = num("maximum");
  if (exMin !== undefined) {
    b.min = exMin;
    b.minExclusive = true;
  } else if (min !== undefined) b.min = min;
  if (exMax !== undefined) {
    b.max = exMax;
    b.maxExclusive = true;
  } else if (max !== undefined) b.max = max;
  if (integer) {
    // Whole, inclusive bounds: the integers the schema allows.
    if (b.min !== undefined) b.min = b.minExclusive === true ? Math.floor(b.min) + 1 : Math.ceil(b.min);
    if (b.max !== undefined) b.max = b.maxExclusive === true ? Math.ceil(b.max) - 1 : Math.floor(b.max);
    delete b.minExclusive;
    delete b.maxExclusive;
  }
  if (b.min !== undefined && b.max !== undefined) {
    const empty = b.min > b.max || (b.min === b.max && (b.minExclusive === true || b.maxExclusive === true));
    if (empty) return undefined;
  }
  return Object.keys(b).length === 0 ? undefined : b;
}

/** The fields of an object schema: its properties, optional unless required. */
function objectFields(schema: Readonly<Record<string, unknown>>, path: string, notes: Notes, depth: number): Field[] {
  const props = schema["properties"];
  if (!isRecord(props)) return [];
  const required = new Set(
    Array.isArray(schema["required"]) ? schema["required"].filter((r) => typeof r === "string") : [],
  );
  const fields: Field[] = [];
  for (const [name, sub] of Object.entries(props)) {
    const at = path === "" ? name : `${path}.${name}`;
    if (!FIELD_NAME.test(name)) {
      // Not a signature name, but a program can still pass it with a string key.
      const key = JSON.stringify(path === "" ? name : at);
      notes.describe(key, isRecord(sub) ? sub["description"] : undefined);
      notes.add(key, `${shapeOf(sub)}${required.has(name) ? ", required" : ""}, with a string key`);
      continue;
    }
    const description = describe(isRecord(sub) ? sub["description"] : undefined);
    fields.push(field(name, typeOf(sub, at, notes, depth, !required.has(name)), undefined, description));
  }
  return fields;
}

/** What a schema without `type` is, from the keywords it uses. */
function inferredType(schema: Readonly<Record<string, unknown>>): string | undefined {
  if (isRecord(schema["properties"])) return "object";
  if (schema["items"] !== undefined) return "array";
  const values = Array.isArray(schema["enum"]) ? schema["enum"] : "const" in schema ? [schema["const"]] : [];
  if (values.length === 0) return undefined;
  const kinds = new Set(values.map((v) => (Number.isInteger(v) ? "integer" : v === null ? "null" : typeof v)));
  kinds.delete("null");
  if (kinds.size !== 1) return undefined;
  const [kind] = [...kinds];
  return kind === "string" || kind === "integer" || kind === "number" || kind === "boolean" ? kind : undefined;
}

/** A short name for a schema, in notes: `string`, `integer`, `object`, `[string]`, `"a"`. */
function shapeOf(schema: unknown): string {
  if (!isRecord(schema)) return "any";
  if ("const" in schema) return JSON.stringify(schema["const"]) ?? "any";
  const type = schema["type"];
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") return `[${shapeOf(schema["items"])}]`;
  if (typeof type === "string") return type;
  return inferredType(schema) ?? "any";
}

// ---------------------------------------------------------------------------
// Notes

/** Formats, patterns, defaults: what a signature cannot say. */
function constraints(schema: Readonly<Record<string, unknown>>, path: string, notes: Notes): void {
  const words: readonly [string, string][] = [
    ["format", "format"],
    ["pattern", "matching"],
    ["multipleOf", "a multiple of"],
  ];
  for (const [key, word] of words) {
    const v = schema[key];
    if (typeof v !== "number" && typeof v !== "string") continue;
    notes.add(path, `${word} ${key === "pattern" ? `/${String(v)}/` : String(v)}`);
  }
  // JSON Schema 4 wrote exclusive bounds as booleans beside minimum and maximum.
  if (schema["exclusiveMinimum"] === true) notes.add(path, "more than the minimum, not equal");
  if (schema["exclusiveMaximum"] === true) notes.add(path, "less than the maximum, not equal");
  if (schema["uniqueItems"] === true) notes.add(path, "items distinct");
  if ("default" in schema) notes.add(path, `default ${JSON.stringify(schema["default"])}`);
}

/** A description for a field: one line, cut at MAX_DESCRIPTION; undefined without one. */
function describe(description: unknown): string | undefined {
  if (typeof description !== "string" || description.trim() === "") return undefined;
  const text = description.replace(/\s+/g, " ").trim();
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

class Notes {
  private readonly byPath = new Map<string, { description?: string; facts: string[] }>();

  private entry(path: string): { description?: string; facts: string[] } {
    let e = this.byPath.get(path);
    if (e === undefined) {
      e = { facts: [] };
      this.byPath.set(path, e);
    }
    return e;
  }

  add(path: string, fact: string): void {
    this.entry(path).facts.push(fact);
  }

  describe(path: string, description: unknown): void {
    const text = describe(description);
    if (text !== undefined) this.entry(path).description ??= text;
  }

  /** `path: description (fact; fact)`; the schema's own top level (path "") is left out. */
  lines(): string[] {
    const out: string[] = [];
    for (const [path, e] of this.byPath) {
      if (path === "" || (e.description === undefined && e.facts.length === 0)) continue;
      const facts = e.facts.length > 0 ? e.facts.join("; ") : "";
      const text = e.description === undefined ? facts : facts === "" ? e.description : `${e.description} (${facts})`;
      out.push(`${path}: ${text}`);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------
// Arguments back to the server's shape

/**
 * The arguments as the server's schema names them. Programs' keys arrive with `-` turned
 * into `_` (`{:max-results 5}` → `max_results`), so a property the schema spells with `-`
 * gets its name back; `nil` for a property that is not required (and whose schema does
 * not allow null) is dropped, as servers reject null for a missing optional value.
 */
export function serverArgs(schema: unknown, value: unknown, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = schema["items"];
    return isRecord(items) ? value.map((v) => serverArgs(items, v, depth + 1)) : value;
  }
  const props = schema["properties"];
  if (!isRecord(value) || !isRecord(props)) return value;
  const required = new Set(Array.isArray(schema["required"]) ? schema["required"] : []);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) setOwn(out, key, v);
  for (const [name, sub] of Object.entries(props)) {
    const alt = name.includes("-") ? name.replace(/-/g, "_") : null;
    if (alt !== null && !Object.hasOwn(out, name) && Object.hasOwn(out, alt)) {
      setOwn(out, name, out[alt]);
      delete out[alt];
    }
    if (!Object.hasOwn(out, name)) continue;
    if (out[name] === null && !required.has(name) && !allowsNull(sub)) delete out[name];
    else setOwn(out, name, serverArgs(sub, out[name], depth + 1));
  }
  return out;
}

function allowsNull(schema: unknown): boolean {
  if (!isRecord(schema)) return true;
  const type = schema["type"];
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  for (const key of ["anyOf", "oneOf"] as const) {
    const alts = schema[key];
    if (Array.isArray(alts) && alts.some(allowsNull)) return true;
  }
  return (
    type === undefined && schema["anyOf"] === undefined && schema["oneOf"] === undefined && schema["enum"] === undefined
  );
}

/** An own property, even for `__proto__`. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}
