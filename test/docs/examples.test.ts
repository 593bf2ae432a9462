import { describe, expect, it } from "vitest";
import { main } from "../../examples/library-session.js";
import { main as signatures } from "../../examples/signatures.js";

describe("examples/", () => {
  it("library-session.ts runs as the README says", async () => {
    expect(await main()).toEqual(['"Ann"', "12.5"]);
  });
  it("signatures.ts runs as the README says", () => {
    expect(signatures()).toEqual([
      "(query :string, limit :int?) -> {count :int, items [{id :int}]}",
      '{"query":"shoes","limit":5}',
      'limit: coerced string "5" to int',
      'items[0].id: expected int, got string "x"',
      '{"count":1,"items":[{"id":7,"_token":"<Firewalled>"}]}',
      "{ query: string; limit?: number | null }",
      "unknown placeholder {{limt}} — did you mean {{limit}}?",
    ]);
  });
});
