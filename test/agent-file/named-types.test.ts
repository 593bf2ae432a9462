/**
 * Named types in agent files: the `types:` key (parsed before the signatures that use it,
 * errors positioned inside its YAML values), the shared types a caller passes, and
 * loadAgentFile reading the types.ptcc files above an agent file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentFileError, loadAgentFile } from "../../src/agent-file/index.js";
import { parseAgentFile } from "../../src/agent-file/parse.js";
import { scriptedLlm } from "../../src/llm/script.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { parseSignature } from "../../src/signature/parse.js";
import { renderSignature } from "../../src/signature/render.js";

const FILE = "agents/a.agent.md";

function failure(text: string, types?: ReadonlyMap<string, never>): string {
  try {
    parseAgentFile(text, FILE, types === undefined ? {} : { types });
  } catch (e) {
    if (e instanceof AgentFileError) return e.problems.map((p) => p.format()).join("\n");
    throw e;
  }
  throw new Error(`parsed without error:\n${text}`);
}

describe("the types: key", () => {
  it("names types the signature and the tools' signatures use, wherever the key is written", () => {
    const spec = parseAgentFile(
      `---\nsignature: "(t :Ticket) -> :Verdict"\ntools:\n  - from: ./t.ts#f\n    signature: "(t :Ticket) -> :bool"\ntypes:\n  Verdict: "{ok :bool, ticket :Ticket}"\n  Ticket: "{id :int}"\n---\nDo {{t}}.\n`,
      FILE,
    );
    expect(spec.types).toEqual({ Verdict: "{ok :bool, ticket :Ticket}", Ticket: "{id :int}" });
    expect([...spec.namedTypes!.keys()]).toEqual(["Ticket", "Verdict"]);
    const sig = parseSignature(spec.signature!, { types: spec.namedTypes! });
    expect(renderSignature(sig, { namedTypes: "expand" })).toBe("(t {id :int}) -> {ok :bool, ticket {id :int}}");
  });

  it("uses the shared types it is given, and may not redefine them", () => {
    const shared = new Map([["Id", parseSignature(":int[>0]").output]]);
    const spec = parseAgentFile(`---\ntypes:\n  T: "{id :Id}"\nsignature: "(t :T) -> :Id"\n---\nDo {{t}}.\n`, FILE, {
      types: shared,
    });
    expect([...spec.namedTypes!.keys()]).toEqual(["Id", "T"]);
    expect(failure(`---\ntypes:\n  Id: ":string"\n---\nDo.\n`, shared as never)).toBe(
      "agents/a.agent.md:3:3: the type Id is defined twice — each type name is defined once",
    );
  });

  it("errors are positioned in the file: a bad type inside its value, a bad name, a cycle, an unknown name", () => {
    expect(
      failure(
        `---\ntypes:\n  Ok: "{id :int}"\n  Bad: "{id :strng}"\n  lower: ":int"\n  Loop: "{next [:Loop]}"\nsignature: "(x :Okk) -> :int"\n---\nDo {{x}}.\n`,
      ),
    ).toBe(
      [
        "agents/a.agent.md:4:13: bad type Bad: unknown type :strng — did you mean :string?",
        "agents/a.agent.md:5:3: invalid type name lower — a type name starts with a capital letter, then letters, digits or _ (Ticket, OrderLine)",
        "agents/a.agent.md:6:17: the type Loop refers to itself: Loop → Loop — a named type cannot contain itself; use :map or :any where the nesting repeats",
        "agents/a.agent.md:7:16: bad signature: unknown type :Okk — did you mean :Ok?",
      ].join("\n"),
    );
  });

  it("a type that is a signature, and a value that is not a string, are errors", () => {
    expect(failure(`---\ntypes:\n  F: "(a :int) -> :int"\n---\nDo.\n`)).toMatch(
      /the type F is a signature, not a type/,
    );
    expect(failure(`---\ntypes:\n  T: {id: 1}\n---\nDo.\n`)).toMatch(/the type T must be a string, got a map/);
  });
});

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function folder(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), "ptcc-named-types-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe("loadAgentFile and types.ptcc", () => {
  it("reads the types.ptcc files above the agent file, up to the package.json; the prompt shows the allowed values", async () => {
    const root = folder({
      "package.json": "{}",
      "types.ptcc": "Mode = :enum[fast slow]\n",
      "agents/types.ptcc": "Job = {mode :Mode, size :int[1..10]}\n",
      "agents/a.agent.md": `---\nsignature: "(job :Job) -> :Mode"\n---\nRun {{job}}.\n`,
    });
    const seen: LlmRequest[] = [];
    const script = scriptedLlm(["```clojure\n(return (:mode data/job))\n```"]);
    const agent = await loadAgentFile(join(root, "agents/a.agent.md"));
    const step = await agent.run(
      { job: { mode: "fast", size: 3 } },
      {
        llm: async (r) => {
          seen.push(r);
          return script(r);
        },
      },
    );
    expect(step.ok && step.return).toBe("fast");
    // Named types are spelled out for the model: it has no other place to learn them.
    const prompt = seen[0]!.messages.map((m) => m.content).join("\n");
    expect(prompt).toContain("data/job                      ; {mode :enum[fast slow], size :int[1..10]}");
    expect(prompt).toContain(";; :enum[fast slow]");
  });

  it("a problem of a types file is an AgentFileError at its line and column", async () => {
    const root = folder({
      "package.json": "{}",
      "agents/types.ptcc": "Job = {\n  mode :Mod\n}\n",
      "agents/a.agent.md": `---\nsignature: "(job :Job) -> :int"\n---\nRun {{job}}.\n`,
    });
    const error = await loadAgentFile(join(root, "agents/a.agent.md")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentFileError);
    expect((error as AgentFileError).format()).toMatch(/types\.ptcc:2:8: bad type Job: unknown type :Mod\b/);
  });
});

describe("named types that name each other", () => {
  it("a type that refers to itself, reached from another, is named with its own cycle", () => {
    const out = failure(`---\ntypes:\n  A: "{b :B}"\n  B: "{b :B}"\nsignature: "(x :A) -> :int"\n---\nDo {{x}}.\n`);
    expect(out).toContain("the type B refers to itself: B → B");
    expect(out).not.toContain("A → B → B");
  });

  it("a chain of names longer than the limit is a positioned error, not a crash", () => {
    const n = 1_100;
    const lines = Array.from({ length: n }, (_, i) => `  T${i}: ":T${i + 1}"`).join("\n");
    const out = failure(`---\ntypes:\n${lines}\n  T${n}: ":int"\nsignature: "(x :T0) -> :int"\n---\nDo {{x}}.\n`);
    expect(out).toMatch(/agents\/a\.agent\.md:\d+:\d+: the type T\d+ is reached through more than 1000 named types/);
  });
});
