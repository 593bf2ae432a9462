/** Canonical arguments of cached tool calls, and the governor's queue on its own. */
import { describe, expect, it } from "vitest";
import { canonicalArgs, ToolCache } from "../../src/agent/tool-cache.js";
import { ToolGovernor } from "../../src/agent/tool-governor.js";

describe("canonicalArgs", () => {
  it.each([
    ["key order", { a: 1, b: 2 }, { b: 2, a: 1 }],
    ["nested key order", { a: { x: 1, y: [1, { p: 1, q: 2 }] } }, { a: { y: [1, { q: 2, p: 1 }], x: 1 } }],
    ["- and _ in keys", { "max-n": 1 }, { max_n: 1 }],
    ["keyword-like keys", { ":q": "x" }, { q: "x" }],
    ["0 and -0", { n: 0 }, { n: -0 }],
  ])("%s: the same", (_name, a, b) => {
    expect(canonicalArgs(a)).not.toBeNull();
    expect(canonicalArgs(a)).toBe(canonicalArgs(b));
  });

  it.each([
    ["other values", { a: 1 }, { a: 2 }],
    ["a string and a number", { a: "1" }, { a: 1 }],
    ["list order", { a: [1, 2] }, { a: [2, 1] }],
    ["null and a missing key", { a: null }, {}],
    ["a leading _ (firewalled) and a leading -", { _x: 1 }, { "-x": 1 }],
  ])("%s: different", (_name, a, b) => {
    expect(canonicalArgs(a)).not.toBe(canonicalArgs(b));
  });

  it("two keys of one spelling are two arguments: not cached (their answer could be another call's)", () => {
    expect(canonicalArgs({ "a-b": 1, a_b: 2 })).toBeNull();
    expect(canonicalArgs({ n: { "a-b": 1, a_b: 2 } })).toBeNull();
  });

  it("arguments holding a function or a class instance are not cached", () => {
    expect(canonicalArgs({ f: () => 1 })).toBeNull();
    expect(canonicalArgs({ d: new Date(0) })).toBeNull();
  });

  it("arguments larger than the key walk allows are not cached", () => {
    expect(canonicalArgs({ xs: Array.from({ length: 20_000 }, (_, i) => i) })).toBeNull();
  });

  it("ToolCache keeps answers per tool", () => {
    const cache = new ToolCache();
    const a = {};
    const b = {};
    cache.set(a, "k", 1);
    expect(cache.get(a, "k")).toEqual({ value: 1 });
    expect(cache.get(b, "k")).toBeUndefined();
    cache.set(a, "u", undefined);
    expect(cache.get(a, "u")).toEqual({ value: undefined });
  });
});

describe("ToolGovernor", () => {
  it("starts waiting calls in the order they asked, within both limits", async () => {
    const g = new ToolGovernor({ toolConcurrency: 2, signal: new AbortController().signal });
    const started: string[] = [];
    const take = (id: string, tool: string, limit?: number) =>
      g.acquire(tool, limit).then((release) => {
        started.push(id);
        return release;
      });
    const r1 = await take("a1", "a", 1);
    const p2 = take("a2", "a", 1); // waits for a1 (its tool's limit)
    const r3 = await take("b1", "b"); // not held up by a2
    const p4 = take("b2", "b"); // waits: 2 in flight
    expect(started).toEqual(["a1", "b1"]);
    r1();
    const r2 = await p2;
    expect(started).toEqual(["a1", "b1", "a2"]);
    r3();
    const r4 = await p4;
    expect(started).toEqual(["a1", "b1", "a2", "b2"]);
    r2();
    r4();
  });

  it("counts calls up to maxToolCalls, then refuses with a limit error", () => {
    const g = new ToolGovernor({ toolConcurrency: 8, maxToolCalls: 2, signal: new AbortController().signal });
    g.admit();
    g.admit();
    expect(() => g.admit()).toThrow("tool call limit: this program made 2 tool calls (maxToolCalls 2)");
    expect(g.calls).toBe(2);
  });

  it("when the turn ends, waiting calls fail and open calls' signals abort, with one listener on the turn", async () => {
    const turn = new AbortController();
    const g = new ToolGovernor({ toolConcurrency: 1, signal: turn.signal });
    const release = await g.acquire("t");
    const waiting = g.acquire("t");
    const told: unknown[] = [];
    const link = g.link((reason) => told.push(reason));
    turn.abort("turn over");
    await expect(waiting).rejects.toThrow("no answer before the turn ended");
    expect(link.signal.aborted).toBe(true);
    expect(told).toEqual(["turn over"]);
    release();
  });

  it("a call's own abort (its timeout) does not tell the turn's callback", () => {
    const g = new ToolGovernor({ toolConcurrency: 1, signal: new AbortController().signal });
    const told: unknown[] = [];
    const link = g.link((r) => told.push(r));
    link.abort("late");
    expect(link.signal.aborted).toBe(true);
    expect(link.signal.reason).toBe("late");
    expect(told).toEqual([]);
  });
});
