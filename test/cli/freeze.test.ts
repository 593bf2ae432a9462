/**
 * `ptcc freeze` and `ptcc run --frozen` (the built CLI, dist/): a scripted model's program
 * kept beside the agent file, run again without a model; a hand-written program; a run whose
 * turns depend on the model refused (exit 1, naming the turn); a program frozen for another
 * signature refused by `run --frozen` (PTC170).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const BIN = join(__dirname, "..", "..", "bin", "ptcc.js");
const dir = mkdtempSync(join(tmpdir(), "ptcc-freeze-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ptcc(args: readonly string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const AGENT = (sig: string): string =>
  `---\nsignature: "${sig}"\nmaxTurns: 3\n---\n\nAdd up {{xs}} and count the items over {{over}}.\n`;
const SIG = "(xs [:int], over :int) -> {sum :int, over :int}";
const reply = (code: string): string => `Here it is.\n\n\`\`\`clojure\n${code}\n\`\`\``;

writeFileSync(join(dir, "sum.agent.md"), AGENT(SIG));
writeFileSync(join(dir, "sample.json"), JSON.stringify({ xs: [1, 5, 9], over: 4 }));
writeFileSync(
  join(dir, "two-turns.json"),
  JSON.stringify([
    reply("(def s (reduce + data/xs))\ns"),
    reply("(return {:sum s :over (count (filter #(> % data/over) data/xs))})"),
  ]),
);
writeFileSync(
  join(dir, "peeks.json"),
  JSON.stringify([reply("(reduce + data/xs)"), reply("(return {:sum 15 :over 2})")]),
);

describe("ptcc freeze", () => {
  it("keeps a scripted run's turns in sum.program.clj; run --frozen runs it on another input without a model", () => {
    const r = ptcc(["freeze", "sum.agent.md", "--input", "sample.json", "--llm", "script:two-turns.json"]);
    expect([r.code, r.err]).toEqual([0, ""]);
    expect(r.out).toBe("froze sum.agent.md into sum.program.clj from turns 1, 2: review it, then ptcc compile\n");
    const program = readFileSync(join(dir, "sum.program.clj"), "utf8");
    expect(program.split("\n").slice(2)).toEqual([
      ";; model: script:two-turns.json",
      expect.stringMatching(/^;; frozen: \d{4}-\d\d-\d\d$/),
      ";; turn 1",
      "(def s (reduce + data/xs))",
      "s",
      ";; turn 2",
      "(return {:sum s :over (count (filter #(> % data/over) data/xs))})",
      "",
    ]);
    const run = ptcc(["run", "sum.agent.md", "--frozen", "--input", '{"xs": [10, 20, 30], "over": 15}', "--json"]);
    expect(run.code).toBe(0);
    const step = JSON.parse(run.out) as { ok: boolean; return: unknown; usage: { llmRequests: number } };
    expect([step.ok, step.return, step.usage.llmRequests]).toEqual([true, { sum: 60, over: 2 }, 0]);
  });

  it("freezes a hand-written program (--program), and --json says what it kept", () => {
    writeFileSync(join(dir, "mine.clj"), "{:sum (apply + data/xs) :over 0}\n");
    const r = ptcc(["freeze", "sum.agent.md", "--input", "sample.json", "--program", "mine.clj", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ok: true, file: "sum.program.clj", turns: [], return: { sum: 15, over: 0 } });
    expect(readFileSync(join(dir, "sum.program.clj"), "utf8")).toMatch(
      /^;; ptcc frozen program of agent sum\n.*\n;; model: hand-written \(mine\.clj\)\n/,
    );
  });

  it("refuses a run whose second turn writes a value it read in the first turn's output (exit 1)", () => {
    const before = readFileSync(join(dir, "sum.program.clj"), "utf8");
    const r = ptcc(["freeze", "sum.agent.md", "--input", "sample.json", "--llm", "script:peeks.json"]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      "ptcc: cannot freeze sum.agent.md: turn 2 depended on the model reading earlier output (it writes 15, which the model read in an earlier turn's output at 1:15): it would not run the same without the model\n",
    );
    // The program kept before is left as it was.
    expect(readFileSync(join(dir, "sum.program.clj"), "utf8")).toBe(before);
  });

  it("run --frozen refuses a program frozen for another signature (PTC170, exit 2)", () => {
    writeFileSync(join(dir, "sum.agent.md"), AGENT("(xs [:int], over :int) -> {sum :int, over :int, n :int?}"));
    const r = ptcc(["run", "sum.agent.md", "--frozen", "--input", "@sample.json"]);
    writeFileSync(join(dir, "sum.agent.md"), AGENT(SIG));
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "PTC170: sum.program.clj was frozen for another signature — freeze again: ptcc freeze sum.agent.md",
    );
  });

  it("usage errors exit 2", () => {
    expect(ptcc(["freeze", "sum.agent.md", "--llm", "script:x.json", "--program", "mine.clj"]).code).toBe(2);
    expect(ptcc(["run", "nothing.agent.md", "--frozen"]).code).toBe(2);
  });
});
