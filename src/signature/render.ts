/**
 * Signatures back to text, in the compact form prompts use:
 * `(query :string, limit :int?) -> {count :int, items [{id :int}]}`.
 * Parsing the rendering gives the same signature back (a property test checks it).
 */
import { parseSignature } from "./parse.js";
import { literalText } from "./literal-text.js";
import { deref, isFirewalled, lengthBounds, type Bounds, type Field, type Signature, type SigType } from "./types.js";

export interface RenderOptions {
  /** Leave out `_`-prefixed (firewalled) fields, as a parent agent's view of a child does. */
  readonly hideFirewalled?: boolean;
  /** Leave out field descriptions (`"the ticket's state"` after a type); default false. */
  readonly hideDescriptions?: boolean;
  /**
   * Write named types by their name (`:Ticket`, default) or spelled out (`expand`: the
   * text then parses without the named types).
   */
  readonly namedTypes?: "name" | "expand";
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
      return `:${t.name}${renderBounds(t.bounds)}${q}`;
    case "list":
      return `[${renderType(t.of, options)}]${renderBounds(t.bounds)}${q}`;
    case "map":
      return `{${visible(t.fields, options)
        .map((f) => renderField(f, options))
        .join(", ")}}${q}`;
    case "enum":
      return `:enum[${t.values.join(" ")}]${q}`;
    case "literal":
      return `${literalText(t.value)}${q}`;
    case "union": {
      const text = t.of.map((m) => renderType(m, options)).join("|");
      return t.optional ? `(${text})?` : text;
    }
    case "ref": {
      if (options.namedTypes !== "expand") return `:${t.name}${q}`;
      const inner = renderType(t.type, options);
      if (!t.optional || t.type.optional) return inner;
      return t.type.kind === "union" ? `(${inner})?` : `${inner}?`;
    }
  }
}

/** `[>0]`, `[1..100]`, `[..10]`, `[>0 <1]`; empty without bounds. */
export function renderBounds(b: Bounds | undefined): string {
  if (b === undefined) return "";
  const lo = b.min === undefined ? "" : `${b.minExclusive ? ">" : ">="}${b.min}`;
  const hi = b.max === undefined ? "" : `${b.maxExclusive ? "<" : "<="}${b.max}`;
  if (b.minExclusive || b.maxExclusive) return `[${[lo, hi].filter((x) => x !== "").join(" ")}]`;
  return `[${b.min ?? ""}..${b.max ?? ""}]`;
}

function renderField(f: Field, options: RenderOptions): string {
  const d = f.description === undefined || options.hideDescriptions ? "" : ` ${JSON.stringify(f.description)}`;
  return `${f.name} ${renderType(f.type, options)}${d}`;
}

function visible(fields: readonly Field[], options: RenderOptions): readonly Field[] {
  return options.hideFirewalled ? fields.filter((f) => !isFirewalled(f.name)) : fields;
}

/**
 * How a type is named in validation messages: `int`, `list`, `map`, `string or nil`,
 * `"fast" or "slow"`, `one of :open :closed`, `int >= 1`.
 */
export function expectedName(t: SigType): string {
  const base = baseName(t);
  return t.optional ? `${base} or nil` : base;
}

function baseName(t: SigType): string {
  switch (t.kind) {
    case "primitive":
      return t.name;
    case "list":
    case "map":
      return t.kind;
    case "enum":
      return t.values.length === 1 ? `:${t.values[0]!}` : `one of ${t.values.map((v) => `:${v}`).join(" ")}`;
    case "literal":
      return literalText(t.value);
    case "union": {
      if (t.discriminator !== undefined) {
        const d = t.discriminator;
        const tags = t.of.map((m) => {
          const map = deref(m);
          const f = map.kind === "map" ? map.fields.find((x) => x.name === d) : undefined;
          return f === undefined ? "?" : baseName(f.type);
        });
        return `map with ${d} ${tags.join(" or ")}`;
      }
      // `{a :int}|{b :int}` is "map", not "map or map".
      return [...new Set(t.of.map(baseName))].join(" or ");
    }
    case "ref":
      return t.name;
  }
}

/**
 * How a refined type is named when a value is out of its bounds: `int >= 1`,
 * `float > 0 and < 1`, `string of 1 to 80 characters`, `list of at most 10 items`.
 */
export function boundedName(t: SigType & { readonly bounds?: Bounds }): string {
  const b = t.bounds ?? {};
  if (t.kind === "primitive" && (t.name === "int" || t.name === "float")) {
    const lo = b.min === undefined ? "" : `${b.minExclusive ? ">" : ">="} ${b.min}`;
    const hi = b.max === undefined ? "" : `${b.maxExclusive ? "<" : "<="} ${b.max}`;
    return `${t.name} ${[lo, hi].filter((x) => x !== "").join(" and ")}`;
  }
  const base = t.kind === "primitive" ? "string" : "list";
  const unit = t.kind === "primitive" ? "character" : "item";
  const { min, max } = lengthBounds(b);
  const n = (k: number): string => `${k} ${unit}${k === 1 ? "" : "s"}`;
  if (min !== undefined && max !== undefined)
    return min === max ? `${base} of ${n(min)}` : `${base} of ${min} to ${n(max)}`;
  if (min !== undefined) return `${base} of at least ${n(min)}`;
  return `${base} of at most ${n(max ?? 0)}`;
}
