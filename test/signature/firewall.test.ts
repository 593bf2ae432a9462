/**
 * The LLM-visible view of host values: `_` keys marked or removed at any depth, copy on
 * write, the input never mutated, cycles, sharing and deep nesting handled.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyword, PtcFloat } from "../../src/runtime/values.js";
import { FIREWALLED, firewallView, MAX_FIREWALL_DEPTH } from "../../src/signature/firewall.js";

const F = FIREWALLED;

describe("firewallView", () => {
  const cases: [string, unknown, unknown, unknown][] = [
    // name, value, mark view, remove view
    ["a flat map", { summary: "s", _ids: [1, 2] }, { summary: "s", _ids: F }, { summary: "s" }],
    ["a nested map", { a: { b: { _c: 1, d: 2 } } }, { a: { b: { _c: F, d: 2 } } }, { a: { b: { d: 2 } } }],
    ["maps in a list", [{ _x: 1 }, { y: 2 }, 3], [{ _x: F }, { y: 2 }, 3], [{}, { y: 2 }, 3]],
    ["lists in lists", [[[{ k: [{ _s: "x" }] }]]], [[[{ k: [{ _s: F }] }]]], [[[{ k: [{}] }]]]],
    ["a nil value", { _a: null }, { _a: F }, {}],
    ["__x and _ keys", { __x: 1, _: 2, x_: 3 }, { __x: F, _: F, x_: 3 }, { x_: 3 }],
    ["key order kept", { a: 1, _b: 2, c: 3 }, { a: 1, _b: F, c: 3 }, { a: 1, c: 3 }],
    ["a firewalled subtree is replaced whole", { _a: { b: 1 } }, { _a: F }, {}],
    ["a scalar", 42, 42, 42],
    ["a string", "_x", "_x", "_x"],
    ["nil", null, null, null],
  ];

  it.each(cases)("%s", (_, value, mark, remove) => {
    expect(firewallView(value)).toEqual(mark);
    expect(firewallView(value, { mode: "mark" })).toEqual(mark);
    expect(firewallView(value, { mode: "remove" })).toEqual(remove);
  });

  it("marks with <Firewalled>", () => {
    expect(FIREWALLED).toBe("<Firewalled>");
    expect(JSON.stringify(firewallView({ _email_ids: [1] }))).toBe('{"_email_ids":"<Firewalled>"}');
  });

  const unchanged: [string, unknown][] = [
    ["a map without _ keys", { a: 1, b: [1, { c: "_d" }] }],
    ["a list", [1, [2, [3]], { x: null }]],
    ["an empty map", {}],
    [
      "a class instance with _ fields",
      new (class Box {
        _hidden = 1;
      })(),
    ],
    ["a PtcFloat", new PtcFloat(2)],
    ["a keyword", keyword("_k")],
    ["a Map", new Map([["_a", 1]])],
    ["a function", () => 1],
  ];
  it.each(unchanged)("%s comes back as the same value", (_, value) => {
    expect(firewallView(value)).toBe(value);
    expect(firewallView(value, { mode: "remove" })).toBe(value);
  });

  it("a marked value already <Firewalled> is no change", () => {
    const v = { a: { _b: F } };
    expect(firewallView(v)).toBe(v);
    expect(firewallView(v, { mode: "remove" })).toEqual({ a: {} });
  });

  it("copies only the paths that change", () => {
    const clean = { x: [1, 2] };
    const dirty = { _s: 1 };
    const v = { clean, list: [clean, dirty], dirty };
    const out = firewallView(v) as typeof v;
    expect(out).not.toBe(v);
    expect(out.clean).toBe(clean);
    expect(out.list).not.toBe(v.list);
    expect(out.list[0]).toBe(clean);
    expect(out.list[1]).toEqual({ _s: F });
    // A shared object is copied once.
    expect(out.list[1]).toBe(out.dirty);
  });

  it("class instances and other values inside pass through", () => {
    const f = new PtcFloat(1);
    const fn = (): number => 1;
    const out = firewallView({
      f,
      fn,
      _x: 1,
      inner: new (class {
        _y = 1;
      })(),
    }) as Record<string, unknown>;
    expect(out.f).toBe(f);
    expect(out.fn).toBe(fn);
    expect((out.inner as { _y: number })._y).toBe(1);
    expect(out._x).toBe(F);
  });

  it("never mutates its input", () => {
    const v = { a: [{ _b: 1, c: { _d: [1] } }], _e: { f: 1 } };
    const before = structuredClone(v);
    firewallView(v);
    firewallView(v, { mode: "remove" });
    expect(v).toEqual(before);
  });

  it("keeps the prototype: null-prototype maps stay so", () => {
    const v = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1, _b: 2 });
    const out = firewallView(v) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(null);
    expect({ ...out }).toEqual({ a: 1, _b: F });
  });

  it("an own __proto__ key (JSON.parse makes them) stays an own key", () => {
    const v = JSON.parse('{"__proto__": {"a": 1}, "b": {"__proto__": 1, "_c": 2}}') as Record<string, unknown>;
    const out = firewallView(v) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "b"]);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toBe(F);
    const b = out.b as Record<string, unknown>;
    expect(Object.getPrototypeOf(b)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(b, "__proto__")?.value).toBe(F);
    expect(Object.keys(firewallView(v, { mode: "remove" }) as object)).toEqual(["b"]);
  });

  describe("cycles", () => {
    it("a cycle without _ keys: the same value", () => {
      const v: Record<string, unknown> = { a: 1 };
      v.self = v;
      v.list = [v];
      expect(firewallView(v)).toBe(v);
    });

    it("a cycle with _ keys: a cycle of copies, nothing firewalled left reachable", () => {
      const v: Record<string, unknown> = { _secret: "s" };
      const child: Record<string, unknown> = { parent: v };
      v.child = child;
      v.list = [child, v];
      const out = firewallView(v) as Record<string, unknown>;
      const outChild = out.child as Record<string, unknown>;
      expect(out._secret).toBe(F);
      expect(outChild.parent).toBe(out);
      expect(out.list).toEqual([outChild, out]);
      expect((out.list as unknown[])[1]).toBe(out);
      expect(v._secret).toBe("s");
      expect(child.parent).toBe(v);
      // No path from the view reaches the secret.
      expect(reachesValue(out, "s")).toBe(false);
    });

    it("an array that contains itself", () => {
      const a: unknown[] = [{ _x: 1 }];
      a.push(a);
      const out = firewallView(a, { mode: "remove" }) as unknown[];
      expect(out[0]).toEqual({});
      expect(out[1]).toBe(out);
    });
  });

  describe("deep nesting", () => {
    function nest(depth: number, leaf: unknown): unknown {
      let v = leaf;
      for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { k: v };
      return v;
    }
    function leafOf(v: unknown): unknown {
      for (;;) {
        if (Array.isArray(v)) v = v[0];
        else if (v !== null && typeof v === "object" && "k" in v) v = (v as { k: unknown }).k;
        else return v;
      }
    }

    it(`marks _ keys down to depth ${MAX_FIREWALL_DEPTH}`, () => {
      // The object holding `_s` is at depth MAX_FIREWALL_DEPTH.
      const v = nest(MAX_FIREWALL_DEPTH, { _s: 1, x: null });
      const out = firewallView(v);
      expect(out).not.toBe(v);
      let inner = out;
      for (let i = 0; i < MAX_FIREWALL_DEPTH; i++)
        inner = Array.isArray(inner) ? inner[0] : (inner as { k: unknown }).k;
      expect(inner).toEqual({ _s: F, x: null });
    });

    it("leaves what is nested deeper unchanged, without overflowing the stack", () => {
      const deepLeaf = { _s: 1 };
      const v = nest(100_000, deepLeaf);
      expect(firewallView(v)).toBe(v);
      expect(leafOf(firewallView(v))).toBe(deepLeaf);
    });

    it("an object also reachable by a short path is firewalled on the deep path down to the limit", () => {
      const deep = { _s: 1 };
      // In the chain, `deep` is at depth MAX_FIREWALL_DEPTH + 1, its parent at the limit.
      const v = { chain: nest(MAX_FIREWALL_DEPTH, deep), shortcut: deep };
      const out = firewallView(v) as { chain: unknown; shortcut: unknown };
      expect(out.shortcut).toEqual({ _s: F });
      expect(leafOf(out.chain)).toBe(out.shortcut);
    });

    it("an object also reachable by a short path: below the limit, the deep path is unchanged", () => {
      const deep = { _s: 1 };
      const v = { chain: nest(MAX_FIREWALL_DEPTH + 1, deep), shortcut: deep };
      const out = firewallView(v) as { chain: unknown; shortcut: unknown };
      expect(out.shortcut).toEqual({ _s: F });
      expect(out.chain).toBe(v.chain);
    });

    it("wide sharing (a DAG with 2^60 paths) is walked once per object", () => {
      let v: unknown = { _s: 1 };
      for (let i = 0; i < 60; i++) v = { l: v, r: v };
      const t0 = Date.now();
      const out = firewallView(v) as { l: unknown; r: unknown };
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(out.l).toBe(out.r);
    });
  });

  it("property: the view matches a recursive model, and is the value itself exactly when nothing is hidden", () => {
    const keyArb = fc.constantFrom("a", "b", "_a", "_b", "__c", "d_e");
    const valueArb = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.oneof(fc.constant(null), fc.integer(), fc.constantFrom("_a", F), fc.string({ maxLength: 3 })),
        fc.array(tie("v"), { maxLength: 3 }),
        fc.dictionary(keyArb, tie("v"), { maxKeys: 4 }),
      ),
    })).v;
    fc.assert(
      fc.property(valueArb, (v) => {
        const before = JSON.stringify(v);
        const mark = firewallView(v);
        const remove = firewallView(v, { mode: "remove" });
        expect(JSON.stringify(v)).toBe(before);
        expect(mark).toEqual(expected(v, "mark"));
        expect(remove).toEqual(expected(v, "remove"));
        // Identity exactly when there is nothing to hide (a value already marked is not).
        expect(mark === v).toBe(!hasFirewalledKey(v, "mark"));
        expect(remove === v).toBe(!hasFirewalledKey(v, "remove"));
      }),
    );
  });
});

/** A simple recursive model of the view, for trees. */
function expected(v: unknown, mode: "mark" | "remove"): unknown {
  if (Array.isArray(v)) return v.map((x) => expected(x, mode));
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (!k.startsWith("_")) out[k] = expected(x, mode);
      else if (mode === "mark") out[k] = F;
    }
    return out;
  }
  return v;
}

/** Whether a tree has a `_` key whose view differs. */
function hasFirewalledKey(v: unknown, mode: "mark" | "remove"): boolean {
  if (Array.isArray(v)) return v.some((x) => hasFirewalledKey(x, mode));
  if (v !== null && typeof v === "object")
    return Object.entries(v).some(([k, x]) =>
      k.startsWith("_") ? mode === "remove" || x !== F : hasFirewalledKey(x, mode),
    );
  return false;
}

/** Whether `target` can be reached from `v` (through arrays and objects, cycles included). */
function reachesValue(v: unknown, target: unknown): boolean {
  const seen = new Set<unknown>();
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === target) return true;
    if (x === null || typeof x !== "object" || seen.has(x)) continue;
    seen.add(x);
    stack.push(...Object.values(x));
  }
  return false;
}
