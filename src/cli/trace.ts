/**
 * `ptcc trace FILE [--turn RUN:N] [--html OUT.html] [--chrome OUT.json] [--json]`: see a
 * run from its trace (a JSON Lines file of `ptcc run --trace` or `jsonlTrace`).
 *
 *   read the file → the run tree → the summary | one turn | the page | the Chrome trace
 *
 * Without --html or --chrome it prints the summary (or, with --turn, one turn in full);
 * --json prints the same as one JSON object. Lines it cannot read are reported with
 * their numbers and skipped. Exit codes: 0 shown, 1 the file is empty or not a trace (or
 * the turn is not in it), 2 the command was used wrongly (or a file cannot be read or
 * written).
 */
import { readFileSync } from "node:fs";
import { buildTrace, type TraceModel } from "../trace-view/model.js";
import { readTrace, TraceFileError } from "../trace-view/read.js";
import { renderSummary, renderTurn } from "../trace-view/render-text.js";
import { summarizeTrace } from "../trace-view/summary.js";
import { parseTurnRef, turnDetail, TurnNotFound } from "../trace-view/turn.js";
import { sanitize } from "./sanitize.js";
import { writeAtomically } from "./options.js";
import { UsageError } from "./usage-error.js";

export interface TraceArgs {
  readonly file?: string;
  readonly turn?: unknown;
  readonly html?: unknown;
  readonly chrome?: unknown;
  readonly json?: boolean;
}

/** An option given once, as text (yargs makes an array of a repeated option). */
function textOption(name: string, v: unknown, what: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new UsageError(`give ${name} once`);
  if (v === "") throw new UsageError(`${name} needs ${what}`);
  return v;
}

export async function runTrace(args: TraceArgs): Promise<number> {
  const turnOption = textOption(
    "--turn",
    args.turn,
    "a turn: RUN:N (a run id, or an agent that ran once, and the turn)",
  );
  const htmlOption = textOption("--html", args.html, "a file name (OUT.html)");
  const chromeOption = textOption("--chrome", args.chrome, "a file name (OUT.json)");
  if (args.file === undefined || args.file === "") throw new UsageError("name a trace file: ptcc trace FILE.jsonl");
  const ref = turnOption !== undefined ? parseTurnRef(turnOption) : undefined;
  if (ref === null) throw new UsageError(`--turn ${turnOption!}: give RUN:N, e.g. --turn research-3f2a9c1e:2`);
  if (ref !== undefined && (htmlOption !== undefined || chromeOption !== undefined)) {
    throw new UsageError("--turn prints one turn: give it without --html and --chrome");
  }

  let text: string;
  try {
    text = readFileSync(args.file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(`cannot read ${args.file} (${code})`);
  }
  let model: TraceModel;
  try {
    model = buildTrace(readTrace(text, args.file));
  } catch (e) {
    if (!(e instanceof TraceFileError)) throw e;
    process.stderr.write(`ptcc: ${sanitize(e.message)}\n`);
    return 1;
  }
  const color = process.stdout.isTTY === true && !process.env["NO_COLOR"];

  if (ref !== undefined) {
    warnSkipped(model);
    try {
      const detail = turnDetail(model, ref.run, ref.turn);
      process.stdout.write(args.json === true ? `${JSON.stringify(detail)}\n` : renderTurn(detail, color));
    } catch (e) {
      if (!(e instanceof TurnNotFound)) throw e;
      process.stderr.write(`ptcc: ${sanitize(e.message)}\n`);
      return 1;
    }
    return 0;
  }
  if (htmlOption !== undefined || chromeOption !== undefined) {
    warnSkipped(model);
    if (htmlOption !== undefined) {
      const { traceHtml } = await import("../trace-view/html.js");
      writeAtomically(htmlOption, traceHtml(model), "--html");
    }
    if (chromeOption !== undefined) {
      const { chromeTrace } = await import("../trace-view/chrome.js");
      writeAtomically(chromeOption, `${JSON.stringify(chromeTrace(model))}\n`, "--chrome");
    }
    return 0;
  }
  const summary = summarizeTrace(model);
  process.stdout.write(args.json === true ? `${JSON.stringify(summary)}\n` : renderSummary(summary, color));
  return 0;
}

/** Lines left out, as `ptcc: FILE:LINE: reason` on stderr (the summary lists them itself). */
function warnSkipped(model: TraceModel): void {
  for (const s of model.skipped)
    process.stderr.write(`ptcc: ${sanitize(model.name)}:${s.line}: skipped: ${sanitize(s.reason)}\n`);
}
