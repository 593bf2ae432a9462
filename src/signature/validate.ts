/**
 * Checking values against signatures, by walking the type (the interpreter; see
 * compile-validator.ts for the generated equivalent, which must agree with it exactly).
 *
 * - `validate`: output semantics by default — no coercion: `"42"` is not an `:int`.
 * - `validateAndCoerce`: input semantics by default — `"42"` → 42 for `:int`, `"3.14"` →
 *   3.14 for `:float`, `"true"`/`"false"` for `:bool`, each with a warning; 42 satisfies
 *   `:float` silently. Recursive through lists and maps; the value is copied only where
 *   something changed.
 *
 * Fields match keys by their name or its other spelling (`was_improved` ↔
 * `was-improved`); a coerced map carries the signature's spelling. A missing required
 * field is an error whatever its type (`:any` and `:fn` included); an explicit nil
 * satisfies `:any`, `:fn`, optional types and unions with such a member. The `strict` mode also rejects fields the
 * signature does not name, at every depth.
 */
import {
  boolFromString,
  codePoints,
  coercedIssue,
  isEnumValue,
  isNumber,
  numberOf,
  rangeIssue,
  defaultMeter,
  finish,
  floatFromString,
  intFromString,
  isFloat,
  isFn,
  isInt,
  isKeywordValue,
  isPlainMap,
  missingIssue,
  own,
  pass,
  pathIndex,
  pathKey,
  spend,
  typeIssue,
  unexpectedIssue,
  type Meter,
  type ValidationIssue,
  type ValidationMode,
  type ValidationResult,
} from "../runtime/validation.js";
import { parseSignature } from "./parse.js";
import { boundedName, expectedName } from "./render.js";
import {
  altSpelling,
  acceptsNil,
  deref,
  discriminant,
  lengthBounds,
  mapOf,
  type Bounds,
  type EnumType,
  type Field,
  type ListType,
  type LiteralType,
  type MapType,
  type PrimitiveType,
  type Signature,
  type SigType,
  type UnionType,
  withOptional,
} from "./types.js";

export interface ValidateOptions {
  /** Default `enabled`. */
  readonly mode?: ValidationMode;
  /**
   * What the walk spends (one unit per list item, and per key in strict mode); a default
   * Budget when not given. Running out throws a `limit` or `timeout` PtcError.
   */
  readonly meter?: Meter;
  /**
   * What to check: `output` (the output type) or `input` (an object of the parameters).
   * Default `output` for `validate`, `input` for `validateAndCoerce`.
   */
  readonly part?: "input" | "output";
}

/** Check a value without coercing it (output validation). */
export function validate(sig: Signature | string, value: unknown, options: ValidateOptions = {}): ValidationResult {
  return run(sig, value, options.mode ?? "enabled", options.part ?? "output", false, options.meter);
}

/** Check a value, coercing quoted numbers and booleans with warnings (input validation). */
export function validateAndCoerce(
  sig: Signature | string,
  value: unknown,
  options: ValidateOptions = {},
): ValidationResult {
  return run(sig, value, options.mode ?? "enabled", options.part ?? "input", true, options.meter);
}

/** The parameters of a signature as the map type that an input object must satisfy. */
export function paramsType(sig: Signature): MapType {
  return mapOf(sig.params);
}

function run(
  sigOrText: Signature | string,
  value: unknown,
  mode: ValidationMode,
  part: "input" | "output",
  coerce: boolean,
  meter: Meter = defaultMeter(),
): ValidationResult {
  const sig = typeof sigOrText === "string" ? parseSignature(sigOrText) : sigOrText;
  if (mode === "disabled") return pass(value);
  const w = new Walk(coerce, mode === "strict", meter);
  let out: unknown;
  if (part === "input") {
    // No arguments at all is an empty map of them.
    out = value === null || value === undefined ? value : w.check(paramsType(sig), value, "");
    if (value === null || value === undefined) w.fields(sig.params, {}, "");
  } else {
    out = w.check(sig.output, value, "");
  }
  return finish(out, w.errors, w.warnings, mode);
}

class Walk {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];

  constructor(
    private readonly coerce: boolean,
    private readonly strict: boolean,
    private readonly meter: Meter,
  ) {}

  /** The value, coerced where that applies; issues are collected on the way. */
  check(t0: SigType, v: unknown, path: string): unknown {
    const t = deref(t0);
    if (v === null || v === undefined) {
      if (!acceptsNil(t)) this.errors.push(typeIssue(path, expectedName(t), v));
      return v;
    }
    switch (t.kind) {
      case "primitive":
        return t.bounds === undefined ? this.primitive(t, v, path) : this.refined(t, t.bounds, v, path);
      case "list":
        return this.list(t.of, t, v, path);
      case "map":
        return this.map(t, v, path);
      case "enum":
        return this.enumValue(t, v, path);
      case "literal":
        return this.literal(t, v, path);
      case "union":
        return t.discriminator === undefined ? this.union(t, v, path) : this.tagged(t, t.discriminator, v, path);
    }
  }

  /** A refined primitive: its type first, then (when that held) its bounds. */
  private refined(t: PrimitiveType, b: Bounds, v: unknown, path: string): unknown {
    const before = this.errors.length;
    const out = this.primitive(t, v, path);
    if (this.errors.length !== before) return out;
    if (t.name === "string") {
      const n = codePoints(out as string);
      const { min, max } = lengthBounds(b);
      if ((min !== undefined && n < min) || (max !== undefined && n > max))
        this.errors.push(rangeIssue(path, boundedName(t), out));
    } else if (!inBounds(numberOf(out), b)) {
      this.errors.push(rangeIssue(path, boundedName(t), out));
    }
    return out;
  }

  /**
   * An enum value: the string (host) or the keyword (PTC-Lisp), kept as it is; values
   * crossing into a program become keywords there (src/agent/enum-keywords.ts).
   */
  private enumValue(t: EnumType, v: unknown, path: string): unknown {
    for (const name of t.values) if (isEnumValue(v, name)) return v;
    this.errors.push(typeIssue(path, expectedName(t), v));
    return v;
  }

  /** Exactly the literal; coercion reads `"42"` as 42 and `"true"` as true (with a warning). */
  private literal(t: LiteralType, v: unknown, path: string): unknown {
    const want = t.value;
    if (typeof want === "number" ? isNumber(v, want) : v === want) return v;
    if (this.coerce && typeof v === "string" && typeof want !== "string") {
      const c = typeof want === "number" ? floatFromString(v) : boolFromString(v);
      if (c === want) {
        this.warnings.push(coercedIssue(path, v, expectedName(t)));
        return want; // "-0" is the literal 0
      }
    }
    this.errors.push(typeIssue(path, expectedName(t), v));
    return v;
  }

  /**
   * A union without a discriminator: the first member the value satisfies (its warnings
   * and coerced value kept); when none does, one issue naming them all.
   */
  private union(t: UnionType, v: unknown, path: string): unknown {
    // Each member is tried on this walk; what a member that fails found is dropped again.
    const errors = this.errors.length;
    const warnings = this.warnings.length;
    for (const m of t.of) {
      const out = this.check(m, v, path);
      if (this.errors.length === errors) return out;
      this.errors.length = errors;
      this.warnings.length = warnings;
    }
    this.errors.push(typeIssue(path, expectedName(t), v));
    return v;
  }

  /** A discriminated union: the member the discriminator names, and only its issues. */
  private tagged(t: UnionType, d: string, v: unknown, path: string): unknown {
    if (!isPlainMap(v)) {
      this.errors.push(typeIssue(path, expectedName(withOptional(t, false)), v));
      return v;
    }
    let tag = own(v, d);
    if (tag === undefined) {
      const alt = altSpelling(d);
      if (alt !== null) tag = own(v, alt);
    }
    const tags = tagsOf(t, d);
    const i = tag === undefined ? -1 : tags.findIndex((l) => isLiteral(tag, l));
    if (i >= 0) return this.map(deref(t.of[i]!) as MapType, v, path);
    const names = tags.map((l) => expectedName(l)).join(" or ");
    if (tag === undefined) this.errors.push(missingIssue(pathKey(path, d), names));
    else this.errors.push(typeIssue(pathKey(path, d), names, tag));
    return v;
  }

  private primitive(t: PrimitiveType, v: unknown, path: string): unknown {
    let ok: boolean;
    switch (t.name) {
      case "string":
        ok = typeof v === "string";
        break;
      case "int":
        if (isInt(v)) return v;
        if (this.coerce && typeof v === "string") return this.coerced(intFromString(v), t, v, path);
        ok = false;
        break;
      case "float":
        if (isFloat(v)) return v;
        if (this.coerce && typeof v === "string") return this.coerced(floatFromString(v), t, v, path);
        ok = false;
        break;
      case "bool":
        if (typeof v === "boolean") return v;
        if (this.coerce && typeof v === "string") return this.coerced(boolFromString(v), t, v, path);
        ok = false;
        break;
      case "keyword":
        ok = isKeywordValue(v);
        break;
      case "any":
        ok = true;
        break;
      case "map":
        ok = isPlainMap(v);
        break;
      case "fn":
        ok = isFn(v);
        break;
    }
    if (!ok) this.errors.push(typeIssue(path, expectedName(t), v));
    return v;
  }

  private coerced(c: number | boolean | undefined, t: PrimitiveType, v: string, path: string): unknown {
    if (c === undefined) {
      this.errors.push(typeIssue(path, expectedName(t), v));
      return v;
    }
    this.warnings.push(coercedIssue(path, v, t.name));
    return c;
  }

  private list(item: SigType, t: ListType, v: unknown, path: string): unknown {
    if (!Array.isArray(v)) {
      this.errors.push(typeIssue(path, expectedName(t), v));
      return v;
    }
    if (t.bounds !== undefined) {
      const { min, max } = lengthBounds(t.bounds);
      if ((min !== undefined && v.length < min) || (max !== undefined && v.length > max)) {
        // The items are not checked: the list is already wrong, and may be long.
        this.errors.push(rangeIssue(path, boundedName(t), v));
        return v;
      }
    }
    let out: unknown[] = v;
    spend(this.meter, v.length);
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      const y = this.check(item, x, pathIndex(path, i));
      if (this.coerce && y !== x) {
        if (out === v) out = v.slice();
        out[i] = y;
      }
    }
    return out;
  }

  private map(t: MapType, v: unknown, path: string): unknown {
    if (!isPlainMap(v)) {
      this.errors.push(typeIssue(path, expectedName(t), v));
      return v;
    }
    return this.fields(t.fields, v, path);
  }

  /** Check the fields of a plain object; in strict mode, also the keys no field names. */
  fields(fields: readonly Field[], o: Record<string, unknown>, path: string): Record<string, unknown> {
    let out = o;
    for (const f of fields) {
      let key = f.name;
      let x = own(o, key);
      if (x === undefined) {
        const alt = altSpelling(f.name);
        if (alt !== null) {
          x = own(o, alt);
          if (x !== undefined) key = alt;
        }
      }
      if (x === undefined) {
        if (!deref(f.type).optional) this.errors.push(missingIssue(pathKey(path, f.name), expectedName(f.type)));
        continue;
      }
      const y = this.check(f.type, x, pathKey(path, f.name));
      if (this.coerce && (y !== x || key !== f.name)) {
        if (out === o) out = { ...o };
        if (key !== f.name) delete out[key];
        out[f.name] = y;
      }
    }
    if (this.strict) {
      const known = new Set<string>();
      for (const f of fields) {
        known.add(f.name);
        const alt = altSpelling(f.name);
        if (alt !== null) known.add(alt);
      }
      const keys = Object.keys(o);
      spend(this.meter, keys.length);
      for (const k of keys) if (!known.has(k)) this.errors.push(unexpectedIssue(pathKey(path, k)));
    }
    return out;
  }
}

/** Whether a number is within bounds (NaN, a value that is no number, never is). */
export function inBounds(n: number, b: Bounds): boolean {
  if (b.min !== undefined && !(b.minExclusive ? n > b.min : n >= b.min)) return false;
  if (b.max !== undefined && !(b.maxExclusive ? n < b.max : n <= b.max)) return false;
  return !Number.isNaN(n);
}

/** Each member's discriminator literal, worked out once per union type. */
const unionTags = new WeakMap<UnionType, readonly LiteralType[]>();
function tagsOf(t: UnionType, d: string): readonly LiteralType[] {
  let tags = unionTags.get(t);
  if (tags === undefined) {
    tags = t.of.map((m) => discriminant(m, d));
    unionTags.set(t, tags);
  }
  return tags;
}

function isLiteral(v: unknown, l: LiteralType): boolean {
  return typeof l.value === "number" ? isNumber(v, l.value) : v === l.value;
}
