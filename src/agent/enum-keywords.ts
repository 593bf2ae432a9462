/**
 * Enum values are strings in the host (`"open"`) and keywords in PTC-Lisp (`:open`), so
 * that a program compares them as it writes them: `(= (:status t) :open)`. Validation
 * accepts either; this turns the strings of enum-typed places into keywords where host
 * data enters a program (an agent's input, a tool's result), following the signature.
 * The way back: a program's keywords reach the host as strings (tool arguments are host
 * data before they are checked); a returned value is checked in its typed view, where a
 * keyword at a `:string` place is made that string first (keywordsAsStrings), so that a
 * program passing a tool's enum value on into a `:string` field is not refused for it.
 *
 * Both directions are one walk (`rewrite`) that follows the signature through lists, maps
 * (either key spelling), unions and named types, and copies only what changes.
 */
import { spend, type Meter } from "../runtime/budget.js";
import { isPlainMap, own } from "../runtime/validation.js";
import { Keyword, keyword } from "../runtime/values.js";
import { altSpelling, deref, type SigType, type UnionType } from "../signature/types.js";

/** One direction of the walk: which places it changes, and how. */
interface Direction {
  /** Whether a value of this type has a place the leaf changes (memoized per type). */
  readonly relevant: (t: SigType) => boolean;
  /** A value at a non-container type: changed, or returned as it is. */
  readonly leaf: (t: SigType, value: unknown) => unknown;
  /** The member of a union a value belongs to (undefined: left as it is). */
  readonly member: (u: UnionType, value: unknown) => SigType | undefined;
}

/** `relevant` of a leaf test, memoized: types are immutable, and walks ask at every level. */
function memo(isLeaf: (t: SigType) => boolean): (t: SigType) => boolean {
  const known = new WeakMap<SigType, boolean>();
  const relevant = (t: SigType): boolean => {
    let v = known.get(t);
    if (v === undefined) {
      // Named types cannot form cycles (PTC112), so the walk over a type ends.
      switch (t.kind) {
        case "list":
          v = relevant(t.of);
          break;
        case "map":
          v = t.fields.some((f) => relevant(f.type));
          break;
        case "union":
          v = t.of.some(relevant);
          break;
        case "ref":
          v = relevant(t.type);
          break;
        default:
          v = isLeaf(t);
      }
      known.set(t, v);
    }
    return v;
  };
  return relevant;
}

/** The member of a discriminated union whose literal tag the map carries. */
function taggedMember(u: UnionType & { discriminator: string }, value: Record<string, unknown>): SigType | undefined {
  const dk = u.discriminator;
  const alt = altSpelling(dk);
  const tag = own(value, dk) ?? (alt === null ? undefined : own(value, alt));
  return u.of.find((m) => {
    const map = deref(m);
    const f = map.kind === "map" ? map.fields.find((x) => x.name === dk) : undefined;
    const lit = f === undefined ? undefined : deref(f.type);
    return lit?.kind === "literal" && lit.value === tag;
  });
}

/** The shape of a value a union member would have to be, to be walked. */
function shapeOf(value: unknown): "list" | "map" | null {
  return Array.isArray(value) ? "list" : isPlainMap(value) ? "map" : null;
}

function rewrite(dir: Direction, t: SigType, value: unknown, meter: Meter): unknown {
  if (value === null || value === undefined || !dir.relevant(t)) return value;
  const d = deref(t);
  switch (d.kind) {
    case "list": {
      if (!Array.isArray(value)) return value;
      spend(meter, value.length);
      let out: unknown[] = value;
      for (let i = 0; i < value.length; i++) {
        const x: unknown = value[i];
        const y = rewrite(dir, d.of, x, meter);
        if (y !== x) {
          if (out === value) out = value.slice();
          out[i] = y;
        }
      }
      return out;
    }
    case "map": {
      if (!isPlainMap(value)) return value;
      spend(meter, d.fields.length);
      let out: Record<string, unknown> = value;
      for (const f of d.fields) {
        let key = f.name;
        let x = own(value, key);
        if (x === undefined) {
          const alt = altSpelling(f.name);
          if (alt === null) continue;
          key = alt;
          x = own(value, alt);
        }
        const y = rewrite(dir, f.type, x, meter);
        if (y !== x) {
          if (out === value) out = { ...value };
          Object.defineProperty(out, key, { value: y, enumerable: true, writable: true, configurable: true });
        }
      }
      return out;
    }
    case "union": {
      const m = dir.member(d, value);
      return m === undefined ? value : rewrite(dir, m, value, meter);
    }
    default:
      return dir.leaf(d, value);
  }
}

// ---------------------------------------------------------------------------------------
// Host → program: enum strings become keywords

/** Whether a value of type `t` can hold an enum (most signatures cannot: nothing to walk). */
export const hasEnums = memo((t) => t.kind === "enum");

const TO_KEYWORDS: Direction = {
  relevant: hasEnums,
  leaf: (t, value) =>
    t.kind === "enum" && typeof value === "string" && t.values.includes(value) ? keyword(value) : value,
  // By the discriminator, else the first member with enums whose shape (string, list, map)
  // the value has; a string goes to the first enum that has it.
  member: (u, value) => {
    if (u.discriminator !== undefined && isPlainMap(value))
      return taggedMember(u as UnionType & { discriminator: string }, value);
    const shape = typeof value === "string" ? "enum" : shapeOf(value);
    return u.of.find((m) => {
      const d = deref(m);
      if (!hasEnums(d) || d.kind !== shape) return false;
      return d.kind !== "enum" || d.values.includes(value as string);
    });
  },
};

/**
 * `value` with each string at an enum-typed place that is one of the enum's values made
 * that keyword; anything else is left as it is (validation has judged it).
 */
export function enumsAsKeywords(t: SigType, value: unknown, meter: Meter): unknown {
  return rewrite(TO_KEYWORDS, t, value, meter);
}

// ---------------------------------------------------------------------------------------
// Program → host: keywords at :string places become their strings

const isString = (t: SigType): boolean => t.kind === "primitive" && t.name === "string";

/** Whether a value of type `t` has a `:string` place (where a keyword would be refused). */
export const hasStrings = memo(isString);

/** Whether a keyword is already a value of `t` as it is (so it stays a keyword). */
function takesKeyword(t: SigType, k: Keyword): boolean {
  const d = deref(t);
  if (d.kind === "enum") return k.ns === null && d.values.includes(k.name);
  return d.kind === "primitive" && (d.name === "keyword" || d.name === "any");
}

const TO_STRINGS: Direction = {
  relevant: hasStrings,
  leaf: (t, value) => (isString(t) && value instanceof Keyword ? value.fqn : value),
  member: (u, value) => {
    // A keyword: kept when a member takes it, else a string when a member is :string.
    if (value instanceof Keyword) {
      if (u.of.some((m) => takesKeyword(m, value))) return undefined;
      return u.of.find((m) => isString(deref(m)));
    }
    if (u.discriminator !== undefined && isPlainMap(value))
      return taggedMember(u as UnionType & { discriminator: string }, value);
    const shape = shapeOf(value);
    return u.of.find((m) => {
      const d = deref(m);
      return d.kind === shape && hasStrings(d);
    });
  },
};

/**
 * `value` (a program's value in its typed host view) with each keyword at a `:string`
 * place made the string the host would see (`:shipped` → `"shipped"`); anything else is
 * left for validation to judge.
 */
export function keywordsAsStrings(t: SigType, value: unknown, meter: Meter): unknown {
  return rewrite(TO_STRINGS, t, value, meter);
}
