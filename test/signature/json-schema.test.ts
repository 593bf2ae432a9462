/**
 * Signatures as JSON Schema: golden schemas, and agreement with `validate` — Ajv (draft
 * 2020-12) compiles the schemas and must give the same verdict as the interpreter on
 * JSON-like values, in `enabled` and `strict` mode, for input and output.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  JSON_SCHEMA_DIALECT,
  signatureToJsonSchema,
  typeToJsonSchema,
  type JsonSchema,
  type JsonSchemaOptions,
} from "../../src/signature/json-schema.js";
import { parseSignature } from "../../src/signature/parse.js";
import { renderSignature } from "../../src/signature/render.js";
import {
  enumOf,
  field,
  listOf,
  literal,
  mapOf,
  primitive,
  PRIMITIVES,
  unionOf,
  withOptional,
  type Signature,
  type SigType,
} from "../../src/signature/types.js";
import { validate } from "../../src/signature/validate.js";

const $schema = JSON_SCHEMA_DIALECT;

describe("typeToJsonSchema", () => {
  const cases: [string, JsonSchema][] = [
    [":string", { type: "string" }],
    [":int", { type: "integer" }],
    [":float", { type: "number" }],
    [":bool", { type: "boolean" }],
    [":keyword", { type: "string" }],
    [":any", {}],
    [":map", { type: "object" }],
    [":fn", { $comment: "a PTC-Lisp function (not representable in JSON)" }],
    [":string?", { type: ["string", "null"] }],
    [":int?", { type: ["integer", "null"] }],
    [":float?", { type: ["number", "null"] }],
    [":bool?", { type: ["boolean", "null"] }],
    [":keyword?", { type: ["string", "null"] }],
    [":map?", { type: ["object", "null"] }],
    [":any?", {}],
    [":fn?", { $comment: "a PTC-Lisp function (not representable in JSON)" }],
    // signatures v2
    [":enum[open closed]", { type: "string", enum: ["open", "closed"] }],
    [":enum[open closed]?", { type: ["string", "null"], enum: ["open", "closed", null] }],
    ['"fast"', { const: "fast" }],
    ["42?", { enum: [42, null] }],
    ['"fast"|"slow"', { enum: ["fast", "slow"] }],
    [":string|:int", { anyOf: [{ type: "string" }, { type: "integer" }] }],
    ["(:string|:int)?", { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] }],
    [
      '{kind "a", x :int}|{kind "b"}',
      {
        type: "object",
        oneOf: [
          {
            type: "object",
            properties: { kind: { const: "a" }, x: { type: "integer" } },
            required: ["kind", "x"],
          },
          { type: "object", properties: { kind: { const: "b" } }, required: ["kind"] },
        ],
        discriminator: { propertyName: "kind" },
      },
    ],
    [":int[>0]", { type: "integer", exclusiveMinimum: 0 }],
    [":float[0..1]", { type: "number", minimum: 0, maximum: 1 }],
    [":string[1..80]", { type: "string", minLength: 1, maxLength: 80 }],
    [":string[>0 <10]", { type: "string", minLength: 1, maxLength: 9 }],
    ["[:int][..10]", { type: "array", items: { type: "integer" }, maxItems: 10 }],
    [
      '{status :enum[open closed] "the state"}',
      {
        type: "object",
        properties: { status: { type: "string", enum: ["open", "closed"], description: "the state" } },
        required: ["status"],
      },
    ],
    ["[:int]", { type: "array", items: { type: "integer" } }],
    ["[:int?]", { type: "array", items: { type: ["integer", "null"] } }],
    ["[:int]?", { type: ["array", "null"], items: { type: "integer" } }],
    ["[[:any]]", { type: "array", items: { type: "array", items: {} } }],
    ["{}", { type: "object", properties: {} }],
    ["{}?", { type: ["object", "null"], properties: {} }],
    ["{a :int?}", { type: "object", properties: { a: { type: ["integer", "null"] } } }],
    [
      "{id :int, email :string?}",
      {
        type: "object",
        properties: { id: { type: "integer" }, email: { type: ["string", "null"] } },
        required: ["id"],
      },
    ],
    [
      "{was_improved :bool, user-name :string, valid? :bool}?",
      {
        type: ["object", "null"],
        properties: {
          was_improved: { type: "boolean" },
          "user-name": { type: "string" },
          "valid?": { type: "boolean" },
        },
        required: ["was_improved", "user-name", "valid?"],
      },
    ],
    [
      "[{id :int, tags [:string]?}]",
      {
        type: "array",
        items: {
          type: "object",
          properties: { id: { type: "integer" }, tags: { type: ["array", "null"], items: { type: "string" } } },
          required: ["id"],
        },
      },
    ],
  ];
  it.each(cases)("%s", (text, expected) => {
    expect(typeToJsonSchema(parseSignature(text).output)).toEqual(expected);
  });

  it("has no $schema key", () => {
    expect(typeToJsonSchema(primitive("int"))).not.toHaveProperty("$schema");
  });

  it("strict closes every {…} map type, not :map", () => {
    expect(typeToJsonSchema(parseSignature("{a {b :int}, c [{}], d :map}").output, { strict: true })).toEqual({
      type: "object",
      properties: {
        a: { type: "object", properties: { b: { type: "integer" } }, required: ["b"], additionalProperties: false },
        c: { type: "array", items: { type: "object", properties: {}, additionalProperties: false } },
        d: { type: "object" },
      },
      required: ["a", "c", "d"],
      additionalProperties: false,
    });
  });

  it("hideFirewalled drops _ fields at every depth, from properties and required", () => {
    const t = parseSignature("{summary :string, _ids [:int], items [{id :int, _raw :map}], meta {_x :int?}}").output;
    expect(typeToJsonSchema(t, { hideFirewalled: true })).toEqual({
      type: "object",
      properties: {
        summary: { type: "string" },
        items: {
          type: "array",
          items: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
        },
        meta: { type: "object", properties: {} },
      },
      required: ["summary", "items", "meta"],
    });
    // Without the option they stay.
    expect(JSON.stringify(typeToJsonSchema(t))).toContain('"_raw"');
  });

  it("a hand-built __proto__ field is a property, not a prototype", () => {
    const s = typeToJsonSchema(mapOf([field("__proto__", primitive("int"))]));
    const props = s.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(props)).toBe(Object.prototype);
    expect(Object.keys(props)).toEqual(["__proto__"]);
    expect(s.required).toEqual(["__proto__"]);
  });
});

describe("signatureToJsonSchema", () => {
  it("input is the object of the parameters, output the output type", () => {
    expect(signatureToJsonSchema("(query :string, limit :int?) -> {count :int, items [{id :int}]}")).toEqual({
      input: {
        $schema,
        type: "object",
        properties: { query: { type: "string" }, limit: { type: ["integer", "null"] } },
        required: ["query"],
      },
      output: {
        $schema,
        type: "object",
        properties: {
          count: { type: "integer" },
          items: {
            type: "array",
            items: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
          },
        },
        required: ["count", "items"],
      },
    });
  });

  it("$schema comes first", () => {
    const { input, output } = signatureToJsonSchema("(a :int) -> [:int]");
    expect(Object.keys(input)[0]).toBe("$schema");
    expect(Object.keys(output)[0]).toBe("$schema");
  });

  it("no parameters: an empty object; :any output: only $schema", () => {
    expect(signatureToJsonSchema(":any")).toEqual({
      input: { $schema, type: "object", properties: {} },
      output: { $schema },
    });
  });

  it("strict closes the input object too; hideFirewalled hides _ parameters", () => {
    expect(signatureToJsonSchema("(a :int, _b :int) -> :int", { strict: true, hideFirewalled: true }).input).toEqual({
      $schema,
      type: "object",
      properties: { a: { type: "integer" } },
      required: ["a"],
      additionalProperties: false,
    });
  });

  it("takes a parsed signature or its text", () => {
    const text = "(user {id :int, name :string?}) -> [:string]?";
    expect(signatureToJsonSchema(parseSignature(text))).toEqual(signatureToJsonSchema(text));
  });

  it("throws SignatureError on a bad signature", () => {
    expect(() => signatureToJsonSchema("(a :integer) -> :int")).toThrow(/unknown type :integer/);
  });

  it("hideFirewalled gives the schema of the signature rendered without firewalled fields", () => {
    const text = "(q :string, _k :int) -> {a :int, _b {c :int}, d [{_e :bool, f :float?}]}";
    const hidden = renderSignature(text, { hideFirewalled: true });
    for (const strict of [false, true]) {
      expect(signatureToJsonSchema(text, { strict, hideFirewalled: true })).toEqual(
        signatureToJsonSchema(hidden, { strict }),
      );
    }
  });
});

// ---------------------------------------------------------------------------------------
// Agreement with validate

// `discriminator: true`: discriminated unions carry OpenAPI's `discriminator` keyword.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, ownProperties: true, discriminator: true });

type Verdict = (value: unknown) => boolean;

function compile(schema: JsonSchema): Verdict {
  const check = ajv.compile(schema);
  return (v) => check(v);
}

const MODES = [
  { strict: false, mode: "enabled" },
  { strict: true, mode: "strict" },
] as const;

/** Check both parts of `sig` on `values` with Ajv and with validate; returns the mismatches. */
function disagreements(sig: Signature, inputs: unknown[], outputs: unknown[]): string[] {
  const out: string[] = [];
  for (const { strict, mode } of MODES) {
    const options: JsonSchemaOptions = { strict };
    const schemas = signatureToJsonSchema(sig, options);
    const parts = [
      ["input", compile(schemas.input), inputs],
      ["output", compile(schemas.output), outputs],
    ] as const;
    for (const [part, ajvCheck, values] of parts) {
      for (const v of values) {
        const want = validate(sig, v, { part, mode }).ok;
        if (ajvCheck(v) !== want)
          out.push(`${renderSignature(sig)} ${part} ${mode} ${JSON.stringify(v)}: validate says ${want}`);
      }
    }
  }
  return out;
}

/** Scalars and shapes that exercise every JSON type. */
const SCALARS: unknown[] = [null, true, false, 0, -1, 42, 2.5, -0.5, 1e15, "", "abc", "42", "true"];
const SHAPES: unknown[] = [[], [1, 2], [1, "a"], [null], [[1]], [{}], {}, { id: 1 }, { id: "1" }];

describe("Ajv agrees with validate on JSON values", () => {
  // :fn is left out: no JSON value is a function, so its schema constrains nothing.
  const table: { sig: string; inputs: unknown[]; outputs: unknown[] }[] = [
    ...PRIMITIVES.filter((p) => p !== "fn").flatMap((p) => [
      {
        sig: `(x :${p}) -> :${p}`,
        inputs: SCALARS.concat(SHAPES).map((x) => ({ x })),
        outputs: SCALARS.concat(SHAPES),
      },
      {
        sig: `(x :${p}?) -> :${p}?`,
        inputs: [{}, ...SCALARS.concat(SHAPES).map((x) => ({ x }))],
        outputs: SCALARS.concat(SHAPES),
      },
    ]),
    {
      sig: "(query :string, limit :int?) -> {count :int, items [{id :int}]}",
      inputs: [
        { query: "q" },
        { query: "q", limit: 5 },
        { query: "q", limit: null },
        { query: "q", limit: 2.5 },
        { query: "q", extra: 1 },
        { limit: 5 },
        {},
        [],
        "q",
        42,
      ],
      outputs: [
        { count: 1, items: [{ id: 1 }] },
        { count: 1, items: [] },
        { count: 1, items: [{ id: 1, name: "x" }] },
        { count: 1, items: [{ id: "1" }] },
        { count: 1, items: [{}] },
        { count: 1, items: null },
        { count: 1 },
        { count: 1.5, items: [] },
        { count: 1, items: [], more: true },
        [],
        null,
      ],
    },
    {
      sig: "{id :int, email :string?, tags [:string?]?, profile {bio :string, avatar :string?}?}",
      inputs: [{}, { a: 1 }],
      outputs: [
        { id: 1, profile: null },
        { id: 1, email: null, tags: null },
        { id: 1, tags: ["a", null] },
        { id: 1, tags: [1] },
        { id: 1, profile: { bio: "b" } },
        { id: 1, profile: { bio: "b", avatar: null } },
        { id: 1, profile: { avatar: "a" } },
        { id: 1, profile: { bio: "b", x: 1 } },
        { id: 1, profile: [] },
        { email: "e" },
      ],
    },
    {
      // Required fields of :any accept null but not a missing key; :map is open even in strict mode.
      sig: "(a :any, m :map) -> {a :any, m :map, l [:any]}",
      inputs: [{ a: null, m: {} }, { m: {} }, { a: 1, m: { x: { y: 1 } } }, { a: 1, m: [] }, { a: 1, m: null }],
      outputs: [
        { a: null, m: {}, l: [] },
        { m: {}, l: [] },
        { a: [1], m: { x: 1 }, l: [null, 1, "x", {}] },
        { a: 1, m: {}, l: null },
      ],
    },
    {
      // Names that plain objects inherit must be own keys to count.
      sig: "(constructor :int) -> {toString :string, valid? :bool}",
      inputs: [{ constructor: 1 }, {}, { constructor: "x" }],
      outputs: [{ toString: "a", "valid?": true }, { "valid?": true }, {}, { toString: "a", "valid?": "yes" }],
    },
    {
      sig: "() -> {}",
      inputs: [{}, { a: 1 }],
      outputs: [{}, { a: 1 }, [], null, "x"],
    },
    {
      sig: "[{}]",
      inputs: [{}],
      outputs: [[], [{}], [{ a: 1 }], [[]], [null], {}],
    },
    {
      sig: "(_secret :string, q :string) -> {summary :string, _ids [:int]}",
      inputs: [{ _secret: "s", q: "q" }, { q: "q" }, { _secret: 1, q: "q" }],
      outputs: [{ summary: "s", _ids: [1] }, { summary: "s" }, { summary: "s", _ids: ["1"] }],
    },
  ];

  // Signatures v2: enums, literals, unions, discriminated unions, refinements.
  const V2 = [
    "open",
    "closed",
    "fast",
    "slow",
    "",
    "x".repeat(80),
    "x".repeat(81),
    "😀😀",
    0,
    1,
    100,
    101,
    0.5,
    -1,
    42,
    true,
    false,
    null,
  ];
  table.push(
    {
      sig: '(status :enum[open closed], mode ("fast"|"slow")?) -> :enum[open closed]?',
      inputs: [
        { status: "open" },
        { status: "other" },
        { status: "closed", mode: "slow" },
        { status: "open", mode: "medium" },
        {},
      ],
      outputs: V2,
    },
    { sig: "(x 42) -> true", inputs: V2.map((x) => ({ x })), outputs: V2 },
    { sig: '(x "fast"?) -> 0.5?', inputs: [{}, ...V2.map((x) => ({ x }))], outputs: V2 },
    { sig: "(x :string|:int) -> (:bool|[:int])?", inputs: V2.map((x) => ({ x })), outputs: [...V2, [], [1, "a"], [2]] },
    { sig: "(n :int[1..100]) -> :float[>0 <1]", inputs: V2.map((n) => ({ n })), outputs: V2 },
    { sig: "(s :string[1..80]) -> :string[..1]", inputs: V2.map((s) => ({ s })), outputs: V2 },
    {
      sig: "(xs [:int][..2]) -> [:string][>0]?",
      inputs: [{ xs: [] }, { xs: [1, 2] }, { xs: [1, 2, 3] }, { xs: ["a"] }],
      outputs: [[], ["a"], ["a", "b", "c"], [1], null],
    },
    {
      sig: '{kind "a", x :int}|{kind "b", y :string}',
      inputs: [{}],
      outputs: [
        { kind: "a", x: 1 },
        { kind: "b", y: "s" },
        { kind: "a", y: "s" },
        { kind: "b", x: 1 },
        { kind: "c", x: 1 },
        { x: 1 },
        { kind: "a", x: 1, extra: true },
        [],
        null,
      ],
    },
    {
      sig: '(job ({kind "a", x :int}|{kind "b", y :string})?) -> {x :int "the count", y :enum[a]? "why"}',
      inputs: [{}, { job: null }, { job: { kind: "a", x: 1 } }, { job: { kind: "b", y: 1 } }],
      outputs: [{ x: 1 }, { x: 1, y: "a" }, { x: 1, y: "b" }, { y: "a" }],
    },
    {
      // A union with a member that takes nil takes nil (fast-check found it).
      sig: "(v :string|:string|:any, w (:int|{x :int})?) -> :string|:any",
      inputs: [{ v: null }, { v: 1, w: null }, { v: "a", w: { x: 1 } }, { v: "a", w: "no" }],
      outputs: [null, "a", 1, { x: 1 }],
    },
  );

  it.each(table.map((c) => [c.sig, c] as const))("%s", (_, c) => {
    expect(disagreements(parseSignature(c.sig), c.inputs, c.outputs)).toEqual([]);
  });

  it("the table has values that pass and values that fail", () => {
    const verdicts = new Set<boolean>();
    for (const c of table) for (const v of c.outputs) verdicts.add(validate(c.sig, v).ok);
    expect([...verdicts].sort()).toEqual([false, true]);
  });

  it("the check can fail: a wrong schema disagrees", () => {
    const sig = parseSignature("{id :int}");
    const wrong = compile({ type: "object", properties: { id: { type: "number" } } });
    expect(wrong({ id: 1.5 })).not.toBe(validate(sig, { id: 1.5 }).ok);
  });

  it("random signatures and JSON values", () => {
    fc.assert(
      fc.property(jsonSigArb, fc.array(jsonValueArb, { maxLength: 6 }), (sig, values) => {
        const inputs = values.filter((v) => v !== null);
        expect(disagreements(sig, inputs, values)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

// Random signatures without :fn and with names that have no other `-`/`_` spelling, and
// JSON values that use those names as keys.
const NAMES = ["id", "name", "x", "items", "valid?", "_secret", "constructor"];
const nameArb = fc.constantFrom(...NAMES);

const jsonTypeArb: fc.Arbitrary<SigType> = fc.letrec<{ type: SigType }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.tuple(fc.constantFrom(...PRIMITIVES.filter((p) => p !== "fn")), fc.boolean()).map(([n, o]) => primitive(n, o)),
    fc
      .tuple(tie("type"), fc.boolean(), fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }))
      .map(([t, o, max]) => listOf(t, o, undefined, max === undefined ? undefined : { max })),
    fc
      .tuple(fc.constantFrom("int", "float", "string" as const), fc.integer({ min: -1, max: 2 }), fc.boolean())
      .map(([n, lo, ex]) =>
        primitive(n, false, undefined, n === "string" ? { min: Math.max(lo, 0) } : { min: lo, minExclusive: ex }),
      ),
    fc
      .tuple(fc.uniqueArray(fc.constantFrom("a", "1", "x"), { minLength: 1 }), fc.boolean())
      .map(([v, o]) => enumOf(v, o)),
    fc
      .tuple(fc.constantFrom<string | number | boolean>("a", "1", 0, 7, 0.5, true, false), fc.boolean())
      .map(([v, o]) => literal(v, o)),
    fc.tuple(fc.array(tie("type"), { minLength: 2, maxLength: 3 }), fc.boolean()).map(([ms, o]) =>
      unionOf(
        ms.map((m) => withOptional(m, false)),
        o,
      ),
    ),
    fc
      .tuple(tie("type"), tie("type"))
      .map(([a, b]) =>
        unionOf([
          mapOf([field("id", literal("a")), field("x", a)]),
          mapOf([field("id", literal(7)), field("name", b)]),
        ]),
      ),
    fc
      .tuple(fc.uniqueArray(fc.tuple(nameArb, tie("type")), { maxLength: 3, selector: ([n]) => n }), fc.boolean())
      .map(([fs, o]) =>
        mapOf(
          fs.map(([n, t]) => field(n, t)),
          o,
        ),
      ),
  ),
})).type;

const jsonSigArb: fc.Arbitrary<Signature> = fc
  .tuple(fc.uniqueArray(fc.tuple(nameArb, jsonTypeArb), { maxLength: 3, selector: ([n]) => n }), jsonTypeArb)
  .map(([ps, output]) => ({ params: ps.map(([n, t]) => field(n, t)), output }));

const jsonValueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, 7, -3, 0.5, 1e15, -2.25, "", "a", "1", "x", "😀"),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nameArb, fc.constant("extra")), tie("value"), { maxKeys: 4 }),
  ),
})).value;
