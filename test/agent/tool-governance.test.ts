/**
 * Tools under control (issue 23 §1–2): maxToolCalls, toolConcurrency and a tool's own
 * concurrency, timeoutMs, no listener per call, and `cache: true` — with scripted models
 * and counting tools (calls made, most in flight, cached hits).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asTool,
  defineAgent,
  memoryJournal,
  type JournalEntry,
  type JournalStore,
  type ToolContext,
  type ToolDefinition,
} from "../../src/agent/index.js";
import type { RunEvent } from "../../src/agent/events.js";
import type { TraceEvent } from "../../src/agent/trace.js";
import { clj, lastUser, recording } from "./helpers.js";
import type { LlmRequest } from "../../src/llm/types.js";

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The parent's scripted replies, and one fixed reply for every run of agent `child`. */
function routed(replies: readonly string[], child: (r: LlmRequest) => Promise<string> | string) {
  const parent = recording(replies);
  const llm = async (r: LlmRequest) => (r.agent === "child" ? child(r) : parent.llm(r));
  return { llm, requests: parent.requests };
}

/** A tool that counts its calls and the most of them in flight at once. */
function counting(ms = 5, answer: (args: Record<string, unknown>) => unknown = (a) => a["x"] ?? null) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0, seen: [] as unknown[] };
  const fn = async (args: Record<string, unknown>): Promise<unknown> => {
    stats.calls++;
    stats.seen.push(args["x"]);
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      await sleep(ms);
      return answer(args);
    } finally {
      stats.inFlight--;
    }
  };
  return { stats, fn };
}

const pmapOver = (n: number, tool = "f") => `(pmap (fn [i] (tool/${tool} {:x i})) (range ${n}))`;

describe("toolConcurrency", () => {
  it.each([
    { name: "default 8", options: {}, n: 30, max: 8 },
    { name: "toolConcurrency 3", options: { toolConcurrency: 3 }, n: 20, max: 3 },
    { name: "toolConcurrency 1", options: { toolConcurrency: 1 }, n: 6, max: 1 },
    { name: "toolConcurrency 64, fewer calls", options: { toolConcurrency: 64 }, n: 20, max: 20 },
    { name: "the tool's own concurrency 2", options: { toolConcurrency: 16 }, tool: { concurrency: 2 }, n: 12, max: 2 },
    {
      name: "the tool's 5 above the agent's 3",
      options: { toolConcurrency: 3 },
      tool: { concurrency: 5 },
      n: 12,
      max: 3,
    },
  ])("$name: at most $max in flight, results in program order", async ({ options, tool, n, max }) => {
    const { stats, fn } = counting(5);
    const { llm } = recording([clj(`(return ${pmapOver(n)})`)]);
    const agent = defineAgent({ prompt: "go", tools: { f: { fn, ...(tool ?? {}) } }, ...options });
    const step = await agent.run({}, { llm });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(step.return).toEqual([...Array(n).keys()]);
    expect(stats.calls).toBe(n);
    expect(stats.maxInFlight).toBe(max);
    // They start in program order.
    expect(stats.seen).toEqual([...Array(n).keys()]);
  });

  it("one tool at its own limit does not hold up another tool's calls", async () => {
    const log: string[] = [];
    const slow = counting(30, (a) => (log.push(`slow ${String(a["x"])}`), a["x"]));
    const fast = counting(1, (a) => (log.push(`fast ${String(a["x"])}`), a["x"]));
    const program = `(pcalls ${[0, 1, 2].map((i) => `#(tool/slow {:x ${i}})`).join(" ")} ${[0, 1, 2]
      .map((i) => `#(tool/fast {:x ${i}})`)
      .join(" ")})`;
    const { llm } = recording([clj(`(return ${program})`)]);
    const agent = defineAgent({
      prompt: "go",
      tools: { slow: { fn: slow.fn, concurrency: 1 }, fast: fast.fn },
      toolConcurrency: 4,
    });
    const step = await agent.run({}, { llm });
    expect(step.return).toEqual([0, 1, 2, 0, 1, 2]);
    expect(slow.stats.maxInFlight).toBe(1);
    // The fast calls ran beside the first slow one, not after it.
    expect(log).toEqual(["fast 0", "fast 1", "fast 2", "slow 0", "slow 1", "slow 2"]);
  });

  it("an agent used as a tool is in flight under the limit too", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const child = defineAgent({
      name: "child",
      description: "doubles",
      prompt: "double {{x}}",
      signature: "(x :int) -> :int",
      maxTurns: 1,
    });
    const { llm } = routed([clj(`(return (pmap (fn [i] (tool/child {:x i})) (range 6)))`)], async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(10);
      inFlight--;
      return clj("(return (* 2 data/x))");
    });
    const agent = defineAgent({ prompt: "go", tools: { child: asTool(child) }, toolConcurrency: 2 });
    const step = await agent.run({}, { llm });
    expect(step.return).toEqual([0, 2, 4, 6, 8, 10]);
    expect(maxInFlight).toBe(2);
  });

  it("property: for any program and any toolConcurrency the results equal those with no limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("pmap", "pcalls", "map", "nested"),
        async (xs, concurrency, shape) => {
          // Delays from the argument: calls end in another order than they started.
          const tool = (args: Record<string, unknown>) =>
            sleep(Math.abs(Number(args["x"])) % 4).then(() => Number(args["x"]) * 3);
          const data = `[${xs.join(" ")}]`;
          const program = {
            pmap: `(pmap #(tool/f {:x %}) ${data})`,
            pcalls: xs.length === 0 ? "[]" : `(pcalls ${xs.map((x) => `#(tool/f {:x ${x}})`).join(" ")})`,
            map: `(mapv #(tool/f {:x %}) ${data})`,
            nested: `(pmap (fn [x] [(tool/f {:x x}) (first (pmap #(tool/f {:x %}) [x (inc x)]))]) ${data})`,
          }[shape];
          const run = async (toolConcurrency: number) => {
            const { llm } = recording([clj(`(return ${program})`)]);
            return defineAgent({ prompt: "go", tools: { f: tool }, toolConcurrency }).run({}, { llm });
          };
          const [limited, free] = [await run(concurrency), await run(1_000_000)];
          expect(limited.ok).toBe(true);
          expect(limited.return).toEqual(free.return);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("maxToolCalls", () => {
  it("the call past the limit is an error at the call, and the turn's defs roll back", async () => {
    const { stats, fn } = counting(1);
    const { llm, requests } = recording([
      clj(`(def kept 1)\n(pmap (fn [i] (tool/f {:x i})) (range 5))`),
      clj("(return :done)"),
    ]);
    const agent = defineAgent({ prompt: "go", tools: { f: fn }, maxToolCalls: 3, maxTurns: 3 });
    const step = await agent.run({}, { llm });
    expect(stats.calls).toBe(3);
    const feedback = lastUser(requests[1]!);
    expect(feedback).toContain("tool call limit: this program made 3 tool calls (maxToolCalls 3) at 2:15");
    expect(step.turns[0]!.outcome).toBe("error");
    // `kept` was def'd by the failed turn: rolled back.
    expect(feedback).toContain("Nothing this program defined was kept");
    expect(step.namespace).not.toHaveProperty("kept");
  });

  it("counts per program: each turn starts again", async () => {
    const { stats, fn } = counting(0);
    const { llm } = recording([
      clj("(tool/f {:x 1}) (tool/f {:x 2})"),
      clj("(return [(tool/f {:x 3}) (tool/f {:x 4})])"),
    ]);
    const step = await defineAgent({ prompt: "go", tools: { f: fn }, maxToolCalls: 2 }).run({}, { llm });
    expect(step.return).toEqual([3, 4]);
    expect(stats.calls).toBe(4);
  });

  it("an agent used as a tool counts as a call", async () => {
    const child = defineAgent({
      name: "child",
      description: "one",
      prompt: "one",
      maxTurns: 1,
    });
    const { llm, requests } = routed([clj("(tool/child {}) (tool/child {})"), clj("(return 0)")], () =>
      clj("(return 1)"),
    );
    const agent = defineAgent({ prompt: "go", tools: { child: asTool(child) }, maxToolCalls: 1, maxTurns: 2 });
    await agent.run({}, { llm });
    expect(lastUser(requests[1]!)).toContain(
      "tool call limit: this program made 1 tool calls (maxToolCalls 1) at 1:17",
    );
  });

  it("maxToolCalls 0 allows none", async () => {
    const { stats, fn } = counting(0);
    const { llm, requests } = recording([clj("(tool/f {:x 1})"), clj("(return 0)")]);
    await defineAgent({ prompt: "go", tools: { f: fn }, maxToolCalls: 0, maxTurns: 2 }).run({}, { llm });
    expect(stats.calls).toBe(0);
    expect(lastUser(requests[1]!)).toContain("tool call limit: this program made 0 tool calls (maxToolCalls 0)");
  });
});

describe("timeoutMs", () => {
  it("a call past its tool's time is a tool error and its signal aborts, even when the tool never settles", async () => {
    let signal: AbortSignal | undefined;
    const never = (_args: Record<string, unknown>, ctx: ToolContext) => {
      signal = ctx.signal;
      return new Promise(() => undefined);
    };
    const { llm, requests } = recording([clj("(tool/hang {})"), clj("(return 1)")]);
    const agent = defineAgent({ prompt: "go", tools: { hang: { fn: never, timeoutMs: 50 } }, maxTurns: 2 });
    const t0 = performance.now();
    const step = await agent.run({}, { llm });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(lastUser(requests[1]!)).toContain("tool/hang took longer than 50 ms at 1:1");
    expect(signal?.aborted).toBe(true);
    expect(step.turns[0]!.toolCalls[0]).toMatchObject({ name: "hang", error: "tool/hang took longer than 50 ms" });
  });

  it("a call within its time is unaffected", async () => {
    const { fn } = counting(5);
    const { llm } = recording([clj("(return (tool/f {:x 7}))")]);
    const step = await defineAgent({ prompt: "go", tools: { f: { fn, timeoutMs: 2000 } } }).run({}, { llm });
    expect(step.return).toBe(7);
  });
});

describe("no listener per call", () => {
  it("500 calls in flight give no MaxListenersExceededWarning", async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): void => void warnings.push(w);
    process.on("warning", onWarning);
    try {
      let open = 0;
      let most = 0;
      const fn = async (_args: Record<string, unknown>, ctx: ToolContext) => {
        // As fetch does: a listener on the call's own signal.
        ctx.signal.addEventListener("abort", () => undefined, { once: true });
        open++;
        most = Math.max(most, open);
        await sleep(20);
        open--;
        return 1;
      };
      const { llm } = recording([clj(`(return (count ${pmapOver(500)}))`)]);
      const step = await defineAgent({ prompt: "go", tools: { f: fn }, toolConcurrency: 500 }).run({}, { llm });
      expect(step.return).toBe(500);
      expect(most).toBe(500);
      await sleep(10);
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
  });
});

describe("cache", () => {
  function cachedSearch() {
    const stats = { calls: 0 };
    const tool: ToolDefinition = {
      cache: true,
      fn: (args) => {
        stats.calls++;
        if (args["q"] === "boom" && stats.calls === 1) throw new Error("flaky");
        return { hits: [String(args["q"])], n: args["max_n"] ?? null };
      },
    };
    return { stats, tool };
  }

  it.each([
    { name: "the same call in two turns", first: '(tool/search {:q "x"})', second: '(tool/search {:q "x"})', calls: 1 },
    {
      name: "key order",
      first: '(tool/search {:q "x" :max-n 1})',
      second: '(tool/search {:max-n 1 :q "x"})',
      calls: 1,
    },
    { name: "keyword and string keys", first: '(tool/search {:q "x"})', second: '(tool/search {"q" "x"})', calls: 1 },
    {
      name: "- and _ in keys",
      first: '(tool/search {:q "x" :max-n 1})',
      second: '(tool/search {:q "x" :max_n 1})',
      calls: 1,
    },
    {
      name: "1 and 1.0",
      first: '(tool/search {:q "x" :max-n 1})',
      second: '(tool/search {:q "x" :max-n 1.0})',
      calls: 1,
    },
    { name: "other arguments", first: '(tool/search {:q "x"})', second: '(tool/search {:q "y"})', calls: 2 },
    {
      name: "an error is not cached",
      first: '(tool/search {:q "boom"})',
      second: '(tool/search {:q "boom"})',
      calls: 2,
    },
  ])("$name: $calls call(s) of the tool", async ({ first, second, calls }) => {
    const { stats, tool } = cachedSearch();
    const { llm } = recording([clj(first), clj(`(return ${second})`)]);
    const events: RunEvent[] = [];
    const trace: TraceEvent[] = [];
    const step = await defineAgent({ prompt: "go", tools: { search: tool }, maxTurns: 2 }).run(
      {},
      { llm, onEvent: (e) => events.push(e), trace: (e) => trace.push(e) },
    );
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(stats.calls).toBe(calls);
    const last = step.turns[1]!.toolCalls[0]!;
    const hit = calls === 1;
    expect(last.cached).toBe(hit ? true : undefined);
    const results = events.filter((e) => e.type === "tool-result");
    expect(results.at(-1)).toMatchObject(hit ? { cached: true } : {});
    const starts = events.filter((e) => e.type === "tool-call");
    expect(starts.at(-1)).toMatchObject(hit ? { cached: true } : {});
    if (!hit) {
      expect(starts.at(-1)).not.toHaveProperty("cached");
      expect(results.at(-1)).not.toHaveProperty("cached");
      expect(last).not.toHaveProperty("cached");
    }
    expect(trace.filter((e) => e.type === "tool_call").at(-1)).toMatchObject(hit ? { cached: true } : {});
    if (hit) expect(step.return).toEqual(step.turns[0]!.toolCalls[0]!.result);
  });

  it("a tool without cache: true is called every time", async () => {
    const { stats, fn } = counting(0);
    const { llm } = recording([clj("(tool/f {:x 1})"), clj("(return (tool/f {:x 1}))")]);
    await defineAgent({ prompt: "go", tools: { f: fn }, maxTurns: 2 }).run({}, { llm });
    expect(stats.calls).toBe(2);
  });

  it("cached answers do not count toward maxToolCalls", async () => {
    const { stats, tool } = cachedSearch();
    const { llm } = recording([
      clj('(tool/search {:q "a"})\n(return [(tool/search {:q "a"}) (tool/search {:q "a"}) (tool/search {:q "b"})])'),
    ]);
    const step = await defineAgent({ prompt: "go", tools: { search: tool }, maxToolCalls: 2 }).run({}, { llm });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(stats.calls).toBe(2);
  });

  it("child runs share the run's cache", async () => {
    const { stats, tool } = cachedSearch();
    const child = defineAgent({
      name: "child",
      description: "searches",
      prompt: "search",
      tools: { search: tool },
      maxTurns: 1,
    });
    const { llm } = routed([clj('(tool/search {:q "x"})'), clj("(return (tool/child {}))")], () =>
      clj('(return (tool/search {:q "x"}))'),
    );
    const step = await defineAgent({ prompt: "go", tools: { search: tool, child: asTool(child) }, maxTurns: 2 }).run(
      {},
      { llm },
    );
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(stats.calls).toBe(1);
  });

  it("a durable run resumed from any prefix of its journal gives the same Step, cached calls included", async () => {
    const replies = [
      clj('(def a (tool/search {:q "x"}))'),
      clj('(return [a (tool/search {:q "x"}) (tool/search {:q "y"})])'),
    ];
    const agentWith = (tool: ToolDefinition) =>
      defineAgent({ name: "d", prompt: "go", tools: { search: tool }, maxTurns: 2, maxToolCalls: 1 });
    const ref = cachedSearch();
    const store = memoryJournal();
    // Answers by turn: a resumed run asks only for the turns not journaled.
    const llm = async (r: { turn: number }) => replies[r.turn - 1]!;
    const reference = await agentWith(ref.tool).run({}, { llm, durable: { store, runKey: "c" } });
    expect(reference.ok, JSON.stringify(reference.failure)).toBe(true);
    expect(ref.stats.calls).toBe(2);
    const entries = await store.load("c");
    const answers = entries.flatMap((e) => (e.kind === "answers" ? e.answers : []));
    expect(answers.map((a) => a.outcome)).toContainEqual(expect.objectContaining({ cached: true }));
    for (let k = 1; k <= entries.length; k++) {
      const c = cachedSearch();
      const resumed = await agentWith(c.tool).resume("c", { store: await prefix(entries, k, "c"), llm });
      expect(resumed.ok, `prefix ${k}: ${JSON.stringify(resumed.failure)}`).toBe(true);
      expect(resumed.return, `prefix ${k}`).toEqual(reference.return);
    }
  });
});

/** A memory store holding the first `k` entries of `entries`. */
async function prefix(entries: readonly JournalEntry[], k: number, runKey: string): Promise<JournalStore> {
  const store = memoryJournal();
  for (const e of entries.slice(0, k)) await store.append(runKey, e.seq, e);
  return store;
}

describe("what a tool call costs in watchdog stretches", () => {
  it("a run's calls are checked and copied for the trace in the program's stretches, not one each", async () => {
    const { watchdogStretches } = await import("../../src/evaluator/preempt.js");
    const total = (): number => {
      const c = watchdogStretches();
      return c.inspector + c.vm;
    };
    const agent = (n: number) =>
      defineAgent({
        prompt: "go",
        signature: "() -> :int",
        tools: { f: { signature: "(x :int) -> :int", fn: async (a: { x: number }) => a.x } },
        llm: async () => clj(`(return (reduce + (pmap (fn [i] (tool/f {:x i})) (range ${n}))))`),
      });
    const stretches = async (n: number): Promise<number> => {
      const before = total();
      const step = await agent(n).run({});
      expect(step.ok && step.return).toBe((n * (n - 1)) / 2);
      // Every call is traced, with its answer copied.
      expect(step.turns[0]?.toolCalls.length).toBe(n);
      expect(step.trace.filter((e) => e.type === "tool_call").map((e) => (e as { result?: unknown }).result)).toEqual(
        Array.from({ length: n }, (_, i) => i),
      );
      return total() - before;
    };
    // The same number of stretches for 1 call as for 200: none per call.
    expect(await stretches(200)).toBe(await stretches(1));
  });
});
