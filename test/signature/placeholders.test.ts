/**
 * `{{placeholder}}`s: the seed's table, spans, checking against signatures, filling in,
 * and a property: templates built from plain text and valid names give back exactly
 * those names, in order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PtcError } from "../../src/diagnostics/error.js";
import { keyword, PtcFloat } from "../../src/runtime/values.js";
import { parseSignature } from "../../src/signature/parse.js";
import {
  checkPlaceholders,
  expandTemplate,
  parsePlaceholders,
  type PlaceholderIssue,
} from "../../src/signature/placeholders.js";

/** An issue as `line:column message — hint`, for compact expectations. */
function issue(i: PlaceholderIssue): string {
  return `${i.span.line}:${i.span.column} ${i.message}${i.hint === undefined ? "" : ` — ${i.hint}`}`;
}

describe("parsePlaceholders: the seed's placeholder table", () => {
  // | Placeholder | Valid? | Notes |
  const table: [string, boolean | "N/A", string][] = [
    ["{{name}}", true, "Simple variable"],
    ["{{user.name}}", true, "Nested access"],
    ["{{user.address.city}}", true, "Deep nesting allowed"],
    ["{{user-name}}", true, "Hyphens allowed in names"],
    ["{{user_name}}", true, "Underscores allowed"],
    ["{{123}}", false, "Names must start with letter"],
    ["{{}}", false, "Empty placeholder invalid"],
    ["{{ name }}", true, "Whitespace trimmed"],
    ["\\{\\{name\\}\\}", "N/A", "No escape syntax - use different delimiter if needed"],
  ];
  it.each(table)("%s: %s (%s)", (text, valid) => {
    const r = parsePlaceholders(text);
    if (valid === true) {
      expect(r.errors).toEqual([]);
      expect(r.placeholders).toHaveLength(1);
      expect(r.placeholders[0]!.name).toBe(text.slice(2, -2).trim());
    } else if (valid === false) {
      expect(r.placeholders).toEqual([]);
      expect(r.errors).toHaveLength(1);
    } else {
      // Not a placeholder at all: ordinary text.
      expect(r).toEqual({ placeholders: [], errors: [] });
    }
  });
});

describe("parsePlaceholders", () => {
  const valid: [string, string[][]][] = [
    ["{{name}}", [["name"]]],
    ["{{user.address.city}}", [["user", "address", "city"]]],
    ["{{ user.name\t}}", [["user", "name"]]],
    ["{{\n  name\n}}", [["name"]]],
    ["{{a}}{{b}}", [["a"], ["b"]]],
    ["{{A1-b_2.c3}}", [["A1-b_2", "c3"]]],
    ["plain text", []],
    ["", []],
    ["{single} braces { and } and }} alone", []],
    ["{{{user}}}", [["user"]]],
    ['{"user": {{user}}}', [["user"]]],
    ["{{{{x}}}}", [["x"]]],
  ];
  it.each(valid)("%j", (text, paths) => {
    const r = parsePlaceholders(text);
    expect(r.errors).toEqual([]);
    expect(r.placeholders.map((p) => p.path)).toEqual(paths);
  });

  const invalid: [string, string[]][] = [
    ["{{123}}", ["1:1 invalid placeholder {{123}}: a name starts with a letter"]],
    ["{{}}", ["1:1 empty placeholder {{}} — write a parameter name: {{name}}"]],
    ["{{  }}", ["1:1 empty placeholder {{}} — write a parameter name: {{name}}"]],
    [
      "{{user.}}",
      ["1:1 invalid placeholder {{user.}}: empty name in the path — separate names with single dots: {{user.name}}"],
    ],
    [
      "{{a..b}}",
      ["1:1 invalid placeholder {{a..b}}: empty name in the path — separate names with single dots: {{user.name}}"],
    ],
    [
      "{{.a}}",
      ["1:1 invalid placeholder {{.a}}: empty name in the path — separate names with single dots: {{user.name}}"],
    ],
    ["{{user.1st}}", ["1:1 invalid placeholder {{user.1st}}: a name starts with a letter"]],
    [
      "{{_secret}}",
      [
        "1:1 invalid placeholder {{_secret}}: a name starts with a letter — names starting with _ are firewalled: they never appear in prompts",
      ],
    ],
    ["{{user name}}", ["1:1 invalid placeholder {{user name}}: a name has only letters, digits, - and _"]],
    ["{{ a\n\n b }}", ["1:1 invalid placeholder {{a b}}: a name has only letters, digits, - and _"]],
    ["{{valid?}}", ["1:1 invalid placeholder {{valid?}}: a name has only letters, digits, - and _"]],
    ["Hi {{name", ['1:4 unclosed placeholder {{name — close it with "}}"']],
    ["Hi {{name and more", ['1:4 unclosed placeholder {{name — close it with "}}"']],
    ["{{", ['1:1 unclosed placeholder {{ — close it with "}}"']],
    [
      "{{a {{b}} {{c",
      ['1:1 unclosed placeholder {{a — close it with "}}"', '1:11 unclosed placeholder {{c — close it with "}}"'],
    ],
    [
      `{{${"x ".repeat(30)}}}`,
      [`1:1 invalid placeholder {{${"x ".repeat(20)}…}}: a name has only letters, digits, - and _`],
    ],
  ];
  it.each(invalid)("%j", (text, issues) => {
    expect(parsePlaceholders(text).errors.map(issue)).toEqual(issues);
  });

  it("keeps the valid placeholders around the invalid ones", () => {
    const r = parsePlaceholders("{{a}} {{1}} {{b}} {{c");
    expect(r.placeholders.map((p) => p.name)).toEqual(["a", "b"]);
    expect(r.errors).toHaveLength(2);
  });

  it("spans cover the whole {{…}}: 1-based lines and columns, 0-based offsets, end exclusive", () => {
    const text = "Dear {{ user.name }},\nyour order {{order}}\n\n  ships to {{user.address.city}}.";
    const r = parsePlaceholders(text);
    expect(r.placeholders.map((p) => [p.name, p.span])).toEqual([
      ["user.name", { line: 1, column: 6, endLine: 1, endColumn: 21, offset: 5, end: 20 }],
      ["order", { line: 2, column: 12, endLine: 2, endColumn: 21, offset: 33, end: 42 }],
      ["user.address.city", { line: 4, column: 12, endLine: 4, endColumn: 33, offset: 55, end: 76 }],
    ]);
    for (const p of r.placeholders) expect(text.slice(p.span.offset, p.span.end)).toMatch(/^\{\{.*\}\}$/);
  });

  it("a placeholder over several lines ends on its last line", () => {
    const r = parsePlaceholders("x\n{{\n name\n}} y");
    expect(r.placeholders[0]!.span).toEqual({ line: 2, column: 1, endLine: 4, endColumn: 3, offset: 2, end: 13 });
  });

  it("error spans: unclosed covers {{ and the name after it", () => {
    const r = parsePlaceholders("ok\n  {{name and text");
    expect(r.errors[0]!.span).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 9, offset: 5, end: 11 });
  });

  it("is linear on hostile input", () => {
    const t0 = Date.now();
    parsePlaceholders("{{".repeat(100_000));
    parsePlaceholders("{{a}}".repeat(100_000));
    parsePlaceholders("{{a ".repeat(50_000) + "}}");
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it("property: the names put into plain text come back, in order", () => {
    const segment = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,6}$/);
    const name = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join("."));
    // Text without `{{` (single braces next to a placeholder's included).
    const text = fc
      .string({ unit: fc.constantFrom("a", " ", "\n", "{", "}", ".", "x", "é", "😀"), maxLength: 8 })
      .filter((s) => !s.includes("{{"));
    const pad = fc.constantFrom("", " ", "  ", "\t", "\n");
    fc.assert(
      fc.property(fc.array(fc.tuple(text, pad, name, pad), { maxLength: 6 }), text, (parts, tail) => {
        const template = parts.map(([t, a, n, b]) => `${t}{{${a}${n}${b}}}`).join("") + tail;
        const r = parsePlaceholders(template);
        expect(r.errors).toEqual([]);
        expect(r.placeholders.map((p) => p.name)).toEqual(parts.map(([, , n]) => n));
        for (const p of r.placeholders) {
          expect(p.path.join(".")).toBe(p.name);
          expect(template.slice(p.span.offset, p.span.end).replace(/\s/g, "")).toBe(`{{${p.name}}}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("checkPlaceholders", () => {
  const SIG =
    "(user {id :int, name :string, address {city :string, zip :string?}?, _token :string, tags [:string], meta :map, extra :any}, limit :int, query_text :string?, opts :map?, data :any) -> :any";
  const cases: [string, string[]][] = [
    ["Hello {{user.name}} from {{user.address.city}}, {{limit}} results", []],
    ["{{user}} {{user.address}} {{user.address.zip}} {{user.tags}}", []],
    ["{{query_text}} {{query-text}}", []],
    ["{{user.meta.anything.deep}} {{user.extra.x}} {{opts.a.b}} {{data.x.y}}", []],
    ["{{usr}}", ["1:1 unknown placeholder {{usr}} — did you mean {{user}}?"]],
    ["{{usr.name}}", ["1:1 unknown placeholder {{usr.name}} — did you mean {{user.name}}?"]],
    ["{{zzz}}", ["1:1 unknown placeholder {{zzz}} — the parameters are: user, limit, query_text, opts, data"]],
    ["{{user.nmae}}", ["1:1 unknown field nmae of parameter user — did you mean {{user.name}}?"]],
    [
      "{{user.zzz}}",
      ["1:1 unknown field zzz of parameter user — the fields of user are: id, name, address, tags, meta, extra"],
    ],
    ["{{user.address.cty}}", ["1:1 unknown field cty of user.address — did you mean {{user.address.city}}?"]],
    ["{{limit.x}}", ["1:1 invalid placeholder {{limit.x}}: limit is an int — only maps have fields: write {{limit}}"]],
    [
      "{{user.name.first}}",
      [
        "1:1 invalid placeholder {{user.name.first}}: user.name is a string — only maps have fields: write {{user.name}}",
      ],
    ],
    [
      "{{user.tags.first}}",
      [
        "1:1 invalid placeholder {{user.tags.first}}: user.tags is a list — placeholders cannot index lists: write {{user.tags}}",
      ],
    ],
    [
      "{{limit}} {{123}} {{usr}}\n{{user.token}}",
      [
        "1:11 invalid placeholder {{123}}: a name starts with a letter",
        "1:19 unknown placeholder {{usr}} — did you mean {{user}}?",
        "2:1 unknown field token of parameter user — the fields of user are: id, name, address, tags, meta, extra",
      ],
    ],
  ];
  it.each(cases)("%j", (template, issues) => {
    expect(checkPlaceholders(template, SIG).map(issue)).toEqual(issues);
    expect(checkPlaceholders(template, parseSignature(SIG)).map(issue)).toEqual(issues);
  });

  const small: [string, string, string[]][] = [
    ["{{x}}", "() -> :int", ["1:1 unknown placeholder {{x}} — the signature has no parameters"]],
    ["{{x}}", "{count :int}", ["1:1 unknown placeholder {{x}} — the signature has no parameters"]],
    ["{{cfg.a}}", "(cfg {}) -> :any", ["1:1 unknown field a of parameter cfg — cfg has no fields"]],
    ["{{was-improved}} {{was_improved}}", "(was_improved :bool) -> :any", []],
    ["{{user-name}} {{user_name}}", "(user-name :string) -> :any", []],
    ["{{u.first-name}} {{u.first_name}}", "(u {first_name :string}) -> :any", []],
    ["{{u.a}}", "(u {a :int}?) -> :any", []],
    ["{{u.b}}", "(u {a :int}?) -> :any", ["1:1 unknown field b of parameter u — the fields of u are: a"]],
    ["{{f.x}}", "(f :fn) -> :any", ["1:1 invalid placeholder {{f.x}}: f is a fn — only maps have fields: write {{f}}"]],
    [
      "{{k.x}}",
      "(k :keyword?) -> :any",
      ["1:1 invalid placeholder {{k.x}}: k is a keyword — only maps have fields: write {{k}}"],
    ],
    [
      "{{secret}}",
      "(_secret :string, q :string) -> :any",
      ["1:1 unknown placeholder {{secret}} — the parameters are: q"],
    ],
    // signatures v2: a union's maps lend their fields; enums and literals have none
    ["{{j.x}} {{j.y}} {{j.kind}}", '(j {kind "a", x :int}|{kind "b", y :string}) -> :any', []],
    [
      "{{j.z}}",
      '(j {kind "a", x :int}|{kind "b", y :string}) -> :any',
      ["1:1 unknown field z of parameter j — the fields of j are: kind, x, y"],
    ],
    [
      "{{s.x}}",
      "(s :enum[a b]) -> :any",
      ["1:1 invalid placeholder {{s.x}}: s is an enum — only maps have fields: write {{s}}"],
    ],
    [
      "{{m.x}}",
      '(m "fast"|"slow") -> :any',
      ["1:1 invalid placeholder {{m.x}}: m is a union of types without fields — only maps have fields: write {{m}}"],
    ],
  ];
  it.each(small)("%j with %s", (template, sig, issues) => {
    expect(checkPlaceholders(template, sig).map(issue)).toEqual(issues);
  });
});

describe("expandTemplate", () => {
  const values = {
    name: "Ada",
    user: { name: "Ada", address: { city: "Paris" }, "first-name": "A", _token: "t", nil: null },
    count: 3,
    ratio: 0.5,
    ok: false,
    none: null,
    undef: undefined,
    list: [1, "a", null],
    map: { a: 1, _secret: "s", inner: [{ _k: 1, v: 2 }] },
    query_text: "q",
    float: new PtcFloat(2),
    kw: keyword("pending"),
  };
  const cases: [string, string][] = [
    ["Hello {{name}}!", "Hello Ada!"],
    ["{{user.name}} lives in {{ user.address.city }}.", "Ada lives in Paris."],
    ["{{count}} {{ratio}} {{ok}}", "3 0.5 false"],
    ["[{{none}}] [{{undef}}] [{{user.nil}}]", "[] [] []"],
    ["{{list}}", '[1,"a",null]'],
    ["{{map}}", '{"a":1,"_secret":"<Firewalled>","inner":[{"_k":"<Firewalled>","v":2}]}'],
    ["{{user.address}}", '{"city":"Paris"}'],
    ["{{query-text}} {{query_text}}", "q q"],
    ["{{user.first_name}}", "A"],
    ["{{float}} {{kw}}", "2 pending"],
    ["no placeholders { } }}", "no placeholders { } }}"],
    ['{"n": {{{count}}}}', '{"n": {3}}'],
    ["{{name}}{{name}}\n{{name}}", "AdaAda\nAda"],
    ["", ""],
  ];
  it.each(cases)("%j", (template, expected) => {
    expect(expandTemplate(template, values)).toBe(expected);
  });

  it("a value is inserted as it is, even when it looks like a placeholder", () => {
    expect(expandTemplate("{{a}} {{b}}", { a: "{{b}}", b: "$&" })).toBe("{{b}} $&");
  });

  const failures: [string, string, string, string | undefined][] = [
    // template, kind, message, hint
    ["Hi {{nmae}}", "undefined", "placeholder {{nmae}} has no value", "did you mean {{name}}?"],
    ["{{user.zip}}", "undefined", "placeholder {{user.zip}} has no value", undefined],
    ["{{user.nil.x}}", "undefined", "placeholder {{user.nil.x}} has no value", "user.nil is nil, not a map"],
    ["{{count.x}}", "undefined", "placeholder {{count.x}} has no value", "count is int 3, not a map"],
    ["{{list.a}}", "undefined", "placeholder {{list.a}} has no value", "list is list of 3 items, not a map"],
    [
      "{{user.adress.city}}",
      "undefined",
      "placeholder {{user.adress.city}} has no value",
      "did you mean {{user.address.city}}?",
    ],
    ["{{123}}", "parse", "invalid placeholder {{123}}: a name starts with a letter", undefined],
    ["ok {{name}} {{}} {{x", "parse", "empty placeholder {{}}", "write a parameter name: {{name}}"],
    ["{{name", "parse", "unclosed placeholder {{name", 'close it with "}}"'],
  ];
  it.each(failures)("%j throws %s", (template, kind, message, hint) => {
    const e = thrown(() => expandTemplate(template, values));
    expect(e.kind).toBe(kind);
    expect(e.message).toBe(message);
    expect(e.hint).toBe(hint);
    expect(e.span?.offset).toBe(template.indexOf("{{", template.startsWith("ok") ? 10 : 0));
  });

  it("the span of a missing value points at its placeholder", () => {
    const e = thrown(() => expandTemplate("a\n  {{missing}}", values));
    expect(e.span).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 14, offset: 4, end: 15 });
    expect(e.format()).toBe("placeholder {{missing}} has no value at 2:3");
  });

  it("does not see inherited properties", () => {
    expect(thrown(() => expandTemplate("{{constructor}}", {})).kind).toBe("undefined");
    expect(thrown(() => expandTemplate("{{toString}}", { a: 1 })).kind).toBe("undefined");
  });

  it("a value that cannot be JSON is a type error", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const e = thrown(() => expandTemplate("{{c}}", { c: cyclic }));
    expect(e.kind).toBe("type");
    expect(e.message).toMatch(/^placeholder \{\{c\}\}: the value cannot be written as JSON/);
  });

  it("does not mutate the values", () => {
    const v = { m: { _s: 1, a: [{ _t: 2 }] } };
    const before = structuredClone(v);
    expandTemplate("{{m}}", v);
    expect(v).toEqual(before);
  });
});

function thrown(f: () => unknown): PtcError {
  try {
    f();
  } catch (e) {
    if (e instanceof PtcError) return e;
    throw e;
  }
  throw new Error("expected a PtcError");
}
