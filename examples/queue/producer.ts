/**
 * A producer on BullMQ and Redis: it queues typed runs of the compiled agents — the input
 * is checked against the agent's signature before anything is queued — follows one run's
 * progress, and waits for the results. Any process that knows a run's id can ask for it
 * (`runs.get(id)`), see where it is, or cancel it. Run with
 * `npx tsx examples/queue/producer.ts` (REDIS_URL, default redis://127.0.0.1:6379) while
 * examples/queue/worker.ts runs.
 */
import { bullmqBackend } from "ptcc/bullmq";
import { createRuns } from "ptcc/queue";
import { agents } from "../generated/index.js";
import { expenses } from "./model.js";

export async function main(connection: string, queue = "ptcc-examples"): Promise<string[]> {
  const runs = createRuns(agents, { backend: bullmqBackend({ connection, queue }) });
  try {
    const lines: string[] = [];
    const travel = await runs.expenses.enqueue(
      { expenses, category: "travel" },
      { idempotencyKey: "q3-travel", tenant: "acme" },
    );
    const meals = await runs.expenses.enqueue(
      { expenses, category: "meals" },
      { idempotencyKey: "q3-meals", priority: 1 },
    );
    for await (const p of travel.progress()) {
      if (p.kind === "turn") lines.push(`${travel.id}: turn ${p.turn} ${p.outcome}`);
    }
    for (const h of [travel, meals]) {
      const step = await h.result({ timeoutMs: 60_000 });
      lines.push(
        step.ok ? `${h.id}: ${step.return.count} expenses, ${step.return.total}` : `${h.id}: ${step.fail.kind}`,
      );
    }
    // Anyone who knows the id: where the run is.
    const again = await runs.get("q3-travel");
    lines.push(`q3-travel is ${await again!.status()}`);
    return lines;
  } finally {
    await runs.close();
  }
}

if (process.argv[1]?.endsWith("producer.ts")) {
  for (const line of await main(process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379")) console.log(line);
}
