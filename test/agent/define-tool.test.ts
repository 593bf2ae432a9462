/** defineTool checks what it is given and says what is wrong, every problem at once. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../src/agent/define.js";
import { PtcError } from "../../src/diagnostics/error.js";

function problem(given: unknown): string {
  try {
    defineTool(given as Parameters<typeof defineTool>[0]);
  } catch (e) {
    expect(e).toBeInstanceOf(PtcError);
    expect((e as PtcError).kind).toBe("definition");
    return (e as PtcError).message;
  }
  throw new Error("defineTool accepted it");
}

const fn = (): number => 1;

describe("defineTool", () => {
  it.each<[string, unknown, string]>([
    ["null", null, "defineTool: defineTool takes an object, got null"],
    ["a number", 5, "defineTool: defineTool takes an object, got number 5"],
    ["an array", [fn], "defineTool: defineTool takes an object, got"],
    ["a bare function", fn, "defineTool: defineTool takes an object, got"],
    ["no fn", { signature: "() -> :int" }, "fn must be a function, got undefined"],
    ["an unknown option", { fn, signatur: "() -> :int" }, "unknown option signatur — did you mean signature?"],
    ["a description that is not text", { fn, description: 3 }, "the description must be a string, got number 3"],
    [
      "a signature that does not parse",
      { fn, signature: "(q :strin) -> :any" },
      "bad signature: signature error at 1:4: unknown type :strin — did you mean :string?",
    ],
    ["a zod schema as signature", { fn, signature: z.string() }, "ptcc signatures are text, not zod schemas"],
  ])("%s", (_, given, message) => {
    const text = problem(given);
    expect(text).toContain(message);
    expect(text).not.toContain("Cannot read properties");
  });

  it("gives back the tool it was given", () => {
    const tool = { signature: "(id :int) -> :int", fn };
    expect(defineTool(tool)).toBe(tool);
  });
});
