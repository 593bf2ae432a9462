/**
 * Control flow that crosses compiled closures as JS exceptions or sentinels.
 */
import type { Span } from "../diagnostics/span.js";
import type { Value } from "../runtime/values.js";

/**
 * What a `recur` node returns to its loop or function. `recur` only appears in tail
 * position (checked by the analyzer), so no other node ever sees it as a value.
 */
export const RECUR = Object.freeze({ recur: true }) as unknown as Value;

/**
 * What a hot loop's generated code (src/evaluator/codegen/) returns when it stops at a
 * back edge where the fuel ran out, its bindings saved in the frame: the caller runs it
 * again to go on. Coming back every few thousand iterations lets V8 optimize it as an
 * ordinary function instead of only by on-stack replacement.
 */
export const YIELD = Object.freeze({ yield: true }) as unknown as Value;

/** `(return v)`: ends the whole program with `v`. */
export class ReturnSignal {
  constructor(readonly value: Value) {}
}

export interface ToolRequest {
  readonly name: string;
  /** Host JSON arguments. */
  readonly args: Record<string, unknown>;
  /** The arguments as JSON text: what a replay of the call must pass again (see Journal). */
  readonly argsKey: string;
  readonly span: Span | undefined;
  /** Position in the evaluation's journal (see Journal). */
  readonly key: string;
}

/**
 * A tool result is needed that is not in the journal yet. The evaluator unwinds the
 * current top-level form, awaits the tool, and runs the form again; the journal then
 * answers the call (see docs/architecture.md).
 */
export class Suspend {
  constructor(readonly requests: readonly ToolRequest[]) {}
}
