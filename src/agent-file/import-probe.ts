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
 * worker), then each module's own import time; one worker serves a whole load, unless a
 * module leaves something running at its top level (a server on a port, a connection): then
 * the worker is stopped before the module is imported for real, and the next module starts
 * another. (Handles a module unrefs are not seen: a server it unrefs keeps its port in the
 * probe until the load ends.)
 */
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { resolveOptional } from "../resolve-optional.js";

/**
 * Where tsx's API is (from ptcc's files, else from the app's folder); null when tsx is not
 * installed (a development dependency of the app: the loader reports that before any probe).
 */
export function tsxApiUrl(): string | null {
  try {
    return import.meta.resolve("tsx/esm/api");
  } catch {
    // not next to ptcc: the app's (its CommonJS build, as require finds it)
    const path = resolveOptional("tsx/esm/api", import.meta.url);
    return path === null ? null : pathToFileURL(path).href;
  }
}

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
const held = () => process.getActiveResourcesInfo().filter((r) => r !== "MessagePort").length;
parentPort.on("message", async (m) => {
  try {
    const before = held();
    if (m.ts) {
      tsImport ??= (await import(workerData.tsx)).tsImport;
      await tsImport(m.url, m.parent);
    } else await import(m.url);
    parentPort.postMessage({ id: m.id, ok: true, holds: held() > before });
  } catch (e) {
    let message;
    try { message = e instanceof Error ? String(e.message) : String(e); } catch { message = "a value that cannot be shown"; }
    parentPort.postMessage({ id: m.id, ok: false, message });
  }
});
`;

interface Pending {
  readonly resolve: (holds: boolean) => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/** One worker that imports the modules of one load, in turn. */
export class ImportProbe {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly timeoutMs: number) {}

  /**
   * Import `url` in the worker; rejects with ImportProbeError when it fails, hangs or never
   * settles. A module whose top-level code left something running in the worker (a server
   * listening on a port, a connection, a ref'd timer) has the worker stopped, and its exit
   * awaited, before this resolves: the real import must not find the port taken.
   */
  async check(url: string, parent: string, ts: boolean): Promise<void> {
    const holds = await this.ask(url, parent, ts);
    if (holds) await this.retire();
  }

  private ask(url: string, parent: string, ts: boolean): Promise<boolean> {
    const w = this.start();
    const id = this.next++;
    return new Promise<boolean>((resolve, reject) => {
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
      workerData: { tsx: tsxApiUrl() },
      resourceLimits: { maxOldGenerationSizeMb: PROBE_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    // What the module prints while it loads in the probe is not shown (it prints again when
    // it loads for real).
    w.stdout.resume();
    w.stderr.resume();
    w.on("message", (m: { id: number; ok: boolean; holds?: boolean; message?: string }) => {
      const p = this.pending.get(m.id);
      if (p === undefined) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.holds === true);
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

  /** Stop the worker and wait until it has exited (its servers closed); the next check starts another. */
  private async retire(): Promise<void> {
    const w = this.worker;
    if (w === null) return;
    this.stop(new ImportProbeError("the load was closed"));
    await w.terminate();
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
