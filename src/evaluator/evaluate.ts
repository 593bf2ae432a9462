/**
 * One evaluation, as the pipeline reads:
 *
 *   read → analyze → compile → run (top-level forms in order) → realize and print
 *
 * Running is synchronous. A tool call whose answer is not known yet unwinds the current
 * top-level form (Suspend); the driver awaits the tool, records the answer in the
 * journal and runs the form again from its start, where the journal now answers the
 * call. Programs that call no tools never await anything. See docs/architecture.md.
 *
 * The evaluation is written as a generator that yields when tools must run, so the
 * asynchronous and the synchronous drivers share every line of it.
 */
import { Analyzer, type AnalyzerHost, type ToolCatalog } from "../analyzer/analyzer.js";
import { PtcError } from "../diagnostics/error.js";
import type { Span } from "../diagnostics/span.js";
import type { SourceOrigin } from "../diagnostics/span-source.js";
import type { Warning } from "../diagnostics/warning.js";
import { read } from "../reader/read.js";
import { REGISTRY } from "../runtime/builtins/index.js";
import { hostMessage } from "../runtime/convert.js";
import { realizeKey } from "../runtime/equality.js";
import type { Cx } from "../runtime/context.js";
import type { Limits } from "../runtime/limits.js";
import type { PMap } from "../runtime/map.js";
import { print, prStr } from "../runtime/printer.js";
import type { Value } from "../runtime/values.js";
import type { Code, Frame } from "./closure.js";
import { generate } from "./codegen/generate.js";
import { compile } from "./compile.js";
import { EvalContext, type EvalHooks, type Journal, type TierUp } from "./eval-context.js";
import type { Txn, UserNamespace } from "./namespace.js";
import { isStackOverflow } from "./locate.js";
import { ReturnSignal, Suspend } from "./signals.js";
import type { FrozenProgram } from "./frozen.js";

/** How the result is printed: in full (pr-str), truncated for feedback, or not at all. */
export type PrintMode =
  | "full"
  | "none"
  | {
      readonly maxItems: number;
      readonly maxChars: number;
      /** Show the values of `_` keys as <Firewalled> (what an LLM may see). */
      readonly firewall?: boolean;
    };

/**
 * How forms are compiled (docs/architecture.md, "Compiler and runtime"):
 * - "auto" (the default): the closure compiler, and generated JavaScript
 *   (src/evaluator/codegen/) for each function, loop and `for` once it is hot;
 * - "generated": JavaScript for every top-level form at once;
 * - "closures": the closure compiler only.
 * Every tier gives the same values, errors, positions and steps. Where the platform
 * does not allow code generation, all run as closures.
 */
export type Tier = "auto" | "generated" | "closures";

/** The "auto" tier's thresholds: how many calls or iterations make code hot. */
export const DEFAULT_TIER_UP: TierUp = { calls: 500, iterations: 1000 };

export interface EvalInput {
  readonly source: string;
  readonly limits: Limits;
  readonly ns: UserNamespace;
  readonly data: PMap | null;
  readonly dataKeys: ReadonlySet<string> | null;
  readonly tools: ReadonlySet<string> | null;
  /** The tools' parameters, for the check of tool calls while analyzing. */
  readonly toolCatalog?: ToolCatalog | null;
  readonly history: readonly Value[];
  readonly print: PrintMode;
  /** Shown in error positions (`file.clj:3:5`). */
  readonly file?: string;
  /** Which program this is (an agent's turn): tags its spans for later error messages. */
  readonly origin?: SourceOrigin;
  /**
   * The evaluation's transaction over `ns` and its start time, made by the driver so that
   * it can undo the evaluation and report on it when the evaluation is stopped from
   * outside (src/evaluator/preempt.ts) and none of the code below gets to run again.
   */
  readonly txn: Txn;
  readonly startedAt: number;
  /** Receives the evaluation context once it exists (its output and steps). */
  readonly onContext?: (cx: EvalContext) => void;
  readonly tier?: Tier;
  /** Thresholds of the "auto" tier (DEFAULT_TIER_UP by default). */
  readonly tierUp?: Partial<TierUp>;
  /** The clock and task memory of the host (a journaling agent run). */
  readonly hooks?: EvalHooks;
  /** A program compiled ahead of time: run instead of reading `source` (src/evaluator/frozen.ts). */
  readonly frozen?: FrozenProgram;
}

export interface ToolCallRecord {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly ms: number;
}

interface Common {
  /** Lines printed by println and friends. */
  readonly output: readonly string[];
  readonly warnings: readonly Warning[];
  readonly toolCalls: readonly ToolCallRecord[];
  readonly steps: number;
  readonly durationMs: number;
}

export interface EvalSuccess extends Common {
  readonly ok: true;
  /**
   * The value of the last top-level form, or of `(return ...)`. Fully realized, except
   * with a truncating print mode when the program did not return (then only the part
   * that was printed is).
   */
  readonly value: Value;
  /** The value printed as the print mode asks ("" for "none"). */
  readonly printed: string;
  /** True when the program ended with `(return ...)`. */
  readonly returned: boolean;
}

export interface EvalFailure extends Common {
  readonly ok: false;
  readonly error: PtcError;
}

export type EvalResult = EvalSuccess | EvalFailure;

/** Yielded when tools must run; resumed once the journal holds their answers. */
export interface ToolWait {
  readonly suspend: Suspend;
  readonly cx: EvalContext;
}

interface Program {
  readonly code: Code;
  readonly frameSize: number;
  /** Where the top-level form is, when known: an error realizing its value is placed there. */
  readonly span?: Span;
}

function runTop(p: Program, cx: EvalContext): Value {
  const f: Frame = new Array<Value>(p.frameSize);
  f[0] = [] as unknown as Value;
  f[1] = null;
  return p.code(f, cx);
}

/** Any thrown thing as a PtcError; never lets a raw JS error out (and never throws itself). */
export function toPtcError(e: unknown): PtcError {
  if (e instanceof PtcError) return e;
  if (isStackOverflow(e)) {
    return new PtcError({
      kind: "limit",
      message: "recursion too deep for the host stack",
      hint: "use loop/recur for iteration",
    });
  }
  return new PtcError({ kind: "internal", message: `internal error: ${hostMessage(e)}` });
}

export function* evaluation(
  input: EvalInput,
  journal: Journal,
  calls: ToolCallRecord[],
): Generator<ToolWait, EvalResult, void> {
  const started = input.startedAt;
  const txn = input.txn;
  const start = txn.mark();
  const warnings: Warning[] = [];
  let cx: EvalContext | null = null;
  const common = (): Common => ({
    output: cx?.out ?? [],
    warnings: [...warnings, ...(cx?.warnings ?? [])],
    toolCalls: calls,
    steps: cx?.steps ?? 0,
    durationMs: performance.now() - started,
  });
  try {
    const programs: Program[] =
      input.frozen !== undefined ? input.frozen.instantiate((name) => txn.intern(name)) : prepare(input, txn, warnings);
    const tier = input.tier ?? "auto";
    const ecx = new EvalContext(input.limits, started, input.data, input.history, txn, journal, input.hooks);
    ecx.tierUp = tier === "closures" ? null : { ...DEFAULT_TIER_UP, ...input.tierUp };
    cx = ecx;
    input.onContext?.(ecx);

    let value: Value = null;
    let returned = false;
    // The last step realizes the result (which may still call tools) and prints it.
    let printed = "";
    const finish: Program = {
      frameSize: 2,
      code: (_f, c) => {
        try {
          const mode = input.print;
          if (typeof mode === "object" && !returned) {
            // Feedback: realize only what is shown, so `(range)` prints as a preview.
            printed = truncated(c, value, mode);
            return value;
          }
          const v = realizeKey(c, value);
          printed = mode === "full" ? prStr(c, v) : mode === "none" ? "" : truncated(c, v, mode);
          return v;
        } catch (e) {
          // A runtime error realizing the value (a lazy seq that needs its own items) is
          // placed at the form that gave the value.
          if (e instanceof PtcError && e.kind === "runtime") throw e.at(programs[programs.length - 1]?.span);
          throw e;
        }
      },
    };
    const steps = [...programs, finish];
    for (let i = 0; i < steps.length; i++) {
      const p = steps[i]!;
      const mark = txn.mark();
      const outLength = ecx.out.length;
      const counter = ecx.counter;
      const spent = ecx.steps;
      for (;;) {
        try {
          const v = runTop(p, ecx);
          value = v;
          break;
        } catch (e) {
          if (e instanceof Suspend) {
            // Undo what the interrupted attempt did, wait for the tools, run it again.
            txn.rollbackTo(mark);
            ecx.out.length = outLength;
            ecx.counter = counter;
            ecx.resetSteps(spent);
            ecx.depth = 0;
            yield { suspend: e, cx: ecx };
            continue;
          }
          if (e instanceof ReturnSignal) {
            value = e.value;
            returned = true;
            i = steps.length - 2;
            break;
          }
          throw e;
        }
      }
    }
    return { ok: true, value, printed, returned, ...common() };
  } catch (e) {
    txn.rollbackTo(start);
    const error = toPtcError(e);
    if (input.file !== undefined && error.file === undefined && error.span !== undefined) error.file = input.file;
    return { ok: false, error, ...common() };
  }
}

/** Read, analyze and compile a program's source: its top-level forms' code. */
function prepare(input: EvalInput, txn: Txn, warnings: Warning[]): Program[] {
  if (input.source.length > input.limits.maxSource) {
    throw new PtcError({
      kind: "limit",
      message: `program too long: ${input.source.length} characters, at most ${input.limits.maxSource}`,
      hint: "pass large data as input (data/...) instead of writing it into the program",
    });
  }
  const { forms, warnings: readWarnings } = read(input.source, input.origin);
  warnings.push(...readWarnings);
  const host: AnalyzerHost = {
    registry: REGISTRY,
    lookupVar: (name) => input.ns.get(name),
    internVar: (name) => txn.intern(name),
    tools: input.tools,
    toolCatalog: input.toolCatalog ?? null,
    dataKeys: input.dataKeys,
    warn: (w) => warnings.push(w),
  };
  const ax = new Analyzer(host);
  // Every form is checked before any runs, so no tool fires for a broken program.
  const analyzed = forms.map((f) => ax.topLevel(f));
  const tier = input.tier ?? "auto";
  return analyzed.map((a) => ({
    code: (tier === "generated" ? generate(a.node) : null) ?? compile(a.node),
    frameSize: a.frameSize,
    span: a.node.span,
  }));
}

function truncated(cx: Cx, v: Value, mode: Exclude<PrintMode, string>): string {
  return print(cx, v, {
    readably: true,
    maxItems: mode.maxItems,
    maxChars: mode.maxChars,
    maxStringChars: mode.maxChars,
    firewall: mode.firewall === true,
  });
}
