/**
 * The two transports, code block (default) and tool_call (the program as the argument of
 * run_program), over the local fake OpenAI and Anthropic servers: the example agents of
 * examples/ and the scenarios of the agent tests give the same results under both.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Agent, asTool, defineAgent, SELF, type Step } from "../../src/agent/index.js";
import type { AgentDefinition, ToolSpec, Transport } from "../../src/agent/types.js";
import { loadAgentFile } from "../../src/agent-file/load.js";
import { anthropicLlm } from "../../src/llm/anthropic.js";
import { openAiLlm } from "../../src/llm/openai.js";
import type { Llm, LlmReply } from "../../src/llm/types.js";
import { startServer, type TestServer } from "../llm/server.js";
import { clj, lastUser, recording } from "./helpers.js";
import { anthropicBody, asToolCall, openAiBody } from "./transports.js";

const ROOT = join(__dirname, "..", "..");
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

/** The agent and the agents it uses, with another transport. */
function withTransport(agent: Agent, transport: Transport, seen = new Map<AgentDefinition, Agent>()): Agent {
  const def = agent.definition;
  const done = seen.get(def);
  if (done !== undefined) return done;
  const tools: Record<string, ToolSpec> = {};
  const out = new Agent({ ...def, transport, tools });
  seen.set(def, out);
  for (const [name, spec] of Object.entries(def.tools)) {
    tools[name] =
      spec !== SELF && typeof spec === "object" && "kind" in spec
        ? asTool(withTransport(spec.agent as Agent, transport, seen), { description: spec.description })
        : spec;
  }
  return out;
}

const EXAMPLES = [
  { name: "expenses", input: "examples/data/expenses.json", ret: { total: 622.5, count: 3 } },
  { name: "search", input: { query: "lamp" }, ret: { count: 7 } },
  { name: "research", input: "examples/data/research.json", ret: { words: 56 } },
] as const;

async function example(
  name: string,
  input: string | Readonly<Record<string, unknown>>,
  transport: Transport,
): Promise<{ agent: Agent; input: Record<string, unknown>; replies: LlmReply[] }> {
  const agent = withTransport(await loadAgentFile(join(ROOT, "examples", "agents", `${name}.agent.md`)), transport);
  const data =
    typeof input === "string"
      ? (JSON.parse(readFileSync(join(ROOT, input), "utf8")) as Record<string, unknown>)
      : { ...input };
  const script = JSON.parse(readFileSync(join(ROOT, "examples", "scripts", `${name}.json`), "utf8")) as string[];
  const replies = script.map((r) => (transport === "tool_call" ? asToolCall(r) : { content: r }));
  return { agent, input: data, replies };
}

const PROVIDERS: readonly [string, (url: string) => Llm, (r: LlmReply) => object][] = [
  ["openai", (url) => openAiLlm({ apiKey: "sk-test-key", baseUrl: url, model: "gpt-test" }), openAiBody],
  ["anthropic", (url) => anthropicLlm({ apiKey: "sk-test-key", baseUrl: url, model: "claude-test" }), anthropicBody],
];

describe.each(PROVIDERS)("the example agents over the fake %s server", (provider, makeLlm, body) => {
  describe.each<Transport>(["code_block", "tool_call"])("transport %s", (transport) => {
    it.each(EXAMPLES)("$name", async ({ name, input, ret }) => {
      const { agent, input: data, replies } = await example(name, input, transport);
      server.answer(...replies.map((r) => ({ status: 200, body: body(r) })));
      const step = await agent.run(data, { llm: makeLlm(server.url) });
      expect(step.failure).toBeUndefined();
      expect(step.return).toMatchObject(ret);
      expect(server.requests).toHaveLength(replies.length);
      // Usage comes back per request, cached tokens included.
      expect(step.usage.cachedInputTokens).toBe(64 * replies.length);
      const sent = server.requests.map((r) => r.body as Record<string, unknown>);
      for (const b of sent) {
        if (transport === "tool_call") {
          const tools = b["tools"] as { name?: string; function?: { name: string } }[];
          expect(tools.map((t) => t.name ?? t.function?.name)).toEqual(["run_program"]);
        } else expect(b["tools"]).toBeUndefined();
      }
      if (name === "search") {
        // The program's feedback answers the call it came with.
        const last = sent[sent.length - 1]!["messages"] as { role: string; content: unknown }[];
        const answer = JSON.stringify(last[last.length - 1]);
        if (transport === "tool_call") {
          expect(answer).toMatch(provider === "openai" ? /"role":"tool","tool_call_id":"call_\d+"/ : /"tool_result"/);
        } else expect(answer).not.toMatch(/tool_call_id|tool_result/);
        expect(answer).toContain("{:so-far 7, :cursor nil}");
      }
    });
  });
});

// ---------------------------------------------------------------------------------------
// The scenarios of the agent tests, under both transports

interface Scenario {
  readonly name: string;
  readonly agent: () => Agent;
  readonly input?: Record<string, unknown>;
  readonly replies: readonly string[];
  readonly check: (step: Step, feedback: readonly string[]) => void;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: "a valid return ends the run",
    agent: () => defineAgent({ prompt: "Double {{n}}", signature: "(n :int) -> {result :int}" }),
    input: { n: 5 },
    replies: [clj("(return {:result (* 2 data/n)})")],
    check: (step) => expect(step.return).toEqual({ result: 10 }),
  },
  {
    name: "REPL feedback, def persists, user/ changes reported",
    agent: () => defineAgent({ prompt: "Sum", signature: ":int" }),
    replies: [
      clj("(def xs [1 2 3])"),
      clj('(println "sum is" (reduce + xs))\n(count xs)'),
      clj("(return (reduce + xs))"),
    ],
    check: (step, feedback) => {
      expect(step.return).toBe(6);
      expect(feedback).toEqual([
        "<data>\n#'xs\n</data>\n;; user/ now: xs\n;; turn 2 of 5",
        "<data>\nsum is 6\n=> 3\n</data>\n;; turn 3 of 5",
      ]);
    },
  },
  {
    name: "errors of every kind come back, and the run goes on",
    agent: () => defineAgent({ prompt: "x", signature: ":int", maxTurns: 4 }),
    replies: [clj("(+ 1"), clj("(fliter odd? [1 2])"), clj("(/ 1 0)"), clj("(return 1)")],
    check: (step, feedback) => {
      expect(step.return).toBe(1);
      expect(feedback[0]).toMatch(/unclosed \( opened at 1:1/);
      expect(feedback[1]).toContain("undefined symbol fliter at 1:2 — did you mean filter?");
      expect(feedback[2]).toContain("divide by zero at 1:1");
    },
  },
  {
    name: "an invalid return, then a valid one",
    agent: () => defineAgent({ prompt: "Items", signature: "{items [{id :int}]}" }),
    replies: [clj('(return {:items [{:id "a"}]})'), clj("(return {:items [{:id 1}]})")],
    check: (step, feedback) => {
      expect(step.return).toEqual({ items: [{ id: 1 }] });
      expect(feedback[0]).toContain('items[0].id: expected int, got string "a"');
    },
  },
  {
    name: "(fail reason) ends the run",
    agent: () => defineAgent({ prompt: "x", maxTurns: 3 }),
    replies: [clj('(fail {:reason :no-data :message "nothing found"})')],
    check: (step) => expect(step.failure).toMatchObject({ kind: "fail", reason: "nothing found" }),
  },
  {
    name: "a single turn: the value is the answer",
    agent: () => defineAgent({ prompt: "x", signature: "(a :int, b :int) -> :int", maxTurns: 1 }),
    input: { a: 2, b: 3 },
    replies: [clj("(+ data/a data/b)")],
    check: (step) => expect(step.return).toBe(5),
  },
  {
    name: "tools: coercion notes; the static check stops a bad call",
    agent: () =>
      defineAgent({
        prompt: "x",
        maxTurns: 3,
        tools: { search: { fn: () => [{ id: 1 }], signature: "(query :string, max_price :int) -> [{id :int}]" } },
      }),
    replies: [
      clj('(tool/search {:max-price "5" :query "x"})'),
      clj('(tool/search {:query "x" :max-prise 5})'),
      clj("(return 1)"),
    ],
    check: (step, feedback) => {
      expect(step.return).toBe(1);
      expect(feedback[0]).toContain(';; note: tool/search max_price: coerced string "5" to int');
      expect(feedback[1]).toContain("tool/search has no key :max-prise at 1:26 — did you mean :max_price?");
      expect(step.turns[1]!.toolCalls).toEqual([]);
    },
  },
  {
    name: "an agent as a tool: the child's return comes back into the parent's program",
    agent: () =>
      defineAgent({
        name: "boss",
        prompt: "x",
        maxTurns: 2,
        tools: {
          double: asTool(
            defineAgent({
              name: "doubler",
              description: "Doubles a number",
              prompt: "Double {{n}}",
              signature: "(n :int) -> {result :int, _audit :string}",
            }),
          ),
        },
      }),
    replies: [
      clj("(def r (tool/double {:n 21}))\nr"),
      clj('(return {:result (* 2 data/n) :_audit "secret"})'),
      clj("(return r)"),
    ],
    check: (step, feedback) => {
      expect(step.return).toEqual({ result: 42, _audit: "secret" });
      expect(feedback[0]).toContain("{:result 42, :_audit <Firewalled>}");
    },
  },
];

describe.each<Transport>(["code_block", "tool_call"])("the agent scenarios, transport %s", (transport) => {
  it.each(SCENARIOS)("$name", async ({ agent, input, replies, check }) => {
    const script = transport === "tool_call" ? replies.map(asToolCall) : replies;
    const { llm, requests } = recording(script);
    const a = agent();
    const step = await withTransport(a, transport).run(input ?? {}, { llm });
    // The feedback of each turn of the top-level agent, as the next request carries it.
    const top = requests.filter((r) => r.depth === 0).slice(1);
    check(step, top.map(lastUser));
    if (transport === "tool_call") {
      for (const r of requests) expect(r.tools?.map((t) => t.name)).toEqual(["run_program"]);
      for (const r of top) expect(r.messages[r.messages.length - 1]!.toolCallId).toMatch(/^call_/);
    } else for (const r of requests) expect(r.tools).toBeUndefined();
  });
});

describe("the tool_call transport's other replies", () => {
  const agent = defineAgent({ prompt: "x", signature: "{n :int}", transport: "tool_call", maxTurns: 3 });

  it("a direct text answer is taken as text mode takes one", async () => {
    const { llm, requests } = recording(['The answer is:\n```json\n{"n": "x"}\n```', '{"n": 3}']);
    const step = await agent.run({}, { llm });
    expect(step.return).toEqual({ n: 3 });
    expect(lastUser(requests[1]!)).toContain('n: expected int, got string "x"');
    expect(requests[1]!.messages[2]!.toolCallId).toBeUndefined();
  });

  it("prose without JSON, arguments that are not JSON, and calls of other tools get feedback", async () => {
    const call = (name: string, args: string): LlmReply => ({
      content: "",
      toolCalls: [{ id: `c-${name}-${args.length}`, name, arguments: args }],
    });
    const { llm, requests } = recording([
      "I will think first.",
      call("run_program", "{not json"),
      call("search", '{"q": 1}'),
    ]);
    const step = await agent.run({}, { llm });
    expect(step.failure?.kind).toBe("max_turns");
    expect(lastUser(requests[1]!)).toContain(
      "your answer is not valid JSON: Unexpected token 'I', \"I will think first.\" is not valid JSON. Call run_program with a program",
    );
    expect(lastUser(requests[2]!)).toContain("the arguments of run_program are not valid JSON");
    expect(step.turns[2]!.feedback).toContain("no program and no JSON answer found in your reply. Call run_program");
  });

  it("several run_program calls run as one program; each call is answered", async () => {
    const reply: LlmReply = {
      content: "",
      toolCalls: [
        { id: "a", name: "run_program", arguments: JSON.stringify({ program: "(def n 2)" }) },
        { id: "b", name: "run_program", arguments: JSON.stringify({ program: "(* n 10)" }) },
      ],
    };
    const { llm, requests } = recording([reply, asToolCall(clj("(return {:n n})"))]);
    const step = await agent.run({}, { llm });
    expect(step.return).toEqual({ n: 2 });
    const messages = requests[1]!.messages;
    expect(messages.slice(2).map((m) => m.toolCallId)).toEqual(["a", "b"]);
    expect(messages[2]!.content).toContain("<data>\n20\n</data>");
  });

  it("text mode cannot use it", () => {
    expect(() => defineAgent({ prompt: "x", outputMode: "text", transport: "tool_call" })).toThrow(
      "transport tool_call sends programs: it needs outputMode lisp",
    );
  });
});
