/**
 * enumsAsKeywords: the strings at enum-typed places become keywords, following the
 * signature through lists, maps (either key spelling), unions and named types; nothing else
 * changes, and what does not change is not copied.
 */
import { describe, expect, it } from "vitest";
import { enumsAsKeywords, hasEnums } from "../../src/agent/enum-keywords.js";
import { defaultMeter } from "../../src/runtime/validation.js";
import { keyword } from "../../src/runtime/values.js";
import { parseSignature } from "../../src/signature/parse.js";

const out = (sig: string): ReturnType<typeof parseSignature>["output"] => parseSignature(sig).output;
const run = (sig: string, v: unknown): unknown => enumsAsKeywords(out(sig), v, defaultMeter());

describe("enumsAsKeywords", () => {
  it.each<[string, unknown, unknown]>([
    [":enum[a b]", "a", keyword("a")],
    [":enum[a b]", "c", "c"],
    ["[:enum[a b]]", ["a", "x", "b"], [keyword("a"), "x", keyword("b")]],
    ["{was_set :enum[on off], s :string}", { "was-set": "on", s: "on" }, { "was-set": keyword("on"), s: "on" }],
    ['{kind "x", e :enum[p q]}|{kind "y", e :string}', { kind: "x", e: "p" }, { kind: "x", e: keyword("p") }],
    ['{kind "x", e :enum[p q]}|{kind "y", e :string}', { kind: "y", e: "p" }, { kind: "y", e: "p" }],
    [":int|:enum[a b]", "b", keyword("b")],
    [":enum[a]|:enum[b]", "b", keyword("b")],
    ["{e :enum[a]?}", { e: null }, { e: null }],
  ])("%s: %j", (sig, v, expected) => {
    expect(run(sig, v)).toEqual(expected);
  });

  it("copies nothing that has no enum, and nothing when no value changes", () => {
    const v = { s: "a", n: [1] };
    expect(hasEnums(out("{s :string, n [:int]}"))).toBe(false);
    expect(run("{s :string, n [:int]}", v)).toBe(v);
    const w = { e: "zzz" };
    expect(run("{e :enum[a]}", w)).toBe(w);
  });
});
