/**
 * Enum values across the program's boundary (signatures v2): strings in the host,
 * keywords in PTC-Lisp. An agent's input and a tool's result become keywords; a tool's
 * arguments and an agent's return reach the host as strings.
 */
import { describe, expect, it } from "vitest";
import { asTool, defineAgent } from "../../src/agent/index.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { clj } from "./helpers.js";

describe("enum values", () => {
  it("an agent's input arrives as keywords; its return leaves as strings", async () => {
    const agent = defineAgent({
      prompt: "x",
      signature: "(status :enum[open closed], tags [:enum[a b]]) -> {same :bool, back :enum[open closed], kw :bool}",
    });
    const step = await agent.run(
      { status: "open", tags: ["a", "b"] },
      {
        llm: scriptedLlm([
          clj("(return {:same (= data/status :open) :back data/status :kw (every? keyword? data/tags)})"),
        ]),
      },
    );
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ same: true, back: "open", kw: true });
  });

  it("a tool gets strings and its enum results become keywords", async () => {
    const got: unknown[] = [];
    const agent = defineAgent({
      prompt: "x",
      signature: "{on :bool, mode :string}",
      tools: {
        lamp: {
          signature: '(mode "fast"|"slow", level :enum[low high]) -> {state :enum[on off], note :string}',
          fn: (args) => {
            got.push(args);
            return { state: "on", note: "on" };
          },
        },
      },
    });
    const step = await agent.run(
      {},
      {
        llm: scriptedLlm([
          clj("(let [r (tool/lamp {:mode :fast :level :high})] (return {:on (= (:state r) :on) :mode (:note r)}))"),
        ]),
      },
    );
    expect(step.ok).toBe(true);
    expect(got).toEqual([{ mode: "fast", level: "high" }]);
    // `state` became :on; `note`, a plain string, stayed one.
    expect(step.return).toEqual({ on: true, mode: "on" });
  });

  it("a value outside the enum is an input error naming the values", async () => {
    const agent = defineAgent({ prompt: "x", signature: "(status :enum[open closed]) -> :any" });
    // The host's type already refuses it; a caller without types reaches the check.
    // @ts-expect-error "pending" is not one of the enum's values
    const step = await agent.run({ status: "pending" }, { llm: scriptedLlm([clj("(return 1)")]) });
    expect(step.ok).toBe(false);
    expect(JSON.stringify(step)).toContain('status: expected one of :open :closed, got string \\"pending\\"');
  });
});

describe("enum values between agents", () => {
  it("a child agent's enum result reaches the parent's program as a keyword", async () => {
    const child = defineAgent({
      name: "classify",
      description: "Classify",
      prompt: "x",
      signature: "(text :string) -> {label :enum[spam ham]}",
    });
    const parent = defineAgent({ prompt: "x", signature: "{spam :bool}", tools: { classify: asTool(child) } });
    const llm = scriptedLlm([
      clj('(let [r (tool/classify {:text "buy now"})] (return {:spam (= (:label r) :spam)}))'),
      clj("(return {:label :spam})"),
    ]);
    const step = await parent.run({}, { llm });
    expect(step.ok && step.return).toEqual({ spam: true });
  });
});
