/**
 * Loading agent files from folders: the Agent a folder of files, TypeScript and JavaScript
 * tool modules gives (and a scripted run through it), and each error with its file and
 * position (missing siblings and descriptions, cycles, missing modules and exports).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentFileError, loadAgentFile, MAX_AGENT_FILE_SIZE } from "../../src/agent-file/index.js";
import type { Agent } from "../../src/agent/define.js";
import { SELF, type AgentTool, type ToolDefinition } from "../../src/agent/types.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { PtcError } from "../../src/diagnostics/error.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A fresh folder under the system's temporary directory holding these files. */
function folder(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), "ptcc-agent-file-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return root;
}

async function loadError(path: string): Promise<string> {
  try {
    await loadAgentFile(path);
  } catch (e) {
    if (e instanceof AgentFileError) return e.format();
    throw e;
  }
  throw new Error(`loaded without error: ${path}`);
}

const SEARCH_TS = `
interface Paper { id: number; title: string }
const PAPERS: Paper[] = [{ id: 1, title: "On agents" }, { id: 2, title: "On tools" }];
export function searchPapers(args: Record<string, unknown>): Paper[] {
  const q = String(args["query"]).toLowerCase();
  return PAPERS.filter((p: Paper) => p.title.toLowerCase().includes(q));
}
export const limit: number = 3;
`;

describe("a folder of agent files", () => {
  const root = folder({
    "agents/research.agent.md": [
      "---",
      "description: Finds papers",
      "signature: (topic :string) -> [{id :int, title :string}]",
      "tools:",
      "  - self",
      "  - summarizer",
      "  - from: ../tools/search.ts#searchPapers",
      "    name: search",
      '    signature: "(query :string) -> [{id :int, title :string}]"',
      "    description: Searches the catalog",
      "  - from: ./count.mjs#count",
      "maxTurns: 4",
      "maxDepth: 2",
      "fieldDescriptions:",
      "  topic: What to look for",
      "formatOptions:",
      "  feedbackLimit: 7",
      "model: openai:gpt-4o",
      "signatureValidation: warn_only",
      "turnTimeoutMs: 5000",
      "---",
      "",
      "Find papers about {{topic}}.",
      "",
    ].join("\n"),
    "agents/summarizer.agent.md":
      "---\ndescription: Summarizes a text\nsignature: (text :string) -> :string\n---\nSummarize {{text}}.\n",
    "agents/count.mjs": "export function count(args) { return String(args.text ?? '').length; }\n",
    "tools/search.ts": SEARCH_TS,
  });
  const path = join(root, "agents", "research.agent.md");
  let agent: Agent;

  it("loads into an Agent with every option of the file", async () => {
    agent = await loadAgentFile(path);
    const d = agent.definition;
    expect(agent.name).toBe("research");
    expect(d.description).toBe("Finds papers");
    expect(d.signatureText).toBe("(topic :string) -> [{id :int, title :string}]");
    expect(d.signature.params.map((p) => p.name)).toEqual(["topic"]);
    expect(d.prompt).toBe("Find papers about {{topic}}.");
    expect(d.maxTurns).toBe(4);
    expect(d.maxDepth).toBe(2);
    expect(d.llm).toBe("openai:gpt-4o");
    expect(d.fieldDescriptions).toEqual({ topic: "What to look for" });
    expect(d.formatOptions.feedbackLimit).toBe(7);
    expect(d.signatureValidation).toBe("warn_only");
    expect(d.turnTimeoutMs).toBe(5000);
    expect(Object.keys(d.tools)).toEqual(["self", "summarizer", "search", "count"]);
  });

  it("makes self the SELF tool and a sibling an agent tool", () => {
    const { tools } = agent.definition;
    expect(tools["self"]).toBe(SELF);
    const summarizer = tools["summarizer"] as AgentTool;
    expect(summarizer.kind).toBe("agent");
    expect(summarizer.description).toBe("Summarizes a text");
    expect(summarizer.agent.definition.signatureText).toBe("(text :string) -> :string");
  });

  it("imports TypeScript and JavaScript tool functions with their signature and description", async () => {
    const search = agent.definition.tools["search"] as ToolDefinition;
    expect(search.signature).toBe("(query :string) -> [{id :int, title :string}]");
    expect(search.description).toBe("Searches the catalog");
    const context = { agent: "research", depth: 0, turn: 1, signal: new AbortController().signal, idempotencyKey: "k:1#0" };
    expect(await search.fn({ query: "agents" }, context)).toEqual([{ id: 1, title: "On agents" }]);
    const count = agent.definition.tools["count"] as ToolDefinition;
    expect(count.signature).toBeUndefined();
    expect(await count.fn({ text: "four" }, context)).toBe(4);
  });

  it("runs, calling the imported tool", async () => {
    const seen: LlmRequest[] = [];
    const llm = async (request: LlmRequest): Promise<string> => {
      seen.push(request);
      return "```clojure\n(return (tool/search {:query data/topic}))\n```";
    };
    const loaded = await loadAgentFile(path, { llmRegistry: { "openai:gpt-4o": llm } });
    const step = await loaded.run({ topic: "tools" });
    expect(step.failure).toBeUndefined();
    expect(step.ok).toBe(true);
    expect(step.return).toEqual([{ id: 2, title: "On tools" }]);
    expect(seen[0]!.messages[0]!.content).toContain("Find papers about tools.");
  });

  it("a run's llm wins over the files' model: (a scripted test never calls the provider)", async () => {
    const seen: LlmRequest[] = [];
    const llm = async (request: LlmRequest): Promise<string> => {
      seen.push(request);
      return "```clojure\n(return (tool/search {:query data/topic}))\n```";
    };
    const step = await (await loadAgentFile(path)).run({ topic: "tools" }, { llm });
    expect(step.failure).toBeUndefined();
    expect(step.return).toEqual([{ id: 2, title: "On tools" }]);
    expect(seen).toHaveLength(1);
  });

  it("passes the options on to every agent it loads", async () => {
    const loaded = await loadAgentFile(path, { limits: { maxSteps: 1234 } });
    const child = (loaded.definition.tools["summarizer"] as AgentTool).agent;
    expect(loaded.definition.limits).toEqual({ maxSteps: 1234 });
    expect(child.definition.limits).toEqual({ maxSteps: 1234 });
  });
});

describe("sharing and recursion", () => {
  it("loads a file used by two agents once", async () => {
    const root = folder({
      "a.agent.md": "---\ntools: [b, c]\n---\nGo.\n",
      "b.agent.md": "---\ndescription: B\ntools: [d]\n---\nGo.\n",
      "c.agent.md": "---\ndescription: C\ntools: [d]\n---\nGo.\n",
      "d.agent.md": "---\ndescription: D\ntools: [self]\n---\nGo.\n",
    });
    const a = await loadAgentFile(join(root, "a.agent.md"));
    const b = (a.definition.tools["b"] as AgentTool).agent;
    const c = (a.definition.tools["c"] as AgentTool).agent;
    expect(b.definition.tools["d"]).toBeDefined();
    expect((b.definition.tools["d"] as AgentTool).agent).toBe((c.definition.tools["d"] as AgentTool).agent);
  });

  it("names tools by the map form's keys", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  again: self\n  helper: b\n  find:\n    from: ./t.mjs#f\n---\nGo.\n",
      "b.agent.md": "---\ndescription: B\n---\nGo.\n",
      "t.mjs": "export const f = () => 1;\n",
    });
    const a = await loadAgentFile(join(root, "a.agent.md"));
    expect(Object.keys(a.definition.tools)).toEqual(["again", "helper", "find"]);
    expect(a.definition.tools["again"]).toBe(SELF);
    expect(typeof (a.definition.tools["find"] as ToolDefinition).fn).toBe("function");
  });
});

describe("errors, with file:line:col", () => {
  it("a sibling used as a tool without a description", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  - self\n  - helper\n---\nGo.\n",
      "helper.agent.md": "---\nmaxTurns: 2\n---\nHelp.\n",
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:4:5: agent helper (helper.agent.md) has no description — an agent used as a tool needs one: add description: to the front matter of helper.agent.md`,
    );
  });

  it("a missing sibling, with a suggestion", async () => {
    const root = folder({
      "a.agent.md": "---\ntools: [helpr]\n---\nGo.\n",
      "helper.agent.md": "---\ndescription: H\n---\nHelp.\n",
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:2:9: no agent file helpr.agent.md in ${root} — did you mean helper?`,
    );
  });

  it("a cycle between agent files", async () => {
    const root = folder({
      "a.agent.md": "---\ndescription: A\ntools: [b]\n---\nGo.\n",
      "b.agent.md": "---\ndescription: B\ntools:\n  - self\n  - a\n---\nGo.\n",
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "b.agent.md")}:5:5: agent files use each other in a cycle: a.agent.md → b.agent.md → a.agent.md — an agent calls itself through the self tool`,
    );
  });

  it("an agent that names its own file", async () => {
    const root = folder({ "a.agent.md": "---\ndescription: A\ntools: [a]\n---\nGo.\n" });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:3:9: agent files use each other in a cycle: a.agent.md → a.agent.md — an agent calls itself through the self tool`,
    );
  });

  it("an error inside a sibling names the sibling's file", async () => {
    const root = folder({
      "a.agent.md": "---\ntools: [b]\n---\nGo.\n",
      "b.agent.md": "---\ndescription: B\nmaxTurn: 2\n---\nGo.\n",
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "b.agent.md")}:3:1: unknown key maxTurn — did you mean maxTurns?`,
    );
  });

  it("a missing export, with the module's exports as a suggestion", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  - from: ./tools/search.ts#serchPapers\n---\nGo.\n",
      "tools/search.ts": SEARCH_TS,
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:3:11: tool module ./tools/search.ts has no export serchPapers — did you mean searchPapers?`,
    );
  });

  it("a missing export without a near name lists the exports", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  - from: ./tools/search.ts#lookup\n---\nGo.\n",
      "tools/search.ts": SEARCH_TS,
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:3:11: tool module ./tools/search.ts has no export lookup — its exports are: limit, searchPapers`,
    );
  });

  it("an export that is not a function", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  - from: ./tools/search.ts#limit\n---\nGo.\n",
      "tools/search.ts": SEARCH_TS,
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:3:11: export limit of ./tools/search.ts is a number, not a function — export the tool's function`,
    );
  });

  it("a module that is not there, with a suggestion", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  - from: ./tools/serch.ts#searchPapers\n---\nGo.\n",
      "tools/search.ts": SEARCH_TS,
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:3:11: tool module ./tools/serch.ts not found — did you mean ./tools/search.ts?`,
    );
  });

  it("a module that fails to import", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  - from: ./bad.mjs#f\n---\nGo.\n",
      "bad.mjs": "throw new Error('no database');\n",
    });
    expect(await loadError(join(root, "a.agent.md"))).toBe(
      `${join(root, "a.agent.md")}:3:11: cannot import tool module ./bad.mjs: no database`,
    );
  });

  it.each([
    ["an endless loop", "loop.mjs", "while (true) {}\nexport const f = () => 1;\n"],
    ["a top-level await that never settles", "wait.mjs", "await new Promise(() => {});\nexport const f = () => 1;\n"],
    ["an endless loop in TypeScript", "loop.ts", "while (true) {}\nexport const f = (): number => 1;\n"],
  ])(
    "a module whose top-level code never ends (%s) is an error within the import time limit",
    async (_, file, code) => {
      const root = folder({ "a.agent.md": `---\ntools:\n  - from: ./${file}#f\n---\nGo.\n`, [file]: code });
      const t0 = performance.now();
      const error = await loadAgentFile(join(root, "a.agent.md"), { importTimeoutMs: 1500 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AgentFileError);
      expect((error as AgentFileError).format()).toBe(
        `${join(root, "a.agent.md")}:3:11: cannot import tool module ./${file}: it did not finish loading within 1500 ms (an endless loop, or a top-level await that never settles?)`,
      );
      expect(performance.now() - t0).toBeLessThan(10_000);
    },
  );

  it("a module that loads is imported once more in the process (the probe's copy is separate)", async () => {
    const root = folder({
      "a.agent.md": "---\ntools:\n  - from: ./count.mjs#f\n---\nGo.\n",
      "count.mjs":
        "globalThis.__ptccProbeCount = (globalThis.__ptccProbeCount ?? 0) + 1;\nexport const f = () => globalThis.__ptccProbeCount;\n",
    });
    const agent = await loadAgentFile(join(root, "a.agent.md"));
    const tool = agent.definition.tools["f"] as ToolDefinition;
    expect(tool.fn({}, { agent: "a", depth: 0, turn: 1, signal: new AbortController().signal, idempotencyKey: "k:1#0" })).toBe(1);
  });

  it("a module that listens on a port at its top level can listen again when imported for real", async () => {
    const port = await new Promise<number>((res) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: p } = probe.address() as AddressInfo;
        probe.close(() => res(p));
      });
    });
    const root = folder({
      "a.agent.md": "---\ntools:\n  - from: ./serve.mjs#f\n  - from: ./other.mjs#g\n---\nGo.\n",
      "serve.mjs": [
        'import { createServer } from "node:http";',
        "const server = createServer();",
        `await new Promise((ok, no) => { server.once("error", no); server.listen(${port}, "127.0.0.1", ok); });`,
        "globalThis.__ptccServer = server;",
        "export const f = () => 1;",
        "",
      ].join("\n"),
      "other.mjs": "export const g = () => 2;\n",
    });
    try {
      const agent = await loadAgentFile(join(root, "a.agent.md"));
      expect(Object.keys(agent.definition.tools)).toEqual(["f", "g"]);
    } finally {
      const server = (globalThis as { __ptccServer?: Server }).__ptccServer;
      await new Promise((res) => (server === undefined ? res(null) : server.close(res)));
    }
  });

  it.each([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 31], ["10"]])(
    "importTimeoutMs %s is an error that says what it must be",
    async (given) => {
      const root = folder({ "a.agent.md": "---\nname: a\n---\nGo.\n" });
      const error = await loadAgentFile(join(root, "a.agent.md"), { importTimeoutMs: given as number }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PtcError);
      expect((error as PtcError).kind).toBe("definition");
      expect((error as PtcError).message).toMatch(/^importTimeoutMs must be (an integer of at least 0|at most 2147483647), got /);
    },
  );

  it("a file that is not there", async () => {
    const root = folder({});
    expect(await loadError(join(root, "nope.agent.md"))).toBe(`${join(root, "nope.agent.md")}: agent file not found`);
  });

  it("a file larger than 1 MB", async () => {
    const root = folder({ "big.agent.md": `---\nname: big\n---\n${"x".repeat(MAX_AGENT_FILE_SIZE)}` });
    expect(await loadError(join(root, "big.agent.md"))).toBe(
      `${join(root, "big.agent.md")}: the agent file is ${MAX_AGENT_FILE_SIZE + 18} bytes, more than ${MAX_AGENT_FILE_SIZE} — agent files hold a prompt and options; keep data in the input`,
    );
  });

  it("are AgentFileErrors of kind definition", async () => {
    const root = folder({ "a.agent.md": "---\ntools: [b]\n---\nGo.\n" });
    const error = await loadAgentFile(join(root, "a.agent.md")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentFileError);
    expect((error as AgentFileError).kind).toBe("definition");
    expect((error as AgentFileError).span).toMatchObject({ line: 2, column: 9 });
  });
});
