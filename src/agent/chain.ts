/**
 * Chaining: `chain(step, next)` runs `next` with the previous step's return value as its
 * input. The value must be a map whose keys cover the next agent's required parameters;
 * the previous agent's field descriptions become the descriptions of the next agent's
 * data (so a description written once flows down the chain).
 */
import { PtcError } from "../diagnostics/error.js";
import { altSpelling, deref } from "../signature/types.js";
import type { ChainInput } from "./typed.js";
import type { AgentLike, RunOptions, Step } from "./types.js";
import { runAgent } from "./loop.js";
import { agentLabel, isAgentLike } from "./rules.js";
import { describeValue } from "./describe-value.js";

/** A Step as `run` makes it: checked because JavaScript callers (and casts) can pass anything. */
function isStep(x: unknown): x is Step<unknown> {
  return typeof x === "object" && x !== null && typeof (x as { ok?: unknown }).ok === "boolean";
}

function chainError(message: string, hint?: string): PtcError {
  return new PtcError({ kind: "definition", message: `chain: ${message}`, hint });
}

/**
 * Run `next` on the return value of `step`. Rejects (with a PtcError of kind
 * `definition`) when the previous step failed or its return value does not provide
 * the next agent's parameters; otherwise resolves to the next Step, ok or not.
 *
 * Typed agents are checked at compile time too: the previous output must be assignable
 * to the next agent's input, so an output that lacks a field the next agent needs is a
 * type error. An untyped previous step (`Step<unknown>`) chains into any agent.
 */
export async function chain<P, O>(
  step: Step<P> | Promise<Step<P>>,
  next: AgentLike<ChainInput<P>, O>,
  options: RunOptions = {},
): Promise<Step<O>> {
  const prev = await step;
  if (!isStep(prev)) {
    throw chainError(
      `the first argument must be a Step (what agent.run resolves to), got ${describeValue(prev)}`,
      "write chain(agent.run(input), next)",
    );
  }
  if (!isAgentLike(next)) {
    throw chainError(`the second argument must be an agent (made by defineAgent), got ${describeValue(next)}`);
  }
  const from = typeof prev.agent === "string" ? agentLabel(prev.agent) : "the previous agent";
  if (!prev.ok) {
    throw chainError(`the previous step (${from}) failed: ${prev.failure?.reason ?? "no reason"}`);
  }
  const value = prev.return;
  const def = next.definition;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    if (def.signature.params.length > 0) {
      throw chainError(
        `${from} returned ${Array.isArray(value) ? "a list" : JSON.stringify(value)}, but ${agentLabel(def.name)} needs a map with ${def.signature.params.map((p) => p.name).join(", ")}`,
        "make the previous agent's output a map whose keys are the next agent's parameters",
      );
    }
  }
  const input =
    value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const missing = def.signature.params.filter((p) => {
    if (deref(p.type).optional) return false;
    const alt = altSpelling(p.name);
    return !Object.hasOwn(input, p.name) && (alt === null || !Object.hasOwn(input, alt));
  });
  if (missing.length > 0) {
    const keys = Object.keys(input);
    throw chainError(
      `${agentLabel(def.name)} needs ${missing.map((p) => p.name).join(", ")}, which ${from}'s return value does not have (its keys: ${keys.length > 0 ? keys.join(", ") : "none"})`,
      "rename the output fields of the previous agent or the parameters of the next",
    );
  }
  const result = runAgent(def, input, {
    ...options,
    inputDescriptions: { ...prev.fieldDescriptions, ...(options.inputDescriptions ?? {}) },
  });
  return result as Promise<Step<O>>;
}
