/** The in-process backend keeps the run backend contract, and orders runs by priority and delay. */
import { describe, expect, it } from "vitest";
import { defineAgent, memoryJournal } from "../../src/index.js";
import { createRuns, localBackend, startWorker } from "../../src/queue/index.js";
import { clj } from "../agent/helpers.js";
import { backendSuite } from "./backend-suite.js";

backendSuite("localBackend", () => localBackend({ attempts: 2, backoffMs: 50 }));

describe("localBackend", () => {
  it("runs without a priority first, then by priority, then in order; delayed runs when due", async () => {
    const echo = defineAgent({ name: "echo", prompt: "Echo {{n}}", signature: "(n :int) -> :int" });
    const agents = { echo } as const;
    const backend = localBackend();
    const runs = createRuns(agents, { backend });
    const order: number[] = [];
    const llm = async (r: { messages: readonly { content: string }[] }) => {
      const n = Number(/n\D*(\d+)/.exec(r.messages[0]!.content)?.[1]);
      order.push(n);
      return clj(`(return ${n})`);
    };
    const hs = [
      await runs.echo.enqueue({ n: 1 }, { priority: 5 }),
      await runs.echo.enqueue({ n: 2 }, { delayMs: 150 }),
      await runs.echo.enqueue({ n: 3 }),
      await runs.echo.enqueue({ n: 4 }, { priority: 1 }),
      await runs.echo.enqueue({ n: 5 }),
    ];
    const worker = await startWorker(agents, { backend, llm, concurrency: 1 });
    for (const h of hs) await h.result({ timeoutMs: 5000 });
    expect(order).toEqual([3, 5, 4, 1, 2]);
    await worker.close();
  });

  it("is the default backend of createRuns, with a memory journal", async () => {
    const runs = createRuns({ echo: defineAgent({ prompt: "x", signature: "() -> :int" }) });
    expect(runs.backend.kind).toBe("local");
    const h = await runs.echo.enqueue();
    expect((await h.journal()).map((e) => e.kind)).toEqual(["queued"]);
  });

  it("recover() queues again what a journal holds unfinished; ended and cancelled runs stay as they are", async () => {
    const journal = memoryJournal();
    const echo = defineAgent({ name: "echo", prompt: "Echo", signature: "() -> :int" });
    const agents = { echo } as const;
    const first = createRuns(agents, { backend: localBackend({ journal }) });
    const waiting = await first.echo.enqueue({}, { idempotencyKey: "w" });
    const cancelled = await first.echo.enqueue({}, { idempotencyKey: "c" });
    await cancelled.cancel();
    // A new process on the same journal: the in-memory queue is gone.
    const backend = localBackend({ journal });
    const runs = createRuns(agents, { backend });
    expect(await (await runs.get("w"))?.status()).toBe("waiting");
    expect(await runs.recover()).toEqual([waiting.id]);
    const worker = await startWorker(agents, { backend, llm: async () => clj("(return 7)") });
    expect((await (await runs.get("w"))!.result({ timeoutMs: 5000 })).return).toBe(7);
    expect(await (await runs.get("c"))?.status()).toBe("cancelled");
    expect(await runs.recover()).toEqual([]);
    await worker.close();
  });
});
