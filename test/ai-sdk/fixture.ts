/**
 * A scripted run for the ptcc/ai-sdk tests: a 3-turn agent with a tool (one firewalled
 * field) and a child agent, a model that streams its replies in pieces, and a route on
 * 127.0.0.1 that answers a chat request as a Next.js route would: with
 * `createUIMessageStreamResponse({ stream: toUIMessageStream(agent.stream(...)) })`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createUIMessageStreamResponse } from "ai";
import { toUIMessageStream } from "../../src/ai-sdk/index.js";
import { asTool, defineAgent } from "../../src/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { REPLIES } from "./replies.js";

export { REPLIES };

/** A model whose replies stream in pieces of `size` characters, by agent and turn; `delayMs` between pieces. */
export function streaming(replies: Readonly<Record<string, readonly string[]>> = REPLIES, size = 8, delayMs = 0) {
  return async function* (r: LlmRequest): AsyncGenerator<string> {
    const text = replies[r.agent]![r.turn - 1]!;
    for (let i = 0; i < text.length; i += size) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      yield text.slice(i, i + size);
    }
  };
}

export function agents() {
  const summarize = defineAgent({
    name: "summarize",
    prompt: "Shorten {{text}}",
    signature: "(text :string) -> {text :string}",
    description: "Shortens a text",
    maxTurns: 2,
  });
  return defineAgent({
    name: "main",
    prompt: "Summarize the customer",
    signature: "() -> {short :string}",
    tools: {
      customer: {
        signature: "(id :int) -> {id :int, name :string, _email :string}",
        fn: async ({ id }: { id: number }) => ({ id, name: "Ann Example", _email: "ann@x.test" }),
      },
      summarize: asTool(summarize),
    },
    maxTurns: 4,
  });
}

export interface Route {
  readonly url: string;
  /** How many runs the route started. */
  readonly runs: () => number;
  close(): Promise<void>;
}

/**
 * Serves `pages` (path → [content type, body]) and answers `POST /api/agent` with the UI
 * message stream of a run of `agents()`, as a Next.js route handler would.
 */
export async function startRoute(pages: Readonly<Record<string, readonly [string, string]>> = {}, delayMs = 0): Promise<Route> {
  let runs = 0;
  const server: Server = createServer((req, res) => {
    const page = pages[req.url ?? ""];
    if (req.method === "GET" && page !== undefined) {
      res.writeHead(200, { "content-type": page[0] });
      res.end(page[1]);
      return;
    }
    if (req.method !== "POST" || req.url !== "/api/agent") {
      res.writeHead(404).end();
      return;
    }
    req.resume();
    req.on("end", () => {
      runs++;
      // The route: a Response, as a Next.js handler returns it, written out by hand here.
      const response = createUIMessageStreamResponse({
        stream: toUIMessageStream(agents().stream({}, { llm: streaming(REPLIES, 8, delayMs) })),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      void (async () => {
        const reader = response.body!.getReader();
        res.on("close", () => void reader.cancel().catch(() => undefined));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
        }
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    runs: () => runs,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
