import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PTCC_VERSION } from "../src/version.js";

describe("PTCC_VERSION", () => {
  it("is package.json's version (bump both together)", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(PTCC_VERSION).toBe(pkg.version);
  });
});
