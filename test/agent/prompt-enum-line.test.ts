import { describe, expect, it } from "vitest";
import { defineAgent, defineTool } from "../../src/agent/index.js";
import { shapeOf } from "../../src/agent/prompt/render.js";
import { systemPrompt } from "../../src/agent/prompt/system.js";

const LINE = "In signatures :enum[a b] means the keyword :a or :b.";

function system(def: Parameters<typeof defineAgent>[0]): string {
  return systemPrompt(shapeOf(defineAgent(def).definition));
}

describe("the card's enum line is paid for only by agents that use enums", () => {
  it.each([
    ["no enum anywhere", { prompt: "p", signature: "(q :string) -> {n :int}" }, false],
    ["an enum in the output", { prompt: "p", signature: "() -> {s :enum[open closed]}" }, true],
    ["an enum in a parameter, inside a list", { prompt: "p", signature: "(xs [{m :enum[a b]}]) -> :int" }, true],
    ["an enum in a union member", { prompt: "p", signature: '() -> {k "a", e :enum[x y]}|{k "b"}' }, true],
    [
      "an enum only in a tool's signature",
      {
        prompt: "p",
        signature: "() -> :int",
        tools: { pick: defineTool({ signature: "(mode :enum[fast slow]) -> :int", fn: () => 1 }) },
      },
      true,
    ],
  ] as const)("%s", (_name, def, shown) => {
    expect(system(def).includes(LINE)).toBe(shown);
  });
});
