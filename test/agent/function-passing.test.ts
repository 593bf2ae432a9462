/**
 * Passing functions between agents (seed 000): a `self` child inherits its parent's
 * closures (phase 1), and `:fn` parameters take closures explicitly (phase 2). The seed's
 * tests, translated, plus depth-3 accumulation, a child override, a passed closure that
 * calls a tool, and a check over whole traces that no closure body reaches a model.
 */
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, stepToJson, type TraceEvent } from "../../src/agent/index.js";
import { renderUserSections, renderDataSection } from "../../src/agent/prompt/namespace.js";
import { scriptedLlm } from "../../src/llm/script.js";
import { Session } from "../../src/evaluator/session.js";
import { parseSignature } from "../../src/signature/parse.js";
import { validate } from "../../src/signature/validate.js";
import type { Value } from "../../src/runtime/values.js";
import { clj, recording, mission } from "./helpers.js";

/** Closures defined in a throwaway session, for the renderer's unit tests. */
function vars(source: string) {
  const s = new Session();
  const r = s.evaluateSync(source);
  if (!r.ok) throw new Error(r.error.format());
  return s.namespace.all();
}

function selfAgent(signature: string, extra: { maxDepth?: number } = {}) {
  return defineAgent({
    name: "proc",
    description: "Process a part",
    prompt: "Process",
    signature,
    tools: { sub: "self" },
    maxTurns: 3,
    maxDepth: extra.maxDepth ?? 3,
  });
}

describe("phase 1: a self child inherits the parent's closures", () => {
  it("the child can call the parent's defn", async () => {
    const { llm } = recording([
      clj("(defn double [x] (* x 2))\n(return (tool/sub {:value 21}))"),
      clj("(return (double data/value))"),
    ]);
    const step = await selfAgent("(value :int) -> :int").run({ value: 0 }, { llm });
    expect(step.ok).toBe(true);
    expect(step.return).toBe(42);
  });

  it("only closures are inherited, not plain values", async () => {
    const { llm, requests } = recording([
      clj("(def counter 99)\n(defn id [x] x)\n(return (tool/sub {:v 1}))"),
      clj("counter"),
      clj("(return (id data/v))"),
      clj("(return *1)"),
    ]);
    const step = await selfAgent("(v :int) -> :int").run({ v: 0 }, { llm });
    expect(step.return).toBe(1);
    const child = mission(requests[1]!);
    expect(child).toContain(";; === user/ (inherited) ===\n(id [x])");
    expect(child).not.toContain("counter");
    // The child cannot reach the parent's plain value.
    expect(requests[2]!.messages[requests[2]!.messages.length - 1]!.content).toContain("undefined symbol counter");
  });

  it("an agent tool that is not self inherits nothing", async () => {
    const child = defineAgent({
      name: "child",
      description: "Doubles",
      prompt: "Return {{n}} doubled",
      signature: "(n :int) -> :int",
      maxTurns: 1,
    });
    const { llm, requests } = recording([
      clj("(defn helper [x] x)\n(return (tool/child {:n 5}))"),
      clj("(* data/n 2)"),
    ]);
    const parent = defineAgent({ prompt: "Use child", signature: "(n :int) -> :int", tools: { child: asTool(child) } });
    const step = await parent.run({ n: 0 }, { llm });
    expect(step.return).toBe(10);
    expect(mission(requests[1]!)).not.toContain("inherited");
    expect(mission(requests[1]!)).not.toContain("helper");
  });

  it("docstrings appear in the inherited section", async () => {
    const { llm, requests } = recording([
      clj('(defn parse-line "Extracts fields from a log line" [s] s)\n(return (tool/sub {:data "test"}))'),
      clj("(return (parse-line data/data))"),
    ]);
    const step = await selfAgent("(data :string) -> :string").run({ data: "x" }, { llm });
    expect(step.return).toBe("test");
    expect(mission(requests[1]!)).toContain(
      ';; === user/ (inherited) ===\n(parse-line [s])              ; "Extracts fields from a log line"',
    );
  });

  it("internal names are not inherited", async () => {
    const { llm, requests } = recording([
      clj("(defn _private [x] x)\n(defn public [x] x)\n(return (tool/sub {:v 1}))"),
      clj("(return (public data/v))"),
    ]);
    const step = await selfAgent("(v :int) -> :int").run({ v: 0 }, { llm });
    expect(step.return).toBe(1);
    expect(mission(requests[1]!)).toContain("(public [x])");
    expect(mission(requests[1]!)).not.toContain("_private");
  });

  it("depth accumulates: at depth 2 the child has what depth 0 and depth 1 defined", async () => {
    const { llm, requests } = recording([
      clj("(defn a [x] (+ x 1))\n(return (tool/sub {:v 1}))"), // depth 0
      clj("(defn b [x] (* x 10))\n(return (tool/sub {:v (a data/v)}))"), // depth 1: v = 2
      clj("(return (b (a data/v)))"), // depth 2: (b (a 2)) = 30
    ]);
    const step = await selfAgent("(v :int) -> :int").run({ v: 0 }, { llm });
    expect(step.return).toBe(30);
    expect(requests.map((r) => r.depth)).toEqual([0, 1, 2]);
    expect(mission(requests[1]!)).toContain(";; === user/ (inherited) ===\n(a [x])");
    expect(mission(requests[2]!)).toContain(";; === user/ (inherited) ===\n(a [x])\n(b [x])");
  });

  it("a child that redefines an inherited name uses its own definition", async () => {
    const { llm, requests } = recording([
      clj("(defn f [x] :parent)\n(return (tool/sub {:v 1}))"),
      clj("(defn f [x] :child)\n(f 1)"),
      clj("(return (name (f 1)))"),
      clj("(return (tool/sub {:v 1}))"),
      clj('(return (str "parent still has " (name (f 1))))'),
    ]);
    const step = await selfAgent("(v :int) -> :string").run({ v: 0 }, { llm });
    expect(step.return).toBe("child");
    // Still listed as inherited (the set is fixed at the start), with the child's version.
    expect(mission(requests[2]!)).toContain(";; === user/ (inherited) ===\n(f [x])");
    expect(mission(requests[2]!)).not.toContain("your prelude");
  });

  it("the source of an inherited closure never reaches any request", async () => {
    const { llm, requests } = recording([
      clj('(defn secret-math "Scales a number" [x] (+ (* x 7919) 104729))\n(return (tool/sub {:v 2}))'),
      clj("(return (secret-math data/v))"),
    ]);
    const trace: TraceEvent[] = [];
    const step = await selfAgent("(v :int) -> :int").run({ v: 0 }, { llm, trace: (e) => trace.push(e) });
    expect(step.return).toBe(2 * 7919 + 104729);
    // Every request of the whole trace: the parent's (made before it wrote the function)
    // and the child's, which lists the function by its parameters only.
    const llmRequests = trace.filter((e) => e.type === "llm_request");
    expect(llmRequests.length).toBe(2);
    for (const e of llmRequests) {
      const text = JSON.stringify(e);
      expect(text).not.toContain("7919");
      expect(text).not.toContain("104729");
    }
    expect(JSON.stringify(llmRequests[1])).toContain("(secret-math [x])");
    // No mission message of any request (parent's included) shows a closure body.
    for (const r of requests) expect(mission(r)).not.toContain("7919");
  });
});

describe("the user/ renderer", () => {
  it("inherited functions render under their own header", () => {
    const vs = vars('(defn double "Doubles x" [x] (* x 2)) (def count 5)');
    expect(renderUserSections(vs, new Set(["double"]))).toBe(
      ';; === user/ (inherited) ===\n(double [x])                  ; "Doubles x"\n\n;; === user/ (your prelude) ===\ncount                         ; = integer, sample: 5',
    );
  });

  it("only the inherited section when there are no own entries", () => {
    expect(renderUserSections(vars("(defn f [x] x)"), new Set(["f"]))).toBe(";; === user/ (inherited) ===\n(f [x])");
  });

  it("no inherited section when nothing is inherited", () => {
    expect(renderUserSections(vars("(defn f [x] x)"), new Set())).toBe(";; === user/ (your prelude) ===\n(f [x])");
  });

  it("a child override stays under the inherited header, with the current definition", () => {
    const vs = vars("(defn f [x y] 2)");
    expect(renderUserSections(vs, new Set(["f"]))).toBe(";; === user/ (inherited) ===\n(f [x y])");
  });
});

describe("phase 2: :fn parameters", () => {
  it("parses :fn and :fn?", () => {
    expect(parseSignature("(data [:any], mapper :fn) -> [:string]").params.map((p) => p.type)).toMatchObject([
      { kind: "list" },
      { kind: "primitive", name: "fn", optional: false },
    ]);
    expect(parseSignature("(filter :fn?) -> :any").params[0]!.type).toMatchObject({ name: "fn", optional: true });
  });

  it("validates: a closure or nil, nothing else", () => {
    const [f] = vars("(defn f [x] x)");
    expect(validate("(mapper :fn) -> :any", {}).ok).toBe(true); // :fn as an output only
    expect(validate(":fn", f!.value).ok).toBe(true);
    expect(validate(":fn", null).ok).toBe(true);
    expect(validate("{mapper :fn}", { mapper: "not a fn" }).errors.map((e) => e.message)).toEqual([
      'expected fn, got string "not a fn"',
    ]);
    expect(validate("{mapper :fn}", {}).errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      "mapper: missing required field (expected fn)",
    ]);
  });

  it("data/ renders a closure with its parameters and docstring, or parameters alone", () => {
    const [withDoc, bare] = vars('(defn p "Parse a log line" [line] line) (defn c [a b] a)');
    const entries = [
      { name: "mapper_fn", type: null, value: withDoc!.value as Value },
      { name: "compare_fn", type: null, value: bare!.value as Value },
    ];
    expect(renderDataSection(entries)).toBe(
      ";; === data/ ===\ndata/mapper_fn                ; fn [line] -- Parse a log line\ndata/compare_fn               ; fn [a b]",
    );
  });

  it("a parent passes a closure to a worker, which calls it directly and in map", async () => {
    const worker = defineAgent({
      name: "worker",
      description: "Maps items",
      prompt: "Apply data/mapper to each item",
      signature: "(items [:string], mapper :fn) -> {direct :string, all [:string]}",
      maxTurns: 2,
    });
    const { llm, requests } = recording([
      clj(
        '(defn parse-line "Parse a log line" [line] (first (clojure.string/split line #" ")))\n(return (tool/worker {:items ["E1 disk" "E2 net"] :mapper parse-line}))',
      ),
      clj("(return {:direct (data/mapper (first data/items)) :all (map data/mapper data/items)})"),
    ]);
    const parent = defineAgent({ prompt: "Delegate", signature: ":any", tools: { worker: asTool(worker) } });
    const trace: TraceEvent[] = [];
    const step = await parent.run({}, { llm, trace: (e) => trace.push(e) });
    expect(step.return).toEqual({ direct: "E1", all: ["E1", "E2"] });
    // No request of the whole trace carries the passed closure's body.
    const llmRequests = trace.filter((e) => e.type === "llm_request");
    expect(llmRequests).toHaveLength(2);
    for (const e of llmRequests) expect(JSON.stringify(e)).not.toContain("(first (clojure.string/split");
    // The tool call's arguments in the trace show the closure as its label.
    expect(trace.find((e) => e.type === "tool_call")).toMatchObject({
      args: { mapper: "#fn[parse-line [line]]" },
    });
    expect(mission(requests[1]!)).toContain("data/mapper                   ; fn [line] -- Parse a log line");
    expect(mission(requests[1]!)).not.toContain("split");
  });

  it("a :fn parameter rejects what is not a closure, with the path", async () => {
    const worker = defineAgent({
      name: "worker",
      description: "Maps items",
      prompt: "x",
      signature: "(mapper :fn) -> :any",
    });
    const { llm, requests } = recording([clj('(tool/worker {:mapper "inc"})'), clj("(return 1)")]);
    const parent = defineAgent({ prompt: "x", tools: { worker: asTool(worker) }, maxTurns: 2 });
    await parent.run({}, { llm });
    expect(requests[1]!.messages[2]!.content).toContain('mapper: expected fn, got string "inc"');
  });

  it("a passed closure can call a tool (resolved in the agent that runs it)", async () => {
    const lookups: unknown[] = [];
    const lookup = {
      fn: ({ id }: Record<string, unknown>) => {
        lookups.push(id);
        return { id, name: `user ${String(id)}` };
      },
      signature: "(id :int) -> {id :int, name :string}",
    };
    const worker = defineAgent({
      name: "worker",
      description: "Enriches ids",
      prompt: "Enrich data/ids with data/enrich",
      signature: "(ids [:int], enrich :fn) -> [:string]",
      tools: { lookup },
    });
    const { llm } = recording([
      clj("(defn enrich [id] (:name (tool/lookup {:id id})))\n(return (tool/worker {:ids [1 2] :enrich enrich}))"),
      clj("(return (mapv data/enrich data/ids))"),
    ]);
    const parent = defineAgent({ prompt: "x", signature: "[:string]", tools: { worker: asTool(worker), lookup } });
    const step = await parent.run({}, { llm });
    expect(step.return).toEqual(["user 1", "user 2"]);
    expect(lookups).toEqual([1, 2]);
  });

  it("a closure that reaches the host is a safe label: return value, JSON, trace", async () => {
    const trace: TraceEvent[] = [];
    const agent = defineAgent({ prompt: "x", signature: "{f :fn}", maxTurns: 1 });
    const step = await agent.run(
      {},
      { llm: scriptedLlm([clj('{:f (fn sneaky [x] (str "body-text" x))}')]), trace: (e) => trace.push(e) },
    );
    expect(step.ok).toBe(true);
    expect(step.return).toEqual({ f: "#fn[sneaky [x]]" });
    // Everything the host gets of the value (the program text itself is the LLM's own).
    const end = trace.find((e) => e.type === "run_end");
    const outputs = [stepToJson(step).return, end?.type === "run_end" ? end.return : null, step.returnValue];
    for (const o of outputs) {
      const text = JSON.stringify(o);
      expect(text).toContain("#fn[sneaky [x]]");
      expect(text).not.toContain("body-text");
    }
  });
});
