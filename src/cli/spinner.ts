/**
 * A one-line "thinking" spinner for `ptcc run`, written by hand: `\r<frame> <label>`
 * redrawn on a timer, the line cleared when it stops. It only ever draws on a terminal,
 * so pipes, files and tests see nothing of it.
 */

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const INTERVAL_MS = 80;
/** Carriage return, then erase to the end of the line. */
const CLEAR = "\r\x1b[K";

export interface Spinner {
  /** Show (or relabel) the spinner. */
  start(label: string): void;
  /** Clear the line; a no-op when it is not spinning. */
  stop(): void;
}

/** The part of a stream the spinner needs (process.stderr in the CLI). */
export interface SpinnerStream {
  readonly isTTY?: boolean;
  write(text: string): boolean;
}

/** The spinner of output that is not for a terminal (--json): it never draws. */
export const NO_SPINNER: Spinner = { start: () => {}, stop: () => {} };

export function createSpinner(stream: SpinnerStream): Spinner {
  if (stream.isTTY !== true) return NO_SPINNER;
  let timer: ReturnType<typeof setInterval> | null = null;
  let frame = 0;
  let label = "";
  const draw = (): void => {
    stream.write(`\r${FRAMES[frame % FRAMES.length]!} ${label}`);
    frame++;
  };
  return {
    start(next) {
      label = next;
      if (timer !== null) {
        // Relabel in place; clear first, as the new label may be shorter.
        stream.write(CLEAR);
        draw();
        return;
      }
      frame = 0;
      draw();
      timer = setInterval(draw, INTERVAL_MS);
      // The spinner must never be what keeps the process alive.
      timer.unref();
    },
    stop() {
      if (timer === null) return;
      clearInterval(timer);
      timer = null;
      stream.write(CLEAR);
    },
  };
}
