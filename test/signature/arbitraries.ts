/**
 * fast-check arbitraries for signatures and for host values that sometimes match them:
 * shared by the parser round trip and the interpreted-vs-generated validator property.
 */
import fc from "fast-check";
import { keyword, PtcFloat } from "../../src/runtime/values.js";
import {
  altSpelling,
  field,
  listOf,
  mapOf,
  primitive,
  PRIMITIVES,
  type Field,
  type Signature,
  type SigType,
} from "../../src/signature/types.js";

/** Names as signatures write them, including `-`/`_` spellings, `?` and firewalled `_x`. */
export const nameArb: fc.Arbitrary<string> = fc.constantFrom(
  "id",
  "name",
  "was_improved",
  "user-name",
  "_secret",
  "valid?",
  "constructor",
  "toString",
  "x",
  "items",
  "a_b",
  "tags",
);

function uniqueFields(fields: Field[]): Field[] {
  const seen = new Set<string>();
  return fields.filter((f) => {
    const k = f.name.replace(/-/g, "_");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const sigTypeArb: fc.Arbitrary<SigType> = fc.letrec<{ type: SigType }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.tuple(fc.constantFrom(...PRIMITIVES), fc.boolean()).map(([n, o]) => primitive(n, o)),
    fc.tuple(tie("type"), fc.boolean()).map(([t, o]) => listOf(t, o)),
    fc
      .tuple(fc.array(fc.tuple(nameArb, tie("type")), { maxLength: 4 }), fc.boolean())
      .map(([fs, o]) => mapOf(uniqueFields(fs.map(([n, t]) => field(n, t))), o)),
  ),
})).type;

export const signatureArb: fc.Arbitrary<Signature> = fc
  .tuple(fc.array(fc.tuple(nameArb, sigTypeArb), { maxLength: 4 }), sigTypeArb)
  .map(([ps, output]) => ({ params: uniqueFields(ps.map(([n, t]) => field(n, t))), output }));

const scalarArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0.5, -2.25, 1e20, Number.MAX_SAFE_INTEGER + 2),
  fc.constant(new PtcFloat(42)),
  fc.constantFrom("42", " 7 ", "3.14", "true", "false", "abc", "", "1e3", "-0", "9007199254740993"),
  fc.constant(keyword("pending")),
);

/** Host values: JSON-like, with the keys signatures use (so that fields often match). */
export const hostValueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalarArb,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nameArb, fc.constantFrom("was-improved", "user_name", "extra", "a b")), tie("value"), {
      maxKeys: 5,
    }),
  ),
})).value;

/** Values of the right kind for a primitive, including the coercible strings. */
function primitiveValue(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case "string":
      return fc.string({ maxLength: 5 });
    case "int":
      return fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constantFrom("12", "x1"));
    case "float":
      return fc.oneof(fc.double({ noNaN: true, min: -10, max: 10 }), fc.constant(new PtcFloat(2)), fc.constant("2.5"));
    case "bool":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", "no"));
    case "keyword":
      return fc.oneof(fc.constantFrom("open", "closed"), fc.constant(keyword("done")));
    case "map":
      return fc.dictionary(nameArb, scalarArb, { maxKeys: 3 });
    default:
      return scalarArb;
  }
}

/**
 * Values shaped like `t` most of the time, with wrong types, nils, missing and extra
 * fields, and the other `-`/`_` spelling of keys mixed in.
 */
export function valueFor(t: SigType): fc.Arbitrary<unknown> {
  let right: fc.Arbitrary<unknown>;
  switch (t.kind) {
    case "primitive":
      right = primitiveValue(t.name);
      break;
    case "list":
      right = fc.array(valueFor(t.of), { maxLength: 3 });
      break;
    case "map":
      right = fc
        .tuple(
          ...t.fields.map((f) =>
            fc
              .tuple(fc.constantFrom("same", "alt", "missing", "same"), valueFor(f.type))
              .map(([how, v]) => ({ f, how, v })),
          ),
          fc.dictionary(fc.constantFrom("extra", "a b", "__proto__", "constructor"), scalarArb, { maxKeys: 2 }),
        )
        .map((parts) => {
          // Never mutate generated values: fast-check reuses them while shrinking.
          const extra = parts[parts.length - 1] as Record<string, unknown>;
          const o: Record<string, unknown> = {};
          for (const { f, how, v } of parts.slice(0, -1) as { f: Field; how: string; v: unknown }[]) {
            if (how === "missing") continue;
            const key = how === "alt" ? (altSpelling(f.name) ?? f.name) : f.name;
            Object.defineProperty(o, key, { value: v, enumerable: true, writable: true, configurable: true });
          }
          for (const [k, v] of Object.entries(extra))
            Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
          return o;
        });
      break;
    default:
      right = scalarArb;
  }
  return fc.oneof(
    { weight: 6, arbitrary: right },
    { weight: 1, arbitrary: scalarArb },
    { weight: 1, arbitrary: hostValueArb },
  );
}

/** An input object for a signature's parameters (or something else entirely, now and then). */
export function inputFor(sig: Signature): fc.Arbitrary<unknown> {
  return valueFor(mapOf(sig.params));
}
