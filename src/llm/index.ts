/**
 * LLM adapters: the `Llm` interface, HTTP adapters for OpenAI and Anthropic, the scripted
 * LLM, AI SDK model objects.
 */
export { LlmError, normalizeReply, isTextStream } from "./types.js";
export type {
  FinishReason,
  Llm,
  StreamingLlm,
  LlmMessage,
  LlmRegistry,
  LlmReply,
  LlmRequest,
  LlmRetry,
  LlmTool,
  LlmToolCall,
  LlmUsage,
} from "./types.js";
export { isRetryable, DEFAULT_LLM_RETRY, type LlmRetryOptions } from "./retry.js";
export { abortableSleep, backoffDelay, parseRetryAfter, postJson } from "./http.js";
export type { HttpOptions, JsonPost, Sleep } from "./http.js";
export { OPENAI_DEFAULT_BASE_URL, openAiLlm } from "./openai.js";
export type { MaxTokensField, OpenAiOptions } from "./openai.js";
export { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_VERSION, anthropicLlm } from "./anthropic.js";
export type { AnthropicOptions } from "./anthropic.js";
export { loadScript, parseScript, scriptedLlm } from "./script.js";
export { replayLlm, requestHash, type ReplayOptions, type RecordedRequest } from "./replay.js";
export type { LoadScriptOptions, Script, ScriptReply, ScriptedLlm } from "./script.js";
export { createLlm, parseLlmSpec } from "./resolve.js";
export { aiSdkLlm, isLanguageModel, toLlm, DEFAULT_MAX_OUTPUT_TOKENS } from "./ai-sdk.js";
export type { AiSdkLlmOptions, LlmLike } from "./ai-sdk.js";
export type {
  LanguageModelLike,
  LanguageModelVersion,
  LanguageModelCallOptions,
  LanguageModelResult,
} from "./language-model.js";
export { llmInfo, withLlmInfo, type LlmInfo } from "./info.js";
export type { CreateLlmOptions, LlmProvider, LlmSpec } from "./resolve.js";
