/**
 * The quick start of `ptcc eval` (src/cli/fast-eval.ts): plain command lines are read
 * there, anything else goes to yargs; both paths give the same results.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFastEval } from "../../src/cli/fast-eval.js";

const BIN = join(__dirname, "..", "..", "bin", "ptcc.js");

function ptcc(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("parseFastEval", () => {
  it.each([
    [["-e", "(+ 1 2)"], { e: "(+ 1 2)", unlimited: false }],
    [["--expr", "x", "--json"], { e: "x", json: true, unlimited: false }],
    [["prog.clj", "--unlimited", "--timeout", "500"], { file: "prog.clj", unlimited: true, timeout: 500 }],
    [["-", "--context", "ctx.json"], { file: "-", context: "ctx.json", unlimited: false }],
    [[], { unlimited: false }],
  ])("reads %j", (args, expected) => {
    expect(parseFastEval(args)).toEqual(expected);
  });

  it.each([
    [["--help"]],
    [["--jsonl"]],
    [["-e", "-1"]],
    [["--expr=(+ 1 2)"]],
    [["--timeout", "1.5"]],
    [["--timeout", "abc"]],
    [["-e", "1", "-e", "2"]],
    [["a.clj", "b.clj"]],
    [["--json", "--json"]],
    [["-e"]],
    [["--unknown"]],
  ])("leaves %j to the full command line", (args) => {
    expect(parseFastEval(args)).toBeNull();
  });
});

describe("ptcc eval through either path", () => {
  it("prints the value, the error and the exit code as the full command line does", () => {
    const quick = ptcc(["eval", "-e", '(inc "a")']);
    // `--expr=` is not read by the quick start: yargs handles it.
    const full = ptcc(["eval", '--expr=(inc "a")']);
    expect(quick).toEqual(full);
    expect(quick.code).toBe(1);
    expect(quick.err).toContain('inc expects a number, got string "a"');
    expect(ptcc(["eval", "-e", "(+ 1 2)"])).toEqual(ptcc(["eval", "--expr=(+ 1 2)"]));
  });

  it("reports usage errors as the full command line does", () => {
    expect(ptcc(["eval"])).toEqual(ptcc(["eval", "--unlimited=true"]));
    expect(ptcc(["eval", "-e", "1", "--timeout", "0"]).err).toBe(
      "ptcc: --timeout must be a positive number of milliseconds\n",
    );
  });

  it("shows the control characters of a failure's message escaped, as the full command line does", () => {
    const file = "x\u001b]0;pwned\u0007.clj";
    const quick = ptcc(["eval", file]);
    expect(quick).toEqual(ptcc(["eval", file, "--unlimited=false"]));
    expect(quick.err).toMatch(/^ptcc: cannot read x\\u001b\]0;pwned\\u0007\.clj: /);
    expect(quick.err).not.toContain("\u001b");
  });
});
