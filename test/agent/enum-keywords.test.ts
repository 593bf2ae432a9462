/**
 * enumsAsKeywords: the strings at enum-typed places become keywords, following the
 * signature through lists, maps (either key spelling), unions and named types; nothing else
 * changes, and what does not change is not copied.
 */
import { describe, expect, it } from "vitest";
import { defineAgent, defineTool } from "../../src/agent/index.js";
import { enumsAsKeywords, hasEnums, keywordsAsStrings } from "../../src/agent/enum-keywords.js";
import { scriptedLlm } from "../../src/llm/script.js";
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

const back = (sig: string, v: unknown): unknown => keywordsAsStrings(out(sig), v, defaultMeter());

describe("keywordsAsStrings: a returned keyword at a :string place is the string the host sees", () => {
  it.each<[string, unknown, unknown]>([
    [":string", keyword("shipped"), "shipped"],
    [":string", keyword("shipped", "order"), "order/shipped"],
    [":keyword", keyword("a"), keyword("a")],
    [":enum[a b]", keyword("a"), keyword("a")],
    ["[:string]", [keyword("a"), "b"], ["a", "b"]],
    ["{status :string, n :int}", { status: keyword("open"), n: 1 }, { status: "open", n: 1 }],
    ["{was_set :string}", { "was-set": keyword("on") }, { "was-set": "on" }],
    [":string|:keyword", keyword("a"), keyword("a")],
    [":int|:string", keyword("a"), "a"],
    ['{kind "x", s :string}|{kind "y", s :int}', { kind: "x", s: keyword("p") }, { kind: "x", s: "p" }],
    ['{kind "x", s :string}|{kind "y", s :int}', { kind: "y", s: keyword("p") }, { kind: "y", s: keyword("p") }],
    [":int", keyword("a"), keyword("a")],
  ])("%s: %j", (sig, v, expected) => {
    expect(back(sig, v)).toEqual(expected);
  });

  it("copies nothing when no value changes", () => {
    const v = { s: "a", n: [1] };
    expect(back("{s :string, n [:int]}", v)).toBe(v);
  });

  it("a tool's enum value passed on into a :string field is returned, not refused", async () => {
    const find = defineTool({
      signature: "(id :int) -> {status :enum[open shipped]}",
      fn: () => ({ status: "shipped" as const }),
    });
    const agent = defineAgent({
      name: "orders",
      prompt: "Report order {{id}}.",
      signature: "(id :int) -> {status :string, same :bool}",
      tools: { find },
      maxTurns: 1,
    });
    const step = await agent.run(
      { id: 7 },
      {
        llm: scriptedLlm([
          "```clojure\n(def o (tool/find {:id data/id}))\n(return {:status (:status o) :same (= (:status o) :shipped)})\n```",
        ]),
      },
    );
    expect(step.ok && step.return).toEqual({ status: "shipped", same: true });
  });
});
