/**
 * The host boundary holds against hostile data (issue 13): input and tool results that
 * share their parts, arrays (and proxies) reporting 2^32-1 items, getters and proxy traps
 * that throw, data past the collection and string limits. Each is a clear, typed error
 * naming where it is, quickly; the conversion counts against the evaluation's steps and
 * time. Values going to traces are copied safely and cut to a preview.
 */
import { describe, expect, it } from "vitest";
import { PtcError } from "../../src/diagnostics/error.js";
import { Session } from "../../src/evaluator/session.js";
import { Budget } from "../../src/runtime/budget.js";
import { fromHost, toJsonSafe } from "../../src/runtime/convert.js";

const QUICK_MS = 4_000;

function shared(levels: number): unknown {
  let x: unknown = { leaf: 1 };
  for (let i = 0; i < levels; i++) x = { a: x, b: x };
  return x;
}

function conversionError(x: unknown): PtcError {
  try {
    fromHost(x, { meter: new Budget(20_000_000, 30_000) });
  } catch (e) {
    if (e instanceof PtcError) return e;
    throw e;
  }
  throw new Error("converted without error");
}

describe("host data coming in", () => {
  it.each([
    [
      "an object sharing its parts, 2^40 as a tree, and also a cycle",
      () => {
        const x = shared(40) as Record<string, unknown>;
        x["self"] = x;
        return x;
      },
      "type",
      "data is nested more than 500 levels deep (or is circular) at self.self",
    ],
    [
      "a sparse array of 2^32-1 items",
      () => ({ xs: new Array(2 ** 32 - 1) }),
      "limit",
      "collection size limit exceeded: an array of 4294967295 items (at most 1000000) at xs",
    ],
    [
      "a proxy reporting 2^32-1 items",
      () => new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : Reflect.get(t, k)) }),
      "limit",
      "an array of 4294967295 items",
    ],
    [
      "a 10M-item array",
      () => [new Array(10_000_000).fill(0)],
      "limit",
      "an array of 10000000 items (at most 1000000) at [0]",
    ],
    ["a 50 MB string", () => ({ s: "a".repeat(50_000_000) }), "limit", "a string of 50000000 characters"],
    [
      "a getter that throws",
      () => ({
        get bad(): never {
          throw new Error("no");
        },
      }),
      "type",
      "a property that cannot be read (no) at bad",
    ],
    [
      "a proxy whose traps throw",
      () =>
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("trap");
            },
          },
        ),
      "type",
      "the data cannot be read (trap)",
    ],
    ["a host function", () => ({ f: () => 1 }), null, ""],
  ])("%s: a typed error, quickly", (_, make, kind, message) => {
    const x = make();
    const t0 = performance.now();
    if (kind === null) {
      // Functions are left out of objects (as JSON.stringify does).
      expect(() => fromHost(x)).not.toThrow();
      return;
    }
    const e = conversionError(x);
    expect(e.kind).toBe(kind);
    expect(e.message).toContain(message);
    expect(performance.now() - t0).toBeLessThan(QUICK_MS);
  });

  it("data sharing its parts is converted once per part, and shared in the value", () => {
    const t0 = performance.now();
    const s = new Session({ context: { x: shared(40) } });
    expect(performance.now() - t0).toBeLessThan(QUICK_MS);
    const r = s.evaluateSync("(identical? (:a data/x) (:b data/x))");
    expect(r.ok && r.printed).toBe("true");
    // Walking it whole is what costs: that stops at the step limit.
    const w = s.evaluateSync("(count (tree-seq map? vals data/x))");
    expect(w.ok ? "ok" : w.error.kind).toBe("limit");
  });

  it("a session's input that cannot enter is an error of the constructor", () => {
    expect(() => new Session({ context: { x: new Array(2 ** 32 - 1) } })).toThrow(/collection size limit/);
  });

  it("a tool's answer that cannot enter fails the call, within the evaluation's steps and time", async () => {
    const s = new Session({
      tools: {
        huge: () => new Array(2 ** 32 - 1),
        proxy: () => new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : Reflect.get(t, k)) }),
        big: () => "x".repeat(20_000_000),
      },
      limits: { timeoutMs: 10_000 },
    });
    for (const [tool, message] of [
      ["huge", "collection size limit exceeded"],
      ["proxy", "collection size limit exceeded"],
      ["big", "string size limit exceeded"],
    ] as const) {
      const t0 = performance.now();
      const r = await s.evaluate(`(tool/${tool} {})`);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.kind).toBe("tool");
      expect(r.error.message).toContain(`tool/${tool} returned unusable data`);
      expect(r.error.message).toContain(message);
      expect(performance.now() - t0).toBeLessThan(QUICK_MS);
    }
  });

  it("converting a large answer counts against the evaluation's time", async () => {
    const big: Record<string, number> = {};
    for (let i = 0; i < 1_000_000; i++) big[`k${i}`] = i;
    const s = new Session({ tools: { big: () => big }, limits: { timeoutMs: 50 } });
    const r = await s.evaluate("(count (tool/big {}))");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(["timeout", "limit"]).toContain(r.error.kind);
  });
});

describe("values going to traces (toJsonSafe)", () => {
  it("reads a proxy once and copies it, so that writing the copy cannot throw", () => {
    const p = new Proxy(
      { a: 1 },
      {
        get: (t, k) => {
          if (k === "toJSON") throw new Error("no JSON for you");
          return Reflect.get(t, k);
        },
      },
    );
    const safe = toJsonSafe({ p });
    expect(JSON.stringify(safe)).toBe('{"p":{"a":1}}');
  });

  it("keeps a preview and the size of a value past maxChars", () => {
    expect(toJsonSafe("x".repeat(1000), { maxChars: 10 })).toEqual({
      "#truncated": `"${"x".repeat(9)}…`,
      "#size": "1000 characters",
    });
    const out = toJsonSafe(
      Array.from({ length: 100_000 }, (_, i) => i),
      { maxChars: 100 },
    ) as Record<string, string>;
    expect(out["#size"]).toBe("100000 items");
    expect(out["#truncated"]!.length).toBeLessThan(120);
  });

  it("a host value sharing its parts becomes a marker, quickly", () => {
    const t0 = performance.now();
    const out = toJsonSafe(shared(40), { meter: new Budget(1_000_000, 10_000), maxChars: 1_000_000 });
    expect(performance.now() - t0).toBeLessThan(QUICK_MS);
    expect(JSON.stringify(out).length).toBeLessThan(2_000_000);
  });
});
