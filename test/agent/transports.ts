/**
 * Scripts written for the code-block transport, replayed through the tool_call one: each
 * reply's program becomes a call of run_program (the prose before it stays as text), so
 * the same scenarios run under both transports.
 */
import { extractProgram } from "../../src/agent/extract.js";
import type { LlmReply } from "../../src/llm/types.js";

let calls = 0;

/** A code-block reply as the same program sent with run_program; a reply without a program stays text. */
export function asToolCall(reply: string | LlmReply): LlmReply {
  const r = typeof reply === "string" ? { content: reply } : reply;
  const { code } = extractProgram(r.content);
  if (code === null) return r;
  const fence = r.content.indexOf("```");
  const prose = fence >= 0 ? r.content.slice(0, fence).trim() : "";
  return {
    ...r,
    content: prose,
    finishReason: "tool_calls",
    toolCalls: [{ id: `call_${++calls}`, name: "run_program", arguments: JSON.stringify({ program: code }) }],
  };
}

/** The body of an OpenAI Chat Completions answer for a reply. */
export function openAiBody(reply: LlmReply): object {
  const calls = reply.toolCalls ?? [];
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    model: "gpt-test",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: calls.length > 0 && reply.content === "" ? null : reply.content,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((c) => ({
                  id: c.id,
                  type: "function",
                  function: { name: c.name, arguments: c.arguments },
                })),
              }
            : {}),
        },
        finish_reason: calls.length > 0 ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 64 } },
  };
}

/** The body of an Anthropic Messages answer for a reply. */
export function anthropicBody(reply: LlmReply): object {
  const calls = reply.toolCalls ?? [];
  return {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: [
      ...(reply.content !== "" ? [{ type: "text", text: reply.content }] : []),
      ...calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: JSON.parse(c.arguments) as unknown })),
    ],
    stop_reason: calls.length > 0 ? "tool_use" : "end_turn",
    usage: { input_tokens: 36, output_tokens: 10, cache_read_input_tokens: 64, cache_creation_input_tokens: 0 },
  };
}
