/**
 * From the CLI's `--llm` value to an adapter: `openai:MODEL`, `anthropic:MODEL` or
 * `script:FILE`.
 */
import { anthropicLlm } from "./anthropic.js";
import { openAiLlm } from "./openai.js";
import { withLlmInfo } from "./info.js";
import { loadScript } from "./script.js";
import { LlmError, type Llm } from "./types.js";

export type LlmProvider = "openai" | "anthropic" | "script";

export interface LlmSpec {
  readonly provider: LlmProvider;
  /** The model, or for `script` the file. */
  readonly model: string;
}

const PROVIDERS: readonly LlmProvider[] = ["openai", "anthropic", "script"];
const EXPECTED = "expected openai:MODEL, anthropic:MODEL or script:FILE";

/**
 * Splits a spec at its first colon, so models and paths may contain colons of their own
 * (`openai:ft:gpt-4o-mini:acme`, `script:C:\runs\a.json`).
 */
export function parseLlmSpec(spec: string): LlmSpec {
  const colon = spec.indexOf(":");
  if (colon < 0) throw new LlmError(`LLM "${spec}": ${EXPECTED}`);
  const provider = spec.slice(0, colon);
  const model = spec.slice(colon + 1).trim();
  if (!isProvider(provider)) throw new LlmError(`LLM "${spec}": unknown provider "${provider}"; ${EXPECTED}`);
  if (model === "") {
    const what = provider === "script" ? "FILE" : "MODEL";
    throw new LlmError(`LLM "${spec}": no ${what.toLowerCase()} after "${provider}:"; write ${provider}:${what}`);
  }
  return { provider, model };
}

export interface CreateLlmOptions {
  /** The directory `script:FILE` paths are relative to (default: the process's). */
  readonly cwd?: string;
}

/**
 * The adapter for a spec. HTTP adapters are built without checking keys (a missing key
 * fails the first call, naming the variable); a script is read and checked now, so a bad
 * file fails before any agent runs.
 */
export async function createLlm(spec: string, options: CreateLlmOptions = {}): Promise<Llm> {
  const { provider, model } = parseLlmSpec(spec);
  switch (provider) {
    // Labelled, so traces name the model of a request before it answers.
    case "openai":
      return withLlmInfo(openAiLlm({ model }), { provider, model });
    case "anthropic":
      return withLlmInfo(anthropicLlm({ model }), { provider, model });
    case "script":
      return loadScript(model, options.cwd === undefined ? {} : { cwd: options.cwd });
  }
}

function isProvider(name: string): name is LlmProvider {
  return (PROVIDERS as readonly string[]).includes(name);
}
