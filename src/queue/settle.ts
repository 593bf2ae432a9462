/** Waiting for a run to end by asking where it is, for backends whose events may be missed. */
import { messageOf, QueueError } from "./errors.js";
import type { RunState } from "./backend.js";
import type { RunStatus } from "./types.js";

export const TERMINAL_STATUSES: ReadonlySet<RunStatus> = new Set(["completed", "cancelled", "failed"]);

/**
 * Resolves with the run's state once it has ended, asking `state` at growing intervals (up
 * to `maxPollMs`) and whenever `poke` is called (an event said something changed). A
 * `state` that fails is asked again (a server restarting) until it has failed for `maxFailingMs`.
 */
export function settledByPolling(
  id: string,
  state: (id: string) => Promise<RunState | null>,
  timeoutMs: number | undefined,
  options: {
    readonly maxPollMs?: number;
    readonly maxFailingMs?: number;
    readonly onPoke?: (poke: () => void) => () => void;
  } = {},
): Promise<RunState> {
  const maxPollMs = options.maxPollMs ?? 500;
  const maxFailingMs = options.maxFailingMs ?? 30_000;
  return new Promise<RunState>((resolve, reject) => {
    let done = false;
    let wait = 10;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;
    let again = false;
    let failingSince: number | undefined;
    const stop = (): void => {
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      clearTimeout(deadline);
      unsubscribe();
    };
    const check = async (): Promise<void> => {
      if (done) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        const s = await state(id);
        if (done) return;
        if (s === null) {
          stop();
          reject(new QueueError("not_found", `no run ${id}`));
          return;
        }
        if (TERMINAL_STATUSES.has(s.status)) {
          stop();
          resolve(s);
          return;
        }
        failingSince = undefined;
      } catch (e) {
        if (done) return;
        // The queue's server may be restarting: ask again, until it has failed for too long.
        failingSince ??= Date.now();
        if (Date.now() - failingSince > maxFailingMs) {
          stop();
          reject(
            new QueueError(
              "backend",
              `could not learn where run ${id} is for ${maxFailingMs} ms: ${messageOf(e)}`,
              undefined,
              { cause: e },
            ),
          );
          return;
        }
      } finally {
        checking = false;
      }
      if (again) {
        again = false;
        void check();
        return;
      }
      timer = setTimeout(() => void check(), wait);
      wait = Math.min(maxPollMs, wait * 2);
    };
    const poke = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      void check();
    };
    const unsubscribe = options.onPoke?.(poke) ?? ((): void => undefined);
    const deadline =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            if (done) return;
            stop();
            reject(new QueueError("timeout", `run ${id} has not ended after ${timeoutMs} ms`));
          }, timeoutMs);
    void check();
  });
}
