/**
 * Hard preemption: the second line behind cooperative fuel.
 *
 * Compiled programs and builtins spend fuel and look at the clock (src/runtime/context.ts),
 * which stops a runaway evaluation with a positioned error. That depends on every loop in
 * every builtin charging; this module does not. Each synchronous stretch of an evaluation
 * runs inside `vm`'s `runInContext` with a `timeout`: Node starts a watchdog thread that
 * terminates whatever JavaScript runs on the isolate when the time passes, however that
 * code was written (a builtin that forgot to charge, a V8 regular expression backtracking,
 * a walk over a value that is exponentially large as a tree), and the host process goes on.
 * With `breakOnSigint`, Ctrl-C stops the stretch the same way.
 *
 * Where `node:vm` is not available (a browser bundle), stretches run directly and only the
 * cooperative checks hold. The choice and its cost are documented in docs/security.md.
 */
import { PtcError } from "../diagnostics/error.js";

/** The longest timeout `vm` accepts. */
const MAX_VM_TIMEOUT_MS = 4_294_967_295;

/** How long past its cooperative deadline a stretch may run before it is stopped from outside. */
export const PREEMPT_GRACE_MS = 25;

export interface PreemptOptions {
  /** Stop the stretch after this many milliseconds (at least 1). */
  readonly ms: number;
  /** Let Ctrl-C (SIGINT) stop the stretch; the process's own SIGINT handlers wait meanwhile. */
  readonly breakOnSigint?: boolean;
}

interface VmModule {
  createContext(o: object): object;
  Script: new (code: string) => {
    runInContext(ctx: object, opts: { timeout?: number; breakOnSigint?: boolean }): unknown;
  };
}

interface Guard {
  readonly ctx: { run: (() => unknown) | undefined };
  readonly script: InstanceType<VmModule["Script"]>;
}

/** The vm context and script, made on first use (null where there is no `node:vm`). */
let guard: Guard | null | undefined;
/** True while a stretch runs under the watchdog: an inner stretch is covered by it. */
let inside = false;
/** Off only for measuring what preemption costs (bench/agent-loop.mjs); never in use. */
let enabled = true;

/**
 * Turn hard preemption off (or back on) for the whole process. Internal: the agent-loop
 * benchmark measures a mission with and without it; nothing else may call this, since
 * without it only the cooperative checks bound an evaluation.
 */
export function setPreemptionForBenchmark(on: boolean): void {
  enabled = on;
}

function getGuard(): Guard | null {
  if (guard !== undefined) return guard;
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const vm = p?.getBuiltinModule?.("node:vm") as VmModule | undefined;
  if (vm === undefined) {
    guard = null;
    return guard;
  }
  const ctx = vm.createContext(Object.create(null) as object) as Guard["ctx"];
  guard = { ctx, script: new vm.Script("run()") };
  return guard;
}

/** Whether stretches can be stopped from outside on this platform. */
export function canPreempt(): boolean {
  return getGuard() !== null;
}

/**
 * Run `f` synchronously; stop it from outside when it runs longer than `ms` (a
 * `timeout` PtcError) or when Ctrl-C is pressed with `breakOnSigint` (an `interrupted`
 * PtcError). What `f` was doing is abandoned mid-way: `finally` blocks inside it do not
 * run, so the caller restores any state `f` shares with the rest of the process.
 */
export function preemptible<T>(f: () => T, opts: PreemptOptions): T {
  const g = inside || !enabled ? null : getGuard();
  if (g === null) return f();
  let result: T | undefined;
  g.ctx.run = () => {
    result = f();
  };
  inside = true;
  try {
    g.script.runInContext(g.ctx, {
      // vm takes at most 2^32-1 ms (about 50 days): a longer limit is that one.
      timeout: Math.min(MAX_VM_TIMEOUT_MS, Math.max(1, Math.ceil(opts.ms))),
      ...(opts.breakOnSigint === true ? { breakOnSigint: true } : {}),
    });
  } catch (e) {
    throw stopped(e, opts.ms) ?? e;
  } finally {
    inside = false;
    g.ctx.run = undefined;
  }
  return result as T;
}

/** The PtcError for a stretch the watchdog stopped, or null for any other error. */
function stopped(e: unknown, ms: number): PtcError | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
    return new PtcError({
      kind: "timeout",
      message: `timeout: the evaluation was stopped after ${Math.round(ms)} ms`,
      hint: "the program did too much work in one step; process less data at a time",
    });
  }
  if (code === "ERR_SCRIPT_EXECUTION_INTERRUPTED") {
    return new PtcError({ kind: "interrupted", message: "interrupted (Ctrl-C)" });
  }
  return null;
}
