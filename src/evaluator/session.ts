/**
 * A session: the user namespace and `*1 *2 *3` that persist across evaluations (one
 * evaluation is one agent turn), the input data and the tools.
 */
import type { ToolCatalog } from "../analyzer/analyzer.js";
import { PtcError } from "../diagnostics/error.js";
import type { SourceOrigin } from "../diagnostics/span-source.js";
import { Budget } from "../runtime/budget.js";
import { fromHost, hostMessage } from "../runtime/convert.js";
import { limitsProblem, resolveLimits, type Limits } from "../runtime/limits.js";
import { EMPTY_MAP, PMap } from "../runtime/map.js";
import { truncateValue } from "../runtime/truncate.js";
import type { Value } from "../runtime/values.js";
import {
  evaluation,
  toPtcError,
  type EvalInput,
  type EvalResult,
  type PrintMode,
  type ToolCallRecord,
  type ToolWait,
  type Tier,
} from "./evaluate.js";
import type { BudgetLeft, EvalContext, Journal, TaskMemory } from "./eval-context.js";
import type { FrozenProgram } from "./frozen.js";
import { Txn, UserNamespace } from "./namespace.js";
import { PREEMPT_GRACE_MS, preemptible } from "./preempt.js";
import { ToolStop } from "./tool-stop.js";
import { callInfo, CheckedAnswer } from "./tool-checks.js";
import type { ToolRequest } from "./signals.js";

/**
 * A host tool: gets the arguments as a JSON object, returns JSON (or a promise of it).
 * `call` says where in the evaluation the call is: its position is the same whenever the
 * program is run again on the same answers (a replay), so a host can journal by it.
 */
export type ToolFunction = (args: Record<string, unknown>, call: ToolCallInfo) => unknown;

/** Which call of the evaluation a tool function is answering. */
export interface ToolCallInfo {
  /** The call's position (`#3`, `#2/1#0` for branch 1 of the pmap at #2). */
  readonly key: string;
}

export interface SessionOptions {
  /** The input data, read as `data/name`: a JSON object. */
  readonly context?: Record<string, unknown> | null;
  readonly tools?: Readonly<Record<string, ToolFunction>>;
  /** The tools' parameters, checked against each call's literal arguments before anything runs. */
  readonly toolCatalog?: ToolCatalog;
  readonly limits?: Partial<Limits>;
  /**
   * Keep each `*1 *2 *3` result only up to about this many characters of its printed
   * form (agents: `historyMaxBytes`); unlimited by default. `def`s keep full values.
   */
  readonly historyMaxChars?: number;
  /**
   * Let Ctrl-C (SIGINT) stop a running evaluation (an `interrupted` error). For command-line
   * programs: while an evaluation runs, the process's own SIGINT handlers do not fire.
   */
  readonly breakOnSigint?: boolean;
  /**
   * How programs are compiled: "auto" (default: closures, and generated JavaScript for
   * each function, loop and `for` once it is hot), "generated" (JavaScript for every
   * top-level form at once) or "closures" (the closure compiler only). Every tier gives
   * the same values, errors, positions and steps; generated code runs faster and costs
   * more to make. Where the platform forbids `new Function`, everything runs as closures.
   */
  readonly tier?: Tier;
  /** "auto" tier: code is hot after this many calls (functions) or iterations (loops, `for`). */
  readonly tierUp?: { readonly calls?: number; readonly iterations?: number };
  /** Told of each value a `(task ...)` form keeps, when it is first kept (a run journals it). */
  readonly onTask?: (id: string, value: Value) => void;
}

export interface EvaluateOptions {
  /** Limits for this evaluation (over the session's). */
  readonly limits?: Partial<Limits>;
  /** How to print the result; "full" pr-str by default. */
  readonly print?: PrintMode;
  /** The file the source came from, for error positions. */
  readonly file?: string;
  /** Which program this is (an agent's turn), for errors raised later in its functions. */
  readonly origin?: SourceOrigin;
  /**
   * Called once the tool calls the evaluation waits for have all answered (or failed),
   * before it goes on: a host that journals tool outcomes writes them here.
   */
  readonly onBatch?: () => Promise<void>;
  /** The clock the program reads (`key`: the read's position); Date.now() by default. */
  readonly clock?: (key: string) => number;
  /** Entries `data/` holds for this evaluation besides the input (an agent run's `data/fail`). */
  readonly data?: ReadonlyMap<string, Value>;
  /** What `(budget/remaining)` answers (an agent run's limits). */
  readonly budget?: (now: number) => BudgetLeft;
}

const HISTORY = 3;

/** The longest delay Node's timers keep. */
const MAX_TIMER_MS = 2_147_483_647;

export class Session {
  readonly namespace = new UserNamespace();
  /** The values of the session's `(task ...)` forms, by id. */
  readonly tasks: TaskMemory & { entries(): IterableIterator<[string, { readonly value: Value }]> };
  private history: Value[] = [];
  private readonly data: PMap | null;
  private readonly dataKeys: ReadonlySet<string> | null;
  private readonly toolNames: ReadonlySet<string> | null;
  private tools: Readonly<Record<string, ToolFunction>>;
  private readonly limits: Partial<Limits>;

  constructor(private readonly options: SessionOptions = {}) {
    this.tasks = taskMemory(options.onTask);
    const problem = limitsProblem(options.limits);
    if (problem !== null) throw new PtcError({ kind: "definition", message: problem });
    this.limits = options.limits ?? {};
    const ctx = options.context ?? null;
    if (ctx === null) {
      this.data = null;
      this.dataKeys = new Set();
    } else {
      // The input may be large or oddly shaped: converting it is bounded like an evaluation
      // (its steps, its sizes, its time), cooperatively and by the watchdog.
      const limits = resolveLimits(this.limits);
      const ms = limits.timeoutMs + PREEMPT_GRACE_MS;
      const v = preemptible(() => fromHost(ctx, { meter: Budget.of(limits), limits }), {
        ms,
        breakOnSigint: options.breakOnSigint === true,
      });
      if (!(v instanceof PMap))
        throw new PtcError({ kind: "type", message: "the input context must be a JSON object" });
      this.data = v;
      // The keys as converted: the host object is read only once.
      this.dataKeys = new Set(v.keyArray().filter((k): k is string => typeof k === "string"));
    }
    const tools = options.tools ?? {};
    this.tools = tools;
    this.toolNames = new Set(Object.keys(tools));
    for (const name of this.toolNames) {
      if (this.dataKeys?.has(name)) {
        throw new PtcError({
          kind: "analysis",
          message: `${name} is both a tool and an input data key`,
          hint: "rename one of them",
        });
      }
    }
  }

  /**
   * Replace the tools' functions (the same names: programs were checked against them) — a
   * continued agent run reopens its MCP servers and calls their new connections.
   */
  replaceTools(tools: Readonly<Record<string, ToolFunction>>): void {
    const names = Object.keys(tools);
    if (names.length !== this.toolNames?.size || names.some((n) => this.toolNames?.has(n) !== true)) {
      throw new PtcError({ kind: "definition", message: "replaceTools: the tools must have the same names" });
    }
    this.tools = tools;
  }

  /** The input data (`data/...`) as PTC-Lisp values: the map, or null without input. */
  inputData(): PMap | null {
    return this.data;
  }

  /** `*1`, `*2`, `*3`: results of the last successful evaluations. */
  recent(): readonly Value[] {
    return this.history;
  }

  private input(source: string, opts: EvaluateOptions, run: Stretches, frozen?: FrozenProgram): EvalInput {
    return {
      source,
      ...(frozen !== undefined ? { frozen } : {}),
      limits: run.limits,
      ns: this.namespace,
      txn: run.txn,
      startedAt: run.startedAt,
      onContext: (cx) => {
        run.cx = cx;
      },
      ...this.dataFor(opts.data),
      tools: this.toolNames,
      toolCatalog: this.options.toolCatalog ?? null,
      history: this.history,
      print: opts.print ?? "full",
      file: opts.file,
      origin: opts.origin,
      tier: this.options.tier,
      tierUp: this.options.tierUp,
      hooks: {
        tasks: this.tasks,
        ...(opts.clock !== undefined ? { clock: opts.clock } : {}),
        ...(opts.budget !== undefined ? { budget: opts.budget } : {}),
      },
    };
  }

  /** The input data with an evaluation's own entries added (they never shadow the input's). */
  private dataFor(extra: ReadonlyMap<string, Value> | undefined): {
    data: PMap | null;
    dataKeys: ReadonlySet<string> | null;
  } {
    if (extra === undefined || extra.size === 0) return { data: this.data, dataKeys: this.dataKeys };
    let data = this.data ?? EMPTY_MAP;
    const keys = new Set(this.dataKeys);
    for (const [k, v] of extra) {
      if (keys.has(k)) continue;
      data = data.assoc(k, v);
      keys.add(k);
    }
    return { data, dataKeys: keys };
  }

  private remember(r: EvalResult, run: Stretches): EvalResult {
    if (r.ok) this.history = [run.kept ?? r.value, ...this.history].slice(0, HISTORY);
    return r;
  }

  /**
   * One step of the evaluation in one stretch; when it is the last, the result as `*1`
   * keeps it is made in the same stretch (shortened to historyMaxChars: a walk too), and
   * `run.finish` runs on it there. When it stops at tool calls (`calls`: an evaluation that
   * can call them), their arguments are checked in the same stretch (tool-checks.ts).
   */
  private advance(
    run: Stretches,
    f: () => IteratorResult<ToolWait, EvalResult>,
    calls = false,
  ): IteratorResult<ToolWait, EvalResult> {
    return this.stretch(run, () => {
      const step = f();
      if (!step.done) {
        if (calls) run.infos = this.callInfos(step.value);
        return step;
      }
      const max = this.options.historyMaxChars;
      if (step.value.ok && max !== undefined) {
        try {
          const budget = new Budget(run.limits.maxSteps, Math.max(1, run.deadline - performance.now()));
          run.kept = truncateValue(step.value.value, max, budget);
        } catch {
          // Too large to walk in what is left of the time: a value that shares its parts,
          // small in memory, kept as it is.
        }
      }
      if (run.finish !== undefined) run.finished = { value: run.finish(step.value) };
      return step;
    });
  }

  /** The info each requested call gets, its arguments checked now by tools that check them. */
  private callInfos(wait: ToolWait): ToolCallInfo[] {
    const tools = this.tools;
    return wait.suspend.requests.map((req) =>
      callInfo(Object.hasOwn(tools, req.name) ? tools[req.name] : undefined, req.key, req.args),
    );
  }

  /** Evaluate a program; tools are awaited as the program reaches them. */
  evaluate(source: string, opts: EvaluateOptions = {}): Promise<EvalResult> {
    return this.run(source, opts);
  }

  /**
   * Run a program compiled ahead of time (a frozen agent's, src/evaluator/frozen.ts) as
   * `evaluate` runs a source: the same limits, tools, namespace and results, with nothing
   * read, analyzed or compiled now. Error positions name the program's file.
   */
  evaluateFrozen(program: FrozenProgram, opts: EvaluateOptions = {}): Promise<EvalResult> {
    return this.run(program.source, { ...opts, file: opts.file ?? program.file }, program);
  }

  /**
   * Run a frozen program and, in the stretch where it ends, `finish` on its result (a frozen
   * agent checks its answer there: one watchdog for both). `finished` is absent when the
   * program did not end in a stretch (it was stopped): then the caller finishes it.
   */
  async evaluateFrozenThen<T>(
    program: FrozenProgram,
    opts: EvaluateOptions,
    finish: (r: EvalResult) => T,
  ): Promise<{ readonly result: EvalResult; readonly finished?: { readonly value: T } }> {
    let finished: { readonly value: T } | undefined;
    const result = await this.run(program.source, { ...opts, file: opts.file ?? program.file }, program, (run) => {
      run.finish = finish;
      return () => (finished = run.finished as { readonly value: T } | undefined);
    });
    return finished === undefined ? { result } : { result, finished };
  }

  private async run(
    source: string,
    opts: EvaluateOptions,
    frozen?: FrozenProgram,
    withRun?: (run: Stretches) => () => void,
  ): Promise<EvalResult> {
    const journal: Journal = new Map();
    const calls: ToolCallRecord[] = [];
    const run = this.stretches(opts);
    const done = withRun?.(run);
    const gen = evaluation(this.input(source, opts, run, frozen), journal, calls);
    try {
      let step = this.advance(run, () => gen.next(), true);
      while (!step.done) {
        const wait = step.value;
        const answers = await this.answer(wait, run.infos);
        run.infos = [];
        let failed: PtcError | null = null;
        if (opts.onBatch !== undefined) {
          try {
            await opts.onBatch();
          } catch (e) {
            failed = toPtcError(e);
          }
        }
        // The answers are checked and converted in the stretch that goes on with the
        // program: one watchdog for all of them.
        try {
          step = this.advance(
            run,
            () => {
              const error = this.record(wait, answers, journal, calls) ?? failed;
              return error === null ? gen.next() : gen.throw(error);
            },
            true,
          );
        } finally {
          // What the wrapped tools tell their hosts about these calls, outside the stretch.
          settleAll(answers);
        }
      }
      done?.();
      return this.remember(step.value, run);
    } catch (e) {
      return this.stopped(run, e, calls);
    }
  }

  /** Evaluate a program that calls no tools, without any asynchrony. */
  evaluateSync(source: string, opts: EvaluateOptions = {}): EvalResult {
    const run = this.stretches(opts);
    const gen = evaluation(this.input(source, opts, run), new Map(), []);
    try {
      let step = this.advance(run, () => gen.next());
      while (!step.done) {
        const req = step.value.suspend.requests[0]!;
        const error = new PtcError({
          kind: "tool",
          message: `tool/${req.name} cannot be called by a synchronous evaluation`,
          span: req.span,
          hint: "use evaluate() (async) for programs that call tools",
        });
        step = this.advance(run, () => gen.throw(error));
      }
      return this.remember(step.value, run);
    } catch (e) {
      return this.stopped(run, e, []);
    }
  }

  private stretches(opts: EvaluateOptions): Stretches {
    const limits = resolveLimits({ ...this.limits, ...(opts.limits ?? {}) });
    const startedAt = performance.now();
    return {
      limits,
      startedAt,
      deadline: startedAt + limits.timeoutMs,
      txn: new Txn(this.namespace),
      cx: null,
      kept: null,
      infos: [],
    };
  }

  /**
   * Run one synchronous stretch of the evaluation (up to its end or its next tool call)
   * under the watchdog: it is stopped from outside shortly after the deadline even if the
   * cooperative checks inside never fire.
   */
  private stretch<T>(run: Stretches, f: () => T): T {
    const ms = Math.max(1, run.deadline - performance.now()) + PREEMPT_GRACE_MS;
    return preemptible(f, { ms, breakOnSigint: this.options.breakOnSigint === true });
  }

  /**
   * The result of an evaluation stopped from outside: the generator is gone without
   * running its own cleanup, so its transaction is undone here.
   */
  private stopped(run: Stretches, e: unknown, calls: readonly ToolCallRecord[]): EvalResult {
    run.txn.rollbackTo(0);
    const error = e instanceof PtcError && e.kind === "timeout" ? timeoutStop(run.limits.timeoutMs) : toPtcError(e);
    return {
      ok: false,
      error,
      output: run.cx?.out ?? [],
      warnings: run.cx?.warnings ?? [],
      toolCalls: calls,
      steps: run.cx?.steps ?? 0,
      durationMs: performance.now() - run.startedAt,
    };
  }

  /**
   * Run the requested tools (concurrently when several), within the deadline: each call's
   * raw answer, or its error, once all have settled.
   */
  private async answer(wait: ToolWait, infos: readonly ToolCallInfo[]): Promise<readonly Answer[]> {
    const tools = this.tools;
    const { cx, suspend } = wait;
    const deadline = batchDeadline(cx.deadline, cx.limits.timeoutMs);
    const answers = Promise.all(
      suspend.requests.map(async (req, i): Promise<Answer> => {
        // Own tools only: a name such as `constructor` is no tool.
        const fn = Object.hasOwn(tools, req.name) ? tools[req.name] : undefined;
        if (fn === undefined)
          return {
            req,
            error: new PtcError({ kind: "undefined", message: `unknown tool ${req.name}`, span: req.span }),
            ms: 0,
          };
        const t0 = performance.now();
        const info = infos[i] ?? { key: req.key };
        const called = Promise.resolve().then(() => fn(req.args, info));
        try {
          const raw = deadline.late === null ? await called : await Promise.race([called, deadline.late]);
          return { req, raw, ms: performance.now() - t0 };
        } catch (e) {
          // An answer that comes after the evaluation stopped waiting is never checked.
          void called.then(
            (late) => {
              if (late instanceof CheckedAnswer) late.settle(() => e);
            },
            () => undefined,
          );
          return { req, error: toolError(req, e), ms: performance.now() - t0 };
        }
      }),
    );
    try {
      return await answers;
    } finally {
      deadline.done();
    }
  }

  /**
   * Check and convert the answers into values and journal them (inside a stretch: checking
   * and converting a tool's answer is work of the evaluation, with its steps, its sizes and
   * its deadline). Returns the error to raise in the program: the first call's, in program
   * order — the same whatever order the calls end in, so a replay says the same.
   */
  private record(
    wait: ToolWait,
    answers: readonly Answer[],
    journal: Journal,
    calls: ToolCallRecord[],
  ): PtcError | null {
    const { cx } = wait;
    // Every answer that came is checked, also after a failed call: its host records how it went.
    let error: PtcError | null = null;
    const values: unknown[] = [];
    for (const a of answers) {
      if ("error" in a) {
        error ??= a.error;
        continue;
      }
      if (!(a.raw instanceof CheckedAnswer)) {
        values.push(a.raw);
        continue;
      }
      try {
        values.push(a.raw.check());
      } catch (e) {
        error ??= toolError(a.req, e);
      }
    }
    if (error !== null) return error;
    for (let i = 0; i < answers.length; i++) {
      const { req, ms } = answers[i]!;
      let result: Value;
      try {
        result = fromHost(values[i], { meter: cx, limits: cx.limits });
      } catch (e) {
        const problem = toPtcError(e);
        if (problem.kind === "timeout" || problem.kind === "interrupted") return problem.at(req.span);
        return new PtcError(
          { kind: "tool", message: `tool/${req.name} returned unusable data: ${problem.message}`, span: req.span },
          req.name,
        );
      }
      journal.set(req.key, { name: req.name, argsKey: req.argsKey, args: req.args, result, ms });
      calls.push({ name: req.name, args: req.args, ms });
    }
    return null;
  }
}

/** The error a failed call raises in the program, at the call. */
function toolError(req: ToolRequest, e: unknown): PtcError {
  // The evaluation's time, or a call the host stopped with its own message (a limit).
  if ((e instanceof PtcError && e.kind === "timeout") || e instanceof ToolStop) return (e as PtcError).at(req.span);
  return new PtcError(
    { kind: "tool", message: `tool/${req.name} failed: ${hostMessage(e)}`, span: req.span },
    req.name,
  );
}

function notChecked(): PtcError {
  return new PtcError({ kind: "timeout", message: "the evaluation stopped before the answer was checked" });
}

/** Tell the wrapped tools whose answers came how their checks went (or that they never ran). */
function settleAll(answers: readonly Answer[]): void {
  for (const a of answers) {
    if ("raw" in a && a.raw instanceof CheckedAnswer) a.raw.settle(notChecked);
  }
}

/** A task memory: a plain map of each id's first value. */
function taskMemory(onTask: SessionOptions["onTask"]): Session["tasks"] {
  const values = new Map<string, { readonly value: Value }>();
  return {
    get: (id) => values.get(id),
    set: (id, value) => {
      values.set(id, { value });
      onTask?.(id, value);
    },
    delete: (id) => values.delete(id),
    entries: () => values.entries(),
  };
}

/**
 * The evaluation's deadline for one batch of tool calls: a promise that rejects when it
 * passes (never, when it is further than a timer reaches), and `done` to stop its timer.
 * One timer for all the calls of the batch (a pmap of 1,000 calls makes one, not 1,000).
 */
function batchDeadline(deadline: number, timeoutMs: number): { readonly late: Promise<never> | null; done(): void } {
  const remaining = deadline - performance.now();
  if (remaining <= 0) {
    const late = Promise.reject(timeoutError(timeoutMs));
    late.catch(() => undefined);
    return { late, done: () => {} };
  }
  // Node's timers fire at once past 2^31-1 ms: a longer wait (an unlimited timeout) has no timer.
  if (remaining > MAX_TIMER_MS) return { late: null, done: () => {} };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(timeoutMs)), remaining);
  });
  late.catch(() => undefined);
  return { late, done: () => clearTimeout(timer) };
}

/** A tool's answer as the tool gave it, before it is converted; or the call's error. */
type Answer =
  | { readonly req: ToolRequest; readonly raw: unknown; readonly ms: number }
  | { readonly req: ToolRequest; readonly error: PtcError; readonly ms: number };

/** What one evaluation's synchronous stretches share. */
interface Stretches {
  readonly limits: Limits;
  readonly startedAt: number;
  readonly deadline: number;
  readonly txn: Txn;
  cx: EvalContext | null;
  /** The result as `*1` keeps it (shortened), once made. */
  kept: Value | null;
  /** The infos of the calls the evaluation waits for (their arguments checked). */
  infos: readonly ToolCallInfo[];
  /** Run on the result in the stretch where the evaluation ends (evaluateFrozenThen). */
  finish?: (r: EvalResult) => unknown;
  finished?: { readonly value: unknown };
}

function timeoutStop(ms: number): PtcError {
  return new PtcError({
    kind: "timeout",
    message: `timeout: the evaluation ran longer than ${ms} ms and was stopped`,
    hint: "the program did too much work; process less data at a time",
  });
}

function timeoutError(ms: number): PtcError {
  return new PtcError({
    kind: "timeout",
    message: `timeout: the evaluation ran longer than ${ms} ms (waiting for a tool)`,
  });
}
