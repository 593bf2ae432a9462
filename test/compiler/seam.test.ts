/**
 * The seam with the app's TypeScript (issue 21 §1): whatever `ptcc compile` accepts with 0
 * errors type-checks under the app's compiler options — the compile checks the generated
 * modules against the tool modules in one TypeScript program and says, at the tool, what
 * would not — and a tool module with a syntax error is PTC136.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgentFile } from "../../src/agent-file/load.js";
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

describe("generated modules are checked against the tool modules at compile time", () => {
  it("a derived tool whose types the signature cannot say is a PTC138 at its from:, not a module tsc rejects", async () => {
    const dir = app(
      `export function pick(args: { mode: "fast" | "slow" }): { chosen: "fast" | "slow" } {\n  return { chosen: args.mode };\n}\n`,
      'signature: "(id :int) -> :int"\ntools:\n  - from: ../tools/t.ts#pick',
    );
    const r = await compile(dir);
    const lines = brief(r.diagnostics);
    // Either the union is written as a signature (issue 26), or it is said where the tool is.
    if (r.errors > 0) {
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^agents\/a\.agent\.md:4:11 PTC138 tool pick: the generated a\.ts would not type-check against \.\.\/tools\/t\.ts: .*"fast" \| "slow"/,
      );
    }
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
