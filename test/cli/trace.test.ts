/**
 * `ptcc trace`, run against the built command (`npm install` builds dist/): the summary,
 * --json, --turn, --html and --chrome of a trace written by `ptcc run --trace`, and every
 * error with its exit code.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTrace } from "../../src/trace-view/model.js";
import { readTrace } from "../../src/trace-view/read.js";
import { summarizeTrace } from "../../src/trace-view/summary.js";
import { turnDetail } from "../../src/trace-view/turn.js";
import { recordFailed } from "../trace-view/recorded.js";
import { RESEARCH } from "./example-runs.js";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "ptcc.js");
const dir = mkdtempSync(join(tmpdir(), "ptcc-trace-cli-"));

function ptcc(args: readonly string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: "" },
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

let research = "";
let failed = "";
beforeAll(async () => {
  research = join(dir, "research.jsonl");
  const r = ptcc([...RESEARCH, "--trace", research]);
  expect(r.code).toBe(0);
  failed = file("failed.jsonl", await recordFailed(dir));
});

describe("ptcc trace FILE", () => {
  it("prints the runs as a tree, the slowest calls and requests (a trace of ptcc run --trace)", () => {
    const r = ptcc(["trace", research]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\S+research\.jsonl · 3 runs · 4 turns · 4 model requests · 2 tool calls · /);
    expect(r.out).toMatch(
      /\nruns +turns +outcome +input +cached +output +requests +tool calls +wall\nresearch-[0-9a-f]{8} +2 +ok /,
    );
    expect(r.out).toMatch(/\n├─ summarize-[0-9a-f]{8} +1 +ok /);
    expect(r.out).toMatch(/\n└─ summarize-[0-9a-f]{8} +1 +ok /);
    expect(r.out).toMatch(/\nslowest tool calls\n .* summarize +research-[0-9a-f]{8} turn 1 → summarize-/);
    expect(r.out).toContain("\nslowest model requests\n");
    expect(r.out).not.toMatch(/\x1b\[/);
  });

  it("--json prints the summary as the library makes it", () => {
    const r = ptcc(["trace", failed, "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(summarizeTrace(buildTrace(readTrace(readFileSync(failed, "utf8"), failed))));
  });

  it("failures with their reason and the program of the turn", () => {
    const r = ptcc(["trace", failed]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      '\nfailures\n  ✗ triage-00000001 failed (fail) in turn 3: order 42 does not exist\n      (fail "order 42 does not exist")\n',
    );
  });

  it("colours on a terminal only", () => {
    const tty = spawnSync("script", ["-qec", `${process.execPath} ${BIN} trace ${failed}`, "/dev/null"], {
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: "" },
    });
    if (tty.error !== undefined) return; // no `script` (util-linux) to give the command a terminal
    expect(tty.stdout).toMatch(/\x1b\[31m {2}✗ triage-00000001/);
    expect(ptcc(["trace", failed]).out).not.toMatch(/\x1b\[/);
  });

  it("reports a malformed or truncated line with its number and skips it", () => {
    const lines = readFileSync(failed, "utf8").trimEnd().split("\n");
    const broken = file("broken.jsonl", [...lines.slice(0, 3), "{not json", ...lines.slice(3)].join("\n").slice(0, -5));
    const r = ptcc(["trace", broken]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /\nskipped lines\n {2}line 4: not JSON \(.*\)\n {2}line \d+: truncated: the file ends inside this line/,
    );
    const json = JSON.parse(ptcc(["trace", broken, "--json"]).out) as { skippedLines: { line: number }[] };
    expect(json.skippedLines.map((s) => s.line)).toEqual([4, lines.length + 1]);
    // Writing a page, the skipped lines go to stderr as FILE:LINE.
    const html = ptcc(["trace", broken, "--html", join(dir, "broken.html")]);
    expect(html.code).toBe(0);
    expect(html.err).toContain(`ptcc: ${broken}:4: skipped: not JSON (`);
  });

  it.each([
    ["an empty file", "", /^ptcc: \S+ is empty: it holds no trace events\n$/],
    [
      "a foreign file",
      '{"name": "not a trace"}\n',
      /^ptcc: \S+ is not a ptcc trace: no line is a trace event \(line 1 holds an object without type, run and at\); give a file written by ptcc run --trace or jsonlTrace\n$/,
    ],
    [
      "recorded replies (a script)",
      readFileSync(join(ROOT, "examples/scripts/research.json"), "utf8"),
      /is not a ptcc trace: .*line 1 is not JSON/,
    ],
  ])("%s is a clear error, exit 1", (_name, text, message) => {
    const r = ptcc(["trace", file("x.jsonl", text)]);
    expect(r).toMatchObject({ code: 1, out: "" });
    expect(r.err).toMatch(message);
  });

  it("usage errors exit 2", () => {
    expect(ptcc(["trace", join(dir, "missing.jsonl")])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^ptcc: cannot read \S+missing\.jsonl \(ENOENT\)\n$/),
    });
    expect(ptcc(["trace", failed, "--turn", "triage"])).toMatchObject({
      code: 2,
      err: "ptcc: --turn triage: give RUN:N, e.g. --turn research-3f2a9c1e:2\n",
    });
    expect(ptcc(["trace", failed, "--turn", "triage:0"]).code).toBe(2);
    expect(ptcc(["trace", failed, "--turn", "triage:1", "--html", "x.html"])).toMatchObject({ code: 2 });
    expect(ptcc(["trace", failed, "--html", join(dir, "no", "such", "x.html")])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^ptcc: cannot write --html \S+x\.html \(ENOENT\)\n$/),
    });
    expect(ptcc(["trace"]).code).toBe(2);
  });
});

describe("ptcc trace FILE --turn RUN:N", () => {
  it("prints the turn in full: reply, program, feedback as sent, tool calls with arguments and results", () => {
    const r = ptcc(["trace", failed, "--turn", "triage:1"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("turn 1 of 3 · run triage-00000001 · agent triage (depth 0)\n");
    expect(r.out).toContain("── program\n(def order (tool/lookup-order {:id data/order}))\n(:status order)\n");
    expect(r.out).toMatch(
      /── feedback \(as sent with turn 2's request\)\n<data>\nError: tool\/lookup-order failed: order 42 not found/,
    );
    expect(r.out).toContain('1. lookup-order · 75 ms\n   args:   {"id":42}\n   error:  order 42 not found\n');
  });

  it("--json prints the turn as the library makes it", () => {
    const r = ptcc(["trace", failed, "--turn", "triage-00000001:2", "--json"]);
    expect(JSON.parse(r.out)).toEqual(
      JSON.parse(
        JSON.stringify(turnDetail(buildTrace(readTrace(readFileSync(failed, "utf8"), failed)), "triage-00000001", 2)),
      ),
    );
  });

  it("a turn or run the trace does not hold: exit 1, saying what there is", () => {
    expect(ptcc(["trace", failed, "--turn", "triage:9"])).toMatchObject({
      code: 1,
      err: "ptcc: run triage-00000001 has no turn 9 (it has turns 1–3)\n",
    });
    expect(ptcc(["trace", failed, "--turn", "triaje:1"])).toMatchObject({
      code: 1,
      err: expect.stringContaining("no run triaje in ") as unknown,
    });
    expect(ptcc(["trace", failed, "--turn", "triaje:1"]).err).toContain("did you mean triage? (runs: triage-00000001)");
  });
});

describe("ptcc trace FILE --html OUT --chrome OUT", () => {
  it("writes one self-contained page and the Chrome trace, whole (no .partial left)", () => {
    const html = join(dir, "research.html");
    const chrome = join(dir, "research.chrome.json");
    const r = ptcc(["trace", research, "--html", html, "--chrome", chrome]);
    expect(r).toEqual({ code: 0, out: "", err: "" });
    const page = readFileSync(html, "utf8");
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
    // Nothing outside the page: no script, style sheet, font or image is fetched.
    const markup = page.replace(/<script type="application\/json" id="trace-data">[\s\S]*?<\/script>/, "");
    expect(markup).not.toMatch(/<script[^>]+src=|<link\b|@import|url\(|https?:\/\//);
    expect(existsSync(`${html}.partial`)).toBe(false);
    const trace = JSON.parse(readFileSync(chrome, "utf8")) as { traceEvents: { ph: string; cat?: string }[] };
    expect(trace.traceEvents.filter((e) => e.ph === "X" && e.cat === "run")).toHaveLength(3);
  });
});
