/**
 * Compaction (issue 22 §1): a long run's context stays bounded — the oldest turns give way
 * to one note, the system prompt, the first message and the newest turns stay, the
 * namespace survives, and no firewalled value gets through.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineAgent, type RunEvent } from "../../src/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { clj, recording } from "./helpers.js";

const chars = (r: LlmRequest): number => r.system.length + r.messages.reduce((n, m) => n + m.content.length, 0);

/** A run of `turns` turns, each printing about `size` characters, then returning what turn 1 defined. */
function longRun(turns: number, size: number) {
  const replies = [clj("(def keep 42)")];
  for (let i = 2; i < turns; i++) replies.push(clj(`(apply str (repeat ${size} "${i % 10}"))`));
  replies.push(clj("(return keep)"));
  return replies;
}

describe("compaction", () => {
  it("trim: old turns give way to a note; the namespace survives; requests stay bounded", async () => {
    const { llm, requests } = recording(longRun(30, 1500));
    const events: RunEvent[] = [];
    const agent = defineAgent({
      prompt: "Work long.",
      signature: ":int",
      maxTurns: 30,
      formatOptions: { feedbackMaxChars: 2000 },
      compaction: { triggerTokens: 6000, keepRecentTurns: 2 },
    });
    const step = await agent.run({}, { llm, onEvent: (e) => events.push(e) });
    expect(step.ok, JSON.stringify(step.failure)).toBe(true);
    expect(step.return).toBe(42);
    expect(step.usage.compactions).toBeGreaterThanOrEqual(2);
    expect(step.usage.compactedTurns).toBeGreaterThan(10);
    // Never above the trigger plus one turn's reply and feedback (~1,700 characters here).
    const max = Math.max(...requests.map(chars));
    expect(max / 3.5).toBeLessThan(6000 + 1700 / 3.5 + 1);
    // The first message and the system prompt never change.
    for (const r of requests) {
      expect(r.system).toBe(requests[0]!.system);
      expect(r.messages[0]!.content).toBe(requests[0]!.messages[0]!.content);
    }
    const last = requests.at(-1)!;
    expect(last.messages[1]!.content).toMatch(/^;; Earlier turns 1-\d+ were dropped to keep this conversation short\. What you defined is kept\.\n;; user\/ now: keep/);
    // Compactions are rare: most requests extend the one before.
    let extended = 0;
    for (let i = 1; i < requests.length; i++) {
      const a = requests[i - 1]!.messages;
      const b = requests[i]!.messages;
      if (a.every((m, j) => j === a.length - 1 || b[j]?.content === m.content)) extended++;
    }
    expect(extended).toBeGreaterThan(requests.length / 2);
    expect(events.filter((e) => e.type === "compaction")).toHaveLength(step.usage.compactions!);
    expect(step.trace.filter((e) => e.type === "compaction").length).toBe(step.usage.compactions);
  });

  it("summary: the note shows the namespace with samples, the last output and the turns left", async () => {
    const replies = [clj("(def rows [{:id 1} {:id 2}])"), clj('(println "seen" (count rows))\n(apply str (repeat 3000 "y"))')];
    for (let i = 0; i < 4; i++) replies.push(clj(`(apply str (repeat 3000 "${i}"))`));
    replies.push(clj("(return (count rows))"));
    const { llm, requests } = recording(replies);
    const step = await defineAgent({
      prompt: "p",
      signature: ":int",
      maxTurns: 8,
      formatOptions: { feedbackMaxChars: 3200 },
      compaction: { strategy: "summary", triggerTokens: 2500, keepRecentTurns: 1 },
    }).run({}, { llm });
    expect(step.return).toBe(2);
    const note = requests.at(-1)!.messages[1]!.content;
    expect(note).toContain(";; === user/ (your prelude) ===");
    expect(note).toContain("rows");
    expect(note).toContain("sample: [{:id 1} {:id 2}]");
    expect(note).toMatch(/;; Turns left: \d+/);
  });

  it("triggerTurns compacts by turn count", async () => {
    const replies = Array.from({ length: 9 }, (_, i) => clj(`(def x${i} ${i})`));
    replies.push(clj("(return x0)"));
    const { llm, requests } = recording(replies);
    const step = await defineAgent({ prompt: "p", signature: ":int", maxTurns: 10, compaction: { triggerTurns: 6, keepRecentTurns: 2 } }).run({}, { llm });
    expect(step.return).toBe(0);
    expect(step.usage.compactions).toBeGreaterThan(0);
    // 1 first message + note + at most 5 kept turns of 2 messages.
    for (const r of requests) expect(r.messages.length).toBeLessThanOrEqual(2 + 2 * 5);
  });

  it("property: never drops the system prompt, the first message or the newest turns; never lets a firewalled value through", async () => {
    const SECRET = "s3cr3t-value-7f2e";
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2500 }), { minLength: 3, maxLength: 14 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom("trim" as const, "summary" as const),
        fc.integer({ min: 1000, max: 3000 }),
        async (sizes, keep, strategy, trigger) => {
          const replies = [clj("(def c (first data/rows))\n(def leak (:_secret c))")];
          for (const n of sizes) replies.push(clj(`(str leak (apply str (repeat ${n} "z")))`));
          replies.push(clj("(return 1)"));
          const { llm, requests } = recording(replies);
          const agent = defineAgent({
            prompt: "p",
            signature: "(rows [{id :int, _secret :string}]) -> :int",
            maxTurns: replies.length,
            formatOptions: { feedbackMaxChars: 3000 },
            compaction: { strategy, triggerTokens: trigger, keepRecentTurns: keep },
          });
          const plain = recording(replies);
          await defineAgent({ ...agent.definition, compaction: false }).run({ rows: [{ id: 1, _secret: SECRET }] }, { llm: plain.llm });
          const step = await agent.run({ rows: [{ id: 1, _secret: SECRET }] }, { llm });
          expect(step.ok).toBe(true);
          requests.forEach((r, i) => {
            const whole = plain.requests[i]!;
            expect(r.system).toBe(whole.system);
            expect(r.messages[0]!.content).toBe(whole.messages[0]!.content);
            // The newest `keep` turns (2 messages each) are those of the run without compaction.
            const k = Math.min(2 * keep, whole.messages.length - 1);
            expect(r.messages.slice(-k).map((m) => m.content)).toEqual(whole.messages.slice(-k).map((m) => m.content));
            expect(JSON.stringify(r)).not.toContain(SECRET);
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});
