/**
 * A real HTTP server on 127.0.0.1 for the adapter tests: it records every request and
 * answers from a queue, so a test states what the API says and checks what was sent.
 * An answer can also be a stream of server-sent events, written in pieces with a pause
 * between them, ended, cut off (the socket destroyed) or left hanging.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
  /** Resolves when the connection of the answer closes (the client hung up, or it ended). */
  readonly closed: Promise<void>;
}

/** A streamed answer: `text/event-stream` with status 200 unless told otherwise. */
export interface StreamAnswer {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** The stream's text, in the pieces it is written in (see `sse()`). */
  readonly stream: readonly string[];
  /** Rewrite the whole text in pieces of this many bytes (cutting lines and characters anywhere). */
  readonly chunkBytes?: number;
  /** The pause between two pieces (default 1 ms), so that they arrive apart. */
  readonly gapMs?: number;
  /** After the last piece: end the response (default), destroy the socket (a cut-off stream) or hang. */
  readonly end?: "close" | "destroy" | "hang";
}

/** One answer: a status, headers, and a body sent as JSON unless it is a string; a stream; or "hang". */
export type Answer =
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown }
  | StreamAnswer
  | "hang";

/** One server-sent event: `event:` when named, the data as JSON unless it is a string. */
export function sse(data: unknown, event?: string): string {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  return `${event !== undefined ? `event: ${event}\n` : ""}data: ${text}\n\n`;
}

export interface TestServer {
  readonly url: string;
  readonly requests: Recorded[];
  /** Answers for the next requests, in order; when none is left the server answers 599. */
  answer(...answers: Answer[]): void;
  /** Forgets recorded requests and unused answers, between tests. */
  reset(): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const requests: Recorded[] = [];
  const queue: Answer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: recorded as text.
      }
      const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, closed });
      const answer = queue.shift() ?? { status: 599, body: { error: { message: "no answer queued" } } };
      if (answer === "hang") return;
      if ("stream" in answer) {
        void writeStream(res, answer);
        return;
      }
      const payload = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(payload);
    });
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers) => void queue.push(...answers),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes a streamed answer piece by piece, stopping when the client hangs up. */
async function writeStream(res: ServerResponse, answer: StreamAnswer): Promise<void> {
  res.writeHead(answer.status ?? 200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    ...answer.headers,
  });
  res.flushHeaders();
  let pieces = answer.stream.map((p) => Buffer.from(p, "utf8"));
  if (answer.chunkBytes !== undefined) {
    const all = Buffer.concat(pieces);
    pieces = [];
    for (let i = 0; i < all.length; i += answer.chunkBytes) pieces.push(all.subarray(i, i + answer.chunkBytes));
  }
  for (const piece of pieces) {
    if (res.destroyed) return;
    res.write(piece);
    await new Promise((resolve) => setTimeout(resolve, answer.gapMs ?? 1));
  }
  if (res.destroyed) return;
  if (answer.end === "destroy") res.socket?.destroy();
  else if (answer.end !== "hang") res.end();
}

/** A URL on a port nothing listens on: a server is started for a port, then closed. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await listen(server);
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
}

/** A sleep that only records the delays asked for, so retries take no time. */
export function recordingSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

/** Sets environment variables for the duration of `body`, then restores them. */
export async function withEnv<T>(vars: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>): void => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}

/** The rejection of a promise that must reject. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error("expected the promise to reject");
}
