/**
 * json/parse-string, json/parse-lines and json/generate-string: round trips over any JSON
 * value, errors positioned at the JSON parser's line and column, and hostile text (deep
 * nesting, huge documents, long strings) stopped by the run's limits without a crash.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateSync } from "../../src/index.js";
import { failure, printed } from "../helpers.js";

/** Run a program with `text` as `data/text`. */
function withText(program: string, text: string, limits = {}) {
  return evaluateSync(program, { context: { text }, limits });
}

describe("json/parse-string", () => {
  it("reads any JSON value back from the text JSON.stringify writes", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const text = JSON.stringify(v);
        const r = withText("(json/generate-string (json/parse-string data/text))", text);
        expect(r.ok, r.ok ? "" : r.error.format()).toBe(true);
        // -0 and numbers written as 1e21 come back in JSON's own spelling.
        if (r.ok) expect(JSON.parse(JSON.parse(r.printed) as string)).toEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  it("answers or fails with a runtime error for any text, never a crash", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
        ),
        (text) => {
          const r = withText("(json/parse-string data/text)", text);
          if (!r.ok) expect(["runtime", "limit"]).toContain(r.error.kind);
        },
      ),
      { numRuns: 300 },
    );
  });

  const positions: [string, string][] = [
    ["[1, 2", "line 1, column 6"],
    ['{"a": 1,\n "b" 2}', "line 2, column 6"],
    ["", "line 1, column 1"],
    ["[1] x", "line 1, column 5"],
    ['{"a":tru}', "line 1, column 6"],
    ['["a\nb"]', "line 1, column 4"],
    ["\n\n  {,}", "line 3, column 4"],
  ];
  it.each(positions)("names the line and column of invalid JSON: %j", (text, where) => {
    const r = withText("(json/parse-string data/text)", text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe("runtime");
      expect(r.error.format()).toContain(`invalid JSON at ${where}`);
      // The program position is there too: the call that parsed.
      expect(r.error.format()).toContain("at 1:1");
    }
  });

  it("counts JSON Lines errors by the line of the whole text", () => {
    expect(failure('(json/parse-lines "1\\n2\\n\\n[3,")').text).toContain("invalid JSON at line 4, column 4");
  });

  it("keyword keys, a key function, nested data", () => {
    expect(printed('(json/parse-string "{\\"a\\": {\\"b-c\\": [1]}}" true)')).toBe("{:a {:b-c [1]}}");
    expect(printed('(json/parse-string "{\\"a\\": 1}" clojure.string/upper-case)')).toBe('{"A" 1}');
  });
});

describe("hostile JSON text", () => {
  it("deep nesting is an error at 500 levels, also a million levels deep", () => {
    const deep = "[".repeat(1_000_000) + "]".repeat(1_000_000);
    const r = withText("(json/parse-string data/text)", deep);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.format()).toMatch(/nested more than 500 levels/);
    const bad = "[".repeat(1_000_000);
    const r2 = withText("(json/parse-string data/text)", bad);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error.format()).toContain("invalid JSON at line 1, column 1000001");
  });

  it("a document past the collection size limit is a limit error", () => {
    const big = `[${"1,".repeat(1_500_000)}1]`;
    const r = withText("(count (json/parse-string data/text))", big);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe("limit");
  });

  it("long strings are read whole (a decoded string is never longer than its JSON text, which the string limit bounds)", () => {
    const r = withText("(count (json/parse-string data/text))", JSON.stringify("xé".repeat(500_000)));
    expect(r.ok && r.printed).toBe("1000000");
  });

  it("generating past the string limit is a limit error", () => {
    const r = evaluateSync('(json/generate-string (vec (repeat 1000 "xxxxxxxxxx")))', { limits: { maxString: 5_000 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe("limit");
  });

  it("many parses of a large document stop at the time limit", () => {
    const doc = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `n${i}` })));
    const t0 = Date.now();
    const r = withText("(loop [i 0] (json/parse-string data/text) (recur (inc i)))", doc, { timeoutMs: 300 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe("timeout");
    expect(Date.now() - t0).toBeLessThan(3_000);
  });
});

describe("work that builds text from a long string is charged before it is done", () => {
  const long = '(def s (apply str (repeat 1000000 "0123456789")))';

  it("json/generate-string of a long string repeated is a limit error, not a crash of V8's string length", () => {
    const r = evaluateSync(`${long} (json/generate-string (vec (repeat 60 s)))`);
    expect(r.ok ? "ok" : r.error.kind).toBe("limit");
    if (!r.ok) expect(r.error.message).toMatch(/string/);
  });

  it("a result holding a long string a million times stops at the step limit (hashing it is charged)", () => {
    const t0 = performance.now();
    const r = evaluateSync(`${long} (vec (repeat 1000000 s))`);
    expect(r.ok ? "ok" : r.error.kind).toBe("limit");
    expect(performance.now() - t0).toBeLessThan(4000);
  });
});
