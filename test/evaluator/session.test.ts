import { describe, expect, it } from "vitest";
import { Session, evaluate, toHost } from "../../src/index.js";

async function ok(s: Session, src: string): Promise<string> {
  const r = await s.evaluate(src);
  if (!r.ok) throw new Error(`${src}: ${r.error.format()}`);
  return r.printed;
}

describe("a session keeps the user namespace across evaluations", () => {
  it("def and defn persist; def returns the var", async () => {
    const s = new Session();
    expect(await ok(s, "(def threshold 5000)")).toBe("#'threshold");
    expect(await ok(s, "(defn big? [x] (> x threshold))")).toBe("#'big?");
    expect(await ok(s, "(filter big? [10 6000 7000])")).toBe("(6000 7000)");
  });

  it("functions see later redefinitions (user names are read when the code runs)", async () => {
    const s = new Session();
    await ok(s, "(def rate 2) (defn cost [x] (* x rate))");
    await ok(s, "(def rate 3)");
    expect(await ok(s, "(cost 10)")).toBe("30");
  });

  it("*1 *2 *3 hold the last successful results", async () => {
    const s = new Session();
    await ok(s, "1");
    await ok(s, "2");
    await s.evaluate("(boom)");
    await ok(s, "3");
    expect(await ok(s, "[*1 *2 *3]")).toBe("[3 2 1]");
    expect(await ok(s, "*3")).toBe("2");
  });

  it("*1 is nil at the start", async () => {
    expect(await ok(new Session(), "[*1 *2 *3]")).toBe("[nil nil nil]");
  });

  it("a failing evaluation leaves the namespace exactly as it was", async () => {
    const s = new Session();
    await ok(s, "(def a 1)");
    const r = await s.evaluate("(def a 2) (def b 3) (inc nil)");
    expect(r.ok).toBe(false);
    expect(await ok(s, "a")).toBe("1");
    const b = await s.evaluate("b");
    expect(b.ok ? b.printed : b.error.kind).toBe("undefined");
  });

  it("an analysis error rolls back vars the analysis created", async () => {
    const s = new Session();
    const r = await s.evaluate("(defn f [] 1) (undefined-thing)");
    expect(r.ok).toBe(false);
    const f = await s.evaluate("(f)");
    expect(f.ok).toBe(false);
  });

  it("defining a builtin's name shadows it for the session, with a warning", async () => {
    const s = new Session();
    const r = await s.evaluate("(defn inc [x] (+ x 100))");
    expect(r.ok && r.warnings.map((w) => w.message)).toEqual(["inc now refers to your definition, not the builtin"]);
    expect(await ok(s, "(inc 1)")).toBe("101");
    const again = await s.evaluate("(defn inc [x] (+ x 200))");
    expect(again.ok && again.warnings).toEqual([]);
    // The builtin is still reachable by its qualified name.
    expect(await ok(s, "(clojure.core/inc 1)")).toBe("2");
  });

  it("a def inside a later-called function lands in the namespace", async () => {
    const s = new Session();
    await ok(s, "(defn remember [x] (def memo x))");
    await ok(s, "(remember 5)");
    expect(await ok(s, "memo")).toBe("5");
  });
});

describe("input data", () => {
  const context = {
    orders: [
      { id: 1, total: 5.5, "created-at": "x" },
      { id: 2, total: 10 },
    ],
    "max-total": 7,
  };

  it("data/name reads the context; JSON keys are found by keyword or string", async () => {
    const s = new Session({ context });
    expect(await ok(s, "(map :total data/orders)")).toBe("(5.5 10)");
    expect(await ok(s, '(get (first data/orders) "id")')).toBe("1");
    expect(await ok(s, "(let [{:keys [id]} (second data/orders)] id)")).toBe("2");
    expect(await ok(s, "data/max-total")).toBe("7");
    expect(await ok(s, "ctx/max-total")).toBe("7");
  });

  it("maps from JSON keep string keys and print them as strings", async () => {
    expect(await ok(new Session({ context }), "(first data/orders)")).toBe('{"id" 1, "total" 5.5, "created-at" "x"}');
  });

  it("a def may shadow a data name; data/ still reaches the data", async () => {
    const s = new Session({ context });
    expect(await ok(s, "(def orders []) [(count orders) (count data/orders)]")).toBe("[0 2]");
  });

  it("a program cannot change the host's data", async () => {
    const host = { items: [{ n: 1 }] };
    const s = new Session({ context: host });
    await ok(s, "(def changed (assoc-in data/items [0 :n] 99))");
    expect(host.items[0]!.n).toBe(1);
    expect(await ok(s, "(get-in data/items [0 :n])")).toBe("1");
  });

  it("JSON 42.0 is the integer 42; big and fractional numbers are floats", async () => {
    const s = new Session({ context: { a: 42.0, b: 0.5, c: 1e300 } });
    expect(await ok(s, "[data/a (integer? data/a) data/b (float? data/c)]")).toBe("[42 true 0.5 true]");
  });

  it("hostile input is rejected with a typed error, not a crash", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => new Session({ context: cyclic })).toThrow(/nested more than/);
    expect(() => new Session({ context: { f: () => 1 } as unknown as Record<string, unknown> })).not.toThrow();
  });
});

describe("tools", () => {
  it("tools are called with string-keyed JSON (- becomes _) and awaited", async () => {
    const seen: unknown[] = [];
    const s = new Session({
      tools: {
        search: async (args) => {
          seen.push(args);
          return { results: [{ id: 1 }, { id: 2 }], cursor: "abc" };
        },
      },
    });
    expect(
      await ok(s, '(def r (tool/search {:query "q" :max-price 5 :opts {:deep-key [:a]}})) (map :id (:results r))'),
    ).toBe("(1 2)");
    expect(seen).toEqual([{ query: "q", max_price: 5, opts: { deep_key: ["a"] } }]);
  });

  it("keyword-style and empty arguments work", async () => {
    const seen: unknown[] = [];
    const s = new Session({ tools: { t: (args) => (seen.push(args), 1) } });
    await ok(s, '(tool/t :query "x" :limit 2) (tool/t)');
    expect(seen).toEqual([{ query: "x", limit: 2 }, {}]);
  });

  it("each tool call happens once, in program order, even when forms run again", async () => {
    const calls: number[] = [];
    const s = new Session({ tools: { get: (args) => (calls.push(args.id as number), { id: args.id }) } });
    const r = await s.evaluate(
      "(println :start) (def xs (mapv #(:id (tool/get {:id %})) (range 5))) (println :end) xs",
    );
    expect(r.ok && r.printed).toBe("[0 1 2 3 4]");
    expect(calls).toEqual([0, 1, 2, 3, 4]);
    expect(r.output).toEqual([":start", ":end"]);
    expect(r.toolCalls.map((c) => c.name)).toEqual(["get", "get", "get", "get", "get"]);
  });

  it("tool calls inside lazy for and loop work", async () => {
    const s = new Session({ tools: { sq: ({ x }) => (x as number) ** 2 } });
    expect(await ok(s, "(vec (for [i (range 3)] (tool/sq {:x i})))")).toBe("[0 1 4]");
    expect(await ok(s, "(loop [i 0 acc 0] (if (< i 4) (recur (inc i) (+ acc (tool/sq {:x i}))) acc))")).toBe("14");
  });

  it("a failing tool becomes a tool error at the call's position", async () => {
    const s = new Session({
      tools: {
        boom: () => {
          throw new Error("service down");
        },
      },
    });
    const r = await s.evaluate("(+ 1\n   (tool/boom {}))");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe("tool");
      expect(r.error.format()).toBe("tool/boom failed: service down at 2:4");
    }
  });

  it("unknown tools are rejected before anything runs, listing what exists", async () => {
    let called = false;
    const s = new Session({ tools: { search: () => (called = true), fetch: () => 1 } });
    const r = await s.evaluate("(tool/search {}) (tool/serch {})");
    expect(r.ok ? "" : r.error.format()).toBe("unknown tool serch at 1:19 — did you mean tool/search?");
    expect(called).toBe(false);
  });

  it("(ctx/name ...) calls a tool, ctx/name reads data", async () => {
    const s = new Session({ context: { n: 2 }, tools: { twice: ({ x }) => (x as number) * 2 } });
    expect(await ok(s, "(ctx/twice {:x ctx/n})")).toBe("4");
  });

  it("a tool and a data key with the same name are a configuration error", () => {
    expect(() => new Session({ context: { search: 1 }, tools: { search: () => 1 } })).toThrow(
      /both a tool and an input data key/,
    );
  });

  it("a tool that never answers hits the timeout, and the process stays usable", async () => {
    const s = new Session({ tools: { hang: () => new Promise(() => {}) }, limits: { timeoutMs: 100 } });
    const r = await s.evaluate("(tool/hang {})");
    expect(r.ok ? "" : r.error.kind).toBe("timeout");
    expect(await ok(s, "(+ 1 1)")).toBe("2");
  });

  it("tool results that are not JSON-like are a tool error", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.me = cyclic;
    const s = new Session({ tools: { bad: () => cyclic } });
    const r = await s.evaluate("(tool/bad {})");
    expect(r.ok ? "" : r.error.kind).toBe("tool");
  });

  it("evaluateSync refuses tool calls with a clear error", () => {
    const s = new Session({ tools: { t: () => 1 } });
    const r = s.evaluateSync("(tool/t {})");
    expect(r.ok ? "" : r.error.format()).toBe(
      "tool/t cannot be called by a synchronous evaluation at 1:1 — use evaluate() (async) for programs that call tools",
    );
  });
});

describe("values going back to the host", () => {
  it("are plain JSON: keywords become strings, seqs arrays, closures descriptions", async () => {
    const r = await evaluate('{:a [1 2.0 :k "s"] :b #{3} :c (map inc [1]) :d (fn add [x] x) :e nil}');
    expect(r.ok && toHost(null, r.value)).toEqual({ a: [1, 2, "k", "s"], b: [3], c: [2], d: "#fn[add [x]]", e: null });
  });
});

describe("println output is captured, never written to stdout", () => {
  it("collects lines", async () => {
    const r = await evaluate('(println "a" 1 :b) (prn "q") (print [1 "x"]) 5');
    expect(r.ok && r.output).toEqual(["a 1 :b", '"q"', "[1 x]"]);
  });
});

describe("pmap and pcalls run tool calls concurrently", () => {
  function slowTools(log: string[]) {
    return {
      fetch: async ({ id }: Record<string, unknown>) => {
        log.push(`start ${id}`);
        await new Promise((r) => setTimeout(r, 30));
        log.push(`end ${id}`);
        return { id, name: `item-${id}` };
      },
    };
  }

  it("all branches' calls are in flight at once, results in order", async () => {
    const log: string[] = [];
    const s = new Session({ tools: slowTools(log) });
    const t0 = performance.now();
    const r = await s.evaluate("(pmap #(:name (tool/fetch {:id %})) [1 2 3 4 5])");
    const ms = performance.now() - t0;
    expect(r.ok && r.printed).toBe('("item-1" "item-2" "item-3" "item-4" "item-5")');
    expect(log.slice(0, 5)).toEqual(["start 1", "start 2", "start 3", "start 4", "start 5"]);
    expect(ms).toBeLessThan(5 * 30);
  });

  it("branches with several sequential calls advance together", async () => {
    const log: string[] = [];
    const s = new Session({ tools: slowTools(log) });
    const r = await s.evaluate("(pmap (fn [i] [(:id (tool/fetch {:id i})) (:id (tool/fetch {:id (* 10 i)}))]) [1 2])");
    expect(r.ok && r.printed).toBe("([1 10] [2 20])");
    expect(log).toEqual(["start 1", "start 2", "end 1", "end 2", "start 10", "start 20", "end 10", "end 20"]);
    expect(r.toolCalls.length).toBe(4);
  });

  it("pcalls runs thunks as branches", async () => {
    const log: string[] = [];
    const s = new Session({ tools: slowTools(log) });
    const r = await s.evaluate("(pcalls #(tool/fetch {:id 1}) #(tool/fetch {:id 2}))");
    expect(r.ok && r.printed).toBe('({"id" 1, "name" "item-1"} {"id" 2, "name" "item-2"})');
    expect(log.slice(0, 2)).toEqual(["start 1", "start 2"]);
  });

  it("def and return are not allowed inside branches", async () => {
    const s = new Session();
    const d = await s.evaluate("(pmap (fn [x] (def y x)) [1])");
    expect(d.ok ? "" : d.error.format()).toContain("def of y inside pmap/pcalls");
    const r = await s.evaluate("(pmap (fn [x] (return x)) [1])");
    expect(r.ok ? "" : r.error.format()).toContain("return inside pmap/pcalls");
  });
});
