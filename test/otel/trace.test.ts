/**
 * `otelTrace`: runs as OpenTelemetry spans, checked with the SDK's BasicTracerProvider and
 * InMemorySpanExporter — the tree (agent → turn → chat / execute_tool / child agent), the
 * GenAI attributes, error status, content only when asked for, firewalled values never.
 */
import { ROOT_CONTEXT, trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-base";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { asTool, defineAgent } from "../../src/agent/define.js";
import { combineTraces, jsonlTrace } from "../../src/agent/trace.js";
import type { Llm, LlmReply } from "../../src/llm/types.js";
import { withLlmInfo } from "../../src/llm/info.js";
import { otelTrace, providerName } from "../../src/otel/index.js";
import { clj } from "../agent/helpers.js";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("ptcc-test");
afterEach(() => exporter.reset());

const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
const byName = (name: string): ReadableSpan => {
  const found = spans().filter((s) => s.name === name);
  if (found.length !== 1)
    throw new Error(
      `${found.length} spans named ${name}: ${spans()
        .map((s) => s.name)
        .join(", ")}`,
    );
  return found[0]!;
};
const parentOf = (s: ReadableSpan): ReadableSpan | undefined =>
  spans().find((p) => p.spanContext().spanId === s.parentSpanContext?.spanId);
/** Every span as "name ← parent name". */
const tree = (): string[] =>
  spans()
    .map((s) => `${s.name} ← ${parentOf(s)?.name ?? "(root)"}`)
    .sort();

/** A model answering from a queue of replies, labelled like an adapter. */
function model(replies: (string | LlmReply | Error)[]): Llm {
  const llm: Llm = async () => {
    const next = replies.shift();
    if (next === undefined) throw new Error("no reply left");
    if (next instanceof Error) throw next;
    return next;
  };
  return withLlmInfo(llm, { provider: "openai.chat", model: "gpt-test" });
}

const child = defineAgent({
  name: "lookup",
  description: "Looks a customer up",
  prompt: "Find customer {{id}}.",
  signature: "(id :int) -> {name :string, _token :string}",
  tools: { db: () => ({ name: "Ann", _token: "tok-9" }) },
});

const parent = defineAgent({
  name: "support",
  prompt: "Answer the ticket.",
  signature: "() -> {answer :string, _secret :string}",
  tools: {
    customer: asTool(child),
    orders: {
      fn: () => [{ id: 1, _card: "4242" }],
      description: "The orders",
    },
  },
  maxTurns: 3,
});

const script = (): Llm =>
  model([
    // support, turn 1: a host tool and a child agent
    {
      content: clj("(def os (tool/orders {}))\n(def c (tool/customer {:id 7}))"),
      usage: { inputTokens: 1000, outputTokens: 20, cachedInputTokens: 800, cacheWriteInputTokens: 0 },
      finishReason: "stop",
      model: "gpt-test-2026",
      provider: "openai.chat",
    },
    // lookup, turn 1
    clj("(return (tool/db {:id data/id}))"),
    // support, turn 2: the secret comes from a tool; no model ever sees it
    clj('(return {:answer (str "Hello " (:name c)) :_secret (:_card (first os))})'),
  ]);

describe("otelTrace: the span tree", () => {
  it("invoke_agent per run, a span per turn, chat per request, execute_tool per call; children under the turn", async () => {
    const step = await parent.run({}, { llm: script(), trace: otelTrace(tracer) });
    expect(step.ok).toBe(true);
    expect(tree()).toEqual(
      [
        "invoke_agent support ← (root)",
        "turn 1 ← invoke_agent support",
        "turn 2 ← invoke_agent support",
        "chat gpt-test ← turn 1",
        "chat gpt-test ← turn 2",
        "execute_tool orders ← turn 1",
        "execute_tool customer ← turn 1",
        "invoke_agent lookup ← turn 1",
        "turn 1 ← invoke_agent lookup",
        "chat gpt-test ← turn 1",
        "execute_tool db ← turn 1",
      ].sort(),
    );
    // One trace.
    expect(new Set(spans().map((s) => s.spanContext().traceId)).size).toBe(1);
  });

  it("the GenAI attributes: operation, agent, conversation (the run id), models, finish reasons, usage, tools", async () => {
    const step = await parent.run({}, { llm: script(), trace: otelTrace(tracer) });
    const runId = step.trace[0]!.run;
    const agent = byName("invoke_agent support");
    expect(agent.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "support",
      "gen_ai.conversation.id": runId,
      "ptcc.agent.depth": 0,
      "ptcc.run.turns": 2,
    });
    const chats = spans().filter((s) => s.name === "chat gpt-test");
    const first = chats.find((s) => s.attributes["gen_ai.usage.input_tokens"] === 1000)!;
    expect(first.kind).toBe(2); // SpanKind.CLIENT
    expect(first.attributes).toEqual({
      "gen_ai.operation.name": "chat",
      "gen_ai.conversation.id": runId,
      "gen_ai.request.model": "gpt-test",
      "gen_ai.provider.name": "openai",
      "gen_ai.response.model": "gpt-test-2026",
      "gen_ai.response.finish_reasons": ["stop"],
      "gen_ai.usage.input_tokens": 1000,
      "gen_ai.usage.output_tokens": 20,
      "gen_ai.usage.cache_read.input_tokens": 800,
      "gen_ai.usage.cache_creation.input_tokens": 0,
    });
    expect(byName("execute_tool orders").attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "orders",
      "gen_ai.tool.type": "function",
      "gen_ai.conversation.id": runId,
    });
    const childRun = step.trace.find((e) => e.type === "run_start" && e.agent === "lookup")!.run;
    expect(byName("invoke_agent lookup").attributes).toMatchObject({
      "gen_ai.agent.name": "lookup",
      "gen_ai.conversation.id": childRun,
      "ptcc.agent.depth": 1,
    });
    const turn2 = spans().find((s) => s.name === "turn 2")!;
    expect(turn2.attributes).toMatchObject({ "ptcc.turn": 2, "ptcc.turn.outcome": "return" });
    expect(turn2.status.code).toBe(0); // UNSET
  });

  it("records no content unless asked", async () => {
    await parent.run({}, { llm: script(), trace: otelTrace(tracer) });
    const all = JSON.stringify(spans().map((s) => s.attributes));
    for (const key of ["gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.tool.call.arguments", "ptcc.program"])
      expect(all).not.toContain(key);
    expect(all).not.toContain("Hello");
  });

  it("with captureContent: messages, programs, arguments and results — firewalled values never", async () => {
    await parent.run({}, { llm: script(), trace: otelTrace(tracer, { captureContent: true }) });
    const chat = spans().find((s) => s.name === "chat gpt-test" && s.attributes["gen_ai.usage.input_tokens"] === 1000)!;
    const input = JSON.parse(chat.attributes["gen_ai.input.messages"] as string) as { role: string }[];
    expect(input[0]).toMatchObject({ role: "user", parts: [{ type: "text" }] });
    expect(JSON.parse(chat.attributes["gen_ai.output.messages"] as string)).toEqual([
      {
        role: "assistant",
        parts: [{ type: "text", content: clj("(def os (tool/orders {}))\n(def c (tool/customer {:id 7}))") }],
        finish_reason: "stop",
      },
    ]);
    expect(chat.attributes["gen_ai.system_instructions"]).toContain("PTC-Lisp");
    expect(byName("execute_tool orders").attributes["gen_ai.tool.call.result"]).toBe(
      '[{"id":1,"_card":"<Firewalled>"}]',
    );
    expect(byName("execute_tool customer").attributes["gen_ai.tool.call.arguments"]).toBe('{"id":7}');
    expect(byName("execute_tool customer").attributes["gen_ai.tool.call.result"]).toBe(
      '{"name":"Ann","_token":"<Firewalled>"}',
    );
    expect(byName("invoke_agent support").attributes["ptcc.run.return"]).toBe(
      '{"answer":"Hello Ann","_secret":"<Firewalled>"}',
    );
    const all = JSON.stringify(spans().map((s) => [s.attributes, s.status]));
    for (const secret of ["4242", "tok-9"]) expect(all).not.toContain(secret);
  });

  it("an event passed on without its view still has its _ fields hidden", async () => {
    const sink = otelTrace(tracer, { captureContent: true });
    await parent.run({}, { llm: script(), trace: (e) => sink(e) });
    expect(byName("execute_tool orders").attributes["gen_ai.tool.call.result"]).toBe(
      '[{"id":1,"_card":"<Firewalled>"}]',
    );
    expect(byName("invoke_agent support").attributes["ptcc.run.return"]).toBe(
      '{"answer":"Hello Ann","_secret":"<Firewalled>"}',
    );
  });
});

describe("otelTrace: errors set the span status", () => {
  it("a model that fails: the chat span and the run's span are errors", async () => {
    const agent = defineAgent({ name: "a", prompt: "x" });
    const step = await agent.run(
      {},
      { llm: model([new Error("openai: rate limited (429)")]), trace: otelTrace(tracer) },
    );
    expect(step.ok).toBe(false);
    const chat = byName("chat gpt-test");
    expect(chat.status).toEqual({ code: 2, message: "openai: rate limited (429)" });
    expect(chat.attributes["error.type"]).toBe("llm_error");
    expect(byName("invoke_agent a").status).toEqual({ code: 2, message: "llm: openai: rate limited (429)" });
    expect(byName("invoke_agent a").attributes["error.type"]).toBe("llm");
    expect(tree()).toContain("turn 1 ← invoke_agent a");
  });

  it("a tool that throws, a program error and (fail ...): the tool's, the turn's and the run's spans", async () => {
    const agent = defineAgent({
      name: "b",
      prompt: "x",
      tools: {
        flaky: () => {
          throw new Error("backend said no to card 4242");
        },
      },
      maxTurns: 3,
    });
    const llm = model([clj("(tool/flaky {})"), clj('(fail {:reason "giving up on 4242"})')]);
    await agent.run({}, { llm, trace: otelTrace(tracer) });
    const tool = byName("execute_tool flaky");
    expect(tool.status).toEqual({ code: 2, message: "the tool call failed" });
    expect(tool.attributes["error.type"]).toBe("tool_error");
    const turn1 = spans().find((s) => s.name === "turn 1")!;
    expect(turn1.status).toEqual({ code: 2, message: "the turn ended with outcome error" });
    const run = byName("invoke_agent b");
    expect(run.status).toEqual({ code: 2, message: "fail: the program called (fail ...)" });
    expect(JSON.stringify(spans().map((s) => [s.attributes, s.status]))).not.toContain("4242");
  });

  it("with captureContent the messages of errors are kept", async () => {
    const agent = defineAgent({
      name: "c",
      prompt: "x",
      tools: {
        flaky: () => {
          throw new Error("backend said no");
        },
      },
      maxTurns: 1,
    });
    await agent.run({}, { llm: model([clj("(tool/flaky {})")]), trace: otelTrace(tracer, { captureContent: true }) });
    expect(byName("execute_tool flaky").status.message).toBe("backend said no");
    expect(byName("turn 1").status.message).toMatch(/^Error: .*backend said no/);
  });
});

describe("otelTrace with other sinks and contexts", () => {
  it("combines with the JSON Lines sink", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "ptcc-otel-")), "t.jsonl");
    const jsonl = jsonlTrace(file);
    await parent.run({}, { llm: script(), trace: combineTraces(jsonl.sink, otelTrace(tracer)) });
    jsonl.close();
    const events = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; model?: string; provider?: string });
    const agentSpans = spans().filter((s) => s.name.startsWith("invoke_agent"));
    expect(events.filter((e) => e.type === "run_start")).toHaveLength(agentSpans.length);
    expect(events.filter((e) => e.type === "tool_call")).toHaveLength(
      spans().filter((s) => s.name.startsWith("execute_tool")).length,
    );
    // The JSON Lines events name the model and provider too.
    expect(events.find((e) => e.type === "llm_response")).toMatchObject({
      model: "gpt-test-2026",
      provider: "openai.chat",
    });
  });

  // A run started inside an active span nests under it when the app registered a context
  // manager (as every OpenTelemetry Node setup does); without one, `context` says where.
  it("takes an explicit parent context", async () => {
    const outer = tracer.startSpan("job");
    const agent = defineAgent({ name: "d", prompt: "x", maxTurns: 1 });
    await agent.run(
      {},
      { llm: model([clj("1")]), trace: otelTrace(tracer, { context: trace.setSpan(ROOT_CONTEXT, outer) }) },
    );
    outer.end();
    expect(parentOf(byName("invoke_agent d"))?.name).toBe("job");
  });

  it("names the provider as the conventions do", () => {
    expect(providerName("openai.responses")).toBe("openai");
    expect(providerName("anthropic")).toBe("anthropic");
  });
});
