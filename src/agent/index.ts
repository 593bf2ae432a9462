/**
 * Agents: define (define.ts), run (loop.ts: the multi-turn loop; prompt/: what the LLM
 * sees; extract.ts, feedback.ts: its replies and the answers), tools (tools.ts),
 * chaining (chain.ts), tracing (trace.ts), the JSON form of a result (step-json.ts).
 */
export {
  defineAgent,
  defineTool,
  asTool,
  Agent,
  DEFAULT_MAX_TURNS,
  DEFAULT_MAX_DEPTH,
  type ResumeOptions,
} from "./define.js";
export * from "./journal/index.js";
export type { RunEvent, RunEventBase, RunEventType } from "./events.js";
export type { RunStream } from "./stream.js";
export type {
  AgentInput,
  AgentOutput,
  RunArgs,
  SignatureLike,
  ToolArgsOf,
  ToolOptions,
  ToolResultOf,
  ToolsFor,
  TypedAgentOptions,
  TypedTool,
} from "./typed.js";
export { DefinitionError, type DefinitionProblem } from "./definition-error.js";
export { chain } from "./chain.js";
export { llmTool, type LlmToolOptions } from "./llm-tool.js";
export type { LlmQueryOptions } from "./llm-query.js";
export type { BuiltinTool } from "./builtin-tools/index.js";
export { runOrThrow, StepFailedError } from "./run-or-throw.js";
export {
  jsonlTrace,
  combineTraces,
  type JsonlTrace,
  type JsonlTraceOptions,
  type TraceEvent,
  type TraceOption,
  type TraceSink,
  type TraceTarget,
  type TraceView,
} from "./trace.js";
export { recordReplies, type RecordedReply, type ReplyRecorder } from "./record.js";
export type { ToolSource, OpenToolSource } from "./tool-source.js";
export {
  stepToJson,
  type StepJson,
  type StepJsonBase,
  type StepJsonFailed,
  type StepJsonReturned,
} from "./step-json.js";
export { formatResult } from "./format-result.js";
export { cancelOnCtrlC, type CtrlC } from "./cancel.js";
export { systemPrompt, DEFAULT_SHAPE, RUN_PROGRAM, type PromptShape, type PromptSection } from "./prompt/system.js";
export { renderPrompt, type RenderedPrompt } from "./render-prompt.js";
export { DATA_OPEN, DATA_CLOSE, envelope, escapeData, unescapeData } from "./envelope.js";
export { extractProgram, extractJson, cleanReply } from "./extract.js";
export {
  SELF,
  DEFAULT_FORMAT_OPTIONS,
  type AgentOptions,
  type AgentDefinition,
  type AgentLike,
  type AgentTool,
  type Failure,
  type FailureKind,
  type FormatOptions,
  type OutputMode,
  type ReferenceLevel,
  type Transport,
  type RunOptions,
  type ChunkInfo,
  type Step,
  type StepBase,
  type StepFailed,
  type StepReturned,
  type ToolCallTrace,
  type ToolContext,
  type ToolControls,
  type ToolDefinition,
  type ToolFn,
  type ToolSpec,
  type TypedSignature,
  type TypedToolFn,
  type Turn,
  type TurnOutcome,
  type TurnRun,
  type Usage,
} from "./types.js";
