/**
 * Signatures as TypeScript type expressions, for hosts that call agents from typed code:
 *
 *   (query :string, limit :int?) -> [{id :int, was-improved :bool?}]
 *     input:  { query: string; limit?: number | null }
 *     output: { id: number; "was-improved"?: boolean | null }[]
 *
 * Expressions only (no `type X =`), on one line. An optional field is `name?: T | null`
 * (it may be missing or nil); any other optional type is `T | null`.
 */
import { parseSignature } from "./parse.js";
import { literalText } from "./literal-text.js";
import { deref, type Field, type PrimitiveName, type Signature, type SigType } from "./types.js";

export interface TypeScriptOptions {
  /**
   * The type `:fn` becomes; default `PtcFn`, the runtime's closure class (the generated
   * code must have it in scope). A function type such as `(x: unknown) => unknown` is
   * parenthesized wherever it is used.
   */
  readonly fnType?: string;
  /**
   * Named types (`:Ticket`) as their name (`name`: the generated code must declare them)
   * or spelled out (`expand`, the default).
   */
  readonly namedTypes?: "name" | "expand";
}

const DEFAULT_FN_TYPE = "PtcFn";

/** The TypeScript type expression of one type. */
export function typeToTypeScript(t: SigType, options: TypeScriptOptions = {}): string {
  return new Renderer(options).type(t);
}

/**
 * A signature as two TypeScript type expressions: `input`, the object of the parameters
 * (`Record<string, never>` when there are none), and `output`. Takes signature text or a
 * parsed signature; text that does not parse throws SignatureError.
 */
export function signatureToTypeScript(
  sig: Signature | string,
  options: TypeScriptOptions = {},
): { input: string; output: string } {
  return parsedSignatureToTypeScript(typeof sig === "string" ? parseSignature(sig) : sig, options);
}

/** signatureToTypeScript of a parsed signature: for code that does not bundle the parser. */
export function parsedSignatureToTypeScript(
  s: Signature,
  options: TypeScriptOptions = {},
): { input: string; output: string } {
  const r = new Renderer(options);
  return { input: s.params.length === 0 ? "Record<string, never>" : r.object(s.params), output: r.type(s.output) };
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Type text that needs no parentheses inside a union or before `[]`. */
const SIMPLE_TYPE = /^[A-Za-z_$][A-Za-z0-9_$.]*(<[^()=|&]*>)?(\[\])*$/;

class Renderer {
  private readonly fn: string;
  private readonly names: boolean;

  constructor(options: TypeScriptOptions) {
    const fn = (options.fnType ?? DEFAULT_FN_TYPE).trim();
    this.fn = SIMPLE_TYPE.test(fn) ? fn : `(${fn})`;
    this.names = options.namedTypes === "name";
  }

  type(t: SigType): string {
    return withNull(t, this.base(t));
  }

  /** The type without its optional marker. */
  private base(t: SigType): string {
    switch (t.kind) {
      case "primitive":
        return this.primitive(t.name);
      case "list": {
        const base = this.base(t.of);
        const item = withNull(t.of, base);
        return item === base && !this.isUnion(t.of) ? `${item}[]` : `(${item})[]`;
      }
      case "map":
        return this.object(t.fields);
      case "enum":
        return t.values.map((v) => JSON.stringify(v)).join(" | ");
      case "literal":
        return literalText(t.value);
      case "union":
        return t.of.map((m) => this.base(m)).join(" | ");
      case "ref":
        return this.names ? t.name : this.base(t.type);
    }
  }

  /** Whether the type's text (without null) is a union at the top: `"a" | "b"`. */
  private isUnion(t: SigType): boolean {
    if (t.kind === "ref" && this.names) return false;
    const d = deref(t);
    return d.kind === "union" || (d.kind === "enum" && d.values.length > 1);
  }

  private primitive(name: PrimitiveName): string {
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
        return this.fn;
    }
  }

  /** `{ id: number; email?: string | null }`; with no fields, a map of anything. */
  object(fields: readonly Field[]): string {
    if (fields.length === 0) return "{ [key: string]: unknown }";
    const members = fields.map((f) => {
      const name = IDENTIFIER.test(f.name) ? f.name : JSON.stringify(f.name);
      return `${name}${f.type.optional ? "?" : ""}: ${this.type(f.type)}`;
    });
    return `{ ${members.join("; ")} }`;
  }
}

/** `T | null` for an optional type (`unknown` already includes null). */
function withNull(t: SigType, base: string): string {
  const optional = t.optional || (t.kind === "ref" && deref(t).optional);
  return optional && base !== "unknown" ? `${base} | null` : base;
}
