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

/** The providers a spec may name. */
export const LLM_PROVIDERS: readonly LlmProvider[] = ["openai", "anthropic", "script"];
const PROVIDERS = LLM_PROVIDERS;
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

/** Model names whose provider can be told from the name: OpenAI's families, Anthropic's Claude. */
const OPENAI_MODEL = /^(?:gpt-|chatgpt-|o\d(?![a-z])|text-|davinci|babbage|ft:gpt-|ft:o\d)/i;
const ANTHROPIC_MODEL = /^claude-/i;

/**
 * The spec a bare model name most likely means (`gpt-4o-mini` → `openai:gpt-4o-mini`,
 * `claude-sonnet-4-5` → `anthropic:claude-sonnet-4-5`); undefined when the name does not
 * tell its provider.
 */
export function suggestLlmSpec(name: string): string | undefined {
  const bare = name.trim();
  if (OPENAI_MODEL.test(bare)) return `openai:${bare}`;
  if (ANTHROPIC_MODEL.test(bare)) return `anthropic:${bare}`;
  return undefined;
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
