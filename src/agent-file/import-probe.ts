/**
 * Importing a tool module runs its top-level code, which a hand-written file may get
 * wrong: an endless loop blocks the process (no timer can fire while it runs), a
 * top-level await that never settles leaves `ptcc run` waiting for nothing (and Node
 * exits 0 when nothing else is pending). So a module is first imported in a worker
 * thread with a time limit and a heap cap; only when it loads there is it imported in
 * the process. The module's top-level code therefore runs twice (once in the probe).
 *
 * Cost, measured on this project's machine: about 25 ms for the first JavaScript module
 * of a load (starting the worker) and about 180 ms for the first TypeScript one (tsx in the
 * worker), then each module's own import time; one worker serves a whole load.
 */
import { Worker } from "node:worker_threads";

/** How long a tool module may take to load, by default. */
export const DEFAULT_IMPORT_TIMEOUT_MS = 10_000;

/** The heap a probe may use (a module that allocates without end at import stops here). */
const PROBE_HEAP_MB = 512;

/** Why a module did not load in the probe. */
export class ImportProbeError extends Error {}

/** The probe worker's code: import each module asked for, say how it went. */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
let tsImport = null;
parentPort.on("message", async (m) => {
  try {
    if (m.ts) {
      tsImport ??= (await import(workerData.tsx)).tsImport;
      await tsImport(m.url, m.parent);
    } else await import(m.url);
    parentPort.postMessage({ id: m.id, ok: true });
  } catch (e) {
    let message;
    try { message = e instanceof Error ? String(e.message) : String(e); } catch { message = "a value that cannot be shown"; }
    parentPort.postMessage({ id: m.id, ok: false, message });
  }
});
`;

interface Pending {
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/** One worker that imports the modules of one load, in turn. */
export class ImportProbe {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly timeoutMs: number) {}

  /** Import `url` in the worker; rejects with ImportProbeError when it fails, hangs or never settles. */
  check(url: string, parent: string, ts: boolean): Promise<void> {
    const w = this.start();
    const id = this.next++;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(
          new ImportProbeError(
            `it did not finish loading within ${this.timeoutMs} ms (an endless loop, or a top-level await that never settles?)`,
          ),
        );
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      w.postMessage({ id, url, parent, ts });
    });
  }

  /** Stop the worker (and fail whatever it still had to do). */
  close(): void {
    this.stop(new ImportProbeError("the load was closed"));
  }

  private start(): Worker {
    if (this.worker !== null) return this.worker;
    const w = new Worker(WORKER, {
      eval: true,
      workerData: { tsx: import.meta.resolve("tsx/esm/api") },
      resourceLimits: { maxOldGenerationSizeMb: PROBE_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    // What the module prints while it loads in the probe is not shown (it prints again when
    // it loads for real).
    w.stdout.resume();
    w.stderr.resume();
    w.on("message", (m: { id: number; ok: boolean; message?: string }) => {
      const p = this.pending.get(m.id);
      if (p === undefined) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve();
      else p.reject(new ImportProbeError(m.message ?? "it failed to load"));
    });
    // Events of a worker already stopped (and replaced) concern nothing pending now.
    w.on("error", (e) => {
      if (this.worker === w) this.stop(new ImportProbeError(e.message));
    });
    w.on("exit", (code) => {
      // The worker died under an import (out of its heap, or the module ended the thread).
      if (this.worker === w)
        this.stop(new ImportProbeError(`its top-level code stopped the thread (exit code ${code})`));
    });
    // The probe must not keep the process alive on its own.
    w.unref();
    this.worker = w;
    return w;
  }

  private stop(reason: Error): void {
    const w = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(reason);
    }
    this.pending.clear();
    if (w !== null) void w.terminate();
  }
}
