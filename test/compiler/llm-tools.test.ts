/**
 * `ptcc compile` and models inside programs: an agent file's `llm:` tools become
 * `$ptcc.llmTool({...})` with their literal signature (so the tool is typed), `llmQuery` and
 * `builtinTools` become options, and `script:` models are written from the project root.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { programHeader } from "../../src/agent/frozen-file.js";
import { parseSignature } from "../../src/signature/parse.js";
import { stripSpans } from "../../src/signature/types.js";
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

describe("a frozen program of an agent with builtinTools and llmQuery", () => {
  const SIG = "(log :string) -> [:string]";
  const header = programHeader({
    agent: "logs",
    signature: stripSpans(parseSignature(SIG)),
    model: "script:t.json",
    date: "2026-11-26",
  });
  const agent = agentFile(
    [`signature: "${SIG}"`, "maxTurns: 1", "builtinTools: [grep]", "llmQuery: true"].join("\n"),
    "Find the errors of {{log}}.",
  );

  it("may call tool/grep and tool/llm-query; a call that breaks grep's signature is PTC172", async () => {
    const ok = project({
      "agents/logs.agent.md": agent,
      "agents/logs.program.clj": `${header}(if (= data/log "") [(tool/llm-query {:prompt "Why {{x}}" :x 1})] (tool/grep {:pattern "ERROR" :text data/log}))\n`,
    });
    expect(brief((await compile(ok)).diagnostics)).toEqual([]);
    const bad = project({
      "agents/logs.agent.md": agent,
      "agents/logs.program.clj": `${header}(tool/grep {:patern "ERROR" :text data/log})\n`,
    });
    const ds = brief((await compile(bad)).diagnostics);
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatch(/PTC172 .*patern/);
    expect(ds[0]).toContain("tool/grep");
  });
});
