/**
 * `ptcc trace FILE --chrome OUT.json`: the Chrome trace event format, validated against a
 * JSON Schema of the format's fields (ph, ts, dur, pid, tid and the rest), with one track
 * per run and slices that nest on every track (which viewers require).
 */
import { Ajv } from "ajv";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { chromeTrace, type ChromeTraceEvent } from "../../src/trace-view/chrome.js";
import { buildTrace, type TraceModel } from "../../src/trace-view/model.js";
import { readTrace } from "../../src/trace-view/read.js";
import { recordFailed, recordPmap } from "./recorded.js";

const schema = JSON.parse(readFileSync(join(__dirname, "fixtures", "chrome-trace.schema.json"), "utf8")) as object;
const validate = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true }).compile(
  schema,
);

let pmap: TraceModel;
let failed: TraceModel;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "ptcc-chrome-"));
  pmap = buildTrace(readTrace(await recordPmap(dir), "pmap.jsonl"));
  failed = buildTrace(readTrace(await recordFailed(dir), "failed.jsonl"));
});

type Slice = Extract<ChromeTraceEvent, { ph: "X" }>;
const slices = (events: readonly ChromeTraceEvent[]): Slice[] => events.filter((e): e is Slice => e.ph === "X");

/** Slices of one thread that overlap without one holding the other. */
function badlyNested(events: readonly ChromeTraceEvent[]): string[] {
  const out: string[] = [];
  const byTrack = new Map<string, Slice[]>();
  for (const s of slices(events)) {
    const k = `${s.pid}/${s.tid}`;
    byTrack.set(k, [...(byTrack.get(k) ?? []), s]);
  }
  for (const [track, ss] of byTrack) {
    const sorted = [...ss].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const open: Slice[] = [];
    for (const s of sorted) {
      while (open.length > 0 && open[open.length - 1]!.ts + open[open.length - 1]!.dur <= s.ts) open.pop();
      const parent = open[open.length - 1];
      if (parent !== undefined && s.ts + s.dur > parent.ts + parent.dur + 1e-9) {
        out.push(
          `${track}: ${s.name} [${s.ts}, ${s.ts + s.dur}] crosses ${parent.name} [${parent.ts}, ${parent.ts + parent.dur}]`,
        );
      }
      open.push(s);
    }
  }
  return out;
}

describe("the Chrome trace event format", () => {
  it.each(["pmap", "failed"])("%s: valid against the format's schema, round-tripped through JSON", (name) => {
    const trace = JSON.parse(JSON.stringify(chromeTrace(name === "pmap" ? pmap : failed))) as unknown;
    const ok = validate(trace);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("the schema refuses what the format forbids (so the test above can fail)", () => {
    const good = chromeTrace(failed);
    const first = slices(good.traceEvents)[0]!;
    for (const broken of [
      { ...first, ph: "Q" },
      { ...first, ts: "0" },
      { ...first, dur: undefined },
      { ...first, pid: 1.5 },
      { ...first, tid: undefined },
    ]) {
      expect(validate(JSON.parse(JSON.stringify({ traceEvents: [broken] })))).toBe(false);
    }
  });

  it("one track per run, named after it, in the tree's order; the run's slice holds everything on it", () => {
    const events = chromeTrace(pmap).traceEvents;
    const names = events.filter((e) => e.ph === "M" && e.name === "thread_name").map((e) => [e.tid, e.args["name"]]);
    expect(names).toEqual([
      [1, "research research-00000001"],
      [2, "research research-00000001 ∥2"],
      [3, "research research-00000001 ∥3"],
      [4, "  summarize summarize-00000002"],
      [5, "  summarize summarize-00000003"],
      [6, "  summarize summarize-00000004"],
    ]);
    const runSlices = slices(events).filter((s) => s.cat === "run");
    expect(runSlices.map((s) => s.tid)).toEqual([1, 4, 5, 6]);
    // A run's extra tracks hold only tool calls of its turns, inside the run's time.
    for (const s of slices(events).filter((x) => x.tid === 2 || x.tid === 3)) {
      expect(s.cat).toBe("tool");
      expect(s.ts).toBeGreaterThanOrEqual(runSlices[0]!.ts);
      expect(s.ts + s.dur).toBeLessThanOrEqual(runSlices[0]!.ts + runSlices[0]!.dur);
    }
    for (const run of runSlices) {
      for (const s of slices(events).filter((x) => x.tid === run.tid)) {
        expect(s.ts).toBeGreaterThanOrEqual(run.ts);
        expect(s.ts + s.dur).toBeLessThanOrEqual(run.ts + run.dur + 1e-9);
      }
    }
  });

  it("slices for turns, requests and tool calls, with their times in microseconds", () => {
    const events = slices(chromeTrace(failed).traceEvents);
    expect(events.map((s) => [s.cat, s.name])).toEqual([
      ["run", "triage triage-00000001"],
      ["turn", "turn 1"],
      ["llm", "model scripted-4o"],
      ["tool", "tool/lookup-order"],
      ["turn", "turn 2"],
      ["llm", "model scripted-4o"],
      ["turn", "turn 3"],
      ["llm", "model scripted-4o"],
    ]);
    const call = events.find((s) => s.cat === "tool")!;
    expect(call.dur).toBe(75_000);
    expect(call.args).toEqual({ args: '{"id":42}', error: "order 42 not found" });
    expect(events.find((s) => s.name === "turn 3")!.args).toMatchObject({ outcome: "fail", input: 810, output: 15 });
  });

  it("slices nest on every track: pmap's overlapping tool calls get extra tracks of their run", () => {
    for (const m of [pmap, failed]) expect(badlyNested(chromeTrace(m).traceEvents)).toEqual([]);
    // pmap's three calls ran at once: each on a track of its own.
    const calls = slices(chromeTrace(pmap).traceEvents).filter((s) => s.name === "tool/summarize");
    expect(calls.map((c) => c.tid)).toEqual([1, 2, 3]);
    // Slices that cross are what the check catches.
    const a = { ...calls[0]!, tid: 9 };
    expect(badlyNested([a, { ...a, name: "later", ts: a.ts + 1 }])).toEqual([
      `1/9: later [${a.ts + 1}, ${a.ts + a.dur + 1}] crosses tool/summarize [${a.ts}, ${a.ts + a.dur}]`,
    ]);
  });
});
