/**
 * The seam with the app's TypeScript (issue 21 §1): whatever `ptcc compile` accepts with 0
 * errors type-checks under the app's compiler options — the compile checks each tool's
 * function against the types the generated module gives it, with those options, and says at
 * the tool what would not — and a tool module with a syntax error is PTC136.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgentFile } from "../../src/agent-file/load.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { agentFile, brief, compile, project } from "./helpers.js";

const STRICTEST = {
  compilerOptions: {
    strict: true,
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    lib: ["es2023"],
    types: [],
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noPropertyAccessFromIndexSignature: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noImplicitReturns: true,
    noImplicitOverride: true,
    skipLibCheck: true,
  },
};

function app(tools: string, frontMatter: string, prompt = "Do it for {{id}}."): string {
  return project({
    "package.json": JSON.stringify({ name: "app", type: "module" }),
    "tsconfig.json": JSON.stringify(STRICTEST),
    "tools/t.ts": tools,
    "agents/a.agent.md": agentFile(frontMatter, prompt),
  });
}

describe("the tools' types are checked as the generated modules have them, at compile time", () => {
  it("a tool typed with a literal union compiles to an enum the model sees, and the module type-checks", async () => {
    const dir = app(
      `export function pick(args: { mode: "fast" | "slow" }): { chosen: "fast" | "slow" } {\n  return { chosen: args.mode };\n}\n`,
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#pick',
    );
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
    const text = readFileSync(join(dir, "gen/a.ts"), "utf8");
    expect(text).toContain('type $PickToolArgs = {\n  mode: "fast" | "slow";\n};');
    expect(text).toContain('type $PickToolResult = {\n  chosen: "fast" | "slow";\n};');
    // The agent, as loaded from its file, shows the tool's enum in the prompt.
    const gen = (await import(join(dir, "gen/a.ts"))) as Record<string, import("../../src/index.js").Agent>;
    const seen: string[] = [];
    const script = scriptedLlm(["```clojure\n(return 1)\n```"]);
    const step = await gen["a"]!.run(
      { id: 1 },
      {
        llm: async (r) => {
          seen.push(r.messages.map((m) => m.content).join("\n"));
          return script(r);
        },
      },
    );
    expect(step.ok).toBe(true);
    expect(seen[0]).toContain("mode :enum[fast slow]");
  });

  it("a derived signature that still cannot say what the types say is PTC138 at its from:, not a module tsc rejects", async () => {
    const dir = app(
      `type Int = number & { readonly __brand: "Int" };\nexport function take(args: { n: Int }): number {\n  return args.n;\n}\n`,
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#take',
    );
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/a.agent.md:4:11 PTC138 the signature derived from the types of take cannot say what they say, and the generated module would not type-check: n: Int here, :int in the signature — declare the tool's signature in the agent file (signature: ...), with a function that accepts what it says",
    ]);
  });

  it("a TypeScript string enum in the arguments is PTC138; as a literal union of its values it compiles", async () => {
    const tools = (arg: string): string =>
      `export enum Color { Red = "red", Blue = "blue" }\nexport function paint(args: { c: ${arg} }): Color {\n  return args.c === "red" ? Color.Red : Color.Blue;\n}\n`;
    const signature = 'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#paint';
    expect((await compile(app(tools("Color"), signature))).diagnostics.map((d) => d.code)).toEqual(["PTC138"]);
    expect(brief((await compile(app(tools("`${Color}`"), signature))).diagnostics)).toEqual([]);
  });

  it("a declared signature with a literal union and enums fits a tool typed with literal unions (signatures v2)", async () => {
    const dir = app(
      `export function pick(args: { mode: "fast" | "slow"; level?: "low" | "high" | null }): { chosen: "fast" | "slow"; state: "on" | "off" } {\n  return { chosen: args.mode, state: args.level === "high" ? "on" : "off" };\n}\n`,
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#pick\n    signature: \'(mode "fast"|"slow", level :enum[low high]?) -> {chosen "fast"|"slow", state :enum[on off]}\'',
    );
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
  });

  it("a declared enum wider than the tool's literal union is PTC133 at the field", async () => {
    const dir = app(
      `export function pick(args: { mode: "fast" | "slow" }): boolean {\n  return args.mode === "fast";\n}\n`,
      "signature: \"(id :int) -> :int\"\ntools:\n  - from: ../tools/t.ts#pick\n    signature: '(mode :enum[fast slow medium]) -> :bool'",
    );
    const r = await compile(dir);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["PTC133"]);
  });

  it("a tool returning T | undefined compiles, and the module type-checks", async () => {
    const dir = app(
      `export interface Order { id: number; note: string | undefined }\n` +
        `export function find(args: { id: number }): Order | undefined {\n  return args.id > 0 ? { id: args.id, note: undefined } : undefined;\n}\n`,
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#find',
    );
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
  });

  it("a declared signature the function does not fit is still PTC133/PTC134", async () => {
    const dir = app(
      `export function find(args: { id: string }): { n: number } {\n  return { n: args.id.length };\n}\n`,
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#find\n    signature: "(id :int) -> {n :string}"',
    );
    const r = await compile(dir);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["PTC133"]);
  });

  it("PTC133/PTC134 name the field that differs, at any depth", async () => {
    const dir = app(
      "export function find(args: { id: number; filter: { tags: string[] } }): { items: { id: number; tags: string[] }[] } {\n" +
        "  return { items: [{ id: args.id, tags: args.filter.tags }] };\n}\n",
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#find\n    signature: "(id :int, filter {tags [:int]}) -> :any"',
    );
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/a.agent.md:4:11 PTC133 find does not accept the arguments of the tool's signature: filter.tags[]: string here, :int in the signature — change the function's parameter type, or the signature",
    ]);
    const result = app(
      "export function find(args: { id: number }): { items: { id: number; tags: string[] }[] } {\n" +
        "  return { items: [{ id: args.id, tags: [] }] };\n}\n",
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#find\n    signature: "(id :int) -> {items [{id :int, tags [:int], note :string}]}"',
    );
    expect(brief((await compile(result)).diagnostics)).toEqual([
      "agents/a.agent.md:4:11 PTC134 what find returns does not fit the tool's signature: items[].tags[]: string here, :int in the signature — change the function's return type, or the signature",
    ]);
  });

  it("a tool module with a syntax error is PTC136 (TypeScript's parser recovers, the compile does not)", async () => {
    const dir = app(
      `export function find(args: { id: number }): number {\n  return args.id +;\n}\n`,
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#find',
    );
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([
      "agents/a.agent.md:4:11 PTC136 the tool module t.ts has a syntax error at 2:19: Expression expected. — fix the module: TypeScript reads the tool's types from it",
    ]);
  });
});

describe("model: script:FILE is relative to the agent file (issue 21 §2)", () => {
  it("is checked at compile time, and generated by its path from the project root", async () => {
    const dir = project({
      "package.json": "{}",
      "agents/a.agent.md": agentFile('signature: "(id :int) -> :int"\nmodel: script:../scripts/a.json', "Do {{id}}."),
      "agents/b.agent.md": agentFile('signature: "(id :int) -> :int"\nmodel: script:b.json', "Do {{id}}."),
      "scripts/a.json": "[]",
    });
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/b.agent.md:3:8 PTC139 model script:b.json: no script b.json next to the agent file — the script's path is relative to the agent file, as from: is",
    ]);
    writeFileSync(join(dir, "agents/b.json"), "[]");
    expect(brief((await compile(dir)).diagnostics)).toEqual([]);
    expect(readFileSync(join(dir, "gen/a.ts"), "utf8")).toContain('  llm: "script:scripts/a.json",');
    expect(readFileSync(join(dir, "gen/b.ts"), "utf8")).toContain('  llm: "script:agents/b.json",');
  });

  it("loadAgentFile reads the script next to the agent file, whatever the working directory", async () => {
    const dir = project({
      "agents/a.agent.md": agentFile('signature: "(id :int) -> :int"\nmodel: script:../scripts/a.json', "Do {{id}}."),
      "scripts/a.json": JSON.stringify(["```clojure\n(return (inc data/id))\n```"]),
      "agents/none.agent.md": agentFile("model: script:nope.json", "Do."),
    });
    const step = await (await loadAgentFile(join(dir, "agents/a.agent.md"))).run({ id: 1 });
    expect(step.ok && step.return).toBe(2);
    await expect(loadAgentFile(join(dir, "agents/none.agent.md"))).rejects.toThrow(
      "model script:nope.json: no script nope.json next to the agent file",
    );
  });
});

describe("agent files in subfolders (issue 21 §2)", () => {
  const SUMMARIZE = (what: string): string =>
    agentFile(
      `description: Summarizes ${what}\nsignature: "(text :string) -> {summary :string}"`,
      "Summarize {{text}}.",
    );

  it("name agents of other folders by relative path; the output mirrors the folders, so two summarize agents coexist", async () => {
    const dir = project({
      "package.json": JSON.stringify({ name: "app", type: "module" }),
      "agents/billing/summarize.agent.md": SUMMARIZE("invoices"),
      "agents/support/summarize.agent.md": SUMMARIZE("tickets"),
      "agents/billing/report.agent.md": agentFile(
        'description: Reports\nsignature: "(text :string) -> {summary :string}"\ntools:\n  summarize: ../support/summarize\n  mine: summarize',
        "Report on {{text}}.",
      ),
      "agents/top.agent.md": agentFile(
        'signature: "(text :string) -> :string"\ntools:\n  - ./billing/report',
        "Do {{text}}.",
      ),
    });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
    expect([...r.written].sort()).toEqual([
      "gen/billing/report.ts",
      "gen/billing/summarize.ts",
      "gen/index.ts",
      "gen/support/summarize.ts",
      "gen/top.ts",
    ]);
    const report = readFileSync(join(dir, "gen/billing/report.ts"), "utf8");
    expect(report).toContain('import { supportSummarize as $agent_summarize } from "../support/summarize.js";');
    expect(report).toContain('import { billingSummarize as $agent_mine } from "./summarize.js";');
    expect(readFileSync(join(dir, "gen/top.ts"), "utf8")).toContain(
      'import { billingReport as $agent_report } from "./billing/report.js";',
    );
    expect(readFileSync(join(dir, "gen/index.ts"), "utf8")).toContain('} from "./support/summarize.js";');
    // Nothing changed: the quick check and --check see the nested modules too.
    expect((await compile(dir)).written).toEqual([]);
    expect((await compile(dir, { check: true })).check).toEqual({ stale: [], missing: [], extra: [] });
    // The generated agents run, the parent calling the agent of the other folder.
    const gen = (await import(join(dir, "gen/index.ts"))) as typeof import("../../examples/generated/index.js") &
      Record<string, import("../../src/index.js").Agent>;
    const step = await gen["billingReport"]!.run(
      { text: "March" },
      {
        llm: scriptedLlm({
          report: ["```clojure\n(return (tool/summarize {:text data/text}))\n```"],
          summarize: ['```clojure\n(return {:summary (str "tickets of " data/text)})\n```'],
        }),
      },
    );
    expect(step.ok && step.return).toEqual({ summary: "tickets of March" });
    // loadAgentFile follows the same paths.
    const loaded = await loadAgentFile(join(dir, "agents/top.agent.md"));
    expect(Object.keys(loaded.definition.tools)).toEqual(["report"]);
    // A module whose agent file is gone goes, in its folder.
    rmSync(join(dir, "agents/support"), { recursive: true });
    writeFileSync(
      join(dir, "agents/billing/report.agent.md"),
      agentFile(
        'description: Reports\nsignature: "(text :string) -> {summary :string}"\ntools:\n  mine: summarize',
        "Report on {{text}}.",
      ),
    );
    expect((await compile(dir)).removed).toEqual(["gen/support/summarize.ts"]);
    expect(existsSync(join(dir, "gen/support/summarize.ts"))).toBe(false);
  });

  it("a path to an agent file that is not there: PTC140 with the files of that folder", async () => {
    const dir = project({
      "agents/support/summarize.agent.md": SUMMARIZE("tickets"),
      "agents/billing/report.agent.md": agentFile(
        'signature: "(text :string) -> :string"\ntools:\n  - ../support/sumarize',
        "Report on {{text}}.",
      ),
    });
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/billing/report.agent.md:4:5 PTC140 no agent file ../support/sumarize.agent.md from this one's folder — did you mean ../support/summarize?",
    ]);
  });
});
