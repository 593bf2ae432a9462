/**
 * What a run's journal says of where it is, for a backend that no longer holds the run
 * (its job was removed, or the process of an in-process queue died): ended (with its
 * Step), cancelled, or waiting for a worker.
 */
import type { JournalEntry } from "../agent/journal/entries.js";
import type { StepJsonFailed } from "../agent/step-json.js";
import type { FailureKind } from "../agent/types.js";
import type { RunState } from "./backend.js";

/** The Step of a run that was cancelled while no worker held it (before it started, or between attempts). */
export function unstartedStep(agent: string, kind: FailureKind, reason: string): StepJsonFailed {
  return {
    ok: false,
    agent,
    fail: { kind, reason },
    turns: 0,
    usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteInputTokens: 0, llmRequests: 0 },
    durationMs: 0,
    transcript: [],
  };
}

/** The state of a run from its journal; null when the journal holds nothing of it. */
export function stateFromJournal(entries: readonly JournalEntry[]): RunState | null {
  let queued: (JournalEntry & { kind: "queued" }) | undefined;
  let started: string | undefined;
  let cancel: string | undefined;
  for (const e of entries) {
    if (e.kind === "queued") queued ??= e;
    else if (e.kind === "start" && e.path === "") started = e.agent;
    else if (e.kind === "cancel") cancel ??= e.reason;
    else if (e.kind === "end" && e.path === "") {
      const agent = queued?.agent ?? e.step.agent;
      return {
        status: !e.step.ok && e.step.fail.kind === "cancelled" ? "cancelled" : "completed",
        agent,
        step: e.step,
        ...tenant(queued),
      };
    }
  }
  const agent = queued?.agent ?? started;
  if (agent === undefined) return null;
  // Asked to stop, and no worker holds it (the caller asks the backend first): it ends there.
  if (cancel !== undefined) {
    return { status: "cancelled", agent, step: unstartedStep(agent, "cancelled", cancel), ...tenant(queued) };
  }
  return { status: "waiting", agent, ...tenant(queued) };
}

function tenant(q: { readonly tenant?: string } | undefined): { tenant?: string } {
  return q?.tenant !== undefined ? { tenant: q.tenant } : {};
}
