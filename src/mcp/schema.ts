/**
 * An MCP tool's JSON Schemas as a ptcc signature, and what the signature cannot say as
 * notes for the tool's description:
 *
 *   input schema (an object) → parameters      output schema → output type
 *   string :string · integer :int · number :float · boolean :bool
 *   array → [T] (items; [:any] without)        object with properties → {field T}
 *   object without properties → :map           {} / true / $ref / unions → :any
 *   not in `required` → `?` (may be missing or nil); ["T", "null"] and anyOf [T, null] → T?
 *
 * Enums, constants, unions, formats, patterns, bounds, defaults and the descriptions of
 * properties are written into the notes (`mode: one of "fast", "full"; default "fast"`),
 * for the model; the server still validates every call against its own schema. A
 * property whose name a signature cannot hold (`file.path`) stays out of the signature
 * and is listed in the notes: a program can still pass it (`{"file.path" "a.txt"}`).
 */
import { isRecord } from "../llm/wire.js";
import { field, listOf, mapOf, primitive, type Field, type Signature, type SigType } from "../signature/types.js";

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
/** At most this many enum values are listed. */
const MAX_ENUM = 20;
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
  if (!noted) {
    notes.describe(path, schema["description"]);
    constraints(schema, path, notes);
  }
  if (typeof schema["$ref"] === "string") return primitive("any", optional);

  // ["string", "null"]: a nullable string.
  const declared = schema["type"];
  const types = Array.isArray(declared) ? declared.filter((t): t is string => typeof t === "string") : [];
  if (Array.isArray(declared)) {
    const real = types.filter((t) => t !== "null");
    const nullable = optional || real.length < types.length;
    if (real.length === 1) return typeOf({ ...schema, type: real[0] }, path, notes, depth, nullable, true);
    if (real.length > 1) notes.add(path, `one of the types ${real.join(", ")}`);
    return primitive("any", nullable);
  }

  // anyOf / oneOf: [T, {type: null}] is T?; anything else is :any with the shapes noted.
  for (const key of ["anyOf", "oneOf"] as const) {
    const alternatives = schema[key];
    if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
    const real = alternatives.filter((a) => !(isRecord(a) && a["type"] === "null"));
    const nullable = optional || real.length < alternatives.length;
    if (real.length === 1) return typeOf(real[0], path, notes, depth + 1, nullable);
    notes.add(path, `one of: ${real.map(shapeOf).join(" | ")}`);
    return primitive("any", nullable);
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
      return primitive("string", optional);
    case "integer":
      return primitive("int", optional);
    case "number":
      return primitive("float", optional);
    case "boolean":
      return primitive("bool", optional);
    case "array": {
      const items = schema["items"];
      if (isRecord(items)) return listOf(typeOf(items, `${path}[]`, notes, depth + 1, false), optional);
      if (Array.isArray(schema["prefixItems"]) || Array.isArray(items)) notes.add(path, "a list of fixed positions");
      return listOf(primitive("any"), optional);
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
    fields.push(field(name, typeOf(sub, at, notes, depth, !required.has(name))));
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

/** Enum values, bounds, formats, defaults: what a signature cannot check. */
function constraints(schema: Readonly<Record<string, unknown>>, path: string, notes: Notes): void {
  const values = schema["enum"];
  if (Array.isArray(values)) {
    const shown = values.slice(0, MAX_ENUM).map((v) => JSON.stringify(v));
    notes.add(path, `one of ${shown.join(", ")}${values.length > MAX_ENUM ? `, … (${values.length} values)` : ""}`);
  }
  if ("const" in schema) notes.add(path, `always ${JSON.stringify(schema["const"])}`);
  const words: readonly [string, string][] = [
    ["format", "format"],
    ["pattern", "matching"],
    ["minimum", "at least"],
    ["exclusiveMinimum", "more than"],
    ["maximum", "at most"],
    ["exclusiveMaximum", "less than"],
    ["multipleOf", "a multiple of"],
    ["minLength", "at least N character"],
    ["maxLength", "at most N character"],
    ["minItems", "at least N item"],
    ["maxItems", "at most N item"],
  ];
  for (const [key, word] of words) {
    const v = schema[key];
    if (typeof v !== "number" && typeof v !== "string") continue;
    if (word.includes("N")) notes.add(path, `${word.replace("N", String(v))}${v === 1 ? "" : "s"}`);
    else notes.add(path, `${word} ${key === "pattern" ? `/${String(v)}/` : String(v)}`);
  }
  if (schema["uniqueItems"] === true) notes.add(path, "items distinct");
  if ("default" in schema) notes.add(path, `default ${JSON.stringify(schema["default"])}`);
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
    if (typeof description !== "string" || description.trim() === "") return;
    const text = description.replace(/\s+/g, " ").trim();
    this.entry(path).description ??= text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
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
