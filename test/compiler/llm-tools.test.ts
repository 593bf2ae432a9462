/**
 * `ptcc compile` and models inside programs: an agent file's `llm:` tools become
 * `$ptcc.llmTool({...})` with their literal signature (so the tool is typed), `llmQuery` and
 * `builtinTools` become options, and `script:` models are written from the project root.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentFile, brief, compile, project } from "./helpers.js";

describe("llm tools, llmQuery and builtinTools in generated modules", () => {
  it("are emitted as llmTool calls and options", async () => {
    const dir = project({
      "agents/labels.agent.md": agentFile(
        [
          'signature: "(text :string) -> {label :string}"',
          "llmQuery: {model: script:scripts/q.json, maxCalls: 9}",
          "builtinTools: [grep]",
          "tools:",
          "  - name: classify",
          '    llm: "Label: {{t}}"',
          '    signature: "(t :string) -> {label :string}"',
          "    description: Labels one text.",
          "    model: script:scripts/c.json",
        ].join("\n"),
        "Label {{text}}.",
      ),
      "agents/scripts/q.json": "[]",
      "agents/scripts/c.json": "[]",
    });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
    const text = readFileSync(join(dir, "gen/labels.ts"), "utf8");
    expect(text).toContain(
      [
        "    classify: $ptcc.llmTool({",
        '      name: "classify",',
        '      prompt: "Label: {{t}}",',
        '      signature: "(t :string) -> {label :string}",',
        '      description: "Labels one text.",',
        '      llm: "script:agents/scripts/c.json",',
        "    }),",
      ].join("\n"),
    );
    expect(text).toContain('  llmQuery: { llm: "script:agents/scripts/q.json", maxCalls: 9 },');
    expect(text).toContain('  builtinTools: ["grep"],');
  });
});
