/**
 * Enum values are strings in the host (`"open"`) and keywords in PTC-Lisp (`:open`), so
 * that a program compares them as it writes them: `(= (:status t) :open)`. Validation
 * accepts either; this turns the strings of enum-typed places into keywords where host
 * data enters a program (an agent's input, a tool's result), following the signature.
 * The way back: a program's keywords reach the host as strings (tool arguments are host
 * data before they are checked); a returned value is checked in its typed view, where a
 * keyword at a `:string` place is made that string first (keywordsAsStrings), so that a
 * program passing a tool's enum value on into a `:string` field is not refused for it.
 */
import { spend, type Meter } from "../runtime/budget.js";
import { isPlainMap, own } from "../runtime/validation.js";
import { Keyword, keyword } from "../runtime/values.js";
import { altSpelling, deref, type SigType, type UnionType } from "../signature/types.js";

/** Whether a value of type `t` can hold an enum (most signatures cannot: nothing to walk). */
export function hasEnums(t: SigType): boolean {
  switch (t.kind) {
    case "enum":
      return true;
    case "primitive":
    case "literal":
      return false;
    case "list":
      return hasEnums(t.of);
    case "map":
      return t.fields.some((f) => hasEnums(f.type));
    case "union":
      return t.of.some(hasEnums);
    case "ref":
      return hasEnums(t.type);
  }
}

/**
 * `value` with each string at an enum-typed place that is one of the enum's values made
 * that keyword; anything else is left as it is (validation has judged it). Copies only
 * what changes.
 */
export function enumsAsKeywords(t: SigType, value: unknown, meter: Meter): unknown {
  if (value === null || value === undefined || !hasEnums(t)) return value;
  const d = deref(t);
  switch (d.kind) {
    case "enum":
      return typeof value === "string" && d.values.includes(value) ? keyword(value) : value;
    case "list": {
      if (!Array.isArray(value)) return value;
      spend(meter, value.length);
      let out: unknown[] = value;
      for (let i = 0; i < value.length; i++) {
        const x: unknown = value[i];
        const y = enumsAsKeywords(d.of, x, meter);
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
        const y = enumsAsKeywords(f.type, x, meter);
        if (y !== x) {
          if (out === value) out = { ...value };
          Object.defineProperty(out, key, { value: y, enumerable: true, writable: true, configurable: true });
        }
      }
      return out;
    }
    case "union": {
      const m = memberOf(d, value);
      return m === undefined ? value : enumsAsKeywords(m, value, meter);
    }
    default:
      return value;
  }
}

/**
 * The member a value belongs to: by the discriminator when there is one, else the first
 * member with enums whose shape (string, list, map) the value has.
 */
function memberOf(u: UnionType, value: unknown): SigType | undefined {
  if (u.discriminator !== undefined && isPlainMap(value)) {
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
  const shape = typeof value === "string" ? "enum" : Array.isArray(value) ? "list" : isPlainMap(value) ? "map" : null;
  return u.of.find((m) => {
    const d = deref(m);
    if (!hasEnums(d) || d.kind !== shape) return false;
    // A string goes to the first enum that has it.
    return d.kind !== "enum" || d.values.includes(value as string);
  });
}

/** Whether a value of type `t` has a `:string` place (where a keyword would be refused). */
export function hasStrings(t: SigType, seen: Set<SigType> = new Set()): boolean {
  if (seen.has(t)) return false;
  seen.add(t);
  switch (t.kind) {
    case "primitive":
      return t.name === "string";
    case "enum":
    case "literal":
      return false;
    case "list":
      return hasStrings(t.of, seen);
    case "map":
      return t.fields.some((f) => hasStrings(f.type, seen));
    case "union":
      return t.of.some((m) => hasStrings(m, seen));
    case "ref":
      return hasStrings(t.type, seen);
  }
}

/** Whether a keyword is already a value of `t` as it is (so it stays a keyword). */
function takesKeyword(t: SigType, k: Keyword): boolean {
  const d = deref(t);
  if (d.kind === "enum") return k.ns === null && d.values.includes(k.name);
  return d.kind === "primitive" && (d.name === "keyword" || d.name === "any");
}

/**
 * `value` (a program's value in its typed host view) with each keyword at a `:string`
 * place made the string the host would see (`:shipped` → `"shipped"`); anything else is
 * left for validation to judge. Copies only what changes.
 */
export function keywordsAsStrings(t: SigType, value: unknown, meter: Meter): unknown {
  if (value === null || value === undefined || !hasStrings(t)) return value;
  const d = deref(t);
  switch (d.kind) {
    case "primitive":
      return d.name === "string" && value instanceof Keyword ? value.fqn : value;
    case "list": {
      if (!Array.isArray(value)) return value;
      spend(meter, value.length);
      let out: unknown[] = value;
      for (let i = 0; i < value.length; i++) {
        const x: unknown = value[i];
        const y = keywordsAsStrings(d.of, x, meter);
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
        const y = keywordsAsStrings(f.type, x, meter);
        if (y !== x) {
          if (out === value) out = { ...value };
          Object.defineProperty(out, key, { value: y, enumerable: true, writable: true, configurable: true });
        }
      }
      return out;
    }
    case "union": {
      if (value instanceof Keyword) {
        if (d.of.some((m) => takesKeyword(m, value))) return value;
        return d.of.some((m) => {
          const x = deref(m);
          return x.kind === "primitive" && x.name === "string";
        })
          ? value.fqn
          : value;
      }
      const m = stringMemberOf(d, value);
      return m === undefined ? value : keywordsAsStrings(m, value, meter);
    }
    default:
      return value;
  }
}

/** The member of a union a list or map belongs to, for keywordsAsStrings. */
function stringMemberOf(u: UnionType, value: unknown): SigType | undefined {
  if (u.discriminator !== undefined && isPlainMap(value)) {
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
  const shape = Array.isArray(value) ? "list" : isPlainMap(value) ? "map" : null;
  return u.of.find((m) => {
    const x = deref(m);
    return x.kind === shape && hasStrings(x);
  });
}
