/**
 * Every compile-time problem, one small project each: the code, the position in the file
 * (line:col, the tsc shape), the message and its did-you-mean. Nothing is written when
 * there is an error. The tool-type checks (ts-morph) share one project to load it once.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CODES, codeOfParserError } from "../../src/compiler/codes.js";
import {
  diagnosticToJson,
  formatDiagnostic,
  formatGithubAnnotation,
  type Diagnostic,
} from "../../src/compiler/diagnostics.js";
import { agentFile, brief, compile, project } from "./helpers.js";

/** One agent file `agents/a.agent.md` (plus others), compiled: its one diagnostic. */
async function only(files: Record<string, string>): Promise<Diagnostic> {
  const dir = project(files);
  const r = await compile(dir);
  expect(r.diagnostics, brief(r.diagnostics).join("\n")).toHaveLength(1);
  expect(existsSync(join(dir, "gen"))).toBe(r.errors === 0);
  return r.diagnostics[0]!;
}

const SIG = 'signature: "(query :string, limit :int?) -> {count :int}"';
const PROMPT = "Find {{query}}, at most {{limit}}.";

interface Case {
  readonly code: keyof typeof CODES;
  readonly files: Record<string, string>;
  /** `line:col` in agents/a.agent.md (or the file named by `file`). */
  readonly at: string;
  readonly text: string;
  readonly file?: string;
}

const cases: Case[] = [
  { code: "PTC101", files: { "agents/a.agent.md": "Find things.\n" }, at: "1:1", text: "missing front matter" },
  {
    code: "PTC102",
    files: { "agents/a.agent.md": agentFile(`${SIG}\nmaxTurn: 3`, PROMPT) },
    at: "3:1",
    text: "unknown key maxTurn — did you mean maxTurns?",
  },
  {
    code: "PTC103",
    files: { "agents/a.agent.md": agentFile(`${SIG}\nmaxTurns: many`, PROMPT) },
    at: "3:11",
    text: 'maxTurns must be an integer of at least 1, got string "many"',
  },
  {
    code: "PTC104",
    files: { "agents/a.agent.md": "---\nmaxTurns: 2\n---\n\n" },
    at: "4:1",
    text: "the prompt is empty",
  },
  {
    code: "PTC105",
    files: { "agents/a.agent.md": agentFile(`${SIG}\nmaxTurns: 2\nmaxTurns: 3`, PROMPT) },
    at: "4:1",
    text: "duplicate key maxTurns",
  },
  {
    code: "PTC110",
    files: { "agents/a.agent.md": agentFile('signature: "(query :strng) -> :int"', "Find {{query}}.") },
    at: "2:20",
    text: "unknown type :strng — did you mean :string?",
  },
  {
    code: "PTC111",
    files: { "agents/a.agent.md": agentFile(`${SIG}\nfieldDescriptions:\n  qurey: what to find`, PROMPT) },
    at: "4:3",
    text: "fieldDescriptions: qurey is not a name of the signature — did you mean query?",
  },
  {
    code: "PTC120",
    files: { "agents/a.agent.md": agentFile(SIG, "Find {{qurey}}, at most {{limit}}.") },
    at: "5:6",
    text: "unknown placeholder {{qurey}} — did you mean {{query}}?",
  },
  {
    code: "PTC121",
    files: { "agents/a.agent.md": agentFile('signature: "(_key :string) -> :int"', "Use {{_key}}.") },
    at: "5:5",
    text: "names starting with _ are firewalled",
  },
  {
    code: "PTC122",
    files: { "agents/a.agent.md": agentFile(SIG, "Find {{query}} {{}} {{limit}}.") },
    at: "5:16",
    text: "empty placeholder {{}}",
  },
  {
    code: "PTC130",
    files: {
      "agents/a.agent.md": agentFile(`${SIG}\ntools:\n  - from: ../tools/serch.ts#search`, PROMPT),
      "tools/search.ts": "export const search = () => 1;\n",
    },
    at: "4:11",
    text: "tool module ../tools/serch.ts not found — did you mean ../tools/search.ts?",
  },
  {
    code: "PTC137",
    files: { "agents/a.agent.md": agentFile(`${SIG}\ntools:\n  - from: tools.ts#search`, PROMPT) },
    at: "4:11",
    text: "the module tools.ts is not a relative path",
  },
  {
    code: "PTC140",
    files: {
      "agents/a.agent.md": agentFile(`${SIG}\ntools: [sumarize]`, PROMPT),
      "agents/summarize.agent.md": agentFile("description: Sums."),
    },
    at: "3:9",
    text: "no agent file sumarize.agent.md next to this one — did you mean summarize?",
  },
  {
    code: "PTC141",
    files: {
      "agents/a.agent.md": agentFile(`${SIG}\ntools: [helper]`, PROMPT),
      "agents/helper.agent.md": agentFile("maxTurns: 1"),
    },
    at: "3:9",
    text: "agent helper (helper.agent.md) has no description",
  },
  {
    code: "PTC142",
    files: {
      "agents/a.agent.md": agentFile(`${SIG}\ndescription: A.\ntools: [b]`, PROMPT),
      "agents/b.agent.md": agentFile("description: B.\ntools: [a]"),
    },
    file: "agents/b.agent.md",
    at: "3:9",
    text: "agent files use each other in a cycle: a.agent.md → b.agent.md → a.agent.md",
  },
  {
    code: "PTC150",
    files: { "agents/a.agent.md": agentFile(`${SIG}\ntools:\n  query: self`, PROMPT) },
    at: "4:3",
    text: "query is both a tool and a data name",
  },
  {
    code: "PTC151",
    files: { "agents/a-b.agent.md": agentFile(SIG, PROMPT), "agents/a/b.agent.md": agentFile(SIG, PROMPT) },
    file: "agents/a/b.agent.md",
    at: "1:1",
    text: "this agent file and agents/a-b.agent.md would both generate aB (a/b.ts)",
  },
  {
    code: "PTC152",
    files: { "agents/2fa.agent.md": agentFile(SIG, PROMPT) },
    file: "agents/2fa.agent.md",
    at: "1:1",
    text: 'the file name "2fa" starts with a digit',
  },
  {
    code: "PTC152",
    files: { "agents/delete.agent.md": agentFile(SIG, PROMPT) },
    file: "agents/delete.agent.md",
    at: "1:1",
    text: "a reserved word of JavaScript",
  },
  {
    code: "PTC152",
    files: { "agents/agents.agent.md": agentFile(SIG, PROMPT) },
    file: "agents/agents.agent.md",
    at: "1:1",
    text: "gives agents, the name of the registry OUT/index.ts exports",
  },
  {
    code: "PTC153",
    files: { "agents/a.agent.md": agentFile(`${SIG}\ntools:\n  - self\n  - name: self\n    from: ./t.ts#f`, PROMPT) },
    at: "5:11",
    text: "duplicate tool name self",
  },
  {
    code: "PTC154",
    files: { "agents/a.agent.md": agentFile(`${SIG}\noutputMode: text\ntools: [self]`, PROMPT) },
    at: "3:13",
    text: "outputMode text cannot use tools",
  },
];

describe("diagnostics of ptcc compile", () => {
  it.each(cases.map((c) => [`${c.code} ${c.text}`, c]))("%s", async (_name, c) => {
    const d = await only(c.files);
    expect(d.code).toBe(c.code);
    expect(d.severity).toBe("error");
    expect(d.file).toBe(c.file ?? "agents/a.agent.md");
    expect(d.span === undefined ? "-" : `${d.span.line}:${d.span.column}`).toBe(c.at);
    expect(`${d.message}${d.hint === undefined ? "" : ` — ${d.hint}`}`).toContain(c.text);
  });

  it("PTC140: an agent used as a tool whose file is not among the files compiled", async () => {
    const dir = project({
      "agents/a.agent.md": agentFile(`${SIG}\ntools: [b]`, PROMPT),
      "agents/b.agent.md": agentFile("description: B."),
    });
    const r = await compile(dir, { inputs: ["agents/a.agent.md"] });
    expect(brief(r.diagnostics)).toEqual([
      "agents/a.agent.md:3:9 PTC140 the agent file b.agent.md is not among the files compiled — compile its folder (ptcc compile agents), or name b.agent.md too",
    ]);
    expect(existsSync(join(dir, "gen"))).toBe(false);
    // Named too, it is compiled and used.
    const both = await compile(dir, { inputs: ["agents/a.agent.md", "agents/b.agent.md"] });
    expect(brief(both.diagnostics)).toEqual([]);
    expect(readFileSync(join(dir, "gen/a.ts"), "utf8")).toContain("b: $ptcc.asTool($agent_b),");
  });

  it("an agent used as a tool that failed to parse is reported once, by its own error", async () => {
    const dir = project({
      "agents/a.agent.md": agentFile(`${SIG}\ntools: [b]`, PROMPT),
      "agents/b.agent.md": agentFile("description: B.\nmaxTurn: 2"),
    });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual(["agents/b.agent.md:3:1 PTC102 unknown key maxTurn — did you mean maxTurns?"]);
  });

  it("PTC106: a file larger than 1 MiB", async () => {
    const d = await only({ "agents/a.agent.md": agentFile(SIG, `${PROMPT}\n${"x".repeat(1_100_000)}`) });
    expect(d.code).toBe("PTC106");
    expect(d.message).toMatch(/more than 1048576/);
  });

  it("PTC123: a parameter the prompt never mentions is a warning, pointing at its name; the files are written", async () => {
    const d = await only({ "agents/a.agent.md": agentFile(SIG, "Find {{query}}.") });
    expect(brief([d])).toEqual([
      "agents/a.agent.md:2:29 PTC123 the prompt never mentions the parameter limit — name it in the prompt ({{limit}}) or say what it is in fieldDescriptions",
    ]);
    expect(d.severity).toBe("warning");
    // Described parameters and firewalled ones are fine.
    const described = await only({
      "agents/a.agent.md": agentFile(`${SIG}\nfieldDescriptions:\n  limit: at most this many`, "Find {{query}}."),
      "agents/b.agent.md": agentFile('signature: "(_x :int, y :int) -> :int"'),
    });
    expect(described.message).toBe("the prompt never mentions the parameter y");
  });

  it("PTC160: a file the output folder holds that ptcc did not generate is never overwritten", async () => {
    const dir = project({ "agents/a.agent.md": agentFile(SIG, PROMPT), "gen/a.ts": "export const mine = 1;\n" });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([
      "gen/a.ts:- PTC160 gen/a.ts was not generated by ptcc (it has no ptcc header): not overwriting it — move or rename that file, or choose another --out folder",
    ]);
    expect(readFileSync(join(dir, "gen/a.ts"), "utf8")).toBe("export const mine = 1;\n");
    expect(existsSync(join(dir, "gen/index.ts"))).toBe(false);
  });

  it("all the problems of a run at once, across files, and nothing written", async () => {
    const dir = project({
      "agents/a.agent.md": agentFile(`${SIG}\nmaxTurn: 3`, PROMPT),
      "agents/b.agent.md": agentFile(`${SIG}\ntools: [c]`, PROMPT),
      "agents/c.agent.md": agentFile("maxTurns: 1"),
      "agents/d.agent.md": agentFile(SIG, "Find {{query}}."),
    });
    const r = await compile(dir);
    expect(r.diagnostics.map((d) => `${d.file} ${d.code}`).sort()).toEqual([
      "agents/a.agent.md PTC102",
      "agents/b.agent.md PTC141",
      "agents/d.agent.md PTC123",
    ]);
    expect(r.errors).toBe(2);
    expect(existsSync(join(dir, "gen"))).toBe(false);
  });
});

describe("tool types (ts-morph)", () => {
  const tools = `
    export interface Args { id: number }
    export async function lookup(args: Args): Promise<{ id: number; title: string }> {
      return { id: args.id, title: "t" };
    }
    export const notAFunction = 42;
    export function takesString(args: { id: string }): number { return args.id.length; }
    export function bigint(args: { n: bigint }): number { return Number(args.n); }
    export type OnlyAType = { a: number };
  `;
  const entry = (name: string, from: string, signature?: string): string =>
    `  - name: ${name}\n    from: ../tools/t.ts#${from}${signature === undefined ? "" : `\n    signature: "${signature}"`}`;

  it("checks exports, declared signatures and derivations in one run", async () => {
    const dir = project({
      "tools/t.ts": tools,
      "agents/a.agent.md": agentFile(
        [
          'signature: "(q :string) -> :int"',
          "tools:",
          entry("ok", "lookup", "(id :int) -> {id :int, title :string}"),
          entry("args", "takesString", "(id :int) -> :int"),
          entry("result", "lookup", "(id :int) -> {id :int, title :int}"),
          entry("missing", "lookp"),
          entry("value", "notAFunction"),
          entry("derive", "bigint"),
          entry("typeonly", "OnlyAType"),
        ].join("\n"),
        "Do {{q}}.",
      ),
    });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([
      "agents/a.agent.md:8:11 PTC133 takesString does not accept the arguments of the tool's signature: id: string here, :int in the signature — change the function's parameter type, or the signature",
      "agents/a.agent.md:11:11 PTC134 what lookup returns does not fit the tool's signature: title: string here, :int in the signature — change the function's return type, or the signature",
      "agents/a.agent.md:14:11 PTC131 the tool module has no export lookp — did you mean lookup?",
      "agents/a.agent.md:16:11 PTC132 export notAFunction is number, not a function — export the tool's function",
      "agents/a.agent.md:18:11 PTC135 cannot derive a signature from the TypeScript types of bigint: n is a bigint, which JSON cannot hold — declare the tool's signature in the agent file (signature: ...)",
      "agents/a.agent.md:20:11 PTC132 export OnlyAType is a type, not a function — export the tool's function",
    ]);
    expect(existsSync(join(dir, "gen"))).toBe(false);
  });
});

describe("formats", () => {
  const d: Diagnostic = {
    code: "PTC102",
    severity: "error",
    file: "agents/a.agent.md",
    message: "unknown key maxTurn",
    hint: "did you mean maxTurns?",
    span: { line: 3, column: 1, endLine: 3, endColumn: 8, offset: 40, end: 47 },
    source: "---\nsignature: x\nmaxTurn: 3\n---\n",
  };

  it("pretty: the tsc shape, then a code frame", () => {
    expect(formatDiagnostic(d)).toBe(
      [
        "agents/a.agent.md:3:1: error PTC102: unknown key maxTurn — did you mean maxTurns?",
        "  2 | signature: x",
        "> 3 | maxTurn: 3",
        "    | ^^^^^^^",
        "  4 | ---",
      ].join("\n"),
    );
  });

  it("json: positions and fields, no source", () => {
    expect(diagnosticToJson(d)).toEqual({
      file: "agents/a.agent.md",
      line: 3,
      column: 1,
      endLine: 3,
      endColumn: 8,
      severity: "error",
      code: "PTC102",
      message: "unknown key maxTurn",
      hint: "did you mean maxTurns?",
    });
  });

  it("github: a workflow command, escaped", () => {
    expect(formatGithubAnnotation(d)).toBe(
      "::error file=agents/a.agent.md,line=3,col=1,endColumn=8,title=PTC102::unknown key maxTurn — did you mean maxTurns?",
    );
    expect(formatGithubAnnotation({ ...d, file: "a,b:c.md", message: "50%\nnext", hint: undefined })).toBe(
      "::error file=a%2Cb%3Ac.md,line=3,col=1,endColumn=8,title=PTC102::50%25%0Anext",
    );
  });
});

describe("codes", () => {
  it("the parser's messages map to their codes, none to the fallback", () => {
    const table: [string, string | undefined, string][] = [
      ['unterminated front matter: no closing "---" line', undefined, "PTC101"],
      ["invalid YAML: bad indentation", undefined, "PTC101"],
      ["too many aliases: the front matter expands to more than 100 aliased nodes", undefined, "PTC101"],
      ["unknown key tols", "did you mean tools?", "PTC102"],
      ["unknown key frm in a tool entry", undefined, "PTC102"],
      ["unknown format option feedbackLimt", undefined, "PTC102"],
      ["description must be a string, got a list", undefined, "PTC103"],
      ['outputMode must be lisp or text, got string "json"', undefined, "PTC103"],
      ["turnTimeoutMs must be at most 2147483647, got 9999999999", undefined, "PTC103"],
      ["model is empty", undefined, "PTC103"],
      ["duplicate key tools", undefined, "PTC105"],
      ["the agent file is 2000000 characters long, more than 1048576", undefined, "PTC106"],
      ["bad signature of tool search: unknown type :strng", undefined, "PTC110"],
      ["unknown field nme of parameter user", undefined, "PTC120"],
      ["unclosed placeholder {{name", undefined, "PTC122"],
      ["a tool from a default export needs a name", undefined, "PTC137"],
      ["invalid export name 9x", undefined, "PTC137"],
      ["tools must be a list or a map, got number 3", undefined, "PTC103"],
    ];
    for (const [message, hint, code] of table) expect(codeOfParserError(message, hint), message).toBe(code);
  });

  it("docs/compile.md lists every code with its meaning", () => {
    const doc = readFileSync(join(__dirname, "..", "..", "docs", "compile.md"), "utf8");
    const documented = [...doc.matchAll(/^\| `(PTC\d{3})` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(Object.keys(CODES));
  });

  it("a code never changes meaning: the table is pinned", () => {
    const pinned = join(__dirname, "golden", "codes.json");
    const text = `${JSON.stringify(CODES, null, 2)}\n`;
    if (process.env["UPDATE_GOLDEN"]) writeFileSync(pinned, text);
    const before = JSON.parse(readFileSync(pinned, "utf8")) as Record<string, string>;
    // New codes may come; existing ones keep their meaning.
    for (const [code, meaning] of Object.entries(before)) expect(CODES[code as keyof typeof CODES]).toBe(meaning);
  });
});

describe("every problem of a run at once", () => {
  it("an unknown front-matter key hides none of the file's other problems: tools, types, agents (issue 21 §2)", async () => {
    const dir = project({
      "agents/a.agent.md": agentFile(
        [
          'signature: "(query :string) -> :int"',
          "maxTurn: 3",
          "tools:",
          "  - from: ../tools/t.ts#cuont",
          "  - from: ../tools/t.ts#size",
          '    signature: "(text :int) -> :int"',
          "  - helpr",
        ].join("\n"),
        "Count {{query}}.",
      ),
      "agents/helper.agent.md": agentFile("description: Helps", "Help."),
      "tools/t.ts":
        "export function count(args: { text: string }): number { return args.text.length; }\n" +
        "export function size(args: { text: string }): number { return args.text.length; }\n",
    });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([
      "agents/a.agent.md:3:1 PTC102 unknown key maxTurn — did you mean maxTurns?",
      "agents/a.agent.md:8:5 PTC140 no agent file helpr.agent.md next to this one — did you mean helper?",
      "agents/a.agent.md:5:11 PTC131 the tool module has no export cuont — did you mean count?",
      expect.stringMatching(
        /^agents\/a\.agent\.md:6:11 PTC133 size does not accept the arguments of the tool's signature: /,
      ),
    ]);
  });

  it("several problems of one file, and of another file, in one compile", async () => {
    const dir = project({
      "agents/a.agent.md": agentFile(`${SIG}\nmaxTurn: 3\nfieldDescriptions:\n  cout: how many`, "Find {{qurey}}."),
      "agents/b.agent.md": agentFile(`${SIG}\nmaxDepth: -2`, PROMPT),
    });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([
      "agents/a.agent.md:3:1 PTC102 unknown key maxTurn — did you mean maxTurns?",
      "agents/a.agent.md:5:3 PTC111 fieldDescriptions: cout is not a name of the signature — did you mean count?",
      "agents/a.agent.md:8:6 PTC120 unknown placeholder {{qurey}} — did you mean {{query}}?",
      "agents/b.agent.md:3:11 PTC103 maxDepth must be an integer of at least 0, got number -2",
    ]);
    expect(existsSync(join(dir, "gen"))).toBe(false);
  });
});
