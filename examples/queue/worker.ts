/**
 * A worker process on BullMQ and Redis: it takes the queued runs of the compiled agents,
 * at most 8 at a time, under limits its model's provider shares with every other worker
 * (requests and tokens per minute, requests at once; a 429 makes all of them wait). On
 * SIGTERM it lets the runs under way finish their turn and stops; another worker resumes
 * them from their journals. Run with `npx tsx examples/queue/worker.ts` (REDIS_URL, default
 * redis://127.0.0.1:6379), next to examples/queue/producer.ts.
 */
import { bullmqBackend } from "ptcc/bullmq";
import { startWorker, type RunWorker } from "ptcc/queue";
import { agents } from "../generated/index.js";
import { model } from "./model.js";

export async function start(
  connection: string,
  queue = "ptcc-examples",
): Promise<{ worker: RunWorker; close(): Promise<void> }> {
  const backend = bullmqBackend({ connection, queue });
  const worker = await startWorker(agents, {
    backend,
    llm: model,
    concurrency: 8,
    providers: { "example:scripted": { rpm: 600, tpm: 1_000_000, concurrency: 16 } },
  });
  return {
    worker,
    close: async () => {
      await worker.close();
      await backend.close();
    },
  };
}

if (process.argv[1]?.endsWith("worker.ts")) {
  const { close } = await start(process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379");
  console.log("worker ready");
  process.on("SIGTERM", () => void close().then(() => process.exit(0)));
}
