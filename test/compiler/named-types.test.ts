/**
 * Named types in a compile (issue 26): an agent file's `types:` and the types.ptcc files
 * above it; unknown names, cycles and duplicates as positioned diagnostics; OUT/types.ts
 * exporting each shared type once, imported by the modules; incremental and --check.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentFile, brief, compile, project } from "./helpers.js";

const TYPES = "# shared\nPriority = :enum[low high]\nTicket = {\n  id :int,\n  priority :Priority\n}\n";
const USES = agentFile(
  "types:\n  Verdict: '{ticket :Ticket, ok :bool}'\nsignature: \"(ticket :Ticket) -> :Verdict\"",
  "Judge {{ticket.id}}.",
);

describe("named types", () => {
  it("types.ptcc types are exported once from OUT/types.ts; a file's own from its module; modules import what they name", async () => {
    const dir = project({
      "package.json": "{}",
      "agents/types.ptcc": TYPES,
      "agents/judge.agent.md": USES,
      "agents/sub/more.agent.md": agentFile('signature: "(p :Priority) -> :bool"', "Is {{p}} high?"),
    });
    const r = await compile(dir);
    expect(brief(r.diagnostics)).toEqual([]);
    expect([...r.written].sort()).toEqual(["gen/index.ts", "gen/judge.ts", "gen/sub/more.ts", "gen/types.ts"]);
    const types = readFileSync(join(dir, "gen/types.ts"), "utf8");
    expect(types).toContain('export type Priority = "low" | "high";');
    expect(types).toContain("export type Ticket = {\n  id: number;\n  priority: Priority;\n};");
    const judge = readFileSync(join(dir, "gen/judge.ts"), "utf8");
    expect(judge).toContain('import type { Ticket } from "./types.js";');
    expect(judge).toContain("export type Verdict = {\n  ticket: Ticket;\n  ok: boolean;\n};");
    expect(judge).toContain("export type JudgeInput = {\n  ticket: Ticket;\n};");
    expect(judge).toContain("export type JudgeOutput = Verdict;");
    expect(readFileSync(join(dir, "gen/sub/more.ts"), "utf8")).toContain(
      'import type { Priority } from "../types.js";',
    );
    // Nothing changed: the quick check says so, --check agrees.
    expect((await compile(dir)).written).toEqual([]);
    expect((await compile(dir, { check: true })).check).toEqual({ stale: [], missing: [], extra: [] });
    // A changed named type regenerates the modules below it, and --check names it.
    writeFileSync(join(dir, "agents/types.ptcc"), TYPES.replace("low high", "low normal high"));
    const check = await compile(dir, { check: true });
    expect(check.check?.stale).toEqual(["gen/judge.ts", "gen/sub/more.ts", "gen/types.ts"]);
    expect(check.check?.why?.["gen/judge.ts"]).toBe("agents/types.ptcc changed since it was generated");
    const again = await compile(dir);
    expect([...again.written].sort()).toEqual(["gen/judge.ts", "gen/sub/more.ts", "gen/types.ts"]);
    expect(readFileSync(join(dir, "gen/types.ts"), "utf8")).toContain('"low" | "normal" | "high"');
  });

  it("a types.ptcc added or removed is a change the quick check sees: OUT/types.ts comes and goes", async () => {
    const dir = project({
      "package.json": "{}",
      "agents/a.agent.md": agentFile('signature: "(x :int) -> :int"', "Do {{x}}."),
    });
    expect([...(await compile(dir)).written].sort()).toEqual(["gen/a.ts", "gen/index.ts"]);
    writeFileSync(join(dir, "agents/types.ptcc"), "Id = :int\n");
    expect([...(await compile(dir)).written].sort()).toEqual(["gen/a.ts", "gen/types.ts"]);
    expect((await compile(dir)).written).toEqual([]);
    rmSync(join(dir, "agents/types.ptcc"));
    const r = await compile(dir);
    expect(r.removed).toEqual(["gen/types.ts"]);
    expect(existsSync(join(dir, "gen/types.ts"))).toBe(false);
  });

  it("a tool's declared signature may name types: its function is checked against the types they name", async () => {
    const entry = (fn: string): Record<string, string> => ({
      "package.json": "{}",
      "agents/types.ptcc": TYPES,
      "agents/a.agent.md": agentFile(
        'signature: "(t :Ticket) -> :bool"\ntools:\n  - from: ../tools/t.ts#seen\n    signature: "(t :Ticket) -> :Priority"',
        "Check {{t}}.",
      ),
      "tools/t.ts": fn,
    });
    const good = project(
      entry(
        'export function seen(args: { t: { id: number; priority: "low" | "high" } }): "low" | "high" {\n  return args.t.priority;\n}\n',
      ),
    );
    expect(brief((await compile(good)).diagnostics)).toEqual([]);
    expect(readFileSync(join(good, "gen/a.ts"), "utf8")).toContain("type $SeenToolArgs = {\n  t: Ticket;\n};");
    const bad = project(entry("export function seen(args: { t: { id: string } }): string {\n  return args.t.id;\n}\n"));
    expect(brief((await compile(bad)).diagnostics)).toEqual([
      "agents/a.agent.md:4:11 PTC133 seen does not accept the arguments of the tool's signature: t.id: string here, :int in the signature — change the function's parameter type, or the signature",
    ]);
  });

  it("an unknown name is positioned where it is written, with a did-you-mean among the names known", async () => {
    const dir = project({
      "package.json": "{}",
      "agents/types.ptcc": TYPES.replace(":Priority", ":Priorty"),
      "agents/a.agent.md": agentFile('signature: "(t :Prioity) -> :int"', "Do {{t}}."),
    });
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/a.agent.md:2:16 PTC110 bad signature: unknown type :Prioity — did you mean :Priority?",
      "agents/types.ptcc:5:12 PTC112 bad type Ticket: unknown type :Priorty — did you mean :Priority?",
    ]);
  });

  it("cycles, names defined twice and names that are not type names are PTC112 at their definitions", async () => {
    const dir = project({
      "package.json": "{}",
      "agents/types.ptcc": "A = {b :B}\nB = [:A]\nC = :int\nC = :string\nlower = :int\n",
      "agents/a.agent.md": agentFile(
        "types:\n  Own: '{x :int}'\n  Self: '{next :Self?}'\n  C: ':bool'\nsignature: \"(x :Own) -> :int\"",
        "Do {{x}}.",
      ),
    });
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/a.agent.md:4:16 PTC112 the type Self refers to itself: Self → Self — a named type cannot contain itself; use :map or :any where the nesting repeats",
      "agents/a.agent.md:5:3 PTC112 the type C is defined twice — each type name is defined once",
      "agents/types.ptcc:2:6 PTC112 the type B refers to itself: A → B → A — a named type cannot contain itself; use :map or :any where the nesting repeats",
      "agents/types.ptcc:4:1 PTC112 the type C is defined twice — each type name is defined once",
      'agents/types.ptcc:5:1 PTC112 invalid type name "lower" — a type name starts with a capital letter, then letters, digits or _ (Ticket, OrderLine)',
    ]);
  });

  it("sibling folders may not define one name twice (OUT/types.ts holds one of each); a lower types.ptcc uses the names above", async () => {
    const dir = project({
      "package.json": "{}",
      "agents/types.ptcc": "Id = :int[>0]\n",
      "agents/billing/types.ptcc": "Ticket = {id :Id, amount :float}\n",
      "agents/support/types.ptcc": "Ticket = {id :Id, text :string}\n",
      "agents/billing/a.agent.md": agentFile('signature: "(t :Ticket) -> :int"', "Do {{t}}."),
      "agents/support/b.agent.md": agentFile('signature: "(t :Ticket) -> :int"', "Do {{t}}."),
    });
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/support/types.ptcc:1:1 PTC112 the type Ticket is also defined in agents/billing/types.ptcc — the generated types.ts holds one type of each name: rename one of them, or define it once in a folder above both",
    ]);
  });

  it("a named type called like the module's own types, and an agent file named types, are refused", async () => {
    const dir = project({
      "package.json": "{}",
      "agents/types.ptcc": "Id = :int\n",
      "agents/types.agent.md": agentFile('signature: "(id :Id) -> :int"', "Do {{id}}."),
      "agents/a.agent.md": agentFile("types:\n  AInput: '{x :int}'\nsignature: \"(x :AInput) -> :int\"", "Do {{x}}."),
    });
    expect(brief((await compile(dir)).diagnostics)).toEqual([
      "agents/a.agent.md:2:1 PTC112 the named type AInput has the name of a type the module generates for this agent — rename the type",
      "agents/types.agent.md:1:1 PTC151 this agent file would generate types.ts, which holds the named types of types.ptcc — rename the agent file",
    ]);
  });
});
