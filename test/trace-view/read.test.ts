/**
 * Reading trace files: what is not a trace is a clear error; a line that cannot be read is
 * reported with its number and skipped; an event of an unknown type (a newer writer's) is
 * counted and shown, never a crash — for any input (property tests).
 */
import fc from "fast-check";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { defineAgent, memoryJournal, scriptedLlm } from "../../src/index.js";
import { chromeTrace } from "../../src/trace-view/chrome.js";
import { traceHtml } from "../../src/trace-view/html.js";
import { buildTrace } from "../../src/trace-view/model.js";
import { readTrace, traceOfEvents, TraceFileError } from "../../src/trace-view/read.js";
import { renderSummary, renderTurn } from "../../src/trace-view/render-text.js";
import { summarizeTrace } from "../../src/trace-view/summary.js";
import { turnDetail, TurnNotFound } from "../../src/trace-view/turn.js";
import { clj } from "../agent/helpers.js";
import { recordFailed } from "./recorded.js";

let failed = "";
beforeAll(async () => {
  failed = await recordFailed(mkdtempSync(join(tmpdir(), "ptcc-trace-read-")));
});

const lines = (): string[] => failed.split("\n").filter((l) => l !== "");

function fileError(text: string): string {
  try {
    readTrace(text, "t.jsonl");
  } catch (e) {
    if (e instanceof TraceFileError) return e.message;
    throw e;
  }
  throw new Error("read without an error");
}

describe("files that are not traces", () => {
  it.each([
    ["", "t.jsonl is empty: it holds no trace events"],
    ["\n \n\r\n", "t.jsonl is empty: it holds no trace events"],
    ["[1, 2]\n", "t.jsonl is not a ptcc trace: no line is a trace event (line 1 holds an array)"],
    [
      '{"a": 1}\n{"b": 2}\n',
      "t.jsonl is not a ptcc trace: no line is a trace event (line 1 holds an object without type, run and at)",
    ],
    ["# Notes\nsome text\n", "t.jsonl is not a ptcc trace: no line is a trace event (line 1 is not JSON)"],
    ['\n\n"text"\n', "t.jsonl is not a ptcc trace: no line is a trace event (line 3 holds a string)"],
    [
      '{"type": "run_start", "run": "r-1"',
      "t.jsonl is not a ptcc trace: no line is a trace event (line 1 is cut short)",
    ],
    ['{"seq": 0, "kind": "cancel", "reason": "x"}\n', "t.jsonl is a run journal that holds no run (only cancel requests)"],
    [
      '{"type": "tool_call", "run": "r-1", "at": 1}\n',
      "t.jsonl holds no readable trace events: every line was skipped",
    ],
  ])("%j", (text, message) => {
    const hint = message.includes("not a ptcc trace") ? "; give a file written by ptcc run --trace or jsonlTrace" : "";
    expect(fileError(text)).toBe(message + hint);
  });
});

describe("a run journal", () => {
  it("is read as the runs it journaled: turns, replies, programs, tool calls, child runs, the end", async () => {
    const { asTool, scenarioBoss } = await import("./journal-scenario.js");
    void asTool;
    const store = memoryJournal();
    const step = await scenarioBoss().run({}, { llm: scenarioBoss.llm, durable: { store, runKey: "k" } });
    expect(step.ok).toBe(true);
    const text = (await store.load("k")).map((e) => JSON.stringify(e)).join("\n");
    const read = readTrace(text, "k.jsonl");
    expect(read.skipped).toEqual([]);
    const model = buildTrace(read);
    const summary = summarizeTrace(model);
    const top = summary.runs[0]!;
    expect(top).toMatchObject({ agent: "boss", turns: 3, status: "ok", llmRequests: 3, toolCalls: 3 });
    expect(summary.runs.map((r) => r.agent).sort()).toEqual(["boss", "helper"]);
    const out = renderSummary(summary, false);
    expect(out).toContain("boss");
    expect(out).toContain("helper");
    // One turn in full: the program taken from the journaled reply.
    const turn = renderTurn(turnDetail(model, model.roots[0]!, 2), false);
    expect(turn).toContain("(tool/helper {:text");
  });
});

describe("lines that cannot be read", () => {
  it("are reported with their numbers and skipped; the rest is read", () => {
    const ls = lines();
    ls[2] = '{"at": 1, "run": "triage-00000001", "type": "program", "turn"';
    ls[4] = "not json at all";
    const read = readTrace(`${ls.join("\n")}\n`, "t.jsonl");
    expect(read.skipped.map((s) => s.line)).toEqual([3, 5]);
    expect(read.skipped[0]!.reason).toMatch(/^not JSON \(/);
    expect(read.events).toHaveLength(ls.length - 2);
    const summary = summarizeTrace(buildTrace(read));
    expect(summary.skippedLines.map((s) => s.line)).toEqual([3, 5]);
    expect(renderSummary(summary, false)).toMatch(/skipped lines\n {2}line 3: not JSON \(.*\)\n {2}line 5: not JSON/);
  });

  it("a last line cut short (a crashed writer) is reported as truncated", () => {
    const text = failed.trimEnd();
    const read = readTrace(text.slice(0, text.length - 10), "t.jsonl.partial");
    expect(read.skipped).toEqual([
      { line: lines().length, reason: expect.stringMatching(/^truncated: the file ends inside this line/) },
    ]);
    // The run's end was on that line: the run is shown as unfinished.
    expect(summarizeTrace(buildTrace(read)).runs[0]!.status).toBe("unfinished");
  });

  it.each([
    ['{"type": "tool_call", "run": "r", "at": 1, "turn": 1, "tool": "x"}', "a tool_call event without durationMs"],
    [
      '{"type": "result", "run": "r", "at": 1, "turn": "1", "outcome": "error", "feedback": "", "durationMs": 1}',
      "a result event whose turn is not a number",
    ],
    [
      '{"type": "run_end", "run": "r", "at": 1, "ok": false, "turns": 1, "durationMs": 2, "failure": "boom"}',
      "a run_end event whose failure is not {kind, reason}",
    ],
    [
      '{"type": "run_start", "run": "r", "at": 1, "agent": "a", "depth": 0, "parent": 7}',
      "a run_start event whose parent is not a string or null",
    ],
    [
      '{"type": "llm_request", "run": "r", "at": 1e999, "turn": 1, "agent": "a", "messages": []}',
      "an llm_request event without a time (at)",
    ],
    [
      '{"type": "llm_request", "run": "r", "at": 1, "turn": 1, "agent": "a", "messages": [{"role": "user", "content": "x"}, null]}',
      "an llm_request event whose message 2 is not {role, content}",
    ],
    [
      '{"type": "llm_response", "run": "r", "at": 1, "turn": 1, "agent": "a", "durationMs": 1, "finishReason": 5}',
      "an llm_response event whose finishReason is not a string",
    ],
    ['{"type": "checkpoint", "at": 1}', "a checkpoint event without run"],
    [
      '{"type": "compaction", "run": "r", "at": 1, "turn": 2, "strategy": "trim", "dropped": [1], "tokensBefore": 9}',
      "a compaction event without tokensAfter",
    ],
    ['{"run": "r", "at": 1}', "not a trace event (no type)"],
    ["[]", "not a trace event (not a JSON object)"],
  ])("%s is skipped: %s", (line, reason) => {
    const read = readTrace(`${lines()[0]!}\n${line}\n`, "t.jsonl");
    expect(read.skipped).toEqual([{ line: 2, reason }]);
  });

  it("CRLF line ends are read as line ends", () => {
    const read = readTrace(failed.replace(/\n/g, "\r\n"), "t.jsonl");
    expect(read.skipped).toEqual([]);
    expect(read.events).toHaveLength(lines().length);
  });
});

describe("events of unknown types", () => {
  it("are counted by type, kept with the turn or run they name, and shown", () => {
    const ls = lines();
    const extra = [
      '{"at": 1740819600100, "run": "triage-00000001", "type": "checkpoint", "turn": 2, "dropped": 3}',
      '{"at": 1740819600200, "run": "triage-00000001", "type": "checkpoint", "turn": 9}',
      '{"at": 1740819600300, "run": "triage-00000001", "type": "stream_delta", "text": "(fa"}',
      '{"at": 1740819600400, "run": "elsewhere-1", "type": "stream_delta"}',
    ];
    const m = buildTrace(readTrace([...ls, ...extra].join("\n"), "t.jsonl"));
    const s = summarizeTrace(m);
    expect(s.unknownEvents).toEqual([
      { type: "checkpoint", count: 2, firstLine: ls.length + 1 },
      { type: "stream_delta", count: 2, firstLine: ls.length + 3 },
    ]);
    expect(renderSummary(s, false)).toContain("checkpoint ×2 (first at line");
    const d = turnDetail(m, "triage", 2);
    expect(d.otherEvents).toEqual([JSON.parse(extra[0]!)]);
    expect(renderTurn(d, false)).toContain('── events of unknown types (1)\n{"at":1740819600100');
    // A turn the run does not have, or no turn: the run keeps them.
    expect(m.runs.get("triage-00000001")!.other.map((o) => o.type)).toEqual(["checkpoint", "stream_delta"]);
    expect(traceHtml(m)).toContain("of the unknown type checkpoint");
  });

  it("a file of unknown events only is still a trace (a newer writer's), shown with no runs", () => {
    const m = buildTrace(readTrace('{"at": 1, "run": "r-1", "type": "checkpoint"}\n', "t.jsonl"));
    expect(summarizeTrace(m).unknownEvents).toEqual([{ type: "checkpoint", count: 1, firstLine: 1 }]);
    expect(summarizeTrace(m).runs).toEqual([]);
  });
});

describe("the run tree", () => {
  it("a run without its end is unfinished; a child whose parent is not in the file is a root that names it", () => {
    const events = [
      { at: 1000, run: "kid-1", type: "run_start", parent: "gone-1", agent: "kid", depth: 1, input: {} },
      { at: 1010, run: "kid-1", type: "llm_request", turn: 1, agent: "kid", systemHash: "0", messages: [] },
    ];
    const s = summarizeTrace(buildTrace(traceOfEvents(events)));
    expect(s.runs).toMatchObject([{ run: "kid-1", parent: "gone-1", status: "unfinished", turns: 1, llmRequests: 1 }]);
  });

  it("a Step's own events (step.trace) are read as a file's", async () => {
    const agent = defineAgent({ name: "adder", prompt: "Add", signature: "(a :int, b :int) -> :int" });
    const step = await agent.run({ a: 1, b: 2 }, { llm: scriptedLlm([clj("(return (+ data/a data/b))")]) });
    const s = summarizeTrace(buildTrace(traceOfEvents(step.trace, "step")));
    expect(s.runs).toMatchObject([{ agent: "adder", status: "ok", turns: 1, llmRequests: 1, toolCalls: 0 }]);
  });

  it("--turn names a run by id, by the start of one, or by an agent that ran once; else says what there is", () => {
    const m = buildTrace(readTrace(failed, "t.jsonl"));
    expect(turnDetail(m, "triage-00000001", 1).run).toBe("triage-00000001");
    expect(turnDetail(m, "triage-0000", 1).run).toBe("triage-00000001");
    expect(turnDetail(m, "triage", 1).run).toBe("triage-00000001");
    expect(() => turnDetail(m, "triage", 4)).toThrow(
      new TurnNotFound("run triage-00000001 has no turn 4 (it has turns 1–3)"),
    );
    expect(() => turnDetail(m, "triag", 1)).not.toThrow();
    expect(() => turnDetail(m, "traige", 1)).toThrow(
      new TurnNotFound("no run traige in t.jsonl — did you mean triage? (runs: triage-00000001)"),
    );
  });
});

// ── property tests: no input crashes the view ──────────────────────────────────

const KNOWN = ["run_start", "run_end", "llm_request", "llm_response", "program", "result", "tool_call", "compaction"];

/** A field that is usually of the right kind, sometimes anything. */
const field = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: right }, { weight: 1, arbitrary: fc.jsonValue() });

const event = fc.record(
  {
    type: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...KNOWN) }, { weight: 1, arbitrary: fc.string() }),
    run: field(fc.constantFrom("a-1", "b-2", "c-3", "__proto__", "constructor")),
    at: field(fc.integer({ min: 0, max: 2_000_000_000_000 })),
    parent: field(fc.constantFrom(null, "a-1", "b-2", "c-3", "zz-9")),
    agent: field(fc.constantFrom("a", "b", "toString")),
    depth: field(fc.nat(3)),
    turn: field(fc.integer({ min: -1, max: 4 })),
    ok: field(fc.boolean()),
    turns: field(fc.nat(4)),
    durationMs: field(fc.double({ min: -10, max: 1e6, noNaN: true })),
    messages: field(
      fc.array(
        fc.oneof(fc.record({ role: fc.constantFrom("user", "assistant"), content: fc.string() }), fc.jsonValue()),
        { maxLength: 4 },
      ),
    ),
    program: field(fc.option(fc.string())),
    outcome: field(fc.constantFrom("continue", "return", "error", "fail", "invalid")),
    feedback: field(fc.string()),
    tool: field(fc.string({ maxLength: 8 })),
    args: fc.jsonValue(),
    result: fc.jsonValue(),
    usage: field(fc.record({ inputTokens: fc.jsonValue(), outputTokens: fc.nat(), cachedInputTokens: fc.nat() })),
    failure: field(fc.record({ kind: fc.string(), reason: fc.string() })),
    content: field(fc.string()),
    strategy: field(fc.constantFrom("trim", "summary")),
    dropped: field(fc.array(fc.nat(5), { maxLength: 3 })),
    tokensBefore: field(fc.nat()),
    tokensAfter: field(fc.nat()),
    replayed: field(fc.constant(true)),
    continued: field(fc.constant(true)),
    fallback: field(fc.constant(true)),
  },
  { requiredKeys: ["type", "run", "at"] },
);

describe("any input", () => {
  it("lines of any text: an error of the file, or a view; never a crash", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.json(),
            event.map((e) => JSON.stringify(e)),
          ),
          { maxLength: 12 },
        ),
        (ls) => {
          let model;
          try {
            model = buildTrace(readTrace(ls.join("\n"), "t.jsonl"));
          } catch (e) {
            if (e instanceof TraceFileError) return;
            throw e;
          }
          summarizeTrace(model);
          traceHtml(model);
          chromeTrace(model);
          for (const id of model.order) {
            for (const t of model.runs.get(id)!.turns) {
              try {
                renderTurn(turnDetail(model, id, t.index), false);
              } catch (e) {
                // Runs whose ids collide with an agent's name or another's start may be ambiguous.
                if (!(e instanceof TurnNotFound)) throw e;
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("events of every shape: those the reader keeps make a view of every part", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), (events) => {
        const text = events.map((e) => JSON.stringify(e)).join("\n");
        let read;
        try {
          read = readTrace(text, "t.jsonl");
        } catch (e) {
          if (e instanceof TraceFileError) return;
          throw e;
        }
        expect(read.events.length + read.unknown.length + read.skipped.length).toBe(events.length);
        const m = buildTrace(read);
        const s = summarizeTrace(m);
        expect(s.totals.runs).toBe(m.runs.size);
        expect(JSON.parse(JSON.stringify(chromeTrace(m)))).toBeTruthy();
      }),
      { numRuns: 300 },
    );
  });

  it("lines made unreadable in a real trace are exactly the lines reported", () => {
    const ls = lines();
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: ls.length - 1 }), { maxLength: ls.length - 1 }),
        fc.string(),
        (broken, junk) => {
          const copy = [...ls];
          for (const i of broken) copy[i] = `{${junk}`;
          let read;
          try {
            read = readTrace(`${copy.join("\n")}\n`, "t.jsonl");
          } catch (e) {
            // Every event line broken but a few that are not events: nothing to show.
            if (e instanceof TraceFileError) return;
            throw e;
          }
          expect(read.skipped.map((s) => s.line)).toEqual([...broken].sort((a, b) => a - b).map((i) => i + 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("run trees a file can hold", () => {
  const start = (run: string, parent: string | null, at: number): Record<string, unknown> => ({
    at,
    run,
    type: "run_start",
    parent,
    agent: run.split("-")[0],
    depth: 0,
    input: {},
  });

  it("parents in a loop: the earliest run of the loop is a root, every run is shown once", () => {
    const m = buildTrace(
      traceOfEvents([start("a-1", "c-3", 1), start("b-2", "a-1", 2), start("c-3", "b-2", 3), start("d-4", "d-4", 4)]),
    );
    expect(m.order).toEqual(["a-1", "b-2", "c-3", "d-4"]);
    expect([...m.runs.values()].map((r) => [r.id, r.parent, r.depth])).toEqual([
      ["a-1", null, 0],
      ["b-2", "a-1", 1],
      ["c-3", "b-2", 2],
      ["d-4", null, 0],
    ]);
  });

  it("a child run is tied to the call whose arguments are its input, though the clocks disagree by milliseconds", () => {
    const call = (at: number, durationMs: number, title: string): Record<string, unknown> => ({
      at,
      run: "p-1",
      type: "tool_call",
      turn: 1,
      tool: "summarize",
      args: { title },
      result: {},
      durationMs,
    });
    const m = buildTrace(
      traceOfEvents([
        start("p-1", null, 100),
        { at: 101, run: "p-1", type: "llm_request", turn: 1, agent: "p", systemHash: "0", messages: [] },
        { ...start("c-1", "p-1", 110), input: { title: "a" } },
        { ...start("c-2", "p-1", 111), input: { title: "b" } },
        { at: 150, run: "c-2", type: "run_end", ok: true, turns: 0, durationMs: 39 },
        { at: 160, run: "c-1", type: "run_end", ok: true, turns: 0, durationMs: 50 },
        // Started 4 ms after its child by the clock of durations; pmap's order of answers.
        call(152, 38, "b"),
        call(161, 47, "a"),
        { at: 170, run: "p-1", type: "result", turn: 1, outcome: "continue", feedback: "", durationMs: 69 },
      ]),
    );
    expect(m.runs.get("p-1")!.turns[0]!.toolCalls.map((c) => [c.args, c.child])).toEqual([
      [{ title: "b" }, "c-2"],
      [{ title: "a" }, "c-1"],
    ]);
  });

  it("runs nested 20,000 deep: no recursion runs out of stack", () => {
    const events = Array.from({ length: 20_000 }, (_, i) => start(`r-${i}`, i === 0 ? null : `r-${i - 1}`, i));
    const m = buildTrace(traceOfEvents(events));
    const s = summarizeTrace(m);
    expect(s.runs[19_999]!.depth).toBe(19_999);
    expect(renderSummary(s, false).split("\n")[20_003]).toMatch(/^ +└─ …19999 r-19999 +0 +unfinished/);
    expect(JSON.parse(JSON.stringify(chromeTrace(m))).traceEvents.length).toBeGreaterThan(20_000);
    expect(traceHtml(m).length).toBeGreaterThan(0);
  });
});
