/**
 * Agent files and models inside programs (issue 23 §4–5): the keys `llmQuery` and
 * `builtinTools`, and `llm:` tools — parsed with positions, loaded into the agent, run.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentFileError, loadAgentFile, parseAgentFile } from "../../src/agent-file/index.js";
import type { AgentTool } from "../../src/agent/types.js";
import type { LlmRequest } from "../../src/llm/types.js";

const FILE = "agents/labels.agent.md";
const file = (front: string, prompt = "Label {{text}}.\n"): string => `---\n${front}\n---\n${prompt}`;

function failure(text: string): string {
  try {
    parseAgentFile(text, FILE);
  } catch (e) {
    if (e instanceof AgentFileError) return e.format();
    throw e;
  }
  throw new Error(`parsed without error:\n${text}`);
}

const SIG = 'signature: "(text :string) -> :string"';

describe("parsing", () => {
  it("reads llmQuery (true or a map), builtinTools and llm tools in both forms", () => {
    const spec = parseAgentFile(
      file(
        [
          SIG,
          "llmQuery: {model: small, maxCalls: 5}",
          "builtinTools: [grep]",
          "tools:",
          "  - name: classify",
          '    llm: "Label: {{t}}"',
          '    signature: "(t :string) -> {label :string}"',
          "    description: Labels one text.",
          "    model: openai:gpt-4o-mini",
        ].join("\n"),
      ),
      FILE,
    );
    expect(spec.llmQuery).toEqual({ model: "small", maxCalls: 5 });
    expect(spec.builtinTools).toEqual(["grep"]);
    expect(spec.tools[0]).toMatchObject({
      kind: "llm",
      name: "classify",
      prompt: "Label: {{t}}",
      signature: "(t :string) -> {label :string}",
      description: "Labels one text.",
      model: "openai:gpt-4o-mini",
    });
    const mapForm = parseAgentFile(
      file(
        `${SIG}\nllmQuery: true\ntools:\n  classify:\n    llm: "Label: {{t}}"\n    signature: "(t :string) -> :string"\n    description: d`,
      ),
      FILE,
    );
    expect(mapForm.llmQuery).toBe(true);
    expect(mapForm.tools[0]).toMatchObject({ kind: "llm", name: "classify" });
  });

  it.each<[string, string, string]>([
    [
      "llmQuery of the wrong kind",
      "llmQuery: 3",
      "3:11: llmQuery must be true, false or a map of model and maxCalls, got number 3",
    ],
    [
      "an unknown llmQuery option",
      "llmQuery: {maxCall: 3}",
      "3:12: unknown llmQuery option maxCall — did you mean maxCalls?",
    ],
    [
      "maxCalls below 1",
      "llmQuery: {maxCalls: 0}",
      "3:22: llmQuery.maxCalls must be an integer of at least 1, got number 0",
    ],
    ["an unknown builtin tool", "builtinTools: [grpe]", "3:16: unknown builtin tool grpe — did you mean grep?"],
    [
      "builtinTools not a list",
      "builtinTools: grep",
      '3:15: builtinTools must be a list, got string "grep" — write builtinTools: [grep]',
    ],
    [
      "a tool named like a provided one",
      "builtinTools: [grep]\ntools:\n  grep: self",
      "5:3: tool grep is also a tool ptcc provides — rename your tool",
    ],
    [
      "text mode with llmQuery",
      "llmQuery: true\noutputMode: text",
      "4:13: outputMode text cannot use tools — tools are called by programs: use outputMode lisp, or remove the tools",
    ],
    [
      "an llm tool without a name",
      'tools:\n  - llm: "x {{t}}"\n    signature: "(t :string) -> :string"\n    description: d',
      "4:5: an llm tool needs a name — add name: to the entry",
    ],
    [
      "an llm tool without a description",
      'tools:\n  c:\n    llm: "x {{t}}"\n    signature: "(t :string) -> :string"',
      "5:5: llm tool c has no description — add description: what the tool answers, in one sentence",
    ],
    [
      "an llm tool without a signature",
      'tools:\n  c:\n    llm: "x {{t}}"\n    description: d',
      '5:5: llm tool c has no signature — add signature: "(text :string) -> {label :string}"',
    ],
    [
      "a placeholder its signature lacks",
      'tools:\n  c:\n    llm: "x {{txt}}"\n    signature: "(text :string) -> :string"\n    description: d',
      "5:10: unknown placeholder {{txt}} in the llm template of tool c — did you mean {{text}}?",
    ],
    [
      "an unknown key in an llm tool",
      'tools:\n  c:\n    llm: "x {{t}}"\n    signature: "(t :string) -> :string"\n    description: d\n    modle: m',
      "8:5: unknown key modle in an llm tool entry — did you mean model?",
    ],
  ])("%s", (_what, front, message) => {
    expect(failure(file(`${SIG}\n${front}`))).toBe(`${FILE}:${message}`);
  });
});

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function folder(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), "ptcc-llm-tools-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe("loading and running", () => {
  it("an agent file with llmQuery, builtinTools and an llm tool runs them all", async () => {
    const root = folder({
      "agents/triage.agent.md": file(
        [
          'signature: "(log :string) -> {label :string, kind :string, errors [:string]}"',
          "llmQuery:",
          "  maxCalls: 2",
          "builtinTools: [grep]",
          "tools:",
          "  classify:",
          '    llm: "Classify: {{text}}"',
          '    signature: "(text :string) -> {kind :string}"',
          "    description: The kind of a text.",
        ].join("\n"),
        "Triage {{log}}.\n",
      ),
    });
    const agent = await loadAgentFile(join(root, "agents/triage.agent.md"));
    expect(agent.definition.llmQuery).toEqual({ maxCalls: 2 });
    expect(agent.definition.builtinTools).toEqual(["grep"]);
    expect((agent.definition.tools["classify"] as AgentTool).kind).toBe("agent");
    const requests: LlmRequest[] = [];
    const program =
      '```clojure\n(let [errs (tool/grep {:pattern "ERROR" :text data/log})]\n  (return {:label (tool/llm-query {:prompt "Label: {{e}}" :e (first errs)}) :kind (:kind (tool/classify {:text (first errs)})) :errors errs}))\n```';
    const step = await agent.run(
      { log: "ok\nERROR disk full\nok" },
      {
        llm: async (r) => {
          requests.push(r);
          if (r.depth === 0) return program;
          return r.agent === "classify" ? '{"kind": "disk"}' : '"outage"';
        },
      },
    );
    expect(step.ok, JSON.stringify(step.ok ? null : step.failure)).toBe(true);
    expect(step.return).toEqual({ label: "outage", kind: "disk", errors: ["ERROR disk full"] });
    expect(requests.map((r) => r.agent).sort()).toEqual(["classify", "llm-query", "triage"]);
  });

  it("script: models of llm tools and llmQuery are relative to the agent file", async () => {
    const root = folder({
      "agents/ask.agent.md": file(
        [
          'signature: "() -> {a :string, b :string}"',
          "model: script:main.json",
          "llmQuery: {model: script:scripts/query.json}",
          "tools:",
          "  shout:",
          '    llm: "Shout {{w}}"',
          '    signature: "(w :string) -> :string"',
          "    description: Shouts a word.",
          "    model: script:scripts/shout.json",
        ].join("\n"),
        "Ask.\n",
      ),
      "agents/main.json": JSON.stringify([
        '```clojure\n(return {:a (tool/shout {:w "hi"}) :b (tool/llm-query {:prompt "Say {{x}}" :x "yo"})})\n```',
      ]),
      "agents/scripts/shout.json": JSON.stringify(['"HI"']),
      "agents/scripts/query.json": JSON.stringify(['"YO"']),
    });
    const agent = await loadAgentFile(join(root, "agents/ask.agent.md"));
    const step = await agent.run({});
    expect(step.ok, JSON.stringify(step.ok ? null : step.failure)).toBe(true);
    expect(step.return).toEqual({ a: "HI", b: "YO" });
  });
});
