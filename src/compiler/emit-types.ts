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
import { isFirewalled, type Field, type PrimitiveName, type Signature, type SigType } from "../signature/types.js";

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
  if (!t.optional || base === "unknown") return base;
  return options.undefinedIsNil === true ? `${base} | null | undefined` : `${base} | null`;
}

function baseText(t: SigType, options: TypeTextOptions, indent: string): string {
  switch (t.kind) {
    case "primitive":
      return primitiveText(t.name, options);
    case "list": {
      const item = typeText(t.of, options, indent);
      return item === baseText(t.of, options, indent) && !item.includes("=>") ? `${item}[]` : `(${item})[]`;
    }
    case "map":
      return t.fields.length === 0 ? "{ [key: string]: unknown }" : objectText(t.fields, options, indent);
  }
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
    const described = options.descriptions?.[f.name];
    if (described !== undefined) docs.push(described);
    if (isFirewalled(f.name)) docs.push(FIREWALL_NOTE);
    lines.push(...jsDoc(docs, inner));
    const name = IDENTIFIER.test(f.name) ? f.name : JSON.stringify(f.name);
    lines.push(`${inner}${name}${f.type.optional ? "?" : ""}: ${typeText(f.type, options, inner)};`);
  }
  lines.push(`${indent}}`);
  return lines.join("\n");
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
  if (f.type.kind === "primitive") return `{ name: ${JSON.stringify(f.name)}, type: ${typeData(f.type, indent)} }`;
  const inner = `${indent}  `;
  return `{\n${inner}name: ${JSON.stringify(f.name)},\n${inner}type: ${typeData(f.type, inner)},\n${indent}}`;
}

function typeData(t: SigType, indent: string): string {
  const inner = `${indent}  `;
  switch (t.kind) {
    case "primitive":
      return `{ kind: "primitive", name: ${JSON.stringify(t.name)}, optional: ${t.optional} }`;
    case "list":
      return `{\n${inner}kind: "list",\n${inner}optional: ${t.optional},\n${inner}of: ${typeData(t.of, inner)},\n${indent}}`;
    case "map": {
      const fields =
        t.fields.length === 0
          ? "[]"
          : `[\n${t.fields.map((f) => `${inner}  ${fieldData(f, `${inner}  `)},`).join("\n")}\n${inner}]`;
      return `{\n${inner}kind: "map",\n${inner}optional: ${t.optional},\n${inner}fields: ${fields},\n${indent}}`;
    }
  }
}
