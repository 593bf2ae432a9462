/**
 * The type-level parser (src/signature/infer.ts) against the run-time one: random
 * signatures, written in the spellings the grammar allows (commas or none, line breaks,
 * `:name` for names, no spaces before a type), must give exactly the types
 * signatureToTypeScript renders for the parsed signature. The checks go into one .ts file
 * of `Expect<Equal<…>>` lines that tsc must accept; a second file with a wrong type per
 * line proves the check can fail.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parseSignature } from "../../src/signature/parse.js";
import { renderSignature } from "../../src/signature/render.js";
import { stripSpans, type Signature } from "../../src/signature/types.js";
import { signatureToTypeScript, typeToTypeScript } from "../../src/signature/typescript.js";
import { signatureArb } from "./arbitraries.js";
import { SPELLINGS } from "./spellings.js";

const ROOT = join(__dirname, "..", "..");
const TSC = join(ROOT, "node_modules", ".bin", "tsc");
const dir = mkdtempSync(join(tmpdir(), "ptcc-infer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function checks(sigs: readonly Signature[], wrong: boolean): string {
  const lines = [
    `import type { SignatureInput, SignatureOutput, FnLabel } from ${JSON.stringify(join(ROOT, "src", "signature", "infer.js"))};`,
    `import type { PtcFn } from ${JSON.stringify(join(ROOT, "src", "runtime", "values.js"))};`,
    "type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;",
    "type Expect<T extends true> = T;",
  ];
  sigs.forEach((sig, i) => {
    const canonical = renderSignature(sig);
    const spelled = SPELLINGS[i % SPELLINGS.length]!(canonical);
    // The spelling must mean the same signature to the run-time parser too.
    expect(stripSpans(parseSignature(spelled))).toEqual(stripSpans(parseSignature(canonical)));
    const input = signatureToTypeScript(sig, { fnType: "PtcFn" }).input;
    const output = typeToTypeScript(sig.output, { fnType: "FnLabel" });
    const text = JSON.stringify(spelled);
    lines.push(`export type I${i} = Expect<Equal<SignatureInput<${text}>, ${wrong ? `[${input}]` : input}>>;`);
    lines.push(`export type O${i} = Expect<Equal<SignatureOutput<${text}>, ${wrong ? `[${output}]` : output}>>;`);
  });
  return `${lines.join("\n")}\n`;
}

function tsc(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    execFileSync(
      TSC,
      [
        "--noEmit",
        "--strict",
        "--ignoreConfig",
        "--module",
        "nodenext",
        "--skipLibCheck",
        "--typeRoots",
        join(ROOT, "node_modules", "@types"),
        "--types",
        "node",
        file,
      ],
      { cwd: dir, encoding: "utf8", stdio: "pipe", timeout: 60_000 },
    );
    return "";
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string; message: string };
    return `${out.stdout ?? ""}${out.stderr ?? ""}` || out.message;
  }
}

describe("the type-level parser", () => {
  const sigs = fc.sample(signatureArb, { numRuns: 180, seed: 20240610 });

  it("gives signatureToTypeScript's types for random signatures in every spelling", () => {
    expect(tsc("infer.ts", checks(sigs, false))).toBe("");
  });

  it("the check can fail: a wrong type on every line is reported", () => {
    const out = tsc("wrong.ts", checks(sigs.slice(0, 20), true));
    expect(out.split("\n").filter((l) => /error TS2344/.test(l))).toHaveLength(40);
  });
});
