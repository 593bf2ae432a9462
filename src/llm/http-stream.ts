/**
 * One streamed POST to a model API: the answer read as server-sent events, each handed to
 * the adapter as it arrives.
 *
 * The retry policy is postJson's, up to the first byte of a 2xx stream: a refused
 * connection, a 429 or a 5xx before it is tried again. After it nothing is retried (the
 * text already handed on cannot be taken back): a dropped connection, a stall longer than
 * `timeoutMs` between two pieces or an oversized stream fails the request. Aborting the
 * signal closes the connection at once.
 */
import {
  cancelledMessage,
  errorOutcome,
  postJson,
  jsonBody,
  networkOutcome,
  readCapped,
  retrying,
  where,
  type AttemptSettings,
  type Fail,
  type HttpOptions,
  type JsonPost,
  type Outcome,
} from "./http.js";
import { sseParser, type SseEvent } from "./sse.js";
import type { LlmReply } from "./types.js";

/**
 * What a streamed request came to: its events were handed on (`events`), or the server
 * answered with one JSON body instead (a compatible server that does not stream).
 */
export type StreamOutcome = { readonly kind: "events" } | { readonly kind: "json"; readonly body: unknown };

/**
 * POSTs `post.body` and hands every server-sent event of the answer to `onEvent`, in order,
 * as it arrives. Resolves when the stream ends (the adapter decides whether it ended
 * complete); throws `LlmError` as postJson does, and when the stream breaks off. An error
 * thrown by `onEvent` closes the stream and is thrown as it is.
 */
export async function postStream(
  post: JsonPost,
  options: HttpOptions,
  onEvent: (event: SseEvent) => void,
): Promise<StreamOutcome> {
  return retrying(post, options, (settings, signal, fail) => streamOnce(post, settings, signal, fail, onEvent));
}

/** How an adapter reads its provider's answers, whole or streamed. */
export interface AnswerReader {
  /** The reply of an unstreamed answer's body (or of a server that ignored the stream request). */
  readonly whole: (body: unknown) => LlmReply;
  /** A reader of a streamed answer: given each event, then asked for the reply. */
  readonly streamed: (onText: (delta: string) => void) => {
    readonly event: (e: SseEvent) => void;
    readonly reply: () => LlmReply;
  };
  /** The request body asking for a stream. */
  readonly streamBody: (body: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

/**
 * One model request: unstreamed without `onText`, streamed with it. A server that answers
 * a stream request with one JSON body is read whole, its text handed on as one piece.
 */
export async function requestReply(
  post: JsonPost & { readonly body: Readonly<Record<string, unknown>> },
  options: HttpOptions,
  onText: ((delta: string) => void) | undefined,
  reader: AnswerReader,
): Promise<LlmReply> {
  if (onText === undefined) return reader.whole(await postJson(post, options));
  const stream = reader.streamed(onText);
  const outcome = await postStream({ ...post, body: reader.streamBody(post.body) }, options, stream.event);
  if (outcome.kind === "events") return stream.reply();
  const reply = reader.whole(outcome.body);
  if (reply.content !== "") onText(reply.content);
  return reply;
}

async function streamOnce(
  post: JsonPost,
  settings: AttemptSettings,
  signal: AbortSignal | undefined,
  fail: Fail,
  onEvent: (event: SseEvent) => void,
): Promise<Outcome<StreamOutcome>> {
  const { timeoutMs } = settings;
  // A controller per attempt: its timer stops an attempt, the caller's signal every one.
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Until the first byte the timer limits the wait for it; after, the silence between pieces.
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const onAbort = (): void => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  arm();

  let started = false;
  try {
    let response: Response;
    try {
      response = await fetch(post.url, {
        method: "POST",
        headers: { ...post.headers, accept: "text/event-stream" },
        body: JSON.stringify(post.body),
        signal: controller.signal,
      });
    } catch (error) {
      if (signal?.aborted) throw fail(cancelledMessage(signal));
      if (timedOut) return { kind: "retry", reason: `no response from ${where(post.url)} within ${timeoutMs} ms` };
      return networkOutcome(post.url, error, fail);
    }

    if (response.status < 200 || response.status >= 300 || isJson(response)) {
      // An error's body (or a whole JSON answer) is short: read as postJson reads it.
      let text: string | null;
      try {
        text = await readCapped(response, settings.maxResponseBytes);
      } catch (error) {
        if (signal?.aborted) throw fail(cancelledMessage(signal));
        if (timedOut) return { kind: "retry", reason: `no response from ${where(post.url)} within ${timeoutMs} ms` };
        return networkOutcome(post.url, error, fail);
      }
      if (text === null) {
        throw fail(
          `the response of ${where(post.url)} is larger than ${settings.maxResponseBytes} bytes`,
          response.status,
        );
      }
      const raw = { status: response.status, statusText: response.statusText, headers: response.headers, text };
      if (response.status >= 200 && response.status < 300)
        return { kind: "done", body: { kind: "json", body: jsonBody(raw, fail) } };
      return errorOutcome(post, raw, fail);
    }

    const reader = response.body?.getReader();
    if (reader === undefined) return { kind: "done", body: { kind: "events" } };
    // TextDecoder, not Buffer: the adapters run in browsers too.
    const decoder = new TextDecoder();
    const parser = sseParser(onEvent);
    let size = 0;
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw fail(cancelledMessage(signal));
        if (!started) {
          if (timedOut) return { kind: "retry", reason: `no response from ${where(post.url)} within ${timeoutMs} ms` };
          return networkOutcome(post.url, error, fail);
        }
        if (timedOut) throw fail(`the stream from ${where(post.url)} stalled: nothing for ${timeoutMs} ms`);
        throw fail(`the stream from ${where(post.url)} broke off${causeText(error)}`);
      }
      if (chunk.done) break;
      started = true;
      arm();
      size += chunk.value.byteLength;
      if (size > settings.maxResponseBytes) {
        throw fail(`the stream of ${where(post.url)} is larger than ${settings.maxResponseBytes} bytes`);
      }
      parser.push(decoder.decode(chunk.value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
    return { kind: "done", body: { kind: "events" } };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    // Whatever ended the attempt (an error, a bad event, the caller's abort), the
    // connection is not read any more: close it rather than let it run on.
    controller.abort();
  }
}

/** A 2xx answer that is one JSON body rather than a stream. */
function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get("content-type") ?? "");
}

/** ` (ECONNRESET)` or `: message` from a read error, or nothing. */
function causeText(error: unknown): string {
  for (let e: unknown = error, depth = 0; typeof e === "object" && e !== null && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return ` (${code})`;
    e = (e as { cause?: unknown }).cause;
  }
  return error instanceof Error && error.message !== "" ? `: ${error.message}` : "";
}
