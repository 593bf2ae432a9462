/**
 * Cancelling a durable run from anywhere: a `cancel` entry appended to its journal. The
 * process running it sees the entry at its next journal write (taking its sequence number)
 * and ends the run `cancelled` at the next turn; a run resumed later ends at once.
 */
import { JournalError } from "./errors.js";
import type { JournalStore } from "./store.js";

/**
 * Ask the run journaled under `runKey` to stop. Resolves to true when the request is in the
 * journal (now or before), false when there is no such run or it has ended.
 */
export async function requestCancel(store: JournalStore, runKey: string, reason = "cancelled"): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entries = await store.load(runKey);
    if (entries.length === 0) return false;
    if (entries.some((e) => e.kind === "end" && e.path === "")) return false;
    if (entries.some((e) => e.kind === "cancel")) return true;
    const seq = entries.length;
    const r = await store.append(runKey, seq, { seq, kind: "cancel", reason });
    if (r.ok) return true;
    // The run wrote first: read again and retry at the new end.
  }
  throw new JournalError(`could not append a cancel request to run ${runKey}: its journal kept growing`);
}
