/**
 * The shape of an AI SDK language model object (`LanguageModelV2`, `V3` and `V4` of
 * `@ai-sdk/provider`), as far as ptcc uses it: typed structurally, so that ptcc depends
 * on no AI SDK package and any provider package's model object (`openai("gpt-4o")`,
 * `anthropic("claude-sonnet-4-5")`, a gateway's, a test double) is accepted as it is.
 *
 * `doGenerate` is called, or `doStream` when the reply is wanted as it is written. The
 * result types are loose on purpose: providers fill them in differently across versions,
 * and ptcc reads them defensively (ai-sdk.ts).
 */

/** The interface versions whose `doGenerate` ptcc knows how to call. */
export type LanguageModelVersion = "v2" | "v3" | "v4";

export const LANGUAGE_MODEL_VERSIONS: readonly LanguageModelVersion[] = ["v2", "v3", "v4"];

/** A text part of a prompt message (the only kind ptcc sends). */
export interface LanguageModelTextPart {
  readonly type: "text";
  readonly text: string;
}

/** One message of the standardized prompt: the system prompt, then user and assistant turns. */
export type LanguageModelMessage =
  | { readonly role: "system"; readonly content: string }
  | { readonly role: "user" | "assistant"; readonly content: LanguageModelTextPart[] };

/** What ptcc passes to `doGenerate` (a subset of the call options of every version). */
export interface LanguageModelCallOptions {
  readonly prompt: LanguageModelMessage[];
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly abortSignal?: AbortSignal;
  readonly headers?: Record<string, string | undefined>;
  /** Options for the provider, by provider name (`{ openai: { reasoningEffort: "low" } }`). */
  readonly providerOptions?: Record<string, JsonObject>;
}

/** JSON, as provider options take it. */
export type JsonValue = null | string | number | boolean | JsonObject | JsonValue[];
export interface JsonObject {
  [key: string]: JsonValue | undefined;
}

/** Token counts of V3/V4 usage (`inputTokens.total`, `.cacheRead`, ...). */
export interface LanguageModelTokenCounts {
  readonly total?: number | undefined;
  readonly noCache?: number | undefined;
  readonly cacheRead?: number | undefined;
  readonly cacheWrite?: number | undefined;
}

/** What ptcc reads of a `doGenerate` result, across versions. */
export interface LanguageModelResult {
  /** Ordered parts; ptcc keeps the text ones. */
  readonly content: ReadonlyArray<{ readonly type: string; readonly text?: string }>;
  /** V2: a string; V3/V4: `{ unified, raw }`. */
  readonly finishReason?: string | { readonly unified: string; readonly raw?: string | undefined };
  /** V2: numbers (`inputTokens`, `outputTokens`, `cachedInputTokens`); V3/V4: count objects. */
  readonly usage?: {
    readonly inputTokens?: number | LanguageModelTokenCounts | undefined;
    readonly outputTokens?: number | LanguageModelTokenCounts | undefined;
    readonly cachedInputTokens?: number | undefined;
  };
  readonly response?: { readonly modelId?: string | undefined };
}

/**
 * One part of a `doStream` stream. ptcc reads `text-delta` (`delta`), `response-metadata`
 * (`modelId`), `finish` (`usage` and `finishReason`, shaped as in a `doGenerate` result)
 * and `error` (`error`); the others (reasoning, tool input, sources, raw) are skipped.
 */
export interface LanguageModelStreamPart {
  readonly type: string;
}

/** The part of a `ReadableStream` of stream parts that ptcc uses: its reader. */
export interface LanguageModelStreamReader {
  read(): PromiseLike<{ readonly done: boolean; readonly value?: LanguageModelStreamPart | undefined }>;
  cancel(reason?: unknown): PromiseLike<void>;
}

/** What ptcc reads of a `doStream` result: the stream. */
export interface LanguageModelStreamResult {
  readonly stream: { getReader(): LanguageModelStreamReader };
}

/**
 * An AI SDK language model object. `doGenerate` does not retry (the AI SDK's own
 * `generateText` does that), so ptcc wraps it in its retry loop.
 */
export interface LanguageModelLike {
  readonly specificationVersion: LanguageModelVersion;
  /** The provider id (`openai.chat`, `anthropic.messages`, ...). */
  readonly provider: string;
  /** The model id as given (`gpt-4o`). */
  readonly modelId: string;
  doGenerate(options: LanguageModelCallOptions): PromiseLike<LanguageModelResult>;
  /** Called instead of `doGenerate` when the run streams (an `onEvent` or `onChunk` listener). */
  doStream?(options: LanguageModelCallOptions): PromiseLike<LanguageModelStreamResult>;
}
