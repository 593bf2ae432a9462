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
import { renderSignature } from "../../src/signature/render.js";
import { signatureArb } from "./arbitraries.js";
import { SPELLINGS as SAME_SIGNATURE } from "./spellings.js";

/** ANTLR's result, or "error". */
function antlr(text: string): unknown {
  try {
    return parseWithAntlr(text);
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
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join("");
        const expected = antlr(text);
        const got = parseSignatureFast(text);
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
  ])("takes the fast path for %s", (text) => {
    expect(parseSignatureFast(text)).toEqual(parseWithAntlr(text));
  });

  it.each([
    "",
    "[]",
    "(a :int a :int) -> :any",
    "(a-b :int, a_b :int) -> :any",
    ":integer",
    ":int??",
    "{x :enum[a b]}",
    "{__proto__ :int}",
    `${"[".repeat(65)}:int${"]".repeat(65)}`,
  ])("leaves %j to ANTLR", (text) => {
    expect(parseSignatureFast(text)).toBeNull();
  });
});
