/**
 * `mcpTools` against real MCP servers built with @modelcontextprotocol/server: a stdio
 * server started as a child process and a Streamable HTTP server on 127.0.0.1 — listing,
 * names, signatures in the prompt, calls from programs, structured and text results,
 * error results, a client the caller connected, a server that dies mid-run, close().
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/define.js";
import type { ToolContext } from "../../src/agent/types.js";
import { McpError, mcpTools, type McpTools } from "../../src/mcp/index.js";
import { clj, mission, recording } from "../agent/helpers.js";
import { rejection } from "../llm/server.js";
import { alive, eventually, STDIO_SERVER } from "./helpers.js";
import { startHttpServer, type HttpTestServer } from "./servers/http.js";

const stdio = (env: Record<string, string> = {}) => ({ command: process.execPath, args: [STDIO_SERVER], env });
const context = (): ToolContext => ({
  agent: "a",
  depth: 0,
  turn: 1,
  signal: new AbortController().signal,
  idempotencyKey: "k:1#0",
});

describe("mcpTools over stdio", () => {
  let mcp: McpTools;
  let pidFile: string;
  beforeAll(async () => {
    pidFile = join(mkdtempSync(join(tmpdir(), "ptcc-mcp-")), "pid");
    mcp = await mcpTools(stdio({ PTCC_TEST_PID_FILE: pidFile }));
  });
  afterAll(() => mcp.close());

  it("lists the server's tools under names programs can call, with the mapping", () => {
    expect(Object.keys(mcp.tools)).toEqual(["add", "files-read", "echo", "boom", "slow", "die"]);
    expect(mcp.names["files-read"]).toBe("files.read");
  });

  it("runs an agent whose programs call them: signatures and the mapping in the prompt", async () => {
    const { llm, requests } = recording([
      clj(
        [
          "(def s (tool/add {:a 2 :b 40}))",
          '(def f (tool/files-read {:path "notes.txt" :max-lines 3 :mode nil}))',
          "(def e (tool/echo {:tag nil :note nil :opts {:dry-run true}}))",
          "[s f e]",
        ].join("\n"),
      ),
      clj("(return (:sum s))"),
    ]);
    const agent = defineAgent({ name: "m", prompt: "Use the tools.", tools: mcp.tools, maxTurns: 2 });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(step.return).toBe(42);
    const prompt = mission(requests[0]!);
    expect(prompt).toContain(
      "tool/add                      ; (a :float, b :float?) -> {sum :float}\n;;   Add two numbers.",
    );
    expect(prompt).toContain(
      [
        'tool/files-read               ; (path :string[1..] "The file to read", mode :enum[text lines]?, max-lines :int[1..]?) -> :any',
        ";;   Read a file.",
        ';;   (MCP tool "files.read")',
        ';;   mode: default "text"',
        ';;   "with.meta": boolean, with a string key',
      ].join("\n"),
    );
    const calls = step.turns[0]!.toolCalls;
    expect(calls.map((c) => [c.name, c.result])).toEqual([
      ["add", { sum: 42 }],
      // `max_lines` went back as `max-lines`, and the nil mode was dropped.
      ["files-read", 'read {"path":"notes.txt","max-lines":3}'],
      // nil for a value that may be null is kept; for one that may not, dropped.
      ["echo", { args: { note: null, opts: { "dry-run": true } } }],
    ]);
  });

  it("a tool that answers with JSON text is read with json/parse-string", async () => {
    // files-read answers `read {...}` as text: the JSON after "read " becomes data.
    const { llm } = recording([
      clj('(def r (tool/files-read {:path "notes.txt" :max-lines 3}))\n(return (json/parse-string (subs r 5) true))'),
    ]);
    const agent = defineAgent({ name: "m", prompt: "Go.", tools: mcp.tools, maxTurns: 1 });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ path: "notes.txt", "max-lines": 3 });
  });

  it("an error result is a tool error the model sees; arguments outside the schema's bounds are stopped before the call", async () => {
    const { llm, requests } = recording([
      clj("(tool/boom {})"),
      clj('(tool/files-read {:path ""})'),
      clj("(return 1)"),
    ]);
    const agent = defineAgent({ name: "m", prompt: "Go.", tools: mcp.tools, maxTurns: 3 });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(requests[1]!.messages.at(-1)!.content).toContain("tool/boom failed: the disk is on fire");
    // minLength 1 is the refinement :string[1..]: the call never reaches the server.
    expect(requests[2]!.messages.at(-1)!.content).toContain(
      "tool/files-read argument path: expected string of at least 1 character",
    );
  });

  it("an enum value a program writes as a keyword reaches the server as the schema's string", async () => {
    const { llm } = recording([clj('(return (tool/files-read {:path "a.txt" :mode :lines}))')]);
    const agent = defineAgent({ name: "m", prompt: "Read.", tools: mcp.tools, maxTurns: 1 });
    const step = await agent.run({}, { llm });
    expect(step.ok && step.return).toBe('read {"path":"a.txt","mode":"lines"}');
  });

  it("close() stops the server it started", async () => {
    const other = await mcpTools(stdio({ PTCC_TEST_PID_FILE: `${pidFile}2` }));
    const pid = Number(readFileSync(`${pidFile}2`, "utf8"));
    expect(alive(pid)).toBe(true);
    await other.close();
    expect(await eventually(() => !alive(pid))).toBe(true);
  });

  it("include picks tools (with a did-you-mean), prefix names them", async () => {
    const some = await mcpTools(stdio(), { include: ["files.read", "add"], prefix: "fs-" });
    try {
      expect(Object.keys(some.tools)).toEqual(["fs-files-read", "fs-add"]);
    } finally {
      await some.close();
    }
    const e = await rejection(mcpTools(stdio(), { include: ["file.read"] }));
    expect(e).toBeInstanceOf(McpError);
    expect(e.message).toBe(
      `MCP server ${process.execPath} ${STDIO_SERVER} has no tool "file.read" — did you mean files.read?`,
    );
  });

  it("a command that cannot start is an McpError naming it", async () => {
    const e = await rejection(mcpTools({ command: "ptcc-no-such-command-x" }));
    expect(e).toBeInstanceOf(McpError);
    expect(e.message).toMatch(/^MCP server ptcc-no-such-command-x could not be started or reached: /);
  });
});

describe("a server that dies mid-run", () => {
  it("the call that killed it and every later call fail as tool errors; the run goes on", async () => {
    const mcp = await mcpTools(stdio());
    try {
      const { llm, requests } = recording([clj("(tool/die {})"), clj("(tool/add {:a 1})"), clj('(return "gave up")')]);
      const agent = defineAgent({ name: "m", prompt: "Go.", tools: mcp.tools, maxTurns: 3 });
      const step = await agent.run({}, { llm });
      expect(step.ok).toBe(true);
      expect(step.return).toBe("gave up");
      expect(requests[1]!.messages.at(-1)!.content).toMatch(/tool\/die failed: MCP server .*: Connection closed/);
      expect(requests[2]!.messages.at(-1)!.content).toMatch(/tool\/add failed: MCP server .*: Not connected/);
    } finally {
      await mcp.close();
    }
  });
});

describe("mcpTools over Streamable HTTP", () => {
  let server: HttpTestServer;
  beforeAll(async () => {
    server = await startHttpServer("s3cret-token");
  });
  afterAll(() => server.close());

  it("sends the headers given; calls work as over stdio", async () => {
    const mcp = await mcpTools({ url: server.url, headers: { Authorization: "Bearer s3cret-token" } });
    try {
      expect(await mcp.tools["add"]!.fn({ a: 1, b: 2 }, context())).toEqual({ sum: 3 });
      await expect(mcp.tools["boom"]!.fn({}, context())).rejects.toThrow("the disk is on fire");
    } finally {
      await mcp.close();
    }
  });

  it("a refused connection is an McpError naming the URL, never the headers", async () => {
    const e = await rejection(mcpTools({ url: server.url, headers: { Authorization: "Bearer wrong-token-x" } }));
    expect(e).toBeInstanceOf(McpError);
    expect(e.message).toMatch(new RegExp(`^MCP server ${server.url} could not be started or reached: `));
    expect(e.message).not.toContain("wrong-token-x");
  });

  it("a call the turn gives up on is aborted", async () => {
    const mcp = await mcpTools({ url: server.url, headers: { Authorization: "Bearer s3cret-token" } });
    try {
      const controller = new AbortController();
      const call = mcp.tools["slow"]!.fn({}, { ...context(), signal: controller.signal }) as Promise<unknown>;
      setTimeout(() => controller.abort(), 50);
      const t0 = Date.now();
      await expect(call).rejects.toThrow();
      expect(Date.now() - t0).toBeLessThan(4000);
    } finally {
      await mcp.close();
    }
  });
});

describe("a client the caller connected", () => {
  it("is used as it is, and close() leaves it open", async () => {
    const client = new Client({ name: "test", version: "1" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [STDIO_SERVER] }));
    try {
      const mcp = await mcpTools(client, { include: ["add"] });
      await mcp.close();
      expect(await mcp.tools["add"]!.fn({ a: 20, b: 22 }, context())).toEqual({ sum: 42 });
    } finally {
      await client.close();
    }
    expect(existsSync(STDIO_SERVER)).toBe(true);
  });
});
