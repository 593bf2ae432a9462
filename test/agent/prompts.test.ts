/**
 * Golden prompts: the system prompts and whole LLM requests of a few scripted runs are
 * kept in test/agent/golden/*.txt, so every change to what a model sees shows up in
 * review. When a change is intended, rerun with UPDATE_GOLDEN=1 and read the diff.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, systemPrompt } from "../../src/agent/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { clj, recording } from "./helpers.js";
import { golden as goldenFile } from "../golden.js";

const DIR = join(__dirname, "golden");

const golden = (name: string, actual: string): void => goldenFile(DIR, name, actual);

/** A request as a reviewer reads it: each message under a header (the system prompts have goldens of their own). */
function show(r: LlmRequest): string {
  const tools = r.tools === undefined ? "" : `, tools ${r.tools.map((t) => t.name).join(" ")}`;
  const parts = [`=== request: agent ${r.agent}, depth ${r.depth}, turn ${r.turn}${tools}`];
  for (const m of r.messages) {
    const head = m.toolCallId !== undefined ? `--- ${m.role} (result of ${m.toolCallId})` : `--- ${m.role}`;
    parts.push(`${head}\n${m.content}`);
    for (const c of m.toolCalls ?? []) parts.push(`--- call ${c.id}: ${c.name} ${c.arguments}`);
  }
  return `${parts.join("\n")}\n`;
}

const lastUserOf = (r: LlmRequest): string => r.messages[r.messages.length - 1]!.content;

/** A reply with a sentence before the program, as models often write. */
const reply = (code: string): string => `Here is the program.\n\n${clj(code)}`;

describe("golden prompts", () => {
  it("system prompt, lisp mode: a multi-turn agent with tools", () => {
    golden("system-lisp.txt", systemPrompt("lisp"));
  });

  it("system prompt, lisp mode: a single-shot agent without tools", () => {
    golden("system-single.txt", systemPrompt({ maxTurns: 1, hasTools: false }));
  });

  it("system prompt, lisp mode: the tool_call transport", () => {
    golden("system-tool-call.txt", systemPrompt({ transport: "tool_call" }));
  });

  it("system prompt, text mode", () => {
    golden("system-text.txt", systemPrompt("text"));
  });

  it("every request of a run uses its agent's system prompt", async () => {
    const { llm, requests } = recording([reply("(return 1)")]);
    await defineAgent({ prompt: "x", signature: ":int", maxTurns: 1 }).run({}, { llm });
    expect(requests[0]!.system).toBe(systemPrompt({ maxTurns: 1, hasTools: false }));
  });

  it("a multi-turn run with data, tools, an agent tool, definitions and feedback", async () => {
    const summarize = defineAgent({
      name: "summarize",
      description: "Summarize one expense report",
      prompt: "Summarize report {{id}}",
      signature: "(id :int) -> {summary :string, _raw :string}",
    });
    const agent = defineAgent({
      name: "auditor",
      prompt: "Find suspicious expenses above {{threshold}} in data/expenses and explain them.",
      signature:
        "(threshold :float, expenses [{id :int, category :string, amount :float, _card :string}]) -> {ids [:int], reason :string}",
      fieldDescriptions: {
        threshold: "Amounts above this are suspicious.",
        expenses: "Expense claims of this quarter.",
        ids: "The suspicious expense ids",
        reason: "One sentence",
      },
      tools: {
        "fetch-user": {
          fn: ({ id }) => ({ id, name: "Bob", _email: "bob@example.com" }),
          signature: "(id :int) -> {id :int, name :string, _email :string}",
          description: "Fetch a user by id.",
        },
        summarize: asTool(summarize),
      },
      maxTurns: 3,
    });
    const { llm, requests } = recording([
      reply(
        '(defn suspicious? "Above the threshold" [e] (> (:amount e) data/threshold))\n(def hits (filter suspicious? data/expenses))\n(println "found" (count hits))\n(map :id hits)',
      ),
      reply("(tool/fetch-user {:id 1})"),
      reply('(return {:ids (mapv :id hits) :reason "Both exceed the threshold."})'),
    ]);
    const expenses = [
      { id: 1, category: "travel", amount: 1500.5, _card: "4111-1111" },
      { id: 2, category: "meals", amount: 20, _card: "4111-2222" },
      { id: 3, category: "equipment", amount: 9000, _card: "4111-3333" },
    ];
    const step = await agent.run({ threshold: 1000, expenses }, { llm });
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ ids: [1, 3], reason: "Both exceed the threshold." });
    golden("run-auditor.txt", requests.map(show).join("\n"));
    // Firewalled values reach no request.
    for (const r of requests) {
      const text = JSON.stringify(r);
      expect(text).not.toContain("4111-");
      expect(text).not.toContain("bob@example.com");
    }
  });

  it("a single-turn mission", async () => {
    const agent = defineAgent({
      prompt: "Double {{n}}",
      signature: "(n :int) -> {result :int}",
      fieldDescriptions: { n: "The number to process", result: "The doubled value" },
      maxTurns: 1,
    });
    const { llm, requests } = recording([reply("{:result (* 2 data/n)}")]);
    await agent.run({ n: 5 }, { llm });
    golden("run-single.txt", requests.map(show).join("\n"));
  });

  it("a run with enums, literal unions, refinements and inline descriptions (signatures v2)", async () => {
    const agent = defineAgent({
      name: "triage",
      prompt: "Triage the tickets in data/tickets.",
      signature:
        '(tickets [{id :int, title :string[1..80], status :enum[open closed] "the ticket\'s state"}][..50], mode "fast"|"slow") -> {picked [:int[>0]] "ids worth a look", verdict {kind "ok"}|{kind "escalate", team :enum[billing infra]}}',
      fieldDescriptions: { mode: "How hard to look" },
      tools: {
        assign: {
          fn: () => true,
          signature: '(id :int[>0], team :enum[billing infra] "who takes it", urgency :int[1..5]?) -> :bool',
          description: "Assign a ticket to a team.",
        },
      },
      maxTurns: 2,
    });
    const { llm, requests } = recording([
      reply("(tool/assign {:id 1 :team :infra :urgency 9})"),
      reply('(return {:picked [1] :verdict {:kind "escalate" :team :infra}})'),
    ]);
    const step = await agent.run({ tickets: [{ id: 1, title: "Disk full", status: "open" }], mode: "fast" }, { llm });
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ picked: [1], verdict: { kind: "escalate", team: "infra" } });
    golden("run-signatures-v2.txt", requests.map(show).join("\n"));
    const mission = requests[0]!.messages[0]!.content;
    // The model sees the allowed values, the bounds and the descriptions.
    expect(mission).toContain("tool/assign");
    expect(mission).toContain("team :enum[billing infra]");
    expect(mission).toContain('data/mode                     ; "fast"|"slow"');
    // fieldDescriptions wins over an inline description; the inline one shows otherwise.
    expect(mission).toContain(";;   How hard to look");
    expect(mission).toContain(";;   picked: ids worth a look");
    // The static check caught the out-of-range urgency before the tool ran.
    expect(lastUserOf(requests[1]!)).toContain("urgency: expected int >= 1 and <= 5, got int 9");
  });

  it("a run over the tool_call transport", async () => {
    const agent = defineAgent({
      name: "counter",
      prompt: "Count the items of {{xs}} above 2.",
      signature: "(xs [:int]) -> {count :int}",
      transport: "tool_call",
      maxTurns: 3,
    });
    const { llm, requests } = recording(
      ["(def big (filter #(> % 2) data/xs))\n(count big)", "(return {:count (count big)})"].map((program, i) => ({
        content: i === 0 ? "Counting first." : "",
        toolCalls: [{ id: `call_${i + 1}`, name: "run_program", arguments: JSON.stringify({ program }) }],
      })),
    );
    const step = await agent.run({ xs: [1, 3, 5] }, { llm });
    expect(step.return).toEqual({ count: 2 });
    golden("run-tool-call.txt", requests.map(show).join("\n"));
  });

  it("a text-mode mission", async () => {
    const agent = defineAgent({
      prompt: "Extract the person from: {{text}}",
      signature: "(text :string) -> {name :string, age :int?}",
      outputMode: "text",
      maxTurns: 2,
    });
    const { llm, requests } = recording(['```json\n{"name": "Ann", "age": "41"}\n```', '{"name": "Ann", "age": 41}']);
    await agent.run({ text: "Ann, 41, wrote this." }, { llm });
    golden("run-text.txt", requests.map(show).join("\n"));
  });
});

describe("the prompt mentions tool/llm-query only when it is enabled", () => {
  const base = {
    name: "labeler",
    prompt: "Label each of {{items}}.",
    signature: "(items [:string]) -> [:string]",
  } as const;

  it("enabled: one line in the tool section (golden)", async () => {
    const agent = defineAgent({ ...base, llmQuery: true, maxTurns: 1 });
    const { llm, requests } = recording([
      reply('(pmap #(tool/llm-query {:prompt "Label: {{text}}" :signature "{label :string}" :text %}) data/items)'),
      '```json\n{"label": "A"}\n```',
    ]);
    await agent.run({ items: ["a"] }, { llm });
    golden("run-llm-query.txt", requests.map(show).join("\n"));
    expect(requests[0]!.messages[0]!.content.split("\n").filter((l) => l.includes("llm-query"))).toHaveLength(1);
    // The tool makes the agent one with tools: its system prompt is the one for tools.
    expect(requests[0]!.system).toBe(systemPrompt({ maxTurns: 1, hasTools: true }));
  });

  it("not enabled: no word of it in any part of the prompt", async () => {
    const agent = defineAgent({ ...base, maxTurns: 1 });
    const { llm, requests } = recording([reply("data/items")]);
    await agent.run({ items: ["a"] }, { llm });
    expect([requests[0]!.system, ...requests[0]!.messages.map((m) => m.content)].join("\n")).not.toContain("llm-query");
  });
});
