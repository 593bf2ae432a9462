/**
 * What every run backend must do, as one suite run against each (localBackend here,
 * bullmqBackend against a real Redis in test/bullmq/backend.test.ts): typed runs end with
 * their Step, inputs are refused at enqueue, idempotency keys make a second enqueue a
 * no-op, progress and status follow the run, a failed run is a result, an unreachable
 * model is retried from the journal, cancellation stops waiting and active runs (also when
 * only the journal says so), and a closing worker hands its runs back between turns.
 *
 * `fresh` gives a new backend (2 attempts, short backoff) on a queue no other test uses.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defineAgent, LlmError, requestCancel, withLlmInfo, type Llm, type LlmRequest } from "../../src/index.js";
import {
  createRuns,
  QueueError,
  startWorker,
  type RunBackend,
  type RunWorker,
  type WorkerEvent,
} from "../../src/queue/index.js";
import { clj } from "../agent/helpers.js";

const sum = defineAgent({
  name: "sum",
  prompt: "Add up {{xs}}",
  signature: "(xs [:int]) -> {total :int}",
  maxTurns: 4,
});
const failing = defineAgent({ name: "failing", prompt: "Give up", signature: "() -> :int", maxTurns: 2 });
const agents = { sum, failing } as const;

/** A model by agent and turn, counting requests (`agent#turn`), with an optional hook per request. */
function model(hook?: (r: LlmRequest) => Promise<void> | void): { llm: Llm; asked: string[] } {
  const asked: string[] = [];
  const replies: Record<string, string[]> = {
    sum: [clj("(def t (reduce + data/xs))"), clj("(def t2 (* t 1))"), clj("(return {:total t2})")],
    failing: [clj('(fail "no way")')],
  };
  const llm: Llm = async (r) => {
    asked.push(`${r.agent}#${r.turn}`);
    await hook?.(r);
    const reply = replies[r.agent]?.[r.turn - 1];
    if (reply === undefined) throw new LlmError(`no reply for ${r.agent} turn ${r.turn}`);
    return reply;
  };
  return { llm: withLlmInfo(llm, { provider: "test", model: "suite" }), asked };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function backendSuite(name: string, fresh: () => RunBackend): void {
  describe(`${name}: the run backend contract`, () => {
    const open: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      for (const c of open.splice(0).reverse()) await c.close();
    });
    const setUp = async (llm: Llm, events?: WorkerEvent[]) => {
      const backend = fresh();
      const runs = createRuns(agents, { backend });
      open.push(runs);
      const worker: RunWorker = await startWorker(agents, {
        backend,
        llm,
        concurrency: 2,
        ...(events !== undefined ? { onEvent: (e: WorkerEvent) => void events.push(e) } : {}),
      });
      open.push(worker);
      return { backend, runs, worker };
    };

    it("runs a typed run to its Step, with progress, status and journal", async () => {
      const m = model();
      const { runs } = await setUp(m.llm);
      const h = await runs.sum.enqueue({ xs: [1, 2, 3] });
      const progress = (async () => {
        const seen = [];
        for await (const p of h.progress()) seen.push(p);
        return seen;
      })();
      const step = await h.result({ timeoutMs: 20_000 });
      expect(step.ok && step.return.total).toBe(6);
      expect(await h.status()).toBe("completed");
      expect((await progress).map((p) => (p.kind === "turn" ? `${p.turn}:${p.outcome}` : p.kind))).toEqual([
        "1:continue",
        "2:continue",
        "3:return",
      ]);
      expect((await h.journal()).map((e) => e.kind)).toEqual([
        "queued",
        "start",
        "reply",
        "turn",
        "reply",
        "turn",
        "reply",
        "end",
      ]);
      const again = await runs.get(h.id);
      expect(again?.agent).toBe("sum");
      expect(await again?.result()).toEqual(step);
      expect(await runs.get("no-such-run")).toBeNull();
    });

    it("refuses a bad input at enqueue, and queues nothing", async () => {
      const { runs, backend } = await setUp(model().llm);
      const bad = runs.sum.enqueue({ xs: ["a"] } as never, { idempotencyKey: "bad-input" });
      await expect(bad).rejects.toThrow(QueueError);
      await expect(bad).rejects.toMatchObject({
        kind: "input",
        message: expect.stringMatching(/^sum: the input does not match \(xs \[:int\]\): xs\[0\]/),
      });
      await expect(runs.sum.enqueue({ xs: [1], f: () => 1 } as never)).rejects.toThrow(
        /the input cannot be queued: f: a function cannot be queued/,
      );
      await expect(runs.sum.enqueue({ xs: [1] }, { priorty: 2 } as never)).rejects.toThrow(
        /unknown enqueue option priorty — did you mean priority\?/,
      );
      expect(await backend.journal.load("bad-input")).toEqual([]);
      expect(await runs.get("bad-input")).toBeNull();
    });

    it("an idempotency key makes a second enqueue a no-op: one run, one request per turn", async () => {
      const m = model();
      const { runs } = await setUp(m.llm);
      const [h1, h2] = await Promise.all([
        runs.sum.enqueue({ xs: [2, 2] }, { idempotencyKey: "order:42" }),
        runs.sum.enqueue({ xs: [2, 2] }, { idempotencyKey: "order:42" }),
      ]);
      expect(h1.id).toBe("order%3A42");
      expect(h2.id).toBe(h1.id);
      expect((await h1.result({ timeoutMs: 20_000 })).return).toEqual({ total: 4 });
      const h3 = await runs.sum.enqueue({ xs: [9] }, { idempotencyKey: "order:42" });
      expect((await h3.result({ timeoutMs: 20_000 })).return).toEqual({ total: 4 });
      expect(m.asked).toEqual(["sum#1", "sum#2", "sum#3"]);
      await expect(runs.failing.enqueue({}, { idempotencyKey: "order:42" })).rejects.toThrow(
        /names a run of agent sum, not failing/,
      );
    });

    it("a run that fails is a result: its job completes with the failed Step, tried once", async () => {
      const events: WorkerEvent[] = [];
      const { runs } = await setUp(model().llm, events);
      const h = await runs.failing.enqueue({});
      const step = await h.result({ timeoutMs: 20_000 });
      expect(step).toMatchObject({ ok: false, fail: { kind: "fail", reason: "no way" } });
      expect(await h.status()).toBe("completed");
      expect(events.map((e) => `${e.type}:${e.attempt}`)).toEqual(["start:1", "end:1"]);
    });

    it("a model unreachable on the first attempt: the run is tried again and resumes from its journal", async () => {
      let down = true;
      const m = model((r) => {
        if (r.turn === 2 && down) {
          down = false;
          throw new LlmError("test: could not reach the model; gave up after 4 attempts");
        }
      });
      const events: WorkerEvent[] = [];
      const { runs } = await setUp(m.llm, events);
      const h = await runs.sum.enqueue({ xs: [5] });
      const step = await h.result({ timeoutMs: 20_000 });
      expect(step).toMatchObject({ ok: true, return: { total: 5 }, usage: { replayedTurns: 1 } });
      expect(m.asked).toEqual(["sum#1", "sum#2", "sum#2", "sum#3"]);
      expect(events.map((e) => `${e.type}:${e.attempt}`)).toEqual(["start:1", "retry:1", "start:2", "end:2"]);
      // The failed attempt's end was never journaled.
      expect((await h.journal()).filter((e) => e.kind === "end")).toHaveLength(1);
    });

    it("a model unreachable on every attempt: the last one completes with the failed Step", async () => {
      const m = model(() => {
        throw new LlmError("test: the model is down");
      });
      const { runs } = await setUp(m.llm);
      const h = await runs.sum.enqueue({ xs: [1] });
      const step = await h.result({ timeoutMs: 20_000 });
      expect(step).toMatchObject({ ok: false, fail: { kind: "llm", reason: "test: the model is down" } });
      expect(m.asked).toEqual(["sum#1", "sum#1"]);
    });

    it("a waiting run cancelled never starts", async () => {
      const m = model();
      const { runs } = await setUp(m.llm);
      const h = await runs.sum.enqueue({ xs: [1] }, { delayMs: 60_000, tenant: "acme" });
      expect(await h.status()).toBe("waiting");
      expect(await h.cancel("not needed")).toBe(true);
      expect(await h.status()).toBe("cancelled");
      expect(await h.result({ timeoutMs: 5000 })).toMatchObject({
        ok: false,
        turns: 0,
        fail: { kind: "cancelled", reason: "not needed" },
      });
      expect(await h.cancel()).toBe(false);
      expect(m.asked).toEqual([]);
    });

    it("an active run cancelled ends cancelled in the turn under way", async () => {
      let asked2!: () => void;
      const atTurn2 = new Promise<void>((r) => (asked2 = r));
      const m = model(async (r) => {
        if (r.turn === 2) {
          asked2();
          await sleep(60_000);
        }
      });
      const { runs } = await setUp(m.llm);
      const h = await runs.sum.enqueue({ xs: [1] });
      await atTurn2;
      expect(await h.status()).toBe("active");
      const t0 = Date.now();
      expect(await h.cancel("stop now")).toBe(true);
      const step = await h.result({ timeoutMs: 10_000 });
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(step).toMatchObject({ ok: false, fail: { kind: "cancelled", reason: "stop now" } });
      expect(await h.status()).toBe("cancelled");
    });

    it("a cancel request only in the journal (its message lost) stops the run at its next turn", async () => {
      let asked2!: () => void;
      const atTurn2 = new Promise<void>((r) => (asked2 = r));
      let go!: () => void;
      const released = new Promise<void>((r) => (go = r));
      const m = model(async (r) => {
        if (r.turn === 2) {
          asked2();
          await released;
        }
      });
      const { runs, backend } = await setUp(m.llm);
      const h = await runs.sum.enqueue({ xs: [1] });
      await atTurn2;
      expect(await requestCancel(backend.journal, h.id, "from the journal")).toBe(true);
      go();
      const step = await h.result({ timeoutMs: 10_000 });
      expect(step).toMatchObject({ ok: false, fail: { kind: "cancelled", reason: "from the journal" } });
      expect(m.asked).toEqual(["sum#1", "sum#2"]);
    });

    it("a deadline that passes fails the run as timeout", async () => {
      const m = model(async () => sleep(300));
      const { runs } = await setUp(m.llm);
      const h = await runs.sum.enqueue({ xs: [1] }, { deadlineMs: 400 });
      expect(await h.result({ timeoutMs: 10_000 })).toMatchObject({ ok: false, fail: { kind: "timeout" } });
    });

    it("result({ timeoutMs }) rejects with a timeout while the run goes on", async () => {
      const { runs } = await setUp(model(async () => sleep(400)).llm);
      const h = await runs.sum.enqueue({ xs: [1] });
      await expect(h.result({ timeoutMs: 100 })).rejects.toMatchObject({ kind: "timeout" });
      expect((await h.result({ timeoutMs: 20_000 })).ok).toBe(true);
    });

    it("a closing worker lets the turn under way finish and hands the run back; another resumes it", async () => {
      let asked1!: () => void;
      const atTurn1 = new Promise<void>((r) => (asked1 = r));
      const m = model(async (r) => {
        if (r.turn === 1) {
          asked1();
          await sleep(200);
        }
      });
      const events: WorkerEvent[] = [];
      const { runs, worker, backend } = await setUp(m.llm, events);
      const h = await runs.sum.enqueue({ xs: [3] });
      await atTurn1;
      await worker.close();
      expect(events.map((e) => e.type)).toEqual(["start", "requeue"]);
      expect(await h.status()).toBe("waiting");
      expect(m.asked).toEqual(["sum#1"]);
      const next = await startWorker(agents, { backend, llm: m.llm });
      open.push(next);
      expect((await h.result({ timeoutMs: 20_000 })).return).toEqual({ total: 3 });
      expect(m.asked).toEqual(["sum#1", "sum#2", "sum#3"]);
    });

    it("shared limits: a run waiting for its provider's slot says so in its progress", async () => {
      const backend = fresh();
      const runs = createRuns(agents, { backend });
      open.push(runs);
      const m = model(async () => sleep(150));
      const worker = await startWorker(agents, {
        backend,
        llm: m.llm,
        concurrency: 2,
        providers: { "test:suite": { concurrency: 1 } },
      });
      open.push(worker);
      const hs = await Promise.all([runs.sum.enqueue({ xs: [1] }), runs.sum.enqueue({ xs: [2] })]);
      const kinds = hs.map(async (h) => {
        const seen: string[] = [];
        for await (const p of h.progress()) if (p.kind === "waiting") seen.push(`${p.waiting}:${p.key}`);
        return seen;
      });
      for (const h of hs) expect((await h.result({ timeoutMs: 20_000 })).ok).toBe(true);
      expect((await Promise.all(kinds)).flat()).toContain("rate-limit:test:suite");
    });
  });
}
