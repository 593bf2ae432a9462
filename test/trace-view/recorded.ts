/**
 * Traces recorded from real agent runs with scripted models, for the trace view's tests:
 * a research agent that summarizes topics with a child agent through `pmap`, a run that
 * fails after a tool error and an analysis error, and a run that meets firewalled fields.
 *
 * Runs are made reproducible to the millisecond: Date and performance are fake clocks
 * (vitest's fake timers) that only the scripted models and the tools move forward, and
 * run ids — random — are renamed `AGENT-0000000N` in the order they appear.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { vi } from "vitest";
import { asTool, defineAgent, defineTool, jsonlTrace, memoryJournal, scriptedLlm } from "../../src/index.js";
import type { Llm, LlmReply } from "../../src/llm/types.js";
import { clj } from "../agent/helpers.js";

/** The fake clock's start: 2025-03-01 09:00:00 UTC. */
const EPOCH = Date.UTC(2025, 2, 1, 9, 0, 0);

/** A reply with usage, as a provider reports it. */
const reply = (code: string, input: number, output: number, cached = 0): LlmReply => ({
  content: `${code.startsWith("(") ? clj(code) : code}`,
  usage: { inputTokens: input, outputTokens: output, cachedInputTokens: cached },
  finishReason: "stop",
  model: "scripted-4o",
  provider: "script",
});

/** Moves the fake clock on by `ms`. */
const spend = (ms: number): void => {
  vi.advanceTimersByTime(ms);
};

/** A scripted model that takes `thinkMs(agent, turn)` of (fake) time per reply. */
function timed(llm: Llm, thinkMs: (agent: string, turn: number) => number): Llm {
  return async (request) => {
    spend(thinkMs(request.agent ?? "", request.turn ?? 0));
    return llm(request);
  };
}

/** Run ids renamed `AGENT-0000000N` in order of appearance, so that traces compare. */
export function stableRunIds(text: string): string {
  const names = new Map<string, string>();
  const rename = (id: string): string => {
    let n = names.get(id);
    if (n === undefined) {
      n = `${id.replace(/-[0-9a-f]{8}$/, "")}-${String(names.size + 1).padStart(8, "0")}`;
      names.set(id, n);
    }
    return n;
  };
  return text
    .split("\n")
    .map((line) => {
      if (line === "") return line;
      const e = JSON.parse(line) as Record<string, unknown>;
      if (typeof e["run"] === "string") e["run"] = rename(e["run"]);
      if (typeof e["parent"] === "string") e["parent"] = rename(e["parent"]);
      return JSON.stringify(e);
    })
    .join("\n");
}

/** Runs `body` with fake Date and performance clocks, then writes the trace it produced to `file`. */
async function recorded(
  file: string,
  redact: boolean,
  body: (trace: ReturnType<typeof jsonlTrace>) => Promise<unknown>,
): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date", "performance"], now: EPOCH });
  const trace = jsonlTrace(`${file}.raw`, { redact });
  try {
    await body(trace);
  } finally {
    trace.close();
    vi.useRealTimers();
  }
  const text = stableRunIds(readFileSync(`${file}.raw`, "utf8"));
  writeFileSync(file, text);
  return text;
}

// ── the scenarios ─────────────────────────────────────────────────────────────

const SEARCH_MS: Readonly<Record<string, number>> = { "heat pumps": 340, "solar roofs": 120, "district heating": 610 };

/** research → 3 × summarize through pmap (each searching once), then a word count, then the return. */
export function recordPmap(dir: string): Promise<string> {
  const search = defineTool({
    description: "Search the library",
    signature: "(q :string) -> [{title :string, words :int}]",
    fn: async ({ q }: { q: string }) => {
      spend(SEARCH_MS[q] ?? 50);
      return [{ title: `${q}: a survey`, words: q.length * 100 }];
    },
  });
  const countWords = defineTool({
    description: "Count words",
    signature: "(texts [:string]) -> :int",
    fn: async ({ texts }: { texts: string[] }) => {
      spend(25);
      return texts.join(" ").split(/\s+/).length;
    },
  });
  const summarize = defineAgent({
    name: "summarize",
    description: "Summarize what the library holds on a topic",
    prompt: "Summarize what the library holds on {{topic}}.",
    signature: "(topic :string) -> {topic :string, summary :string}",
    tools: { search },
    maxTurns: 2,
  });
  const research = defineAgent({
    name: "research",
    prompt: "Brief the topics {{topics}}.",
    signature: "(topics [:string]) -> {briefs [{topic :string, summary :string}], words :int}",
    tools: { summarize: asTool(summarize), "count-words": countWords },
    maxTurns: 4,
  });
  const child = (n: number): LlmReply =>
    reply(
      `(let [hits (tool/search {:q data/topic})]\n  (return {:topic data/topic\n          :summary (str (count hits) " source: " (:title (first hits)))}))`,
      900 + n * 10,
      60 + n,
      512,
    );
  const llm = timed(
    scriptedLlm({
      research: [
        reply("(def briefs (pmap #(tool/summarize {:topic %}) data/topics))\n(mapv :summary briefs)", 1200, 80),
        reply("(def words (tool/count-words {:texts (mapv :summary briefs)}))", 1460, 30, 1024),
        reply("(return {:briefs briefs :words words})", 1530, 20, 1024),
      ],
      summarize: [child(1), child(2), child(3)],
    }),
    (agent, turn) => (agent === "research" ? 800 + 100 * turn : 450),
  );
  return recorded(join(dir, "pmap.jsonl"), true, (trace) =>
    research.run({ topics: ["heat pumps", "solar roofs", "district heating"] }, { llm, trace }),
  );
}

/** A triage run that meets a tool error and an analysis error, then gives up with (fail ...). */
export function recordFailed(dir: string): Promise<string> {
  const lookup = defineTool({
    description: "Look an order up",
    signature: "(id :int) -> {id :int, status :string}",
    fn: async ({ id }: { id: number }) => {
      spend(75);
      throw new Error(`order ${id} not found`);
    },
  });
  const triage = defineAgent({
    name: "triage",
    prompt: "Find the status of order {{order}}.",
    signature: "(order :int) -> {status :string}",
    tools: { "lookup-order": lookup },
    // The third request is the last turn's: it carries the last-turn notice.
    maxTurns: 3,
  });
  const llm = timed(
    scriptedLlm([
      reply("(def order (tool/lookup-order {:id data/order}))\n(:status order)", 700, 40),
      reply("(frobnicate data/order)", 760, 12),
      reply('(fail "order 42 does not exist")', 810, 15),
    ]),
    (_agent, turn) => 300 + 50 * turn,
  );
  return recorded(join(dir, "failed.jsonl"), true, (trace) => triage.run({ order: 42 }, { llm, trace }));
}

/** The secrets of the firewalled run: none may appear in anything the view shows. */
export const SECRETS = ["ann.smith@example.com", "+44 20 7946 0958", "sk-live-7f3a9c2e"] as const;

/** A contact run: a firewalled input field and a tool whose answer has firewalled fields. */
export function recordFirewalled(dir: string, redact = true): Promise<string> {
  const crm = defineTool({
    description: "A customer's record",
    signature: "(id :int) -> {id :int, name :string, _email :string, _phone :string}",
    fn: async ({ id }: { id: number }) => {
      spend(40);
      return { id, name: "Ann Smith", _email: SECRETS[0], _phone: SECRETS[1] };
    },
  });
  const contact = defineAgent({
    name: "contact",
    prompt: "Greet customer {{customer_id}} by name.",
    signature: "(customer_id :int, _api_key :string) -> {greeting :string}",
    tools: { crm },
    maxTurns: 3,
  });
  const llm = timed(
    scriptedLlm([
      reply("(def c (tool/crm {:id data/customer_id}))\n(println c)\n(println (:_email c))\n(:name c)", 640, 44),
      reply('(return {:greeting (str "Hello, " (:name c) "!")})', 700, 18),
    ]),
    () => 350,
  );
  return recorded(join(dir, redact ? "firewalled.jsonl" : "firewalled-unredacted.jsonl"), redact, (trace) =>
    contact.run({ customer_id: 7, _api_key: SECRETS[2] }, { llm, trace }),
  );
}

// ── runs that go on: continued, and resumed from a journal ────────────────────────

const tickets = () =>
  defineAgent({
    name: "tickets",
    prompt: "Triage the tickets",
    signature: "(tickets [{id :int, urgent :bool}]) -> {ids [:int]}",
    maxTurns: 3,
  });
const TICKETS = {
  tickets: [
    { id: 1, urgent: true },
    { id: 2, urgent: false },
    { id: 3, urgent: true },
  ],
};

/** A model answering by turn number, so that a run that goes on gets the same replies. */
function byTurn(): Llm {
  const replies: Record<number, LlmReply> = {
    1: reply("(def all (mapv :id data/tickets))", 500, 20),
    2: reply("(return {:ids all})", 560, 12),
    3: reply("(def urgent (mapv :id (filter :urgent data/tickets)))", 640, 25),
    4: reply("(return {:ids urgent})", 700, 10),
  };
  return timed(
    async (r) => replies[r.turn ?? 0] ?? { content: "no reply" },
    () => 200,
  );
}

/** A run, then the same run continued with a new message (`continueFrom`), into one trace file. */
export function recordContinued(dir: string): Promise<string> {
  return recorded(join(dir, "continued.jsonl"), true, async (trace) => {
    const llm = byTurn();
    const first = await tickets().run(TICKETS, { llm, trace });
    await tickets().run(TICKETS, { llm, trace, continueFrom: first, message: "and now only the urgent ones" });
  });
}

/** A durable run cut after its first turn, then resumed: the first turn is replayed from the journal. */
export function recordResumed(dir: string): Promise<string> {
  return recorded(join(dir, "resumed.jsonl"), true, async (trace) => {
    const whole = memoryJournal();
    await tickets().run(TICKETS, { llm: byTurn(), durable: { store: whole, runKey: "r" } });
    const entries = await whole.load("r");
    const cut = entries.findIndex((e) => e.kind === "turn") + 1;
    const store = memoryJournal();
    for (const e of entries.slice(0, cut)) await store.append("r", e.seq, e);
    await tickets().resume("r", { store, llm: byTurn(), trace });
  });
}

/** A long run: its conversation compacted (turns dropped for a note), its turns running out with a usable last value. */
export function recordCompacted(dir: string): Promise<string> {
  const counter = defineAgent({
    name: "counter",
    prompt: "Count to five, one def a turn.",
    signature: ":int",
    maxTurns: 5,
    compaction: { triggerTurns: 3, keepRecentTurns: 1 },
  });
  const llm = timed(
    scriptedLlm([
      reply("(def a 1)", 400, 10),
      reply("(def b (inc a))", 460, 10),
      reply("(def c (inc b))", 520, 10),
      reply("(def d (inc c))", 430, 10),
      reply("(+ d 1)", 480, 10),
    ]),
    () => 150,
  );
  return recorded(join(dir, "compacted.jsonl"), true, (trace) => counter.run({}, { llm, trace }));
}
