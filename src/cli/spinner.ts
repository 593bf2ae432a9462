/**
 * A one-line "thinking" spinner for `ptcc run`, written by hand: `\r<frame> <label>`
 * redrawn on a timer, the line cleared when it stops. It only ever draws on a terminal,
 * so pipes, files and tests see nothing of it.
 *
 * When the model streams its reply, the spinner gives way to the text as it arrives
 * (`text()`); `stop()` then erases those lines too, as the turn's own lines replace them.
 * To erase them it counts the rows they took, wrapped at the terminal's width.
 */
import { sanitize } from "./sanitize.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const INTERVAL_MS = 80;
/** Carriage return, then erase to the end of the line. */
const CLEAR = "\r\x1b[K";

export interface Spinner {
  /** Show (or relabel) the spinner. */
  start(label: string): void;
  /**
   * Show a piece of the model's reply as it streams: the spinner (if any) gives way to it.
   * Control characters are shown escaped.
   */
  text(delta: string): void;
  /** Clear the spinner's line, or the streamed text; a no-op when nothing is shown. */
  stop(): void;
}

/** The part of a stream the spinner needs (process.stderr in the CLI). */
export interface SpinnerStream {
  readonly isTTY?: boolean;
  /** The terminal's width, to count the rows streamed text wraps to (default 80). */
  readonly columns?: number;
  write(text: string): boolean;
}

export interface SpinnerOptions {
  /** Show streamed text dimmed (when colors are on). */
  readonly dim?: boolean;
}

/** The spinner of output that is not for a terminal (--json): it never draws. */
export const NO_SPINNER: Spinner = { start: () => {}, text: () => {}, stop: () => {} };

export function createSpinner(stream: SpinnerStream, options: SpinnerOptions = {}): Spinner {
  if (stream.isTTY !== true) return NO_SPINNER;
  let timer: ReturnType<typeof setInterval> | null = null;
  let frame = 0;
  let label = "";
  /** Streamed text on screen: the rows below its first, and the column the cursor is at. */
  let streamed: { rows: number; column: number } | null = null;
  const endSpin = (): void => {
    if (timer === null) return;
    clearInterval(timer);
    timer = null;
    stream.write(CLEAR);
  };
  const draw = (): void => {
    stream.write(`\r${FRAMES[frame % FRAMES.length]!} ${label}`);
    frame++;
  };
  return {
    start(next) {
      if (streamed !== null) this.stop();
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
    text(delta) {
      if (delta === "") return;
      endSpin();
      const shown = sanitize(delta).replace(/\t/g, "  ");
      // A pseudo-terminal without a size says 0 columns: count as 80 then.
      const width = stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80;
      streamed = advance(streamed ?? { rows: 0, column: 0 }, shown, width);
      stream.write(options.dim === true ? `\x1b[2m${shown}\x1b[22m` : shown);
    },
    stop() {
      endSpin();
      if (streamed === null) return;
      // Back to the first row of the text, then erase to the end of the screen.
      stream.write(`\r${streamed.rows > 0 ? `\x1b[${streamed.rows}A` : ""}\x1b[J`);
      streamed = null;
    },
  };
}

/**
 * Where the cursor is after writing `text` from `at`, on a terminal `width` columns wide.
 * A full row wraps only when one more character comes (terminals hold the cursor at the
 * last column until then); wide characters (CJK, emoji) take two columns.
 */
export function advance(
  at: { rows: number; column: number },
  text: string,
  width: number,
): { rows: number; column: number } {
  let { rows, column } = at;
  for (const ch of text) {
    if (ch === "\n") {
      rows++;
      column = 0;
      continue;
    }
    const w = cellWidth(ch.codePointAt(0)!);
    if (w === 0) continue;
    if (column + w > width) {
      rows++;
      column = 0;
    }
    column += w;
  }
  return { rows, column };
}

/** Columns a character takes: 0 for combining marks and joiners, 2 for wide ones, else 1. */
function cellWidth(cp: number): number {
  if ((cp >= 0x300 && cp <= 0x36f) || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  const wide =
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd);
  return wide ? 2 : 1;
}
