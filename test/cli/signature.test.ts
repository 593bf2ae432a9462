/**
 * `ptcc signature`, run against the built command (`npm run build` first): rendering,
 * parse errors, validation of outputs and inputs in every mode, JSON Schema and
 * TypeScript output, and every exit code.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signatureToJsonSchema } from "../../src/signature/json-schema.js";
import { signatureToTypeScript } from "../../src/signature/typescript.js";

const BIN = join(__dirname, "..", "..", "bin", "ptcc.js");

function ptcc(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: "utf8", timeout: 20_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), "ptcc-signature-"));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

/** Output lines as the command prints them (one per line, each ending in a newline). */
const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join("");

describe("ptcc signature: rendering and parse errors", () => {
  it("prints the canonical rendering and exits 0", () => {
    expect(ptcc(["signature", "(query :string,limit :int?)->{count :int,items [{id :int}]}"])).toEqual({
      code: 0,
      out: "(query :string, limit :int?) -> {count :int, items [{id :int}]}\n",
      err: "",
    });
    // The shorthand `T` is `() -> T`.
    expect(ptcc(["signature", "{count :int}"]).out).toBe("() -> {count :int}\n");
  });

  it("a parse error prints the message, the source line and a caret to stderr and exits 2", () => {
    expect(ptcc(["signature", "(query :string, limit -> :int)"])).toEqual({
      code: 2,
      out: "",
      err: lines(
        'signature error at 1:23: expected a type after "limit", found "->"',
        "(query :string, limit -> :int)",
        "                      ^",
      ),
    });
  });

  it("a parse error wins over validating (nothing is read)", () => {
    const r = ptcc(["signature", "(x :nope) -> :int", "--validate", join(dir, "missing.json")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^signature error at 1:4: unknown type :nope/);
  });
});

describe("ptcc signature --validate (the output type)", () => {
  const SIG = "{count :int, items [{id :int}]}";
  const value = file("out.json", JSON.stringify({ count: "3", items: [{ id: 1 }, { id: "x" }], extra: 1 }));
  const run = (...extra: string[]) => ptcc(["signature", SIG, "--validate", value, ...extra]);

  it("prints every error as `path: message` and exits 1 (mode enabled by default)", () => {
    const expected = {
      code: 1,
      out: lines('count: expected int, got string "3"', 'items[1].id: expected int, got string "x"'),
      err: "",
    };
    expect(run()).toEqual(expected);
    expect(run("--mode", "enabled")).toEqual(expected);
  });

  it("strict also rejects fields the signature does not name", () => {
    expect(run("--mode", "strict")).toEqual({
      code: 1,
      out: lines(
        'count: expected int, got string "3"',
        'items[1].id: expected int, got string "x"',
        "extra: unexpected field",
      ),
      err: "",
    });
  });

  it("warn_only reports the errors as warnings and exits 0", () => {
    expect(run("--mode", "warn_only")).toEqual({
      code: 0,
      out: lines('count: expected int, got string "3"', 'items[1].id: expected int, got string "x"'),
      err: "",
    });
  });

  it("disabled checks nothing", () => {
    expect(run("--mode", "disabled")).toEqual({ code: 0, out: "", err: "" });
    expect(run("--mode", "disabled", "--coerce")).toEqual({ code: 0, out: "", err: "" });
  });

  it("--coerce turns quoted numbers into warnings, printed after the errors", () => {
    expect(run("--coerce")).toEqual({
      code: 1,
      out: lines('items[1].id: expected int, got string "x"', 'count: coerced string "3" to int'),
      err: "",
    });
    expect(run("--coerce", "--mode", "strict")).toEqual({
      code: 1,
      out: lines(
        'items[1].id: expected int, got string "x"',
        "extra: unexpected field",
        'count: coerced string "3" to int',
      ),
      err: "",
    });
    expect(run("--coerce", "--mode", "warn_only")).toEqual({
      code: 0,
      out: lines('count: coerced string "3" to int', 'items[1].id: expected int, got string "x"'),
      err: "",
    });
  });

  it("a valid value prints nothing and exits 0; one that needs coercion exits 0 with warnings", () => {
    const ok = file("ok.json", JSON.stringify({ count: 2, items: [{ id: 1 }, { id: 2 }] }));
    expect(ptcc(["signature", SIG, "--validate", ok])).toEqual({ code: 0, out: "", err: "" });
    expect(ptcc(["signature", SIG, "--validate", ok, "--mode", "strict"])).toEqual({ code: 0, out: "", err: "" });
    const quoted = file("quoted.json", JSON.stringify({ count: "2", items: [] }));
    expect(ptcc(["signature", SIG, "--validate", quoted, "--coerce"])).toEqual({
      code: 0,
      out: lines('count: coerced string "2" to int'),
      err: "",
    });
  });

  it("the value itself has the path $", () => {
    expect(ptcc(["signature", "[:int]", "--validate", file("str.json", '"abc"')])).toEqual({
      code: 1,
      out: lines('$: expected list, got string "abc"'),
      err: "",
    });
  });

  it("reads stdin for -", () => {
    expect(ptcc(["signature", SIG, "--validate", "-"], '{"count": 1, "items": [{"id": "y"}]}')).toEqual({
      code: 1,
      out: lines('items[0].id: expected int, got string "y"'),
      err: "",
    });
    expect(ptcc(["signature", ":float", "--validate", "-"], "2.5")).toEqual({ code: 0, out: "", err: "" });
  });
});

describe("ptcc signature --validate-input (the parameters)", () => {
  const SIG = "(query :string, limit :int, exact :bool?) -> [{id :int}]";
  const quoted = file("in1.json", JSON.stringify({ query: "q", limit: "10", exact: "true", extra: 1 }));
  const bad = file("in2.json", JSON.stringify({ limit: "ten", exact: "true" }));
  const run = (f: string, ...extra: string[]) => ptcc(["signature", SIG, "--validate-input", f, ...extra]);

  it("without --coerce, quoted numbers and booleans are errors", () => {
    const errors = lines('limit: expected int, got string "10"', 'exact: expected bool or nil, got string "true"');
    expect(run(quoted)).toEqual({ code: 1, out: errors, err: "" });
    expect(run(quoted, "--mode", "enabled")).toEqual({ code: 1, out: errors, err: "" });
    expect(run(quoted, "--mode", "strict")).toEqual({
      code: 1,
      out: errors + lines("extra: unexpected field"),
      err: "",
    });
    expect(run(quoted, "--mode", "warn_only")).toEqual({ code: 0, out: errors, err: "" });
    expect(run(quoted, "--mode", "disabled")).toEqual({ code: 0, out: "", err: "" });
  });

  it("with --coerce, they are coerced with warnings", () => {
    const warnings = lines('limit: coerced string "10" to int', 'exact: coerced string "true" to bool');
    expect(run(quoted, "--coerce")).toEqual({ code: 0, out: warnings, err: "" });
    expect(run(quoted, "--coerce", "--mode", "enabled")).toEqual({ code: 0, out: warnings, err: "" });
    expect(run(quoted, "--coerce", "--mode", "strict")).toEqual({
      code: 1,
      out: lines("extra: unexpected field") + warnings,
      err: "",
    });
    expect(run(quoted, "--coerce", "--mode", "warn_only")).toEqual({ code: 0, out: warnings, err: "" });
    expect(run(quoted, "--coerce", "--mode", "disabled")).toEqual({ code: 0, out: "", err: "" });
  });

  it("missing parameters and text that does not coerce stay errors", () => {
    const missing = "query: missing required field (expected string)";
    expect(run(bad)).toEqual({
      code: 1,
      out: lines(missing, 'limit: expected int, got string "ten"', 'exact: expected bool or nil, got string "true"'),
      err: "",
    });
    expect(run(bad, "--coerce")).toEqual({
      code: 1,
      out: lines(missing, 'limit: expected int, got string "ten"', 'exact: coerced string "true" to bool'),
      err: "",
    });
    expect(run(bad, "--coerce", "--mode", "warn_only")).toEqual({
      code: 0,
      out: lines('exact: coerced string "true" to bool', missing, 'limit: expected int, got string "ten"'),
      err: "",
    });
  });

  it("reads stdin for -; null is no arguments; a non-object is an error at $", () => {
    expect(ptcc(["signature", SIG, "--validate-input", "-", "--coerce"], '{"query": "q", "limit": "5"}')).toEqual({
      code: 0,
      out: lines('limit: coerced string "5" to int'),
      err: "",
    });
    expect(ptcc(["signature", SIG, "--validate-input", "-"], "null")).toEqual({
      code: 1,
      out: lines("query: missing required field (expected string)", "limit: missing required field (expected int)"),
      err: "",
    });
    expect(ptcc(["signature", SIG, "--validate-input", "-"], "[1]")).toEqual({
      code: 1,
      out: lines("$: expected map, got list of 1 item"),
      err: "",
    });
  });
});

describe("ptcc signature --json-schema and --ts", () => {
  const SIG = "(query :string, limit :int?) -> {count :int, items [{id :int, _secret :string}]}";

  it("--json-schema prints the library's schemas, indented, and exits 0", () => {
    const r = ptcc(["signature", SIG, "--json-schema"]);
    expect(r).toEqual({
      code: 0,
      out: `${JSON.stringify(signatureToJsonSchema(SIG, { strict: false }), null, 2)}\n`,
      err: "",
    });
    const parsed = JSON.parse(r.out) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(["input", "output"]);
  });

  it("--json-schema --mode strict prints the strict schemas", () => {
    const r = ptcc(["signature", SIG, "--json-schema", "--mode", "strict"]);
    expect(r).toEqual({
      code: 0,
      out: `${JSON.stringify(signatureToJsonSchema(SIG, { strict: true }), null, 2)}\n`,
      err: "",
    });
    expect(r.out).not.toBe(ptcc(["signature", SIG, "--json-schema"]).out);
    // Other modes validate like enabled: the same (non-strict) schemas.
    expect(ptcc(["signature", SIG, "--json-schema", "--mode", "warn_only"]).out).toBe(
      ptcc(["signature", SIG, "--json-schema"]).out,
    );
  });

  it("--ts prints the types Input and Output and exits 0", () => {
    const t = signatureToTypeScript(SIG);
    expect(ptcc(["signature", SIG, "--ts"])).toEqual({
      code: 0,
      out: lines(`type Input = ${t.input};`, `type Output = ${t.output};`),
      err: "",
    });
  });

  it("a parse error exits 2 with --json-schema and --ts too", () => {
    for (const flag of ["--json-schema", "--ts"]) {
      const r = ptcc(["signature", "(query :string, limit -> :int)", flag]);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toContain("signature error at 1:23");
    }
  });
});

describe("ptcc signature: usage errors exit 2", () => {
  const SIG = "(q :string) -> :int";
  const value = file("one.json", "1");
  const usage = (args: string[], message: string | RegExp, input?: string) => {
    const r = ptcc(["signature", ...args], input);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(message);
  };

  it("no signature, or more than one", () => {
    usage([], /^ptcc: /);
    usage([SIG, "extra"], /Unknown argument/);
  });

  it("an unreadable file or invalid JSON, naming the file", () => {
    const missing = join(dir, "missing.json");
    usage([SIG, "--validate", missing], `ptcc: cannot read --validate ${missing}`);
    usage([SIG, "--validate-input", missing], `ptcc: cannot read --validate-input ${missing}`);
    const broken = file("broken.json", "{");
    usage([SIG, "--validate", broken], `ptcc: --validate ${broken} is not valid JSON`);
    usage([SIG, "--validate-input", broken], `ptcc: --validate-input ${broken} is not valid JSON`);
    usage([SIG, "--validate", "-"], "ptcc: --validate - (stdin) is not valid JSON", "not json");
    usage([SIG, "--validate", "-"], "ptcc: --validate - (stdin) is not valid JSON", "");
  });

  it("a file option without a file, or given twice", () => {
    usage([SIG, "--validate"], /ptcc: .*validate/);
    usage([SIG, "--validate", value, "--validate", value], "ptcc: give --validate once");
  });

  it("--validate and --validate-input together", () => {
    usage([SIG, "--validate", value, "--validate-input", value], "not both");
  });

  it("--coerce or --mode without anything to validate", () => {
    usage([SIG, "--coerce"], "ptcc: --coerce only applies with --validate or --validate-input");
    usage([SIG, "--mode", "strict"], "ptcc: --mode only applies with");
    usage([SIG, "--ts", "--mode", "strict"], "ptcc: --mode only applies with");
    usage([SIG, "--json-schema", "--coerce"], "ptcc: --coerce only applies");
  });

  it("an unknown --mode, even where --mode applies", () => {
    const msg = 'ptcc: --mode must be one of enabled, warn_only, disabled, strict, not "lenient"';
    usage([SIG, "--validate", value, "--mode", "lenient"], msg);
    usage([SIG, "--json-schema", "--mode", "lenient"], msg);
  });

  it("--json-schema or --ts with validation, or both together", () => {
    usage([SIG, "--json-schema", "--validate", value], "ptcc: --json-schema prints the signature");
    usage([SIG, "--ts", "--validate-input", value], "ptcc: --ts prints the signature");
    usage([SIG, "--json-schema", "--ts"], "ptcc: give either --json-schema or --ts, not both");
  });

  it("usage errors are reported before the signature is parsed", () => {
    usage(["(query :string, limit -> :int)", "--coerce"], "ptcc: --coerce only applies");
  });
});

describe("ptcc signature with signatures v2", () => {
  const SIG = '{status :enum[open closed], n :int[1..5], route {kind "reply", text :string}|{kind "escalate"}}';

  it("renders and validates enums, bounds and a discriminated union", () => {
    expect(ptcc(["signature", SIG])).toEqual({
      code: 0,
      out: lines(
        '() -> {status :enum[open closed], n :int[1..5], route {kind "reply", text :string}|{kind "escalate"}}',
      ),
      err: "",
    });
    const value = file("v2.json", JSON.stringify({ status: "done", n: 9, route: { kind: "reply" } }));
    expect(ptcc(["signature", SIG, "--validate", value])).toEqual({
      code: 1,
      out: lines(
        'status: expected one of :open :closed, got string "done"',
        "n: expected int >= 1 and <= 5, got int 9",
        "route.text: missing required field (expected string)",
      ),
      err: "",
    });
  });
});
