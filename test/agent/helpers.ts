/** What most agent tests need: fenced programs and a scripted LLM that keeps its requests. */
import { scriptedLlm } from "../../src/llm/script.js";
import type { Llm, LlmReply, LlmRequest } from "../../src/llm/types.js";

/** A program in a fenced block, as models write it. */
export const clj = (code: string): string => `\`\`\`clojure\n${code}\n\`\`\``;

/** A scripted LLM answering `replies` in order, recording every request it gets. */
export function recording(replies: readonly (string | LlmReply)[]): { llm: Llm; requests: LlmRequest[] } {
  const script = scriptedLlm(replies);
  const requests: LlmRequest[] = [];
  return {
    requests,
    llm: async (r) => {
      requests.push(r);
      return script(r);
    },
  };
}

/** The last message of a request: the feedback of the turn before. */
export function lastUser(r: LlmRequest): string {
  return r.messages[r.messages.length - 1]!.content;
}

/** The mission message of a request (its first user message). */
export const mission = (r: LlmRequest): string => r.messages[0]!.content;
