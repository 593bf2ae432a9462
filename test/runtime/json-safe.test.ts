import { describe, expect, it } from "vitest";
import { toJsonSafe } from "../../src/runtime/convert.js";
import { PtcFloat, keyword } from "../../src/runtime/values.js";
import { Session } from "../../src/evaluator/session.js";

describe("toJsonSafe (trace values)", () => {
  it("returns plain JSON itself, without copying", () => {
    const x = { a: [1, "b", { c: null }], d: true };
    expect(toJsonSafe(x)).toBe(x);
  });

  it("copies what JSON.stringify could not write faithfully", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = cyclic;
    const s = new Session();
    const r = s.evaluateSync("(defn f [x] x)");
    expect(r.ok).toBe(true);
    const f = s.namespace.get("f")!.value;
    expect(
      toJsonSafe({
        cyclic,
        f,
        n: new PtcFloat(2),
        k: keyword("k"),
        when: new Date(0),
        gone: undefined,
        fn: () => 1,
        inf: Infinity,
      }),
    ).toEqual({
      cyclic: { a: 1, self: "#circular" },
      f: "#fn[f [x]]",
      n: 2,
      k: "k",
      when: "1970-01-01T00:00:00.000Z",
      inf: null,
    });
  });
});
