import { describe, expect, it } from "vitest";
import { main } from "../../examples/library-session.js";

describe("examples/", () => {
  it("library-session.ts runs as the README says", async () => {
    expect(await main()).toEqual(['"Ann"', "12.5"]);
  });
});
