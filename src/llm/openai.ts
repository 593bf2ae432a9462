/**
 * An adapter for OpenAI's Chat Completions API and the many servers that copy it
 * (vLLM, Ollama, LM Studio, OpenRouter, ...), which is why the base URL is a setting.
 */
import { postJson, type HttpOptions } from "./http.js";
import { LlmError, type Llm, type LlmReply, type LlmRequest } from "./types.js";
import { envValue, isRecord, trimSlashes, usageOf } from "./wire.js";

export interface OpenAiOptions extends HttpOptions {
  /** The model; wins over the request's `model` and `OPENAI_MODEL`. */
  readonly model?: string;
  /** The key; defaults to `OPENAI_API_KEY`. */
  readonly apiKey?: string;
  /** Defaults to `OPENAI_BASE_URL`, then `https://api.openai.com/v1`. */
  readonly baseUrl?: string;
  /** Sent as `max_tokens` when set. */
  readonly maxTokens?: number;
  /** Sent as `temperature` when set. */
  readonly temperature?: number;
}

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * An `Llm` over `POST {baseUrl}/chat/completions`. Building it never throws: the key and
 * model are looked up on each call, so agents can be defined before the environment is
 * set, and a missing one fails the call with the variable to set.
 */
export function openAiLlm(options: OpenAiOptions = {}): Llm {
  return async (request: LlmRequest): Promise<LlmReply> => {
    const apiKey = options.apiKey ?? envValue("OPENAI_API_KEY");
    if (apiKey === undefined) throw new LlmError("openai: no API key: set OPENAI_API_KEY or pass apiKey");
    const model = options.model ?? request.model ?? envValue("OPENAI_MODEL");
    if (model === undefined) throw new LlmError("openai: no model: use --llm openai:MODEL or set OPENAI_MODEL");
    const baseUrl = trimSlashes(options.baseUrl ?? envValue("OPENAI_BASE_URL") ?? OPENAI_DEFAULT_BASE_URL);

    const body = await postJson(
      {
        provider: "openai",
        url: `${baseUrl}/chat/completions`,
        headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
        body: requestBody(model, request, options),
        keyEnv: "OPENAI_API_KEY",
        secrets: [apiKey],
        signal: request.signal,
      },
      options,
    );
    return replyOf(body);
  };
}

function requestBody(model: string, request: LlmRequest, options: OpenAiOptions): Record<string, unknown> {
  // The system prompt travels as the first message; an empty one is left out.
  const system = request.system === "" ? [] : [{ role: "system", content: request.system }];
  const messages = [...system, ...request.messages.map((m) => ({ role: m.role, content: m.content }))];
  const body: Record<string, unknown> = { model, messages };
  if (options.maxTokens !== undefined) body["max_tokens"] = options.maxTokens;
  if (options.temperature !== undefined) body["temperature"] = options.temperature;
  return body;
}

/** `choices[0].message.content` and the usage, or an error naming what is missing. */
function replyOf(body: unknown): LlmReply {
  if (!isRecord(body)) throw new LlmError("openai: malformed response: expected a JSON object");
  const choices = body["choices"];
  if (!Array.isArray(choices) || choices.length === 0) {
    throw new LlmError("openai: malformed response: no choices");
  }
  const choice: unknown = choices[0];
  const message = isRecord(choice) ? choice["message"] : undefined;
  if (!isRecord(message)) throw new LlmError("openai: malformed response: choices[0] has no message");
  const content = message["content"];
  if (typeof content !== "string") {
    // A refusal comes with `content: null` and the reason in `refusal`.
    const refusal = typeof message["refusal"] === "string" ? ` (refusal: ${message["refusal"]})` : "";
    throw new LlmError(`openai: malformed response: choices[0].message.content is not a string${refusal}`);
  }
  const usage = isRecord(body["usage"])
    ? usageOf(body["usage"]["prompt_tokens"], body["usage"]["completion_tokens"])
    : undefined;
  return usage === undefined ? { content } : { content, usage };
}
