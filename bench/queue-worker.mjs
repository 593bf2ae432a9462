// A worker process of the queue bench (queue.mjs): the bench's agent on ptcc/bullmq from
// the built dist/, its model answering each turn after `modelMs`. Argument: JSON
// { redis, queue, concurrency, modelMs }. Prints `ready`; SIGTERM closes it, and it prints
// `cpu MS`, the CPU time it spent since it was ready.
import { agent, scriptedModel } from "./queue-agent.mjs";

const cfg = JSON.parse(process.argv[2]);
const { startWorker } = await import("../dist/lib/queue/index.js");
const { bullmqBackend } = await import("../dist/lib/bullmq/index.js");
const { defineAgent } = await import("../dist/lib/index.js");
const agents = { count: agent(defineAgent) };
const backend = bullmqBackend({ connection: cfg.redis, queue: cfg.queue });
const worker = await startWorker(agents, { backend, llm: scriptedModel(cfg.modelMs), concurrency: cfg.concurrency });
const cpu0 = process.cpuUsage();
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await worker.close();
  await backend.close();
  // The CPU this process spent working (ms), for the bench's CPU per run.
  const c = process.cpuUsage(cpu0);
  process.stdout.write(`cpu ${(c.user + c.system) / 1000}\n`);
  process.exit(0);
});
