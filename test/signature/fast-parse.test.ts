/**
 * The signature reader without ANTLR (src/signature/fast-parse.ts) against ANTLR's parse:
 * for any text it reads, the very same Signature (types, names, spans); for any text ANTLR
 * rejects, nothing (parseSignature then gives ANTLR's error). Well-formed signatures in every
 * spelling the grammar allows must be read (else the fast path would be dead code).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSignatureFast } from "../../src/signature/fast-parse.js";
import { parseWithAntlr } from "../../src/signature/grammar-parse.js";
import { parseSignature } from "../../src/signature/parse.js";
import type { NamedTypes } from "../../src/signature/types.js";
import { renderSignature } from "../../src/signature/render.js";
import { signatureArb } from "./arbitraries.js";
import { SPELLINGS as SAME_SIGNATURE } from "./spellings.js";

/** Named types some texts use (`:Ticket`). */
const TYPES: NamedTypes = new Map([["Ticket", parseSignature("{id :int, title :string}").output]]);

/** ANTLR's result, or "error". */
function antlr(text: string): unknown {
  try {
    return parseWithAntlr(text, { types: TYPES });
  } catch {
    return "error";
  }
}

/** The spellings of infer.test.ts, and more. */
const SPELLINGS: readonly ((text: string) => string)[] = [
  ...SAME_SIGNATURE,
  (t) => t.replace(/\?/g, " ?").replace(/ /g, "\r\n "),
  (t) => t.replace(/([}\]])/g, ",$1"),
];

describe("parseSignatureFast", () => {
  it("reads every well-formed signature, in every spelling, exactly as ANTLR does (property)", () => {
    fc.assert(
      fc.property(signatureArb, fc.nat(SPELLINGS.length - 1), (sig, s) => {
        const text = SPELLINGS[s]!(renderSignature(sig));
        const expected = antlr(text);
        const got = parseSignatureFast(text);
        if (expected === "error") expect(got).toBeNull();
        else expect(got).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it("reads nothing ANTLR rejects, and what it reads of mangled text is ANTLR's reading (property)", () => {
    const piece = fc.constantFrom(
      ..."()[]{},?|:->- \n\t\r!_".split(""),
      ":int",
      ":string?",
      ":int??",
      ":enum",
      "name",
      "a-b",
      "x?",
      "__proto__",
      ":__proto__",
      "é",
      "->",
      "-x",
      '"',
      '"a"',
      '"\\q"',
      "..",
      ">",
      ">=",
      "<",
      "1",
      "-1",
      "2.5",
      "1e3",
      "true",
      "false?",
      ":enum[",
      ":Ticket",
      ":float",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join("");
        const expected = antlr(text);
        const got = parseSignatureFast(text, { types: TYPES });
        if (expected === "error") expect(got).toBeNull();
        else if (got !== null) expect(got).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    "(question :string, shelf :int, limit :int?, filters {tags [:string]?, max_price :float?}?, _user :string) -> {answer :string, items [{id :int, name :string, price :float}], total :int}",
    "(:a :int :b :string) -> [:int]?",
    "{user-name :string, valid? :bool, a-1 [[:any]?]}",
    ":any",
    "{}",
    '(mode "fast"|"slow" "how hard to try", n :int[1..100]) -> {status :enum[open closed] "the state"}',
    "(:string|:int)?",
    '(x (:string|:int)?) -> {kind "a", x :int}|{kind "b", y [:string[..80]][>0 <=10]?}',
    "{a 42, b -1.5e3?, c true?, d false, e :float[>-1 <1]}",
  ])("takes the fast path for %s", (text) => {
    expect(parseSignatureFast(text)).toEqual(parseWithAntlr(text));
  });

  it("reads named types as ANTLR does, given the same types", () => {
    const text = "(t :Ticket?, ts [:Ticket][..3]) -> :Ticket|{kind :string}";
    const got = parseSignatureFast(text, { types: TYPES });
    expect(got).not.toBeNull();
    expect(got).toEqual(parseWithAntlr(text, { types: TYPES }));
    expect(got!.params[0]!.type).toMatchObject({ kind: "ref", name: "Ticket", optional: true });
  });

  it.each([
    "",
    "[]",
    "(a :int a :int) -> :any",
    "(a-b :int, a_b :int) -> :any",
    ":integer",
    ":int??",
    "{x :enum[a a]}",
    "{x :enum[]}",
    "{x :int[a]}",
    "{x :int[2..1]}",
    "{x :int[>1.5]}",
    "{x :int?[>1]}",
    "{x :int?|:string}",
    "{x (:int?)?}",
    '{x "a\\q"}',
    "{x true??}",
    "{x :Ticket}",
    "{__proto__ :int}",
    `${"[".repeat(65)}:int${"]".repeat(65)}`,
  ])("leaves %j to ANTLR", (text) => {
    expect(parseSignatureFast(text)).toBeNull();
  });
});
