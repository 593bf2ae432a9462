/**
 * The advice an agent file gets when loaded, computed from what is on disk: a model named
 * without its provider is caught at load with the spec to write (file:line:col), and a
 * tool module written from the project root gets the relative path that reaches it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentFileError, loadAgentFile } from "../../src/agent-file/index.js";
import { findModulePath } from "../../src/agent-file/module-path.js";
import { defineAgent } from "../../src/agent/define.js";
import { scriptedLlm } from "../../src/llm/script.js";
import type { LoadAgentFileOptions } from "../../src/agent-file/load.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A project: package.json at the root, agents/, tools/ and lib/deep/ with a module each. */
function project(agent: string): { root: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), "ptcc-advice-"));
  roots.push(root);
  const files: Record<string, string> = {
    "package.json": "{}",
    "tools/search.ts": "export const search = () => [];\n",
    "agents/local.ts": "export const local = () => 1;\n",
    "lib/deep/util.mjs": "export const util = () => 2;\n",
    "node_modules/pkg/only-here.ts": "export const x = 1;\n",
    "agents/triage.agent.md": agent,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return { root, file: join(root, "agents", "triage.agent.md") };
}

async function loadError(path: string, options?: LoadAgentFileOptions): Promise<string> {
  try {
    await loadAgentFile(path, options);
  } catch (e) {
    if (e instanceof AgentFileError) return e.format();
    throw e;
  }
  throw new Error(`loaded without error: ${path}`);
}

const withModel = (model: string): string => `---\nmodel: ${model}\n---\nTriage the tickets.\n`;
const withTool = (from: string): string => `---\ntools:\n  - from: ${from}\n---\nTriage the tickets.\n`;

describe("model: checked at load, with the spec to write", () => {
  it.each<[string, string]>([
    ["gpt-4o-mini", "3:8: model gpt-4o-mini names no provider — did you mean openai:gpt-4o-mini?"],
    ["o3-mini", "3:8: model o3-mini names no provider — did you mean openai:o3-mini?"],
    ["claude-sonnet-4-5", "3:8: model claude-sonnet-4-5 names no provider — did you mean anthropic:claude-sonnet-4-5?"],
    ["opneai:gpt-4o", "3:8: unknown model provider opneai in opneai:gpt-4o — did you mean openai:gpt-4o?"],
    [
      "mistral:large",
      "3:8: unknown model provider mistral in mistral:large — write openai:MODEL, anthropic:MODEL or script:FILE",
    ],
  ])("model: %s", async (model, message) => {
    const { file } = project(withModel(model).replace("---\nmodel", "---\nname: triage\nmodel"));
    expect(await loadError(file)).toBe(`${file}:${message}`);
  });

  it("a registry given to the loader: its names load, others are errors naming what it has", async () => {
    const { file } = project(withModel("fats"));
    const llmRegistry = { fast: scriptedLlm([]), smart: scriptedLlm([]) };
    expect(await loadError(file, { llmRegistry })).toBe(
      `${file}:2:8: no model named fats in the LLM registry (it has fast, smart) — did you mean fast?`,
    );
    const ok = project(withModel("fast"));
    expect((await loadAgentFile(ok.file, { llmRegistry })).definition.llm).toBe("fast");
  });

  it("specs and bare names a run's registry may give still load", async () => {
    for (const model of ["openai:gpt-4o-mini", "anthropic:claude-haiku-4-5", "fast"]) {
      const { file } = project(withModel(model));
      expect((await loadAgentFile(file)).definition.llm).toBe(model);
    }
    // A script is found next to the agent file (and named by its absolute path).
    const { file } = project(withModel("script:replies.json"));
    writeFileSync(join(dirname(file), "replies.json"), "[]");
    expect((await loadAgentFile(file)).definition.llm).toBe(`script:${join(dirname(file), "replies.json")}`);
  });

  it("at run time, a bare provider model name in a definition gets the same hint", async () => {
    const step = await defineAgent({ name: "t", prompt: "x", llm: "gpt-4o-mini" }).run({});
    expect(step.failure?.reason).toBe(
      "agent t: no model named gpt-4o-mini in the LLM registry — did you mean openai:gpt-4o-mini?",
    );
  });
});

describe("tool modules: the relative path that reaches the file", () => {
  it.each<[string, string, string]>([
    [
      "written from the project root",
      "tools/search.ts#search",
      "3:11: the module tools/search.ts is not a relative path — write it relative to this file: ../tools/search.ts",
    ],
    [
      "rooted",
      "/tools/search.ts#search",
      "3:11: the module /tools/search.ts is not a relative path — write it relative to this file: ../tools/search.ts",
    ],
    [
      "a file next to the agent, bare",
      "local.ts#local",
      "3:11: the module local.ts is not a relative path — write it relative to this file: ./local.ts",
    ],
    [
      "nowhere to be found",
      "nothere.ts#x",
      "3:11: the module nothere.ts is not a relative path — write it relative to this file, starting with ./ or ../ (no nothere.ts was found near it)",
    ],
    [
      "./ from the project root",
      "./tools/search.ts#search",
      "3:11: tool module ./tools/search.ts not found — did you mean ../tools/search.ts?",
    ],
    [
      "a folder misspelt",
      "./tols/search.ts#search",
      "3:11: tool module ./tols/search.ts not found — did you mean ../tools/search.ts?",
    ],
    [
      "found by name deeper in the project",
      "./deep/util.mjs#util",
      "3:11: tool module ./deep/util.mjs not found — did you mean ../lib/deep/util.mjs?",
    ],
    ["node_modules is not searched", "./only-here.ts#x", "3:11: tool module ./only-here.ts not found"],
  ])("%s: %s", async (_, from, message) => {
    const { file } = project(withTool(from));
    expect(await loadError(file)).toBe(`${file}:${message}`);
  });

  it("the advice it gives loads", async () => {
    const { file, root } = project(withTool("../tools/search.ts#search"));
    const agent = await loadAgentFile(file);
    expect(Object.keys(agent.definition.tools)).toEqual(["search"]);
    // From the working directory too: a path that works from where the user stands.
    expect(await findModulePath(join(root, "agents"), "./tools/search.ts", root)).toBe("../tools/search.ts");
  });
});
