/**
 * Signatures as JSON Schema (draft 2020-12), for tool definitions and structured output:
 *
 *   (query :string, limit :int?) -> [{id :int}]
 *     input:  {type: "object", properties: {query: {type: "string"},
 *              limit: {type: ["integer", "null"]}}, required: ["query"]}
 *     output: {type: "array", items: {type: "object", properties: {id: {type: "integer"}},
 *              required: ["id"]}}
 *
 * Enums are `enum`s of strings, literals `const`, unions `anyOf` (an `enum` when all
 * members are literals), discriminated unions `oneOf` with an OpenAPI `discriminator`
 * (Ajv wants its `discriminator: true` option for it); refinements are `minimum`,
 * `exclusiveMinimum`, `maxLength`, `maxItems`...; field descriptions `description`.
 *
 * For JSON values the schemas accept exactly what `validate` accepts (a test checks it
 * with Ajv), with these differences, which JSON cannot express or JSON data never meets:
 * keys are matched by the signature's spelling only (not the `-`/`_` alternate); `:fn`
 * accepts anything (no JSON value is a function); the input schema requires an object
 * (`validate` also takes nil for "no arguments"); and a JSON Schema `integer` includes
 * integral numbers beyond 2^53, which `:int` does not.
 */
import { parseSignature } from "./parse.js";
import {
  deref,
  isFirewalled,
  lengthBounds,
  type Bounds,
  type Field,
  type PrimitiveType,
  type Signature,
  type SigType,
  type UnionType,
} from "./types.js";

/** A JSON Schema document or subschema: a plain JSON object. */
export type JsonSchema = { [key: string]: unknown };

export interface JsonSchemaOptions {
  /**
   * Reject fields the signature does not name (`additionalProperties: false` on every
   * `{…}` map type and on the input object), as the `strict` validation mode does.
   * `:map` stays open.
   */
  readonly strict?: boolean;
  /** Leave out `_`-prefixed (firewalled) fields and parameters, at every depth. */
  readonly hideFirewalled?: boolean;
}

/** The dialect every document `signatureToJsonSchema` makes declares. */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** What `:fn` becomes: functions have no JSON form, so the schema constrains nothing. */
const FN_COMMENT = "a PTC-Lisp function (not representable in JSON)";

/**
 * The JSON Schema of one type, without a `$schema` key (for embedding). A trailing `?`
 * adds `"null"` to the type; `:any` and `:fn` accept null already.
 */
export function typeToJsonSchema(t0: SigType, options: JsonSchemaOptions = {}): JsonSchema {
  const t = deref(t0);
  switch (t.kind) {
    case "primitive":
      return withBounds(primitiveSchema(t), t);
    case "list": {
      const out: JsonSchema = { type: nullable("array", t.optional), items: typeToJsonSchema(t.of, options) };
      if (t.bounds !== undefined) {
        const { min, max } = lengthBounds(t.bounds);
        if (min !== undefined) out.minItems = Math.max(0, min);
        if (max !== undefined) out.maxItems = max;
      }
      return out;
    }
    case "map":
      return objectSchema(t.fields, t.optional, options);
    case "enum":
      return { type: nullable("string", t.optional), enum: t.optional ? [...t.values, null] : [...t.values] };
    case "literal":
      return t.optional ? { enum: [t.value, null] } : { const: t.value };
    case "union":
      return unionSchema(t, options);
  }
}

function unionSchema(t: UnionType, options: JsonSchemaOptions): JsonSchema {
  const members = t.of.map(deref);
  if (members.every((m) => m.kind === "literal")) {
    const values: unknown[] = members.map((m) => m.value);
    return { enum: t.optional ? [...values, null] : values };
  }
  const schemas = members.map((m) => typeToJsonSchema(m, options));
  if (t.discriminator !== undefined && !t.optional) {
    // OpenAPI's discriminator (and Ajv's) takes string tags only.
    const d = t.discriminator;
    const tags = members.map((m) => (m.kind === "map" ? deref(m.fields.find((f) => f.name === d)!.type) : m));
    const strings = tags.every((l) => l.kind === "literal" && typeof l.value === "string");
    return strings
      ? { type: "object", oneOf: schemas, discriminator: { propertyName: d } }
      : { type: "object", oneOf: schemas };
  }
  if (t.optional) schemas.push({ type: "null" });
  return { anyOf: schemas };
}

/** `minimum`, `exclusiveMaximum`... for numbers, `minLength`/`maxLength` for strings. */
function withBounds(out: JsonSchema, t: PrimitiveType): JsonSchema {
  const b: Bounds | undefined = t.bounds;
  if (b === undefined) return out;
  if (t.name === "string") {
    const { min, max } = lengthBounds(b);
    if (min !== undefined) out.minLength = Math.max(0, min);
    if (max !== undefined) out.maxLength = max;
    return out;
  }
  if (b.min !== undefined) out[b.minExclusive ? "exclusiveMinimum" : "minimum"] = b.min;
  if (b.max !== undefined) out[b.maxExclusive ? "exclusiveMaximum" : "maximum"] = b.max;
  return out;
}

/**
 * A signature as two JSON Schema documents: `input`, the object of the parameters (as a
 * tool's arguments), and `output`, the output type. Takes signature text or a parsed
 * signature; text that does not parse throws SignatureError.
 */
export function signatureToJsonSchema(
  sig: Signature | string,
  options: JsonSchemaOptions = {},
): { input: JsonSchema; output: JsonSchema } {
  const s = typeof sig === "string" ? parseSignature(sig) : sig;
  return {
    input: { $schema: JSON_SCHEMA_DIALECT, ...objectSchema(s.params, false, options) },
    output: { $schema: JSON_SCHEMA_DIALECT, ...typeToJsonSchema(s.output, options) },
  };
}

function primitiveSchema(t: PrimitiveType): JsonSchema {
  switch (t.name) {
    case "any":
      return {};
    case "fn":
      return { $comment: FN_COMMENT };
    case "string":
    case "keyword":
      return { type: nullable("string", t.optional) };
    case "int":
      return { type: nullable("integer", t.optional) };
    case "float":
      return { type: nullable("number", t.optional) };
    case "bool":
      return { type: nullable("boolean", t.optional) };
    case "map":
      return { type: nullable("object", t.optional) };
  }
}

function nullable(type: string, optional: boolean): string | string[] {
  return optional ? [type, "null"] : type;
}

function objectSchema(fields: readonly Field[], optional: boolean, options: JsonSchemaOptions): JsonSchema {
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const f of fields) {
    if (options.hideFirewalled && isFirewalled(f.name)) continue;
    // defineProperty: a hand-built type may name a field `__proto__`.
    const schema = typeToJsonSchema(f.type, options);
    if (f.description !== undefined) schema.description = f.description;
    Object.defineProperty(properties, f.name, {
      value: schema,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (!deref(f.type).optional) required.push(f.name);
  }
  const out: JsonSchema = { type: nullable("object", optional), properties };
  if (required.length > 0) out.required = required;
  if (options.strict) out.additionalProperties = false;
  return out;
}
