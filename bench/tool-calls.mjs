// Tool calls under control (issue 23): 1,000 tool calls from one `pmap`, each to a tool
// that answers after 5 ms, with toolConcurrency 8 and 64.
//
// Baseline, measured in the same process and rounds: the same 1,000 calls made by
// hand-written JavaScript with a semaphore of the same size (what any host must at least
// do to keep N calls in flight), and the same one-turn agent run with no tool call (the
// loop's own cost per turn). ptcc's overhead per call is
//   (ptcc run − empty run − JavaScript) / 1,000
// Target: at most 0.05 ms per call. Also printed: a tool that answers at once (0 ms),
// where the overhead is all there is.
//
// Run by bench/run.mjs (`--only tool-calls`), or alone: node bench/tool-calls.mjs [--quick]
import { fileURLToPath } from "node:url";
import { median } from "./programs.mjs";

export const CALLS = 1_000;
export const TOOL_MS = 5;
/** The target: ptcc's own cost per tool call, median, on this project's 2-core machine. */
export const TARGET_MS_PER_CALL = 0.05;

const fence = "```";
const clj = (code) => `${fence}clojure\n${code}\n${fence}`;
const sleep = (ms) => (ms <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, ms)));

/** The hand-written baseline: `calls` calls with at most `limit` in flight, results in order. */
async function plainJs(calls, limit, tool) {
  const out = new Array(calls);
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const i = next++;
      out[i] = await tool({ x: i });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, calls) }, worker));
  return out;
}

export async function runToolCallSuite({ quick, line }) {
  const { defineAgent } = await import("../dist/index.js");
  const calls = quick ? 200 : CALLS;
  const rounds = quick ? 2 : 7;
  let failed = false;
  const report = {};

  line(
    `Tool calls: ${calls.toLocaleString("en-US")} calls from one pmap, median of ${rounds} rounds (ptcc, empty run, JavaScript interleaved)`,
  );
  line(
    `  ${"tool".padEnd(6)} ${"toolConcurrency".padEnd(16)} ${"ptcc ms".padStart(9)} ${"empty run".padStart(10)} ${"JS ms".padStart(9)} ${"ideal ms".padStart(9)} ${"overhead/call".padStart(14)}`,
  );
  for (const toolMs of [TOOL_MS, 0]) {
    const tool = async (args) => {
      await sleep(toolMs);
      return args.x;
    };
    for (const concurrency of [8, 64]) {
      const run = async (n) => {
        const llm = async () => clj(`(return (count (pmap (fn [i] (tool/f {:x i})) (range ${n}))))`);
        const agent = defineAgent({ prompt: "go", tools: { f: tool }, toolConcurrency: concurrency, llm });
        const t0 = performance.now();
        const step = await agent.run({});
        const ms = performance.now() - t0;
        if (!step.ok || step.return !== n) {
          failed = true;
          line(`  FAILED: ${JSON.stringify(step.failure ?? step.return)}`);
        }
        return ms;
      };
      const samples = { ptcc: [], empty: [], js: [] };
      await run(calls); // warm-up
      for (let r = 0; r < rounds; r++) {
        samples.ptcc.push(await run(calls));
        samples.empty.push(await run(0));
        const t0 = performance.now();
        await plainJs(calls, concurrency, tool);
        samples.js.push(performance.now() - t0);
      }
      const [ptcc, empty, js] = [median(samples.ptcc), median(samples.empty), median(samples.js)];
      const ideal = Math.ceil(calls / concurrency) * toolMs;
      const perCall = Math.max(0, ptcc - empty - js) / calls;
      const ok = perCall <= TARGET_MS_PER_CALL;
      report[`${toolMs}ms/${concurrency}`] = { ptcc, empty, js, ideal, perCall };
      line(
        `  ${`${toolMs} ms`.padEnd(6)} ${String(concurrency).padEnd(16)} ${ptcc.toFixed(1).padStart(9)} ${empty.toFixed(1).padStart(10)} ${js.toFixed(1).padStart(9)} ${String(ideal).padStart(9)} ${`${perCall.toFixed(4)} ms`.padStart(14)} ${ok ? "PASS" : "MISS"} (target ≤ ${TARGET_MS_PER_CALL} ms)`,
      );
    }
  }
  line();
  return { report, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  const { failed } = await runToolCallSuite({ quick, line: (s = "") => process.stdout.write(s + "\n") });
  if (failed) process.exit(1);
}
