/**
 * The conversation of one run: the one place where the text sent to a model is put
 * together, request by request. A provider caches prefixes, so the conversation only
 * grows: the system prompt and the first user message are fixed when the run starts,
 * and each turn appends the model's reply and the feedback on it. Every request's
 * messages extend the previous request's, byte for byte; the one addition that is not
 * kept (the last-turn notice) goes on the newest message of the last request, which no
 * later request repeats.
 *
 * With the `tool_call` transport, a reply's calls of `run_program` stay on the assistant
 * message and the feedback answers them as tool results (one per call: providers want
 * every call answered).
 */
import type { LlmMessage, LlmReply, LlmTool, LlmToolCall } from "../llm/types.js";
import { cut } from "./feedback.js";
import { RUN_PROGRAM } from "./prompt/system.js";
import type { Transport } from "./types.js";

/** Most characters of a model's reply (or of a program it sent as a tool call) kept. */
export const MAX_REPLY_ECHO = 50_000;

/** The provider tool of the `tool_call` transport. */
export const RUN_PROGRAM_TOOL: LlmTool = {
  name: RUN_PROGRAM,
  description:
    'Run one PTC-Lisp program in your session and see its result (or error) in the tool result. End the mission with (return value) or (fail "why") inside the program.',
  parameters: {
    type: "object",
    properties: { program: { type: "string", description: "The PTC-Lisp program: one or more top-level forms." } },
    required: ["program"],
    additionalProperties: false,
  },
};

export class Conversation {
  private readonly history: LlmMessage[] = [];

  constructor(
    /** The system prompt, the same on every request. */
    readonly system: string,
    /** The first user message, the same on every request. */
    readonly first: string,
    readonly transport: Transport,
  ) {}

  /** The provider tools each request offers. */
  get tools(): readonly LlmTool[] | undefined {
    return this.transport === "tool_call" ? [RUN_PROGRAM_TOOL] : undefined;
  }

  /** The messages of the next request; `notice` is added to its newest message only. */
  messages(notice?: string): LlmMessage[] {
    const out: LlmMessage[] = [{ role: "user", content: this.first }, ...this.history];
    if (notice !== undefined) {
      const last = out[out.length - 1]!;
      out[out.length - 1] = { ...last, content: `${last.content}\n\n${notice}` };
    }
    return out;
  }

  /**
   * A turn that did not end the run: the reply as it came (up to a bound: a runaway reply
   * would otherwise be re-sent in every later request), then the feedback.
   */
  add(reply: LlmReply, feedback: string): void {
    const calls = (reply.toolCalls ?? []).map((c): LlmToolCall => ({
      id: c.id,
      name: c.name,
      arguments: cut(c.arguments, MAX_REPLY_ECHO),
    }));
    if (calls.length === 0) {
      this.history.push({ role: "assistant", content: cut(reply.content, MAX_REPLY_ECHO) });
      this.history.push({ role: "user", content: feedback });
      return;
    }
    this.history.push({ role: "assistant", content: cut(reply.content, MAX_REPLY_ECHO), toolCalls: calls });
    // The first call carries the feedback; providers want every other call answered too.
    calls.forEach((c, i) => {
      const content =
        i === 0
          ? feedback
          : c.name !== RUN_PROGRAM
            ? `;; Error: there is no tool ${c.name}; call ${RUN_PROGRAM} (the agent's tools are called inside programs).`
            : ";; (run together with the first call of this reply, whose result holds the feedback)";
      this.history.push({ role: "user", content, toolCallId: c.id });
    });
  }
}
