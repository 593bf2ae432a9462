/**
 * Signatures as TypeScript types: golden type expressions, and a compile check — the
 * generated types go into one .ts file with values that must type-check and values
 * marked `@ts-expect-error` that must not, and the repo's tsc must accept the file.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseSignature } from "../../src/signature/parse.js";
import { field, listOf, mapOf, primitive } from "../../src/signature/types.js";
import { signatureToTypeScript, typeToTypeScript } from "../../src/signature/typescript.js";

describe("typeToTypeScript", () => {
  const cases: [string, string][] = [
    [":string", "string"],
    [":int", "number"],
    [":float", "number"],
    [":bool", "boolean"],
    [":keyword", "string"],
    [":any", "unknown"],
    [":map", "Record<string, unknown>"],
    [":fn", "PtcFn"],
    [":string?", "string | null"],
    [":int?", "number | null"],
    [":any?", "unknown"],
    [":map?", "Record<string, unknown> | null"],
    [":fn?", "PtcFn | null"],
    ["[:int]", "number[]"],
    ["[:int?]", "(number | null)[]"],
    ["[:int]?", "number[] | null"],
    ["[:int?]?", "(number | null)[] | null"],
    ["[:any?]", "unknown[]"],
    ["[[:string]]", "string[][]"],
    ["[[:string]?]", "(string[] | null)[]"],
    ["{}", "{ [key: string]: unknown }"],
    ["{}?", "{ [key: string]: unknown } | null"],
    ["[{}]", "{ [key: string]: unknown }[]"],
    ["{id :int, email :string?}", "{ id: number; email?: string | null }"],
    ["{id :int}?", "{ id: number } | null"],
    ["[{id :int}?]", "({ id: number } | null)[]"],
    ["{a :any, b :any?}", "{ a: unknown; b?: unknown }"],
    [
      "{was-improved :bool?, user_name :string, valid? :bool, _ids [:int], ok! :int}",
      '{ "was-improved"?: boolean | null; user_name: string; "valid?": boolean; _ids: number[]; "ok!": number }',
    ],
    [
      "{user {id :int, profile {bio :string, tags [:keyword]?}?}}",
      "{ user: { id: number; profile?: { bio: string; tags?: string[] | null } | null } }",
    ],
  ];
  it.each(cases)("%s → %s", (text, expected) => {
    expect(typeToTypeScript(parseSignature(text).output)).toBe(expected);
  });

  it("quotes a hand-built name that is not an identifier", () => {
    const t = mapOf([
      field("a b", primitive("int")),
      field('q"', primitive("int", true)),
      field("$x", primitive("int")),
    ]);
    expect(typeToTypeScript(t)).toBe('{ "a b": number; "q\\""?: number | null; $x: number }');
  });

  const fnCases: [string, string, string][] = [
    ["Fn", "[:fn?]", "(Fn | null)[]"],
    ["rt.PtcFn", ":fn?", "rt.PtcFn | null"],
    ["Callable<unknown>", "[:fn]", "Callable<unknown>[]"],
    ["(x: unknown) => unknown", ":fn?", "((x: unknown) => unknown) | null"],
    ["(x: unknown) => unknown", "[:fn]", "((x: unknown) => unknown)[]"],
    ["string | number", "{f :fn}", "{ f: (string | number) }"],
  ];
  it.each(fnCases)("fnType %s: %s → %s", (fnType, text, expected) => {
    expect(typeToTypeScript(parseSignature(text).output, { fnType })).toBe(expected);
  });

  it("deep nesting renders in linear time", () => {
    let t = listOf(primitive("int", true), true);
    for (let i = 0; i < 60; i++) t = listOf(t, true);
    const s = typeToTypeScript(t);
    expect(s.startsWith("(".repeat(61))).toBe(true);
  });
});

describe("signatureToTypeScript", () => {
  const cases: [string, string, string][] = [
    ["(query :string, limit :int?) -> [{id :int}]", "{ query: string; limit?: number | null }", "{ id: number }[]"],
    ["() -> {count :int}", "Record<string, never>", "{ count: number }"],
    ["{count :int}", "Record<string, never>", "{ count: number }"],
    [":any", "Record<string, never>", "unknown"],
    ["(f :fn, user-id :int) -> :bool?", '{ f: PtcFn; "user-id": number }', "boolean | null"],
    ["(opts {}?) -> :map", "{ opts?: { [key: string]: unknown } | null }", "Record<string, unknown>"],
  ];
  it.each(cases)("%s", (text, input, output) => {
    expect(signatureToTypeScript(text)).toEqual({ input, output });
    expect(signatureToTypeScript(parseSignature(text))).toEqual({ input, output });
  });

  it("passes fnType on", () => {
    expect(signatureToTypeScript("(f :fn) -> [:fn]", { fnType: "Fn" })).toEqual({ input: "{ f: Fn }", output: "Fn[]" });
  });

  it("throws SignatureError on a bad signature", () => {
    expect(() => signatureToTypeScript("(a :int -> :int")).toThrow(/signature|expected|unclosed/);
  });
});

// ---------------------------------------------------------------------------------------
// Compile check

const TSC = join(__dirname, "..", "..", "node_modules", ".bin", "tsc");

interface CompileCase {
  readonly sig: string;
  readonly part: "input" | "output";
  /** TypeScript expressions that must be assignable to the type. */
  readonly good: readonly string[];
  /** Expressions that must not be. */
  readonly bad: readonly string[];
}

const compileCases: CompileCase[] = [
  {
    sig: "(query :string, limit :int?) -> {count :int, items [{id :int}]}",
    part: "input",
    good: [
      '{ query: "q" }',
      '{ query: "q", limit: 5 }',
      '{ query: "q", limit: null }',
      '{ query: "q", limit: undefined }',
    ],
    bad: ["{ limit: 5 }", "{ query: 1 }", '{ query: "q", limit: "5" }'],
  },
  {
    sig: "(query :string, limit :int?) -> {count :int, items [{id :int}]}",
    part: "output",
    good: ["{ count: 1, items: [] }", "{ count: 1, items: [{ id: 1 }, { id: 2 }] }"],
    bad: ["{ count: 1 }", "{ count: 1, items: [{ id: null }] }", "{ count: 1, items: null }"],
  },
  {
    sig: "{id :int, email :string?, was-improved :bool?, tags [:string?]?}",
    part: "output",
    good: ["{ id: 1 }", '{ id: 1, email: null, "was-improved": true, tags: ["a", null] }', "{ id: 1, tags: null }"],
    bad: ["{ id: 1, tags: [1] }", '{ id: 1, "was-improved": "yes" }', "null"],
  },
  {
    sig: "(f :fn, x :any, m :map, e {}) -> [:fn?]?",
    part: "input",
    good: ["{ f: fn, x: null, m: {}, e: {} }", '{ f: fn, x: [1, "a"], m: { a: 1 }, e: { b: 2 } }'],
    bad: ["{ f: () => 1, x: 1, m: {}, e: {} }", "{ f: fn, m: {}, e: {} }", "{ f: fn, x: 1, m: [], e: {} }"],
  },
  {
    sig: "(f :fn, x :any, m :map, e {}) -> [:fn?]?",
    part: "output",
    good: ["null", "[]", "[fn, null]"],
    bad: ["[1]", "fn"],
  },
  {
    sig: "() -> {user {id :int, profile {bio :string}?}}",
    part: "input",
    good: ["{}"],
    bad: ["{ a: 1 }"],
  },
  {
    sig: "() -> {user {id :int, profile {bio :string}?}}",
    part: "output",
    good: ['{ user: { id: 1, profile: { bio: "b" } } }', "{ user: { id: 1, profile: null } }", "{ user: { id: 1 } }"],
    bad: ["{ user: { id: 1, profile: {} } }", "{ user: null }"],
  },
  {
    sig: ":keyword?",
    part: "output",
    good: ['"pending"', "null"],
    bad: ["1"],
  },
];

/** One file: a type per case, then its good and bad values. */
function program(cases: readonly CompileCase[], expectErrors: boolean): string {
  const lines = ['declare class PtcFn { private readonly brand: "fn" }', "declare const fn: PtcFn;"];
  cases.forEach((c, i) => {
    lines.push(`type T${i} = ${signatureToTypeScript(c.sig)[c.part]};`);
    c.good.forEach((g, j) => lines.push(`export const good${i}_${j}: T${i} = ${g};`));
    c.bad.forEach((b, j) => {
      if (expectErrors) lines.push("// @ts-expect-error");
      lines.push(`export const bad${i}_${j}: T${i} = ${b};`);
    });
  });
  return `${lines.join("\n")}\n`;
}

const dir = mkdtempSync(join(tmpdir(), "ptcc-ts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** tsc's diagnostics for a file (empty when it compiles). */
function tsc(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    // In the temp dir, away from the repo's tsconfig.json (tsc 7 refuses files given on
    // the command line next to one unless told to ignore it).
    execFileSync(TSC, ["--noEmit", "--strict", "--ignoreConfig", file], {
      cwd: dir,
      encoding: "utf8",
      stdio: "pipe",
      timeout: 20_000,
    });
    return "";
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string; message: string };
    return `${out.stdout ?? ""}${out.stderr ?? ""}` || out.message;
  }
}

describe("the types compile with tsc", () => {
  it("good values type-check and every bad one is an error", () => {
    expect(tsc("types.ts", program(compileCases, true))).toBe("");
  });

  it("the check can fail: without @ts-expect-error, each bad value is reported", () => {
    const out = tsc("bad.ts", program(compileCases, false));
    const badCount = compileCases.reduce((n, c) => n + c.bad.length, 0);
    const errorLines = out.split("\n").filter((l) => /error TS\d+/.test(l));
    expect(errorLines.length).toBeGreaterThanOrEqual(badCount);
    expect(errorLines.every((l) => /bad\.ts\(\d+,\d+\)/.test(l))).toBe(true);
  });
});
