/**
 * A Next.js route handler (`app/api/agent/route.ts`) that streams an agent's run to a
 * `useChat` page: the question is the last user message, the answer a UI message stream
 * of the run (its text, programs, tool calls and typed return as message parts).
 * `chatRoute(llm)` makes the handler; the test suite calls it with `openAiLlm` pointed at a
 * local stand-in for the OpenAI API, streaming.
 */
import { createUIMessageStreamResponse } from "ai";
import { toUIMessageStream, type PtccUIMessage } from "../src/ai-sdk/index.js";
import { defineAgent, openAiLlm, type Llm } from "../src/index.js";

const agent = defineAgent({
  name: "orders",
  prompt: "Answer about the orders: {{question}}",
  signature: "(question :string) -> {answer :string}",
  tools: {
    orders: {
      signature: "() -> [{id :int, total :float}]",
      description: "All orders",
      fn: async () => [
        { id: 1, total: 12.5 },
        { id: 2, total: 40 },
      ],
    },
  },
  maxTurns: 4,
});

/** The route's POST handler, on `llm`. */
export function chatRoute(llm: Llm): (request: Request) => Promise<Response> {
  return async (request) => {
    const { messages } = (await request.json()) as { messages: PtccUIMessage[] };
    const last = messages.filter((m) => m.role === "user").at(-1);
    const question = last?.parts.map((p) => (p.type === "text" ? p.text : "")).join("") ?? "";
    // The browser going away aborts the request, and so the run.
    const run = agent.stream({ question }, { llm, signal: request.signal });
    return createUIMessageStreamResponse({ stream: toUIMessageStream(run) });
  };
}

export const POST = chatRoute(openAiLlm({ model: "gpt-4o-mini" }));
