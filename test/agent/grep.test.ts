/**
 * The builtin tools grep and grep-n (issue 23 §5, `builtinTools: ["grep"]`): matching lines
 * in the language's regex dialect, line numbers with merged context, at most 100 lines,
 * under the agent's regex limits; called from programs like any tool.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineAgent, renderPrompt } from "../../src/index.js";
import { GREP_N_MAX_LINES, grepTools, numberedLines } from "../../src/agent/builtin-tools/grep.js";
import { clj, recording } from "./helpers.js";

const { grep, "grep-n": grepN } = grepTools({});
const run = (tool: typeof grep, args: Record<string, unknown>): unknown =>
  tool.fn(args, { agent: "a", depth: 0, turn: 1, signal: new AbortController().signal, idempotencyKey: "k" });

const TEXT = ["alpha one", "beta two", "gamma three", "delta four", "Alpha five", "", "beta six"].join("\n");

describe("grep", () => {
  it.each<[string, string, string[]]>([
    ["a literal", "beta", ["beta two", "beta six"]],
    ["anchors are per line", "^a", ["alpha one"]],
    ["Java's inline flags", "(?i)^alpha", ["alpha one", "Alpha five"]],
    ["Java's character classes", "\\p{Upper}", ["Alpha five"]],
    ["POSIX classes the Java way", "\\p{Digit}|\\d", []],
    ["an empty line matches ^$", "^$", [""]],
    ["no match", "omega", []],
    ["alternation", "two|four", ["beta two", "delta four"]],
  ])("%s: %s", (_what, pattern, expected) => {
    expect(run(grep, { pattern, text: TEXT })).toEqual(expected);
  });

  it("splits on \\r\\n too and ignores a final newline", () => {
    expect(run(grep, { pattern: ".", text: "a\r\nb\n" })).toEqual(["a", "b"]);
  });

  it("a pattern that does not compile is an error with the regex's message", () => {
    expect(() => run(grep, { pattern: "(", text: "x" })).toThrow(/\(/);
  });

  it("matches under the step budget of the agent's limits", () => {
    const { grep: tight } = grepTools({ maxSteps: 1_000 });
    const text = Array.from({ length: 5_000 }, (_, i) => `line ${i}`).join("\n");
    expect(() => run(tight, { pattern: "9$", text })).toThrow(/step limit/);
    expect((run(grep, { pattern: "9$", text }) as string[]).length).toBe(500);
  });

  it("a pattern that backtracks badly runs in linear time", () => {
    const text = `${"a".repeat(30_000)}!`;
    const t0 = performance.now();
    expect(run(grep, { pattern: "(a+)+$", text })).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(4_000);
  });
});

describe("grep-n", () => {
  const lines = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
  it.each<[string, number[], number, string[]]>([
    ["a match, no context", [4], 0, ["5:l5"]],
    ["context around a match", [4], 1, ["4-l4", "5:l5", "6-l6"]],
    ["overlapping context merges", [4, 6], 1, ["4-l4", "5:l5", "6-l6", "7:l7", "8-l8"]],
    ["adjacent groups merge", [2, 5], 1, ["2-l2", "3:l3", "4-l4", "5-l5", "6:l6", "7-l7"]],
    ["groups apart have -- between them", [1, 10], 1, ["1-l1", "2:l2", "3-l3", "--", "10-l10", "11:l11", "12-l12"]],
    ["context stops at the ends", [0, 19], 2, ["1:l1", "2-l2", "3-l3", "--", "18-l18", "19-l19", "20:l20"]],
  ])("%s", (_what, hits, context, expected) => {
    expect(numberedLines(lines, hits, context)).toEqual(expected);
  });

  it(`gives at most ${GREP_N_MAX_LINES} lines, then says how many matches were left out`, () => {
    const many = Array.from({ length: 500 }, (_, i) => `x${i}`);
    const out = numberedLines(
      many,
      many.map((_, i) => i),
      0,
    );
    expect(out).toHaveLength(GREP_N_MAX_LINES + 1);
    expect(out[99]).toBe("100:x99");
    expect(out[100]).toBe("-- cut at 100 lines: 400 more matching lines not shown --");
  });

  it("as a tool: the context argument, and its range", () => {
    expect(run(grepN, { pattern: "gamma", text: TEXT, context: 1 })).toEqual([
      "2-beta two",
      "3:gamma three",
      "4-delta four",
    ]);
    expect(run(grepN, { pattern: "gamma", text: TEXT })).toEqual(["3:gamma three"]);
    expect(() => run(grepN, { pattern: "gamma", text: TEXT, context: -1 })).toThrow(
      /context must be an integer from 0 to 50/,
    );
  });
});

describe("builtinTools in an agent", () => {
  it("programs call tool/grep and tool/grep-n; arguments are checked against their signatures", async () => {
    const { llm } = recording([
      clj('(tool/grep {:pattern 3 :text "x"})'),
      clj(
        '(return {:hits (tool/grep {:pattern "b" :text data/log}) :numbered (tool/grep-n {:pattern "b" :text data/log :context 1})})',
      ),
    ]);
    const agent = defineAgent({
      prompt: "Search {{log}}",
      signature: "(log :string) -> {hits [:string], numbered [:string]}",
      builtinTools: ["grep"],
      maxTurns: 2,
    });
    const step = await agent.run({ log: "a\nb\nc\nd" }, { llm });
    expect(step.turns[0]!.outcome).toBe("error");
    expect(step.turns[0]!.feedback).toMatch(/pattern/);
    expect(step.return).toEqual({ hits: ["b"], numbered: ["1-a", "2:b", "3-c"] });
  });

  it("the prompt lists them only when enabled", () => {
    const on = renderPrompt(defineAgent({ prompt: "x", builtinTools: ["grep"] })).user;
    expect(on).toContain("tool/grep ");
    expect(on).toContain("tool/grep-n ");
    expect(on).toContain("(pattern :string, text :string) -> [:string]");
    expect(renderPrompt(defineAgent({ prompt: "x" })).user).not.toContain("tool/grep");
  });

  it.each([
    [{ builtinTools: ["grepp"] }, /unknown builtin tool grepp — did you mean grep\?/],
    [{ builtinTools: "grep" }, /builtinTools must be a list/],
    [{ builtinTools: ["grep"], tools: { grep: () => 1 } }, /tool grep is also a tool ptcc provides/],
    [
      { builtinTools: ["grep"], signature: "(grep_n :int) -> :int", prompt: "{{grep_n}}" },
      /grep-n is both a tool and a data name/,
    ],
  ])("defineAgent checks %j", (options, message) => {
    expect(() => defineAgent({ prompt: "x", ...(options as object) })).toThrow(message);
  });
});

describe("a tool source with a name ptcc provides", () => {
  it("fails the run as any name clash of a source does", async () => {
    const source = {
      name: "MCP server fake",
      open: async () => ({ tools: { grep: () => [] }, close: async () => {} }),
    };
    const agent = defineAgent({ prompt: "x", builtinTools: ["grep"], toolSources: [source] });
    const { llm } = recording([clj("(return 1)")]);
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(false);
    expect(step.ok ? "" : step.failure.reason).toContain(
      "the tool grep of MCP server fake is also a tool ptcc provides (llmQuery, builtinTools)",
    );
  });
});

describe("properties", () => {
  it("grep-n: numbered lines increase, never repeat, mark exactly the hits, at most 100 of them", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.array(fc.nat(299), { maxLength: 120 }),
        fc.integer({ min: 0, max: 5 }),
        (n, rawHits, context) => {
          const lines = Array.from({ length: n }, (_, i) => `l${i}`);
          const hits = [...new Set(rawHits.filter((h) => h < n))].sort((a, b) => a - b);
          const out = numberedLines(lines, hits, context);
          const numbered = out.filter((l) => /^\d+[:-]/.test(l));
          expect(numbered.length).toBeLessThanOrEqual(GREP_N_MAX_LINES);
          const nums = numbered.map((l) => Number(/^\d+/.exec(l)![0]));
          for (let i = 1; i < nums.length; i++) expect(nums[i]!).toBeGreaterThan(nums[i - 1]!);
          for (const l of numbered) {
            const k = Number(/^\d+/.exec(l)![0]) - 1;
            expect(l).toBe(`${k + 1}${hits.includes(k) ? ":" : "-"}l${k}`);
          }
          // Every hit is shown unless the output was cut.
          if (!out.some((l) => l.startsWith("-- cut at"))) {
            expect(numbered.filter((l) => /^\d+:/.test(l))).toHaveLength(hits.length);
          }
        },
      ),
    );
  });

  it("grep with a plain word finds the lines that contain it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-c ]{0,8}$/), { maxLength: 30 }),
        fc.stringMatching(/^[a-c]{1,3}$/),
        (lines, word) => {
          const text = lines.join("\n");
          const expected = linesFor(text).filter((l) => l.includes(word));
          expect(run(grep, { pattern: word, text })).toEqual(expected);
        },
      ),
    );
  });
});

/** The lines grep sees: split on newlines, a final empty line dropped. */
function linesFor(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}
