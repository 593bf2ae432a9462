/**
 * Running one fuzz case and judging it: the evaluation must end within its deadline +
 * 100 ms with a value or a typed error that is not `internal`, never throw, and leave
 * Object.prototype as it was.
 */
import fc from "fast-check";
import { PtcError } from "../../src/diagnostics/error.js";
import { Session } from "../../src/evaluator/session.js";
import type { Limits } from "../../src/runtime/limits.js";
import { prototypeSnapshot } from "./builtin-sweep.js";
import {
  hostValueArbitrary,
  PRELUDE,
  preludeFor,
  programArbitrary,
  TOOL_NAMES,
  toolBehaviourArbitrary,
  type ToolBehaviour,
} from "./programs.js";

/** The limits of fuzz evaluations: the defaults' shape, scaled down so that a million programs run in hours. */
export const PROGRAM_LIMITS: Limits = Object.freeze({
  timeoutMs: 250,
  maxSteps: 500_000,
  maxCollection: 10_000,
  maxString: 200_000,
  maxDepth: 200,
  maxOutput: 10_000,
  maxSource: 100_000,
});

/** How far past its deadline an evaluation may end before it counts as a hang. */
export const HANG_SLACK_MS = 100;

export type ProgramOutcome = "ok" | "error" | "internal" | "hang" | "crash" | "prototype";

export interface FuzzCase {
  readonly program: string;
  /** How the tools answer, in call order (cycled). */
  readonly tools: readonly ToolBehaviour[];
  /** When set, the case runs in a fresh session with this as `data/d`. */
  readonly input?: unknown;
}

export interface CaseResult {
  readonly outcome: ProgramOutcome;
  readonly detail: string;
  readonly ms: number;
}

/** Cases: a program, its tools' behaviours, now and then an input. */
export function caseArbitrary(): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(
      programArbitrary({ tools: true }),
      fc.array(toolBehaviourArbitrary(), { minLength: 1, maxLength: 3 }),
      fc.option(hostValueArbitrary(), { freq: 20 }),
    )
    .map(([program, tools, input]) => (input === null ? { program, tools } : { program, tools, input }));
}

/** Runs cases, reusing one session (with the hostile prelude) for many of them. */
export class FuzzRunner {
  private session: Session | null = null;
  private used = 0;
  private behaviours: readonly ToolBehaviour[] = [];
  private calls = 0;
  private readonly prototype = prototypeSnapshot();

  constructor(
    private readonly limits: Limits = PROGRAM_LIMITS,
    /** Cases per session before a fresh one (defs pile up in a session). */
    private readonly perSession = 200,
  ) {}

  private tools(): Record<string, (args: Record<string, unknown>) => unknown> {
    const out: Record<string, (args: Record<string, unknown>) => unknown> = {};
    for (const name of TOOL_NAMES) out[name] = () => this.answer();
    return out;
  }

  private answer(): unknown {
    const b = this.behaviours[this.calls++ % Math.max(1, this.behaviours.length)] ?? { kind: "value", value: null };
    switch (b.kind) {
      case "value":
        return b.value;
      case "throw":
        throw b.value;
      case "hang":
        return new Promise(() => {});
      case "late":
        return new Promise((r) => setTimeout(() => r(b.value), b.ms));
    }
  }

  /** A session with the hostile pool def'd: all of it, or what `program` uses. */
  private newSession(context: Record<string, unknown> | null, program?: string): Session {
    const s = new Session({ context, tools: this.tools(), limits: this.limits });
    const prelude = program === undefined ? PRELUDE : preludeFor(program);
    const r = s.evaluateSync(prelude, { limits: { ...this.limits, timeoutMs: 10_000, maxSteps: 5_000_000 } });
    if (!r.ok) throw new PtcError({ kind: "internal", message: `the fuzz prelude failed: ${r.error.format()}` });
    return s;
  }

  async run(c: FuzzCase): Promise<CaseResult> {
    this.behaviours = c.tools;
    this.calls = 0;
    const t0 = performance.now();
    let outcome: ProgramOutcome;
    let detail = "";
    try {
      let session: Session;
      if (c.input !== undefined) {
        try {
          session = this.newSession({ d: c.input }, c.program);
        } catch (e) {
          if (e instanceof PtcError && e.kind !== "internal") return this.judge("error", e.message, t0);
          return this.judge(e instanceof PtcError ? "internal" : "crash", String(e), t0);
        }
      } else {
        if (this.session === null || this.used++ >= this.perSession) {
          this.session = this.newSession(null);
          this.used = 0;
        }
        session = this.session;
      }
      const r = await session.evaluate(c.program);
      if (r.ok) outcome = "ok";
      else {
        outcome = r.error.kind === "internal" ? "internal" : "error";
        detail = `${r.error.kind}: ${r.error.message}`;
      }
    } catch (e) {
      outcome = "crash";
      detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
    }
    return this.judge(outcome, detail, t0);
  }

  private judge(outcome: ProgramOutcome, detail: string, t0: number): CaseResult {
    const ms = performance.now() - t0;
    if (ms > this.limits.timeoutMs + HANG_SLACK_MS) {
      return { outcome: "hang", detail: `${Math.round(ms)} ms (${outcome}: ${detail})`, ms };
    }
    if (prototypeSnapshot() !== this.prototype) return { outcome: "prototype", detail: "Object.prototype changed", ms };
    return { outcome, detail, ms };
  }
}
