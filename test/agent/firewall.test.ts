/**
 * The firewall by value (issue 12 §1): no text sent to any model contains a firewalled value
 * the run has seen — from the input, a tool's answer or a child agent's return — in any
 * form a program can print it; the host still gets every value whole.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asTool, defineAgent, jsonlTrace, type LlmRequest, type RunEvent, type TraceEvent } from "../../src/index.js";
import { clj, recording } from "./helpers.js";

const EMAIL = "ann.example@customer-mail.test";
const CUSTOMER = { id: 7, name: "Ann Example", _email: EMAIL };

/** Every text a model was sent. */
const sent = (requests: readonly LlmRequest[]): string =>
  requests.map((r) => [r.system, ...r.messages.map((m) => m.content)].join("\n")).join("\n");

/** Turn 1 runs `program` over a customer from a tool; turn 2 returns. */
async function leakTest(program: string, maxTurns = 3): Promise<{ requests: LlmRequest[]; trace: TraceEvent[] }> {
  const { llm, requests } = recording([clj(`(def c (tool/customer {:id 7}))\n${program}`), clj("(return 1)")]);
  const trace: TraceEvent[] = [];
  const agent = defineAgent({
    prompt: "Look up the customer.",
    signature: "() -> :int",
    maxTurns,
    tools: { customer: { fn: () => CUSTOMER, signature: "(id :int) -> {id :int, name :string, _email :string}" } },
  });
  await agent.run({}, { llm, trace: (e) => trace.push(e) });
  return { requests, trace };
}

describe("a firewalled value taken out of its field never reaches a model", () => {
  const programs: [string, string][] = [
    ["a keyword lookup", "(:_email c)"],
    ["println", "(println (:_email c))"],
    ["vals", "(vals c)"],
    ["str of the map", "(str c)"],
    ["pr-str of the map", "(pr-str c)"],
    ["a new map", "{:contact (:_email c)}"],
    ["format", '(format "mail: %s!" (:_email c))'],
    ["string concatenation", '(str "<" (:_email c) ">")'],
    ["a def, then the user/ summary", "(def mail (:_email c))"],
    ["an error message", "(inc (:_email c))"],
    ["println of pr-str (escaped)", "(println (pr-str [(:_email c)]))"],
    ["a long println line cut short", '(println (apply str (repeat 3000 "x")) (:_email c))'],
    ["a string cut short in a preview", '(str (:_email c) (apply str (repeat 5000 "y")))'],
    ["an invalid return", "(return {:bad (:_email c)})"],
    // The check's message describes a long string by its first 40 characters, then `"…`.
    ["a return of the wrong type, described cut short", '(return (str (apply str (repeat 24 "z")) (:_email c)))'],
  ];
  it.each(programs)("%s: %s", async (_name, program) => {
    const { requests } = await leakTest(program);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    const text = sent(requests);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain("ann.example@cust");
  });

  it("the program and the host still get the value", async () => {
    const { llm } = recording([clj("(def c (tool/customer {:id 7}))\n(return {:mail (:_email c)})")]);
    const agent = defineAgent({
      prompt: "Look up the customer.",
      signature: "() -> {mail :string}",
      tools: { customer: { fn: () => CUSTOMER, signature: "(id :int) -> {id :int, name :string, _email :string}" } },
    });
    const step = await agent.run({}, { llm });
    expect(step.return).toEqual({ mail: EMAIL });
  });

  it("values of the input's _ fields are hidden, and the model is told the field exists", async () => {
    const { llm, requests } = recording([clj('(println "token is" data/_token)'), clj("(return 1)")]);
    const agent = defineAgent({ prompt: "Use the token.", signature: "(_token :string, user :string) -> :int" });
    await agent.run({ _token: "tok-9f8e7d6c5b4a", user: "ann" }, { llm });
    expect(sent(requests)).not.toContain("tok-9f8e7d6c5b4a");
    expect(requests[0]!.messages[0]!.content).toContain("_token");
    expect(requests[1]!.messages.at(-1)!.content).toContain("token is <Firewalled>");
  });

  it("a child agent's input, prompt and the parent's view of its return keep the values hidden", async () => {
    const { llm, requests } = recording([
      // parent, turn 1: hands the secret to the child
      clj("(def c (tool/customer {:id 7}))\n(def r (tool/mailer {:to (:_email c)}))\n(str r)"),
      // child, turn 1: reads its input and returns a firewalled field of its own
      clj('(return {:sent true :_receipt (str "receipt-for-" data/to)})'),
      // parent, turn 2
      clj("(return 1)"),
    ]);
    const mailer = defineAgent({
      name: "mailer",
      description: "Sends a mail",
      prompt: "Send to {{to}}.",
      signature: "(to :string) -> {sent :bool, _receipt :string}",
    });
    const agent = defineAgent({
      prompt: "Mail the customer.",
      signature: "() -> :int",
      maxTurns: 3,
      tools: {
        customer: { fn: () => CUSTOMER, signature: "(id :int) -> {id :int, name :string, _email :string}" },
        mailer: asTool(mailer),
      },
    });
    const step = await agent.run({}, { llm });
    expect(step.ok).toBe(true);
    expect(requests).toHaveLength(3);
    const text = sent(requests);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(`receipt-for-`);
    expect(requests[1]!.depth).toBe(1);
  });
});

describe("traces", () => {
  it("the JSON Lines file hides firewalled values by default; the Step keeps them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ptcc-firewall-"));
    const file = join(dir, "run.jsonl");
    const raw = join(dir, "raw.jsonl");
    const t = jsonlTrace(file);
    const r = jsonlTrace(raw, { redact: false });
    const { llm } = recording([clj("(def c (tool/customer {:id 7}))\n(println (:_email c))"), clj("(return 1)")]);
    const agent = defineAgent({
      prompt: "Look up the customer.",
      signature: "() -> :int",
      maxTurns: 2,
      tools: { customer: { fn: () => CUSTOMER, signature: "(id :int) -> {id :int, name :string, _email :string}" } },
    });
    const step = await agent.run(
      {},
      {
        llm,
        trace: (e, view) => {
          t.sink(e, view);
          r.sink(e, view);
        },
      },
    );
    t.close();
    r.close();
    const written = readFileSync(file, "utf8");
    expect(written).not.toContain(EMAIL);
    expect(written).toContain('"_email":"<Firewalled>"');
    expect(readFileSync(raw, "utf8")).toContain(EMAIL);
    expect(JSON.stringify(step.trace)).toContain(EMAIL);
    // Events still link up: run ids and agent names are never redacted.
    const events = written.trim().split("\n").map((l) => JSON.parse(l) as TraceEvent);
    expect(new Set(events.map((e) => e.run)).size).toBe(1);
  });
});

describe("traces passed on without their view", () => {
  it("the JSON Lines file still hides every _ field", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "ptcc-firewall-")), "run.jsonl");
    const t = jsonlTrace(file);
    const { llm } = recording([clj("(return (:_email (tool/customer {:id 7})))")]);
    const agent = defineAgent({
      prompt: "Look up the customer.",
      maxTurns: 1,
      tools: { customer: { fn: () => CUSTOMER, signature: "(id :int) -> {id :int, name :string, _email :string}" } },
    });
    await agent.run({}, { llm, trace: (e) => t.sink(e) });
    t.close();
    const events = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as TraceEvent);
    const call = events.find((e) => e.type === "tool_call");
    expect(call).toMatchObject({ type: "tool_call", tool: "customer", result: { id: 7, _email: "<Firewalled>" } });
    expect(new Set(events.map((e) => e.run)).size).toBe(1);
  });
});

describe("property: random programs over firewalled data", () => {
  // How a program can take a value out of its field, and where it can send it.
  const reach = ["(:_secret row)", '(get row "_secret")', "(first (vals row))", "(str row)", "(pr-str row)", "(vals row)"];
  const wrap = [
    (x: string) => x,
    (x: string) => `(println ${x})`,
    (x: string) => `(str "a" ${x} "b")`,
    (x: string) => `(format "%s" ${x})`,
    (x: string) => `{:k ${x}}`,
    (x: string) => `[${x} ${x}]`,
    (x: string) => `(def v ${x})`,
    (x: string) => `(inc ${x})`,
    (x: string) => `(clojure.string/upper-case (str ${x}))`,
    (x: string) => `(return {:oops ${x}})`,
  ];
  const secretArb = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789@.-"), minLength: 8, maxLength: 24 });

  it("no model-bound text holds a firewalled leaf verbatim", async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        fc.nat(reach.length - 1),
        fc.nat(wrap.length - 1),
        fc.boolean(),
        async (secret, r, w, fromInput) => {
          const expr = wrap[w]!(reach[r]!);
          const row = { id: 1, _secret: secret };
          const program = fromInput ? `(def row (first data/rows))\n${expr}` : `(def row (tool/row {}))\n${expr}`;
          const { llm, requests } = recording([clj(program), clj("(return 1)")]);
          const agent = defineAgent({
            prompt: "Work on the rows.",
            signature: "(rows [:map]) -> :int",
            maxTurns: 2,
            tools: { row: { fn: () => row, signature: "() -> {id :int, _secret :string}" } },
          });
          const events: RunEvent[] = [];
          const step = await agent.run({ rows: fromInput ? [row] : [] }, { llm, onEvent: (e) => events.push(e) });
          const text = sent(requests);
          // The upper-cased copy is a new value (documented as not caught): look for the original.
          expect(text.includes(secret), `${program} leaked ${secret}`).toBe(false);
          // Nor does any run event (they leave the process: a UI, a server's stream).
          expect(JSON.stringify(events).includes(secret), `${program} leaked ${secret} into an event`).toBe(false);
          expect(step.ok).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
