/**
 * Ctrl-C for programs that run agents: `cancelOnCtrlC()` gives run options that end the run
 * as `cancelled` when the user presses Ctrl-C, whatever the run is doing at that moment.
 *
 * Two cases need covering: while the model is thinking (or a tool awaits), Node delivers
 * SIGINT to the process's handlers, and the signal aborts the run; while a program runs
 * synchronously, no handler can run until it stops, so `breakOnSigint` lets the evaluation's
 * watchdog stop it (src/evaluator/preempt.ts).
 */

export interface CtrlC {
  /** Pass to `agent.run(input, { ...ctrlC.options })`. */
  readonly options: { readonly signal: AbortSignal; readonly breakOnSigint: true };
  /** Aborted on the first Ctrl-C. */
  readonly signal: AbortSignal;
  /** Stop listening (the process's default Ctrl-C behaviour comes back). */
  dispose(): void;
}

/**
 * Listen for Ctrl-C until `dispose()`: the first one cancels the run; a second one, while
 * the run is still winding down, exits the process with code 130 as shells expect.
 */
export function cancelOnCtrlC(): CtrlC {
  const controller = new AbortController();
  const onSigint = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error("cancelled (Ctrl-C)"));
  };
  process.on("SIGINT", onSigint);
  return {
    options: { signal: controller.signal, breakOnSigint: true },
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onSigint);
    },
  };
}
