/**
 * What is known of a model before it answers — its provider and model name — attached to
 * an `Llm` function, so that a trace can name the model of a request when it starts
 * (`chat gpt-4o`), not only once the reply says which model answered.
 */
import type { Llm } from "./types.js";

export interface LlmInfo {
  /** `openai`, `anthropic`, an AI SDK provider id (`openai.chat`). */
  readonly provider?: string;
  /** The model asked for (`gpt-4o`). */
  readonly model?: string;
}

// A registered symbol: two copies of ptcc in one process read each other's labels.
const INFO = Symbol.for("ptcc.llm.info");

/** Labels `llm` with `info` (a non-enumerable property) and returns it. */
export function withLlmInfo<T extends Llm>(llm: T, info: LlmInfo): T {
  Object.defineProperty(llm, INFO, { value: Object.freeze({ ...info }), configurable: true });
  return llm;
}

/** The label of an `Llm`, or undefined when it has none (a plain function). */
export function llmInfo(llm: Llm): LlmInfo | undefined {
  const info: unknown = (llm as unknown as Record<symbol, unknown>)[INFO];
  return typeof info === "object" && info !== null ? (info as LlmInfo) : undefined;
}
