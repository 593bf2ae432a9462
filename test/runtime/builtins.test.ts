/**
 * The registry: every builtin documents itself (arguments, doc, examples), and every
 * example evaluates to what it says.
 */
import { describe, expect, it } from "vitest";
import { REGISTRY } from "../../src/index.js";
import { failure, printed } from "../helpers.js";

const defs = REGISTRY.all;

describe("builtin registry", () => {
  it("every builtin has argument lists, a one-line doc and an example", () => {
    for (const d of defs) {
      expect(d.arglists.length, d.qualified).toBeGreaterThan(0);
      for (const a of d.arglists) expect(a, d.qualified).toMatch(/^\[.*\]$/);
      expect(d.doc.length, d.qualified).toBeGreaterThan(5);
      expect(d.doc, d.qualified).not.toContain("\n");
      expect(d.examples.length, d.qualified).toBeGreaterThan(0);
    }
  });

  it("arity ranges come from the argument lists", () => {
    const inc = REGISTRY.get("inc")!;
    expect([inc.minArity, inc.maxArity]).toEqual([1, 1]);
    const plus = REGISTRY.get("+")!;
    expect([plus.minArity, plus.maxArity]).toEqual([0, Infinity]);
    const get = REGISTRY.get("get")!;
    expect([get.minArity, get.maxArity]).toEqual([2, 3]);
  });

  it("clojure.string names resolve qualified and bare; core wins a clash", () => {
    expect(REGISTRY.getQualified("clojure.string", "join")?.name).toBe("join");
    expect(REGISTRY.get("join")?.ns).toBe("clojure.string");
    expect(REGISTRY.get("upcase")?.name).toBe("upper-case");
  });

  const examples = defs.flatMap((d) => d.examples.map((e) => [d.qualified, e.code, e.result] as const));
  it.each(examples)("%s: %s → %s", (_q, code, result) => {
    if (result.startsWith("error: ")) expect(failure(code).kind).toBe(result.slice(7));
    else expect(printed(code)).toBe(result);
  });
});
