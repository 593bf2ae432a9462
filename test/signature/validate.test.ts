/**
 * Validation and coercion: the seed's rules and messages, and each decision the issue
 * makes where the seed is open. (Generated validators are held to the same results by
 * compile-validator.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { evaluateSync } from "../../src/index.js";
import { formatIssue, hideValue, type ValidationMode, type ValidationResult } from "../../src/runtime/validation.js";
import { keyword, PtcFloat } from "../../src/runtime/values.js";
import { validate, validateAndCoerce } from "../../src/signature/validate.js";

/** Errors then warnings, formatted as the CLI prints them. */
function lines(r: ValidationResult): string[] {
  return [...r.errors.map((i) => `error ${formatIssue(i)}`), ...r.warnings.map((i) => `warning ${formatIssue(i)}`)];
}

const closure = (() => {
  const r = evaluateSync("(fn [x] (* x 2))");
  if (!r.ok) throw new Error(r.error.format());
  return r.value;
})();

describe("output validation (validate): no coercion", () => {
  it.each<[string, unknown, string[]]>([
    ["{count :int, items [:string]}", { count: 5, items: ["a", "b"] }, []],
    ["{count :int}", { count: "5" }, ['error count: expected int, got string "5"']],
    [
      "{results [{customer {id :int}, amount :float}]}",
      {
        results: [
          { customer: { id: "abc" }, amount: 1 },
          { customer: { id: 2 }, amount: 2.5 },
          { customer: { id: 3 }, amount: null },
        ],
      },
      [
        'error results[0].customer.id: expected int, got string "abc"',
        "error results[2].amount: expected float, got nil",
      ],
    ],
    // Decisions: an integer satisfies :float; JSON 42.0 is the number 42, an :int; a boxed PTC-Lisp float is not.
    [":float", 42, []],
    [":int", 42.0, []],
    [":int", new PtcFloat(42), ["error $: expected int, got float 42.0"]],
    [":int", 2.5, ["error $: expected int, got float 2.5"]],
    [":int", 2 ** 60, ["error $: expected int, got float 1.152921504606847E18"]],
    [":float", new PtcFloat(42), []],
    // A string satisfies :keyword at the JSON boundary; so does a keyword.
    [":keyword", "pending", []],
    [":keyword", keyword("pending"), []],
    [":keyword", 1, ["error $: expected keyword, got int 1"]],
    [":bool", "true", ['error $: expected bool, got string "true"']],
    [":string", null, ["error $: expected string, got nil"]],
    [":string?", null, []],
    [":any", null, []],
    [":any", { anything: [1] }, []],
    [":map", { a: 1 }, []],
    [":map", [1], ["error $: expected map, got list of 1 item"]],
    ["{}", { a: 1 }, []],
    ["{}", "x", ['error $: expected map, got string "x"']],
    ["[{}]", [{}, 1], ["error [1]: expected map, got int 1"]],
    ["[:int]", [1, "2", 3.5], ['error [1]: expected int, got string "2"', "error [2]: expected int, got float 3.5"]],
    ["[:int]?", null, []],
    ["[:int?]", [1, null], []],
    ["{u {p :string}?}", { u: null }, []],
    ["{u {p :string}?}", {}, []],
    ["{u {p :string}?}", { u: {} }, ["error u.p: missing required field (expected string)"]],
    // A missing required field is an error whatever its type; nil is fine for :any and :fn.
    [
      "{a :any, f :fn}",
      {},
      ["error a: missing required field (expected any)", "error f: missing required field (expected fn)"],
    ],
    ["{a :any, f :fn}", { a: null, f: null }, []],
    ["{f :fn}", { f: closure }, []],
    ["{f :fn}", { f: "(fn [x] x)" }, ['error f: expected fn, got string "(fn [x] x)"']],
    ["{f :fn}", { f: () => 1 }, ["error f: expected fn, got a JavaScript function"]],
    ["{f :fn?}", {}, []],
    // Keys match with either spelling of - and _.
    ["{was_improved :bool, user-name :string}", { "was-improved": true, user_name: "a" }, []],
    ["{id :int}", { id: 1, extra: 2 }, []],
    ["{s :string}", { s: "x".repeat(100) }, []],
    ["{n :int}", { n: "y".repeat(100) }, [`error n: expected int, got string "${"y".repeat(40)}"… (100 characters)`]],
    ["{m :map}", { m: new Date(0) }, ["error m: expected map, got object Date"]],
    ["{constructor :int}", {}, ["error constructor: missing required field (expected int)"]],
    ["{toString :int}", { toString: 1 }, []],
  ])("%s on %j", (sig, value, expected) => {
    expect(lines(validate(sig, value))).toEqual(expected);
  });

  it("returns the value itself", () => {
    const v = { count: 1 };
    expect(validate("{count :int}", v).value).toBe(v);
  });
});

describe("input coercion (validateAndCoerce)", () => {
  it.each<[string, unknown, unknown, string[]]>([
    [
      "(id :int, name :string) -> :bool",
      { id: "42", name: "Alice" },
      { id: 42, name: "Alice" },
      ['warning id: coerced string "42" to int'],
    ],
    ["(x :float) -> :any", { x: "3.14" }, { x: 3.14 }, ['warning x: coerced string "3.14" to float']],
    ["(x :float) -> :any", { x: 42 }, { x: 42 }, []],
    ["(b :bool) -> :any", { b: "true" }, { b: true }, ['warning b: coerced string "true" to bool']],
    ["(b :bool) -> :any", { b: "false" }, { b: false }, ['warning b: coerced string "false" to bool']],
    // Only "true" and "false" coerce to booleans.
    ["(b :bool) -> :any", { b: "yes" }, { b: "yes" }, ['error b: expected bool, got string "yes"']],
    ["(b :bool) -> :any", { b: 1 }, { b: 1 }, ["error b: expected bool, got int 1"]],
    ["(n :int) -> :any", { n: "4.5" }, { n: "4.5" }, ['error n: expected int, got string "4.5"']],
    [
      "(n :int) -> :any",
      { n: "9007199254740993" },
      { n: "9007199254740993" },
      ['error n: expected int, got string "9007199254740993"'],
    ],
    ["(n :int) -> :any", { n: " 7 " }, { n: 7 }, ['warning n: coerced string " 7 " to int']],
    ["(n :int) -> :any", { n: new PtcFloat(3) }, { n: new PtcFloat(3) }, ["error n: expected int, got float 3.0"]],
    ["(s :string) -> :any", { s: 42 }, { s: 42 }, ["error s: expected string, got int 42"]],
    ["(limit :int) -> :any", { limit: "10" }, { limit: 10 }, ['warning limit: coerced string "10" to int']],
    // Recursive through lists and maps (the seed's example), keys take the signature's spelling.
    [
      "(rows [{id :int, name :string}]) -> :any",
      { rows: [{ id: "42", name: "Alice" }] },
      { rows: [{ id: 42, name: "Alice" }] },
      ['warning rows[0].id: coerced string "42" to int'],
    ],
    [
      "(was_improved :bool) -> :any",
      { "was-improved": "true" },
      { was_improved: true },
      ['warning was_improved: coerced string "true" to bool'],
    ],
    ["(user-name :string) -> :any", { user_name: "a" }, { "user-name": "a" }, []],
    // No arguments at all is an empty map of them.
    ["(q :string?) -> :any", null, null, []],
    ["(q :string) -> :any", undefined, undefined, ["error q: missing required field (expected string)"]],
    ["(q :string) -> :any", [1], [1], ["error $: expected map, got list of 1 item"]],
  ])("%s on %j", (sig, value, coerced, expected) => {
    const r = validateAndCoerce(sig, value);
    expect(lines(r)).toEqual(expected);
    expect(r.value).toEqual(coerced);
    expect(r.ok).toBe(!expected.some((l) => l.startsWith("error")));
  });

  it("copies only what changed and never mutates its input", () => {
    const keep = { tags: ["a"] };
    const input = { n: "1", keep, list: [1, "2"] };
    const r = validateAndCoerce("(n :int, keep {tags [:string]}, list [:int]) -> :any", input);
    expect(r.value).toEqual({ n: 1, keep: { tags: ["a"] }, list: [1, 2] });
    expect((r.value as typeof input).keep).toBe(keep);
    expect(input).toEqual({ n: "1", keep: { tags: ["a"] }, list: [1, "2"] });
    const same = { n: 1 };
    expect(validateAndCoerce("(n :int) -> :any", same).value).toBe(same);
  });

  it("checks an output with coercion when asked", () => {
    expect(lines(validateAndCoerce("{n :int}", { n: "2" }, { part: "output" }))).toEqual([
      'warning n: coerced string "2" to int',
    ]);
    expect(lines(validate("(n :int) -> :any", { n: "2" }, { part: "input" }))).toEqual([
      'error n: expected int, got string "2"',
    ]);
  });
});

describe("modes", () => {
  const sig = "(user {id :int, name :string}, limit :int) -> {user {id :int}}";
  const value = { user: { id: "7", name: "a", x: 1, nested: {} }, limit: 3, extra: true };
  const run = (mode: ValidationMode, coerce = true) =>
    coerce ? validateAndCoerce(sig, value, { mode }) : validate(sig, value, { mode, part: "input" });

  it("enabled allows extra fields", () => {
    const r = run("enabled");
    expect(r.ok).toBe(true);
    expect(lines(r)).toEqual(['warning user.id: coerced string "7" to int']);
  });

  it("strict rejects extra fields at every depth, each at its own path, and still coerces inputs", () => {
    const r = run("strict");
    expect(r.ok).toBe(false);
    expect(lines(r)).toEqual([
      "error user.x: unexpected field",
      "error user.nested: unexpected field",
      "error extra: unexpected field",
      'warning user.id: coerced string "7" to int',
    ]);
    expect((r.value as { user: { id: unknown } }).user.id).toBe(7);
    expect(lines(validate("{a {b :int}}", { a: { b: 1, "c d": 2 } }, { mode: "strict" }))).toEqual([
      'error a["c d"]: unexpected field',
    ]);
  });

  it("warn_only reports the errors as warnings with their paths, and passes", () => {
    const r = run("warn_only", false);
    expect(r.ok).toBe(true);
    expect(r.errors).toEqual([]);
    expect(lines(r)).toEqual(['warning user.id: expected int, got string "7"']);
    expect(r.warnings[0]!.code).toBe("invalid_type");
  });

  it("disabled checks nothing and changes nothing", () => {
    const r = run("disabled");
    expect(r).toEqual({ ok: true, value, errors: [], warnings: [] });
    expect(r.value).toBe(value);
  });

  it("give stable codes", () => {
    const r = validateAndCoerce("(a :int, b :int, c :string) -> :any", { a: "1", b: "x", d: 1 }, { mode: "strict" });
    expect(r.errors.map((i) => i.code)).toEqual(["invalid_type", "missing_field", "unexpected_field"]);
    expect(r.warnings.map((i) => i.code)).toEqual(["coerced"]);
  });
});

describe("hideValue (what an LLM reads about a firewalled field)", () => {
  it.each([
    ["{_t :int}", { _t: "abc" }, "_t: expected int, got string <Firewalled>"],
    ["{_t [:int]}", { _t: [1, "x"] }, "_t[1]: expected int, got string <Firewalled>"],
  ])("%s", (sig, value, text) => {
    expect(validate(sig, value).errors.map((e) => formatIssue(hideValue(e)))).toEqual([text]);
  });

  it("coercion warnings keep the types only", () => {
    const r = validateAndCoerce("(_n :int) -> :any", { _n: "7" });
    expect(r.warnings.map((w) => formatIssue(hideValue(w)))).toEqual(["_n: coerced string <Firewalled> to int"]);
  });
});

describe("signatures v2: enums, literals, unions, refinements", () => {
  it.each<[string, unknown, string[]]>([
    // enums: the string (host) or the keyword (PTC-Lisp); never another namespace
    [":enum[open closed]", "open", []],
    [":enum[open closed]", keyword("closed"), []],
    [":enum[open closed]", "pending", ['error $: expected one of :open :closed, got string "pending"']],
    [":enum[open closed]", keyword("open", "ns"), ["error $: expected one of :open :closed, got keyword :ns/open"]],
    [":enum[open]", 1, ["error $: expected :open, got int 1"]],
    [":enum[open closed]?", null, []],
    // literals: exactly the value (a number also as a float); a keyword is not a string literal
    ['"fast"', "fast", []],
    ['"fast"', keyword("fast"), ['error $: expected "fast", got keyword :fast']],
    ["42", new PtcFloat(42), []],
    ["42", 42.5, ["error $: expected 42, got float 42.5"]],
    ["true", false, ["error $: expected true, got bool false"]],
    // unions: the first member that holds; else one issue naming them all
    [":string|:int", 3, []],
    [":string|:int", 2.5, ["error $: expected string or int, got float 2.5"]],
    ['"fast"|"slow"', "medium", ['error $: expected "fast" or "slow", got string "medium"']],
    ["(:string|:int)?", null, []],
    [":string|:int", null, ["error $: expected string or int, got nil"]],
    // discriminated unions: the member the tag names, and only its issues
    ['{kind "a", x :int}|{kind "b", y :string}', { kind: "b", y: "s" }, []],
    [
      '{kind "a", x :int}|{kind "b", y :string}',
      { kind: "b", x: 1 },
      ["error y: missing required field (expected string)"],
    ],
    ['{kind "a", x :int}|{kind "b", y :string}', { kind: "c" }, ['error kind: expected "a" or "b", got string "c"']],
    [
      '{kind "a", x :int}|{kind "b", y :string}',
      { x: 1 },
      ['error kind: missing required field (expected "a" or "b")'],
    ],
    ['{kind "a", x :int}|{kind "b", y :string}', [], ['error $: expected map with kind "a" or "b", got empty list']],
    // refinements, reported with paths like every other issue
    [":int[>0]", 0, ["error $: expected int > 0, got int 0"]],
    [":int[>0]", 1, []],
    [":int[1..100]", 101, ["error $: expected int >= 1 and <= 100, got int 101"]],
    [":int[1..100]", "5", ['error $: expected int, got string "5"']],
    [":float[>0 <1]", 1, ["error $: expected float > 0 and < 1, got int 1"]],
    [":float[..1]", new PtcFloat(0.5), []],
    [":string[1..80]", "", ['error $: expected string of 1 to 80 characters, got string ""']],
    [":string[..2]", "😀😀", []],
    [":string[..1]", "😀😀", ['error $: expected string of at most 1 character, got string "😀😀"']],
    ["{tags [:int][..2]}", { tags: [1, 2, 3] }, ["error tags: expected list of at most 2 items, got list of 3 items"]],
    ["{tags [:int][..2]}", { tags: [1, "x"] }, ['error tags[1]: expected int, got string "x"']],
    ["[{n :int[>0]}]", [{ n: 1 }, { n: -1 }], ["error [1].n: expected int > 0, got int -1"]],
  ])("%s %j", (sig, value, expected) => {
    expect(lines(validate(sig, value))).toEqual(expected);
  });

  it.each<[string, unknown, unknown, string[]]>([
    // coercion works inside unions and literals, with a warning; bounds judge the coerced value
    ["(n :int[1..10]) -> :any", { n: "5" }, { n: 5 }, ['warning n: coerced string "5" to int']],
    [
      "(n :int[1..10]) -> :any",
      { n: "50" },
      { n: 50 },
      ["error n: expected int >= 1 and <= 10, got int 50", 'warning n: coerced string "50" to int'],
    ],
    ["(n 42) -> :any", { n: "42" }, { n: 42 }, ['warning n: coerced string "42" to 42']],
    ["(b true|:int) -> :any", { b: "true" }, { b: true }, ['warning b: coerced string "true" to true']],
    ['(x :int|"all") -> :any', { x: "all" }, { x: "all" }, []],
    ["(x :int|:bool) -> :any", { x: "7" }, { x: 7 }, ['warning x: coerced string "7" to int']],
    // an enum's string stays a string here: it becomes a keyword where it enters a program
    ["(s :enum[open closed]) -> :any", { s: "open" }, { s: "open" }, []],
  ])("%s coerces %j", (sig, value, out, expected) => {
    const r = validateAndCoerce(sig, value);
    expect(lines(r)).toEqual(expected);
    expect(r.value).toEqual(out);
  });

  it("strict mode rejects extra keys inside the chosen member only", () => {
    const r = validate('{kind "a", x :int}|{kind "b", y :string}', { kind: "a", x: 1, y: "s" }, { mode: "strict" });
    expect(lines(r)).toEqual(["error y: unexpected field"]);
  });
});
