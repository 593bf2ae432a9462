/**
 * Signatures: `(query :string, limit :int) -> {count :int, items [{id :int}]}`.
 *
 *   text → parse (grammar/Signature.g4) → Signature → validate / coerce / render /
 *   JSON Schema / TypeScript types / generated validators
 */
export { parseSignature, MAX_SIGNATURE_DEPTH, MAX_SIGNATURE_LENGTH, type ParseOptions } from "./parse.js";
export { SignatureError } from "./errors.js";
export {
  PRIMITIVES,
  isFirewalled,
  stripSpans,
  type Bounds,
  type EnumType,
  type Field,
  type ListType,
  type LiteralType,
  type LiteralValue,
  type MapType,
  type NamedTypes,
  type RefType,
  type UnionType,
  type PrimitiveName,
  type PrimitiveType,
  type Signature,
  type SigType,
} from "./types.js";
export { renderSignature, renderParams, renderType, type RenderOptions } from "./render.js";
export { validate, validateAndCoerce, type ValidateOptions } from "./validate.js";
export { compileValidator, VALIDATOR_RUNTIME_IMPORT, type CompileValidatorOptions } from "./compile-validator.js";
export {
  signatureToJsonSchema,
  typeToJsonSchema,
  JSON_SCHEMA_DIALECT,
  type JsonSchema,
  type JsonSchemaOptions,
} from "./json-schema.js";
export { signatureToTypeScript, typeToTypeScript, type TypeScriptOptions } from "./typescript.js";
export type { SignatureInput, SignatureOutput, SignatureCheck, ToolArgs, ToolResult, FnLabel } from "./infer.js";
export { firewallView, FIREWALLED, MAX_FIREWALL_DEPTH, type FirewallOptions } from "./firewall.js";
export {
  parsePlaceholders,
  checkPlaceholders,
  expandTemplate,
  type Placeholder,
  type PlaceholderIssue,
} from "./placeholders.js";
