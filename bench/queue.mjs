// The queue suite: 1,000 runs of a 3-turn scripted agent whose model answers after 20 ms,
// on ptcc/bullmq with 1, 2 and 4 worker processes (each running `--concurrency` runs at
// once, default 10), against the same runs in one process without a queue (`agent.run`
// in a promise pool of the same concurrency) and through the in-process queue
// (localBackend, memory journal). Reported: runs per second, and the time a queued run
// spends per turn beyond the baseline's:
//   - end to end: (T_queue − T_baseline) × concurrency / (runs × 3), from the wall times of
//     1 worker and the baseline: what each run slot lost per turn to the queue (enqueue,
//     job fetch, lock, completion) and the journal;
//   - in the run (p50): the runs' own durations (Step.durationMs), queued against baseline,
//     per turn: the journal appends and the model wrapper.
// Targets (printed PASS/MISS): added time ≤ 10 ms per turn at p50, and 2 workers ≥ 1.7×
// the throughput of one. Needs Redis: REDIS_URL, else 127.0.0.1:6379, else redis-server on
// PATH, started on a free port for the bench. Timings are reported, never asserted.
//
// Run by bench/run.mjs (`--only queue` runs it alone among the suites), or alone:
//   node bench/queue.mjs [--quick] [--runs N] [--concurrency C] [--model-ms MS]
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { agent, scriptedModel } from "./queue-agent.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const TARGET_MS_PER_TURN = 10;
export const TARGET_SCALING = 1.7;

export async function runQueueSuite({
  quick = false,
  line = (s = "") => process.stdout.write(s + "\n"),
  argv = [],
} = {}) {
  const opt = (name, dflt) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : dflt;
  };
  const runs = opt("--runs", quick ? 200 : 1000);
  const concurrency = opt("--concurrency", 10);
  const modelMs = opt("--model-ms", 20);
  const report = { runs, concurrency, modelMs };
  line();
  line(`Queue: ${runs} runs × 3 turns, model ${modelMs} ms a turn, ${concurrency} runs at once per process`);

  const server = await findRedis();
  if (server === null) {
    line("  skipped: no Redis (REDIS_URL unset, nothing on 127.0.0.1:6379, no redis-server on PATH)");
    return { report: { ...report, skipped: true }, failed: false };
  }
  const redis = server.url;
  const { Redis } = await import("ioredis");
  const { QueueEvents } = await import("bullmq");
  const { defineAgent } = await import("../dist/lib/index.js");
  const { createRuns, localBackend, startWorker } = await import("../dist/lib/queue/index.js");
  const { bullmqBackend } = await import("../dist/lib/bullmq/index.js");
  const count = agent(defineAgent);
  const llm = scriptedModel(modelMs);
  let failed = false;

  try {
    // Baseline: the same runs in this process, no queue, no journal.
    const cpu0 = process.cpuUsage();
    const base = await pooled(runs, concurrency, (i) => count.run({ i }, { llm }));
    const baseCpu = cpuMs(process.cpuUsage(cpu0)) / runs;
    check(base.steps, "baseline");
    const baseline = {
      ms: base.ms,
      runsPerS: (runs * 1000) / base.ms,
      p50: median(base.steps.map((s) => s.durationMs)),
      cpuMsPerRun: baseCpu,
    };
    line(
      `  in process, no queue        ${fmt(baseline.ms)} ms   ${baseline.runsPerS.toFixed(0).padStart(5)} runs/s   run p50 ${baseline.p50.toFixed(1)} ms   CPU ${baseCpu.toFixed(2)} ms/run`,
    );
    report.baseline = baseline;

    // The in-process queue: localBackend and a memory journal.
    {
      const backend = localBackend();
      const q = createRuns({ count }, { backend });
      const worker = await startWorker({ count }, { backend, llm, concurrency });
      const t0 = performance.now();
      const hs = await Promise.all(Array.from({ length: runs }, (_, i) => q.count.enqueue({ i })));
      const steps = await Promise.all(hs.map((h) => h.result()));
      const ms = performance.now() - t0;
      await worker.close();
      check(steps, "localBackend");
      const local = { ms, runsPerS: (runs * 1000) / ms, p50: median(steps.map((s) => s.durationMs)) };
      line(
        `  in process, localBackend    ${fmt(ms)} ms   ${local.runsPerS.toFixed(0).padStart(5)} runs/s   run p50 ${local.p50.toFixed(1)} ms`,
      );
      report.local = local;
    }

    // BullMQ on Redis, with 1, 2 and 4 worker processes.
    const rows = {};
    for (const n of quick ? [1, 2] : [1, 2, 4]) {
      const queue = `bench-${randomUUID().slice(0, 8)}`;
      const workers = Array.from({ length: n }, () => startWorkerProcess({ redis, queue, concurrency, modelMs }));
      try {
        await Promise.all(workers.map((w) => w.ready));
        const backend = bullmqBackend({ connection: redis, queue });
        const q = createRuns({ count }, { backend });
        // Completion as the queue's events report it (what result() waits for).
        const events = new QueueEvents(queue, { connection: redisOptions(redis) });
        await events.waitUntilReady();
        let done = 0;
        let finished;
        const all = new Promise((resolve) => (finished = resolve));
        events.on("completed", () => {
          if (++done === runs) finished(performance.now());
        });
        const t0 = performance.now();
        const producerCpu0 = process.cpuUsage();
        const hs = [];
        for (let i = 0; i < runs; i += 100) {
          hs.push(
            ...(await Promise.all(
              Array.from({ length: Math.min(100, runs - i) }, (_, j) => q.count.enqueue({ i: i + j })),
            )),
          );
        }
        const enqueuedMs = performance.now() - t0;
        const ms = (await all) - t0;
        const producerCpu = cpuMs(process.cpuUsage(producerCpu0)) / runs;
        const steps = [];
        for (const h of hs) steps.push(await h.result());
        check(steps, `${n} worker${n === 1 ? "" : "s"}`);
        await events.close();
        await q.close();
        const workerCpu = (await Promise.all(workers.map((w) => w.stop()))).reduce((a, b) => a + b, 0) / runs;
        const row = {
          ms,
          enqueuedMs,
          runsPerS: (runs * 1000) / ms,
          p50: median(steps.map((s) => s.durationMs)),
          cpuMsPerRun: { workers: workerCpu, producer: producerCpu },
        };
        rows[n] = row;
        line(
          `  BullMQ, ${n} worker process${n === 1 ? "  " : "es"} ${fmt(ms)} ms   ${row.runsPerS.toFixed(0).padStart(5)} runs/s   run p50 ${row.p50.toFixed(1)} ms   CPU ${workerCpu.toFixed(2)} ms/run in workers + ${producerCpu.toFixed(2)} in the producer   (all queued in ${fmt(enqueuedMs)} ms)`,
        );
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        await dropQueue(Redis, redis, queue);
      }
    }
    report.bullmq = rows;

    const endToEnd = ((rows[1].ms - baseline.ms) * concurrency) / (runs * 3);
    const inRun = (rows[1].p50 - baseline.p50) / 3;
    const scaling = rows[1].ms / rows[2].ms;
    report.addedMsPerTurn = { endToEnd, inRunP50: inRun };
    report.scaling2 = scaling;
    const cpuPerTurn = (rows[1].cpuMsPerRun.workers + rows[1].cpuMsPerRun.producer - baseline.cpuMsPerRun) / 3;
    report.addedMsPerTurn.cpu = cpuPerTurn;
    line(
      `  added per turn, 1 worker: end to end ${endToEnd.toFixed(1)} ms, in the run (p50) ${inRun.toFixed(1)} ms   (target ≤ ${TARGET_MS_PER_TURN} ms: ${inRun <= TARGET_MS_PER_TURN ? "PASS" : "MISS"})`,
    );
    line(
      `  added CPU per turn (workers and producer against the baseline, Redis not counted): ${cpuPerTurn.toFixed(2)} ms`,
    );
    line(
      `  2 workers against 1: ${scaling.toFixed(2)}×   (target ≥ ${TARGET_SCALING}×: ${scaling >= TARGET_SCALING ? "PASS" : "MISS"})`,
    );
    if (rows[4] !== undefined) line(`  4 workers against 1: ${(rows[1].ms / rows[4].ms).toFixed(2)}×`);
  } catch (e) {
    line(`  FAILED: ${e instanceof Error ? e.stack : String(e)}`);
    failed = true;
  } finally {
    server.stop();
  }
  return { report, failed };
}

/** Every run returned its n (2i + 1). */
function check(steps, what) {
  steps.forEach((s, i) => {
    if (!s.ok || s.return.n !== 2 * i + 1)
      throw new Error(`${what}: run ${i} ended ${JSON.stringify(s.ok ? s.return : s.fail)}`);
  });
}

/** `n` tasks, `concurrency` at a time; their results in order and the wall time. */
async function pooled(n, concurrency, task) {
  const steps = new Array(n);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        steps[i] = await task(i);
      }
    }),
  );
  return { steps, ms: performance.now() - t0 };
}

function startWorkerProcess(cfg) {
  const child = spawn(process.execPath, [join(here, "queue-worker.mjs"), JSON.stringify(cfg)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => d.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`a worker process exited (${code})`)));
  });
  ready.catch(() => undefined);
  let cpu = 0;
  child.stdout.on("data", (d) => {
    const m = /cpu ([\d.]+)/.exec(d.toString());
    if (m) cpu = Number(m[1]);
  });
  return {
    ready,
    /** Stop the process; resolves with the CPU ms it reported. */
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(cpu);
        child.on("exit", () => resolve(cpu));
        child.kill("SIGTERM");
      }),
  };
}

async function dropQueue(Redis, url, queue) {
  const r = new Redis(url);
  let cursor = "0";
  do {
    const [next, keys] = await r.scan(cursor, "MATCH", `*${queue}*`, "COUNT", 1000);
    cursor = next;
    if (keys.length > 0) await r.del(...keys);
  } while (cursor !== "0");
  r.disconnect();
}

/** REDIS_URL, else 127.0.0.1:6379, else redis-server on a free port (stopped after): { url, stop() }; null when none. */
async function findRedis() {
  const { Redis } = await import("ioredis");
  const ping = async (url) => {
    const r = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 500,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    r.on("error", () => undefined);
    try {
      await r.connect();
      return (await r.ping()) === "PONG";
    } catch {
      return false;
    } finally {
      r.disconnect();
    }
  };
  const none = () => undefined;
  if (process.env.REDIS_URL)
    return (await ping(process.env.REDIS_URL)) ? { url: process.env.REDIS_URL, stop: none } : null;
  if (await ping("redis://127.0.0.1:6379")) return { url: "redis://127.0.0.1:6379", stop: none };
  const which = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  if (which.status !== 0) return null;
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn(
    which.stdout.trim(),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100 && !(await ping(url)); i++) await new Promise((r) => setTimeout(r, 50));
  return { url, stop: () => void child.kill("SIGTERM") };
}

function redisOptions(url) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 6379) };
}

const cpuMs = (c) => (c.user + c.system) / 1000;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => ms.toFixed(0).padStart(6);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const { failed } = await runQueueSuite({ quick: argv.includes("--quick"), argv });
  process.exit(failed ? 1 : 0);
}
