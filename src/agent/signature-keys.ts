/**
 * Typed values cross into the host in the signature's spelling. Validation accepts a key
 * in either spelling (`was-improved` for the field `was_improved`: a program's keywords
 * use `-`, JSON uses `_`), so a returned map may hold the other one; TypeScript's type of
 * `step.return` names the signature's. This puts every key a signature's field names back
 * in its spelling, following the signature (lists, maps, nested), before the host sees it.
 */
import { isPlainMap, own } from "../runtime/validation.js";
import { spend, type Meter } from "../runtime/budget.js";
import { altSpelling, deref, type SigType, type UnionType } from "../signature/types.js";

/** Whether a value of type `t` can hold a key in the other spelling (most signatures cannot). */
export function hasAltSpellings(t: SigType): boolean {
  switch (t.kind) {
    case "primitive":
    case "enum":
    case "literal":
      return false;
    case "union":
      return t.of.some(hasAltSpellings);
    case "ref":
      return hasAltSpellings(t.type);
    case "list":
      return hasAltSpellings(t.of);
    case "map":
      return t.fields.some((f) => altSpelling(f.name) !== null || hasAltSpellings(f.type));
  }
}

/**
 * `value` with its maps' keys in the spelling of `t`'s fields: a map that has a field's key
 * only in the other spelling gets a copy with it renamed (the field's position kept); the
 * rest is shared. A key given in both spellings keeps the signature's, as validation does.
 */
export function inSignatureSpelling(t: SigType, value: unknown, meter: Meter): unknown {
  switch (t.kind) {
    case "primitive":
    case "enum":
    case "literal":
      return value;
    case "ref":
      return inSignatureSpelling(t.type, value, meter);
    case "union": {
      const m = memberFor(t, value);
      return m === undefined ? value : inSignatureSpelling(m, value, meter);
    }
    case "list": {
      if (!Array.isArray(value) || !hasAltSpellings(t.of)) return value;
      spend(meter, value.length);
      let out: unknown[] = value;
      for (let i = 0; i < value.length; i++) {
        const x: unknown = value[i];
        const y = inSignatureSpelling(t.of, x, meter);
        if (y !== x) {
          if (out === value) out = value.slice();
          out[i] = y;
        }
      }
      return out;
    }
    case "map": {
      if (!isPlainMap(value) || t.fields.length === 0) return value;
      spend(meter, t.fields.length);
      let renamed: Map<string, string> | null = null;
      const inner = new Map<string, unknown>();
      for (const f of t.fields) {
        let key = f.name;
        let x = own(value, key);
        if (x === undefined) {
          const alt = altSpelling(f.name);
          if (alt !== null && own(value, alt) !== undefined) {
            key = alt;
            x = own(value, alt);
            (renamed ??= new Map()).set(alt, f.name);
          }
        }
        if (x === undefined) continue;
        const y = inSignatureSpelling(f.type, x, meter);
        if (y !== x) inner.set(key, y);
      }
      if (renamed === null && inner.size === 0) return value;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(value)) {
        const v = inner.has(k) ? inner.get(k) : value[k];
        // Defined as data: a key "__proto__" stays a key.
        Object.defineProperty(out, renamed?.get(k) ?? k, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

/**
 * The member of a union whose keys a value is written in: by the discriminator's value
 * when there is one, else the first member of the value's shape (a list or a map) that
 * has fields in the other spelling. Undefined when none applies.
 */
function memberFor(t: UnionType, value: unknown): SigType | undefined {
  if (t.discriminator !== undefined) {
    if (!isPlainMap(value)) return undefined;
    const d = t.discriminator;
    const alt = altSpelling(d);
    const tag = own(value, d) ?? (alt === null ? undefined : own(value, alt));
    return t.of.find((m) => {
      const map = deref(m);
      const f = map.kind === "map" ? map.fields.find((x) => x.name === d) : undefined;
      const lit = f === undefined ? undefined : deref(f.type);
      return lit !== undefined && lit.kind === "literal" && lit.value === tag;
    });
  }
  const shape = Array.isArray(value) ? "list" : isPlainMap(value) ? "map" : null;
  return t.of.find((m) => deref(m).kind === shape && hasAltSpellings(m));
}
