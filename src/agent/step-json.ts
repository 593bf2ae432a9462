/**
 * The JSON form of a Step (`ptcc run --json`): `{"ok":true,"return":...,"turns":N,...}` or
 * `{"ok":false,"fail":{...},"turns":N,...}`. The transcript (each turn's program and
 * result) is included; the trace is not (it is written with --trace). Its names are the
 * Step's (`fail`, `transcript`, a turn's `turn`); `turns` here is their count.
 */
import type { Step, Usage } from "./types.js";

export interface StepJson {
  readonly ok: boolean;
  readonly agent: string;
  readonly return?: unknown;
  readonly fail?: { readonly kind: string; readonly reason: string; readonly value?: unknown };
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

export function stepToJson(step: Step): StepJson {
  return {
    ok: step.ok,
    agent: step.agent,
    ...(step.ok ? { return: step.return ?? null } : {}),
    ...(step.failure !== undefined
      ? {
          fail: {
            kind: step.failure.kind,
            reason: step.failure.reason,
            ...(step.failure.value !== undefined ? { value: step.failure.value } : {}),
          },
        }
      : {}),
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
}
