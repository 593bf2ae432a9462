/**
 * Streamed answers as the providers write them, for the fake servers: OpenAI's
 * `chat.completion.chunk` events ending in a usage chunk and `[DONE]`, and Anthropic's
 * message events. Each builder also gives the unstreamed body of the same answer, so a
 * test can check that both paths give one reply.
 */
import { sse } from "./server.js";

export interface StreamedToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments' JSON text, sent in these pieces. */
  readonly pieces: readonly string[];
}

export interface OpenAiAnswer {
  readonly pieces: readonly string[];
  readonly model?: string;
  readonly finish?: string;
  readonly usage?: Record<string, unknown>;
  readonly toolCalls?: readonly StreamedToolCall[];
}

/** The events of a streamed completion: role, text pieces, tool call pieces, finish, usage, [DONE]. */
export function openAiStream(a: OpenAiAnswer): string[] {
  const model = a.model ?? "gpt-test-2026";
  const chunk = (choices: unknown[], usage: unknown = null) =>
    sse({ id: "chatcmpl-s", object: "chat.completion.chunk", created: 1, model, choices, usage });
  const events = [chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }])];
  for (const p of a.pieces) events.push(chunk([{ index: 0, delta: { content: p }, finish_reason: null }]));
  (a.toolCalls ?? []).forEach((call, index) => {
    call.pieces.forEach((piece, n) => {
      const head =
        n === 0
          ? { id: call.id, type: "function", function: { name: call.name, arguments: piece } }
          : { function: { arguments: piece } };
      events.push(chunk([{ index: 0, delta: { tool_calls: [{ index, ...head }] }, finish_reason: null }]));
    });
  });
  events.push(chunk([{ index: 0, delta: {}, finish_reason: a.finish ?? "stop" }]));
  if (a.usage !== undefined) events.push(chunk([], a.usage));
  events.push(sse("[DONE]"));
  return events;
}

/** The same answer as one Chat Completions body. */
export function openAiBody(a: OpenAiAnswer): Record<string, unknown> {
  const toolCalls = (a.toolCalls ?? []).map((c) => ({
    id: c.id,
    type: "function",
    function: { name: c.name, arguments: c.pieces.join("") },
  }));
  const content = a.pieces.join("");
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    model: a.model ?? "gpt-test-2026",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: content === "" && toolCalls.length > 0 ? null : content,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: a.finish ?? "stop",
      },
    ],
    ...(a.usage !== undefined ? { usage: a.usage } : {}),
  };
}

export interface AnthropicAnswer {
  readonly pieces: readonly string[];
  readonly model?: string;
  readonly stop?: string;
  /** Usage of message_start (input and cache counts). */
  readonly inputUsage?: Record<string, number>;
  readonly outputTokens?: number;
  readonly toolCalls?: readonly StreamedToolCall[];
}

/** The events of a streamed message: start, a text block in pieces, tool_use blocks, delta, stop. */
export function anthropicStream(a: AnthropicAnswer): string[] {
  const model = a.model ?? "claude-test-2026";
  const events = [
    sse(
      {
        type: "message_start",
        message: {
          id: "msg_s",
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          usage: { input_tokens: 0, output_tokens: 1, ...a.inputUsage },
        },
      },
      "message_start",
    ),
    sse({ type: "ping" }, "ping"),
  ];
  let index = 0;
  if (a.pieces.length > 0) {
    events.push(
      sse({ type: "content_block_start", index, content_block: { type: "text", text: "" } }, "content_block_start"),
    );
    for (const text of a.pieces) {
      events.push(
        sse({ type: "content_block_delta", index, delta: { type: "text_delta", text } }, "content_block_delta"),
      );
    }
    events.push(sse({ type: "content_block_stop", index }, "content_block_stop"));
    index++;
  }
  for (const call of a.toolCalls ?? []) {
    events.push(
      sse(
        {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
        },
        "content_block_start",
      ),
    );
    for (const partial_json of call.pieces) {
      events.push(
        sse(
          { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } },
          "content_block_delta",
        ),
      );
    }
    events.push(sse({ type: "content_block_stop", index }, "content_block_stop"));
    index++;
  }
  events.push(
    sse(
      {
        type: "message_delta",
        delta: { stop_reason: a.stop ?? "end_turn", stop_sequence: null },
        usage: { output_tokens: a.outputTokens ?? 0 },
      },
      "message_delta",
    ),
    sse({ type: "message_stop" }, "message_stop"),
  );
  return events;
}

/** The same answer as one Messages body. */
export function anthropicBody(a: AnthropicAnswer): Record<string, unknown> {
  const text = a.pieces.length > 0 ? [{ type: "text", text: a.pieces.join("") }] : [];
  const tools = (a.toolCalls ?? []).map((c) => ({
    type: "tool_use",
    id: c.id,
    name: c.name,
    input: JSON.parse(c.pieces.join("")) as unknown,
  }));
  return {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: a.model ?? "claude-test-2026",
    content: [...text, ...tools],
    stop_reason: a.stop ?? "end_turn",
    usage: { input_tokens: 0, ...a.inputUsage, output_tokens: a.outputTokens ?? 0 },
  };
}
