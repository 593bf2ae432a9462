/**
 * Recording a run's model replies as a script (`ptcc run --record FILE.json`): every reply
 * of the run — the parent's and its child agents' — in the order the requests were made,
 * in the format `loadScript` reads, so a run against a real model becomes an offline test.
 *
 * The recorder is a trace sink: it sees every agent of the run whatever model each uses,
 * and it keeps call order even when parallel children answer out of order.
 */
import { nodeBuiltin } from "../platform.js";
import { requestHash, type RecordedReply, type RecordedRequest } from "../llm/replay.js";
import type { TraceEvent, TraceSink } from "./trace.js";

export type { RecordedReply, RecordedRequest };

export interface ReplyRecorder {
  /** Give it every trace event of the run (combine it with other sinks). */
  readonly sink: TraceSink;
  /** The replies so far, in request order; requests that failed are left out. */
  replies(): RecordedReply[];
  /** Writes the replies as a JSON script, atomically (a temporary file, then a rename). */
  write(file: string): void;
}

/** A recorder for one run. */
export function recordReplies(): ReplyRecorder {
  const agents = new Map<string, string>();
  const systems = new Map<string, string>();
  // One slot per request, in request order; filled when its response arrives.
  const slots: { key: string; agent: string; request?: RecordedRequest; reply?: RecordedReply }[] = [];
  const open = new Map<string, number>();
  const sink: TraceSink = (e: TraceEvent) => {
    if (e.type === "run_start") agents.set(e.run, e.agent);
    else if (e.type === "llm_request") {
      const key = `${e.run}#${e.turn}`;
      open.set(key, slots.length);
      if (e.system !== undefined) systems.set(e.systemHash, e.system);
      const system = systems.get(e.systemHash);
      // The request as sent, so that a replay can find its reply by it (replayLlm, match "request").
      const request =
        system === undefined
          ? undefined
          : { hash: requestHash(system, e.messages), system: e.systemHash, messages: e.messages };
      slots.push({ key, agent: agents.get(e.run) ?? "agent", ...(request !== undefined ? { request } : {}) });
    } else if (e.type === "llm_response") {
      const key = `${e.run}#${e.turn}`;
      const index = open.get(key);
      if (index === undefined) return;
      open.delete(key);
      if (e.content === undefined) return;
      const slot = slots[index]!;
      slot.reply = {
        agent: slot.agent,
        content: e.content,
        ...(e.usage !== undefined ? { usage: e.usage } : {}),
        ...(e.finishReason !== undefined ? { finishReason: e.finishReason } : {}),
        ...(e.model !== undefined ? { model: e.model } : {}),
        ...(e.provider !== undefined ? { provider: e.provider } : {}),
        ...(e.toolCalls !== undefined ? { toolCalls: e.toolCalls } : {}),
        ...(slot.request !== undefined ? { request: slot.request } : {}),
      };
    }
  };
  const replies = (): RecordedReply[] => slots.flatMap((s) => (s.reply === undefined ? [] : [s.reply]));
  return {
    sink,
    replies,
    write: (file) => {
      const partial = `${file}.partial`;
      const fs = nodeBuiltin("node:fs", "writing recorded replies");
      fs.writeFileSync(partial, `${JSON.stringify(replies(), null, 2)}\n`);
      fs.renameSync(partial, file);
    },
  };
}
