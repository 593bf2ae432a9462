/**
 * The ptcc/ai-sdk tests' scripted run (test/agent/stream-run.ts), the parts its message
 * must have, and a route on 127.0.0.1 that answers a chat request as a Next.js route
 * would: with `createUIMessageStreamResponse({ stream: toUIMessageStream(agent.stream(...)) })`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createUIMessageStreamResponse } from "ai";
import { toUIMessageStream } from "../../src/ai-sdk/index.js";
import { agents, REPLIES, streaming } from "../agent/stream-run.js";

export { agents, REPLIES, streaming };

/** A text part of a reply, as show() words it. */
export const fenced = (s: string) => `text done ${JSON.stringify(s)}`;

export const EXPECTED = [
  "step",
  fenced(REPLIES.main![0]!),
  'program main#1 depth 0 continue printed ["name Ann Example"]: (def c (tool/customer {:id 7}))\n(println "name" (:name c))',
  'tool customer output-available {"id":7} -> {"id":7,"name":"Ann Example","_email":"<Firewalled>"}',
  "step",
  fenced(REPLIES.main![1]!),
  "program main#2 depth 0 continue: (def s (tool/summarize {:text (:name c)}))",
  'tool summarize output-available {"text":"Ann Example"} -> {"text":"Ann"}',
  fenced(REPLIES.summarize![0]!),
  "program summarize#1 depth 1 return: (return {:text (subs data/text 0 3)})",
  "step",
  fenced(REPLIES.main![2]!),
  "program main#3 depth 0 return: (return {:short (:text s)})",
  'return {"short":"Ann"}',
];

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
export async function startRoute(
  pages: Readonly<Record<string, readonly [string, string]>> = {},
  delayMs = 0,
): Promise<Route> {
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
