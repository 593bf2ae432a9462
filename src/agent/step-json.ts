/**
 * The JSON form of a Step (`ptcc run --json`): `{"ok":true,"return":...,"turns":N,...}` or
 * `{"ok":false,"fail":{...},"turns":N,...}`. The transcript (each turn's program and
 * result) is included; the trace is not (it is written with --trace). Its names are the
 * Step's (`fail`, `transcript`, a turn's `turn`); `turns` here is their count.
 *
 * `StepJson<O>` is typed like a Step: test `ok` and `return` is an `O` (a queued run's
 * result, `handle.result()` of ptcc/queue, is the StepJson of its agent's output).
 */
import type { FailureKind, Step, Usage } from "./types.js";

/** What every StepJson has, returned or failed. */
export interface StepJsonBase {
  readonly agent: string;
  readonly turns: number;
  readonly usage: Usage;
  readonly durationMs: number;
  readonly transcript: readonly {
    readonly turn: number;
    readonly program: string | null;
    readonly outcome: string;
    readonly result?: string;
    readonly feedback: string;
  }[];
}

/** The JSON of a run that returned. */
export interface StepJsonReturned<O = unknown> extends StepJsonBase {
  readonly ok: true;
  readonly return: O;
  readonly fail?: undefined;
}

/** The JSON of a run that failed: `fail` says why. */
export interface StepJsonFailed extends StepJsonBase {
  readonly ok: false;
  readonly fail: { readonly kind: FailureKind; readonly reason: string; readonly value?: unknown };
  readonly return?: undefined;
}

export type StepJson<O = unknown> = StepJsonReturned<O> | StepJsonFailed;

export function stepToJson<O>(step: Step<O>): StepJson<O> {
  const base: StepJsonBase = {
    agent: step.agent,
    turns: step.turns.length,
    usage: step.usage,
    durationMs: Math.round(step.durationMs * 10) / 10,
    transcript: step.turns.map((t) => ({
      turn: t.index,
      program: t.program,
      outcome: t.outcome,
      ...(t.result !== undefined ? { result: t.result } : {}),
      feedback: t.feedback,
    })),
  };
  // Key order as `ptcc run --json` prints it: ok, agent, return or fail, then the rest.
  const { agent, ...rest } = base;
  if (step.ok) return { ok: true, agent, return: (step.return ?? null) as O, ...rest };
  const f = step.failure;
  return {
    ok: false,
    agent,
    fail: { kind: f.kind, reason: f.reason, ...(f.value !== undefined ? { value: f.value } : {}) },
    ...rest,
  };
}
