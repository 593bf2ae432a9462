/** An LLM that rejects with anything at all ends the run with an `llm` failure, never a hang. */
import { describe, expect, it } from "vitest";
import { defineAgent } from "../../src/agent/define.js";
import type { Llm } from "../../src/llm/types.js";

describe("an LLM that rejects with a value that cannot be shown", () => {
  it.each([
    ["an object without a prototype", () => Object.create(null) as unknown],
    [
      "an object whose toString throws",
      () => ({
        toString(): string {
          throw new Error("no");
        },
      }),
    ],
  ])("%s: the run ends as an llm failure", async (_name, make) => {
    const llm: Llm = () => Promise.reject(make());
    const step = await Promise.race([
      defineAgent({ prompt: "Go." }).run({}, { llm }),
      new Promise<"hung">((r) => setTimeout(() => r("hung"), 2000)),
    ]);
    expect(step).not.toBe("hung");
    if (step === "hung") return;
    expect(step.failure).toEqual({ kind: "llm", reason: "a value that cannot be shown" });
  });
});
