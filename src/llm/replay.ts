/**
 * Replaying a recorded run (`ptcc run --record FILE.json` writes the recording): each
 * request gets the reply the recorded run got for it.
 *
 * - `match: "request"` (the default): a reply is found by a hash of its request (the system
 *   prompt and the messages, as sent). A request the recording does not hold — a prompt, a
 *   feedback or a tool changed — fails with an error naming the first message that differs
 *   and showing a few lines of the difference: the offline test of a prompt change.
 * - `match: "order"`: the replies in the order they were recorded, whatever is asked (a
 *   script, as before).
 */
import { textHash as systemHash } from "../text-hash.js";
import { LlmError, type Llm, type LlmMessage, type LlmReply, type LlmRequest } from "./types.js";

/** What a recording holds of the request a reply answered. */
export interface RecordedRequest {
  /** `requestHash(system, messages)`. */
  readonly hash: string;
  /** The system prompt's hash (`systemHash`). */
  readonly system: string;
  readonly messages: readonly LlmMessage[];
}

/** A recorded reply, with the agent that got it and — when recorded — its request. */
export type RecordedReply = LlmReply & { readonly agent: string; readonly request?: RecordedRequest };

export interface ReplayOptions {
  readonly match?: "request" | "order";
}

/** The hash of a request as sent: its system prompt and messages (16 hex digits). */
export function requestHash(system: string, messages: readonly LlmMessage[]): string {
  return systemHash(
    JSON.stringify([
      system,
      messages.map((m) => [m.role, m.content, m.toolCallId ?? null, (m.toolCalls ?? []).map((c) => [c.id, c.name, c.arguments])]),
    ]),
  );
}

/** A model that answers with the recording's replies. */
export function replayLlm(recording: readonly RecordedReply[], options: ReplayOptions = {}): Llm {
  const replies = recording.map(stripped);
  if (options.match === "order") {
    let next = 0;
    return async () => {
      const reply = replies[next];
      if (reply === undefined) throw new LlmError(`replay: the recording has no reply left (${replies.length} were used)`);
      next++;
      return reply;
    };
  }
  const byHash = new Map<string, number[]>();
  recording.forEach((r, i) => {
    if (r.request === undefined) return;
    const list = byHash.get(r.request.hash) ?? [];
    list.push(i);
    byHash.set(r.request.hash, list);
  });
  if (byHash.size === 0 && recording.length > 0) {
    throw new LlmError(
      'replay: the recording holds no requests (it was made before requests were recorded): replay it with { match: "order" } or record it again',
    );
  }
  return async (request: LlmRequest) => {
    const hash = requestHash(request.system, request.messages);
    const list = byHash.get(hash);
    const i = list?.shift();
    if (i !== undefined) return replies[i]!;
    throw new LlmError(notRecorded(request, recording));
  };
}

function stripped(r: RecordedReply): LlmReply {
  const { agent: _agent, request: _request, ...reply } = r;
  return reply;
}

/** Why a request is not in the recording: the nearest recorded one, and where they differ. */
function notRecorded(request: LlmRequest, recording: readonly RecordedReply[]): string {
  const head = `replay: the request of ${request.agent}'s turn ${request.turn} is not in the recording`;
  const candidates = recording.filter((r) => r.request !== undefined && r.agent === request.agent);
  if (candidates.length === 0) return `${head} (it holds no request of agent ${request.agent})`;
  // The recorded request of the same place in the conversation (as many messages) that
  // shares the longest run of messages with this one; else any of the agent's.
  const sameLength = candidates.filter((c) => c.request!.messages.length === request.messages.length);
  let best = (sameLength[0] ?? candidates[0]!).request!;
  let bestSame = -1;
  for (const c of sameLength.length > 0 ? sameLength : candidates) {
    const same = commonPrefix(c.request!.messages, request.messages);
    if (same > bestSame) [best, bestSame] = [c.request!, same];
  }
  if (best.system !== systemHash(request.system)) return `${head}: the system prompt differs from the recording's`;
  const i = bestSame;
  const was = best.messages[i];
  const now = request.messages[i];
  if (was === undefined || now === undefined) {
    return `${head}: it has ${request.messages.length} messages, the nearest recorded request ${best.messages.length}`;
  }
  return `${head}: message ${i + 1} (${now.role}) differs from the recording's:\n${lineDiff(was.content, now.content)}`;
}

function commonPrefix(a: readonly LlmMessage[], b: readonly LlmMessage[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i]!.role === b[i]!.role && a[i]!.content === b[i]!.content) i++;
  return i;
}

/** A few lines around the first difference: `- recorded`, `+ now`. */
function lineDiff(was: string, now: string, context = 1, most = 6): string {
  const a = was.split("\n");
  const b = now.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA > start && endB > start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  const out: string[] = [];
  for (let k = Math.max(0, start - context); k < start; k++) out.push(`  ${a[k]}`);
  for (let k = start; k <= endA && out.length < most; k++) out.push(`- ${a[k]}`);
  for (let k = start; k <= endB && out.length < most * 2; k++) out.push(`+ ${b[k]}`);
  return out.join("\n");
}
