/**
 * `runOrThrow(agent, input, options)`: for scripts, the typed return value of a run, or a
 * thrown StepFailedError that carries the failed Step (its failure, transcript and trace).
 * `agent.run` itself never throws; this is the one place a failed run becomes an exception.
 */
import type { Agent } from "./define.js";
import type { RunArgs } from "./typed.js";
import type { Failure, FailureKind, StepFailed } from "./types.js";

/** A run that did not return: the failed Step, with its failure's kind and reason. */
export class StepFailedError extends Error {
  /** The failure's kind (`max_turns`, `fail`, `llm`, `timeout`, ...). */
  readonly kind: FailureKind;
  readonly failure: Failure;

  constructor(readonly step: StepFailed) {
    const failure = step.failure ?? { kind: "internal", reason: "a failed step without its failure" };
    super(`agent ${step.agent ?? "(unnamed)"} failed (${failure.kind}): ${failure.reason}`);
    this.name = "StepFailedError";
    this.kind = failure.kind;
    this.failure = failure;
  }
}

/**
 * Run `agent` and resolve to `step.return`, typed as the agent's output; a run that fails
 * rejects with a StepFailedError carrying the Step.
 */
export async function runOrThrow<I, O>(agent: Agent<I, O>, ...args: RunArgs<I, O>): Promise<O> {
  const step = await agent.run(...args);
  if (!step.ok) throw new StepFailedError(step);
  return step.return;
}
