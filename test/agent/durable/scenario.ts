/**
 * A durable-run scenario shared by the journal tests: a 6-turn parent agent with a pmap of
 * tool calls, a child agent used as a tool (2 turns, its own tool), a task with a side
 * effect and a clock read. Its model answers by agent and turn, so that a resumed run —
 * whose journaled turns ask nothing — gets the same replies as the uninterrupted one.
 */
import { asTool, defineAgent, type Agent } from "../../../src/agent/index.js";
import type { Llm, LlmRequest } from "../../../src/llm/types.js";
import { clj } from "../helpers.js";

export interface Counters {
  /** Model requests by `agent#turn`. */
  readonly requests: Map<string, number>;
  /** Tool calls by name. */
  readonly calls: Map<string, number>;
  /** The side-effect tool's calls by idempotency key. */
  readonly ledger: Map<string, number>;
}

export function counters(): Counters {
  return { requests: new Map(), calls: new Map(), ledger: new Map() };
}

const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);

export const REPLIES: Readonly<Record<string, readonly string[]>> = {
  boss: [
    clj("(def ids [1 2 3])"),
    clj("(def rows (pmap #(tool/lookup {:id %}) ids))"),
    clj('(def summary (tool/helper {:text (clojure.string/join "," (map :name rows))}))'),
    clj('(def marked (task "mark" (tool/mark {:n (count rows)})))'),
    clj('(def t (System/currentTimeMillis))\n(println "at" (pos? t))'),
    clj("(return {:names (mapv :name rows) :summary (:text summary) :marked (:ok marked) :t t})"),
  ],
  helper: [clj("(def loud (tool/shout {:text data/text}))"), clj("(return {:text (:text loud)})")],
};

/** A model answering from REPLIES by agent and turn, counting its requests. */
export function model(c: Counters): Llm {
  return async (r: LlmRequest) => {
    bump(c.requests, `${r.agent}#${r.turn}`);
    const reply = REPLIES[r.agent]?.[r.turn - 1];
    if (reply === undefined) throw new Error(`no reply for ${r.agent} turn ${r.turn}`);
    return { content: reply, usage: { inputTokens: 100, outputTokens: 10 } };
  };
}

export function boss(c: Counters): Agent<Record<string, never>, unknown> {
  const helper = defineAgent({
    name: "helper",
    prompt: "Shout {{text}}",
    signature: "(text :string) -> {text :string}",
    description: "Shouts the text",
    tools: {
      shout: {
        signature: "(text :string) -> {text :string}",
        fn: async ({ text }: { text: string }) => {
          bump(c.calls, "shout");
          return { text: text.toUpperCase() };
        },
      },
    },
    maxTurns: 3,
  });
  return defineAgent({
    name: "boss",
    prompt: "Collect the names",
    signature: "() -> {names [:string], summary :string, marked :bool, t :int}",
    tools: {
      lookup: {
        signature: "(id :int) -> {id :int, name :string}",
        fn: async ({ id }: { id: number }) => {
          bump(c.calls, "lookup");
          await new Promise((r) => setTimeout(r, 3 - id));
          return { id, name: `n${id}` };
        },
      },
      mark: {
        signature: "(n :int) -> {ok :bool}",
        fn: async (_args: { n: number }, context) => {
          bump(c.calls, "mark");
          bump(c.ledger, context.idempotencyKey);
          return { ok: true };
        },
      },
      helper: asTool(helper),
    },
    maxTurns: 6,
  }) as Agent<Record<string, never>, unknown>;
}
