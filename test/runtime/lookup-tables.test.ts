/**
 * Lookup tables keyed by text a user or a model wrote are null-prototype objects (made
 * by `table()`, src/runtime/table.ts) or Maps: `constructor`, `__proto__` and `toString`
 * must be absent keys, never Object.prototype's members. A source scan keeps every
 * `Readonly<Record<string, …>>` table literal in src/ made by `table()`, and the names
 * that used to leak are checked end to end.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSignature } from "../../src/signature/parse.js";
import { lookup, table } from "../../src/runtime/table.js";
import { run } from "../helpers.js";

const SRC = join(__dirname, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === "generated" ? [] : files(p);
    return p.endsWith(".ts") ? [p] : [];
  });
}

describe("lookup tables", () => {
  it("every Readonly<Record<string, …>> table literal in src/ is made by table()", () => {
    const bare: string[] = [];
    for (const f of files(SRC)) {
      const text = readFileSync(f, "utf8");
      for (const m of text.matchAll(/(?:const|let)\s+\w+\s*:\s*Readonly<Record<string,[^=;]*>>\s*=\s*(\S)/g)) {
        if (m[1] === "{") bare.push(`${relative(SRC, f)}: ${m[0]}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it("table() and lookup() see only own keys", () => {
    const t = table({ a: 1 });
    expect(t["constructor"]).toBeUndefined();
    expect(t["__proto__"]).toBeUndefined();
    expect("toString" in t).toBe(false);
    expect(t["a"]).toBe(1);
    expect(lookup({ a: 1 } as Record<string, number>, "constructor")).toBeUndefined();
  });

  it.each([
    ["(constructor 1)", "undefined symbol constructor"],
    ["(toString 1)", "undefined symbol toString"],
    ["(__proto__/map inc [1])", "unknown namespace __proto__"],
    ['(re-find #"\\p{__proto__}" "a")', "unknown character property name {__proto__}"],
    ['(re-find #"\\p{constructor}" "a")', "unknown character property name {constructor}"],
    ['(re-find #"\\p{IsConstructor}" "a")', "unknown character property name {IsConstructor}"],
    ['(re-pattern "\\\\p{constructor}")', "unknown character property name {constructor}"],
  ])("%s is an ordinary error naming what the program wrote", (program, message) => {
    const r = run(program);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).not.toBe("internal");
    expect(r.error.message).toContain(message);
    expect(r.error.format()).not.toMatch(/native code|\[object Object\]/);
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])("a signature type :%s is unknown", (name) => {
    expect(() => parseSignature(`(x :${name}) -> :int`)).toThrow(`unknown type :${name}`);
    try {
      parseSignature(`(x :${name}) -> :int`);
    } catch (e) {
      expect(String((e as Error).message)).not.toMatch(/native code|\[object Object\]/);
    }
  });
});
