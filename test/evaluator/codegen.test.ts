/**
 * The code-generation tier (src/evaluator/codegen/): what it generates and how it runs.
 * Agreement with the closure compiler over the corpus and over generated programs is in
 * tiers.test.ts and tiers-property.test.ts; here: safety (no program text in the source),
 * integer typing of loops, fuel and limits, tool calls, closures, the factory cache and
 * the fallback to closures.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { evaluate, Session } from "../../src/index.js";
import { emitForm } from "../../src/evaluator/codegen/generate.js";
import { analyzed, bothTiers, outcome } from "./tiers.js";

/** The generated sources of a program's top-level forms. */
function sources(program: string): string[] {
  const nodes = analyzed(program);
  if (nodes === null) throw new Error(`does not analyze: ${program}`);
  return nodes.map((n) => emitForm(n).source);
}

function agree(program: string, options = {}): string {
  const { generated, closures, tieredUp } = bothTiers(program, options);
  expect(generated, program).toEqual(closures);
  expect(tieredUp, program).toEqual(closures);
  return generated.result;
}

describe("generated source", () => {
  // Names a program may use (the reader allows almost any character in a symbol), strings,
  // keywords, numbers and docstrings that would break out of a JS string or comment, or
  // name JS internals, if they were ever written into the source.
  const hostileName = fc
    .array(fc.constantFrom(..."$_*+!-?<>=&%|λé\u2028".split(""), "=>", "constructor", "__proto__"), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => `zq${parts.join("")}`);
  const hostileString = fc
    .array(
      fc.constantFrom('"); throw 1; ("', "`${globalThis}`", "</script>", "\\u2028", "*/", "//", "'", "\\n", "zq"),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    .map((parts) => `zq${parts.join("")}`);
  const bigNumber = fc.integer({ min: 100_000_000, max: 2_000_000_000 });

  it("never contains a name, string, keyword, number or docstring of the program", () => {
    fc.assert(
      fc.property(hostileName, hostileName, hostileString, bigNumber, (f, x, s, n) => {
        const program =
          `(defn ${f} "${s.replace(/"/g, '\\"')}" [${x}] (let [${x}${x} (str ${x} "${s.replace(/"/g, '\\"')}")] ` +
          `{:${x} ${x}${x} :n (+ ${n} (count ${x}${x}))}))\n` +
          `(${f} "${s.replace(/"/g, '\\"')}")\n` +
          `(loop [${x} ${n}] (if (> ${x} ${n - 3}) (recur (dec ${x})) [${x} '${f}]))`;
        const texts = sources(program);
        for (const text of texts) {
          expect(text).not.toContain("zq");
          expect(text).not.toContain(String(n));
          expect(text).not.toContain(String(n - 3));
        }
        agree(program);
      }),
      { numRuns: 150 },
    );
  });

  it("is the same for programs that differ only in their constants and names", () => {
    expect(sources('(let [a 1 b "x"] (str a b))')).toEqual(sources('(let [zz 99 yy "other"] (str zz yy))'));
    expect(sources("(defn f [x] (* x 2)) (f 3)")).toEqual(sources("(defn g [y] (* y 5)) (g 7)"));
  });

  it("knows a loop counter is an integer: no type checks on it", () => {
    const [text] = sources("(loop [i 0 acc 0] (if (< i 10) (recur (inc i) (+ acc (rem i 7))) acc))");
    expect(text).not.toContain("typeof");
    expect(text).not.toContain("isInteger");
    // A binding that may become a float is checked.
    const [mixed] = sources("(loop [i 0 x 0] (if (< i 10) (recur (inc i) (+ x 0.5)) x))");
    expect(mixed).toContain("typeof");
  });
});

describe("running generated code", () => {
  it("agrees with the closure compiler on integer and float arithmetic at the edges", () => {
    for (const p of [
      "(loop [a 9007199254740990 n 0] (if (< n 3) (recur (inc a) (inc n)) a))",
      "(loop [a -9007199254740990 n 0] (if (< n 3) (recur (dec a) (inc n)) a))",
      "(loop [i 0 acc 1] (if (< i 60) (recur (inc i) (* acc 2)) acc))",
      "(loop [i 0 x 1.5] (if (< i 4) (recur (inc i) (* x 2)) x))",
      "(loop [i -7 acc []] (if (< i 8) (recur (+ i 3) (conj acc [(mod i 3) (rem i 3) (quot i 3)])) acc))",
      "(loop [i 0 acc 0] (if (< i 5) (recur (inc i) (quot acc (- 3 i))) acc))",
      "(loop [i 0 m 0] (if (< i 10) (recur (inc i) (max m (mod (* i 7) 10))) m))",
      "[(* -3 0) (rem -7 7) (mod -7 7) (quot -1 2) (- 0) (abs -9007199254740991)]",
      "[(= 1 1.0) (= 0.5 0.5) (= ##NaN ##NaN) (not= 1 2) (= [1 2] '(1 2)) (== 1 1.0) (max 1 ##NaN)]",
    ]) {
      agree(p);
    }
  });

  it("gives errors the position of the call, as the closures do", () => {
    expect(agree('(defn f [x]\n  (inc x))\n(f "a")')).toBe('type: inc expects a number, got string "a" at 2:3');
    expect(agree("(loop [i 0 a 9007199254740990] (if (< i 5) (recur (inc i) (inc a)) a))")).toMatch(
      /^arithmetic: integer overflow in inc at 1:59/,
    );
    expect(agree("(let [[a b] 5] a)")).toMatch(/^type: sequential destructuring .* at 1:7/);
    expect(agree("(let [{:keys [a] :or {a (inc nil)}} {}] a)")).toMatch(/^type: inc expects a number, got nil at 1:25/);
  });

  it("spends fuel as the closures do: an endless loop stops with the loop's position", () => {
    const limits = { limits: { maxSteps: 10_000 } };
    expect(agree("(loop [i 0] (if (< i 1e300) (recur (inc i)) i))", limits)).toMatch(
      /^limit: step limit exceeded.* at 1:1/,
    );
    expect(agree("(defn f [n] (if (< n 1e300) (recur (inc n)) n)) (f 0)", limits)).toMatch(
      /^limit: step limit exceeded/,
    );
    expect(agree("(count (for [x (range) y (range 3)] [x y]))", limits)).toMatch(/^limit: step limit exceeded/);
    expect(agree("(dorun (map inc (range)))", limits)).toMatch(/^limit: /);
  });

  it("stops deep recursion with the call-depth limit", () => {
    expect(agree("(defn f [n] (if (zero? n) 0 (inc (f (dec n))))) (f 5000)")).toMatch(
      /^limit: recursion depth limit exceeded: more than 1000 nested calls/,
    );
    expect(agree("(defn f [n] (if (zero? n) 0 (inc (f (dec n))))) (f 900)")).toBe("900");
    // A function that calls nothing checks the limit without entering: the same boundary.
    const leaf = "(defn g [x] (inc x)) (defn f [n] (if (zero? n) (g 1) (f (dec n))))";
    expect(agree(`${leaf} (f 998)`)).toBe("2");
    expect(agree(`${leaf} (f 999)`)).toMatch(/^limit: recursion depth limit exceeded/);
  });

  it("stops a runaway loop at the deadline", () => {
    const r = outcome("(loop [i 0] (recur (inc i)))", "generated", {
      limits: { timeoutMs: 100, maxSteps: Number.MAX_SAFE_INTEGER },
    });
    expect(r.result).toMatch(/^timeout: /);
  });

  it("makes closures that capture, recurse, take rest arguments and print like the closures", () => {
    agree("(let [k 10 fs (map (fn [x] (fn [] (+ x k))) [1 2 3])] (map #(%) fs))");
    agree("(loop [i 0 fs []] (if (< i 3) (recur (inc i) (conj fs (fn [] i))) (mapv #(%) fs)))");
    agree("(defn f ([] :none) ([x] [x]) ([x & more] [x more])) [(f) (f 1) (f 1 2 3) (apply f (range 5))]");
    agree("(let [fact (fn fact [n] (if (zero? n) 1 (* n (fact (dec n)))))] [(fact 10) fact])");
    agree('(defn g "doc" [a b] (+ a b)) [g (str g) (g 1)]');
    agree("((fn [& {:keys [a b] :or {b 2}}] [a b]) :a 1)");
  });

  it("keeps lazy seqs lazy and replays tool calls inside functions, loops and for", async () => {
    const seen: number[] = [];
    const s = new Session({
      tier: "generated",
      tools: {
        get: async (args) => {
          seen.push(args["id"] as number);
          return { id: args["id"], v: (args["id"] as number) * 10 };
        },
      },
    });
    const program =
      "(defn fetch [i] (:v (tool/get {:id i})))\n" +
      "(def xs (for [i (range 3) :let [v (fetch i)]] (+ v (loop [j 0 acc 0] (if (< j 2) (recur (inc j) (+ acc (fetch (+ 10 j)))) acc)))))\n" +
      "[(take 2 xs) (reduce + (map fetch [1 2]))]";
    const r = await s.evaluate(program);
    const c = await evaluate(program, {
      tier: "closures",
      tools: { get: async (args) => ({ id: args["id"], v: (args["id"] as number) * 10 }) },
    });
    expect(r.ok && r.printed).toBe(c.ok && c.printed);
    expect(r.toolCalls.map((t) => t.args)).toEqual(c.toolCalls.map((t) => t.args));
    expect(r.steps).toBe(c.steps);
  });

  it("defines vars, reads *1 and data/, and returns", () => {
    const s = new Session({ context: { n: 5 }, tier: "generated" });
    expect(s.evaluateSync("(def x (* data/n 2)) (defonce y 1) (defonce y 2) [x y]").ok).toBe(true);
    const r = s.evaluateSync("(if (> (first *1) 5) (return [:big *1]) :small)");
    expect(r.ok && r.returned && r.printed).toBe("[:big [10 1]]");
  });
});

describe("the factory cache and the fallback", () => {
  const original = globalThis.Function;
  afterEach(() => {
    globalThis.Function = original;
  });

  it("reuses generated code for programs of the same shape without mixing up their tables", () => {
    for (const s of ['"a"', '"b"', ":c", "[1 2]", '"a"'])
      expect(outcome(`(loop [i 0] (if (< i 3) (recur (inc i)) ${s}))`, "generated").result).toBe(s);
    expect(outcome('(loop [i 0] (if (< i 3) (recur (inc i)) (inc "x")))', "generated").result).toMatch(/at 1:41$/);
    expect(outcome('(loop [i 0]\n  (if (< i 3) (recur (inc i)) (inc "x")))', "generated").result).toMatch(/at 2:31$/);
  });

  it("runs the closure compiler where code generation is not allowed", () => {
    globalThis.Function = function () {
      throw new EvalError("Code generation from strings disallowed for this context");
    } as unknown as FunctionConstructor;
    // A shape no other test generates, so the cache cannot answer.
    const program = "(let [q (fn [a b c d e] [e d c b a])] (q 1 2 3 4 (loop [z 0] (if (< z 2) (recur (inc z)) z))))";
    expect(outcome(program, "generated").result).toBe("[2 4 3 2 1]");
  });
});
