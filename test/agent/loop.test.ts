import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { asTool, chain, defineAgent, type Step, type TraceEvent } from "../../src/agent/index.js";
import { PtcError } from "../../src/diagnostics/error.js";
import { scriptedLlm } from "../../src/llm/script.js";
import type { Llm } from "../../src/llm/types.js";
import { clj, recording, lastUser, mission } from "./helpers.js";

describe("the loop: return, feedback, errors", () => {
  it("a valid (return v) ends the run with v as host data", async () => {
    const agent = defineAgent({ prompt: "Double {{n}}", signature: "(n :int) -> {result :int}" });
    const step = await agent.run({ n: 5 }, { llm: scriptedLlm([clj("(return {:result (* 2 data/n)})")]) });
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ result: 10 });
    expect(step.turns).toHaveLength(1);
    expect(step.turns[0]!.outcome).toBe("return");
    expect(step.usage.llmRequests).toBe(1);
  });

  it("traces the run in order: start, request, response, program, result, end", async () => {
    const agent = defineAgent({ prompt: "x", signature: ":int" });
    const step = await agent.run({}, { llm: scriptedLlm([clj("(return 1)")]) });
    expect(step.trace.map((e) => e.type)).toEqual([
      "run_start",
      "llm_request",
      "llm_response",
      "program",
      "result",
      "run_end",
    ]);
    expect(step.trace[5]).toMatchObject({ type: "run_end", ok: true, return: 1, turns: 1 });
  });

  it("a plain result goes back as REPL feedback; def shows #'name and persists", async () => {
    const { llm, requests } = recording([
      clj("(def xs [1 2 3])"),
      clj('(println "sum is" (reduce + xs))\n(count xs)'),
      clj("(return (reduce + xs))"),
    ]);
    const agent = defineAgent({ prompt: "Sum", signature: ":int" });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(step.return).toBe(6);
    // The printed value in the data envelope; the turn that defined xs says so.
    expect(lastUser(requests[1]!)).toBe("<data>\n#'xs\n</data>\n;; user/ now: xs\n;; turn 2 of 5");
    expect(lastUser(requests[2]!)).toBe("<data>\nsum is 6\n=> 3\n</data>\n;; turn 3 of 5");
    // The first message never changes: definitions are reported in the feedback.
    expect(requests[2]!.messages[0]!.content).toBe(requests[0]!.messages[0]!.content);
  });

  it("an invalid return sends the path errors back and the run continues", async () => {
    const { llm, requests } = recording([clj('(return {:items [{:id "a"}]})'), clj("(return {:items [{:id 1}]})")]);
    const agent = defineAgent({ prompt: "Items", signature: "{items [{id :int}]}" });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(step.turns[0]!.outcome).toBe("invalid");
    expect(lastUser(requests[1]!)).toContain('items[0].id: expected int, got string "a"');
  });

  it("(fail reason) ends the run as failed with the reason", async () => {
    const agent = defineAgent({ prompt: "x", maxTurns: 3 });
    const step = await agent.run({}, { llm: scriptedLlm([clj('(fail {:reason :no-data :message "nothing found"})')]) });
    expect(step.ok).toBe(false);
    expect(step.failure).toMatchObject({ kind: "fail", reason: "nothing found" });
    expect(step.turns).toHaveLength(1);
  });

  it("errors of every kind come back with positions, and the run goes on", async () => {
    const { llm, requests } = recording([
      clj("(+ 1"),
      clj("(fliter odd? [1 2])"),
      clj("(/ 1 0)"),
      "I think I should look at the data first.",
      clj("(return 1)"),
    ]);
    const agent = defineAgent({ prompt: "x", signature: ":int", maxTurns: 5 });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(lastUser(requests[1]!)).toMatch(/^<data>\nError: .*unclosed \( opened at 1:1/);
    expect(lastUser(requests[2]!)).toContain("\nError: undefined symbol fliter at 1:2 — did you mean filter?\n</data>");
    expect(lastUser(requests[3]!)).toContain("\nError: divide by zero at 1:1");
    expect(lastUser(requests[4]!)).toContain("no program found in your reply");
    expect(step.turns.map((t) => t.outcome)).toEqual(["error", "error", "error", "error", "return"]);
  });

  it("a failed turn rolls back its defs", async () => {
    const { llm, requests } = recording([
      clj("(def a 1)"),
      clj("(def a 2)\n(def b 3)\n(/ 1 0)"),
      clj("b"),
      clj("(return a)"),
    ]);
    const agent = defineAgent({ prompt: "x", maxTurns: 4 });
    const step = await agent.run({}, { llm });
    expect(step.return).toBe(1);
    expect(lastUser(requests[3]!)).toContain("undefined symbol b");
    expect(lastUser(requests[1]!)).toContain(";; user/ now: a");
    // The failed turn defined nothing that stayed: no user/ line.
    expect(lastUser(requests[2]!)).not.toContain("user/ now");
    expect(step.namespace).toEqual({ a: 1 });
  });

  it("runs out of turns: failed with the reason; the last turn's prompt says it is the last", async () => {
    const { llm, requests } = recording([clj("1"), clj("2")]);
    const agent = defineAgent({ prompt: "x", maxTurns: 2, completion: "explicit" });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(false);
    expect(step.failure).toEqual({ kind: "max_turns", reason: "no valid (return ...) after 2 turns" });
    expect(lastUser(requests[0]!)).not.toContain("last turn");
    expect(lastUser(requests[1]!)).toContain(";; turn 2 of 2 (last turn: return now)");
  });

  it("with maxTurns 1 the value of the program is the answer, validated", async () => {
    const agent = defineAgent({ prompt: "x", signature: "(a :int, b :int) -> :int", maxTurns: 1 });
    const ok = await agent.run({ a: 2, b: 3 }, { llm: scriptedLlm([clj("(+ data/a data/b)")]) });
    expect(ok.return).toBe(5);
    const bad = await agent.run({ a: 2, b: 3 }, { llm: scriptedLlm([clj('(str "x")')]) });
    expect(bad.ok).toBe(false);
    expect(bad.failure?.reason).toContain('expected int, got string "x"');
  });

  it("*1 keeps a shortened result; def keeps the full value", async () => {
    const { llm } = recording([
      clj("(def big (vec (range 1000)))\n(range 1000)"),
      clj("(return [(count *1) (count big)])"),
    ]);
    const agent = defineAgent({ prompt: "x", maxTurns: 2, formatOptions: { historyMaxBytes: 100 } });
    const step = await agent.run({}, { llm });
    const [short, full] = step.return as number[];
    expect(short).toBeLessThan(40);
    expect(short).toBeGreaterThan(10);
    expect(full).toBe(1000);
  });

  it("feedback is shortened per formatOptions", async () => {
    const { llm, requests } = recording([clj("(range 100)"), clj("(return 1)")]);
    const agent = defineAgent({ prompt: "x", maxTurns: 2, formatOptions: { feedbackLimit: 3 } });
    await agent.run({}, { llm });
    expect(lastUser(requests[1]!)).toMatch(/^<data>\n\(0 1 2 \.\.\. /);
  });

  it("CRLF, zero-width and non-breaking spaces are cleaned before reading", async () => {
    const reply = "```clojure\r\n(return\u00a0(+ 1\u200b 2))\r\n```";
    const step = await defineAgent({ prompt: "x", signature: ":int" }).run({}, { llm: scriptedLlm([reply]) });
    expect(step.return).toBe(3);
  });

  it("the input is validated and coerced before any LLM call", async () => {
    // A signature typed `string`: the input below is wrong on purpose, which a literal would reject.
    const signature: string = "(n :int) -> :int";
    const agent = defineAgent({ prompt: "{{n}}", signature });
    const { llm, requests } = recording([clj("(return data/n)")]);
    expect((await agent.run({ n: "7" }, { llm })).return).toBe(7);
    const bad = await agent.run({ n: "seven" }, { llm });
    expect(bad.failure?.kind).toBe("input");
    expect(bad.failure?.reason).toContain('n: expected int, got string "seven"');
    expect(requests).toHaveLength(1);
  });

  it("an optional parameter left out is data/ nil, and {{it}} is empty", async () => {
    const { llm, requests } = recording([clj("[data/q data/limit]")]);
    const agent = defineAgent({
      prompt: "Find {{q}}{{limit}}",
      signature: "(q :string, limit :int?) -> :any",
      maxTurns: 1,
    });
    const step = await agent.run({ q: "a" }, { llm });
    expect(step.return).toEqual(["a", null]);
    expect(mission(requests[0]!)).toContain("Find a\n");
    expect(mission(requests[0]!)).toContain("data/limit                    ; :int?\n;;   sample: nil");
  });

  it("running out of turns after an error says what the error was", async () => {
    const step = await defineAgent({ prompt: "x", maxTurns: 1 }).run(
      {},
      { llm: scriptedLlm([clj("(fliter odd? [1])")]) },
    );
    expect(step.failure?.reason).toBe(
      "no valid (return ...) after 1 turn; the last turn's error: undefined symbol fliter at 1:2 — did you mean filter?",
    );
  });

  it("input that cannot enter a program fails the run as input, and the trace stays writable", async () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = cyclic;
    const lines: string[] = [];
    const agent = defineAgent({ prompt: "x", signature: "(data :map) -> :any" });
    const step = await agent.run(
      { data: cyclic },
      { llm: scriptedLlm([]), trace: (e) => lines.push(JSON.stringify(e)) },
    );
    expect(step.failure?.kind).toBe("input");
    expect(step.failure?.reason).toContain("nested more than 500 levels deep (or is circular)");
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: "run_start", input: { data: { a: 1, self: "#circular" } } });
  });

  it("no LLM: a failed step, not an exception", async () => {
    const step = await defineAgent({ prompt: "x" }).run({});
    expect(step.failure?.kind).toBe("llm");
    expect(step.failure?.reason).toContain("no LLM given");
  });

  it("an LLM that throws ends the run as failed", async () => {
    const llm: Llm = () => Promise.reject(new Error("boom"));
    const step = await defineAgent({ prompt: "x" }).run({}, { llm });
    expect(step.failure).toEqual({ kind: "llm", reason: "boom" });
  });

  it("the mission deadline bounds every turn, children included", async () => {
    const slowKid: Llm = (r) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => resolve(clj("(return 1)")), 5000);
        r.signal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(new Error("aborted"));
        });
      });
    // Named, so that the run's model does not take its place.
    const kid = defineAgent({
      name: "kid",
      description: "Slow",
      prompt: "x",
      llm: "slow",
      llmRegistry: { slow: slowKid },
    });
    const parent = defineAgent({ prompt: "x", tools: { kid: asTool(kid) }, missionTimeoutMs: 100, maxTurns: 2 });
    const t0 = performance.now();
    const { llm, requests } = recording([clj("(tool/kid {})"), clj("(return 2)")]);
    const step = await parent.run({}, { llm });
    expect(performance.now() - t0).toBeLessThan(2000);
    // The 5-second child was stopped at the parent's 100 ms deadline. Which timer fired
    // first (the parent's evaluation or the child's turn) and whether the parent's next
    // turn still fit depend on timer granularity; both end in a message about time.
    expect(step.turns[0]!.feedback).toMatch(
      /timeout: the evaluation ran longer than \d+ ms|agent kid failed: the mission ran out of time \(100 ms\)/,
    );
    if (!step.ok) expect(step.failure).toEqual({ kind: "timeout", reason: "the mission ran out of time (100 ms)" });
    expect(requests.length).toBeLessThanOrEqual(2);
  });

  it("a child agent still running when the parent's turn ends is stopped", async () => {
    let aborted = 0;
    const slowKid: Llm = (r) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => resolve(clj("(return 1)")), 5000);
        r.signal?.addEventListener("abort", () => {
          aborted++;
          clearTimeout(t);
          reject(new Error("aborted"));
        });
      });
    const kid = defineAgent({
      name: "kid",
      description: "Slow",
      prompt: "x",
      llm: "slow",
      llmRegistry: { slow: slowKid },
    });
    const parent = defineAgent({ prompt: "x", tools: { kid: asTool(kid) }, turnTimeoutMs: 80 });
    const t0 = performance.now();
    const step = await parent.run({}, { llm: scriptedLlm([clj("(tool/kid {})"), clj("(return 2)")]) });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(step.return).toBe(2);
    expect(step.turns[0]!.feedback).toMatch(/timeout|ran out of time/);
    // The child's model call was aborted when the parent's turn ended, not left running.
    expect(aborted).toBe(1);
  });

  it("a turn that takes too long ends the run with a timeout", async () => {
    const slow: Llm = (r) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => resolve("(return 1)"), 5000);
        r.signal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(new Error("aborted"));
        });
      });
    const step = await defineAgent({ prompt: "x", turnTimeoutMs: 50 }).run({}, { llm: slow });
    expect(step.failure?.kind).toBe("timeout");
    expect(step.failure?.reason).toBe("turn 1 ran out of time (50 ms)");
  });
});

describe("tools", () => {
  it("arguments arrive as JSON with - turned into _, coerced with a note to the LLM", async () => {
    const seen: unknown[] = [];
    const { llm, requests } = recording([
      clj('(tool/search {:max-price "5" :query "x"})'),
      clj('(tool/search :max-price 6 :query "y")'),
      clj("(return 1)"),
    ]);
    const agent = defineAgent({
      prompt: "x",
      maxTurns: 3,
      tools: {
        search: {
          fn: (args, ctx) => {
            seen.push({ args, agent: ctx.agent, turn: ctx.turn });
            return [{ id: 1 }];
          },
          signature: "(query :string, max_price :int) -> [{id :int}]",
          description: "Search things",
        },
      },
    });
    const step = await agent.run({}, { llm });
    expect(seen).toEqual([
      { args: { max_price: 5, query: "x" }, agent: "agent", turn: 1 },
      { args: { max_price: 6, query: "y" }, agent: "agent", turn: 2 },
    ]);
    expect(lastUser(requests[1]!)).toContain(';; note: tool/search max_price: coerced string "5" to int');
    expect(requests[0]!.messages[0]!.content).toContain(
      "tool/search                   ; (query :string, max_price :int) -> [{id :int}]\n;;   Search things",
    );
    expect(step.turns[0]!.toolCalls[0]).toMatchObject({ name: "search", result: [{ id: 1 }] });
  });

  it("a tool that throws becomes feedback, never a crash", async () => {
    const { llm, requests } = recording([clj("(tool/boom)"), clj("(return 1)")]);
    const agent = defineAgent({
      prompt: "x",
      maxTurns: 3,
      tools: {
        boom: () => {
          throw new Error("database down");
        },
      },
    });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(lastUser(requests[1]!)).toContain("tool/boom failed: database down");
  });

  it("unknown tools and undefined symbols are rejected before any tool fires", async () => {
    let calls = 0;
    const { llm, requests } = recording([clj("(tool/search {})\n(tool/serch {})"), clj("(return calls)")]);
    const agent = defineAgent({ prompt: "x", maxTurns: 2, tools: { search: () => ++calls } });
    await agent.run({}, { llm });
    expect(calls).toBe(0);
    expect(lastUser(requests[1]!)).toContain("unknown tool serch");
  });
});

describe("agents as tools", () => {
  const child = defineAgent({
    name: "doubler",
    description: "Doubles a number",
    prompt: "Double {{n}}",
    signature: "(n :int) -> {result :int, _audit :string}",
  });

  it("the child runs its own turns one level deeper; its return goes into the parent's program", async () => {
    const { llm, requests } = recording([
      clj("(def r (tool/double {:n 21}))\nr"), // parent turn 1
      clj('(return {:result (* 2 data/n) :_audit "secret"})'), // child turn 1
      clj("(return r)"), // parent turn 2
    ]);
    const parent = defineAgent({
      name: "boss",
      prompt: "Use the doubler",
      tools: { double: asTool(child) },
      maxTurns: 2,
    });
    const step = await parent.run({}, { llm });
    expect(step.ok).toBe(true);
    // Firewalled fields reach the program and the host...
    expect(step.return).toEqual({ result: 42, _audit: "secret" });
    // ...but no LLM sees them.
    expect(requests[0]!.messages[0]!.content).toContain(
      "tool/double                   ; (n :int) -> {result :int, _audit :string}\n;;   Doubles a number",
    );
    expect(lastUser(requests[2]!)).toContain("{:result 42, :_audit <Firewalled>}");
    expect(JSON.stringify(requests)).not.toContain("secret");
    expect(requests[1]!.depth).toBe(1);
    expect(step.usage.llmRequests).toBe(3);
    // The child's run is linked to the parent's in the trace.
    const starts = step.trace.filter((e): e is Extract<TraceEvent, { type: "run_start" }> => e.type === "run_start");
    expect(starts.map((s) => [s.agent, s.depth])).toEqual([
      ["boss", 0],
      ["doubler", 1],
    ]);
    expect(starts[1]!.parent).toBe(starts[0]!.run);
  });

  it("a self tool recurses into the same definition, and maxDepth stops it", async () => {
    const agent = defineAgent({
      name: "rec",
      description: "Counts down",
      prompt: "Count down from {{n}}",
      signature: "(n :int) -> :int",
      tools: { self: "self" },
      maxDepth: 1,
      maxTurns: 2,
    });
    const { llm, requests } = recording([
      clj("(return (+ 1 (tool/self {:n (dec data/n)})))"), // depth 0
      clj("(return (+ 1 (tool/self {:n (dec data/n)})))"), // depth 1: the call is refused
      clj("(return 0)"), // depth 1, turn 2
      // back at depth 0: (+ 1 0)
    ]);
    const step = await agent.run({ n: 3 }, { llm });
    expect(step.ok).toBe(true);
    expect(step.return).toBe(1);
    expect(lastUser(requests[2]!)).toContain("agents may nest at most 1 levels deep");
  });

  it("asTool needs a description", () => {
    const bare = defineAgent({ prompt: "x" });
    expect(() => asTool(bare)).toThrow("asTool: an agent used as a tool needs a description");
  });
});

describe("chaining", () => {
  it("chain passes the return as the next input, with field descriptions", async () => {
    const a = defineAgent({
      name: "a",
      prompt: "Double {{n}}",
      signature: "(n :int) -> {result :int}",
      fieldDescriptions: { result: "The doubled value" },
      maxTurns: 1,
    });
    const b = defineAgent({ name: "b", prompt: "Add 10", signature: "(result :int) -> {final :int}", maxTurns: 1 });
    const { llm, requests } = recording([clj("{:result (* 2 data/n)}"), clj("{:final (+ data/result 10)}")]);
    const step: Step = await chain(a.run({ n: 5 }, { llm }), b, { llm });
    expect(step.return).toEqual({ final: 20 });
    expect(requests[1]!.messages[0]!.content).toContain("data/result                   ; :int\n;;   The doubled value");
  });

  it("chain checks that the keys cover the next agent's parameters", async () => {
    const a = defineAgent({ name: "a", prompt: "x", signature: "{value :int}", maxTurns: 1 });
    const b = defineAgent({ name: "b", prompt: "x", signature: "(result :int) -> :int", maxTurns: 1 });
    const llm = scriptedLlm([clj("{:value 1}")]);
    // The types reject this chain already (type tests: test/types/); an untyped step gets to run it.
    const untyped: Promise<Step> = a.run({}, { llm });
    await expect(chain(untyped, b, { llm })).rejects.toThrow(
      "chain: agent b needs result, which agent a's return value does not have (its keys: value)",
    );
  });
});

describe("asTool given what is not an agent", () => {
  it.each<[string, unknown]>([
    ["null", null],
    ["a number", 5],
    ["an object without a definition", { name: "x" }],
    ["a tool definition", { fn: () => 1, signature: "() -> :int" }],
  ])("%s", (_, given) => {
    let error: unknown;
    try {
      asTool(given as Parameters<typeof asTool>[0]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PtcError);
    expect((error as PtcError).kind).toBe("definition");
    expect((error as PtcError).message).toContain("asTool takes an agent (made by defineAgent), got");
  });
});

describe("chain given what is not a step or an agent", () => {
  const b = defineAgent({ name: "b", prompt: "x", signature: "(result :int) -> :int", maxTurns: 1 });
  it.each<[string, unknown, unknown, string]>([
    ["null as the step", null, b, "chain: the first argument must be a Step (what agent.run resolves to), got null"],
    ["an agent as the step", b, b, "chain: the first argument must be a Step (what agent.run resolves to), got"],
    [
      "a step made by hand",
      { ok: true, return: 1 },
      b,
      "chain: the previous agent returned 1, but agent b needs a map with result",
    ],
    ["a failed step made by hand", { ok: false }, b, "chain: the previous step (the previous agent) failed: no reason"],
    [
      "null as the agent",
      { ok: true, return: { result: 1 } },
      null,
      "chain: the second argument must be an agent (made by defineAgent), got null",
    ],
  ])("%s", async (_, step, next, message) => {
    const error = await chain(step as Step, next as typeof b).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PtcError);
    expect((error as PtcError).message).toContain(message);
  });
});

describe("text mode", () => {
  it("the LLM answers JSON, validated against the signature", async () => {
    const { llm, requests } = recording(['```json\n{"name": 1}\n```', '{"name": "Ann"}']);
    const agent = defineAgent({
      prompt: "Extract the name from {{text}}",
      signature: "(text :string) -> {name :string}",
      outputMode: "text",
      maxTurns: 2,
    });
    const step = await agent.run({ text: "Ann wrote this" }, { llm });
    expect(step.return).toEqual({ name: "Ann" });
    expect(lastUser(requests[1]!)).toContain("name: expected string, got int 1");
    expect(requests[0]!.system).not.toContain("PTC-Lisp reference");
  });
});

describe("definition errors", () => {
  it.each([
    [
      { prompt: "Find {{usr}}", signature: "(user :string) -> :any" },
      "defineAgent: unknown placeholder {{usr}} in the prompt at 1:6",
    ],
    [
      { prompt: "x", signature: "(q :string) -> :any", tools: { q: () => 1 } },
      "defineAgent: q is both a tool and a data name",
    ],
    [{ prompt: "x", maxTurns: 0 }, "defineAgent: maxTurns must be an integer of at least 1, got 0"],
    [{ prompt: "x", signature: "(q :strin) -> :any" }, "defineAgent: bad signature"],
    [{ prompt: "" }, "defineAgent: the prompt is empty"],
    [{ prompt: "x", formatOptions: { feedbackLimt: 3 } }, "defineAgent: unknown format option feedbackLimt"],
    [{ prompt: "x", tools: { "bad name": () => 1 } }, 'defineAgent: tool name "bad name" cannot be called'],
    [{ prompt: "x", reference: "short" }, 'defineAgent: unknown reference "short"'],
    [{ prompt: "x", transport: "tools" }, 'defineAgent: unknown transport "tools"'],
    [
      { prompt: "x", turnTimeoutMs: 1e20 },
      "defineAgent: turnTimeoutMs must be at most 2147483647, got 100000000000000000000",
    ],
    [{ prompt: "x", maxTurns: 2.5 }, "defineAgent: maxTurns must be an integer of at least 1, got 2.5"],
    [{ prompt: "x", limits: { timeoutMs: 0 } }, "defineAgent: limit timeoutMs must be at least 1, got 0"],
    [{ prompt: "x", limits: { maxStep: 5 } }, "defineAgent: unknown limit maxStep"],
  ])("%j", (options, message) => {
    expect(() => defineAgent(options as Parameters<typeof defineAgent>[0])).toThrow(message);
  });
});

describe("firewalled values in messages", () => {
  it("validation errors and coercion notes on _ fields show the type, not the value", async () => {
    const { llm, requests } = recording([
      clj('(tool/save {:_token "12345" :n "7"})'),
      clj('(return {:_secret "hunter2"})'),
      clj("(return {:_secret 1})"),
    ]);
    const agent = defineAgent({
      prompt: "x",
      signature: "{_secret :int}",
      maxTurns: 3,
      tools: { save: { fn: () => true, signature: "(_token :int, n :int) -> :bool" } },
    });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    const notes = lastUser(requests[1]!);
    expect(notes).toContain(";; note: tool/save _token: coerced string <Firewalled> to int");
    expect(notes).toContain(';; note: tool/save n: coerced string "7" to int');
    expect(lastUser(requests[2]!)).toContain("\n_secret: expected int, got string <Firewalled>\n");
    for (const r of requests) expect(JSON.stringify(r.messages.slice(-1))).not.toMatch(/12345|hunter2/);
  });
});

describe("errors inside functions defined elsewhere", () => {
  it("a function from an earlier turn: the position is named, not framed against this program", async () => {
    const { llm, requests } = recording([
      clj("(defn half [x] (quot x 0))"),
      clj("(def y 1)\n(half 10)"),
      clj("(return 1)"),
    ]);
    const step = await defineAgent({ prompt: "x", maxTurns: 3 }).run({}, { llm });
    expect(step.ok).toBe(true);
    const feedback = lastUser(requests[2]!);
    expect(feedback).toContain("<data>\nError: divide by zero in quot at 1:16");
    expect(feedback).toContain(";; (1:16 is in your program of turn 1, where the function was defined)");
    expect(feedback).not.toContain("> 1 |");
  });

  it("an error in this turn's own code gets the code frame", async () => {
    const { llm, requests } = recording([clj("(def y 1)\n(quot y 0)"), clj("(return 1)")]);
    await defineAgent({ prompt: "x", maxTurns: 2 }).run({}, { llm });
    expect(lastUser(requests[1]!)).toContain("> 2 | (quot y 0)");
  });

  it("an inherited function: the position is in the parent's program", async () => {
    const { llm, requests } = recording([
      clj("(defn bad [x] (quot x 0))\n(return (tool/sub {:v 1}))"),
      clj("(bad data/v)"),
      clj("(return 7)"),
    ]);
    const agent = defineAgent({ name: "p", prompt: "x", signature: "(v :int) -> :int", tools: { sub: "self" } });
    const step = await agent.run({ v: 0 }, { llm });
    expect(step.return).toBe(7);
    expect(lastUser(requests[2]!)).toContain(
      ";; (1:15 is in a program of agent p, where this inherited function was defined)",
    );
  });
});

describe("models named by spec", () => {
  it("a script: model is one instance for the whole mission: the child continues its replies", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ptcc-spec-"));
    const file = join(dir, "script.json");
    writeFileSync(file, JSON.stringify([clj("(return (tool/kid {:n 2}))"), clj("(return (* 10 data/n))")]));
    const kid = defineAgent({ name: "kid", description: "Times ten", prompt: "x", signature: "(n :int) -> :int" });
    const same = defineAgent({
      name: "kid2",
      description: "Times ten",
      prompt: "x",
      signature: "(n :int) -> :int",
      llm: `script:${file}`,
    });
    const parent = (tool: typeof kid) =>
      defineAgent({ prompt: "x", signature: ":int", llm: `script:${file}`, tools: { kid: asTool(tool) } });
    // A child naming no model uses its parent's; one naming the same spec shares the instance.
    expect((await parent(kid).run({})).return).toBe(20);
    expect((await parent(same).run({})).return).toBe(20);
  });
});

describe("the run's model and the definition's (issue 21 §2)", () => {
  it("the run's llm wins over a model the definition names by spec, for the agent and its children", async () => {
    const { llm, requests } = recording([clj("(return (tool/kid {:n 1}))"), clj("(return (inc data/n))")]);
    const kid = defineAgent({
      name: "kid",
      description: "Adds one",
      prompt: "x",
      signature: "(n :int) -> :int",
      llm: "anthropic:claude-never-called",
    });
    const parent = defineAgent({
      prompt: "x",
      signature: ":int",
      tools: { kid: asTool(kid) },
      llm: "openai:gpt-never-called",
    });
    const step = await parent.run({}, { llm });
    expect(step.return).toBe(2);
    expect(requests.map((r) => r.agent)).toEqual(["agent", "kid"]);
  });

  it("the run's llm wins over a model function of the definition", async () => {
    const own: Llm = () => Promise.reject(new Error("the definition's model was called"));
    const step = await defineAgent({ prompt: "x", llm: own }).run({}, { llm: scriptedLlm([clj("(return 1)")]) });
    expect(step.return).toBe(1);
  });

  it("without llm in the run, the definition's model is used", async () => {
    const own = recording([clj("(return 1)")]);
    const step = await defineAgent({ prompt: "x", llm: own.llm }).run({});
    expect(step.return).toBe(1);
    expect(own.requests).toHaveLength(1);
  });

  it("a model named through the registry is kept when the run gives llm", async () => {
    const named = recording([clj("(return 1)")]);
    const step = await defineAgent({ prompt: "x", llm: "mine" }).run(
      {},
      { llm: scriptedLlm([]), llmRegistry: { mine: named.llm } },
    );
    expect(step.return).toBe(1);
    expect(named.requests).toHaveLength(1);
  });

  it("a registry lookup finds own names only (constructor is not a model)", async () => {
    const step = await defineAgent({ prompt: "x", llm: "constructor" }).run({});
    expect(step.failure?.kind).toBe("llm");
    expect(step.failure?.reason).toMatch(/no model named constructor/);
  });
});

describe("the LLM registry", () => {
  it("a child agent selects a named model; the parent uses the run's", async () => {
    const main = recording([clj("(return (tool/kid {:n 1}))")]);
    const fast = recording([clj("(return (inc data/n))")]);
    const kid = defineAgent({
      name: "kid",
      description: "Adds one",
      prompt: "x",
      signature: "(n :int) -> :int",
      llm: "fast",
    });
    const parent = defineAgent({ prompt: "x", signature: ":int", tools: { kid: asTool(kid) } });
    const step = await parent.run({}, { llm: main.llm, llmRegistry: { fast: fast.llm } });
    expect(step.return).toBe(2);
    expect(main.requests.map((r) => r.agent)).toEqual(["agent"]);
    expect(fast.requests.map((r) => r.agent)).toEqual(["kid"]);
  });

  it("a name the registry lacks fails the run, listing the names it has", async () => {
    const agent = defineAgent({ prompt: "x", llm: "smart" });
    const step = await agent.run({}, { llmRegistry: { fast: scriptedLlm([]) } });
    expect(step.failure).toEqual({
      kind: "llm",
      reason: "the agent: no model named smart in the LLM registry (it has fast)",
    });
  });
});
