/**
 * A session: the user namespace and `*1 *2 *3` that persist across evaluations (one
 * evaluation is one agent turn), the input data and the tools.
 */
import { PtcError } from "../diagnostics/error.js";
import type { SourceOrigin } from "../diagnostics/span-source.js";
import { fromHost } from "../runtime/convert.js";
import { resolveLimits, type Limits } from "../runtime/limits.js";
import { PMap } from "../runtime/map.js";
import { truncateValue } from "../runtime/truncate.js";
import type { Value } from "../runtime/values.js";
import {
  evaluation,
  toPtcError,
  type EvalResult,
  type PrintMode,
  type ToolCallRecord,
  type ToolWait,
} from "./evaluate.js";
import type { Journal } from "./eval-context.js";
import { UserNamespace } from "./namespace.js";

/** A host tool: gets the arguments as a JSON object, returns JSON (or a promise of it). */
export type ToolFunction = (args: Record<string, unknown>) => unknown;

export interface SessionOptions {
  /** The input data, read as `data/name`: a JSON object. */
  readonly context?: Record<string, unknown> | null;
  readonly tools?: Readonly<Record<string, ToolFunction>>;
  readonly limits?: Partial<Limits>;
  /**
   * Keep each `*1 *2 *3` result only up to about this many characters of its printed
   * form (agents: `historyMaxBytes`); unlimited by default. `def`s keep full values.
   */
  readonly historyMaxChars?: number;
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
}

const HISTORY = 3;

export class Session {
  readonly namespace = new UserNamespace();
  private history: Value[] = [];
  private readonly data: PMap | null;
  private readonly dataKeys: ReadonlySet<string> | null;
  private readonly toolNames: ReadonlySet<string> | null;
  private readonly limits: Partial<Limits>;

  constructor(private readonly options: SessionOptions = {}) {
    this.limits = options.limits ?? {};
    const ctx = options.context ?? null;
    if (ctx === null) {
      this.data = null;
      this.dataKeys = new Set();
    } else {
      const v = fromHost(ctx);
      if (!(v instanceof PMap))
        throw new PtcError({ kind: "type", message: "the input context must be a JSON object" });
      this.data = v;
      this.dataKeys = new Set(Object.keys(ctx));
    }
    const tools = options.tools ?? {};
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

  /** The input data (`data/...`) as PTC-Lisp values: the map, or null without input. */
  inputData(): PMap | null {
    return this.data;
  }

  /** `*1`, `*2`, `*3`: results of the last successful evaluations. */
  recent(): readonly Value[] {
    return this.history;
  }

  private input(source: string, opts: EvaluateOptions) {
    return {
      source,
      limits: resolveLimits({ ...this.limits, ...(opts.limits ?? {}) }),
      ns: this.namespace,
      data: this.data,
      dataKeys: this.dataKeys,
      tools: this.toolNames,
      history: this.history,
      print: opts.print ?? "full",
      file: opts.file,
      origin: opts.origin,
    };
  }

  private remember(r: EvalResult): EvalResult {
    if (r.ok) {
      const max = this.options.historyMaxChars;
      const v = max === undefined ? r.value : truncateValue(r.value, max);
      this.history = [v, ...this.history].slice(0, HISTORY);
    }
    return r;
  }

  /** Evaluate a program; tools are awaited as the program reaches them. */
  async evaluate(source: string, opts: EvaluateOptions = {}): Promise<EvalResult> {
    const journal: Journal = new Map();
    const calls: ToolCallRecord[] = [];
    const gen = evaluation(this.input(source, opts), journal, calls);
    let step = gen.next();
    while (!step.done) {
      let error: PtcError | null = null;
      try {
        await this.answer(step.value, journal, calls);
      } catch (e) {
        error = toPtcError(e);
      }
      step = error === null ? gen.next() : gen.throw(error);
    }
    return this.remember(step.value);
  }

  /** Evaluate a program that calls no tools, without any asynchrony. */
  evaluateSync(source: string, opts: EvaluateOptions = {}): EvalResult {
    const gen = evaluation(this.input(source, opts), new Map(), []);
    let step = gen.next();
    while (!step.done) {
      const req = step.value.suspend.requests[0]!;
      step = gen.throw(
        new PtcError({
          kind: "tool",
          message: `tool/${req.name} cannot be called by a synchronous evaluation`,
          span: req.span,
          hint: "use evaluate() (async) for programs that call tools",
        }),
      );
    }
    return this.remember(step.value);
  }

  /** Run the requested tools (concurrently when several), within the deadline. */
  private async answer(wait: ToolWait, journal: Journal, calls: ToolCallRecord[]): Promise<void> {
    const tools = this.options.tools ?? {};
    const { cx, suspend } = wait;
    const results = await Promise.all(
      suspend.requests.map(async (req) => {
        const fn = tools[req.name];
        if (fn === undefined)
          throw new PtcError({ kind: "undefined", message: `unknown tool ${req.name}`, span: req.span });
        const t0 = performance.now();
        let raw: unknown;
        try {
          raw = await withDeadline(
            Promise.resolve().then(() => fn(req.args)),
            cx.deadline,
            cx.limits.timeoutMs,
          );
        } catch (e) {
          if (e instanceof PtcError && e.kind === "timeout") throw e.at(req.span);
          const message = e instanceof Error ? e.message : String(e);
          throw new PtcError(
            { kind: "tool", message: `tool/${req.name} failed: ${message}`, span: req.span },
            req.name,
          );
        }
        let result: Value;
        try {
          result = fromHost(raw);
        } catch (e) {
          throw new PtcError(
            {
              kind: "tool",
              message: `tool/${req.name} returned unusable data: ${toPtcError(e).message}`,
              span: req.span,
            },
            req.name,
          );
        }
        return { req, result, ms: performance.now() - t0 };
      }),
    );
    for (const { req, result, ms } of results) {
      journal.set(req.key, { name: req.name, argsKey: JSON.stringify(req.args), args: req.args, result, ms });
      calls.push({ name: req.name, args: req.args, ms });
    }
  }
}

function withDeadline<T>(p: Promise<T>, deadline: number, timeoutMs: number): Promise<T> {
  const remaining = deadline - performance.now();
  if (remaining <= 0) return Promise.reject(timeoutError(timeoutMs));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(timeoutMs)), remaining);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

function timeoutError(ms: number): PtcError {
  return new PtcError({
    kind: "timeout",
    message: `timeout: the evaluation ran longer than ${ms} ms (waiting for a tool)`,
  });
}
