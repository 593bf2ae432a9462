import { describe, expect, it } from "vitest";
import { defineAgent, recordReplies, replayLlm, requestHash } from "../../src/index.js";
import { clj, recording } from "../agent/helpers.js";

const make = (prompt: string) =>
  defineAgent({ name: "sum", prompt, signature: "(xs [:int]) -> :int", maxTurns: 3 });
const REPLIES = [clj("(def s (reduce + data/xs))"), clj("(return s)")];

async function recorded(prompt = "Sum the numbers") {
  const recorder = recordReplies();
  const { llm } = recording(REPLIES);
  const step = await make(prompt).run({ xs: [1, 2, 3] }, { llm, trace: recorder.sink });
  return { step, replies: recorder.replies() };
}

describe("replayLlm", () => {
  it('match "request": each request gets the reply recorded for it', async () => {
    const { step, replies } = await recorded();
    expect(replies.every((r) => r.request?.hash.length === 16)).toBe(true);
    const again = await make("Sum the numbers").run({ xs: [1, 2, 3] }, { llm: replayLlm(replies) });
    expect(again.return).toBe(step.return);
  });

  it("a changed prompt is noticed: the error names the first differing message and shows the lines", async () => {
    const { replies } = await recorded("Sum the numbers");
    const changed = await make("Add up the numbers").run({ xs: [1, 2, 3] }, { llm: replayLlm(replies) });
    expect(changed.failure?.kind).toBe("llm");
    expect(changed.failure?.reason).toMatch(
      /^replay: the request of sum's turn 1 is not in the recording: message 1 \(user\) differs from the recording's:\n/,
    );
    expect(changed.failure?.reason).toContain("- Sum the numbers");
    expect(changed.failure?.reason).toContain("+ Add up the numbers");
  });

  it('match "order" hands the replies out in order, whatever is asked', async () => {
    const { replies } = await recorded("Sum the numbers");
    const step = await make("Add up the numbers").run({ xs: [1, 2, 3] }, { llm: replayLlm(replies, { match: "order" }) });
    expect(step.return).toBe(6);
  });

  it("a recording without requests asks for match order", () => {
    expect(() => replayLlm([{ agent: "a", content: "x" }])).toThrow(/match: "order"/);
  });

  it("requestHash covers the system prompt, every message and its tool calls", () => {
    const base = requestHash("s", [{ role: "user", content: "a" }]);
    expect(requestHash("s", [{ role: "user", content: "a" }])).toBe(base);
    expect(requestHash("t", [{ role: "user", content: "a" }])).not.toBe(base);
    expect(requestHash("s", [{ role: "user", content: "b" }])).not.toBe(base);
    expect(requestHash("s", [{ role: "assistant", content: "a" }])).not.toBe(base);
  });
});
