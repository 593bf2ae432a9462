/**
 * The `model` key of an agent file, checked when the file is loaded rather than when the
 * first run asks for it: a spec (`openai:gpt-4o-mini`) must name a known provider, and a
 * bare name must be a model of the LLM registry given to the loader — or, when no
 * registry was given, must not be a provider's model name written without its provider
 * (`gpt-4o-mini`, which would otherwise load and fail at run time with no hint).
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import { LLM_PROVIDERS, suggestLlmSpec } from "../llm/resolve.js";
import type { LlmRegistry } from "../llm/types.js";
import { AgentFileError } from "./error.js";
import type { AgentFileSpec } from "./parse.js";

const FORMS = "openai:MODEL, anthropic:MODEL or script:FILE";

/** The error for the file's `model`, or null when it is fine (or absent). */
export function checkModel(
  spec: AgentFileSpec,
  source: string,
  registry: LlmRegistry | undefined,
): AgentFileError | null {
  const model = spec.model;
  const at = spec.spans.model?.value;
  if (model === undefined || at === undefined) return null;
  const fail = (message: string, hint?: string): AgentFileError =>
    new AgentFileError(message, spec.file, at, hint, source);

  const names = Object.keys(registry ?? {});
  if (names.includes(model)) return null;
  const colon = model.indexOf(":");
  if (colon >= 0) {
    const provider = model.slice(0, colon);
    const rest = model.slice(colon + 1).trim();
    if (!(LLM_PROVIDERS as readonly string[]).includes(provider)) {
      const near = closest(provider, LLM_PROVIDERS).map((p) => `${p}:${rest}`);
      return fail(`unknown model provider ${provider} in ${model}`, didYouMean(near) ?? `write ${FORMS}`);
    }
    if (rest === "") return fail(`no model after ${provider}:`, `write ${FORMS}`);
    return null;
  }
  // A bare name: a registry's model, else a provider's model missing its provider.
  const spec_ = suggestLlmSpec(model);
  if (spec_ !== undefined) {
    return fail(`model ${model} names no provider`, `did you mean ${spec_}?`);
  }
  if (registry !== undefined) {
    const near = didYouMean(closest(model, names));
    return fail(
      `no model named ${model} in the LLM registry${names.length > 0 ? ` (it has ${names.join(", ")})` : ""}`,
      near ?? `write ${FORMS}, or a name of the registry`,
    );
  }
  // Without a registry at load, a bare name may be one a run's registry gives.
  return null;
}
