/**
 * The agent-file keys of issue 23: `maxToolCalls`, `toolConcurrency`, `llmRetry`, and a
 * module tool's `concurrency`, `timeoutMs` and `cache` — read, positioned when wrong, and
 * carried into the loaded agent's definition.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentFileError, loadAgentFile, parseAgentFile } from "../../src/agent-file/index.js";
import type { ToolDefinition } from "../../src/agent/types.js";

const FILE = "agents/a.agent.md";
const file = (front: string): string => `---\n${front}\n---\nDo it.\n`;

function failure(text: string): string {
  try {
    parseAgentFile(text, FILE);
  } catch (e) {
    if (e instanceof AgentFileError) return e.format();
    throw e;
  }
  throw new Error(`parsed without error:\n${text}`);
}

describe("agent-file keys", () => {
  it("reads maxToolCalls, toolConcurrency and llmRetry", () => {
    const spec = parseAgentFile(
      file("maxToolCalls: 50\ntoolConcurrency: 4\nllmRetry:\n  maxAttempts: 3\n  baseDelayMs: 200\n  maxDelayMs: 4000"),
      FILE,
    );
    expect(spec).toMatchObject({
      maxToolCalls: 50,
      toolConcurrency: 4,
      llmRetry: { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 4000 },
    });
    expect(spec.spans.llmRetry?.key).toMatchObject({ line: 4, column: 1 });
  });

  it("reads a module tool's concurrency, timeoutMs and cache", () => {
    const spec = parseAgentFile(
      file("tools:\n  search:\n    from: ./t.ts#search\n    concurrency: 2\n    timeoutMs: 5000\n    cache: true"),
      FILE,
    );
    expect(spec.tools[0]).toMatchObject({ name: "search", controls: { concurrency: 2, timeoutMs: 5000, cache: true } });
    expect(parseAgentFile(file("tools:\n  - from: ./t.ts#search"), FILE).tools[0]).not.toHaveProperty("controls");
  });

  it.each([
    ["maxToolCalls below 0", "maxToolCalls: -1", "2:15: maxToolCalls must be an integer of at least 0, got number -1"],
    ["toolConcurrency 0", "toolConcurrency: 0", "2:18: toolConcurrency must be an integer of at least 1, got number 0"],
    [
      "llmRetry not a map",
      "llmRetry: 3",
      '2:11: llmRetry must be a map, got number 3 — write one "option: number" per line',
    ],
    [
      "llmRetry unknown key",
      "llmRetry:\n  maxAttempt: 3",
      "3:3: unknown llmRetry option maxAttempt — did you mean maxAttempts?",
    ],
    [
      "llmRetry maxAttempts 0",
      "llmRetry:\n  maxAttempts: 0",
      "3:16: llmRetry.maxAttempts must be an integer of at least 1, got number 0",
    ],
    [
      "tool cache not a boolean",
      "tools:\n  s:\n    from: ./t.ts#s\n    cache: yes",
      '5:12: cache of tool s must be true or false, got string "yes"',
    ],
    [
      "tool concurrency 0",
      "tools:\n  s:\n    from: ./t.ts#s\n    concurrency: 0",
      "5:18: concurrency of tool s must be an integer of at least 1, got number 0",
    ],
    [
      "tool key misspelt",
      "tools:\n  s:\n    from: ./t.ts#s\n    timeout: 5",
      "5:5: unknown key timeout in a tool entry — did you mean timeoutMs?",
    ],
  ])("%s", (_title, front, expected) => {
    expect(failure(file(front))).toBe(`${FILE}:${expected}`);
  });
});

describe("loading", () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  it("the loaded agent has the options and the tool its controls", async () => {
    const root = mkdtempSync(join(tmpdir(), "ptcc-tool-controls-"));
    roots.push(root);
    const files: Record<string, string> = {
      "agents/a.agent.md": file(
        "maxToolCalls: 10\ntoolConcurrency: 2\nllmRetry:\n  maxAttempts: 2\ntools:\n  search:\n    from: ../tools/t.mjs#search\n    cache: true\n    concurrency: 1\n    timeoutMs: 100",
      ),
      "tools/t.mjs":
        "export function search(args) { globalThis.__ptccSearchCalls = (globalThis.__ptccSearchCalls ?? 0) + 1; return [args.q]; }\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    const agent = await loadAgentFile(join(root, "agents/a.agent.md"));
    expect(agent.definition).toMatchObject({ maxToolCalls: 10, toolConcurrency: 2, llmRetry: { maxAttempts: 2 } });
    expect(agent.definition.tools["search"] as ToolDefinition).toMatchObject({
      cache: true,
      concurrency: 1,
      timeoutMs: 100,
    });
    // And they work: the same call twice runs the module's function once.
    const fence = "```";
    const replies = [
      `${fence}clojure\n(tool/search {:q "x"})\n${fence}`,
      `${fence}clojure\n(return (tool/search {:q "x"}))\n${fence}`,
    ];
    let turn = 0;
    const step = await agent.run({}, { llm: async () => replies[turn++]! });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(step.return).toEqual(["x"]);
    expect((globalThis as { __ptccSearchCalls?: number }).__ptccSearchCalls).toBe(1);
  });
});
