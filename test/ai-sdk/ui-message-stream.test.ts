/**
 * ptcc/ai-sdk: a run's UI message stream read back with the AI SDK's own reader
 * (`readUIMessageStream`, and `DefaultChatTransport` over HTTP as `useChat` reads it):
 * the parts of a scripted run with a tool and a child agent, a failed run, the options,
 * and a reader that goes away, which cancels the run.
 */
import { DefaultChatTransport, readUIMessageStream, type UIMessageChunk } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toUIMessageStream, type PtccUIMessage, type ToUIMessageStreamOptions } from "../../src/ai-sdk/index.js";
import { defineAgent, type RunStream } from "../../src/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { clj } from "../agent/helpers.js";
import { agents, EXPECTED, fenced, REPLIES, startRoute, streaming, type Route } from "./fixture.js";
import { show } from "./show.js";

type Out = { short: string };

/** The last state of the message the stream builds, as the AI SDK builds it. */
async function message<O>(stream: ReadableStream<UIMessageChunk>): Promise<PtccUIMessage<O>> {
  let last: PtccUIMessage<O> | undefined;
  const errors: unknown[] = [];
  for await (const m of readUIMessageStream<PtccUIMessage<O>>({ stream, onError: (e) => errors.push(e) })) last = m;
  expect(errors).toEqual([]);
  return last!;
}

describe("toUIMessageStream", () => {
  it("a run with a tool and a child agent: text, program, tool and return parts (readUIMessageStream)", async () => {
    const run = agents().stream({}, { llm: streaming() });
    const m = await message<Out>(toUIMessageStream(run, { messageId: "msg-1" }));
    expect(m.id).toBe("msg-1");
    expect(m.role).toBe("assistant");
    expect(m.parts.map(show)).toEqual(EXPECTED);
    expect(m.metadata).toMatchObject({ agent: "main", ok: true, turns: 3, usage: { llmRequests: 4 } });
    // The typed return: the last part's data is the agent's output.
    const last = m.parts.at(-1)!;
    if (last.type !== "data-return") throw new Error("the last part is not the return");
    const short: string = last.data.short;
    expect(short).toBe("Ann");
    expect((await run.step).ok).toBe(true);
    // The firewalled field never leaves the server.
    expect(JSON.stringify(m)).not.toContain("ann@x.test");
  });

  it("streams: text parts grow delta by delta, and the chunks come while the run goes on", async () => {
    const run = agents().stream({}, { llm: streaming(REPLIES, 8, 2) });
    let ended = false;
    void run.step.then(() => (ended = true));
    const texts: string[] = [];
    const endedAt: boolean[] = [];
    for await (const m of readUIMessageStream<PtccUIMessage<Out>>({ stream: toUIMessageStream(run) })) {
      const text = m.parts.filter((p) => p.type === "text").at(-1);
      if (text?.type === "text" && text.state === "streaming" && text.text !== "") {
        texts.push(text.text);
        endedAt.push(ended);
      }
    }
    expect(endedAt[0]).toBe(false);
    // The first reply alone is written in 10 pieces of 8 characters.
    const first = texts.filter((t) => REPLIES.main![0]!.startsWith(t));
    expect(first.length).toBeGreaterThanOrEqual(9);
    expect(first[0]).toBe(REPLIES.main![0]!.slice(0, 8));
  });

  it("a model that does not stream: each reply is one text part, the parts as before", async () => {
    const plain = async (r: LlmRequest) => REPLIES[r.agent]![r.turn - 1]!;
    const m = await message<Out>(toUIMessageStream(agents().stream({}, { llm: plain })));
    expect(m.parts.map(show)).toEqual(EXPECTED);
  });

  it.each<[string, ToUIMessageStreamOptions, (lines: string[]) => void]>([
    [
      "maxDepth: 0 leaves out the child agent's parts, not the tool part that called it",
      { maxDepth: 0 },
      (lines) => {
        expect(lines).toEqual(
          EXPECTED.filter((l) => !l.includes("summarize#1") && l !== fenced(REPLIES.summarize![0]!)),
        );
      },
    ],
    [
      "sendText: false leaves out the text parts",
      { sendText: false },
      (lines) => {
        expect(lines).toEqual(EXPECTED.filter((l) => !l.startsWith("text ")));
      },
    ],
  ])("%s", async (_name, options, check) => {
    const m = await message<Out>(toUIMessageStream(agents().stream({}, { llm: streaming() }), options));
    check(m.parts.map(show));
  });

  it("a failed run ends with a data-failure part; a failed tool call is an output-error tool part", async () => {
    const agent = defineAgent({
      prompt: "Check",
      signature: "() -> :int",
      tools: { lookup: { signature: "(id :int) -> :int", fn: async () => Promise.reject(new Error("db down")) } },
      maxTurns: 2,
    });
    const replies = { agent: [clj("(tool/lookup {:id 1})"), clj('(fail "gave up")')] };
    const run = agent.stream({}, { llm: streaming(replies) });
    const chunks: UIMessageChunk[] = [];
    const [forReader, forChunks] = toUIMessageStream(run).tee();
    const collecting = (async () => {
      for await (const c of forChunks) chunks.push(c);
    })();
    const m = await message<number>(forReader);
    await collecting;
    const lines = m.parts.map(show);
    expect(lines).toContain('tool lookup output-error {"id":1} -> "db down"');
    expect(lines.at(-1)).toMatch(/^failure fail: /);
    expect(chunks.at(-1)).toMatchObject({ type: "finish", finishReason: "error", messageMetadata: { ok: false } });
  });

  it("cancelling the stream (the browser went away) cancels the run", async () => {
    const slow = streaming(REPLIES, 8, 5);
    const run = agents().stream({}, { llm: slow });
    const reader = toUIMessageStream(run).getReader();
    let chunk = await reader.read();
    while (!chunk.done && chunk.value.type !== "text-delta") chunk = await reader.read();
    await reader.cancel();
    const step = await run.step;
    expect(step.failure).toEqual({ kind: "cancelled", reason: "the event stream was closed" });
  });

  it("a run that throws instead of ending with a Step: an error chunk, its text chosen by onError", async () => {
    const broken: RunStream<never> = {
      step: Promise.reject(new Error("secret detail")),
      cancel: () => undefined,
      async *[Symbol.asyncIterator]() {},
    };
    broken.step.catch(() => undefined);
    const read = async (options?: ToUIMessageStreamOptions) => {
      const out: UIMessageChunk[] = [];
      for await (const c of toUIMessageStream(broken, options)) out.push(c);
      return out;
    };
    expect(await read()).toEqual([{ type: "error", errorText: "the agent run failed" }]);
    expect(await read({ onError: (e) => `run failed: ${(e as Error).message}` })).toEqual([
      { type: "error", errorText: "run failed: secret detail" },
    ]);
  });
});

describe("over HTTP, as useChat reads it (DefaultChatTransport)", () => {
  let route: Route;
  beforeAll(async () => {
    route = await startRoute();
  });
  afterAll(() => route.close());

  it("the route's Response is a UI message stream the AI SDK's client validates and rebuilds", async () => {
    const transport = new DefaultChatTransport<PtccUIMessage<Out>>({ api: `${route.url}/api/agent` });
    const stream = await transport.sendMessages({
      trigger: "submit-message",
      chatId: "chat-1",
      messageId: undefined,
      messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "Summarize the customer" }] }],
      abortSignal: undefined,
    });
    const m = await message<Out>(stream);
    expect(m.parts.map(show)).toEqual(EXPECTED);
    expect(route.runs()).toBe(1);
  });
});
