// Long runs and durable runs (issues 22 and 24):
//
// 1. Compaction: a 40-turn scripted run over 5,000 records, each turn's program printing a
//    page of 50 records, run with compaction off, "trim" and "summary" (defaults: triggerTokens
//    24,000, keepRecentTurns 3). Printed: the total input tokens of the run (every request,
//    o200k_base with gpt-tokenizer) and the largest request. Targets: with trim, the total
//    is at most 35% of the uncompacted run's, and no request is above triggerTokens + 4,000.
// 2. Durable runs: a 10-turn scripted run with a tool call per turn, plain against
//    `durable` with memoryJournal and with fileJournal (fsync per append), in interleaved
//    rounds: the time durability adds per turn (target: at most 2 ms with fileJournal) and
//    the journal's size per turn.
//
// Run by bench/run.mjs (`--only long-runs`), or alone: node bench/long-runs.mjs [--quick]
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measure, prng } from "./programs.mjs";

const fence = "```";
const clj = (code, words = "") => `${words}${fence}clojure\n${code}\n${fence}`;
export const TRIGGER = 24_000;
export const TURNS = 40;

function records(n) {
  const rnd = prng(11);
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    customer: `customer-${Math.floor(rnd() * 900) + 100}`,
    amount: Math.round(rnd() * 100_000) / 100,
    status: ["open", "paid", "late", "void"][Math.floor(rnd() * 4)],
    note: `order ${i + 1} placed by phone; follow up on delivery window ${Math.floor(rnd() * 12) + 1}`,
  }));
}

/** Turn i looks at page i of the data (50 records printed), with some words of reasoning. */
function replies(turns) {
  const out = [clj("(def seen (count data/orders))", "Let me count the orders first.\n\n")];
  const words = "I will look at the next page of orders and keep the late ones in mind. ".repeat(6);
  for (let i = 1; i < turns - 1; i++) {
    out.push(clj(`(->> data/orders (drop ${i * 50}) (take 50))`, `${words}Page ${i}.\n\n`));
  }
  out.push(clj("(return {:seen seen})", "Done.\n\n"));
  return out;
}

export async function runLongRunSuite({ quick, line }) {
  const lib = await import("../dist/index.js");
  const { defineAgent, memoryJournal, fileJournal } = lib;
  const { encode } = await import("gpt-tokenizer");
  const turns = quick ? 12 : TURNS;
  const orders = records(5_000);
  const tokens = (r) => encode(r.system).length + r.messages.reduce((n, m) => n + encode(m.content).length, 0);
  let failed = false;

  line(`Long runs: a ${turns}-turn scripted run over ${orders.length.toLocaleString("en-US")} records, each turn printing a page of 50 records (about 3,000 tokens a turn)`);
  const results = {};
  for (const compaction of [false, "trim", "summary"]) {
    const requests = [];
    const script = replies(turns);
    const agent = defineAgent({
      name: "pager",
      prompt: "Go through the orders page by page and report how many there are.",
      signature: "(orders [:map]) -> {seen :int}",
      maxTurns: turns,
      formatOptions: { feedbackLimit: 50, feedbackMaxChars: 10_000 },
      ...(compaction === false ? {} : { compaction: { strategy: compaction, triggerTokens: TRIGGER } }),
    });
    let i = 0;
    const step = await agent.run({ orders }, {
      llm: async (r) => {
        requests.push(r);
        return script[i++];
      },
    });
    if (!step.ok) {
      failed = true;
      line(`  FAILED (${compaction}): ${JSON.stringify(step.failure)}`);
      continue;
    }
    const sizes = requests.map(tokens);
    const total = sizes.reduce((a, b) => a + b, 0);
    results[compaction || "off"] = { total, largest: Math.max(...sizes), compactions: step.usage.compactions ?? 0 };
    line(
      `  compaction ${String(compaction || "off").padEnd(8)} total input ${total.toLocaleString("en-US").padStart(10)} tokens · largest request ${Math.max(...sizes).toLocaleString("en-US").padStart(7)} · compactions ${step.usage.compactions ?? 0}`,
    );
  }
  if (results.off && results.trim) {
    const ratio = results.trim.total / results.off.total;
    const ok1 = ratio <= 0.35;
    const ok2 = results.trim.largest <= TRIGGER + 4000 && (results.summary?.largest ?? 0) <= TRIGGER + 4000;
    line(`  Targets`);
    line(`    ${ok1 ? "PASS" : "MISS"}  trim's total at most 35% of the uncompacted run's: ${(ratio * 100).toFixed(1)}%${quick ? " (--quick: fewer turns, not the target's run)" : ""}`);
    line(`    ${ok2 ? "PASS" : "MISS"}  no request above triggerTokens + 4,000 (${(TRIGGER + 4000).toLocaleString("en-US")}): trim ${results.trim.largest.toLocaleString("en-US")}, summary ${results.summary?.largest.toLocaleString("en-US")}`);
  }

  // --- durable runs -----------------------------------------------------------------------
  const DURABLE_TURNS = 10;
  const lookup = { signature: "(id :int) -> {id :int, name :string}", fn: async ({ id }) => ({ id, name: `n${id}` }) };
  const agent = defineAgent({ name: "durable", prompt: "Look people up.", signature: ":int", tools: { lookup }, maxTurns: DURABLE_TURNS });
  const script = [];
  for (let t = 1; t < DURABLE_TURNS; t++) script.push(clj(`(def p${t} (tool/lookup {:id ${t}}))`));
  script.push(clj("(return (count [p1 p2]))"));
  const llm = () => {
    let i = 0;
    return async () => script[i++];
  };
  const dir = mkdtempSync(join(tmpdir(), "ptcc-bench-journal-"));
  let key = 0;
  const variants = {
    plain: () => agent.run({}, { llm: llm() }),
    memory: () => agent.run({}, { llm: llm(), durable: { store: memoryJournal(), runKey: `m${key++}` } }),
    file: () => agent.run({}, { llm: llm(), durable: { store: fileJournal(dir), runKey: `f${key++}` } }),
  };
  const t = quick
    ? { warmup: 1, warmupMs: 0, runs: 3, minRuns: 3, budgetMs: 1500 }
    : { warmup: 3, warmupMs: 500, runs: 15, minRuns: 7, budgetMs: 4000 };
  const times = { plain: [], memory: [], file: [] };
  for (let r = 0; r < (quick ? 1 : 3); r++) {
    for (const [name, run] of Object.entries(variants)) {
      const m = await measure(run, t);
      if (!m.last.ok) {
        failed = true;
        line(`  FAILED (${name}): ${JSON.stringify(m.last.failure)}`);
      }
      times[name].push(...m.times);
    }
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const plain = med(times.plain);
  const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
  const bytes = files.reduce((n, f) => n + statSync(join(dir, f)).size, 0) / files.length;
  rmSync(dir, { recursive: true, force: true });
  const perTurn = (ms) => (ms - plain) / DURABLE_TURNS;
  line("");
  line(`Durable runs: a ${DURABLE_TURNS}-turn scripted run, a tool call per turn (medians, interleaved rounds)`);
  line(`  plain run              ${plain.toFixed(2)} ms (baseline)`);
  line(`  durable, memoryJournal ${med(times.memory).toFixed(2)} ms: +${perTurn(med(times.memory)).toFixed(3)} ms per turn`);
  line(`  durable, fileJournal   ${med(times.file).toFixed(2)} ms: +${perTurn(med(times.file)).toFixed(3)} ms per turn (fsync per append)`);
  line(`  journal size           ${(bytes / DURABLE_TURNS).toFixed(0)} bytes per turn (${(bytes / 1024).toFixed(1)} KB for the run)`);
  // What this disk's durable write costs, for reading the figure above (one per append).
  const probe = join(tmpdir(), `ptcc-fsync-${process.pid}`);
  const { openSync, writeSync, fdatasyncSync, closeSync } = await import("node:fs");
  const fd = openSync(probe, "a");
  const f0 = performance.now();
  for (let i = 0; i < 50; i++) {
    writeSync(fd, "x".repeat(400) + "\n");
    fdatasyncSync(fd);
  }
  const syncMs = (performance.now() - f0) / 50;
  closeSync(fd);
  rmSync(probe, { force: true });
  line(`  this disk's fdatasync  ${syncMs.toFixed(3)} ms (a durable run makes 2 per turn with a tool call: the reply, the tool's answer)`);
  const pass = perTurn(med(times.file)) <= 2;
  line(`  Target`);
  line(`    ${pass ? "PASS" : "MISS"}  fileJournal adds at most 2 ms per turn: ${perTurn(med(times.file)).toFixed(3)} ms`);
  return {
    failed,
    report: {
      compaction: results,
      durable: { plainMs: plain, memoryMs: med(times.memory), fileMs: med(times.file), bytesPerTurn: bytes / DURABLE_TURNS },
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  const r = await runLongRunSuite({ quick, line: (s = "") => process.stdout.write(`${s}\n`) });
  if (r.failed) process.exit(1);
}
