/**
 * Typed values reach the host in the signature's spelling (issue 21 §1): validation accepts
 * a key in either spelling (`was-improved` for `was_improved`), so the host must get the
 * field under the name its type has — in a Step's return, in chain, in a child's return as
 * its parent's trace shows it, and in a tool's arguments. Also runOrThrow (§4).
 */
import { describe, expect, it } from "vitest";
import { asTool, chain, defineAgent, runOrThrow, StepFailedError, type ToolContext } from "../../src/index.js";
import { inSignatureSpelling } from "../../src/agent/signature-keys.js";
import { Budget } from "../../src/runtime/budget.js";
import { parseSignature } from "../../src/signature/parse.js";
import { clj, recording } from "./helpers.js";

const meter = (): Budget => new Budget(1_000_000, 5000);

describe("a returned map's keys in the signature's spelling", () => {
  it("{was_improved :bool} with (return {:was-improved false}) gives step.return.was_improved === false", async () => {
    const agent = defineAgent({ prompt: "x", signature: "{was_improved :bool, score :int}" });
    const { llm } = recording([clj("(return {:was-improved false :score 3})")]);
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    expect(step.return.was_improved).toBe(false);
    expect(step.return).toEqual({ was_improved: false, score: 3 });
  });

  it("a signature written with - gets its keys with -", async () => {
    const agent = defineAgent({ prompt: "x", signature: "{next-page :int}" });
    const { llm } = recording([clj('(return {"next_page" 2})')]);
    const step = await agent.run({}, { llm });
    expect(step.ok && step.return).toEqual({ "next-page": 2 });
  });

  it("nested maps and lists, and the order of keys, are kept", async () => {
    const agent = defineAgent({
      prompt: "x",
      signature: "{items [{order_id :int, line_items [{unit_price :float}]}], total_sum :float}",
    });
    const { llm } = recording([
      clj("(return {:total-sum 3.5 :items [{:order-id 1 :line-items [{:unit-price 1.5} {:unit_price 2.0}]}]})"),
    ]);
    const step = await agent.run({}, { llm });
    expect(step.ok && step.return).toEqual({
      total_sum: 3.5,
      items: [{ order_id: 1, line_items: [{ unit_price: 1.5 }, { unit_price: 2 }] }],
    });
    expect(step.ok && Object.keys(step.return as object)).toEqual(["total_sum", "items"]);
  });

  it("chain's step and a child's return (in the parent's trace) are respelled too", async () => {
    const child = defineAgent({
      name: "check",
      description: "Checks",
      prompt: "x",
      signature: "() -> {is_ok :bool}",
    });
    const parent = defineAgent({
      prompt: "x",
      signature: "{all_ok :bool}",
      tools: { check: asTool(child) },
    });
    const { llm } = recording([
      clj("(def r (tool/check {}))\n(return {:all-ok (:is-ok r)})"),
      clj("(return {:is-ok true})"),
    ]);
    const step = await parent.run({}, { llm });
    expect(step.ok && step.return).toEqual({ all_ok: true });
    const call = step.turns[0]!.toolCalls[0]!;
    expect(call.result).toEqual({ is_ok: true });

    const next = defineAgent({ prompt: "x {{all_ok}}", signature: "(all_ok :bool) -> {done_flag :bool}" });
    const chained = await chain(Promise.resolve(step), next, {
      llm: recording([clj("(return {:done-flag data/all_ok})")]).llm,
    });
    expect(chained.ok && chained.return).toEqual({ done_flag: true });
  });

  it("inSignatureSpelling keeps the signature's key when both spellings are there, and shares what it does not change", () => {
    const sig = parseSignature("{a_b :int, c {d :int}}");
    const value = { "a-b": 1, a_b: 2, c: { d: 1 } };
    expect(inSignatureSpelling(sig.output, value, meter())).toBe(value);
    const other = { "a-b": 1, c: { d: 1 } };
    const out = inSignatureSpelling(sig.output, other, meter()) as Record<string, unknown>;
    expect(out).toEqual({ a_b: 1, c: { d: 1 } });
    expect(out["c"]).toBe(other.c);
    // A key named __proto__ stays data.
    const proto = JSON.parse('{"__proto__": {"x": 1}, "a-b": 1}') as Record<string, unknown>;
    const kept = inSignatureSpelling(sig.output, proto, meter()) as Record<string, unknown>;
    expect(Object.keys(kept)).toEqual(["__proto__", "a_b"]);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });
});

describe("a tool's arguments in its signature's spelling", () => {
  it.each([
    ["(max_price :int) -> :int", "(tool/cheap {:max-price 5})", "max_price"],
    ["(max_price :int) -> :int", "(tool/cheap {:max_price 5})", "max_price"],
    ["(max-price :int) -> :int", "(tool/cheap {:max-price 5})", "max-price"],
    ["(max-price :int) -> :int", '(tool/cheap {"max_price" 5})', "max-price"],
  ])("%s called as %s gets %s", async (signature, call, key) => {
    let got: Record<string, unknown> = {};
    const agent = defineAgent({
      prompt: "x",
      signature: ":int",
      tools: {
        cheap: {
          signature,
          fn: (args: Record<string, unknown>, _c: ToolContext) => {
            got = args;
            return 1;
          },
        },
      },
    });
    const step = await agent.run({}, { llm: recording([clj(`(return ${call})`)]).llm });
    expect(step.ok).toBe(true);
    expect(Object.keys(got)).toEqual([key]);
  });
});

describe("runOrThrow", () => {
  const agent = defineAgent({ prompt: "x", signature: "{was_improved :bool}", maxTurns: 1 });

  it("resolves to the typed return value", async () => {
    const out = await runOrThrow(agent, {}, { llm: recording([clj("(return {:was-improved true})")]).llm });
    expect(out.was_improved).toBe(true);
  });

  it("rejects with a StepFailedError that carries the failed Step", async () => {
    const e = await runOrThrow(agent, {}, { llm: recording([clj('(fail "no data")')]).llm }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StepFailedError);
    const err = e as StepFailedError;
    expect(err.kind).toBe("fail");
    expect(err.message).toBe("agent agent failed (fail): no data");
    expect(err.step.ok).toBe(false);
    expect(err.step.turns).toHaveLength(1);
  });
});

describe("respelling through signatures v2 nodes", () => {
  it.each<[string, unknown, unknown]>([
    // a discriminated union: the member the tag names
    [
      '{kind "a", was_set :bool}|{kind "b", next_page :int}',
      { kind: "b", "next-page": 2 },
      { kind: "b", next_page: 2 },
    ],
    // a union without a tag: the first member of the value's shape with fields to respell
    [":int|{next_page :int}", { "next-page": 2 }, { next_page: 2 }],
    [":int|{next_page :int}", 3, 3],
    // enums and literals have no keys
    [':enum[a b]|"c"', "c", "c"],
  ])("%s: %j", (sig, value, expected) => {
    expect(inSignatureSpelling(parseSignature(sig).output, value, meter())).toEqual(expected);
  });
});
