/**
 * `ptcc run`, run against the built command (`npm install` builds dist/): the three
 * example agents of examples/agents/ with their scripted models (exact return values,
 * turns and transcripts), the human output and the README's copy of it, the trace file,
 * every exit code, models named by agent files, token usage and Ctrl-C.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../llm/server.js";
import { openAiBody, openAiStream } from "../llm/streams.js";
import { EXPENSES, RESEARCH, SEARCH, SUPPORT } from "./example-runs.js";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "ptcc.js");

interface Ran {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Run `ptcc` from the project root (the examples' paths are relative to it). */
function ptcc(args: readonly string[], env: Readonly<Record<string, string>> = {}): Ran {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: "", ...env },
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/** The same, without blocking the event loop (for tests that serve HTTP in this process). */
function ptccAsync(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  whileRunning?: (child: ReturnType<typeof spawn>) => void,
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out, err }));
    whileRunning?.(child);
  });
}

const dir = mkdtempSync(join(tmpdir(), "ptcc-run-"));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

/** Timings are the one thing that changes between runs. */
const untimed = (s: string): string => s.replace(/ · \d+(?:\.\d)? m?s$/gm, " · N ms");

const RESEARCH_RETURN = {
  topic: "heat pumps in cold climates",
  briefs: [
    {
      title: "Field trial, northern Norway",
      summary: "Air-source heat pumps kept working at minus twenty degrees and cut heating bills by a third.",
      words: 34,
    },
    {
      title: "Installer survey",
      summary: "Sizing heat pumps for the coldest week rather than the average one removes nearly all complaints.",
      words: 22,
    },
  ],
  words: 56,
};

/** The parts of `--json` output that do not change between runs. */
function parsed(r: Ran): Record<string, unknown> {
  const lines = r.out.split("\n").filter((l) => l !== "");
  expect(lines).toHaveLength(1);
  const json = JSON.parse(lines[0]!) as Record<string, unknown>;
  expect(typeof json["durationMs"]).toBe("number");
  delete json["durationMs"];
  return json;
}

describe("ptcc run: the example agents (--json)", () => {
  it("expenses: one turn, the category's total and count", () => {
    const r = ptcc([...EXPENSES, "--json"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    const json = parsed(r);
    expect(json).toEqual({
      ok: true,
      agent: "expenses",
      return: { total: 622.5, count: 3 },
      turns: 1,
      usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteInputTokens: 0, llmRequests: 1 },
      transcript: [
        {
          turn: 1,
          program:
            "(let [xs (filter #(= (:category %) data/category) data/expenses)]\n  {:total (sum-by :amount xs)\n   :count (count xs)})",
          outcome: "return",
          result: "{:total 622.5, :count 3}",
          feedback: "",
        },
      ],
    });
  });

  it("search: follows the cursor over three pages with def, returns on turn 4", () => {
    const r = ptcc([...SEARCH, "--json"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    const json = parsed(r);
    expect(json["return"]).toEqual({
      count: 7,
      cheapest: [
        { id: 104, name: "Clip-on reading lamp", price: 19.99 },
        { id: 109, name: "Bedside lamp with USB port", price: 27.5 },
        { id: 103, name: "Paper floor lamp", price: 34.99 },
      ],
    });
    expect(json["turns"]).toBe(4);
    expect(json["usage"]).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: 0,
      cacheWriteInputTokens: 0,
      llmRequests: 4,
    });
    const transcript = json["transcript"] as { outcome: string; result?: string }[];
    expect(transcript.map((t) => t.outcome)).toEqual(["continue", "continue", "continue", "return"]);
    // The pages: 3 + 3 + 1 results, the cursor nil after the last.
    expect(transcript[1]!.result).toBe('{:so-far 6, :cursor "6"}');
    expect(transcript[2]!.result).toBe("{:so-far 7, :cursor nil}");
  });

  it("research: the child agent's replies come from the same script, in call order", () => {
    const r = ptcc([...RESEARCH, "--json"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    const json = parsed(r);
    expect(json["return"]).toEqual(RESEARCH_RETURN);
    // Two turns of the parent; four requests with the two summarize runs.
    expect(json["turns"]).toBe(2);
    expect(json["usage"]).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: 0,
      cacheWriteInputTokens: 0,
      llmRequests: 4,
    });
  });
});

describe("ptcc run: the support example (enums, a discriminated union, named types, a derived tool signature)", () => {
  it("calls the tool with an enum value and returns the union's answer branch", () => {
    const r = ptcc([...SUPPORT, "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const json = parsed(r);
    expect(json["return"]).toEqual({
      route: {
        action: "answer",
        reply:
          'See our article "Resetting your password": Use the link on the sign-in page; the mail comes within minutes.',
        articles: [1],
      },
      priority: "normal",
      confidence: 0.8,
    });
    expect(json["turns"]).toBe(2);
  });

  it("--dry-run: the model reads the allowed values of the named types, the enums and the derived tool", () => {
    const r = ptcc([...SUPPORT.slice(0, 4), "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'data/ticket                   ; {id :int[>0], subject :string[1..200] "what the customer wrote in the subject line", body :string "the customer\'s message", priority :enum[low normal urgent]}',
    );
    expect(r.out).toContain(
      'tool/searchArticles           ; (query :string "the words to look for", scope :enum[titles full] "Where to look: titles only, or the whole text.", limit :int? "At most this many articles.") -> {found "none"}|{found "some", articles [{id :int, title :string, text :string}]}',
    );
  });
});

describe("ptcc run: human output", () => {
  it("expenses: the turn, its program and value, the return line and the usage", () => {
    const r = ptcc(EXPENSES);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(untimed(r.out)).toBe(
      [
        "── turn 1 · agent expenses (depth 0) · N ms",
        "   (let [xs (filter #(= (:category %) data/category) data/expenses)]",
        "     {:total (sum-by :amount xs)",
        "      :count (count xs)})",
        "   → {:total 622.5, :count 3}",
        '✓ return: {"total":622.5,"count":3}',
        "  1 turn · 1 LLM request · N ms",
        "",
      ].join("\n"),
    );
  });

  it("search: a header per turn, the feedback of each, then the return line", () => {
    const r = ptcc(SEARCH);
    expect(r.code).toBe(0);
    const out = untimed(r.out);
    for (let turn = 1; turn <= 4; turn++) expect(out).toContain(`── turn ${turn} · agent search (depth 0) · N ms\n`);
    expect(out).toContain('   → {:so-far 6, :cursor "6"}\n');
    expect(out).toContain(
      '\n✓ return: {"count":7,"cheapest":[{"id":104,"name":"Clip-on reading lamp","price":19.99},' +
        '{"id":109,"name":"Bedside lamp with USB port","price":27.5},{"id":103,"name":"Paper floor lamp","price":34.99}]}\n' +
        "  4 turns · 4 LLM requests · N ms\n",
    );
    // Piped output has no colors and no spinner.
    expect(r.out + r.err).not.toContain("\x1b");
  });

  it("research: the child's turns print after the parent turn that called them, indented under it", () => {
    const r = ptcc(RESEARCH);
    expect(r.code).toBe(0);
    const headers = untimed(r.out)
      .split("\n")
      .filter((l) => l.includes("── turn"));
    expect(headers).toEqual([
      "── turn 1 · agent research (depth 0) · N ms",
      "    ── turn 1 · agent summarize (depth 1) · N ms",
      "    ── turn 1 · agent summarize (depth 1) · N ms",
      "── turn 2 · agent research (depth 0) · N ms",
    ]);
    // The parent's turn is printed whole (program and result) before its children's.
    const out = untimed(r.out);
    expect(out.indexOf("   (mapv :summary briefs)")).toBeLessThan(out.indexOf("    ── turn 1 · agent summarize"));
    expect(r.out).toContain('       :summary "Sizing heat pumps for the coldest week');
    expect(untimed(r.out)).toContain(
      `✓ return: ${JSON.stringify(RESEARCH_RETURN)}\n  2 turns · 4 LLM requests · N ms\n`,
    );
  });

  it("grandchildren print under their parent, under the top-level turn, in order", () => {
    const dir2 = mkdtempSync(join(tmpdir(), "ptcc-nested-"));
    const write = (name: string, text: string): string => {
      writeFileSync(join(dir2, name), text);
      return join(dir2, name);
    };
    write("leaf.agent.md", "---\ndescription: Leaf\nsignature: (n :int) -> :int\n---\nAdd one.\n");
    write("mid.agent.md", "---\ndescription: Mid\nsignature: (n :int) -> :int\ntools: [leaf]\n---\nAsk the leaf.\n");
    const top = write("top.agent.md", "---\nsignature: :int\ntools: [mid]\nmaxTurns: 2\n---\nAsk mid.\n");
    const script = write(
      "nested.json",
      JSON.stringify({
        top: ["```clojure\n(def r (tool/mid {:n 1}))\n```", "```clojure\n(return r)\n```"],
        mid: ["```clojure\n(return (tool/leaf {:n data/n}))\n```"],
        leaf: ["```clojure\n(return (inc data/n))\n```"],
      }),
    );
    const r = ptcc(["run", top, "--llm", `script:${script}`]);
    expect(r.code).toBe(0);
    const headers = untimed(r.out)
      .split("\n")
      .filter((l) => l.includes("── turn"));
    expect(headers).toEqual([
      "── turn 1 · agent top (depth 0) · N ms",
      "    ── turn 1 · agent mid (depth 1) · N ms",
      "        ── turn 1 · agent leaf (depth 2) · N ms",
      "── turn 2 · agent top (depth 0) · N ms",
    ]);
  });

  it("a long return value is shortened per the agent's resultLimit and resultMaxChars", () => {
    const agent = file(
      "long.agent.md",
      "---\nmaxTurns: 1\nformatOptions:\n  resultLimit: 3\n  resultMaxChars: 12\n---\nCount to nine.\n",
    );
    const script = file("long.json", JSON.stringify(["Counting.\n\n```clojure\n(vec (range 1 10))\n```"]));
    const r = ptcc(["run", agent, "--llm", `script:${script}`]);
    expect(r.code).toBe(0);
    // Three items and how many more ("[1,2,3,… 6 more]"), then cut to 12 characters, and
    // how to see the whole value.
    expect(r.out).toContain(
      "✓ return: [1,2,3,… 6 m... (4 more characters)\n  (shortened: ptcc run --json prints the whole value)\n",
    );
    expect(
      (JSON.parse(ptcc(["run", agent, "--llm", `script:${script}`, "--json"]).out) as { return: unknown }).return,
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("a return value shown whole has no note; the usage line ends with the run's wall time", () => {
    const r = ptcc(EXPENSES);
    expect(r.out).not.toContain("shortened");
    expect(r.out).toMatch(/\n {2}1 turn · 1 LLM request · \d+ ms\n$/);
  });
});

describe("ptcc run --dry-run", () => {
  const args = ["run", "examples/agents/search.agent.md", "--input", '{"query": "lamp"}', "--dry-run"];

  it("prints the system prompt and the first message with tokens per section, and calls no model", () => {
    // The agent names no model and no --llm is given: a run would exit 2; a dry run needs none.
    const r = ptcc(args);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(r.out).toMatch(/^── system prompt · agent search · \d+ tokens\nYou carry out a mission/);
    expect(r.out).toMatch(/\n── first user message · \d+ tokens\n# Mission\n/);
    expect(r.out).toContain("── tokens per section · o200k_base (gpt-tokenizer)\n");
    for (const label of ["system", "reference", "mission", "data", "tools", "expected output", "together"]) {
      expect(r.out).toMatch(new RegExp(`\\n  ${label} +\\d+\\n`));
    }
  });

  it("--json: the texts and the counts, which are o200k's", async () => {
    const r = ptcc([...args, "--json"]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as {
      system: string;
      user: string;
      tokenizer: string;
      tokens: { system: number; user: number; sections: Record<string, number> };
    };
    const { encode } = await import("gpt-tokenizer");
    expect(json.tokenizer).toBe("o200k_base");
    expect(json.tokens.system).toBe(encode(json.system).length);
    expect(json.tokens.user).toBe(encode(json.user).length);
    expect(Object.keys(json.tokens.sections)).toEqual(["system", "reference", "mission", "data", "tools", "output"]);
    expect(json.tokens.system).toBeLessThanOrEqual(750);
  });

  it("tools without a declared signature get the one ptcc compile derives, as the compiled agent sends (issue 21 §2)", () => {
    const r = ptcc([
      "run",
      "test/compiler/fixture/agents/ticket-triage.agent.md",
      "--input",
      '{"ticket": {"id": 1, "title": "t", "body": "b", "_reporter": "r"}}',
      "--dry-run",
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      "tool/classify                 ; (text :string, categories [:string]?) -> {category :string, confidence :float, tags [:string], level 1|2|3}\n;;   Classifies a text into one of the categories, with a confidence between 0 and 1.",
    );
    expect(r.out).not.toContain("(a map of arguments)");
    // The compiled agent's prompt: the same tool lines.
    const compiled = readFileSync(join(ROOT, "test/compiler/fixture/generated/ticket-triage.ts"), "utf8");
    expect(compiled).toContain(
      'description: "Classifies a text into one of the categories, with a confidence between 0 and 1.",',
    );
  });

  it("an input that does not match exits 1, as the run would fail", () => {
    const r = ptcc(["run", "examples/agents/search.agent.md", "--input", '{"q": "lamp"}', "--dry-run"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("the input does not match (query :string)");
  });
});

describe("ptcc run: the README", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("### Running agents");
  const section = readme.slice(start, readme.indexOf("\n### ", start + 1));

  it("runs each example with the one line the README gives", () => {
    const lines = section.split("\n").filter((l) => l.startsWith("ptcc run examples/"));
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      const r = ptcc([...words(line.slice("ptcc ".length)), "--json"]);
      expect(r.code, line).toBe(0);
      expect((JSON.parse(r.out) as { ok: boolean }).ok).toBe(true);
    }
  });

  it("shows the expenses output as the command prints it (timings aside)", () => {
    const shown = section.slice(section.indexOf("── turn 1 · agent expenses"));
    const block = shown.slice(0, shown.indexOf("```"));
    expect(untimed(block)).toBe(untimed(ptcc(EXPENSES).out));
  });
});

/** Words of a command line with '...' quoting, as the README writes them. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe("ptcc run: failing runs exit 1", () => {
  const script = file(
    "fail.json",
    JSON.stringify([
      "Let me search.\n\n```clojure\n(tool/search {:query 42})\n```",
      'The catalog cannot answer this.\n\n```clojure\n(fail {:reason "no lamps in stock"})\n```',
    ]),
  );
  const args = ["run", "examples/agents/search.agent.md", "--input", '{"query": "lamp"}', "--llm", `script:${script}`];

  it("human output: the error turn, the (fail ...) turn and the failure line", () => {
    const r = ptcc(args);
    expect(r.code).toBe(1);
    const out = untimed(r.out);
    // Caught by the static check of tool calls: the tool never ran.
    expect(out).toContain("   → Error: tool/search argument query: expected string, got int 42 at 1:22\n");
    expect(out).toContain("── turn 2 · agent search (depth 0) · N ms\n");
    expect(out.endsWith("✗ failed (fail): no lamps in stock\n  2 turns · 2 LLM requests · N ms\n")).toBe(true);
  });

  it("--json: ok false with the failure", () => {
    const r = ptcc([...args, "--json"]);
    expect(r.code).toBe(1);
    const json = parsed(r);
    expect(json["ok"]).toBe(false);
    expect(json["fail"]).toEqual({
      kind: "fail",
      reason: "no lamps in stock",
      value: { reason: "no lamps in stock" },
    });
    expect(json["turns"]).toBe(2);
  });

  it("an input that does not match the signature fails the run before any model call", () => {
    const r = ptcc(["run", "examples/agents/search.agent.md", "--input", '{"q": "lamp"}', "--llm", `script:${script}`]);
    expect(r.code).toBe(1);
    expect(untimed(r.out)).toBe(
      "✗ failed (input): the input does not match (query :string): query: missing required field (expected string)\n" +
        "  0 turns · 0 LLM requests · N ms\n",
    );
  });
});

describe("ptcc run: usage errors exit 2 with one line on stderr", () => {
  const expenses = "examples/agents/expenses.agent.md";
  const llm = "script:examples/scripts/expenses.json";
  const usage = (args: string[], err: string | RegExp): void => {
    const r = ptcc(["run", ...args]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    if (typeof err === "string") expect(r.err).toBe(`${err}\n`);
    else expect(r.err).toMatch(err);
    expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  };

  it("a --llm script that does not exist", () => {
    usage([expenses, "--llm", "script:missing.json"], "ptcc: missing.json: cannot read the script (ENOENT)");
  });
  it("an unknown provider", () => {
    usage(
      [expenses, "--llm", "gemini:pro"],
      'ptcc: LLM "gemini:pro": unknown provider "gemini"; expected openai:MODEL, anthropic:MODEL or script:FILE',
    );
  });
  it("no --llm for an agent that names no model", () => {
    usage(
      [expenses, "--input", "@examples/data/expenses.json"],
      "ptcc: agent expenses names no model: give --llm openai:MODEL, anthropic:MODEL or script:FILE",
    );
  });
  it("--input that is not JSON, not an object, or a file that cannot be read", () => {
    usage([expenses, "--input", "{category: travel}", "--llm", llm], /^ptcc: --input is not valid JSON: /);
    usage([expenses, "--input", "[1, 2]", "--llm", llm], "ptcc: --input must be a JSON object");
    usage([expenses, "--input", "@missing.json", "--llm", llm], "ptcc: cannot read --input @missing.json (ENOENT)");
    usage(
      [expenses, "--input", `@${file("bad.json", "{oops")}`, "--llm", llm],
      /^ptcc: --input @.*bad\.json is not valid JSON/,
    );
  });
  it("an agent file that does not exist", () => {
    usage(["examples/agents/missing.agent.md", "--llm", llm], /^examples\/agents\/missing\.agent\.md: /);
  });
  it("an agent file error prints as file:line:col: message", () => {
    const bad = file("bad.agent.md", "---\nmaxTurn: 3\n---\nDo it.\n");
    usage([bad, "--llm", llm], new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:2:1: unknown key maxTurn`));
  });
  it("options given twice, or missing", () => {
    usage([expenses, "--llm", llm, "--llm", llm], "ptcc: give --llm once");
    usage([], /^ptcc: Not enough non-option arguments/);
  });
  it("a trace file that cannot be written", () => {
    usage(
      [expenses, "--input", "@examples/data/expenses.json", "--llm", llm, "--trace", join(dir, "no", "t.jsonl")],
      /^ptcc: cannot write --trace /,
    );
  });
});

describe("ptcc run --trace", () => {
  type Event = { type: string; run: string; parent?: string | null; agent?: string; tool?: string; ok?: boolean };
  const read = (path: string): Event[] =>
    readFileSync(path, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Event);

  it("writes JSON Lines; child runs name their parent run", () => {
    const path = join(dir, "research.jsonl");
    const r = ptcc([...RESEARCH, "--json", "--trace", path]);
    expect(r.code).toBe(0);
    expect(existsSync(`${path}.partial`)).toBe(false);
    const events = read(path);
    const types = new Set(events.map((e) => e.type));
    for (const t of ["run_start", "llm_request", "llm_response", "program", "result", "tool_call", "run_end"])
      expect(types).toContain(t);
    const starts = events.filter((e) => e.type === "run_start");
    expect(starts.map((e) => [e.agent, e.parent === null ? null : "parent"])).toEqual([
      ["research", null],
      ["summarize", "parent"],
      ["summarize", "parent"],
    ]);
    const root = starts[0]!.run;
    expect(starts.slice(1).every((e) => e.parent === root)).toBe(true);
    expect(events.filter((e) => e.type === "tool_call").map((e) => e.tool)).toEqual(["summarize", "summarize"]);
    expect(events.filter((e) => e.type === "llm_request")).toHaveLength(4);
    // The root run ends last.
    expect(events[events.length - 1]).toMatchObject({ type: "run_end", run: root, ok: true });
  });

  it("is written for a failing run too", () => {
    const path = join(dir, "fail.jsonl");
    const script = file("fail1.json", JSON.stringify(['No.\n\n```clojure\n(fail "nothing to total")\n```']));
    const r = ptcc([...EXPENSES.slice(0, 4), "--llm", `script:${script}`, "--trace", path]);
    expect(r.code).toBe(1);
    expect(read(path).map((e) => e.type)).toEqual([
      "run_start",
      "llm_request",
      "llm_response",
      "program",
      "result",
      "run_end",
    ]);
  });
});

describe("ptcc run --record", () => {
  it("writes every reply, the parent's and the children's, in call order: a script that replays the run", () => {
    const path = join(dir, "research-recorded.json");
    const r = ptcc([...RESEARCH, "--json", "--record", path]);
    expect(r.code).toBe(0);
    expect(existsSync(`${path}.partial`)).toBe(false);
    const recorded = JSON.parse(readFileSync(path, "utf8")) as { agent: string; content: string }[];
    const original = JSON.parse(readFileSync(join(ROOT, "examples/scripts/research.json"), "utf8")) as string[];
    expect(recorded.map((e) => e.content)).toEqual(original);
    expect(recorded.map((e) => e.agent)).toEqual(["research", "summarize", "summarize", "research"]);
    const replay = ptcc([...RESEARCH.slice(0, 4), "--llm", `script:${path}`, "--json"]);
    expect(replay.code).toBe(0);
    const ret = (out: string): unknown => (JSON.parse(out) as { return: unknown }).return;
    expect(ret(replay.out)).toEqual(ret(r.out));
  });

  it("is written for a failing run too, and a folder that is missing is a usage error", () => {
    const path = join(dir, "fail-recorded.json");
    const script = file("fail2.json", JSON.stringify(['```clojure\n(fail "no")\n```']));
    const r = ptcc([...EXPENSES.slice(0, 4), "--llm", `script:${script}`, "--record", path]);
    expect(r.code).toBe(1);
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject([
      {
        agent: "expenses",
        content: '```clojure\n(fail "no")\n```',
        request: { hash: expect.stringMatching(/^[0-9a-f]{16}$/) },
      },
    ]);
    const bad = ptcc([...EXPENSES, "--record", join(dir, "no", "r.json")]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^ptcc: cannot write --record .*r\.json: its folder is not writable \(ENOENT\)\n$/);
  });
});

describe("ptcc run --replay", () => {
  it("replays a recording offline, each reply found by its request", () => {
    const path = join(dir, "research-replay.json");
    const r = ptcc([...RESEARCH, "--json", "--record", path]);
    expect(r.code).toBe(0);
    const replay = ptcc([...RESEARCH.slice(0, 4), "--replay", path, "--json"]);
    expect(replay.code, replay.err).toBe(0);
    const ret = (out: string): unknown => (JSON.parse(out) as { return: unknown }).return;
    expect(ret(replay.out)).toEqual(ret(r.out));
  });

  it("a request the recording does not hold fails, naming the message that differs", () => {
    const path = join(dir, "research-changed.json");
    expect(ptcc([...RESEARCH, "--json", "--record", path]).code).toBe(0);
    // The recorded first message is not what the agent sends now (as after a prompt change).
    const recorded = JSON.parse(readFileSync(path, "utf8")) as {
      request: { hash: string; messages: { content: string }[] };
    }[];
    const first = recorded[0]!.request;
    first.messages[0]!.content = first.messages[0]!.content.replace(/\n/, "\nAn old line of the mission.\n");
    first.hash = "0000000000000000";
    writeFileSync(path, JSON.stringify(recorded));
    const replay = ptcc([...RESEARCH.slice(0, 4), "--replay", path, "--json"]);
    expect(replay.code).toBe(1);
    const fail = (JSON.parse(replay.out) as { fail: { kind: string; reason: string } }).fail;
    expect(fail.kind).toBe("llm");
    expect(fail.reason).toMatch(
      /^replay: the request of research's turn 1 is not in the recording: message 1 \(user\) differs from the recording's:\n/,
    );
    expect(fail.reason).toContain("- An old line of the mission.");
  });

  it("replays a run journal with no model, and says what goes wrong with a bad file", async () => {
    const { loadAgentFile } = await import("../../src/agent-file/load.js");
    const { fileJournal } = await import("../../src/agent/journal/file.js");
    const { loadScript } = await import("../../src/llm/script.js");
    const agent = await loadAgentFile(join(ROOT, "examples/agents/search.agent.md"));
    const journalDir = mkdtempSync(join(tmpdir(), "ptcc-replay-"));
    const llm = await loadScript(join(ROOT, "examples/scripts/search.json"));
    const step = await agent.run({ query: "lamp" }, { llm, durable: { store: fileJournal(journalDir), runKey: "j" } });
    expect(step.ok).toBe(true);
    const journal = join(journalDir, "_j.jsonl");
    const replay = ptcc(["run", "examples/agents/search.agent.md", "--replay", journal, "--json"]);
    expect(replay.code, replay.err).toBe(0);
    const out = JSON.parse(replay.out) as { return: unknown; usage: { llmRequests: number; replayedTurns: number } };
    expect(out.return).toEqual(step.return);
    expect(out.usage).toMatchObject({ llmRequests: 0, replayedTurns: 4 });
    const both = ptcc(["run", "examples/agents/search.agent.md", "--replay", journal, "--llm", "openai:x"]);
    expect(both.code).toBe(2);
    expect(both.err).toBe("ptcc: --replay and --llm do not go together: a replay answers from its file\n");
    const bad = file("bad.jsonl", '{"seq":0,"kind":"start"}\nnot json\n');
    const r = ptcc(["run", "examples/agents/search.agent.md", "--replay", bad]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`ptcc: --replay ${bad}:2: the line is not JSON\n`);
  });
});

// ── models named by agent files, token usage, Ctrl-C: a local OpenAI-compatible server ──

describe("ptcc run with an OpenAI-compatible server", () => {
  let server: ReturnType<typeof createServer>;
  let base = "";
  const requests: { model: unknown }[] = [];
  /** Replies with a program and token counts; a request for model "hang" is never answered. */
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    let body = "";
    req.setEncoding("utf8").on("data", (s: string) => (body += s));
    req.on("end", () => {
      const { model } = JSON.parse(body) as { model: unknown };
      requests.push({ model });
      if (model === "hang") return;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          choices: [{ message: { role: "assistant", content: "Adding.\n\n```clojure\n(+ 40 2)\n```" } }],
          usage: { prompt_tokens: 120, completion_tokens: 8, prompt_tokens_details: { cached_tokens: 64 } },
        }),
      );
    });
  };
  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const env = (): Record<string, string> => ({ OPENAI_BASE_URL: base, OPENAI_API_KEY: "test-key", NO_COLOR: "1" });
  const agentNaming = (model: string): string =>
    file(`m-${model}.agent.md`, `---\nsignature: "() -> :int"\nmaxTurns: 1\nmodel: openai:${model}\n---\nAdd.\n`);

  it("without --llm the agent's model is used; the usage line counts tokens", async () => {
    const r = await ptccAsync(["run", agentNaming("gpt-test")], env());
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(untimed(r.out)).toContain(
      "✓ return: 42\n  1 turn · 1 LLM request · 120 input (64 cached) + 8 output tokens · N ms\n",
    );
    expect(requests.at(-1)).toEqual({ model: "gpt-test" });
  });

  it("--llm replaces the model an agent file names", async () => {
    const script = file("replace.json", JSON.stringify(["Scripted.\n\n```clojure\n7\n```"]));
    const before = requests.length;
    const r = await ptccAsync(["run", agentNaming("gpt-test"), "--llm", `script:${script}`, "--json"], env());
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { return: unknown }).return).toBe(7);
    expect(requests.length).toBe(before);
  });

  it("Ctrl-C cancels the run, says so and exits 130", async () => {
    const before = requests.length;
    const r = await ptccAsync(["run", agentNaming("hang")], env(), (child) => {
      // Interrupt once the model has been asked.
      const poll = setInterval(() => {
        if (requests.length > before) {
          clearInterval(poll);
          child.kill("SIGINT");
        }
      }, 20);
    });
    expect(r.code).toBe(130);
    expect(r.err).toContain("ptcc: interrupted (Ctrl-C)");
    expect(untimed(r.out)).toBe("✗ failed (cancelled): cancelled\n  0 turns · 1 LLM request · N ms\n");
  });
});

describe("ptcc run on a terminal, with a model that streams", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const PIECES = ["Adding.\n\n", "```clojure\n", "(+ 40", " 2)\n", "```"];
  const agent = (): string =>
    file("stream.agent.md", `---\nsignature: "() -> :int"\nmaxTurns: 1\nmodel: openai:gpt-test\n---\nAdd.\n`);
  const env = (): Record<string, string> => ({
    OPENAI_BASE_URL: server.url,
    OPENAI_API_KEY: "test-key",
    NO_COLOR: "1",
  });

  /** `ptcc run` in a pseudo-terminal (util-linux `script`): what the terminal got, stdout and stderr together. */
  function onTerminal(args: readonly string[]): Promise<Ran> {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    return new Promise((resolve, reject) => {
      const child = spawn("script", ["-q", "-e", "-c", command, "/dev/null"], {
        cwd: ROOT,
        env: { ...process.env, ...env() },
      });
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code: code ?? -1, out, err: "" }));
    });
  }

  it("the reply shows as it arrives, then gives way to the turn's lines", async () => {
    server.answer({
      stream: openAiStream({ pieces: PIECES, usage: { prompt_tokens: 10, completion_tokens: 5 } }),
      gapMs: 30,
    });
    const r = await onTerminal(["run", agent()]);
    expect(r.code).toBe(0);
    expect(server.requests[0]!.body).toMatchObject({ stream: true });
    const shown = r.out.replace(/\r\n/g, "\n");
    // The pieces in order (each as it came), then the erase, then the turn and the result.
    let at = 0;
    for (const piece of PIECES) {
      const i = shown.indexOf(piece.replace(/\n/g, "\n"), at);
      expect(i, `piece ${JSON.stringify(piece)}`).toBeGreaterThanOrEqual(at);
      at = i + piece.length;
    }
    const erase = shown.indexOf("\x1b[J", at);
    expect(erase).toBeGreaterThan(0);
    // Four line ends in the text: the erase goes back up four rows.
    expect(shown.slice(at, erase + 3)).toBe("\r\x1b[4A\x1b[J");
    const turn = shown.indexOf("── turn 1", erase);
    expect(turn).toBeGreaterThan(erase);
    expect(shown.slice(turn)).toContain("✓ return: 42");
  });

  it("piped, the run does not ask the model to stream", async () => {
    server.answer({ status: 200, body: openAiBody({ pieces: PIECES }) });
    const before = server.requests.length;
    const r = await ptccAsync(["run", agent()], env());
    expect(r.code).toBe(0);
    expect(server.requests[before]!.body).not.toHaveProperty("stream");
    expect(r.err).toBe("");
  });
});
