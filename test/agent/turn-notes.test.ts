/**
 * Feedback that tells the model what it could not see: a reply cut off at the output
 * limit (instead of "unclosed bracket"), and a keyword lookup that missed a key spelled
 * another way (semantics unchanged: the lookup still gives nil).
 */
import { describe, expect, it } from "vitest";
import { defineAgent, type TraceEvent } from "../../src/agent/index.js";
import type { LlmReply } from "../../src/llm/types.js";
import { evaluateSync } from "../../src/index.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { clj, lastUser, recording } from "./helpers.js";

const CUT = ";; Error: your reply was cut off at the output-token limit before the program ended, so nothing ran.";

describe("a reply cut off at the output limit", () => {
  const cut = (content: string, extra: Partial<LlmReply> = {}): LlmReply => ({
    content,
    finishReason: "length",
    ...extra,
  });

  it.each<[string, LlmReply, string | RegExp, string[]]>([
    // The program was cut: nothing runs, not even its complete first form.
    ["inside a block", cut("```clojure\n(tool/log {})\n(return (+ 1"), CUT, []],
    ["a bare program", cut("(tool/log {})\n(return [1 2"), CUT, []],
    ["before any program", cut("Let me think about the data first. I will"), CUT, []],
    // The block was closed: the cut was in the prose after it, and the program runs.
    [
      "after a closed block",
      cut("```clojure\n(tool/log {})\n```\nThis logs, and next I wi"),
      /^<data>\nnil\n<\/data>/,
      ["log"],
    ],
    // Without finish reason length, an unclosed bracket is just that.
    [
      "not cut: the reader's error",
      { content: "```clojure\n(return (+ 1\n```", finishReason: "stop" },
      /Error: unclosed \( opened at 1:9/,
      [],
    ],
  ])("%s", async (_name, reply, feedback, fired) => {
    const calls: string[] = [];
    const { llm, requests } = recording([reply, clj("(return 1)")]);
    const agent = defineAgent({ prompt: "x", maxTurns: 3, tools: { log: () => void calls.push("log") } });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    const text = lastUser(requests[1]!);
    if (typeof feedback === "string") expect(text.startsWith(feedback)).toBe(true);
    else expect(text).toMatch(feedback);
    expect(calls).toEqual(fired);
    if (typeof feedback === "string") {
      const result = step.trace.find((e): e is Extract<TraceEvent, { type: "result" }> => e.type === "result");
      expect(result?.errorKind).toBe("cut_off");
    }
  });

  it("text mode: cut JSON says so; complete JSON is accepted", async () => {
    const agent = defineAgent({ prompt: "x", signature: "{n :int}", outputMode: "text", maxTurns: 2 });
    const { llm, requests } = recording([cut('```json\n{"n": 4'), cut('{"n": 4}')]);
    const step = await agent.run({}, { llm });
    expect(step.return).toEqual({ n: 4 });
    expect(lastUser(requests[1]!)).toContain("cut off at the output-token limit before the JSON value ended");
  });

  it("running out of turns after a cut-off names it", async () => {
    const step = await defineAgent({ prompt: "x", maxTurns: 1 }).run(
      {},
      { llm: scriptedLlm([cut("```clojure\n(return (+ 1")]) },
    );
    expect(step.failure?.reason).toBe(
      "no valid (return ...) after 1 turn; the last turn's error: your reply was cut off at the output-token limit before the program ended, so nothing ran. Reply with a shorter program: def intermediate results and continue in the next turn.",
    );
  });
});

describe("keys spelled another way", () => {
  it.each([
    [
      "(:next-cursor data/page)",
      { next_cursor: "c2" },
      ';; note: no key :next-cursor in the map, which has "next_cursor": write :next_cursor',
    ],
    ["(:userId data/page)", { user_id: 7 }, ';; note: no key :userId in the map, which has "user_id": write :user_id'],
    ["(:user-id data/page)", { userId: 7 }, ';; note: no key :user-id in the map, which has "userId": write :userId'],
    [
      "(:next_page data/page)",
      { "next-page": 2 },
      ';; note: no key :next_page in the map, which has "next-page": write :next-page',
    ],
    ["(:total {:Total 3})", { x: 1 }, ";; note: no key :total in the map, which has :Total: write :Total"],
    [
      "(get data/page :next-cursor)",
      { next_cursor: 1 },
      ';; note: no key :next-cursor in the map, which has "next_cursor"',
    ],
    [
      "(let [{:keys [next-cursor]} data/page] next-cursor)",
      { next_cursor: 1 },
      ";; note: no key :next-cursor in the map",
    ],
    [
      "(get-in data/page [:meta :total-count])",
      { meta: { total_count: 1 } },
      ";; note: no key :total-count in the map",
    ],
    // in an error turn too, where it explains the error
    [
      "(inc (:total-count data/page))",
      { total_count: 1 },
      ';; note: no key :total-count in the map, which has "total_count": write :total_count',
    ],
  ])("%s on %j", async (program, page, note) => {
    const { llm, requests } = recording([clj(program), clj("(return 1)")]);
    await defineAgent({ prompt: "x", maxTurns: 3 }).run({ page }, { llm });
    expect(lastUser(requests[1]!)).toContain(note);
  });

  it.each([
    ["(:id data/page)", { id: 1 }],
    ["(:missing data/page)", { id: 1 }],
    ['(get data/page "next-cursor")', { next_cursor: 1 }],
  ])("no note for %s on %j", async (program, page) => {
    const { llm, requests } = recording([clj(program), clj("(return 1)")]);
    await defineAgent({ prompt: "x", maxTurns: 3 }).run({ page }, { llm });
    expect(lastUser(requests[1]!)).not.toContain(";; note:");
  });

  it("the lookup still gives nil (or the default), and a note comes once however many misses", () => {
    const r = evaluateSync("[(map :next-cursor data/pages) (:next-cursor (first data/pages) :none)]", {
      context: { pages: [{ next_cursor: 1 }, { next_cursor: 2 }, { next_cursor: 3 }] },
    });
    expect(r.ok && r.printed).toBe("[(nil nil nil) :none]");
    expect(r.warnings.filter((w) => w.note === true)).toHaveLength(1);
  });
});
