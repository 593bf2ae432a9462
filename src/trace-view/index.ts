/**
 * `ptcc/trace-view`: seeing a run from its trace, as `ptcc trace` does, from a program.
 *
 *   read (a file's text, or a Step's events) → the run tree → a summary | one turn | a page | a Chrome trace
 *
 *   import { readTrace, buildTrace, summarizeTrace, traceHtml } from "ptcc/trace-view";
 *   const model = buildTrace(readTrace(readFileSync("run.jsonl", "utf8"), "run.jsonl"));
 *   writeFileSync("run.html", traceHtml(model));
 *
 * Node only (the page's script is fingerprinted with node:crypto). `import "ptcc"` does not
 * load any of it.
 */
export { readTrace, traceOfEvents, TraceFileError } from "./read.js";
export type { TraceRead, LinedEvent, UnknownRecord, SkippedLine } from "./read.js";
export type { TraceFormat, RecordReader, RecordReading } from "./format.js";
export { buildTrace } from "./model.js";
export type { TraceModel, RunView, TurnView, RequestView, ToolCallView, Tokens, RunStatus } from "./model.js";
export { summarizeTrace } from "./summary.js";
export type { TraceSummary, RunSummary, SlowToolCall, SlowRequest, FailureSummary } from "./summary.js";
export { turnDetail, parseTurnRef, TurnNotFound } from "./turn.js";
export type { TurnDetail } from "./turn.js";
export { traceHtml } from "./html.js";
export { chromeTrace } from "./chrome.js";
export type { ChromeTrace, ChromeTraceEvent } from "./chrome.js";
