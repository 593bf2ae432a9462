/**
 * ptcc for every platform: the public API without what needs Node's file system and
 * module loader (`loadAgentFile`, which reads agent files and imports tool modules through
 * tsx). Bundlers that target browsers pick this entry through the `browser` export
 * condition; `import "ptcc"` in Node gets src/index.ts, which is this plus the Node-only part.
 * The few features here that touch Node (a JSON Lines trace file, a script file for
 * `loadScript`) fetch its modules when called (src/platform.ts).
 *
 * PTC-Lisp programs go through: read (src/reader) → analyze (src/analyzer) →
 * compile to closures (src/evaluator/compile) → run (src/evaluator) with the runtime's
 * values and builtins (src/runtime). A Session keeps the user namespace between runs.
 */
import { Session, type EvaluateOptions, type SessionOptions } from "./evaluator/session.js";
import type { EvalResult } from "./evaluator/evaluate.js";

export { read, readOne, type ReadResult } from "./reader/read.js";
export type { Form } from "./reader/form.js";
export { Session, type SessionOptions, type EvaluateOptions, type ToolFunction } from "./evaluator/session.js";
export type { EvalResult, EvalSuccess, EvalFailure, PrintMode, ToolCallRecord, Tier } from "./evaluator/evaluate.js";
export { PtcError, formatError, type ErrorKind } from "./diagnostics/error.js";
export { codeFrame } from "./diagnostics/code-frame.js";
export type { Span } from "./diagnostics/span.js";
export type { Warning } from "./diagnostics/warning.js";
export { formatWarning } from "./diagnostics/warning.js";
export { DEFAULT_LIMITS, unlimited, type Limits } from "./runtime/limits.js";
export { prStr, strOf, prStrTruncated } from "./runtime/printer.js";
export { fromHost, toHost, type Json } from "./runtime/convert.js";
export type { Value, PtcFn } from "./runtime/values.js";
export { REGISTRY } from "./runtime/builtins/index.js";

// Signatures: parse, validate (with coercion for inputs), render, schemas, generated validators.
export {
  parseSignature,
  SignatureError,
  validate,
  validateAndCoerce,
  renderSignature,
  renderType,
  compileValidator,
  VALIDATOR_RUNTIME_IMPORT,
  signatureToJsonSchema,
  typeToJsonSchema,
  signatureToTypeScript,
  typeToTypeScript,
  firewallView,
  FIREWALLED,
  parsePlaceholders,
  checkPlaceholders,
  expandTemplate,
  type JsonSchema,
  type JsonSchemaOptions,
  type TypeScriptOptions,
  type FirewallOptions,
  type Placeholder,
  type PlaceholderIssue,
  type Signature,
  type SigType,
  type Field,
  type ParseOptions,
  type NamedTypes,
  type EnumType,
  type LiteralType,
  type UnionType,
  type RefType,
  type Bounds,
  type ValidateOptions,
  type CompileValidatorOptions,
  type RenderOptions,
  type SignatureInput,
  type SignatureOutput,
  type SignatureCheck,
  type ToolArgs,
  type ToolResult,
  type FnLabel,
} from "./signature/index.js";
export {
  formatIssue,
  type ValidationIssue,
  type ValidationMode,
  type ValidationResult,
  type ValidationSuccess,
  type ValidationFailure,
  type IssueCode,
} from "./runtime/validation.js";

// Agents: definitions, the multi-turn loop, tools, agents as tools, chaining, tracing.
export {
  defineAgent,
  defineTool,
  asTool,
  llmTool,
  type LlmToolOptions,
  type LlmQueryOptions,
  type BuiltinTool,
  chain,
  runOrThrow,
  StepFailedError,
  Agent,
  DefinitionError,
  type DefinitionProblem,
  SELF,
  DEFAULT_FORMAT_OPTIONS,
  jsonlTrace,
  combineTraces,
  recordReplies,
  stepToJson,
  formatResult,
  cancelOnCtrlC,
  type CtrlC,
  systemPrompt,
  renderPrompt,
  extractProgram,
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
  type PromptShape,
  type PromptSection,
  type RenderedPrompt,
  type RunOptions,
  type Step,
  type StepBase,
  type StepFailed,
  type StepReturned,
  type StepJson,
  type StepJsonBase,
  type StepJsonFailed,
  type StepJsonReturned,
  type ToolCallTrace,
  type ToolContext,
  type ToolDefinition,
  type ToolControls,
  type ToolFn,
  type ToolSpec,
  type TypedSignature,
  type TypedToolFn,
  type AgentInput,
  type AgentOutput,
  type RunArgs,
  type SignatureLike,
  type ToolArgsOf,
  type ToolOptions,
  type ToolResultOf,
  type ToolsFor,
  type TypedAgentOptions,
  type TypedTool,
  type TraceEvent,
  type TraceSink,
  type TraceOption,
  type TraceTarget,
  type JsonlTrace,
  type TraceView,
  type JsonlTraceOptions,
  type RecordedReply,
  type ReplyRecorder,
  type ToolSource,
  type OpenToolSource,
  type Turn,
  type TurnOutcome,
  type TurnRun,
  type Usage,
  type ResumeOptions,
  type ChunkInfo,
  type RunEvent,
  type RunEventBase,
  type RunEventType,
  type RunStream,
} from "./agent/index.js";
// Frozen agents (docs/compile.md, "Frozen agents"): what a generated module's `xFrozen` runs.
export { runFrozen, type FrozenRunOptions, type ProgramText } from "./agent/frozen-run.js";
export { freezeAgent, FreezeError, type FreezeOptions, type FreezeResult } from "./agent/freeze.js";
export {
  programFileOf,
  programHeader,
  readProgramHeader,
  signatureHash,
  type ProgramHeader,
} from "./agent/frozen-file.js";
export {
  frozenProgram,
  FrozenProgram,
  type FrozenProgramData,
  type FrozenForm,
  type FrozenFactory,
} from "./evaluator/frozen.js";
export type { FrozenValue, EntryKind } from "./evaluator/frozen-value.js";
// Durable runs: the run-level journal and its stores (docs/agents.md, "Durable runs").
export * from "./agent/journal/index.js";
export { PTCC_VERSION } from "./version.js";
// Agent files: NAME.agent.md (YAML front matter + the prompt); loading them is Node-only
// (src/index.ts adds loadAgentFile).
export { parseAgentFile, analyzeAgentFile, type AgentFileAnalysis, type AgentFileSpec } from "./agent-file/parse.js";
export { AgentFileError } from "./agent-file/error.js";
// Language models: the interface, HTTP adapters, the scripted LLM, AI SDK model objects.
export {
  LlmError,
  openAiLlm,
  anthropicLlm,
  scriptedLlm,
  loadScript,
  createLlm,
  parseLlmSpec,
  aiSdkLlm,
  isLanguageModel,
  llmInfo,
  withLlmInfo,
  type LlmInfo,
  type AiSdkLlmOptions,
  type LanguageModelLike,
  type LlmLike,
  type Llm,
  type StreamingLlm,
  type LlmMessage,
  type LlmRegistry,
  type LlmReply,
  type LlmRequest,
  type LlmRetry,
  type LlmRetryOptions,
  isRetryable,
  type LlmUsage,
  type LlmTool,
  type LlmToolCall,
  type FinishReason,
  type OpenAiOptions,
  type MaxTokensField,
  type AnthropicOptions,
  type ScriptedLlm,
  type Script,
  type ScriptReply,
  replayLlm,
  requestHash,
  type ReplayOptions,
  type RecordedRequest,
} from "./llm/index.js";

/** Evaluate a program in a fresh session. */
export function evaluate(source: string, options: SessionOptions & EvaluateOptions = {}): Promise<EvalResult> {
  return new Session(options).evaluate(source, options);
}

/** Evaluate a program that calls no tools, synchronously, in a fresh session. */
export function evaluateSync(source: string, options: SessionOptions & EvaluateOptions = {}): EvalResult {
  return new Session(options).evaluateSync(source, options);
}
