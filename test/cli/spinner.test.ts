/**
 * The `ptcc run` spinner: draws only on a terminal, relabels in place, clears its line;
 * gives way to streamed text and erases exactly the rows that text took.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, createSpinner, NO_SPINNER } from "../../src/cli/spinner.js";

function stream(
  isTTY: boolean,
  columns?: number,
): { isTTY: boolean; columns?: number; written: string[]; write: (s: string) => boolean } {
  const written: string[] = [];
  return { isTTY, ...(columns !== undefined ? { columns } : {}), written, write: (s) => (written.push(s), true) };
}

describe("createSpinner", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("writes nothing when the stream is not a terminal", () => {
    const s = stream(false);
    const spinner = createSpinner(s);
    expect(spinner).toBe(NO_SPINNER);
    spinner.start("thinking (agent, turn 1)");
    vi.advanceTimersByTime(500);
    spinner.stop();
    expect(s.written).toEqual([]);
  });

  it("draws frames on a timer, relabels, and clears the line when it stops", () => {
    const s = stream(true);
    const spinner = createSpinner(s);
    spinner.start("thinking (search, turn 1)");
    expect(s.written).toEqual(["\r⠋ thinking (search, turn 1)"]);
    vi.advanceTimersByTime(80);
    expect(s.written.at(-1)).toBe("\r⠙ thinking (search, turn 1)");
    spinner.start("thinking (summarize, depth 1, turn 1)");
    expect(s.written.slice(-2)).toEqual(["\r\x1b[K", "\r⠹ thinking (summarize, depth 1, turn 1)"]);
    spinner.stop();
    expect(s.written.at(-1)).toBe("\r\x1b[K");
    const count = s.written.length;
    vi.advanceTimersByTime(1000);
    spinner.stop();
    expect(s.written).toHaveLength(count);
  });
});

describe("streamed text", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("the spinner gives way to the text; stop erases the text's rows", () => {
    const s = stream(true, 20);
    const spinner = createSpinner(s);
    spinner.start("thinking (main, turn 1)");
    spinner.text("Adding.\n");
    spinner.text("(+ 1 2)");
    expect(s.written.slice(1)).toEqual(["\r\x1b[K", "Adding.\n", "(+ 1 2)"]);
    vi.advanceTimersByTime(500);
    expect(s.written).toHaveLength(4);
    spinner.stop();
    expect(s.written.at(-1)).toBe("\r\x1b[1A\x1b[J");
    spinner.stop();
    expect(s.written).toHaveLength(5);
  });

  it("control characters in the text are shown escaped; tabs as spaces; dim when asked", () => {
    const s = stream(true);
    const spinner = createSpinner(s, { dim: true });
    spinner.text("\x1b]0;pwned\x07\tx");
    expect(s.written).toEqual(["\x1b[2m\\u001b]0;pwned\\u0007  x\x1b[22m"]);
  });

  it("starting the spinner again erases the text first", () => {
    const s = stream(true);
    const spinner = createSpinner(s);
    spinner.text("one\ntwo\nthree");
    spinner.start("thinking (main, turn 2)");
    expect(s.written.slice(-2)).toEqual(["\r\x1b[2A\x1b[J", "\r⠋ thinking (main, turn 2)"]);
  });

  it("a terminal of unknown width (0 columns) counts as 80", () => {
    const s = stream(true, 0);
    const spinner = createSpinner(s);
    spinner.text("x".repeat(100));
    spinner.stop();
    expect(s.written.at(-1)).toBe("\r\x1b[1A\x1b[J");
  });

  it.each<[string, string, { rows: number; column: number }]>([
    ["a short line", "abc", { rows: 0, column: 3 }],
    ["a full row stays on it until one more character", "abcdefghij", { rows: 0, column: 10 }],
    ["one more character wraps", "abcdefghijk", { rows: 1, column: 1 }],
    ["a newline after a full row is one row", "abcdefghij\nx", { rows: 1, column: 1 }],
    ["newlines", "a\n\nb", { rows: 2, column: 1 }],
    ["wide characters take two columns", "日本語日本", { rows: 0, column: 10 }],
    ["a wide character does not fit in the last column", "abcdefghi日", { rows: 1, column: 2 }],
    ["combining marks take none", "e\u0301e\u0301", { rows: 0, column: 2 }],
  ])("advance: %s", (_name, text, at) => {
    expect(advance({ rows: 0, column: 0 }, text, 10)).toEqual(at);
  });
});
