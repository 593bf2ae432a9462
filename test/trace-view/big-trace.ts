/**
 * A large trace, made event by event (an agent run of this size would only slow the suite
 * down without showing the page anything new): one run of 200 turns with 5,000 tool calls —
 * one turn makes 1,000 of them at once, as `pmap` does — and a child run every 50 turns.
 */
import type { TraceEvent } from "../../src/agent/trace.js";

const T0 = Date.UTC(2025, 2, 1, 9, 0, 0);

export interface BigTrace {
  readonly text: string;
  readonly run: string;
  readonly turns: number;
  readonly calls: number;
  /** The turn with 1,000 tool calls. */
  readonly wideTurn: number;
}

export function bigTrace(turns = 200, calls = 5000): BigTrace {
  const run = "big-00000001";
  const events: TraceEvent[] = [];
  const wideTurn = 7;
  const wide = Math.min(1000, calls);
  const perTurn = Math.floor((calls - wide) / (turns - 1));
  let extra = calls - wide - perTurn * (turns - 1);
  let t = T0;
  events.push({ at: t, run, type: "run_start", parent: null, agent: "big", depth: 0, input: { pages: turns } });
  for (let n = 1; n <= turns; n++) {
    const start = t;
    events.push({
      at: t,
      run,
      type: "llm_request",
      turn: n,
      agent: "big",
      systemHash: "0123456789abcdef",
      messages: [{ role: "user", content: `turn ${n}` }],
    });
    t += 300 + (n % 7) * 40;
    const program = `;; page ${n}\n(def page-${n} (tool/fetch-page {:n ${n} :q "heat \\"pumps\\""}))\n(println (count (:items page-${n})) :items)`;
    events.push({
      at: t,
      run,
      type: "llm_response",
      turn: n,
      agent: "big",
      content: `Fetching page ${n}.\n\n\`\`\`clojure\n${program}\n\`\`\``,
      usage: { inputTokens: 2000 + n * 40, outputTokens: 60, cachedInputTokens: 1024 },
      model: "scripted-4o",
      durationMs: 300 + (n % 7) * 40,
    });
    events.push({ at: t, run, type: "program", turn: n, program });
    const count = n === wideTurn ? wide : perTurn + (extra-- > 0 ? 1 : 0);
    const callsStart = t;
    for (let i = 0; i < count; i++) {
      // The wide turn's calls run at once; the others one after another.
      const d = 5 + ((i * 7) % 40);
      const end = n === wideTurn ? callsStart + d + (i % 50) : (t += d);
      events.push({
        at: end,
        run,
        type: "tool_call",
        turn: n,
        tool: "fetch-page",
        args: { n, item: i },
        ...(i % 97 === 13 ? { error: "page not found" } : { result: { n, item: i, items: [i, i + 1] } }),
        durationMs: d,
      });
    }
    if (n === wideTurn) t = callsStart + 100;
    if (n % 50 === 0) {
      const child = `helper-${String(n).padStart(8, "0")}`;
      events.push({ at: t, run: child, type: "run_start", parent: run, agent: "helper", depth: 1, input: { n } });
      events.push({ at: t, run: child, type: "llm_request", turn: 1, agent: "helper", systemHash: "1", messages: [] });
      t += 200;
      events.push({
        at: t,
        run: child,
        type: "llm_response",
        turn: 1,
        agent: "helper",
        content: "```clojure\n(return 1)\n```",
        durationMs: 200,
      });
      events.push({ at: t, run: child, type: "program", turn: 1, program: "(return 1)" });
      events.push({
        at: t + 1,
        run: child,
        type: "result",
        turn: 1,
        outcome: "return",
        result: "1",
        feedback: "",
        durationMs: 201,
      });
      events.push({ at: t + 1, run: child, type: "run_end", ok: true, return: 1, turns: 1, durationMs: 201 });
      t += 2;
    }
    t += 5;
    events.push({
      at: t,
      run,
      type: "result",
      turn: n,
      outcome: n === turns ? "return" : "continue",
      result: "nil",
      feedback: n === turns ? "" : `<data>\n${count} :items\n=> nil\n</data>`,
      durationMs: t - start,
    });
  }
  events.push({ at: t, run, type: "run_end", ok: true, return: { pages: turns }, turns, durationMs: t - T0 });
  return { text: `${events.map((e) => JSON.stringify(e)).join("\n")}\n`, run, turns, calls, wideTurn };
}
