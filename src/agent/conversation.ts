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

function messagesChars(messages: readonly LlmMessage[]): number {
  let n = 0;
  for (const m of messages) {
    n += m.content.length;
    for (const c of m.toolCalls ?? []) n += c.arguments.length + c.name.length;
  }
  return n;
}

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

/** One turn of the conversation: the model's reply and what it was told back. */
interface TurnMessages {
  readonly turn: number;
  readonly messages: readonly LlmMessage[];
  /** Characters of its messages (compaction weighs turns by it). */
  readonly chars: number;
}

export class Conversation {
  private turns: TurnMessages[] = [];
  /** What stands for the turns a compaction dropped (one user message), if any. */
  private note: string | null = null;
  /** Turns dropped by compactions so far. */
  private dropped: number[] = [];

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
    const out: LlmMessage[] = [{ role: "user", content: this.first }];
    // After a compaction, its note follows the first message (a second user message:
    // adapters whose API wants turns to alternate join the two).
    if (this.note !== null) out.push({ role: "user", content: this.note });
    for (const t of this.turns) out.push(...t.messages);
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
  add(reply: LlmReply, feedback: string, turn = this.turns.length + this.dropped.length + 1): void {
    const calls = (reply.toolCalls ?? []).map((c): LlmToolCall => ({
      id: c.id,
      name: c.name,
      arguments: cut(c.arguments, MAX_REPLY_ECHO),
    }));
    const messages: LlmMessage[] = [];
    if (calls.length === 0) {
      messages.push({ role: "assistant", content: cut(reply.content, MAX_REPLY_ECHO) });
      messages.push({ role: "user", content: feedback });
    } else {
      messages.push({ role: "assistant", content: cut(reply.content, MAX_REPLY_ECHO), toolCalls: calls });
      // The first call carries the feedback; providers want every other call answered too.
      calls.forEach((c, i) => {
        const content =
          i === 0
            ? feedback
            : c.name !== RUN_PROGRAM
              ? `;; Error: there is no tool ${c.name}; call ${RUN_PROGRAM} (the agent's tools are called inside programs).`
              : ";; (run together with the first call of this reply, whose result holds the feedback)";
        messages.push({ role: "user", content, toolCallId: c.id });
      });
    }
    this.turns.push({ turn, messages, chars: messagesChars(messages) });
  }

  /** The turns in the conversation now (not dropped by a compaction), oldest first. */
  get keptTurns(): readonly number[] {
    return this.turns.map((t) => t.turn);
  }

  /** Turns dropped by compactions so far, oldest first. */
  get droppedTurns(): readonly number[] {
    return this.dropped;
  }

  /** Characters of the next request (system prompt, messages): what compaction weighs. */
  chars(): number {
    return (
      this.system.length + this.first.length + (this.note?.length ?? 0) + this.turns.reduce((n, t) => n + t.chars, 0)
    );
  }

  /**
   * Drop the oldest turns, keeping at least `keep`, until the request is at most
   * `targetChars` long (without the note); the note made by `note(dropped)` stands for
   * every turn dropped so far. Returns the turns dropped now (none: nothing to drop).
   */
  compact(keep: number, targetChars: number, note: (dropped: readonly number[]) => string): readonly number[] {
    const now: number[] = [];
    let chars = this.chars() - (this.note?.length ?? 0);
    while (this.turns.length > keep && chars > targetChars) {
      const t = this.turns.shift()!;
      now.push(t.turn);
      chars -= t.chars;
    }
    if (now.length === 0) return now;
    this.dropped = [...this.dropped, ...now];
    this.note = note(this.dropped);
    return now;
  }
}
