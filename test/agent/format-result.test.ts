import { describe, expect, it } from "vitest";
import { formatResult } from "../../src/agent/format-result.js";

describe("formatResult", () => {
  it.each([
    [{ a: 1, b: [1, 2, 3] }, {}, '{"a":1,"b":[1,2,3]}'],
    [[1, 2, 3, 4], { resultLimit: 2 }, "[1,2,… 2 more]"],
    [{ a: 1, b: 2, c: 3 }, { resultLimit: 1 }, '{"a":1,… 2 more}'],
    ["x".repeat(30), { resultMaxChars: 10 }, '"xxxxxxxxx... (22 more characters)'],
    [null, {}, "null"],
  ])("%j with %j", (value, options, text) => {
    expect(formatResult(value, options)).toBe(text);
  });
});
