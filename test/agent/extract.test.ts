import { describe, expect, it } from "vitest";
import { cleanReply, extractJson, extractProgram, extractToolProgram } from "../../src/agent/extract.js";

describe("extractProgram", () => {
  it.each([
    ["a clojure block with prose around", "Let me see.\n```clojure\n(+ 1 2)\n```\nDone.", "(+ 1 2)", 1, true],
    [
      "lisp, clj and unlabelled blocks",
      "```lisp\n(a)\n```\n```clj\n(b)\n```\n```\n(c)\n```",
      "(a)\n\n(b)\n\n(c)",
      3,
      true,
    ],
    ["blocks in other languages are ignored", "```python\nprint(1)\n```\n```clojure\n(x)\n```", "(x)", 1, true],
    ["an unclosed block runs to the end", "```clojure\n(return 1)", "(return 1)", 1, false],
    ["a closed block, then an unclosed one", "```clojure\n(a)\n```\n```clojure\n(b", "(a)\n\n(b", 2, false],
    ["a bare program", "  (def x 1)\n(inc x)  ", "(def x 1)\n(inc x)", 0, false],
    ["a bare symbol", "results", "results", 0, false],
    ["a bare vector", "[1 2]", "[1 2]", 0, false],
    ["longer fences and tildes", "````clojure\n(a)\n````\n~~~clojure\n(b)\n~~~", "(a)\n\n(b)", 2, true],
    ["empty blocks are skipped", "```clojure\n\n```\n```clojure\n(a)\n```", "(a)", 1, true],
  ])("%s", (_name, reply, code, blocks, closed) => {
    expect(extractProgram(reply)).toEqual({ code, blocks, closed });
  });

  it.each([["I will first look at the data."], [""], ["```python\nx = 1\n```"]])("no program in %j", (reply) => {
    expect(extractProgram(reply).code).toBeNull();
  });
});

describe("extractToolProgram", () => {
  it.each([
    ["(+ 1 2)", "(+ 1 2)"],
    [";; a comment first\n(inc 1)", ";; a comment first\n(inc 1)"],
    ["```clojure\n(inc 1)\n```", "(inc 1)"],
    ["(a\u00a0b)\r\n", "(a b)"],
    ["   ", null],
  ])("%j", (text, code) => {
    expect(extractToolProgram(text)).toBe(code);
  });
});

describe("cleanReply", () => {
  it("normalizes line ends, zero-width characters and odd spaces", () => {
    expect(cleanReply("(a\u00a0b)\r\n(c\u200b)\r(d\u202fe)\ufeff")).toBe("(a b)\n(c)\n(d e)");
  });
});

describe("extractJson", () => {
  it.each([
    ['```json\n{"a": 1}\n```', '{"a": 1}'],
    ["Here:\n```json\n[1]\n```\nor rather:\n```json\n[2]\n```", "[2]"],
    ['{"a": 1}', '{"a": 1}'],
    ["", null],
  ])("%j", (reply, code) => {
    expect(extractJson(reply).code).toBe(code);
  });
});
