/**
 * The summary (`ptcc trace FILE`, and `--json`) and one turn (`--turn`) of traces recorded
 * from real runs with scripted models (recorded.ts), kept as golden files in
 * test/trace-view/golden/. When a change is intended, rerun with UPDATE_GOLDEN=1 and read
 * the diff.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { chromeTrace } from "../../src/trace-view/chrome.js";
import { traceHtml } from "../../src/trace-view/html.js";
import { buildTrace, type TraceModel } from "../../src/trace-view/model.js";
import { readTrace } from "../../src/trace-view/read.js";
import { renderSummary, renderTurn } from "../../src/trace-view/render-text.js";
import { summarizeTrace } from "../../src/trace-view/summary.js";
import { turnDetail } from "../../src/trace-view/turn.js";
import { golden } from "../golden.js";
import {
  recordCompacted,
  recordContinued,
  recordFailed,
  recordFirewalled,
  recordPmap,
  recordResumed,
  SECRETS,
} from "./recorded.js";

const GOLDEN = join(__dirname, "golden");
const dir = mkdtempSync(join(tmpdir(), "ptcc-trace-view-"));

const traces = new Map<string, TraceModel>();
const texts = new Map<string, string>();
const model = (name: string): TraceModel => traces.get(name)!;

beforeAll(async () => {
  const made: [string, string][] = [
    ["pmap", await recordPmap(dir)],
    ["failed", await recordFailed(dir)],
    ["firewalled", await recordFirewalled(dir)],
    ["firewalled-unredacted", await recordFirewalled(dir, false)],
    ["continued", await recordContinued(dir)],
    ["resumed", await recordResumed(dir)],
    ["compacted", await recordCompacted(dir)],
  ];
  for (const [name, text] of made) {
    texts.set(name, text);
    traces.set(name, buildTrace(readTrace(text, `${name}.jsonl`)));
  }
});

describe("the summary of recorded traces", () => {
  it.each(["pmap", "failed", "firewalled", "continued", "resumed", "compacted"])("%s: text and --json", (name) => {
    const summary = summarizeTrace(model(name));
    golden(GOLDEN, `${name}.summary.txt`, renderSummary(summary, false));
    golden(GOLDEN, `${name}.summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
  });

  it("the multi-agent run: three children in the parent's first turn, each tied to its tool call", () => {
    const s = summarizeTrace(model("pmap"));
    expect(s.runs.map((r) => [r.agent, r.depth, r.parent])).toEqual([
      ["research", 0, null],
      ["summarize", 1, "research-00000001"],
      ["summarize", 1, "research-00000001"],
      ["summarize", 1, "research-00000001"],
    ]);
    expect(s.runs[0]!.children).toEqual(s.runs.slice(1).map((r) => r.run));
    const research = model("pmap").runs.get(s.runs[0]!.run)!;
    const first = research.turns[0]!;
    expect(first.children).toEqual(s.runs[0]!.children);
    // Each pmap call started the child whose input is its arguments.
    for (const call of first.toolCalls) {
      expect(call.child).toBeDefined();
      expect(model("pmap").runs.get(call.child!)!.input).toEqual(call.args);
    }
    // Tokens per run are the run's own; the totals add them up.
    expect(s.totals.tokens.input).toBe(s.runs.reduce((n, r) => n + r.tokens.input, 0));
    expect(s.slowest.toolCalls).toHaveLength(5);
    expect(s.slowest.toolCalls.map((c) => c.durationMs)).toEqual(
      [...s.slowest.toolCalls.map((c) => c.durationMs)].sort((a, b) => b - a),
    );
  });

  it("the failed run: its reason, kind and the program of the turn it failed in", () => {
    const s = summarizeTrace(model("failed"));
    expect(s.failures).toEqual([
      {
        run: "triage-00000001",
        agent: "triage",
        kind: "fail",
        reason: "order 42 does not exist",
        turn: 3,
        program: '(fail "order 42 does not exist")',
      },
    ]);
    expect(s.runs[0]!.errorTurns).toBe(2);
    expect(s.slowest.toolCalls[0]!.error).toBe("order 42 not found");
  });

  it("colours only when asked", () => {
    const s = summarizeTrace(model("failed"));
    expect(renderSummary(s, false)).not.toMatch(/\x1b\[/);
    expect(renderSummary(s, true)).toMatch(/\x1b\[31m {2}✗ triage-00000001 failed \(fail\)/);
    const d = turnDetail(model("failed"), "triage", 2);
    expect(renderTurn(d, false)).not.toMatch(/\x1b\[/);
    expect(renderTurn(d, true)).toMatch(/\x1b\[1m/);
  });
});

describe("runs that go on", () => {
  it("a run continued from its end is one run whose turns go on, its parts' times added up", () => {
    const [run] = summarizeTrace(model("continued")).runs;
    expect(run).toMatchObject({ status: "ok", turns: 4, llmRequests: 4, continued: 1, wallMs: 800 });
    // The first part's input stays (the continuation's run_start has none).
    expect(model("continued").runs.get(run!.run)!.input).toEqual({ tickets: expect.any(Array) });
  });

  it("a resumed run's turns taken from its journal are marked replayed, and their requests are not counted", () => {
    const s = summarizeTrace(model("resumed"));
    expect(s.runs[0]).toMatchObject({ turns: 2, llmRequests: 1, replayedTurns: 1 });
    expect(s.slowest.llmRequests.map((q) => q.turn)).toEqual([2]);
    expect(turnDetail(model("resumed"), "tickets", 1).replayed).toBe(true);
    expect(turnDetail(model("resumed"), "tickets", 2).replayed).toBeUndefined();
  });
});

describe("long runs", () => {
  it("compactions are shown with the turn whose request they shortened; a last value that answered is said so", () => {
    const s = summarizeTrace(model("compacted"));
    expect(s.runs[0]).toMatchObject({ status: "ok", answer: "fallback", turns: 5, compactions: expect.any(Number) });
    const compacted = [...model("compacted").runs.values()][0]!.turns.filter((t) => t.compactions.length > 0);
    expect(compacted.length).toBe(s.runs[0]!.compactions);
    const d = turnDetail(model("compacted"), "counter", compacted[0]!.index);
    expect(renderTurn(d, false)).toMatch(/\nconversation compacted before this request \(trim\): turns? \d/);
    // The feedback is still read from after the last reply the request holds.
    const before = turnDetail(model("compacted"), "counter", compacted[0]!.index - 1);
    expect(before.feedback.sentIn).toBe(compacted[0]!.index);
    expect(before.feedback.text).toContain(";; user/ now:");
  });
});

describe("one turn in full", () => {
  it.each([
    ["firewalled", "contact", 1],
    ["failed", "triage-00000001", 2],
    ["pmap", "research", 1],
    ["resumed", "tickets", 1],
    ["compacted", "counter", 4],
  ] as const)("%s %s:%d", (name, run, turn) => {
    golden(GOLDEN, `${name}.turn-${turn}.txt`, renderTurn(turnDetail(model(name), run, turn), false));
  });

  it("the feedback is the next request's message, exactly as sent (the last turn's notice included)", () => {
    const m = model("failed");
    const run = m.runs.get("triage-00000001")!;
    const d = turnDetail(m, "triage-00000001", 2);
    const sent = run.turns[2]!.requests[0]!.messages!;
    expect(d.feedback.sentIn).toBe(3);
    expect(d.feedback.text).toBe(sent[sent.length - 1]!.content);
    expect(d.feedback.text).toContain("undefined symbol frobnicate");
    expect(d.feedback.text).toMatch(/last turn/);
    // The last turn has no next request: what it recorded ("" — it ended the run).
    expect(turnDetail(m, "triage", 3).feedback).toEqual({ text: "", sentIn: null });
  });

  it("a turn that ended the run has no feedback, though the run was continued with a new message", () => {
    const d = turnDetail(model("continued"), "tickets", 2);
    expect(d.outcome).toBe("return");
    expect(d.feedback).toEqual({ text: "", sentIn: null });
    expect(turnDetail(model("continued"), "tickets", 3).feedback.text).not.toContain("and now only the urgent ones");
  });
});

describe("firewalled values stay hidden", () => {
  it.each(["firewalled", "firewalled-unredacted"])(
    "%s: in the summary, every turn, the page and the Chrome trace",
    (name) => {
      const m = model(name);
      const shown = [
        renderSummary(summarizeTrace(m), false),
        JSON.stringify(summarizeTrace(m)),
        ...[1, 2].map(
          (n) => JSON.stringify(turnDetail(m, "contact", n)) + renderTurn(turnDetail(m, "contact", n), false),
        ),
        traceHtml(m),
        JSON.stringify(chromeTrace(m)),
      ].join("\n");
      for (const secret of SECRETS) expect(shown).not.toContain(secret);
      expect(shown).toContain("<Firewalled>");
    },
  );

  it("the unredacted file does hold them (so the test above means something)", () => {
    for (const secret of [SECRETS[0], SECRETS[2]]) {
      expect(texts.get("firewalled-unredacted")).toContain(secret);
      expect(texts.get("firewalled")).not.toContain(secret);
    }
  });
});
