/**
 * Small helpers the HTTP adapters share: reading settings from the environment and
 * looking into JSON bodies whose shape nothing guarantees.
 */
import { processEnv } from "../platform.js";
import type { LlmUsage } from "./types.js";

/** A JSON object, as far as `typeof` can tell. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An environment variable, read when a request is made rather than when the adapter is
 * built, so that agents can be defined before keys are set. Empty means unset: shells
 * and CI often export `VAR=` for variables they do not have.
 */
export function envValue(name: string): string | undefined {
  const value = processEnv(name)?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/** A base URL without trailing slashes, so that `${base}/path` has exactly one. */
export function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
}

/** Usage from the two counters a provider reports, or undefined when it reports neither. */
export function usageOf(input: unknown, output: unknown): LlmUsage | undefined {
  const usage: { inputTokens?: number; outputTokens?: number } = {};
  if (typeof input === "number" && Number.isFinite(input)) usage.inputTokens = input;
  if (typeof output === "number" && Number.isFinite(output)) usage.outputTokens = output;
  return usage.inputTokens === undefined && usage.outputTokens === undefined ? undefined : usage;
}
