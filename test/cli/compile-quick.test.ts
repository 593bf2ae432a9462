/**
 * The quick start of `ptcc compile` (src/cli/compile-quick.ts) reads the plain command lines
 * itself and leaves everything else to yargs (null), so that both always agree.
 */
import { describe, expect, it } from "vitest";
import { parseQuickCompile } from "../../src/cli/compile-quick.js";

describe("parseQuickCompile", () => {
  it.each([
    [["--out", "gen"], { out: "gen" }],
    [["agents", "--out", "gen"], { dirs: ["agents"], out: "gen" }],
    [["a", "b", "--out=gen", "--format", "json"], { dirs: ["a", "b"], out: "gen", format: "json" }],
    [["--out", "gen", "--check"], { out: "gen", check: true }],
    [["--watch", "--out", "gen", "--force"], { out: "gen", watch: true, force: true }],
    [["--out", "gen", "--format=xml"], { out: "gen", format: "xml" }],
    [[], {}],
  ])("%j → %j", (args, parsed) => {
    expect(parseQuickCompile(args)).toEqual(parsed);
  });

  it.each([
    [["--help"]],
    [["--version"]],
    [["--out"]],
    [["--out", "-x"]],
    [["--out", "a", "--out", "b"]],
    [["--check=true", "--out", "gen"]],
    [["--no-check", "--out", "gen"]],
    [["--out", "gen", "--check", "--check"]],
    [["-o", "gen"]],
    [["--", "agents"]],
    [["--outt", "gen"]],
  ])("%j is left to the full command line", (args) => {
    expect(parseQuickCompile(args)).toBeNull();
  });
});
