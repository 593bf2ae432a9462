/**
 * The pure parts of ptcc/mcp: JSON Schema → signature and notes, tool names, arguments
 * back in the server's shape, results.
 */
import { describe, expect, it } from "vitest";
import { lispName, mapToolSchemas, toolResult } from "../../src/mcp/index.js";
import { lispNames } from "../../src/mcp/names.js";
import { serverArgs } from "../../src/mcp/schema.js";
import { parseSignature } from "../../src/signature/parse.js";
import { renderSignature } from "../../src/signature/render.js";

const obj = (properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> => ({
  type: "object",
  properties,
  required,
});
const sig = (input: unknown, output?: unknown): string => renderSignature(mapToolSchemas(input, output).signature);
const notes = (input: unknown): readonly string[] => mapToolSchemas(input, undefined).notes;

describe("JSON Schema → signature", () => {
  it.each<[string, unknown, string]>([
    [
      "primitives",
      obj({ s: { type: "string" }, i: { type: "integer" }, n: { type: "number" }, b: { type: "boolean" } }, [
        "s",
        "i",
        "n",
        "b",
      ]),
      "(s :string, i :int, n :float, b :bool) -> :any",
    ],
    [
      "optional unless required",
      obj({ q: { type: "string" }, limit: { type: "integer" } }, ["q"]),
      "(q :string, limit :int?) -> :any",
    ],
    [
      "arrays and nested objects",
      obj({ ids: { type: "array", items: { type: "integer" } }, filter: obj({ tag: { type: "string" } }, ["tag"]) }, [
        "ids",
      ]),
      "(ids [:int], filter {tag :string}?) -> :any",
    ],
    [
      "free-form objects and arrays without items",
      obj({ meta: { type: "object" }, xs: { type: "array" } }, ["meta", "xs"]),
      "(meta :map, xs [:any]) -> :any",
    ],
    [
      "nullable types",
      obj({ a: { type: ["string", "null"] }, b: { anyOf: [{ type: "integer" }, { type: "null" }] } }, ["a", "b"]),
      "(a :string?, b :int?) -> :any",
    ],
    [
      "anyOf and oneOf are unions; a union with an :any member is :any",
      obj(
        {
          u: { anyOf: [{ type: "string" }, { type: "integer" }] },
          o: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }, { type: "null" }] },
          t: { type: ["string", "integer"] },
          a: { anyOf: [{ type: "string" }, {}] },
        },
        ["u", "o", "t", "a"],
      ),
      "(u :string|:int, o (:string|[:string])?, t :string|:int, a :any) -> :any",
    ],
    [
      "refs and empty schemas are :any",
      obj({ r: { $ref: "#/$defs/x" }, e: {} }, ["r", "e"]),
      "(r :any, e :any) -> :any",
    ],
    [
      "enums: names → :enum, other values → a union of literals, null → optional",
      obj(
        {
          mode: { type: "string", enum: ["fast", "slow"] },
          bare: { enum: ["a", "b"] },
          n: { enum: [1, 2] },
          label: { enum: ["in progress", "done"] },
          maybe: { type: ["string", "null"], enum: ["x", "y", null] },
          one: { enum: ["only"] },
        },
        ["mode", "bare", "n", "label", "maybe", "one"],
      ),
      '(mode :enum[fast slow], bare :enum[a b], n 1|2, label "in progress"|"done", maybe :enum[x y]?, one "only") -> :any',
    ],
    [
      "const is a literal; objects with a const in common are a discriminated union",
      obj(
        {
          kind: { const: "circle" },
          shape: {
            oneOf: [
              obj({ kind: { const: "circle" }, r: { type: "number" } }, ["kind", "r"]),
              obj({ kind: { const: "square" }, side: { type: "number" } }, ["kind", "side"]),
            ],
          },
        },
        ["kind", "shape"],
      ),
      '(kind "circle", shape {kind "circle", r :float}|{kind "square", side :float}) -> :any',
    ],
    [
      "bounds are refinements",
      obj(
        {
          n: { type: "integer", minimum: 1, maximum: 100 },
          p: { type: "number", exclusiveMinimum: 0 },
          s: { type: "string", minLength: 1, maxLength: 80 },
          xs: { type: "array", items: { type: "string" }, maxItems: 10 },
        },
        ["n", "p", "s", "xs"],
      ),
      "(n :int[1..100], p :float[>0], s :string[1..80], xs [:string][..10]) -> :any",
    ],
    [
      "bounds the grammar cannot write become what they allow, or nothing (the signature parses again)",
      obj(
        {
          a: { type: "integer", minimum: 0.5, exclusiveMaximum: 10 },
          b: { type: "integer", minimum: 10, maximum: 1 },
          c: { type: "string", minLength: 5, maxLength: 2 },
        },
        ["a", "b", "c"],
      ),
      "(a :int[1..9], b :int, c :string) -> :any",
    ],
    [
      "descriptions of properties are the fields' descriptions",
      obj({ q: { type: "string", description: "What to look for,\n  in words" } }, ["q"]),
      '(q :string "What to look for, in words") -> :any',
    ],
    [
      "names with - stay; names a signature cannot hold are left out",
      obj({ "max-results": { type: "integer" }, "file.path": { type: "string" } }),
      "(max-results :int?) -> :any",
    ],
    ["no input schema, or not an object", undefined, "() -> :any"],
  ])("%s", (_, input, expected) => {
    expect(sig(input)).toBe(expected);
    expect(renderSignature(parseSignature(expected))).toBe(expected);
  });

  it("maps the output schema to the output type", () => {
    expect(
      sig(
        obj({}),
        obj({ sum: { type: "number" }, items: { type: "array", items: obj({ id: { type: "integer" } }, ["id"]) } }, [
          "sum",
        ]),
      ),
    ).toBe("() -> {sum :float, items [{id :int}]?}");
  });

  it("stops at a depth a hostile server could not exhaust", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 100; i++) deep = obj({ x: deep }, ["x"]);
    expect(sig(obj({ root: deep }, ["root"]))).toMatch(/:any/);
  });
});

describe("what a signature cannot say goes into the notes", () => {
  it("formats, patterns, defaults, distinct items, string keys (descriptions, enums, bounds, unions are in the signature)", () => {
    expect(
      notes(
        obj(
          {
            path: { type: "string", minLength: 1, description: "The file\n  to read" },
            mode: { type: "string", enum: ["text", "lines"], default: "text" },
            limit: { type: "integer", minimum: 1, maximum: 100 },
            when: { type: "string", format: "date-time" },
            code: { type: "string", pattern: "^[A-Z]{3}$" },
            id: { anyOf: [{ type: "string" }, { type: "integer" }] },
            "file.path": { type: "string", description: "Where" },
            tags: { type: "array", items: { type: "string", maxLength: 20 }, maxItems: 5, uniqueItems: true },
          },
          ["path", "file.path"],
        ),
      ),
    ).toEqual([
      'mode: default "text"',
      "when: format date-time",
      "code: matching /^[A-Z]{3}$/",
      '"file.path": Where (string, required, with a string key)',
      "tags: items distinct",
    ]);
  });

  it("enums too long for a type stay their base type, with the first values in the notes; descriptions are cut", () => {
    const values = Array.from({ length: 300 }, (_, i) => `v${i}`);
    const mapped = mapToolSchemas(
      obj({ v: { type: "string", enum: values, description: "x".repeat(500) } }),
      undefined,
    );
    const [line] = mapped.notes;
    expect(line!.length).toBeLessThan(500);
    expect(line).toContain("… (300 values)");
    const v = mapped.signature.params[0]!;
    expect(v.type).toMatchObject({ kind: "primitive", name: "string" });
    expect(v.description!.length).toBe(200);
  });
});

describe("tool names", () => {
  it.each([
    ["search", "search"],
    ["files.read", "files-read"],
    ["github/create_issue", "github-create_issue"],
    ["2fa", "t-2fa"],
    ["..", "tool"],
    ["ünïcode name", "n-code-name"],
  ])("%s → %s", (name, expected) => {
    expect(lispName(name)).toBe(expected);
  });

  it("prefixes, and makes clashes unique", () => {
    expect(lispNames(["a.b", "a-b", "c"], "gh-", new Set(["gh-c"]))).toEqual(["gh-a-b", "gh-a-b-2", "gh-c-2"]);
    expect(() => lispNames(["a"], "1x")).toThrow('the tool name prefix "1x" cannot start a tool name');
  });
});

describe("arguments back in the server's shape", () => {
  const schema = obj(
    {
      "max-results": { type: "integer" },
      note: { type: ["string", "null"] },
      tag: { type: "string" },
      need: { type: "string" },
      opts: obj({ "dry-run": { type: "boolean" } }),
      list: { type: "array", items: obj({ "item-id": { type: "integer" } }) },
    },
    ["need"],
  );
  it("restores - in names, drops nil for optional values that cannot be null, keeps the rest", () => {
    expect(
      serverArgs(
        schema,
        {
          max_results: 5,
          note: null,
          tag: null,
          need: null,
          opts: { dry_run: true },
          list: [{ item_id: 1 }],
          extra: null,
        },
        0,
      ),
    ).toEqual({
      "max-results": 5,
      note: null,
      need: null,
      opts: { "dry-run": true },
      list: [{ "item-id": 1 }],
      extra: null,
    });
  });
});

describe("tool results", () => {
  it("structured content when present, else the text; isError is thrown", () => {
    expect(toolResult({ content: [{ type: "text", text: "3" }], structuredContent: { sum: 3 } })).toEqual({ sum: 3 });
    expect(
      toolResult({
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "AAAA", mimeType: "image/png" },
          { type: "resource", resource: { uri: "file:///x", text: "body" } },
          { type: "resource_link", uri: "file:///y", name: "y" },
        ],
      }),
    ).toBe("a\n[image image/png]\nbody\n[resource file:///y]");
    expect(toolResult({ content: [] })).toBe(null);
    expect(() => toolResult({ isError: true, content: [{ type: "text", text: "no such file" }] })).toThrow(
      "no such file",
    );
    expect(() => toolResult({ isError: true, content: [] })).toThrow("the tool reported an error");
  });
});
