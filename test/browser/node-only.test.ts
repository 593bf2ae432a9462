/** A feature that needs Node, used where there is none, is the caller's error, never `internal`. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonlTrace } from "../../src/agent/trace.js";
import { PtcError } from "../../src/diagnostics/error.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("node-only features without Node", () => {
  it("jsonlTrace is a definition error naming what it needs", () => {
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(undefined as never);
    let error: unknown;
    try {
      jsonlTrace("run.jsonl");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PtcError);
    expect((error as PtcError).kind).toBe("definition");
    expect((error as PtcError).format()).toBe(
      "a JSON Lines trace file needs Node.js (node:fs), which this platform does not have — run it under Node.js 20.19 or later, or leave this feature out where there is no Node",
    );
  });
});
