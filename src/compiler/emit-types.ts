/**
 * Signature types as TypeScript for generated modules: the same types as
 * signatureToTypeScript (and the type-level parser), written out over lines with a JSDoc
 * line per described field, and a note on each firewalled one:
 *
 *   {
 *     /** The tickets to triage. *\/
 *     tickets: {
 *       id: number;
 *       /** Firewalled: programs and the host see it, the LLM never does. *\/
 *       _email: string;
 *     }[];
 *     limit?: number | null;
 *   }
 *
 * Also the parsed signature as data (object literals, no spans), which the generated
 * agent passes to defineAgent instead of signature text, so nothing is parsed at run time.
 */
import { literalText } from "../signature/literal-text.js";
import {
  deref,
  isFirewalled,
  type Bounds,
  type Field,
  type PrimitiveName,
  type Signature,
  type SigType,
} from "../signature/types.js";

export interface TypeTextOptions {
  /** What `:fn` becomes: `$ptcc.PtcFn` for inputs and tool values, `$ptcc.FnLabel` for a Step's return. */
  readonly fn: string;
  /** Descriptions of fields and parameters, by name (`fieldDescriptions`). */
  readonly descriptions?: Readonly<Record<string, string>>;
  /**
   * What a tool function returns: an optional value may also be `undefined` (a function typed
   * `T | undefined`, or with a property `x: T | undefined`, returns it, and the run takes it
   * as nil), where a Step's JSON only ever has `null`.
   */
  readonly undefinedIsNil?: boolean;
  /**
   * Named types (`:Ticket`) by their name (`name`: the module declares them) or spelled
   * out (`expand`, the default).
   */
  readonly namedTypes?: "name" | "expand";
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const FIREWALL_NOTE = "Firewalled: programs and the host see this field, the LLM never does.";

/** The object type of a signature's parameters (`Record<string, never>` when there are none). */
export function inputTypeText(sig: Signature, options: TypeTextOptions, indent = ""): string {
  return sig.params.length === 0 ? "Record<string, never>" : objectText(sig.params, options, indent);
}

/** The type of a signature's output. */
export function outputTypeText(sig: Signature, options: TypeTextOptions, indent = ""): string {
  return typeText(sig.output, options, indent);
}

export function typeText(t: SigType, options: TypeTextOptions, indent: string): string {
  const base = baseText(t, options, indent);
  if (!(t.optional || (t.kind === "ref" && deref(t).optional)) || base === "unknown") return base;
  return options.undefinedIsNil === true ? `${base} | null | undefined` : `${base} | null`;
}

function baseText(t: SigType, options: TypeTextOptions, indent: string): string {
  switch (t.kind) {
    case "primitive":
      return primitiveText(t.name, options);
    case "list": {
      const item = typeText(t.of, options, indent);
      const simple = item === baseText(t.of, options, indent) && !item.includes("=>") && !isUnionText(t.of, options);
      return simple ? `${item}[]` : `(${item})[]`;
    }
    case "map":
      return t.fields.length === 0 ? "{ [key: string]: unknown }" : objectText(t.fields, options, indent);
    case "enum":
      return t.values.map((v) => JSON.stringify(v)).join(" | ");
    case "literal":
      return literalText(t.value);
    case "union":
      return t.of.map((m) => baseText(m, options, indent)).join(" | ");
    case "ref":
      return options.namedTypes === "name" ? t.name : baseText(t.type, options, indent);
  }
}

/** Whether the type's text is a union at the top (`"a" | "b"`), which `[]` must wrap. */
function isUnionText(t: SigType, options: TypeTextOptions): boolean {
  if (t.kind === "ref" && options.namedTypes === "name") return false;
  const d = deref(t);
  return d.kind === "union" || (d.kind === "enum" && d.values.length > 1);
}

function primitiveText(name: PrimitiveName, options: TypeTextOptions): string {
  switch (name) {
    case "string":
    case "keyword":
      return "string";
    case "int":
    case "float":
      return "number";
    case "bool":
      return "boolean";
    case "any":
      return "unknown";
    case "map":
      return "Record<string, unknown>";
    case "fn":
      return options.fn;
  }
}

function objectText(fields: readonly Field[], options: TypeTextOptions, indent: string): string {
  const inner = `${indent}  `;
  const lines = ["{"];
  for (const f of fields) {
    const docs: string[] = [];
    // fieldDescriptions wins over the description written in the signature.
    const described = options.descriptions?.[f.name] ?? f.description;
    if (described !== undefined) docs.push(described);
    if (isFirewalled(f.name)) docs.push(FIREWALL_NOTE);
    lines.push(...jsDoc(docs, inner));
    const name = IDENTIFIER.test(f.name) ? f.name : JSON.stringify(f.name);
    lines.push(`${inner}${name}${deref(f.type).optional ? "?" : ""}: ${typeText(f.type, options, inner)};`);
  }
  lines.push(`${indent}}`);
  return lines.join("\n");
}

/** The names of the named types a type uses where it is written (not inside them). */
export function typeRefs(t: SigType, out: Set<string> = new Set()): Set<string> {
  switch (t.kind) {
    case "ref":
      out.add(t.name);
      break;
    case "list":
      typeRefs(t.of, out);
      break;
    case "map":
      for (const f of t.fields) typeRefs(f.type, out);
      break;
    case "union":
      for (const m of t.of) typeRefs(m, out);
      break;
    default:
      break;
  }
  return out;
}

/** A JSDoc comment of these paragraphs at this indentation (none for no paragraphs). */
export function jsDoc(paragraphs: readonly string[], indent: string): string[] {
  const text = paragraphs.map((p) => p.trim().replace(/\*\//g, "*\\/")).filter((p) => p !== "");
  if (text.length === 0) return [];
  const lines = text.join("\n\n").split("\n");
  if (lines.length === 1) return [`${indent}/** ${lines[0]!} */`];
  return [`${indent}/**`, ...lines.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l}`)), `${indent} */`];
}

// ---------------------------------------------------------------------------------------
// The signature as data

/**
 * A signature as an object literal over lines: primitives on one line, lists and maps
 * opened up, one field a line.
 */
export function signatureDataText(sig: Signature, indent: string): string {
  const inner = `${indent}  `;
  const params =
    sig.params.length === 0
      ? "[]"
      : `[\n${sig.params.map((p) => `${inner}  ${fieldData(p, `${inner}  `)},`).join("\n")}\n${inner}]`;
  return `{\n${inner}params: ${params},\n${inner}output: ${typeData(sig.output, inner)},\n${indent}}`;
}

function fieldData(f: Field, indent: string): string {
  const description = f.description === undefined ? "" : `, description: ${JSON.stringify(f.description)}`;
  if (f.type.kind === "primitive" && f.type.bounds === undefined) {
    return `{ name: ${JSON.stringify(f.name)}, type: ${typeData(f.type, indent)}${description} }`;
  }
  const inner = `${indent}  `;
  const d = f.description === undefined ? "" : `\n${inner}description: ${JSON.stringify(f.description)},`;
  return `{\n${inner}name: ${JSON.stringify(f.name)},\n${inner}type: ${typeData(f.type, inner)},${d}\n${indent}}`;
}

/** `bounds: { min: 1, max: 100 }` (with a leading line break), or nothing. */
function boundsData(b: Bounds | undefined, inner: string): string {
  if (b === undefined) return "";
  const parts: string[] = [];
  if (b.min !== undefined) parts.push(`min: ${b.min}`);
  if (b.max !== undefined) parts.push(`max: ${b.max}`);
  if (b.minExclusive === true) parts.push("minExclusive: true");
  if (b.maxExclusive === true) parts.push("maxExclusive: true");
  return `\n${inner}bounds: { ${parts.join(", ")} },`;
}

function typeData(t: SigType, indent: string): string {
  const inner = `${indent}  `;
  switch (t.kind) {
    case "primitive":
      if (t.bounds !== undefined) {
        return `{\n${inner}kind: "primitive",\n${inner}name: ${JSON.stringify(t.name)},\n${inner}optional: ${t.optional},${boundsData(t.bounds, inner)}\n${indent}}`;
      }
      return `{ kind: "primitive", name: ${JSON.stringify(t.name)}, optional: ${t.optional} }`;
    case "enum":
      return `{ kind: "enum", values: ${JSON.stringify(t.values)}, optional: ${t.optional} }`;
    case "literal":
      return `{ kind: "literal", value: ${literalText(t.value)}, optional: ${t.optional} }`;
    case "union": {
      const members = t.of.map((m) => `${inner}  ${typeData(m, `${inner}  `)},`).join("\n");
      const d = t.discriminator === undefined ? "" : `\n${inner}discriminator: ${JSON.stringify(t.discriminator)},`;
      return `{\n${inner}kind: "union",\n${inner}optional: ${t.optional},${d}\n${inner}of: [\n${members}\n${inner}],\n${indent}}`;
    }
    case "ref":
      return `{\n${inner}kind: "ref",\n${inner}name: ${JSON.stringify(t.name)},\n${inner}optional: ${t.optional},\n${inner}type: ${typeData(t.type, inner)},\n${indent}}`;
    case "list":
      return `{\n${inner}kind: "list",\n${inner}optional: ${t.optional},${boundsData(t.bounds, inner)}\n${inner}of: ${typeData(t.of, inner)},\n${indent}}`;
    case "map": {
      const fields =
        t.fields.length === 0
          ? "[]"
          : `[\n${t.fields.map((f) => `${inner}  ${fieldData(f, `${inner}  `)},`).join("\n")}\n${inner}]`;
      return `{\n${inner}kind: "map",\n${inner}optional: ${t.optional},\n${inner}fields: ${fields},\n${indent}}`;
    }
  }
}
