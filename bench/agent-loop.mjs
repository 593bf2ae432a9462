// The agent loop suite: the loop's own cost per turn — rendering the mission (data/,
// tool/ and user/ sections), extracting the program from the reply, checking and running
// it, formatting the feedback, tracing — with an LLM that answers at once from a script.
// The mission has 10 turns over 10,000 records in data/; the programs are small, so what
// is measured is the loop, not the programs.
//
// Baseline, measured in the same process and rounds: JSON.stringify of the same input
// (what any agent framework must at least do to put the data in front of a model). The
// figure is ms per turn, and per turn against one JSON.stringify of the context.
//
// Also printed: the system prompt of each agent shape and, for each example agent, its
// system prompt, its first message and the input tokens of its whole scripted run, against
// the same run with the whole reference in the prompt (reference "full"), in tokens
// (gpt-tokenizer, o200k_base, offline); the budgets of issue 11 as PASS/MISS.
//
// Run by bench/run.mjs (`--only agent-loop` runs it without the programs), or alone:
//   node bench/agent-loop.mjs [--quick]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { measure, prng } from "./programs.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const RECORDS = 10_000;
export const TURNS = 10;
/** The target: the loop's overhead per turn, median, on this project's 2-core machine. */
export const TARGET_MS_PER_TURN = 2;
/** The system prompt budgets of issue 11 (o200k tokens). */
export const BUDGET_MULTI = 780;
export const BUDGET_SINGLE = 550;

const CATEGORIES = ["travel", "meals", "equipment", "software", "training", "office"];

export function makeExpenses(n, seed = 7) {
  const rnd = prng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({
      id: i + 1,
      category: CATEGORIES[Math.floor(rnd() * CATEGORIES.length)],
      amount: Math.round(rnd() * 500000) / 100,
      user_id: 1 + Math.floor(rnd() * 200),
      approved: rnd() < 0.8,
      note: `expense ${i + 1}`,
    });
  }
  return out;
}

const clj = (code) => `Next step:\n\n\`\`\`clojure\n${code}\n\`\`\``;

/** Ten replies: definitions, a tool call, an error turn, an invalid return, a valid one. */
const REPLIES = [
  clj("(count data/expenses)"),
  clj("(def big? (fn [e] (> (:amount e) 4000)))\n(:amount (first data/expenses))"),
  clj("(def sample (take 3 data/expenses))\nsample"),
  clj("(tool/lookup {:id 42})"),
  clj("(fliter big? sample)"),
  clj('(def threshold 4000)\n(println "threshold" threshold)\nthreshold'),
  clj("(first sample)"),
  clj("*1"),
  clj('(return {:total "many" :count 1})'),
  clj("(return {:total 12.5 :count 3})"),
];

function scripted(replies) {
  let i = 0;
  return async () => replies[i++ % replies.length];
}

/** A value of a signature type, for sizing a prompt when an example has no input file. */
function placeholder(t) {
  if (t.kind === "list") return [placeholder(t.of)];
  if (t.kind === "map") return Object.fromEntries(t.fields.map((f) => [f.name, placeholder(f.type)]));
  return { string: "text", int: 1, float: 1.5, bool: true, keyword: "k", map: {} }[t.name] ?? null;
}

/** The scripted replies of an example (examples/scripts/NAME.json). */
function scriptOf(file) {
  return join(here, "..", "examples", "scripts", file.replace(/\.agent\.md$/, ".json"));
}

/** The agent and the agents it uses with another reference level. */
function withReference(lib, agent, reference, seen = new Map()) {
  const def = agent.definition;
  if (seen.has(def)) return seen.get(def);
  const tools = {};
  const out = new lib.Agent({ ...def, reference, tools });
  seen.set(def, out);
  for (const [name, spec] of Object.entries(def.tools)) {
    tools[name] =
      spec !== "self" && typeof spec === "object" && "kind" in spec
        ? lib.asTool(withReference(lib, spec.agent, reference, seen), { description: spec.description })
        : spec;
  }
  return out;
}

/** Input tokens of a whole scripted run: every request's system prompt and messages. */
async function runTokens(lib, agent, input, script, encode) {
  // A script is the replies in order, or the replies of each agent by its name (an agent
  // that makes model calls, `tool/llm-query`'s among them).
  const replies = JSON.parse(readFileSync(script, "utf8"));
  const next = new Map();
  let total = 0;
  const step = await agent.run(input, {
    llm: async (req) => {
      total += encode(req.system).length + req.messages.reduce((n, m) => n + encode(m.content).length, 0);
      const own = Array.isArray(replies) ? replies : (replies[req.agent] ?? []);
      const key = Array.isArray(replies) ? "" : req.agent;
      const i = next.get(key) ?? 0;
      next.set(key, i + 1);
      return own[i];
    },
  });
  if (!step.ok) throw new Error(`the scripted run failed: ${step.failure?.reason}`);
  return total;
}

/** The example's own input (examples/data/NAME.json) or one made from its parameters. */
function exampleInput(file, signature) {
  const data = join(here, "..", "examples", "data", file.replace(/\.agent\.md$/, ".json"));
  if (existsSync(data)) return JSON.parse(readFileSync(data, "utf8"));
  return Object.fromEntries(signature.params.map((p) => [p.name, placeholder(p.type)]));
}

export async function runAgentLoopSuite({ quick, line }) {
  const lib = await import("../dist/index.js");
  const { defineAgent, systemPrompt } = lib;
  const { encode } = await import("gpt-tokenizer");
  const expenses = makeExpenses(quick ? 2_000 : RECORDS);
  const input = { expenses };
  const agent = defineAgent({
    name: "bench",
    prompt: "Find the large expenses in data/expenses and total them.",
    signature:
      "(expenses [{id :int, category :string, amount :float, user_id :int, approved :bool, note :string}]) -> {total :float, count :int}",
    fieldDescriptions: { expenses: "Expense claims of the quarter.", total: "Sum of the amounts" },
    tools: {
      lookup: {
        fn: ({ id }) => ({ id, name: "Ann" }),
        signature: "(id :int) -> {id :int, name :string}",
        description: "A user",
      },
    },
    maxTurns: TURNS,
  });

  let failed = false;
  const check = (step) => {
    if (!step.ok || step.turns.length !== TURNS || step.return.count !== 3) {
      failed = true;
      throw new Error(`the bench mission did not end as scripted: ${JSON.stringify(step.failure ?? step.return)}`);
    }
  };
  check(await agent.run(input, { llm: scripted(REPLIES) }));

  const t = quick
    ? { warmup: 1, warmupMs: 0, runs: 3, minRuns: 3, budgetMs: 1500 }
    : { warmup: 3, warmupMs: 1000, runs: 21, minRuns: 9, budgetMs: 8000 };
  // Interleaved rounds: the loop, then the baseline, again and again.
  const loopTimes = [];
  const oneTimes = [];
  const jsonTimes = [];
  // The same run ending at its first turn: the difference is what the other 9 turns cost.
  const ONE = [REPLIES[REPLIES.length - 1]];
  const rounds = quick ? 1 : 3;
  for (let r = 0; r < rounds; r++) {
    const m = await measure(async () => agent.run(input, { llm: scripted(REPLIES) }), {
      ...t,
      runs: Math.ceil(t.runs / rounds),
      minRuns: Math.ceil(t.minRuns / rounds),
      budgetMs: t.budgetMs / rounds,
    });
    check(m.last);
    loopTimes.push(...m.times);
    const one = await measure(async () => agent.run(input, { llm: scripted(ONE) }), {
      ...t,
      runs: Math.ceil(t.runs / rounds),
      minRuns: Math.ceil(t.minRuns / rounds),
      budgetMs: t.budgetMs / rounds,
    });
    oneTimes.push(...one.times);
    const j = await measure(() => JSON.stringify(input).length, {
      ...t,
      runs: Math.ceil(t.runs / rounds),
      minRuns: Math.ceil(t.minRuns / rounds),
      budgetMs: t.budgetMs / rounds / 4,
    });
    jsonTimes.push(...j.times);
  }
  // The same mission with hard preemption off (the watchdog of src/evaluator/preempt.ts):
  // what isolation costs per turn. Interleaved with the runs above' rounds' conditions.
  const { setPreemptionForBenchmark, setInspectorWatchdog, preemptible, watchdog } =
    await import("../dist/evaluator/preempt.js");
  const offTimes = [];
  const onTimes = [];
  for (let r = 0; r < rounds; r++) {
    for (const on of [false, true]) {
      setPreemptionForBenchmark(on);
      try {
        const m = await measure(async () => agent.run(input, { llm: scripted(REPLIES) }), {
          ...t,
          runs: Math.ceil(t.runs / rounds),
          minRuns: Math.ceil(t.minRuns / rounds),
          budgetMs: t.budgetMs / rounds,
        });
        check(m.last);
        (on ? onTimes : offTimes).push(...m.times);
      } finally {
        setPreemptionForBenchmark(true);
      }
    }
  }
  // One stretch under the watchdog against the same call made directly.
  // Each watchdog (the inspector's where it can be used, vm's otherwise: preempt.ts); short
  // timeouts, so that the inspector's pending tasks stay far below their cap.
  const STRETCHES = quick ? 2_000 : 10_000;
  const f = () => 1;
  const stretch = (guarded) => {
    const t0 = performance.now();
    for (let i = 0; i < STRETCHES; i++) guarded ? preemptible(f, { ms: 100 }) : f();
    return ((performance.now() - t0) * 1000) / STRETCHES;
  };
  const guardedUs = [];
  const vmUs = [];
  const directUs = [];
  for (let r = 0; r < (quick ? 2 : 5); r++) {
    guardedUs.push(stretch(true));
    setInspectorWatchdog(false);
    try {
      vmUs.push(stretch(true));
    } finally {
      setInspectorWatchdog(true);
    }
    directUs.push(stretch(false));
    await new Promise((r) => setTimeout(r, 150));
  }

  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const runMs = med(loopTimes);
  const perTurn = runMs / TURNS;
  const jsonMs = med(jsonTimes);
  const oneMs = med(oneTimes);
  const marginal = (runMs - oneMs) / (TURNS - 1);
  const onMs = med(onTimes);
  const offMs = med(offTimes);

  line(
    `Agent loop: a ${TURNS}-turn mission over ${expenses.length.toLocaleString("en-US")} records in data/ (${(JSON.stringify(input).length / 1e6).toFixed(1)} MB as JSON), scripted LLM answering at once`,
  );
  line(`  whole run              ${runMs.toFixed(2)} ms  (input check and copy once, then ${TURNS} turns)`);
  line(`  per turn               ${perTurn.toFixed(3)} ms  (the whole run / ${TURNS})`);
  line(
    `  one more turn          ${marginal.toFixed(3)} ms  ((the run − the same run ending at turn 1) / ${TURNS - 1})`,
  );
  line(`  JSON.stringify(input)  ${jsonMs.toFixed(3)} ms  (baseline)`);
  line(`  per turn / stringify   ${(perTurn / jsonMs).toFixed(2)}×`);
  line(
    `  preemption             ${((onMs - offMs) / TURNS).toFixed(3)} ms per turn  (whole run ${onMs.toFixed(2)} ms with the watchdog, ${offMs.toFixed(2)} ms without: ${(onMs / offMs).toFixed(2)}×)`,
  );
  line(
    `  one stretch            ${(med(guardedUs) - med(directUs)).toFixed(1)} µs  (preemptible(f) ${med(guardedUs).toFixed(1)} µs against f() ${med(directUs).toFixed(2)} µs; watchdog: ${watchdog()}; vm's: ${(med(vmUs) - med(directUs)).toFixed(1)} µs)`,
  );
  const pass = perTurn < TARGET_MS_PER_TURN;
  line(`  Target`);
  line(
    `    ${pass ? "PASS" : "MISS"}  loop overhead under ${TARGET_MS_PER_TURN} ms per turn (median): ${perTurn.toFixed(3)} ms`,
  );

  // Prompt sizes: what every request costs before any feedback.
  line("");
  line("Prompt sizes (o200k_base tokens, gpt-tokenizer; characters in brackets)");
  const tokens = (text) => encode(text).length;
  const size = (text) => `${tokens(text).toLocaleString("en-US").padStart(6)} (${text.length.toLocaleString("en-US")})`;
  const sizes = { system: {}, examples: {}, runs: {} };
  const shapes = [
    ["multi-turn, tools", {}],
    ["single-shot", { maxTurns: 1, hasTools: false }],
    ["tool_call transport", { transport: "tool_call" }],
    ["text mode", { mode: "text" }],
    ['reference "full"', { reference: "full" }],
  ];
  for (const [label, shape] of shapes) {
    const p = systemPrompt(shape);
    line(`  system prompt, ${label}${" ".repeat(Math.max(1, 24 - label.length))}${size(p)}`);
    sizes.system[label] = { chars: p.length, tokens: tokens(p) };
  }
  const multi = sizes.system["multi-turn, tools"].tokens;
  const single = sizes.system["single-shot"].tokens;
  line(`  Budgets (issue 11)`);
  line(`    ${multi <= BUDGET_MULTI ? "PASS" : "MISS"}  multi-turn with tools ≤ ${BUDGET_MULTI}: ${multi}`);
  line(`    ${single <= BUDGET_SINGLE ? "PASS" : "MISS"}  single-shot ≤ ${BUDGET_SINGLE}: ${single}`);
  if (multi > BUDGET_MULTI || single > BUDGET_SINGLE) failed = true;

  // The example agents: the first request's two parts, then a whole scripted run's input
  // tokens (every request's system prompt and messages), against the same run with the
  // whole reference in the system prompt (reference "full": the prompt before issue 11).
  const examples = join(here, "..", "examples", "agents");
  let files = [];
  try {
    files = readdirSync(examples).filter((f) => f.endsWith(".agent.md") && existsSync(scriptOf(f)));
  } catch {
    files = [];
  }
  const loader = files.length > 0 ? await import("../dist/agent-file/load.js").catch(() => null) : null;
  if (loader !== null && files.length > 0) {
    line("");
    line("  example agent        system  first message   run input tokens (compact / full reference)");
  }
  for (const f of files) {
    if (loader === null) break;
    try {
      const a = await loader.loadAgentFile(join(examples, f));
      const input = exampleInput(f, a.definition.signature);
      const { renderPrompt } = lib;
      const first = renderPrompt(a, input);
      const compact = await runTokens(lib, a, input, scriptOf(f), encode);
      const full = await runTokens(lib, withReference(lib, a, "full"), input, scriptOf(f), encode);
      const name = f.replace(/\.agent\.md$/, "");
      line(
        `  ${name.padEnd(18)}${String(tokens(first.system)).padStart(8)}${String(tokens(first.user)).padStart(15)}` +
          `   ${compact.toLocaleString("en-US")} / ${full.toLocaleString("en-US")} (${(full / compact).toFixed(1)}×)`,
      );
      sizes.examples[f] = { system: tokens(first.system), user: tokens(first.user) };
      sizes.runs[f] = { compact, full };
    } catch (e) {
      line(`  ${f}: could not be sized (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  line("");
  return {
    failed,
    report: {
      records: expenses.length,
      turns: TURNS,
      runMs,
      perTurnMs: perTurn,
      marginalTurnMs: marginal,
      jsonStringifyMs: jsonMs,
      preemptionOnMs: onMs,
      preemptionOffMs: offMs,
      stretchUs: med(guardedUs) - med(directUs),
      vmStretchUs: med(vmUs) - med(directUs),
      pass,
      sizes,
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await runAgentLoopSuite({ quick: process.argv.includes("--quick"), line: (s = "") => console.log(s) });
  if (r.failed) process.exit(1);
}
