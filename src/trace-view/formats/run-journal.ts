/**
 * A durable run's journal (src/agent/journal/entries.ts, what `fileJournal` writes) as the
 * trace view reads it: each run of the mission (the top-level run, and each child at its
 * path) becomes a run; replies become a model request and response (the program taken
 * from the reply), batches of tool outcomes become tool calls, turns and ends become
 * results. A journal holds what a run decided on, not everything a trace does: the
 * messages sent are not in it (the view shows the replies and the feedback), and its times
 * are when each entry was written (entries of journals written before they carried times
 * take the time of the entry before).
 */
import { extractProgram } from "../../agent/extract.js";
import { isJournalEntry, type JournalEntry } from "../../agent/journal/entries.js";
import type { TraceEvent } from "../../agent/trace.js";
import type { TurnOutcome } from "../../agent/types.js";
import type { RecordReading, TraceFormat } from "../format.js";

/** The run id a path gets in the view: `journal` for the top-level run, `journal/2#3` for a child. */
function runOf(path: string): string {
  return path === "" ? "journal" : `journal/${path}`;
}

/** The path of the run that started the one at `path` (null for the top-level run). */
function parentOf(path: string): string | null {
  if (path === "") return null;
  const dot = path.lastIndexOf(".");
  return dot < 0 ? "" : path.slice(0, dot);
}

export const runJournalFormat: TraceFormat = {
  name: "a run journal",
  claims: (record) => isJournalEntry(record) && record.kind !== "cancel",
  open: () => {
    let now = 0;
    /** Per run: its agent, and the last turn seen (an end's turn needs a result of its own). */
    const runs = new Map<string, { agent: string; turn: number; program: string | null }>();
    return (record): RecordReading => {
      if (!isJournalEntry(record)) return { kind: "malformed", reason: "not a journal entry (no seq and kind)" };
      const e = record as JournalEntry;
      const at = "at" in e && typeof e.at === "number" ? e.at : now;
      now = Math.max(now, at);
      if (!("path" in e) || typeof e.path !== "string") return { kind: "events", events: [] };
      const run = runOf(e.path);
      const seen = runs.get(run);
      const base = { run, at };
      switch (e.kind) {
        case "start": {
          runs.set(run, { agent: e.agent, turn: 0, program: null });
          const parent = parentOf(e.path);
          const depth = e.path === "" ? 0 : e.path.split(".").length;
          return {
            kind: "events",
            events: [
              { ...base, type: "run_start", parent: parent === null ? null : runOf(parent), agent: e.agent, depth, input: e.input },
            ],
          };
        }
        case "reply": {
          const agent = seen?.agent ?? "agent";
          const program = extractProgram(e.reply.content).code;
          if (seen !== undefined) Object.assign(seen, { turn: e.turn, program });
          const events: TraceEvent[] = [
            { run, at: at - e.ms, type: "llm_request", turn: e.turn, agent, systemHash: "", messages: [] },
            {
              ...base,
              type: "llm_response",
              turn: e.turn,
              agent,
              content: e.reply.content,
              ...(e.reply.usage !== undefined ? { usage: e.reply.usage } : {}),
              ...(e.reply.model !== undefined ? { model: e.reply.model } : {}),
              ...(e.reply.finishReason !== undefined ? { finishReason: e.reply.finishReason } : {}),
              durationMs: e.ms,
            },
            { ...base, type: "program", turn: e.turn, program },
          ];
          return { kind: "events", events };
        }
        case "answers":
          return {
            kind: "events",
            events: e.answers.map((a) => {
              const o = a.outcome;
              return {
                ...base,
                type: "tool_call",
                turn: e.turn,
                tool: a.name,
                args: a.args,
                ...("value" in o ? { result: o.value } : {}),
                ...("error" in o ? { error: o.error } : "timeout" in o ? { error: "no answer before the turn ended" } : {}),
                ...("child" in o ? { result: `(the child run ${o.child})` } : {}),
                durationMs: a.ms,
              } satisfies TraceEvent;
            }),
          };
        case "turn":
          return {
            kind: "events",
            events: [{ ...base, type: "result", turn: e.turn, outcome: e.outcome, feedback: e.feedback, durationMs: 0 }],
          };
        case "end": {
          const step = e.step;
          const events: TraceEvent[] = [];
          // The turn that ended the run has no turn entry: its outcome is the Step's.
          const last = step.transcript.at(-1);
          if (last !== undefined && seen !== undefined && last.turn === seen.turn) {
            events.push({
              ...base,
              type: "result",
              turn: last.turn,
              outcome: last.outcome as TurnOutcome,
              ...(last.result !== undefined ? { result: last.result } : {}),
              feedback: last.feedback,
              durationMs: 0,
            });
          }
          events.push({
            ...base,
            type: "run_end",
            ok: step.ok,
            ...(step.ok ? { return: step.return ?? null } : {}),
            ...(step.fail !== undefined ? { failure: { kind: step.fail.kind, reason: step.fail.reason } } : {}),
            turns: step.turns,
            durationMs: step.durationMs,
          });
          return { kind: "events", events };
        }
        default:
          // Clock reads, task values, continuations, queue entries: nothing the view draws.
          return { kind: "events", events: [] };
      }
    };
  },
};
