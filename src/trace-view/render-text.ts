/**
 * The trace in the terminal: the summary (runs as a tree, slowest calls, failures, what
 * was left out) and one turn in full. Colour only when asked (the CLI asks on a TTY);
 * whatever a model, a tool or a trace file wrote is shown with its control characters
 * escaped.
 */
import { sanitize } from "../cli/sanitize.js";
import type { RunSummary, TraceSummary } from "./summary.js";
import { duration, grouped } from "./numbers.js";
import { compactionText, type TurnDetail } from "./turn.js";

interface Paint {
  readonly dim: (s: string) => string;
  readonly bold: (s: string) => string;
  readonly ok: (s: string) => string;
  readonly bad: (s: string) => string;
  readonly warn: (s: string) => string;
}

function paint(color: boolean): Paint {
  const sgr =
    (code: string) =>
    (s: string): string =>
      color && s !== "" ? `\x1b[${code}m${s}\x1b[0m` : s;
  return { dim: sgr("2"), bold: sgr("1"), ok: sgr("32"), bad: sgr("31"), warn: sgr("33") };
}

/** Deeper runs are drawn at this depth, with their own depth written out. */
const MAX_TREE_DEPTH = 16;

const plural = (n: number, one: string, many = `${one}s`): string => `${grouped(n)} ${n === 1 ? one : many}`;

/** Columns padded to their widest cell; `right` columns aligned right. */
function columns(rows: readonly (readonly string[])[], right: readonly boolean[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) =>
    r
      .map((cell, i) => {
        const pad = " ".repeat(widths[i]! - [...cell].length);
        return right[i] === true ? pad + cell : i === r.length - 1 ? cell : cell + pad;
      })
      .join("  ")
      .trimEnd(),
  );
}

function outcomeOf(r: RunSummary): string {
  const status =
    r.status !== "failed" ? r.status : r.failure !== undefined ? `failed: ${sanitize(r.failure.kind)}` : "failed";
  const notes = [
    r.answer === "fallback" ? "the last value, turns ran out" : r.answer === "partial" ? "partial, over budget" : "",
    r.continued !== undefined ? `continued ${r.continued}×` : "",
    r.compactions !== undefined ? `compacted ${r.compactions}×` : "",
    r.replayedTurns !== undefined ? `${plural(r.replayedTurns, "turn")} replayed` : "",
  ].filter((n) => n !== "");
  return notes.length === 0 ? status : `${status} (${notes.join(", ")})`;
}

export function renderSummary(s: TraceSummary, color: boolean): string {
  const p = paint(color);
  const t = s.totals;
  const out: string[] = [];
  out.push(
    p.bold(`${sanitize(s.file)}`) +
      p.dim(
        ` · ${plural(t.runs, "run")} · ${plural(t.turns, "turn")} · ${plural(t.llmRequests, "model request")}` +
          ` · ${plural(t.toolCalls, "tool call")} · ${duration(t.wallMs)}`,
      ),
  );
  out.push(
    p.dim(
      `tokens: ${grouped(t.tokens.input)} input (${grouped(t.tokens.cached)} cached) · ${grouped(t.tokens.output)} output`,
    ),
  );

  // ── runs ──
  const header = ["runs", "turns", "outcome", "input", "cached", "output", "requests", "tool calls", "wall"];
  const rows: string[][] = [header];
  const status: RunSummary["status"][] = [];
  // The tree's lines: for each depth, whether the ancestor there has siblings still to come.
  const open: boolean[] = [];
  const byId = new Map(s.runs.map((r) => [r.run, r]));
  for (const r of s.runs) {
    status.push(r.status);
    const siblings = r.parent === null ? [] : (byId.get(r.parent)?.children ?? []);
    const last = r.depth === 0 || siblings[siblings.length - 1] === r.run;
    open.length = r.depth;
    const shown = Math.min(r.depth, MAX_TREE_DEPTH);
    const lead = open
      .slice(1, shown)
      .map((o) => (o ? "│  " : "   "))
      .join("");
    const branch =
      r.depth === 0 ? "" : `${lead}${last ? "└─ " : "├─ "}${r.depth > MAX_TREE_DEPTH ? `…${r.depth} ` : ""}`;
    open.push(!last);
    rows.push([
      `${branch}${sanitize(r.run)}${r.run.startsWith(`${r.agent}-`) ? "" : ` (${sanitize(r.agent)})`}`,
      grouped(r.turns),
      outcomeOf(r),
      grouped(r.tokens.input),
      grouped(r.tokens.cached),
      grouped(r.tokens.output),
      grouped(r.llmRequests),
      grouped(r.toolCalls),
      duration(r.wallMs),
    ]);
  }
  const lines = columns(rows, [false, true, false, true, true, true, true, true, true]);
  out.push("", p.bold(lines[0]!));
  lines.slice(1).forEach((l, i) => {
    const st = status[i]!;
    out.push(st === "ok" ? l : st === "failed" ? p.bad(l) : p.warn(l));
  });

  // ── slowest ──
  if (s.slowest.toolCalls.length > 0) {
    out.push("", p.bold("slowest tool calls"));
    out.push(
      ...columns(
        s.slowest.toolCalls.map((c) => [
          duration(c.durationMs),
          sanitize(c.tool),
          `${sanitize(c.run)} turn ${c.turn}` +
            (c.child !== undefined ? ` → ${sanitize(c.child)}` : "") +
            (c.error !== undefined ? `  error: ${sanitize(oneLine(c.error))}` : ""),
        ]),
        [true, false, false],
      ).map((l) => `  ${l}`),
    );
  }
  if (s.slowest.llmRequests.length > 0) {
    out.push("", p.bold("slowest model requests"));
    out.push(
      ...columns(
        s.slowest.llmRequests.map((q) => [
          duration(q.durationMs),
          `${sanitize(q.run)} turn ${q.turn}`,
          (q.model !== undefined ? sanitize(q.model) : "") +
            (q.error !== undefined ? `  error: ${sanitize(oneLine(q.error))}` : ""),
        ]),
        [true, false, false],
      ).map((l) => `  ${l}`),
    );
  }

  // ── failures ──
  if (s.failures.length > 0) {
    out.push("", p.bold("failures"));
    for (const f of s.failures) {
      const where = f.turn !== undefined ? ` in turn ${f.turn}` : "";
      out.push(p.bad(`  ✗ ${sanitize(f.run)} failed (${sanitize(f.kind)})${where}: ${sanitize(f.reason)}`));
      if (f.program === null) out.push(p.dim("      (the reply held no program)"));
      else if (f.program !== undefined) for (const l of sanitize(f.program).split("\n")) out.push(`      ${l}`);
    }
  }

  // ── left out ──
  if (s.unknownEvents.length > 0) {
    out.push("", p.bold("events of unknown types (counted, not shown in the tree)"));
    for (const u of s.unknownEvents) {
      out.push(`  ${sanitize(u.type)} ×${grouped(u.count)} (first at line ${u.firstLine})`);
    }
  }
  if (s.skippedLines.length > 0) {
    out.push("", p.warn("skipped lines"));
    for (const l of s.skippedLines) out.push(p.warn(`  line ${l.line}: ${sanitize(l.reason)}`));
  }
  return `${out.join("\n")}\n`;
}

function oneLine(s: string): string {
  const first = s.split("\n")[0]!;
  return first.length < s.length ? `${first} …` : first;
}

/** Up to this many characters a value is shown on one line; longer ones are indented JSON. */
const ONE_LINE_JSON = 100;

/** A value as JSON: on one line when short, else indented (`(none)` for a call without a result). */
function json(v: unknown): string {
  if (v === undefined) return "(none)";
  const flat = JSON.stringify(v) ?? String(v);
  return flat.length <= ONE_LINE_JSON ? flat : (JSON.stringify(v, null, 2) ?? flat);
}

function indent(text: string, pad: string): string {
  return text
    .split("\n")
    .map((l) => (l === "" ? l : pad + l))
    .join("\n");
}

export function renderTurn(d: TurnDetail, color: boolean): string {
  const p = paint(color);
  const out: string[] = [];
  const outcome =
    d.outcome === undefined ? "did not end" : d.errorKind !== undefined ? `${d.outcome} (${d.errorKind})` : d.outcome;
  const flags = [d.staticCheck === true ? "rejected by the tool-call check" : "", d.replayed === true ? "replayed" : ""]
    .filter((x) => x !== "")
    .join(", ");
  out.push(
    p.bold(`turn ${d.turn} of ${d.turns} · run ${sanitize(d.run)} · agent ${sanitize(d.agent)} (depth ${d.depth})`),
  );
  const paintOutcome = d.outcome === "return" || d.outcome === "continue" ? p.ok : p.bad;
  out.push(
    `${paintOutcome(outcome)}${flags !== "" ? ` (${flags})` : ""}` +
      p.dim(
        ` · at ${duration(d.startMs)} · ${duration(d.durationMs)} · tokens ${grouped(d.tokens.input)} input` +
          ` (${grouped(d.tokens.cached)} cached) · ${grouped(d.tokens.output)} output`,
      ),
  );
  for (const q of d.requests) {
    const model =
      q.model === undefined
        ? ""
        : ` ${sanitize(q.model)}${q.provider !== undefined ? ` (${sanitize(q.provider)})` : ""}`;
    out.push(
      p.dim(
        `model request${model} · ${duration(q.durationMs)} · tokens ${grouped(q.tokens.input)} input` +
          ` (${grouped(q.tokens.cached)} cached) · ${grouped(q.tokens.output)} output` +
          (q.finishReason !== undefined ? ` · finish ${sanitize(q.finishReason)}` : ""),
      ) + (q.error !== undefined ? p.bad(` · error: ${sanitize(q.error)}`) : ""),
    );
  }
  const section = (title: string, body: string): void => {
    out.push("", p.bold(`── ${title}`), body === "" ? p.dim("(empty)") : sanitize(body));
  };
  for (const c of d.compactions) out.push(p.warn(sanitize(compactionText(c))));
  section("reply", d.reply ?? "(no reply in the trace)");
  section(
    "program",
    d.program === undefined
      ? "(the trace has no program event)"
      : d.program === null
        ? "(the reply held no program)"
        : d.program,
  );
  if (d.result !== undefined) section("output", d.result);
  section(
    d.feedback.sentIn !== null
      ? `feedback (as sent with turn ${d.feedback.sentIn}'s request)`
      : "feedback (as the turn recorded it)",
    d.feedback.text === "" && d.feedback.sentIn === null ? "(none: the run ended with this turn)" : d.feedback.text,
  );
  out.push("", p.bold(`── tool calls (${d.toolCalls.length})`));
  d.toolCalls.forEach((c, i) => {
    out.push(
      `${i + 1}. ${sanitize(c.tool)} · ${duration(c.durationMs)}` +
        (c.child !== undefined ? ` → run ${sanitize(c.child)}` : ""),
    );
    out.push(`${p.dim("   args:   ")}${sanitize(indent(json(c.args), "           ").trimStart())}`);
    if (c.error !== undefined)
      out.push(`${p.bad("   error:  ")}${sanitize(indent(c.error, "           ").trimStart())}`);
    else out.push(`${p.dim("   result: ")}${sanitize(indent(json(c.result), "           ").trimStart())}`);
  });
  if (d.children.length > 0) out.push("", p.bold("── child runs"), ...d.children.map((c) => sanitize(c)));
  if (d.otherEvents.length > 0) {
    out.push("", p.bold(`── events of unknown types (${d.otherEvents.length})`));
    for (const e of d.otherEvents) out.push(sanitize(JSON.stringify(e)));
  }
  return `${out.join("\n")}\n`;
}
