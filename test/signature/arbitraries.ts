/**
 * fast-check arbitraries for signatures and for host values that sometimes match them:
 * shared by the parser round trip and the interpreted-vs-generated validator property.
 */
import fc from "fast-check";
import { keyword, PtcFloat } from "../../src/runtime/values.js";
import {
  altSpelling,
  deref,
  enumOf,
  field,
  listOf,
  literal,
  mapOf,
  primitive,
  PRIMITIVES,
  unionOf,
  withOptional,
  type Bounds,
  type Field,
  type LiteralValue,
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

/** Descriptions: plain, and with quotes, escapes and non-ASCII text. */
const descriptionArb: fc.Arbitrary<string | undefined> = fc.option(
  fc.constantFrom("the ticket's state", 'say "hi"', "back\\slash", "line\nbreak", "café ✓", ""),
  { nil: undefined, freq: 3 },
);

const enumValueArb = fc.constantFrom("open", "closed", "in-progress", "done?", "a_b", "true", "x1");

const literalArb: fc.Arbitrary<LiteralValue> = fc.oneof(
  fc.constantFrom("fast", "slow", "", "a b", 'q"uote', "é"),
  fc.constantFrom(0, 42, -1, 1.5, -0.25, 1e21),
  fc.boolean(),
);

/** Bounds the grammar can write: whole numbers for lengths and `:int`, never an empty range. */
function boundsArb(integral: boolean): fc.Arbitrary<Bounds> {
  const n = integral ? fc.integer({ min: -3, max: 12 }) : fc.constantFrom(-1.5, 0, 0.5, 2, 10);
  return fc
    .tuple(fc.option(n, { nil: undefined }), fc.option(n, { nil: undefined }), fc.boolean(), fc.boolean())
    .filter(([lo, hi]) => lo !== undefined || hi !== undefined)
    .map(([lo, hi, ex1, ex2]) => {
      let min = lo;
      let max = hi;
      if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
      const b: { min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean } = {};
      if (min !== undefined) b.min = min;
      if (max !== undefined) b.max = max;
      if (ex1 && min !== undefined && !(max !== undefined && max <= min)) b.minExclusive = true;
      if (ex2 && max !== undefined && !(min !== undefined && max <= min)) b.maxExclusive = true;
      return b;
    });
}

const BOUNDED = new Set(["int", "float", "string"]);

/**
 * Every node the grammar has but named types: primitives (refined now and then), lists,
 * maps with descriptions, enums, literals, unions and discriminated unions of maps.
 */
export const sigTypeArb: fc.Arbitrary<SigType> = fc.letrec<{ type: SigType; map: SigType }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc
      .tuple(fc.constantFrom(...PRIMITIVES), fc.boolean(), fc.option(boundsArb(true), { nil: undefined, freq: 3 }))
      .chain(([n, o, b]) =>
        BOUNDED.has(n) && b !== undefined
          ? boundsArb(n !== "float").map((bb) => primitive(n, o, undefined, bb))
          : fc.constant(primitive(n, o)),
      ),
    fc
      .tuple(tie("type"), fc.boolean(), fc.option(boundsArb(true), { nil: undefined, freq: 4 }))
      .map(([t, o, b]) => listOf(t, o, undefined, b)),
    tie("map"),
    fc
      .tuple(fc.uniqueArray(enumValueArb, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([vs, o]) => enumOf(vs, o)),
    fc.tuple(literalArb, fc.boolean()).map(([v, o]) => literal(v, o)),
    fc.tuple(fc.array(tie("type"), { minLength: 2, maxLength: 3 }), fc.boolean()).map(([ms, o]) =>
      unionOf(
        ms.map((m) => withOptional(m, false)),
        o,
      ),
    ),
    fc
      .tuple(
        fc.uniqueArray(fc.constantFrom("a", "b", "c"), { minLength: 2, maxLength: 3 }),
        fc.array(tie("map"), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
      )
      .map(([tags, maps, o]) =>
        unionOf(
          tags.map((tag, i) => {
            const m = deref(maps[i]!);
            const rest = m.kind === "map" ? m.fields.filter((f) => f.name !== "kind") : [];
            return mapOf([field("kind", literal(tag)), ...rest]);
          }),
          o,
        ),
      ),
  ),
  map: fc
    .tuple(fc.array(fc.tuple(nameArb, tie("type"), descriptionArb), { maxLength: 4 }), fc.boolean())
    .map(([fs, o]) => mapOf(uniqueFields(fs.map(([n, t, d]) => field(n, t, undefined, d))), o)),
})).type;

export const signatureArb: fc.Arbitrary<Signature> = fc
  .tuple(fc.array(fc.tuple(nameArb, sigTypeArb, descriptionArb), { maxLength: 4 }), sigTypeArb)
  .map(([ps, output]) => ({ params: uniqueFields(ps.map(([n, t, d]) => field(n, t, undefined, d))), output }));

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
function primitiveValue(name: string, bounds?: Bounds): fc.Arbitrary<unknown> {
  // Values at and around the bounds, where refinements go wrong.
  const edges = [bounds?.min, bounds?.max]
    .filter((x): x is number => x !== undefined)
    .flatMap((x) => [x - 1, x, x + 1]);
  switch (name) {
    case "string": {
      const lengths = edges.filter((n) => n >= 0 && n < 20);
      return lengths.length === 0
        ? fc.oneof(fc.string({ maxLength: 5 }), fc.constant("😀😀"))
        : fc.oneof(
            fc.string({ maxLength: 5 }),
            fc.constantFrom(...lengths).map((n) => "x".repeat(n)),
            fc.constant("😀😀"),
          );
    }
    case "int":
      return fc.oneof(
        fc.integer({ min: -50, max: 50 }),
        fc.constantFrom("12", "x1"),
        ...(edges.length === 0 ? [] : [fc.constantFrom(...edges), fc.constantFrom(...edges.map(String))]),
      );
    case "float":
      return fc.oneof(
        fc.double({ noNaN: true, min: -10, max: 10 }),
        fc.constant(new PtcFloat(2)),
        fc.constant("2.5"),
        fc.constant(NaN),
        ...(edges.length === 0
          ? []
          : [fc.constantFrom(...edges), fc.constantFrom(...edges).map((x) => new PtcFloat(x))]),
      );
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
      right = primitiveValue(t.name, t.bounds);
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
    case "enum":
      right = fc.oneof(
        fc.constantFrom(...t.values),
        fc.constantFrom(...t.values).map((v) => keyword(v)),
        fc.constantFrom("other", keyword("open", "ns")),
      );
      break;
    case "literal":
      right = fc.oneof(
        fc.constant(t.value),
        fc.constant(String(t.value)),
        typeof t.value === "number" ? fc.constant(new PtcFloat(t.value)) : fc.constant(!t.value),
      );
      break;
    case "union":
      right = fc.oneof(...t.of.map(valueFor));
      break;
    case "ref":
      right = valueFor(t.type);
      break;
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
