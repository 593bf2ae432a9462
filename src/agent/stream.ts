/**
 * `agent.stream(input, options)`: a run as an async iterable of its events, with the Step
 * as a promise. The run starts at once; events wait in order until read. Leaving the loop
 * early (`break`, `return`, a throw in its body) cancels the run.
 *
 *   const run = agent.stream(input, { llm });
 *   for await (const e of run) if (e.type === "text-delta") process.stdout.write(e.delta);
 *   const step = await run.step;
 */
import type { RunEvent } from "./events.js";
import type { RunOptions, Step } from "./types.js";

export interface RunStream<O = unknown> extends AsyncIterable<RunEvent> {
  /** The run's result, whether the events are read or not. */
  readonly step: Promise<Step<O>>;
  /** Cancel the run (it ends `cancelled`); the events end with its `run-end`. */
  cancel(reason?: string): void;
}

/** Starts `run` with an event sink and a cancel signal; returns its events and its Step. */
export function streamRun<O>(options: RunOptions, run: (options: RunOptions) => Promise<Step<O>>): RunStream<O> {
  const queue: RunEvent[] = [];
  let waiting: (() => void) | null = null;
  let done = false;
  let iterating = false;
  const controller = new AbortController();
  const given = options.signal;
  if (given !== undefined) {
    if (given.aborted) controller.abort(given.reason);
    else given.addEventListener("abort", () => controller.abort(given.reason), { once: true });
  }
  const wake = (): void => {
    const w = waiting;
    waiting = null;
    w?.();
  };
  const theirs = options.onEvent;
  const step = run({
    ...options,
    signal: controller.signal,
    onEvent: (e) => {
      theirs?.(e);
      queue.push(e);
      wake();
    },
  }).finally(() => {
    done = true;
    wake();
  });
  const cancel = (reason = "cancelled"): void => {
    if (!controller.signal.aborted) controller.abort({ kind: "cancelled", reason });
  };
  return {
    step,
    cancel,
    [Symbol.asyncIterator](): AsyncIterator<RunEvent> {
      if (iterating) throw new TypeError("a run's events can be read once");
      iterating = true;
      let read = 0;
      return {
        next: async (): Promise<IteratorResult<RunEvent>> => {
          for (;;) {
            if (read < queue.length) {
              const value = queue[read]!;
              // Free what was read: a long run's events are not all kept.
              queue[read++] = undefined as unknown as RunEvent;
              if (read > 1024 && read * 2 > queue.length) {
                queue.splice(0, read);
                read = 0;
              }
              return { value, done: false };
            }
            if (done) return { value: undefined, done: true };
            await new Promise<void>((resolve) => (waiting = resolve));
          }
        },
        return: async (): Promise<IteratorResult<RunEvent>> => {
          // Left early: the run is not wanted any more.
          if (!done) cancel("the event stream was closed");
          done = true;
          return { value: undefined, done: true };
        },
      };
    },
  };
}
