/**
 * The static check of tool calls against their signatures: a program whose literal
 * arguments cannot succeed is rejected while it is analyzed, with the position of the
 * offending form, before any of its tools fire; the trace counts it.
 */
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, type TraceEvent } from "../../src/agent/index.js";
import { toolCatalog } from "../../src/agent/tool-check.js";
import { Session } from "../../src/evaluator/session.js";
import { parseSignature } from "../../src/signature/parse.js";
import { clj, lastUser, recording } from "./helpers.js";

const SEARCH = parseSignature("(query :string, limit :int?, max_price :float?, tags [:string]?) -> :any");
const SAVE = parseSignature("(_token :string, note :string) -> :bool");
const RUN = parseSignature(
  '(mode "fast"|"slow", status :enum[open closed]?, n :int[1..10]?, tags [:string[..5]][..2]?, job ({kind "a", x :int}|{kind "b", y :string})?) -> :any',
);

/** The error a program gets in a session whose tools have these signatures (null: none). */
function checked(program: string): string | null {
  const calls: string[] = [];
  const session = new Session({
    tools: {
      search: () => calls.push("search"),
      save: () => calls.push("save"),
      log: () => calls.push("log"),
      ping: () => calls.push("ping"),
      run: () => calls.push("run"),
    },
    toolCatalog: toolCatalog(
      new Map([
        ["search", SEARCH],
        ["save", SAVE],
        ["ping", parseSignature(":bool")],
        ["run", RUN],
      ]),
    ),
  });
  const r = session.evaluateSync(program);
  // Whatever the verdict, the check itself never runs a tool.
  if (!r.ok && r.error.detail === "tool_check") {
    expect(calls).toEqual([]);
    return r.error.format();
  }
  return null;
}

describe("the static check of tool calls", () => {
  it.each([
    // unknown keys, with a suggestion or the list of keys
    ['(tool/search {:query "x" :limt 5})', "tool/search has no key :limt at 1:26 — did you mean :limit?"],
    ['(tool/search :query "x" :limt 5)', "tool/search has no key :limt at 1:25 — did you mean :limit?"],
    ['(tool/search {"query" "x" "lmit" 5})', 'tool/search has no key "lmit" at 1:27 — did you mean :limit?'],
    [
      '(tool/search {:query "x" :colour "red"})',
      "tool/search has no key :colour at 1:26 — its keys are :query, :limit, :max_price, :tags",
    ],
    // firewalled parameters are never suggested
    ['(tool/save {:_tokn "t" :note "n"})', "tool/save has no key :_tokn at 1:13 — did you mean :_token?"],
    // missing required keys
    [
      "(tool/search {:limit 5})",
      "tool/search needs :query at 1:1 — its parameters are (query :string, limit :int?, max_price :float?, tags [:string]?)",
    ],
    [
      "(tool/search)",
      "tool/search needs :query at 1:1 — its parameters are (query :string, limit :int?, max_price :float?, tags [:string]?)",
    ],
    // literals of the wrong type, judged as the call judges them
    ["(tool/search {:query 42})", "tool/search argument query: expected string, got int 42 at 1:22"],
    [
      '(tool/search {:query "x" :limit "ten"})',
      'tool/search argument limit: expected int or nil, got string "ten" at 1:33',
    ],
    ['(tool/search {:query "x" :limit 2.5})', "tool/search argument limit: expected int or nil, got float 2.5 at 1:33"],
    ['(tool/search {:query "x" :tags ["a" 1]})', "tool/search argument tags[1]: expected string, got int 1 at 1:32"],
    ["(tool/search {:query nil})", "tool/search argument query: expected string, got nil at 1:22"],
    ['(tool/save {:_token 7 :note "n"})', "tool/save argument _token: expected string, got int <Firewalled> at 1:21"],
    // literal unions, enums, refinements and discriminated unions (signatures v2)
    ['(tool/run {:mode "medium"})', 'tool/run argument mode: expected "fast" or "slow", got string "medium" at 1:18'],
    ["(tool/run {:mode :fast})", null],
    [
      '(tool/run {:mode "fast" :status :pending})',
      'tool/run argument status: expected one of :open :closed or nil, got string "pending" at 1:33',
    ],
    ['(tool/run {:mode "slow" :n 11})', "tool/run argument n: expected int >= 1 and <= 10, got int 11 at 1:28"],
    ['(tool/run {:mode "slow" :n "0"})', "tool/run argument n: expected int >= 1 and <= 10, got int 0 at 1:28"],
    [
      '(tool/run {:mode "slow" :tags ["a" "b" "c"]})',
      "tool/run argument tags: expected list of at most 2 items, got list of 3 items at 1:31",
    ],
    [
      '(tool/run {:mode "slow" :tags ["abcdef"]})',
      'tool/run argument tags[0]: expected string of at most 5 characters, got string "abcdef" at 1:31',
    ],
    ['(tool/run {:mode "slow" :job {:kind "b" :y 1}})', "tool/run argument job.y: expected string, got int 1 at 1:30"],
    [
      '(tool/run {:mode "slow" :job {:kind "c"}})',
      'tool/run argument job.kind: expected "a" or "b", got string "c" at 1:30',
    ],
    // positional arguments
    [
      '(tool/search "lamp")',
      'tool/search takes a map of arguments, not 1 positional argument at 1:1 — write (tool/search {:query "lamp" :limit ... :max_price ... :tags ...})',
    ],
    [
      '(tool/search "a" 1 2.0 ["t"] 5)',
      "tool/search takes a map of 4 arguments (query :string, limit :int?, max_price :float?, tags [:string]?), not 5 positional arguments at 1:1 — write (tool/search {:query ... :limit ... :max_price ... :tags ...})",
    ],
  ])("%s", (program, message) => {
    expect(checked(program)).toBe(message);
  });

  it.each([
    ['(tool/run {:mode "fast" :status :open :n 10 :tags ["abcde"] :job {:kind "a" :x 1}})'],
    ['(tool/run {:mode "slow" :status "closed" :n "1" :job {:kind "b" :y "z"}})'],
  ])("passes %s (signatures v2)", (program) => {
    expect(checked(program)).toBeNull();
  });

  it.each([
    ['(tool/search {:query "x"})'],
    // "5" coerces to 5 for an :int, as the call would do (with a note)
    ['(tool/search {:query "x" :limit "5"})'],
    // either spelling of a key
    ['(tool/search {:query "x" :max-price 5})'],
    ['(tool/search {"query" "x" "max_price" 5.5})'],
    // an :int satisfies a :float
    ['(tool/search {:query "x" :max_price 5})'],
    ['(tool/search :query "x" :limit 3)'],
    // computed arguments are the call's to judge
    ["(def opts {:limt 1}) (tool/search opts)"],
    ["(tool/search (assoc {} :limt 1))"],
    ["(let [q 1] (tool/search {:query q}))"],
    ['(let [k :limt] (tool/search {:query "x" k 1}))'],
    // tools without a signature take anything, and so do signatures without parameters
    ['(tool/log {:anything "goes"})'],
    ['(tool/ping {:anything "goes"})'],
    // quoted code is data, not a call
    ["'(tool/search {:limt 1})"],
  ])("passes %s", (program) => {
    expect(checked(program)).toBeNull();
  });

  it("(doc tool/search) shows the signature, firewalled fields by name and type", () => {
    const session = new Session({
      tools: { save: () => true },
      toolCatalog: toolCatalog(new Map([["save", SAVE]])),
    });
    const r = session.evaluateSync("(doc tool/save)");
    expect(r.ok && r.output.join("\n")).toBe(
      "tool/save (_token :string, note :string) -> :bool\n  Called as (tool/save {:key value ...}).",
    );
  });
});

describe("the static check in an agent run", () => {
  it("no tool fires; the feedback has the position; the trace counts the rejection", async () => {
    const fired: string[] = [];
    const agent = defineAgent({
      prompt: "x",
      maxTurns: 2,
      tools: {
        log: (args) => void fired.push(`log ${JSON.stringify(args)}`),
        search: {
          fn: () => fired.push("search"),
          signature: "(query :string, limit :int?) -> :any",
        },
      },
    });
    const { llm, requests } = recording([
      clj('(tool/log {:msg "before"})\n(tool/search {:query "lamp" :limt 5})'),
      clj("(return 1)"),
    ]);
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(fired).toEqual([]);
    const feedback = lastUser(requests[1]!);
    expect(feedback).toContain("Error: tool/search has no key :limt at 2:29 — did you mean :limit?");
    expect(feedback).toContain('> 2 | (tool/search {:query "lamp" :limt 5})');
    const results = step.trace.filter((e): e is Extract<TraceEvent, { type: "result" }> => e.type === "result");
    expect(results[0]).toMatchObject({ outcome: "error", errorKind: "tool_check", staticCheck: true });
    expect(results[1]!.staticCheck).toBeUndefined();
  });

  it("an agent used as a tool is checked against its own signature", async () => {
    const child = defineAgent({
      name: "double",
      description: "Doubles n",
      prompt: "x",
      signature: "(n :int) -> :int",
    });
    const { llm, requests } = recording([clj('(tool/double {:n "two"})'), clj("(return 1)")]);
    await defineAgent({ prompt: "x", maxTurns: 2, tools: { double: asTool(child) } }).run({}, { llm });
    // The child never ran: two requests, both the parent's.
    expect(requests.map((r) => r.agent)).toEqual(["agent", "agent"]);
    expect(lastUser(requests[1]!)).toContain('tool/double argument n: expected int, got string "two" at 1:18');
  });
});
