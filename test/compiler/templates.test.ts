/**
 * The templates under templates/ and the code that fills them stay in step: every slot a
 * template names is filled, and every value the filler provides has its slot (a slot
 * renamed on one side only, or a template edited without regenerating the golden files and
 * the examples, fails here or in compile.test.ts).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { initFiles } from "../../src/compiler/init.js";
import { fillTemplate, readTemplate, templateSlots, TEMPLATES_DIR } from "../../src/compiler/templates.js";

/** The slots each template is filled with, by the module that fills it. */
const FILLERS: Record<string, { by: string; slots: string[] }> = {
  "compile/agent-module.tpl": {
    by: "src/compiler/emit.ts",
    slots: [
      "source",
      "hashes",
      "reads",
      "imports",
      "namedTypes",
      "name",
      "signature",
      "Input",
      "inputType",
      "Output",
      "outputType",
      "toolTypes",
      "validateInput",
      "validateOutput",
      "agentDoc",
      "agent",
      "options",
    ],
  },
  "compile/index.tpl": {
    by: "src/compiler/emit.ts",
    slots: ["source", "hashes", "warnings", "exports", "imports", "registry"],
  },
  "compile/types-module.tpl": {
    by: "src/compiler/emit.ts",
    slots: ["source", "hashes", "reads", "types"],
  },
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [relative(TEMPLATES_DIR, p)];
  });
}

describe("templates/", () => {
  it("every template is one this table knows (README.md aside)", () => {
    const known = [...Object.keys(FILLERS), ...initFiles().map((f) => `init/${f}`)];
    expect(
      files(TEMPLATES_DIR)
        .filter((f) => f !== "README.md")
        .sort(),
    ).toEqual(known.sort());
  });

  it.each(Object.entries(FILLERS))("%s has exactly the slots its filler provides", (name, { by, slots }) => {
    expect(templateSlots(readTemplate(name)).sort()).toEqual([...slots].sort());
    // The filler names each slot it fills.
    const source = readFileSync(join(__dirname, "..", "..", by), "utf8");
    for (const slot of slots) expect(source, `${by} fills {{${slot}}}`).toMatch(new RegExp(`\\b${slot}:`));
  });

  it("a value is written as it is, never read as a slot again", () => {
    expect(fillTemplate("a {{x}} b", { x: "{{x}} {{y}}" })).toBe("a {{x}} {{y}} b");
    expect(() => fillTemplate("{{missing}}", {})).toThrow("template slot {{missing}} has no value");
  });
});
