/**
 * Human output escapes control characters (issue 13): a program, its `println` output, a
 * value or an error message written by a model cannot retitle the window, clear the
 * screen or rewrite a line. JSON output is left to JSON's own escaping.
 */
import { describe, expect, it } from "vitest";
import { failureLine } from "../../src/cli/failure.js";
import { sanitize } from "../../src/cli/sanitize.js";
import { UsageError } from "../../src/cli/usage-error.js";

describe("sanitize", () => {
  it.each([
    ["\u001b]0;title\u0007", "\\u001b]0;title\\u0007"],
    ["\u001b[2J\u001b[H", "\\u001b[2J\\u001b[H"],
    ["a\rb\bc", "a\\u000db\\u0008c"],
    ["\u009b31m", "\\u009b31m"],
    ["\u202eevil", "\\u202eevil"],
    ["\u007f", "\\u007f"],
  ])("%j is shown as %s", (text, shown) => {
    expect(sanitize(text)).toBe(shown);
  });

  it("keeps newlines, tabs and every printable character", () => {
    const text = "line 1\n\tline 2 — ünïcødé ✓ 😀 ß";
    expect(sanitize(text)).toBe(text);
  });
});

describe("failureLine (what main.ts and ptcc compile print for a command that failed)", () => {
  it("escapes usage errors and internal errors alike", () => {
    expect(failureLine(new UsageError("no\u001b]0;x\u0007where: no such folder"))).toBe(
      "ptcc: no\\u001b]0;x\\u0007where: no such folder\n",
    );
    expect(failureLine(new Error("\u001b[2Jboom"))).toBe("ptcc: internal error: \\u001b[2Jboom\n");
    const unprintable = {
      toString(): string {
        throw new Error("no");
      },
    };
    expect(failureLine(unprintable)).toBe("ptcc: internal error: an error that cannot be shown\n");
  });
});
