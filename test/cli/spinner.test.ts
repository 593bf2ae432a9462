/** The `ptcc run` spinner: draws only on a terminal, relabels in place, clears its line. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSpinner, NO_SPINNER } from "../../src/cli/spinner.js";

function stream(isTTY: boolean): { isTTY: boolean; written: string[]; write: (s: string) => boolean } {
  const written: string[] = [];
  return { isTTY, written, write: (s) => (written.push(s), true) };
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
