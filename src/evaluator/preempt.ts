/**
 * Hard preemption: the second line behind cooperative fuel.
 *
 * Compiled programs and builtins spend fuel and look at the clock (src/runtime/context.ts),
 * which stops a runaway evaluation with a positioned error. That depends on every loop in
 * every builtin charging; this module does not. Each synchronous stretch of an evaluation
 * runs under a watchdog that terminates whatever JavaScript runs on the isolate when its time
 * passes, however that code was written (a builtin that forgot to charge, a V8 regular
 * expression backtracking, a walk over a value that is exponentially large as a tree), and
 * the host process goes on. Node has two that can stop a synchronous stretch and hand
 * control back to its caller:
 *
 * - V8's inspector (the cheap one, ~15 µs a stretch): a same-thread inspector session's
 *   `Runtime.evaluate` with a `timeout` calls the stretch; the timeout is a delayed task on
 *   V8's existing worker threads, and a stretch it stops unwinds to the evaluate call only.
 *   The task stays queued until its time has passed even when the stretch ended long
 *   before, so the number of those pending is capped (PENDING_CAP: about 340 bytes each in
 *   Node's platform, 17 MB at most); past the cap, and where the inspector is not available,
 *   `vm` is used. Inside
 *   `Runtime.evaluate` V8 allows code generation from strings, so the inspector is used only
 *   where it is allowed anyway (not under `--disallow-code-generation-from-strings`).
 * - `vm`'s `runInContext` with a `timeout` (~80–150 µs a stretch): Node starts and joins a
 *   watchdog thread for each call. With `breakOnSigint`, Ctrl-C stops the stretch the same
 *   way; stretches that ask for it always use `vm`.
 *
 * Where neither is available (a browser bundle), stretches run directly and only the
 * cooperative checks hold. The choice and its cost are documented in docs/security.md.
 */
import { PtcError } from "../diagnostics/error.js";
import { optionalBuiltin } from "../platform.js";

/** The longest timeout `vm` accepts. */
const MAX_VM_TIMEOUT_MS = 4_294_967_295;

/** How long past its cooperative deadline a stretch may run before it is stopped from outside. */
export const PREEMPT_GRACE_MS = 25;

/**
 * At most this many inspector stretches' timeout tasks pending at once (each holds about 340
 * bytes in Node's platform until its time passes); more stretches use `vm`. A process reaches
 * it only by running more than 10,000 stretches a second under 5-second timeouts.
 */
export const PENDING_CAP = 50_000;

/** The cap in force (tests lower it). */
let pendingCap = PENDING_CAP;

/** How many stretches each watchdog has run in this process (tests and benchmarks read them). */
const counts = { inspector: 0, vm: 0 };

export interface PreemptOptions {
  /** Stop the stretch after this many milliseconds (at least 1). */
  readonly ms: number;
  /** Let Ctrl-C (SIGINT) stop the stretch; the process's own SIGINT handlers wait meanwhile. */
  readonly breakOnSigint?: boolean;
}

/** Which watchdog stops stretches in this process (tests and benchmarks read it). */
export type Watchdog = "inspector" | "vm" | "none";

interface VmModule {
  createContext(o: object): object;
  Script: new (code: string) => {
    runInContext(ctx: object, opts: { timeout?: number; breakOnSigint?: boolean }): unknown;
  };
}

interface InspectorSession {
  connect(): void;
  post(method: string, params: object, callback: (error: Error | null, result?: unknown) => void): void;
}

interface InspectorModule {
  Session: new () => InspectorSession;
}

interface VmGuard {
  readonly ctx: { run: (() => unknown) | undefined };
  readonly script: InstanceType<VmModule["Script"]>;
}

interface InspectorGuard {
  readonly session: InspectorSession;
  /** The `Runtime.evaluate` parameters, without the timeout. */
  readonly expression: string;
}

/** The vm context and script, made on first use (null where there is no `node:vm`). */
let vmGuard: VmGuard | null | undefined;
/** The inspector session, made on first use (null where it cannot be used). */
let inspectorGuard: InspectorGuard | null | undefined;
/** True while a stretch runs under the watchdog: an inner stretch is covered by it. */
let inside = false;
/** Off only for measuring what preemption costs (bench/agent-loop.mjs); never in use. */
let enabled = true;
/** Whether the inspector may be used at all (off: `vm` for every stretch; for tests and benchmarks). */
let inspectorAllowed = true;

/**
 * Turn hard preemption off (or back on) for the whole process. Internal: the agent-loop
 * benchmark measures a mission with and without it; nothing else may call this, since
 * without it only the cooperative checks bound an evaluation.
 */
export function setPreemptionForBenchmark(on: boolean): void {
  enabled = on;
}

/**
 * Use `vm` for every stretch (false) or the inspector where it can be (true, the default).
 * Internal: the tests run both watchdogs, the benchmarks compare them.
 */
export function setInspectorWatchdog(on: boolean): void {
  inspectorAllowed = on;
}

function getVmGuard(): VmGuard | null {
  if (vmGuard !== undefined) return vmGuard;
  const vm = optionalBuiltin("node:vm") as VmModule | undefined;
  if (vm === undefined) {
    vmGuard = null;
    return vmGuard;
  }
  const ctx = vm.createContext(Object.create(null) as object) as VmGuard["ctx"];
  vmGuard = { ctx, script: new vm.Script("run()") };
  return vmGuard;
}

// What the inspector's stretch runs: the stretch's function, and how it ended.
let current: (() => unknown) | undefined;
let state: "idle" | "running" | "returned" | "threw" = "idle";
let outcome: unknown;

function runCurrent(): void {
  const f = current!;
  current = undefined;
  state = "running";
  try {
    outcome = f();
    state = "returned";
  } catch (e) {
    outcome = e;
    state = "threw";
  }
}

/** Whether this context lets code be generated from strings (the inspector would allow it). */
function codeGenerationAllowed(): boolean {
  try {
    // The cheapest probe there is; under the flag (or a lockdown) it throws.
    Function("");
    return true;
  } catch {
    return false;
  }
}

function getInspectorGuard(): InspectorGuard | null {
  if (inspectorGuard !== undefined) return inspectorGuard;
  inspectorGuard = null;
  const inspector = optionalBuiltin("node:inspector") as InspectorModule | undefined;
  if (inspector === undefined || typeof inspector.Session !== "function" || !codeGenerationAllowed())
    return inspectorGuard;
  try {
    const session = new inspector.Session();
    // Refused under Node's permission model, missing from builds without the inspector.
    session.connect();
    // The stretch is reached through a global of this module instance's own (two copies of
    // ptcc in one process each have theirs); not enumerable, not writable.
    const key = `__ptccStretch${Math.random().toString(36).slice(2, 10)}`;
    Object.defineProperty(globalThis, key, { value: runCurrent, enumerable: false, writable: false });
    inspectorGuard = { session, expression: `void ${key}()` };
  } catch {
    inspectorGuard = null;
  }
  return inspectorGuard;
}

/** The stretches each watchdog has run so far in this process. */
export function watchdogStretches(): { readonly inspector: number; readonly vm: number } {
  return { ...counts };
}

/** Internal, for tests: the cap on pending inspector tasks (the default: PENDING_CAP). */
export function setPendingCapForTests(cap: number = PENDING_CAP): void {
  pendingCap = Math.min(PENDING_CAP, Math.max(0, cap));
}

/** Which watchdog a stretch without Ctrl-C handling gets here (while the pending cap allows). */
export function watchdog(): Watchdog {
  if (inspectorAllowed && getInspectorGuard() !== null) return "inspector";
  return getVmGuard() !== null ? "vm" : "none";
}

/** Whether stretches can be stopped from outside on this platform. */
export function canPreempt(): boolean {
  return watchdog() !== "none";
}

/**
 * The times (performance.now) at which pending inspector timeout tasks expire, as a binary
 * min-heap: stretches end in any order and with any timeout, the earliest expiry is dropped first.
 */
const pending = new Float64Array(PENDING_CAP);
let pendingCount = 0;

function dropExpired(now: number): void {
  while (pendingCount > 0 && pending[0]! <= now) {
    const last = pending[--pendingCount]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= pendingCount) break;
      const r = l + 1;
      const c = r < pendingCount && pending[r]! < pending[l]! ? r : l;
      if (pending[c]! >= last) break;
      pending[i] = pending[c]!;
      i = c;
    }
    pending[i] = last;
  }
}

function addPending(at: number): void {
  let i = pendingCount++;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (pending[p]! <= at) break;
    pending[i] = pending[p]!;
    i = p;
  }
  pending[i] = at;
}

/** How many inspector timeout tasks are pending now (for tests). */
export function pendingWatchdogTasks(): number {
  dropExpired(performance.now());
  return pendingCount;
}

/**
 * Run `f` synchronously; stop it from outside when it runs longer than `ms` (a
 * `timeout` PtcError) or when Ctrl-C is pressed with `breakOnSigint` (an `interrupted`
 * PtcError). What `f` was doing is abandoned mid-way: `finally` blocks inside it do not
 * run, so the caller restores any state `f` shares with the rest of the process.
 */
export function preemptible<T>(f: () => T, opts: PreemptOptions): T {
  if (inside || !enabled) return f();
  const ms = Math.min(MAX_VM_TIMEOUT_MS, Math.max(1, Math.ceil(opts.ms)));
  if (opts.breakOnSigint !== true && inspectorAllowed) {
    const g = getInspectorGuard();
    if (g !== null) {
      const now = performance.now();
      dropExpired(now);
      if (pendingCount < pendingCap) {
        const r = underInspector(g, f, ms, now);
        if (r !== NOT_RUN) return r as T;
      }
    }
  }
  return underVm(f, ms, opts);
}

const NOT_RUN: unique symbol = Symbol("not run");

/** `f` under the inspector's watchdog; NOT_RUN when the inspector did not call it (then `vm` does). */
function underInspector<T>(g: InspectorGuard, f: () => T, ms: number, now: number): T | typeof NOT_RUN {
  current = f;
  state = "idle";
  outcome = undefined;
  const answer: { failure: Error | null; reply: unknown } = { failure: null, reply: undefined };
  inside = true;
  try {
    g.session.post("Runtime.evaluate", { expression: g.expression, timeout: ms, silent: true }, (error, result) => {
      answer.failure = error;
      answer.reply = result;
    });
  } catch (e) {
    answer.failure = e instanceof Error ? e : new Error(String(e));
  } finally {
    inside = false;
    current = undefined;
  }
  const ended = stateNow();
  const value = outcome;
  state = "idle";
  outcome = undefined;
  if (ended !== "idle") {
    // Its timeout task is pending in V8's platform until its time has passed.
    addPending(now + ms);
    counts.inspector++;
  }
  if (ended === "returned") return value as T;
  if (ended === "threw") throw value;
  if (ended === "running") {
    // Started and never finished: the timeout stopped it (the only thing that can end a
    // stretch without a return or a throw, which runCurrent catches).
    if (answer.failure !== null || exceptionOf(answer.reply)) throw timeoutStop(ms);
    throw new PtcError({ kind: "internal", message: "a watchdog stretch ended without a result" });
  }
  // Never called: this process's inspector cannot run stretches (it stays with vm), unless
  // the isolate was already being terminated (then vm is no better, and this says why).
  if (answer.failure === null || !/terminated/i.test(answer.failure.message)) inspectorGuard = null;
  return NOT_RUN;
}

/** The stretch's state, read after the call (a function: TypeScript cannot see the callback set it). */
function stateNow(): typeof state {
  return state;
}

function exceptionOf(reply: unknown): boolean {
  return typeof reply === "object" && reply !== null && "exceptionDetails" in reply;
}

/** `f` under `vm`'s watchdog (or directly where there is no `node:vm`). */
function underVm<T>(f: () => T, ms: number, opts: PreemptOptions): T {
  const g = getVmGuard();
  if (g === null) return f();
  counts.vm++;
  let result: T | undefined;
  g.ctx.run = () => {
    result = f();
  };
  inside = true;
  try {
    g.script.runInContext(g.ctx, {
      // vm takes at most 2^32-1 ms (about 50 days): a longer limit is that one.
      timeout: ms,
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

function timeoutStop(ms: number): PtcError {
  return new PtcError({
    kind: "timeout",
    message: `timeout: the evaluation was stopped after ${Math.round(ms)} ms`,
    hint: "the program did too much work in one step; process less data at a time",
  });
}

/** The PtcError for a stretch the watchdog stopped, or null for any other error. */
function stopped(e: unknown, ms: number): PtcError | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return timeoutStop(ms);
  if (code === "ERR_SCRIPT_EXECUTION_INTERRUPTED") {
    return new PtcError({ kind: "interrupted", message: "interrupted (Ctrl-C)" });
  }
  return null;
}
