/**
 * `ptcc mcp`, started as a child process (the built command) and driven with the MCP
 * client package: over stdio — lisp_eval with sessions, errors and limits, the example
 * agents as tools with their schemas and structured results — and over Streamable HTTP
 * on 127.0.0.1 with a bearer token.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, eventually, STDIO_SERVER } from "../mcp/helpers.js";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "ptcc.js");
const dir = mkdtempSync(join(tmpdir(), "ptcc-mcp-cli-"));

/** The scripts of the example agents, by agent, so calls in any order get their replies. */
const script = join(dir, "script.json");
writeFileSync(
  script,
  JSON.stringify({
    expenses: JSON.parse(readFileSync(join(ROOT, "examples/scripts/expenses.json"), "utf8")) as string[],
    search: ['```clojure\n(fail "no catalog today")\n```'],
  }),
);

type CallResult = { content: { type: string; text?: string }[]; structuredContent?: unknown; isError?: boolean };
const text = (r: CallResult): string => r.content.map((c) => c.text ?? "").join("\n");

describe("ptcc mcp over stdio", () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "ptcc-test", version: "1" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp", "examples/agents", "--llm", `script:${script}`, "--timeout", "1000"],
        cwd: ROOT,
        stderr: "ignore",
      }),
    );
  });
  afterAll(() => client.close());

  it("lists lisp_eval and one tool per agent file, with the signature's parameters as the input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "lisp_eval",
      "expenses",
      "labels",
      "research",
      "search",
      "summarize",
      "support",
      "triage",
    ]);
    // Signatures v2 reach MCP clients as JSON Schema: a literal union is an enum.
    const triage = tools.find((t) => t.name === "triage")!;
    expect(triage.inputSchema).toMatchObject({ properties: { mode: { enum: ["fast", "thorough"] } } });
    expect(triage.outputSchema).toMatchObject({
      properties: {
        status: {
          type: "string",
          enum: ["open", "pending", "closed"],
          description: "the state the ticket should move to",
        },
        priority: { type: "integer", minimum: 1, maximum: 5 },
      },
    });
    const expenses = tools.find((t) => t.name === "expenses")!;
    expect(expenses.description).toBe("Total the expenses of one category.");
    expect(expenses.inputSchema).toMatchObject({
      type: "object",
      properties: {
        expenses: {
          type: "array",
          description: "The expense reports of the quarter, one per line item.",
          items: { type: "object", properties: { id: { type: "integer" } } },
        },
        category: { type: "string", description: "The category to total, e.g. travel." },
      },
      required: ["expenses", "category"],
    });
    expect(expenses.outputSchema).toMatchObject({
      type: "object",
      properties: { total: { type: "number" }, count: { type: "integer" } },
    });
  });

  it("lisp_eval: the printed value and the value as JSON; println output", async () => {
    const r = (await client.callTool({
      name: "lisp_eval",
      arguments: { program: '(println "hi") (->> data/xs (map inc) (reduce +))', context: { xs: [1, 2, 3] } },
    })) as CallResult;
    expect(r.isError).toBeFalsy();
    expect(text(r)).toBe("9");
    expect(r.structuredContent).toEqual({ printed: "9", value: 9, output: ["hi"] });
  });

  it("lisp_eval: a session keeps its defs between calls; others do not see them", async () => {
    await client.callTool({ name: "lisp_eval", arguments: { program: "(def n 41)", session: "s1" } });
    const again = (await client.callTool({
      name: "lisp_eval",
      arguments: { program: "(inc n)", session: "s1" },
    })) as CallResult;
    expect(text(again)).toBe("42");
    const other = (await client.callTool({
      name: "lisp_eval",
      arguments: { program: "(inc n)", session: "s2" },
    })) as CallResult;
    expect(other.isError).toBe(true);
    expect(text(other)).toBe("error[undefined]: undefined symbol n at 1:6");
  });

  it("lisp_eval: errors with their position, and the limits of ptcc eval", async () => {
    const r = (await client.callTool({ name: "lisp_eval", arguments: { program: "(loop [] (recur))" } })) as CallResult;
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^error\[limit\]: step limit exceeded/);
    const big = (await client.callTool({ name: "lisp_eval", arguments: { program: "(count (range))" } })) as CallResult;
    expect(text(big)).toMatch(/^error\[limit\]: collection size limit exceeded/);
    const bad = (await client.callTool({ name: "lisp_eval", arguments: { program: 3 } })) as CallResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain("program: expected a string");
  });

  it("an agent tool runs the agent: its return value as structured content", async () => {
    const input = JSON.parse(readFileSync(join(ROOT, "examples/data/expenses.json"), "utf8")) as Record<
      string,
      unknown
    >;
    const r = (await client.callTool({ name: "expenses", arguments: input })) as CallResult;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ total: 622.5, count: 3 });
    expect(JSON.parse(text(r))).toEqual({ total: 622.5, count: 3 });
  });

  it("a failing agent, or input that does not match, is an error result saying why", async () => {
    const failed = (await client.callTool({ name: "search", arguments: { query: "lamp" } })) as CallResult;
    expect(failed.isError).toBe(true);
    expect(text(failed)).toBe("agent search failed (fail): no catalog today");
    const wrong = (await client.callTool({ name: "expenses", arguments: { category: 3 } })) as CallResult;
    expect(wrong.isError).toBe(true);
    expect(text(wrong)).toMatch(/^agent expenses failed \(input\): the input does not match/);
  });
});

describe("ptcc mcp over stdio with a tool that prints", () => {
  it("what tool modules print goes to stderr, not into the protocol", async () => {
    const noisy = mkdtempSync(join(tmpdir(), "ptcc-mcp-noisy-"));
    writeFileSync(
      join(noisy, "tools.mjs"),
      'export function shout(args) { console.log("LOUD"); console.info("LOUD"); return String(args.word).toUpperCase(); }\n',
    );
    writeFileSync(
      join(noisy, "loud.agent.md"),
      '---\ndescription: Shouts.\nsignature: "(word :string) -> :string"\ntools:\n  - from: ./tools.mjs#shout\n---\nShout {{word}}.\n',
    );
    const replies = join(noisy, "script.json");
    writeFileSync(replies, JSON.stringify(["```clojure\n(return (tool/shout {:word data/word}))\n```"]));
    // Spoken by hand, so that every line ptcc writes to stdout can be checked.
    const child = spawn(process.execPath, [BIN, "mcp", noisy, "--llm", `script:${replies}`], { cwd: ROOT });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (out += t));
    const send = (m: object): boolean => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "loud", arguments: { word: "hey" } } });
    expect(await eventually(() => out.includes('"id":2'), 20_000)).toBe(true);
    child.stdin.end();
    await new Promise((resolve) => child.once("exit", resolve));
    const lines = out.trimEnd().split("\n");
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    const answer = lines.map((l) => JSON.parse(l) as { id?: number; result?: CallResult }).find((m) => m.id === 2);
    expect(answer?.result?.structuredContent).toEqual({ result: "HEY" });
  });
});

describe("ptcc mcp --http", () => {
  let child: ChildProcess;
  let url = "";
  let token = "";
  beforeAll(async () => {
    child = spawn(process.execPath, [BIN, "mcp", "examples/agents", "--http", "0"], { cwd: ROOT });
    let err = "";
    await new Promise<void>((resolve, reject) => {
      child.stderr!.setEncoding("utf8").on("data", (s: string) => {
        err += s;
        const u = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
        const t = /Authorization: Bearer (\S+)/.exec(err);
        if (u && t) {
          url = u[1]!;
          token = t[1]!;
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`ptcc mcp exited ${code}: ${err}`)));
    });
  });
  afterAll(async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  });

  it("serves on 127.0.0.1 with the bearer token", async () => {
    const client = new Client({ name: "ptcc-test", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const r = (await client.callTool({
        name: "lisp_eval",
        arguments: { program: '(str/upper-case "ok")' },
      })) as CallResult;
      expect(r.structuredContent).toMatchObject({ printed: '"OK"', value: "OK" });
    } finally {
      await client.close();
    }
  });

  it("refuses requests without the token", async () => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    const wrong = await fetch(url, { method: "POST", headers: { authorization: "Bearer nope" }, body: "{}" });
    expect(wrong.status).toBe(401);
  });
});

describe("ptcc run with an agent file's MCP server", () => {
  const agent = (pidFile: string): string => {
    const path = join(dir, `mcp-${pidFile}.agent.md`);
    writeFileSync(
      path,
      [
        "---",
        "mcp:",
        `  - command: ${JSON.stringify(process.execPath)}`,
        `    args: [${JSON.stringify(STDIO_SERVER)}]`,
        `    env: { PTCC_TEST_PID_FILE: ${pidFile} }`,
        "---",
        "Add.",
      ].join("\n"),
    );
    return path;
  };
  const scripted = (name: string, program: string): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify([`\`\`\`clojure\n${program}\n\`\`\``]));
    return `script:${path}`;
  };

  it("starts the server for the run and stops it when the run ends", async () => {
    const r = spawnSync(
      process.execPath,
      [BIN, "run", agent("pid-a"), "--llm", scripted("add.json", "(return (tool/add {:a 1 :b 2}))"), "--json"],
      { cwd: ROOT, encoding: "utf8", timeout: 30_000 },
    );
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { return: unknown }).return).toEqual({ sum: 3 });
    const pid = Number(readFileSync(join(dir, "pid-a"), "utf8"));
    expect(await eventually(() => !alive(pid))).toBe(true);
  });

  it("Ctrl-C while a tool waits cancels the run and stops the server", async () => {
    const child = spawn(
      process.execPath,
      [BIN, "run", agent("pid-b"), "--llm", scripted("slow.json", "(tool/slow {})")],
      {
        cwd: ROOT,
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const pidFile = join(dir, "pid-b");
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "", 20_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(await eventually(() => !alive(Number(readFileSync(pidFile, "utf8"))))).toBe(true);
  });
});

describe("ptcc mcp: usage errors exit 2", () => {
  it.each([
    [["mcp", "no-such-folder"], "ptcc: no-such-folder: no such folder\n"],
    [["mcp", "examples", "--http", "70000"], "ptcc: --http needs a port from 0 to 65535\n"],
    [["mcp", "examples/data"], "ptcc: examples/data: no .agent.md files\n"],
  ])("ptcc %j", (args, err) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: "utf8", timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(err);
  });
});

describe("ptcc mcp keeps the firewall from its client (usually a model)", () => {
  const agents = mkdtempSync(join(tmpdir(), "ptcc-mcp-firewall-"));
  const EMAIL = "ann.example@customer-mail.test";
  writeFileSync(
    join(agents, "tools.mjs"),
    `export function customer() { return { id: 7, _email: ${JSON.stringify(EMAIL)} }; }\n`,
  );
  writeFileSync(
    join(agents, "contact.agent.md"),
    [
      "---",
      "description: The contact line of a customer.",
      'signature: "() -> {line :string, _raw :string}"',
      "tools:",
      "  - from: ./tools.mjs#customer",
      "    signature: () -> {id :int, _email :string}",
      "---",
      "Write the contact line of customer 7.",
      "",
    ].join("\n"),
  );
  const replies = join(agents, "script.json");
  writeFileSync(
    replies,
    JSON.stringify([
      '```clojure\n(def c (tool/customer {}))\n(return {:line (str "mail " (:_email c)) :_raw (:_email c)})\n```',
    ]),
  );
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "ptcc-test", version: "1" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp", agents, "--llm", `script:${replies}`],
        cwd: ROOT,
        stderr: "ignore",
      }),
    );
  });
  afterAll(() => client.close());

  it("a firewalled value copied into an ordinary field reaches the client as <Firewalled>", async () => {
    const r = (await client.callTool({ name: "contact", arguments: {} })) as CallResult;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ line: "mail <Firewalled>" });
    expect(JSON.stringify(r)).not.toContain(EMAIL);
  });
});
