/**
 * `defineAgent` as a new user meets it: every problem of a definition in one error, each
 * with its did-you-mean in the message; names from other libraries pointed at ptcc's; a
 * zod schema as signature explained; unnamed agents named sensibly; `agent.definition`
 * taken back to make a variant.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { asTool, defineAgent, type AgentOptions } from "../../src/agent/index.js";
import { DefinitionError } from "../../src/agent/definition-error.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { clj } from "./helpers.js";

/** The error defineAgent throws for `options`. */
function definitionError(options: unknown): DefinitionError {
  try {
    defineAgent(options as AgentOptions);
  } catch (e) {
    if (e instanceof DefinitionError) return e;
    throw new Error(`expected a DefinitionError, got ${String(e)}`);
  }
  throw new Error("expected defineAgent to throw");
}

describe("one problem: the suggestion is in the message", () => {
  it.each<[string, unknown, string]>([
    ["a typo", { prompt: "x", maxTurn: 3 }, "defineAgent: unknown option maxTurn — did you mean maxTurns?"],
    ["model is llm", { prompt: "x", model: "openai:gpt-4o" }, "defineAgent: unknown option model — did you mean llm?"],
    [
      "instructions",
      { name: "a", instructions: "x", prompt: "y" },
      "agent a: unknown option instructions — did you mean prompt?",
    ],
    ["maxSteps", { prompt: "x", maxSteps: 3 }, "defineAgent: unknown option maxSteps — did you mean maxTurns?"],
    [
      "nothing near",
      { prompt: "x", zzzzzz: 1 },
      "defineAgent: unknown option zzzzzz — the options are name, prompt, signature, description, tools, fieldDescriptions, maxTurns, maxDepth, formatOptions, llm, llmRegistry, turnTimeoutMs, missionTimeoutMs, outputMode, signatureValidation, limits, reference, transport, compaction, tokenLimit, onBudgetExceeded, budget, turnBudget, retryTurns, completion, memoryLimit, memoryStrategy, maxToolCalls, toolConcurrency, llmRetry, llmQuery, builtinTools",
    ],
    [
      "a placeholder",
      { name: "find", prompt: "Find {{usr}}", signature: "(user :string) -> :any" },
      "agent find: unknown placeholder {{usr}} in the prompt at 1:6 — did you mean {{user}}?",
    ],
    [
      "a format option",
      { prompt: "x", formatOptions: { feedbackLimt: 3 } },
      "defineAgent: unknown format option feedbackLimt — did you mean feedbackLimit?",
    ],
    [
      "a bad signature",
      { prompt: "x", signature: "(q :strin) -> :any" },
      "defineAgent: bad signature: signature error at 1:4: unknown type :strin — did you mean :string?",
    ],
    [
      "an empty prompt",
      { prompt: "" },
      "defineAgent: the prompt is empty — write the mission the agent is to carry out",
    ],
    ["a prompt that is not text", { prompt: 42 }, "defineAgent: the prompt must be a string, got number 42"],
    ["an empty name", { name: " ", prompt: "x" }, 'defineAgent: the name must be a non-empty string, got a string " "'],
    ["options that are not an object", "x", 'defineAgent: expected an object of options, got a string "x"'],
    [
      "maxTurns as text",
      { prompt: "x", maxTurns: "3" },
      'defineAgent: maxTurns must be an integer of at least 1, got a string "3"',
    ],
  ])("%s", (_, options, message) => {
    const e = definitionError(options);
    expect(e.message).toBe(message);
    expect(e.kind).toBe("definition");
    // The suggestion is not kept apart as well: format() says it once.
    expect(e.hint).toBeUndefined();
    expect(e.format()).toBe(message);
  });
});

describe("every problem at once", () => {
  it("one error lists them all, in order, and keeps them as data", () => {
    const e = definitionError({ name: "triage", prompt: "", model: "gpt-4o", maxTurns: 0, reference: "short" });
    expect(e.message).toBe(
      [
        "agent triage: 4 problems in the definition:",
        "  - unknown option model — did you mean llm?",
        "  - the prompt is empty — write the mission the agent is to carry out",
        '  - unknown reference "short" — use one of compact, full, none',
        "  - maxTurns must be an integer of at least 1, got 0",
      ].join("\n"),
    );
    expect(e.problems).toHaveLength(4);
    expect(e.problems[0]).toEqual({ message: "unknown option model", hint: "did you mean llm?" });
    expect(e.agent).toBe("triage");
  });

  it("a signature that does not parse still lets the other checks run", () => {
    const e = definitionError({ prompt: "x", signature: "(q :strin) -> :any", tools: { "bad name": () => 1 } });
    expect(e.problems.map((p) => p.message)).toEqual([
      "bad signature: signature error at 1:4: unknown type :strin — did you mean :string?",
      'tool name "bad name" cannot be called as tool/bad name',
    ]);
  });
});

describe("signatures that are not text", () => {
  it.each<[string, unknown, string]>([
    [
      "a zod schema",
      z.object({ query: z.string() }),
      'the signature must be a string such as "(query :string) -> {count :int}" (or a parsed Signature), got a ZodObject — ptcc signatures are text, not zod schemas: write the schema\'s shape as a signature (docs/signatures.md)',
    ],
    ["an empty object", {}, "(or a parsed Signature), got an object"],
    ["a number", 5, "(or a parsed Signature), got number 5"],
  ])("%s", (_, signature, message) => {
    const e = definitionError({ name: "s", prompt: "x", signature });
    expect(e.message).toContain(message);
    expect(e.message).not.toContain("Cannot read properties");
  });

  it("a zod schema as a tool's signature", () => {
    const e = definitionError({ prompt: "x", tools: { find: { fn: () => 1, signature: z.string() } } });
    expect(e.message).toContain("the signature of tool find must be a string");
    expect(e.message).toContain("not zod schemas");
  });

  it("an agent given as a tool without asTool", () => {
    const helper = defineAgent({ name: "helper", description: "Helps", prompt: "x" });
    expect(definitionError({ prompt: "x", tools: { helper } }).message).toBe(
      "defineAgent: tool helper is an agent, not a tool — wrap it: helper: asTool(agent)",
    );
  });
});

describe("unnamed agents", () => {
  it("definition errors say defineAgent or asTool, not 'agent agent'", () => {
    expect(definitionError({ prompt: "" }).message).toMatch(/^defineAgent: /);
    expect(() => asTool(defineAgent({ prompt: "x" }))).toThrow(/^asTool: an agent used as a tool needs a description/);
    expect(() => asTool(defineAgent({ name: "n", prompt: "x" }))).toThrow(/^agent n: an agent used as a tool/);
  });

  it("run failures say 'the agent'", async () => {
    const step = await defineAgent({ prompt: "x" }).run({});
    expect(step.failure?.reason).toBe("the agent: no LLM given (pass llm in the definition or the run options)");
    const named = await defineAgent({ name: "triage", prompt: "x" }).run({});
    expect(named.failure?.reason).toBe("agent triage: no LLM given (pass llm in the definition or the run options)");
  });
});

describe("agent.definition makes a variant", () => {
  const base = defineAgent({
    name: "adder",
    prompt: "Add one to {{n}}",
    signature: "(n :int)   -> :int",
    tools: { twice: { fn: ({ x }) => 2 * Number(x), signature: "(x :int) -> :int" } },
    maxTurns: 5,
  });

  it("defineAgent({ ...agent.definition, maxTurns: 2 }) works and keeps the rest", async () => {
    const variant = defineAgent({ ...base.definition, maxTurns: 2 });
    expect(variant.definition).toEqual({ ...base.definition, maxTurns: 2 });
    expect(variant.definition.signatureText).toBe("(n :int)   -> :int");
    const step = await variant.run({ n: 1 }, { llm: scriptedLlm([clj("(return (inc data/n))")]) });
    expect(step.return).toBe(2);
  });

  it("a new signature replaces the old text; a stale text is not kept", () => {
    const retyped = defineAgent({ ...base.definition, signature: "(n :int) -> :float" });
    expect(retyped.definition.signatureText).toBe("(n :int) -> :float");
    const other = defineAgent({ prompt: "x {{n}}", signature: "(n :int) -> :string" }).definition.signature;
    const parsedOnly = defineAgent({ ...base.definition, signature: other });
    expect(parsedOnly.definition.signatureText).toBe("(n :int) -> :string");
  });

  it("the definition of an agent file (with its MCP servers) round-trips too", () => {
    const source = { name: "notes", open: async () => ({ tools: {}, close: async () => undefined }) };
    const withSources = defineAgent({ ...base.definition, toolSources: [source] });
    expect(defineAgent({ ...withSources.definition, maxTurns: 1 }).definition.toolSources).toEqual([source]);
  });
});
