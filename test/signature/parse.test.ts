/**
 * Signature parsing: the seed's edge cases, canonical renderings, every error message
 * with its position, the grammar's rules all handled, and round trips of random
 * signatures through render → parse.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SignatureParser } from "../../src/generated/SignatureParser.js";
import { SignatureError } from "../../src/signature/errors.js";
import { SignatureBuilder } from "../../src/signature/grammar-parse.js";
import { parseSignature } from "../../src/signature/parse.js";
import { renderSignature } from "../../src/signature/render.js";
import { stripSpans } from "../../src/signature/types.js";
import { signatureArb } from "./arbitraries.js";

function error(text: string): SignatureError {
  try {
    parseSignature(text);
  } catch (e) {
    if (e instanceof SignatureError) return e;
    throw e;
  }
  throw new Error(`parsed: ${text}`);
}

describe("the seed's edge cases", () => {
  it.each([
    [":any", true],
    ["() -> :any", true],
    ["{}", true],
    ["[]", false],
    ["[:any]", true],
    ["[{}]", true],
    ["", false],
  ])("%j is %s", (text, valid) => {
    if (valid) expect(() => parseSignature(text)).not.toThrow();
    else expect(error(text)).toBeInstanceOf(SignatureError);
  });

  it("the shorthand means no inputs", () => {
    expect(stripSpans(parseSignature("{count :int}"))).toEqual(stripSpans(parseSignature("() -> {count :int}")));
  });
});

describe("canonical rendering", () => {
  it.each([
    [
      "(query :string, limit :int) -> {count :int, items [{id :int}]}",
      "(query :string, limit :int) -> {count :int, items [{id :int}]}",
    ],
    ["{count :int}", "() -> {count :int}"],
    [":any", "() -> :any"],
    ["(user {:id :int, :name :string}, limit :int) -> :any", "(user {id :int, name :string}, limit :int) -> :any"],
    ["(a :int b :string) -> :bool", "(a :int, b :string) -> :bool"],
    ["(a :int,) -> :bool", "(a :int) -> :bool"],
    ["{id :int email :string?}", "() -> {id :int, email :string?}"],
    ["{id :int, email :string ?}", "() -> {id :int, email :string?}"],
    [
      "{user {id :int, profile {bio :string, avatar :string?}}}",
      "() -> {user {id :int, profile {bio :string, avatar :string?}}}",
    ],
    ["[[:int]?]?", "() -> [[:int]?]?"],
    ["{profile {bio :string}?}", "() -> {profile {bio :string}?}"],
    [
      "() -> {summary :string, count :int, _email_ids [:int]}",
      "() -> {summary :string, count :int, _email_ids [:int]}",
    ],
    ["(f :fn, m :map, k :keyword, x :float) -> :fn?", "(f :fn, m :map, k :keyword, x :float) -> :fn?"],
    [
      "{valid? :bool, user-name :string, was_improved :bool}",
      "() -> {valid? :bool, user-name :string, was_improved :bool}",
    ],
    ["(\n  query :string,\n  limit :int\n)\n->\n[:int]", "(query :string, limit :int) -> [:int]"],
    // signatures v2
    ["{s :enum[:open closed]}", "() -> {s :enum[open closed]}"],
    ["{s :enum [ open ] ?}", "() -> {s :enum[open]?}"],
    ['{m "fast" | "slow"}', '() -> {m "fast"|"slow"}'],
    ["( :string | :int ) ?", "() -> (:string|:int)?"],
    ["((:string|:int))", "() -> :string|:int"],
    ["(:string|:int)|:bool", "() -> :string|:int|:bool"],
    ["{n 42, f -1.5, b true?, z 1e3}", "() -> {n 42, f -1.5, b true?, z 1000}"],
    [
      "{a :int[>=1], b :int[1..], c :float[> 0 < 1], d :int[<=9]}",
      "() -> {a :int[1..], b :int[1..], c :float[>0 <1], d :int[..9]}",
    ],
    ["{xs [:int] [ ..3 ] ?}", "() -> {xs [:int][..3]?}"],
    [
      '(q :string "what to find", n :int) -> {id :int "the id"}',
      '(q :string "what to find", n :int) -> {id :int "the id"}',
    ],
    ['{s :string "say \\"hi\\" \\u00e9"}', '() -> {s :string "say \\"hi\\" é"}'],
    ['{kind "a", x :int}|{kind "b"}', '() -> {kind "a", x :int}|{kind "b"}'],
  ])("%j renders as %j", (text, canonical) => {
    expect(renderSignature(parseSignature(text))).toBe(canonical);
  });

  it("can hide firewalled fields", () => {
    expect(
      renderSignature("{summary :string, _ids [:int], user {name :string, _email :string}}", { hideFirewalled: true }),
    ).toBe("() -> {summary :string, user {name :string}}");
  });
});

describe("errors", () => {
  it("show the position and a caret under it", () => {
    expect(error("(query :string, limit -> :int)").formatWithSource()).toBe(
      [
        'signature error at 1:23: expected a type after "limit", found "->"',
        "(query :string, limit -> :int)",
        "                      ^",
      ].join("\n"),
    );
  });

  it("carry their kind and span as data", () => {
    const e = error("{a :strin}");
    expect(e.kind).toBe("signature");
    expect(e.span).toMatchObject({ line: 1, column: 4, endColumn: 10 });
    expect(e.message).toBe("unknown type :strin");
    expect(e.hint).toBe("did you mean :string?");
  });

  it.each([
    ["", "signature error at 1:1: empty signature — write a type, such as :any or {count :int}"],
    ["   ", "signature error at 1:1: empty signature — write a type, such as :any or {count :int}"],
    ["[]", 'signature error at 1:2: expected a type after "[", found "]" — write [:any] for a list of anything'],
    [
      "{a string}",
      'signature error at 1:4: expected a type after "a", found "string" — types start with a colon: :string',
    ],
    [
      "(:string) -> :int",
      'signature error at 1:9: expected a type after ":string", found ")" — each parameter or field is a name, then a type: (query :string), {id :int}',
    ],
    ["(a) -> :int", 'signature error at 1:3: expected a type after "a", found ")"'],
    [
      ":int -> :int",
      'signature error at 1:6: expected the end of the signature after ":int", found "->" — parameters go in parentheses: (x :int) -> :int',
    ],
    ["(a :int) :int", 'signature error at 1:10: expected "->" after the parameters, found ":int"'],
    ["(a :int b :int)", 'signature error at 1:16: expected "->" after the parameters, found the end of the signature'],
    ["{a :int} x", 'signature error at 1:10: expected the end of the signature after "}", found "x"'],
    ["{a :int,,}", 'signature error at 1:9: expected a field name or "}" after ",", found ","'],
    ["(a :int,, b :int) -> :int", 'signature error at 1:9: expected a parameter name or ")" after ",", found ","'],
    ["{a :int", 'signature error at 1:1: unclosed "{" opened at 1:1 — add "}"'],
    ["(a [:int) -> :int", 'signature error at 1:9: unexpected ")": expected "]" to close "[" opened at 1:4'],
    ["{a :int}}", 'signature error at 1:9: unexpected "}": nothing to close'],
    ["{a :int @}", 'signature error at 1:9: unexpected character "@"'],
    ["{a :strin}", "signature error at 1:4: unknown type :strin — did you mean :string?"],
    ["{a :integer}", "signature error at 1:4: unknown type :integer — write :int"],
    ["{a :list}", "signature error at 1:4: unknown type :list — write a list type as [:type], such as [:int]"],
    [
      "{a :zzzzzz}",
      "signature error at 1:4: unknown type :zzzzzz — the types are :string :int :float :bool :keyword :any :map :fn and :enum[...]",
    ],
    [":int??", 'signature error at 1:1: "?" written twice after :int — write :int?'],
    [":int? ?", 'signature error at 1:1: "?" written twice after :int — write :int?'],
    ["{a :int, a :string}", 'signature error at 1:10: duplicate field "a"'],
    [
      "(a-b :int, a_b :int) -> :int",
      'signature error at 1:12: duplicate parameter "a_b" (the same as "a-b": - and _ match the same keys)',
    ],
    ["{__proto__ :int}", 'signature error at 1:2: "__proto__" cannot be a name'],
    ["(status :enum) -> :any", "signature error at 1:9: an enum lists its values — write :enum[open closed]"],
    ["{s :enum[]}", "signature error at 1:9: an enum needs at least one value — write :enum[open closed]"],
    ["{s :enum[a b a]}", 'signature error at 1:14: duplicate enum value "a"'],
    ["{s :enum[>0]}", "signature error at 1:9: an enum lists names, not bounds — write :enum[open closed]"],
    ["{s :enum[a 1]}", 'signature error at 1:12: expected an enum value (a name) or "]" after "a", found "1"'],
    [
      "{a :string?|:int}",
      "signature error at 1:4: a member of a union cannot be optional — make the whole union optional: (:string|:int)?",
    ],
    ["{a :string|}", 'signature error at 1:12: expected a type after "|", found "}"'],
    ["{a |:int}", 'signature error at 1:4: expected a type after "a", found "|"'],
    ["{a (:string|:int)??}", 'signature error at 1:19: expected a field name or "}" after "?", found "?"'],
    ["{a :int?[>0]}", 'signature error at 1:4: "?" goes after the brackets — write :int[...]?'],
    [
      "{a :int[]}",
      "signature error at 1:8: empty refinement — write bounds such as [>0], [1..100] or [..10]; an enum is :enum[a b]",
    ],
    [
      "{a :int[a b]}",
      "signature error at 1:8: expected bounds, found names — write bounds such as [>0], [1..100] or [..10]; an enum is :enum[a b]",
    ],
    [
      "{a :bool[>0]}",
      "signature error at 1:9: :bool cannot be refined — bounds apply to :int, :float, :string (length) and lists (length)",
    ],
    ["{a :int[1.5..]}", "signature error at 1:9: bound 1.5 is not a whole number"],
    ["{a :int[10..1]}", "signature error at 1:9: empty range: 10 is more than 1"],
    ["{a :float[>1 <1]}", "signature error at 1:11: empty range: no value is within these bounds"],
    ["{a :int[>0 >1]}", "signature error at 1:12: two bounds on the same side — write [>0 <10] or [1..10]"],
    ["{a :int[..]}", "signature error at 1:9: a range needs a bound — write [1..10], [1..] or [..10]"],
    ["{a :int[>]}", 'signature error at 1:10: expected a number after ">", found "]"'],
    ["{a [:int][>x]}", 'signature error at 1:12: expected a number after ">", found "x"'],
    ['{a "x\\q"}', "signature error at 1:4: invalid escape in string — escapes are JSON's: \\\" \\\\ \\n \\u00e9"],
    ['{a :int "desc" "more"}', 'signature error at 1:16: expected a field name or "}" after ""desc"", found ""more""'],
    ['{a "unclosed}', 'signature error at 1:4: unclosed string — end it with "'],
    [
      "{a :Ticket}",
      "signature error at 1:4: unknown type :Ticket — named types are declared under types: in the agent file (or a shared types.ptcc)",
    ],
    [
      "{a :tickt}",
      "signature error at 1:4: unknown type :tickt — the types are :string :int :float :bool :keyword :any :map :fn and :enum[...]",
    ],
    ["(q :string,\n limit -> :int)", 'signature error at 2:8: expected a type after "limit", found "->"'],
  ])("%j → %s", (text, message) => {
    expect(error(text).format()).toBe(message);
  });

  it("refuse nesting deeper than 64 levels and texts longer than 100,000 characters", () => {
    expect(error(`${"[".repeat(65)}:int${"]".repeat(65)}`).format()).toMatch(/nested more than 64 levels deep/);
    expect(() => parseSignature(`${"[".repeat(64)}:int${"]".repeat(64)}`)).not.toThrow();
    expect(error(`{${"a :int ".repeat(20_000)}}`).format()).toMatch(/more than 100000/);
  });

  it("never escape as anything but SignatureError, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'(){}[]:->?,| abc_int"\\.<>=01-9e'.split("")), maxLength: 30 }),
        (text) => {
          try {
            parseSignature(text);
          } catch (e) {
            expect(e).toBeInstanceOf(SignatureError);
            expect((e as SignatureError).span).toBeDefined();
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("discriminated unions", () => {
  it.each<[string, string | undefined]>([
    ['{kind "a", x :int}|{kind "b", y :string}', "kind"],
    ['{id :int, kind "a"}|{kind "b", id :int}', "kind"],
    ["{t 1}|{t 2}|{t true}", "t"],
    ['{kind "a"}|{kind "a"}', undefined],
    ['{kind "a"}|{x :int}', undefined],
    ['{kind "a"?}|{kind "b"}', undefined],
    ['{kind "a"}|:int', undefined],
    [":string|:int", undefined],
  ])("%s: %s", (text, d) => {
    const t = parseSignature(text).output;
    expect(t.kind === "union" ? t.discriminator : "not a union").toBe(d);
  });
});

describe("the parser", () => {
  it("has a builder method for every rule of grammar/Signature.g4 and each labelled alternative", () => {
    const builder = SignatureBuilder.prototype as unknown as Record<string, unknown>;
    for (const rule of [...SignatureParser.ruleNames, "primitive", "list", "map", "literal", "group"]) {
      expect(typeof builder[rule], `SignatureBuilder.${rule}`).toBe("function");
    }
  });

  it("reads back what it renders, for random signatures", () => {
    fc.assert(
      fc.property(signatureArb, (sig) => {
        expect(stripSpans(parseSignature(renderSignature(sig)))).toEqual(stripSpans(sig));
      }),
      { numRuns: 500 },
    );
  });
});
