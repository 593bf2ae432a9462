/**
 * Conversations that go on (issue 24 §3): `continueFrom` a finished run with a new
 * message — the same conversation and namespace, a fresh turn budget, a Step of its own
 * turns — in the same process, and across processes through a durable run's journal.
 */
import { describe, expect, it } from "vitest";
import { defineAgent, memoryJournal, stepToJson, type StepJson } from "../../src/index.js";
import type { LlmRequest } from "../../src/llm/types.js";
import { clj, lastUser } from "./helpers.js";

const agent = () =>
  defineAgent({
    name: "tickets",
    prompt: "Triage the tickets",
    signature: "(tickets [{id :int, urgent :bool}]) -> {ids [:int]}",
    maxTurns: 3,
  });

const input = { tickets: [{ id: 1, urgent: true }, { id: 2, urgent: false }, { id: 3, urgent: true }] };

/** A model answering by turn number (so a resumed conversation gets the same replies). */
function byTurn(replies: Record<number, string>) {
  const requests: LlmRequest[] = [];
  return {
    requests,
    llm: async (r: LlmRequest) => {
      requests.push(r);
      const reply = replies[r.turn];
      if (reply === undefined) throw new Error(`no reply for turn ${r.turn}`);
      return reply;
    },
  };
}

const REPLIES = {
  1: clj("(def all (mapv :id data/tickets))"),
  2: clj("(return {:ids all})"),
  3: clj("(def urgent (mapv :id (filter :urgent data/tickets)))"),
  4: clj("(return {:ids urgent})"),
};

describe("continueFrom: a conversation that goes on", () => {
  it("continues with the same conversation and namespace; the new Step holds the new turns", async () => {
    const { llm, requests } = byTurn(REPLIES);
    const first = await agent().run(input, { llm });
    expect(first.return).toEqual({ ids: [1, 2, 3] });
    const next = await agent().run(input, { llm, continueFrom: first, message: "and now only the urgent ones" });
    expect(next.ok, JSON.stringify(next.failure)).toBe(true);
    expect(next.return).toEqual({ ids: [1, 3] });
    // Its own turns, numbered after the first run's.
    expect(next.turns.map((t) => t.index)).toEqual([3, 4]);
    expect(next.usage.llmRequests).toBe(2);
    // The request of turn 3 holds the whole conversation: the first turns, the returning reply, the message.
    const r3 = requests.find((r) => r.turn === 3)!;
    expect(r3.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(r3.messages[3]!.content).toBe(REPLIES[2]);
    expect(lastUser(r3)).toBe("and now only the urgent ones");
    expect(r3.system).toBe(requests[0]!.system);
    // The namespace kept the first run's defs.
    expect(next.namespace).toMatchObject({ all: [1, 2, 3], urgent: [1, 3] });
  });

  it("validates the output again: a return that does not match goes back to the model", async () => {
    const { llm } = byTurn({ ...REPLIES, 3: clj('(return {:ids ["x"]})'), 4: clj("(return {:ids [3]})") });
    const first = await agent().run(input, { llm });
    const next = await agent().run(input, { llm, continueFrom: first, message: "only the last" });
    expect(next.turns.map((t) => t.outcome)).toEqual(["invalid", "return"]);
    expect(next.return).toEqual({ ids: [3] });
  });

  it("gives a fresh turn budget", async () => {
    const replies: Record<number, string> = { 1: clj("(return {:ids []})") };
    for (let t = 2; t <= 4; t++) replies[t] = clj(`(def x${t} ${t})`);
    const { llm } = byTurn(replies);
    const first = await agent().run(input, { llm });
    const next = await agent().run(input, { llm, continueFrom: first, message: "go on" });
    expect(next.failure?.kind).toBe("max_turns");
    expect(next.turns).toHaveLength(3);
  });

  it("a continuation has a fresh turn budget and token limit", async () => {
    const { llm } = byTurn(REPLIES);
    const small = defineAgent({ ...agent().definition, maxTurns: 2, turnBudget: 3, tokenLimit: 10 });
    const usage = async (r: LlmRequest) => ({ content: await llm(r), usage: { inputTokens: 4, outputTokens: 1 } });
    const first = await small.run(input, { llm: usage });
    expect(first.ok).toBe(true);
    const next = await small.run(input, { llm: usage, continueFrom: first, message: "urgent ones" });
    expect(next.ok, JSON.stringify(next.failure)).toBe(true);
    expect(next.turns).toHaveLength(2);
  });

  it("only the latest Step of a run can be continued, and only with a message", async () => {
    const { llm } = byTurn(REPLIES);
    const first = await agent().run(input, { llm });
    const second = await agent().run(input, { llm, continueFrom: first, message: "urgent" });
    expect(second.ok).toBe(true);
    const again = await agent().run(input, { llm, continueFrom: first, message: "urgent" });
    expect(again.failure).toEqual({
      kind: "options",
      reason: "invalid run option: continueFrom: the run has gone on since this Step: continue from its latest Step",
    });
    const noMessage = await agent().run(input, { llm, continueFrom: second } as never);
    expect(noMessage.failure?.reason).toBe("invalid run option: continueFrom needs message: the user's next message");
  });

  it("a Step from JSON continues a durable run: the journal replays the run, then it goes on", async () => {
    const store = memoryJournal();
    const a = byTurn(REPLIES);
    const first = await agent().run(input, { llm: a.llm, durable: { store, runKey: "chat-1" } });
    expect(first.ok).toBe(true);
    // Another process: only the Step's JSON and the journal.
    const json = JSON.parse(JSON.stringify(stepToJson(first))) as StepJson;
    const b = byTurn(REPLIES);
    const next = await agent().run(input, {
      llm: b.llm,
      continueFrom: json,
      message: "and now only the urgent ones",
      durable: { store, runKey: "chat-1" },
    });
    expect(next.ok, JSON.stringify(next.failure)).toBe(true);
    expect(next.return).toEqual({ ids: [1, 3] });
    expect(b.requests.map((r) => r.turn)).toEqual([3, 4]);
    // The journal holds the continuation; resuming it replays both segments.
    const entries = await store.load("chat-1");
    expect(entries.filter((e) => e.kind === "continue")).toMatchObject([{ turn: 3, message: "and now only the urgent ones" }]);
    const c = byTurn({});
    const replayed = await agent().resume("chat-1", { store, llm: c.llm });
    expect(replayed.return).toEqual({ ids: [1, 3] });
    expect(c.requests).toHaveLength(0);
  });

  it("a Step from JSON of a run that is not durable is an options failure saying what to pass", async () => {
    const { llm } = byTurn(REPLIES);
    const first = await agent().run(input, { llm });
    const json = JSON.parse(JSON.stringify(stepToJson(first))) as StepJson;
    const next = await agent().run(input, { llm, continueFrom: json, message: "x" });
    expect(next.failure?.kind).toBe("options");
    expect(next.failure?.reason).toContain("pass the Step agent.run returned, or durable: { store, runKey }");
  });
});
