/**
 * ptcc — the public API, read as a table of contents.
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
export type { Value } from "./runtime/values.js";
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
  type ValidateOptions,
  type CompileValidatorOptions,
  type RenderOptions,
} from "./signature/index.js";
export {
  formatIssue,
  type ValidationIssue,
  type ValidationMode,
  type ValidationResult,
  type IssueCode,
} from "./runtime/validation.js";

// Agents: definitions, the multi-turn loop, tools, agents as tools, chaining, tracing.
export {
  defineAgent,
  asTool,
  chain,
  Agent,
  SELF,
  DEFAULT_FORMAT_OPTIONS,
  jsonlTrace,
  stepToJson,
  formatResult,
  systemPrompt,
  extractProgram,
  type AgentOptions,
  type AgentDefinition,
  type AgentLike,
  type AgentTool,
  type Failure,
  type FailureKind,
  type FormatOptions,
  type OutputMode,
  type RunOptions,
  type Step,
  type StepJson,
  type ToolCallTrace,
  type ToolContext,
  type ToolDefinition,
  type ToolFn,
  type ToolSpec,
  type TraceEvent,
  type TraceSink,
  type Turn,
  type TurnOutcome,
  type Usage,
} from "./agent/index.js";
// Agent files: NAME.agent.md (YAML front matter + the prompt).
export {
  parseAgentFile,
  loadAgentFile,
  AgentFileError,
  type AgentFileSpec,
  type LoadAgentFileOptions,
} from "./agent-file/index.js";
// Language models: the interface, HTTP adapters, the scripted LLM.
export {
  LlmError,
  openAiLlm,
  anthropicLlm,
  scriptedLlm,
  loadScript,
  createLlm,
  parseLlmSpec,
  type Llm,
  type LlmMessage,
  type LlmRegistry,
  type LlmReply,
  type LlmRequest,
  type LlmUsage,
  type FinishReason,
  type OpenAiOptions,
  type AnthropicOptions,
  type ScriptedLlm,
} from "./llm/index.js";

/** Evaluate a program in a fresh session. */
export function evaluate(source: string, options: SessionOptions & EvaluateOptions = {}): Promise<EvalResult> {
  return new Session(options).evaluate(source, options);
}

/** Evaluate a program that calls no tools, synchronously, in a fresh session. */
export function evaluateSync(source: string, options: SessionOptions & EvaluateOptions = {}): EvalResult {
  return new Session(options).evaluateSync(source, options);
}
