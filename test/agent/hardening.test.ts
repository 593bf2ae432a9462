/**
 * An agent run survives whatever its caller, its model and its tools hand it (issue 13):
 * `run` never throws or rejects; every tool call has a trace event (a tool that never
 * answers, answers late, or throws something that is not an Error); values too deep or
 * too large to write become typed failures and trace previews, never `internal`.
 */
import { describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/define.js";
import type { TraceEvent } from "../../src/agent/trace.js";
import { clj, recording } from "./helpers.js";

function shared(levels: number): unknown {
  let x: unknown = { leaf: 1 };
  for (let i = 0; i < levels; i++) x = { a: x, b: x };
  return x;
}

describe("run never throws", () => {
  it.each([
    [
      "a proxy whose toJSON throws",
      () =>
        new Proxy(
          { a: 1 },
          {
            get: (t, k) => {
              if (k === "toJSON") throw new Error("no JSON");
              return Reflect.get(t, k);
            },
          },
        ),
    ],
    [
      "a proxy whose every trap throws",
      () =>
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("trap");
            },
            get: () => {
              throw new Error("trap");
            },
            getPrototypeOf: () => {
              throw new Error("trap");
            },
          },
        ),
    ],
    [
      "a getter that throws",
      () => ({
        get x(): never {
          throw new Error("getter");
        },
      }),
    ],
    ["data sharing its parts", () => shared(40)],
    ["an array of 2^32-1 items", () => new Array(2 ** 32 - 1)],
    ["an object without a prototype", () => Object.create(null) as unknown],
  ])("with %s in the input, and a sink that throws", async (_, make) => {
    const { llm } = recording([clj("(return 1)")]);
    const agent = defineAgent({ prompt: "Go.", signature: "(data :any) -> :int", maxTurns: 1 });
    const events: TraceEvent[] = [];
    const step = await agent.run(
      { data: make() },
      {
        llm,
        trace: (e) => {
          events.push(e);
          JSON.stringify(e);
          throw new Error("the sink is broken");
        },
      },
    );
    expect(step.failure?.kind ?? "ok").not.toBe("internal");
    expect(events.map((e) => e.type)).toContain("run_end");
    expect(() => JSON.stringify(step.trace)).not.toThrow();
  });

  it("an input that is itself a proxy that throws", async () => {
    const { llm } = recording([clj("(return 1)")]);
    const agent = defineAgent({ prompt: "Go.", signature: "() -> :int", maxTurns: 1 });
    const input = new Proxy({} as Record<string, unknown>, {
      ownKeys: () => {
        throw new Error("trap");
      },
    });
    // Hostile on purpose: the types would refuse it, a JavaScript caller might not.
    const step = await agent.run(input as Record<string, never>, { llm });
    expect(step.ok).toBe(false);
    expect(step.failure?.kind).toBe("input");
  });
});

describe("every tool call has a trace event", () => {
  async function toolEvents(
    fn: () => unknown,
    turnTimeoutMs = 300,
  ): Promise<{ events: TraceEvent[]; calls: TraceEvent[] }> {
    const { llm } = recording([clj("(tool/t {})"), clj("(return 1)")]);
    const agent = defineAgent({
      prompt: "Go.",
      signature: "() -> :int",
      tools: { t: fn },
      maxTurns: 2,
      turnTimeoutMs,
      limits: { timeoutMs: turnTimeoutMs },
    });
    const events: TraceEvent[] = [];
    await agent.run({}, { llm, trace: (e) => void events.push(e) });
    return { events, calls: events.filter((e) => e.type === "tool_call") };
  }

  it.each([
    ["never settles", () => new Promise(() => {}), "no answer before the turn ended"],
    [
      "settles after the timeout",
      () => new Promise((r) => setTimeout(() => r(1), 600)),
      "no answer before the turn ended",
    ],
    [
      "throws an object without a prototype",
      () => {
        throw Object.create(null) as unknown;
      },
      "a value that cannot be shown",
    ],
    [
      "throws an Error whose message getter throws",
      () => {
        const e = new Error("x");
        Object.defineProperty(e, "message", {
          get: () => {
            throw new Error("getter");
          },
        });
        throw e;
      },
      "a value that cannot be shown",
    ],
    ["throws a string", () => Promise.reject("plain text"), "plain text"],
  ])("a tool that %s", async (_, fn, error) => {
    const { calls, events } = await toolEvents(fn);
    expect(calls).toHaveLength(1);
    expect((calls[0] as { error?: string }).error).toContain(error);
    // The call's event comes before its turn's result.
    const at = events.indexOf(calls[0]!);
    const result = events.findIndex((e) => e.type === "result");
    expect(at).toBeLessThan(result);
    await new Promise((r) => setTimeout(r, 700));
    expect(events.filter((e) => e.type === "tool_call")).toHaveLength(1);
  });
});

describe("a tool result too large to walk in the time left still has its event (issue 27 §3)", () => {
  // Whichever walk the turn's time runs out in — the copy into the program, the search for
  // firewalled values, the copy for the trace — the call has exactly one event, shortened.
  const big: Record<string, number> = {};
  for (let i = 0; i < 1_000_000; i++) big[`k${i}`] = i;
  it.each([300, 1500, 4000])(
    "with %i ms per turn",
    async (ms) => {
      const { llm } = recording([clj("(def r (tool/big {})) (count r)"), clj("(return 1)")]);
      const agent = defineAgent({
        prompt: "Go.",
        signature: "() -> :int",
        tools: { big: () => big },
        maxTurns: 2,
        turnTimeoutMs: ms,
        limits: { timeoutMs: ms },
      });
      const events: TraceEvent[] = [];
      const t0 = performance.now();
      const step = await agent.run({}, { llm, trace: (e) => void events.push(e) });
      expect(step.failure?.kind ?? "ok").not.toBe("internal");
      expect(events.filter((e) => e.type === "tool_call")).toHaveLength(1);
      expect(events.filter((e) => e.type === "result")).toHaveLength(2);
      // Two turns, each within its time (and slack for a loaded machine).
      expect(performance.now() - t0).toBeLessThan(2 * ms + 15_000);
    },
    60_000,
  );
});

describe("values that cannot be written", () => {
  it("an agent returning a 3,000-deep vector: a result event and a typed failure", async () => {
    const { llm } = recording([clj("(return (reduce (fn [a _] [a]) [] (range 3000)))")]);
    const agent = defineAgent({ prompt: "Go.", signature: "() -> :any", maxTurns: 1 });
    const events: TraceEvent[] = [];
    const step = await agent.run({}, { llm, trace: (e) => void events.push(e) });
    expect(step.ok).toBe(false);
    expect(step.failure?.kind).not.toBe("internal");
    expect(step.failure?.reason).toContain("nested more than 1000 levels");
    expect(events.some((e) => e.type === "result")).toBe(true);
  });

  it("a tool result too large is rejected at the boundary, and the trace keeps a preview and its size", async () => {
    const { llm } = recording([clj("(tool/big {})"), clj("(return 1)")]);
    const agent = defineAgent({
      prompt: "Go.",
      signature: "() -> :int",
      tools: { big: () => "x".repeat(20_000_000) },
      maxTurns: 2,
    });
    const events: TraceEvent[] = [];
    const step = await agent.run({}, { llm, trace: (e) => void events.push(e) });
    expect(step.turns[0]!.feedback).toContain("string size limit exceeded");
    const call = events.find((e) => e.type === "tool_call") as { result?: Record<string, string> };
    expect(call.result?.["#size"]).toBe("20000000 characters");
    expect(call.result?.["#truncated"]!.length).toBeLessThan(1_100_000);
  });
});
