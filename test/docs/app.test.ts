/**
 * The README's "Add ptcc to your app" section, as an app runs it: its TypeScript is
 * examples/app/app.ts and its agent file examples/app/agents/triage.agent.md, word for
 * word; the app runs with Node (tsx for TypeScript) importing "ptcc" as a package (the
 * built one), and every `npx ptcc` line runs from examples/app, all against a local
 * stand-in for the OpenAI API.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../llm/server.js";

const ROOT = join(__dirname, "..", "..");
const APP = join(ROOT, "examples", "app");
const BIN = join(ROOT, "bin", "ptcc.js");

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const section = readme.slice(
  readme.indexOf("## Add ptcc to your app"),
  readme.indexOf("\n## ", readme.indexOf("## Add ptcc to your app") + 3),
);

/** The fenced blocks of the section with the given info string. */
function blocks(info: string): string[] {
  return [...section.matchAll(new RegExp("```" + info + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
}

/** What the model answers: one program that sorts the tickets. */
const PROGRAM = [
  "```clojure",
  "(let [ts (tool/tickets)",
  '      urgent? #(re-find #"(?i)log in|locked" (str (:subject %) " " (:body %)))]',
  "  (return {:urgent (mapv :id (filter urgent? ts))",
  "           :later (mapv :id (remove urgent? ts))}))",
  "```",
].join("\n");
const COMPLETION = {
  status: 200,
  body: {
    model: "gpt-4o-mini",
    choices: [{ index: 0, message: { role: "assistant", content: PROGRAM }, finish_reason: "stop" }],
    usage: { prompt_tokens: 700, completion_tokens: 60 },
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A command run from examples/app with the model's API on the local server. */
function run(command: string, args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.url, NO_COLOR: "1" };
    const child = spawn(command, args, { cwd: APP, env });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out, err }));
  });
}

describe("README: Add ptcc to your app", () => {
  it("shows examples/app/app.ts and the agent file word for word", () => {
    expect(blocks("ts")).toEqual([readFileSync(join(APP, "app.ts"), "utf8")]);
    const file = blocks("md")[0];
    expect(file).toBe(readFileSync(join(APP, "agents", "triage.agent.md"), "utf8"));
  });

  it("the app runs with Node, importing the package, and prints the return value", async () => {
    server.reset();
    server.answer(COMPLETION);
    const r = await run(process.execPath, ["--import", "tsx", "app.ts"]);
    expect(r.err).toBe("");
    expect(r.out).toBe("{ urgent: [ 1, 3 ], later: [ 2 ] }\n");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe("/v1/chat/completions");
    expect((server.requests[0]!.body as { model: string }).model).toBe("gpt-4o-mini");
  });

  const commands = section
    .split("\n")
    .filter((l) => l.startsWith("npx ptcc "))
    .map((l) => l.replace(/\s+#.*$/, "").slice("npx ptcc ".length));
  it("has the commands", () => expect(commands.length).toBeGreaterThanOrEqual(2));

  it.each(commands.map((c) => [c]))("npx ptcc %s", async (command) => {
    server.reset();
    server.answer(COMPLETION);
    const r = await run(process.execPath, [BIN, ...command.split(" ")]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    if (command.includes("--dry-run")) {
      expect(r.out).toContain("── tokens per section");
      expect(server.requests).toHaveLength(0);
    } else if (command.includes("--json")) {
      expect(JSON.parse(r.out)).toMatchObject({ ok: true, return: { urgent: [1, 3], later: [2] } });
    } else expect(r.out).toContain('✓ return: {"urgent":[1,3],"later":[2]}');
    const llm = /--llm openai:(\S+)/.exec(command)?.[1] ?? "gpt-4o-mini";
    for (const req of server.requests) expect((req.body as { model: string }).model).toBe(llm);
  });
});
