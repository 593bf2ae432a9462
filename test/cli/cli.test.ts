/**
 * The CLI contract, run against the built command (`npm install` builds dist/).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = join(__dirname, "..", "..", "bin", "ptcc.js");

function ptcc(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: "utf8", timeout: 20_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), "ptcc-cli-"));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe("ptcc --version", () => {
  it("prints the package's version and exits 0", () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
      version: string;
    };
    expect(ptcc(["--version"])).toEqual({ code: 0, out: `${version}\n`, err: "" });
    expect(ptcc(["--help"]).out).toContain("--version  Print ptcc's version");
  });
});

describe("ptcc eval", () => {
  it("-e prints the result in pr-str notation", () => {
    expect(ptcc(["eval", "-e", "(+ 1 2)"])).toEqual({ code: 0, out: "3\n", err: "" });
    expect(ptcc(["eval", "-e", '{:a [1 2.0 "s"]}']).out).toBe('{:a [1 2.0 "s"]}\n');
  });

  it("reads a file or stdin", () => {
    expect(ptcc(["eval", file("p.clj", "(def x 2)\n(* x 21)\n")]).out).toBe("42\n");
    expect(ptcc(["eval", "-"], '(str "a" "b")').out).toBe('"ab"\n');
  });

  it("prints println output before the result", () => {
    expect(ptcc(["eval", "-e", '(println "hi") 1']).out).toBe("hi\n1\n");
  });

  it("an error goes to stderr with its position and exits 1", () => {
    const r = ptcc(["eval", "-e", "(fliter odd? [1 2])"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("error[undefined]: undefined symbol fliter at 1:2 — did you mean filter?");
    expect(r.err).toContain("> 1 | (fliter odd? [1 2])");
  });

  it("errors in a file name the file", () => {
    const p = file("bad.clj", '(+ 1\n   (inc "a"))');
    expect(ptcc(["eval", p]).err).toContain(`inc expects a number, got string "a" at ${p}:2:4`);
  });

  it("--context binds data/", () => {
    const ctx = file(
      "ctx.json",
      JSON.stringify({
        orders: [
          { id: 1, total: 5 },
          { id: 2, total: 7 },
        ],
      }),
    );
    expect(ptcc(["eval", "--context", ctx, "-e", "(reduce + (map :total data/orders))"]).out).toBe("12\n");
  });

  it("--json prints one object, for success and for failure", () => {
    const ok = ptcc(["eval", "--json", "-e", "{:a [1 2.5 :k] :b nil}"]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toEqual({
      ok: true,
      printed: "{:a [1 2.5 :k], :b nil}",
      value: { a: [1, 2.5, "k"], b: null },
    });
    const bad = ptcc(["eval", "--json", "-e", '(inc "a")']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toEqual({
      ok: false,
      error: { kind: "type", message: 'inc expects a number, got string "a"', line: 1, column: 1 },
    });
  });

  it("--timeout stops a long program with a timeout error", () => {
    const r = ptcc(["eval", "--json", "--timeout", "200", "--unlimited", "-e", "(loop [] (recur))"]);
    expect(JSON.parse(r.out).error.kind).toBe("timeout");
  });

  it("without --unlimited an infinite loop hits the step limit", () => {
    const r = ptcc(["eval", "--json", "-e", "(loop [] (recur))"]);
    expect(JSON.parse(r.out).error.kind).toBe("limit");
  });

  it("--unlimited lifts size limits", () => {
    expect(ptcc(["eval", "--unlimited", "-e", "(count (range 3000000))"]).out).toBe("3000000\n");
  });

  it("--jsonl answers every line in order, in fresh environments, and survives bad lines", () => {
    const input = [
      JSON.stringify({ id: "a", program: "(def x 1) (+ x 1)" }),
      "this is not json",
      JSON.stringify({ id: 2, program: "x" }),
      JSON.stringify({ id: "c", program: "(:n data/m)", context: { m: { n: 5 } } }),
      JSON.stringify({ id: "d" }),
      JSON.stringify({ id: "e", program: "(loop [] (recur))" }),
    ].join("\n");
    const r = ptcc(["eval", "--jsonl"], `${input}\n`);
    expect(r.code).toBe(0);
    const lines = r.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { id: "a", ok: true, printed: "2" },
      { id: null, ok: false, error: { kind: "input", message: expect.stringContaining("not valid JSON") } },
      { id: 2, ok: false, error: { kind: "undefined", message: "undefined symbol x", line: 1, column: 1 } },
      { id: "c", ok: true, printed: "5" },
      { id: "d", ok: false, error: { kind: "input", message: '"program" must be a string' } },
      { id: "e", ok: false, error: expect.objectContaining({ kind: "limit" }) },
    ]);
  });

  it("usage mistakes exit 2 with a message", () => {
    expect(ptcc(["eval"]).code).toBe(2);
    expect(ptcc(["eval", "--context", join(dir, "missing.json"), "-e", "1"]).err).toContain("cannot read --context");
    expect(ptcc(["eval", "--context", file("arr.json", "[1]"), "-e", "1"]).err).toContain("must be a JSON object");
    expect(ptcc(["eval", join(dir, "nope.clj")]).code).toBe(2);
    expect(ptcc(["frobnicate"]).code).toBe(2);
  });
});

describe("hostile programs (issue 13)", () => {
  it("human output shows control characters escaped; --json keeps them as JSON escapes", () => {
    const program = '(println "\u001b]0;pwned\u0007\u001b[2J") "\u001b[31m"';
    const human = ptcc(["eval", "-e", program]);
    expect(human.code).toBe(0);
    expect(human.out).not.toContain("\u001b");
    expect(human.out).toBe('\\u001b]0;pwned\\u0007\\u001b[2J\n"\\u001b[31m"\n');
    const json = ptcc(["eval", "--json", "-e", program]);
    expect(JSON.parse(json.out)).toEqual({ ok: true, printed: '"\u001b[31m"', value: "\u001b[31m" });
  });

  it("an error message quoting control characters is escaped too", () => {
    const r = ptcc(["eval", "-e", '(inc "\u001b[2J")']);
    expect(r.code).toBe(1);
    expect(r.err).not.toContain("\u001b");
    expect(r.err).toContain("\\u001b[2J");
  });

  it("--json of a value nested too deep is a typed failure, not a crash", () => {
    const r = ptcc(["eval", "--json", "-e", "(def d (reduce (fn [a _] [a]) [] (range 2500))) (count d)"]);
    expect(r.code).toBe(0);
    const deep = ptcc(["eval", "--json", "-e", "(reduce (fn [a _] [a]) [] (range 2500))"]);
    expect(deep.code).toBe(1);
    const json = JSON.parse(deep.out) as { ok: boolean; error: { kind: string; message: string } };
    expect(json.ok).toBe(false);
    expect(json.error.kind).toBe("limit");
    expect(json.error.message).toContain("nested more than 1000 levels");
  });

  it("a --context too large to enter a program is a usage error", () => {
    const big = file("big.json", JSON.stringify({ xs: Array.from({ length: 1_000_001 }, () => 0) }));
    const r = ptcc(["eval", "--context", big, "-e", "1"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("collection size limit exceeded: an array of 1000001 items (at most 1000000) at xs");
  });
});

describe("ptcc repl", () => {
  it("keeps defs, reads multi-line input, has *1, reports errors and quits", () => {
    const r = ptcc(["repl"], "(def x 10)\n(+ x\n   1)\n*1\n(undefined-thing)\n(inc *2)\n:quit\n(never)\n");
    expect(r.code).toBe(0);
    expect(r.out).toContain("#'x");
    expect(r.out).toContain("11");
    expect(r.out).toContain("12");
    expect(r.err).toContain("undefined symbol undefined-thing at 1:2");
    expect(r.err).not.toContain("never");
  });

  it("an error in a function defined by an earlier input shows that input's line", () => {
    const r = ptcc(["repl"], "(defn half [x]\n  (quot x 0))\n(def y 10)\n(half y)\n:quit\n");
    expect(r.err).toContain("divide by zero in quot at 2:3");
    expect(r.err).toContain("in input 1:\n");
    expect(r.err).toContain("> 2 |   (quot x 0))");
  });
});
