/**
 * Signatures back to text, in the compact form prompts use:
 * `(query :string, limit :int?) -> {count :int, items [{id :int}]}`.
 * Parsing the rendering gives the same signature back (a property test checks it).
 */
import { parseSignature } from "./parse.js";
import { isFirewalled, type Field, type Signature, type SigType } from "./types.js";

export interface RenderOptions {
  /** Leave out `_`-prefixed (firewalled) fields, as a parent agent's view of a child does. */
  readonly hideFirewalled?: boolean;
}

/** The canonical rendering: always the full `(params) -> output` form. */
export function renderSignature(sig: Signature | string, options: RenderOptions = {}): string {
  const s = typeof sig === "string" ? parseSignature(sig) : sig;
  return `(${renderParams(s, options)}) -> ${renderType(s.output, options)}`;
}

/** `query :string, limit :int?` */
export function renderParams(sig: Signature, options: RenderOptions = {}): string {
  return visible(sig.params, options)
    .map((f) => renderField(f, options))
    .join(", ");
}

export function renderType(t: SigType, options: RenderOptions = {}): string {
  const q = t.optional ? "?" : "";
  switch (t.kind) {
    case "primitive":
      return `:${t.name}${q}`;
    case "list":
      return `[${renderType(t.of, options)}]${q}`;
    case "map":
      return `{${visible(t.fields, options)
        .map((f) => renderField(f, options))
        .join(", ")}}${q}`;
  }
}

function renderField(f: Field, options: RenderOptions): string {
  return `${f.name} ${renderType(f.type, options)}`;
}

function visible(fields: readonly Field[], options: RenderOptions): readonly Field[] {
  return options.hideFirewalled ? fields.filter((f) => !isFirewalled(f.name)) : fields;
}

/** How a type is named in validation messages: `int`, `list`, `map`, `string or nil`. */
export function expectedName(t: SigType): string {
  const base = t.kind === "primitive" ? t.name : t.kind;
  return t.optional ? `${base} or nil` : base;
}
