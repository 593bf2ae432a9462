/**
 * Queued runs on one machine, with no server: the in-process backend over a file journal.
 * The agents are the compiled registry of examples/agents (`export const agents` of
 * examples/generated/index.ts), so `runs.expenses.enqueue` takes the expenses agent's
 * input and `result()` is typed by its output. After a crash, `runs.recover()` in the next
 * process queues every unfinished run again, and the worker resumes each from its journal.
 * Run with `npx tsx examples/queue/embedded.ts`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileJournal } from "ptcc";
import { createRuns, localBackend, startWorker } from "ptcc/queue";
import { agents } from "../generated/index.js";
import { expenses, model } from "./model.js";

export async function main(dir = mkdtempSync(join(tmpdir(), "ptcc-queue-"))): Promise<string[]> {
  const backend = localBackend({ journal: fileJournal(join(dir, "runs")) });
  const runs = createRuns(agents, { backend });
  await runs.recover(); // after a crash: every unfinished run, queued again
  const worker = await startWorker(agents, { backend, llm: model, concurrency: 4 });

  // One run per category; the idempotency key makes a second enqueue of the same run a no-op.
  const categories = ["travel", "meals", "office", "software"];
  const handles = await Promise.all(
    categories.map((category) => runs.expenses.enqueue({ expenses, category }, { idempotencyKey: `q3-${category}` })),
  );
  const lines: string[] = [];
  for (const h of handles) {
    const step = await h.result({ timeoutMs: 30_000 });
    lines.push(
      step.ok ? `${h.id}: ${step.return.count} expenses, ${step.return.total}` : `${h.id}: ${step.fail.reason}`,
    );
  }
  await worker.close();
  await runs.close();
  return lines;
}

if (process.argv[1]?.endsWith("embedded.ts")) {
  for (const line of await main()) console.log(line);
}
