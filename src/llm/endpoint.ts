/**
 * What the HTTP adapters share before a request: their options checked when the adapter
 * is built (a misspelt option would otherwise be ignored, and the request would go to the
 * provider's own API with the real key), the endpoint from a base URL written either way,
 * and whether a key is needed at all (a local server is called without one).
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import type { HttpOptions } from "./http.js";
import { LlmError } from "./types.js";
import { trimSlashes } from "./wire.js";

/** Every key of HttpOptions (the type keeps the list whole). */
const HTTP_OPTION_KEYS = Object.keys({
  maxRetries: 0,
  baseDelayMs: 0,
  maxDelayMs: 0,
  maxRetryAfterMs: 0,
  timeoutMs: 0,
  signal: 0,
  sleep: 0,
  random: 0,
  maxResponseBytes: 0,
} satisfies Record<keyof HttpOptions, 0>);

/** The base URL options of an adapter: `baseUrl`, or `baseURL` as the OpenAI and AI SDKs spell it. */
export interface BaseUrlOptions {
  readonly baseUrl?: string;
  /** The same as `baseUrl` (the spelling of the OpenAI SDK and the AI SDK). */
  readonly baseURL?: string;
}

/**
 * Checks an adapter's options when it is built: every key must be one it knows (`own`
 * and the HTTP options), with a did-you-mean; `baseUrl` and `baseURL` are one option.
 * Returns the base URL given, if any. Throws LlmError.
 */
export function checkAdapterOptions(provider: string, options: object, own: readonly string[]): string | undefined {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new LlmError(`${provider}: the options must be an object`);
  }
  // baseURL is known but not suggested: it is baseUrl again.
  const listed = [...own, "baseUrl", ...HTTP_OPTION_KEYS];
  const unknown = Object.keys(options).filter((k) => k !== "baseURL" && !listed.includes(k));
  if (unknown.length > 0) {
    const each = unknown.map((k) => {
      const near = didYouMean(closest(k, listed));
      return `${k}${near !== undefined ? ` (${near})` : ""}`;
    });
    throw new LlmError(
      `${provider}: unknown option${unknown.length > 1 ? "s" : ""} ${each.join(", ")}; the options are ${listed.join(", ")}`,
    );
  }
  const { baseUrl, baseURL } = options as BaseUrlOptions;
  if (baseUrl !== undefined && baseURL !== undefined && baseUrl !== baseURL) {
    throw new LlmError(`${provider}: baseUrl and baseURL are the same option, given two values; give one`);
  }
  const base = baseUrl ?? baseURL;
  if (base !== undefined) checkBaseUrl(provider, base, "the base URL");
  return base;
}

/** A base URL must be an http(s) URL; anything else fails now rather than as a network error later. */
export function checkBaseUrl(provider: string, base: unknown, what: string): string {
  if (typeof base !== "string" || !/^https?:\/\//i.test(base.trim())) {
    throw new LlmError(
      `${provider}: ${what} must be an http(s) URL, got ${typeof base === "string" ? JSON.stringify(base) : typeof base}`,
    );
  }
  try {
    new URL(base.trim());
  } catch {
    throw new LlmError(`${provider}: ${what} is not a valid URL: ${JSON.stringify(base)}`);
  }
  return base.trim();
}

/**
 * `POST {base}/chat/completions`, where a base URL with no path gets `/v1`: servers that
 * copy OpenAI serve it there (Ollama, vLLM, LM Studio), and `http://localhost:11434`
 * then works as `http://localhost:11434/v1` does. A base with a path is used as given
 * (`https://openrouter.ai/api/v1`, a gateway's own prefix).
 */
export function openAiEndpoint(base: string): string {
  const trimmed = trimSlashes(base);
  return `${pathOf(trimmed) === "" ? `${trimmed}/v1` : trimmed}/chat/completions`;
}

/**
 * `POST {base}/v1/messages`; a base that already ends in `/v1` (as OpenAI-style base URLs
 * do) does not get a second one.
 */
export function anthropicEndpoint(base: string): string {
  const trimmed = trimSlashes(base);
  return `${trimmed.replace(/\/v1$/i, "")}/v1/messages`;
}

/**
 * Whether `url` is the provider's own API (`host`). Only that one needs an API key: local
 * and self-hosted servers (Ollama, vLLM) are called without one when none is set, and one
 * that wants a key answers 401, whose error names the variable.
 */
export function isProviderHost(url: string, host: string): boolean {
  try {
    return new URL(url).hostname.toLowerCase() === host;
  } catch {
    return true;
  }
}

function pathOf(url: string): string {
  try {
    return trimSlashes(new URL(url).pathname);
  } catch {
    return "";
  }
}
