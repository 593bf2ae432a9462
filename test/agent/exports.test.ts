import { describe, expect, it } from "vitest";

describe("the package root", () => {
  it("is not a thenable, so `await import` resolves to the module", async () => {
    const m = await import("../../src/index.js");
    expect("then" in m).toBe(false);
    expect(typeof m.defineAgent).toBe("function");
    expect(typeof m.chain).toBe("function");
  });
});
