/**
 * A web-standard `fetch` handler (what the MCP SDK's Streamable HTTP server is) served by
 * Node's `http` module, with an optional bearer token: requests without
 * `Authorization: Bearer TOKEN` get 401 before they reach the handler.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

export type FetchHandler = (request: Request) => Promise<Response>;

export interface NodeHandlerOptions {
  /** The bearer token every request must carry; none when undefined. */
  readonly token?: string;
  /** Requests go to this path only (default `/mcp`); others get 404. */
  readonly path?: string;
}

export function nodeHandler(
  handler: FetchHandler,
  options: NodeHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const path = options.path ?? "/mcp";
  return (req, res) => {
    void serve(handler, options.token, path, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(error instanceof Error ? error.message : String(error));
    });
  };
}

async function serve(
  handler: FetchHandler,
  token: string | undefined,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  if (url.pathname !== path) {
    res.writeHead(404, { "content-type": "text/plain" }).end(`not found: serving ${path}`);
    return;
  }
  if (token !== undefined && !authorized(req.headers.authorization, token)) {
    res.writeHead(401, { "www-authenticate": "Bearer", "content-type": "text/plain" }).end("unauthorized");
    return;
  }
  const controller = new AbortController();
  // The client went away: stop what its request started (an agent run).
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else headers.set(k, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(url, {
    method: req.method ?? "GET",
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
  const response = await handler(request);
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    out[key] = value;
  });
  res.writeHead(response.status, out);
  if (response.body === null) {
    res.end();
    return;
  }
  // Streamed (server-sent events): each chunk goes out as it comes.
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } finally {
    res.end();
  }
}

function authorized(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
