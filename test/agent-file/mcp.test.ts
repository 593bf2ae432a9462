/**
 * `mcp:` in agent files: the entries parsed with positions, and the servers' lifecycle —
 * started when a run starts (a child agent's when the child runs), stopped when the run
 * ends, on success, failure, timeout and cancellation; a server that cannot start fails
 * the run with the entry's position.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentFileError, loadAgentFile, parseAgentFile } from "../../src/agent-file/index.js";
import type { Llm } from "../../src/llm/types.js";
import { clj, mission, recording } from "../agent/helpers.js";
import { alive, eventually, STDIO_SERVER } from "../mcp/helpers.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function folder(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), "ptcc-mcp-agent-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

const NODE = JSON.stringify(process.execPath);
const SERVER = JSON.stringify(STDIO_SERVER);

/** A stdio entry for the test server that writes its pid to `pidFile` (relative to the agent's folder). */
const stdioEntry = (pidFile: string, extra = ""): string =>
  `  - command: ${NODE}\n    args: [${SERVER}]\n    env: { PTCC_TEST_PID_FILE: ${JSON.stringify(pidFile)} }\n${extra}`;

const agentFile = (front: string, prompt = "Use the tools."): string => `---\n${front}\n---\n${prompt}\n`;

function parseError(text: string): string {
  try {
    parseAgentFile(text, "a.agent.md");
  } catch (e) {
    if (e instanceof AgentFileError) return e.format();
    throw e;
  }
  throw new Error("parsed without error");
}

describe("parsing mcp:", () => {
  it("reads a list of stdio and HTTP servers, and the map form with names", () => {
    const list = parseAgentFile(
      agentFile(
        [
          "mcp:",
          "  - command: npx",
          "    args: [-y, some-server, --port, 8080, true]",
          "    env: { ROOT: ./data, N: 3 }",
          "    cwd: ./tools",
          "    include: [read_file]",
          "    prefix: fs-",
          "  - url: https://example.com/mcp",
          '    headers: { Authorization: "Bearer ${TOKEN}" }',
        ].join("\n"),
      ),
      "a.agent.md",
    );
    expect(list.mcp?.map(({ span, ...e }) => ({ ...e, line: span.line }))).toEqual([
      {
        server: {
          kind: "stdio",
          command: "npx",
          args: ["-y", "some-server", "--port", "8080", "true"],
          env: { ROOT: "./data", N: "3" },
          cwd: "./tools",
        },
        include: ["read_file"],
        prefix: "fs-",
        line: 3,
      },
      {
        server: { kind: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
        line: 9,
      },
    ]);
    const map = parseAgentFile(agentFile("mcp:\n  files:\n    command: node\n    args: [s.mjs]"), "a.agent.md");
    expect(map.mcp?.[0]).toMatchObject({ name: "files", server: { kind: "stdio", command: "node", args: ["s.mjs"] } });
  });

  it.each<[string, string, string]>([
    [
      "not a list",
      "mcp: node s.mjs",
      'a.agent.md:2:6: mcp must be a list or a map of MCP servers, got string "node s.mjs" — write "- command: node" with "args: [./server.mjs]", or "- url: http://127.0.0.1:3000/mcp"',
    ],
    [
      "neither",
      "mcp:\n  - args: [x]",
      `a.agent.md:3:5: an MCP server needs a command (stdio) or a url (Streamable HTTP) — write "- command: node" with "args: [./server.mjs]", or "- url: http://127.0.0.1:3000/mcp"`,
    ],
    [
      "both",
      "mcp:\n  - command: x\n    url: http://h/mcp",
      `a.agent.md:3:5: an MCP server has either a command or a url, not both — write "- command: node" with "args: [./server.mjs]", or "- url: http://127.0.0.1:3000/mcp"`,
    ],
    [
      "an unknown key",
      "mcp:\n  - command: x\n    arg: [a]",
      "a.agent.md:4:5: unknown key arg in an MCP server — did you mean args?",
    ],
    [
      "headers for stdio",
      "mcp:\n  - command: x\n    headers: {a: b}",
      "a.agent.md:4:14: headers is for Streamable HTTP (url) servers",
    ],
    [
      "env for http",
      "mcp:\n  - url: http://h/mcp\n    env: {a: b}",
      "a.agent.md:4:10: env is for stdio (command) servers",
    ],
    [
      "a url that is not http",
      "mcp:\n  - url: ftp://h/mcp",
      "a.agent.md:3:10: the url of an MCP server must start with http:// or https://, got ftp://h/mcp",
    ],
    [
      "args not a list",
      "mcp:\n  - command: x\n    args: a b",
      'a.agent.md:4:11: args must be a list, got string "a b" — write args: [a, b]',
    ],
    [
      "an env value that is a map",
      "mcp:\n  - command: x\n    env: {A: {b: 1}}",
      "a.agent.md:4:14: env.A must be a string, got a map",
    ],
    [
      "a bad prefix",
      "mcp:\n  - command: x\n    prefix: 9x",
      "a.agent.md:4:13: the prefix 9x cannot start a tool name — use letters, digits, - and _, starting with a letter (fs- or fs_)",
    ],
    [
      "text mode",
      "outputMode: text\nmcp:\n  - command: x",
      "a.agent.md:2:13: outputMode text cannot use tools — tools are called by programs: use outputMode lisp, or remove the tools",
    ],
  ])("%s", (_, front, message) => {
    expect(parseError(agentFile(front))).toBe(message);
  });
});

/** A model that answers by agent and turn; "hang" never answers (until the signal aborts). */
function byAgent(answers: Record<string, (string | "hang")[]>): Llm {
  const used = new Map<string, number>();
  return async (r) => {
    const n = used.get(r.agent) ?? 0;
    used.set(r.agent, n + 1);
    const a = answers[r.agent]?.[n];
    if (a === undefined) throw new Error(`no answer for ${r.agent} #${n}`);
    if (a === "hang") return new Promise<string>(() => {});
    return a;
  };
}

const pidIn = (dir: string, file: string): number => Number(readFileSync(join(dir, file), "utf8"));

describe("running an agent file with MCP servers", () => {
  it("each run starts the server and stops it when the run ends; include and prefix apply", async () => {
    const dir = folder({
      "calc.agent.md": agentFile(
        `signature: "(n :int) -> :int"\nmcp:\n${stdioEntry("pid", "    include: [add]\n    prefix: m-")}`,
      ),
    });
    const agent = await loadAgentFile(join(dir, "calc.agent.md"));
    const pids: number[] = [];
    for (const n of [1, 2]) {
      const { llm, requests } = recording([clj("(return (:sum (tool/m-add {:a data/n :b 10})))")]);
      const step = await agent.run({ n }, { llm });
      expect(step.ok).toBe(true);
      expect(step.return).toBe(n + 10);
      expect(mission(requests[0]!)).toContain("tool/m-add                    ; (a :float, b :float?) -> {sum :float}");
      expect(mission(requests[0]!)).not.toContain("files");
      const pid = pidIn(dir, "pid"); // the server's cwd is the agent file's folder
      pids.push(pid);
      expect(await eventually(() => !alive(pid))).toBe(true);
    }
    expect(pids[0]).not.toBe(pids[1]);
  });

  it("a child agent's server runs while the child does", async () => {
    const dir = folder({
      "parent.agent.md": agentFile('signature: "() -> :int"\ntools: [adder]'),
      "adder.agent.md": agentFile(
        `description: Adds.\nsignature: "(a :int) -> :int"\nmcp:\n${stdioEntry("child-pid")}`,
      ),
    });
    const agent = await loadAgentFile(join(dir, "parent.agent.md"));
    let during = false;
    const llm = byAgent({
      parent: [clj("(return (tool/adder {:a 41}))")],
      adder: [clj("(return (long (:sum (tool/add {:a data/a :b 1}))))")],
    });
    const step = await agent.run(
      {},
      {
        llm,
        trace: (e) => {
          if (e.type === "tool_call" && e.tool === "add") during = alive(pidIn(dir, "child-pid"));
        },
      },
    );
    expect(step.return).toBe(42);
    expect(during).toBe(true);
    expect(await eventually(() => !alive(pidIn(dir, "child-pid")))).toBe(true);
  });

  it("stops the server when the run times out or is cancelled", async () => {
    const dir = folder({
      "slow.agent.md": agentFile(`missionTimeoutMs: 1500\nmcp:\n${stdioEntry("pid")}`),
    });
    const agent = await loadAgentFile(join(dir, "slow.agent.md"));
    const timedOut = await agent.run({}, { llm: byAgent({ slow: ["hang"] }) });
    expect(timedOut.failure?.kind).toBe("timeout");
    expect(await eventually(() => !alive(pidIn(dir, "pid")))).toBe(true);

    const controller = new AbortController();
    const run = agent.run(
      {},
      {
        llm: byAgent({ slow: ["hang"] }),
        signal: controller.signal,
        onLlmStart: () => setTimeout(() => controller.abort(), 20),
      },
    );
    const cancelled = await run;
    expect(cancelled.failure?.kind).toBe("cancelled");
    expect(await eventually(() => !alive(pidIn(dir, "pid")))).toBe(true);
  });

  it("a server that cannot start, or lacks a tool, fails the run as tools, with the entry's position", async () => {
    const dir = folder({
      "bad.agent.md": agentFile("mcp:\n  - command: ptcc-no-such-command-x"),
      "lacks.agent.md": agentFile(`mcp:\n${stdioEntry("pid", "    include: [ad]")}`),
      "clash.agent.md": agentFile(`signature: "(add :int) -> :any"\nmcp:\n${stdioEntry("pid2")}`),
    });
    const llm = byAgent({});
    const bad = await (await loadAgentFile(join(dir, "bad.agent.md"))).run({}, { llm });
    expect(bad.failure?.kind).toBe("tools");
    expect(bad.failure?.reason).toMatch(
      /^.*bad\.agent\.md:3:5: MCP server ptcc-no-such-command-x could not be started or reached: /,
    );
    const lacks = await (await loadAgentFile(join(dir, "lacks.agent.md"))).run({}, { llm });
    expect(lacks.failure?.reason).toMatch(
      /lacks\.agent\.md:3:5: MCP server .* has no tool "ad" — its tools are: add, /,
    );
    const clash = await (await loadAgentFile(join(dir, "clash.agent.md"))).run({ add: 1 }, { llm });
    expect(clash.failure?.kind).toBe("tools");
    expect(clash.failure?.reason).toMatch(
      /^agent clash: the tool add of MCP server .* is also a parameter of the agent — give the server a prefix, or leave the tool out with include$/,
    );
    expect(await eventually(() => !alive(pidIn(dir, "pid2")))).toBe(true);
  });

  it("${VAR} is read from the environment when the file is loaded; an unset one is an error at the entry", async () => {
    const dir = folder({
      "env.agent.md": agentFile(`mcp:\n${stdioEntry("${PTCC_TEST_PID_NAME}")}`),
    });
    const path = join(dir, "env.agent.md");
    delete process.env["PTCC_TEST_PID_NAME"];
    const error = await loadAgentFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentFileError);
    expect((error as AgentFileError).format()).toBe(
      `${path}:3:5: the environment variable PTCC_TEST_PID_NAME (in env.PTCC_TEST_PID_FILE of an MCP server) is not set — set PTCC_TEST_PID_NAME, or write the value itself`,
    );
    process.env["PTCC_TEST_PID_NAME"] = "from-env";
    try {
      const agent = await loadAgentFile(path);
      const step = await agent.run({}, { llm: byAgent({ env: [clj("(return (tool/add {:a 1}))")] }) });
      expect(step.ok).toBe(true);
      expect(pidIn(dir, "from-env")).toBeGreaterThan(0);
    } finally {
      delete process.env["PTCC_TEST_PID_NAME"];
    }
  });
});
