/**
 * Starting the tool-types worker (tool-types-worker.ts) and asking it, from the compile's
 * thread. The worker runs from its bundle, dist/bundle/ptcc-compile-types.cjs, compiled
 * with the V8 code cache the build made for it (a cache V8 rejects is ignored).
 *
 * Whatever goes wrong with the worker (no bundle, a crash, an error) only means the compile
 * reads the types itself: `ask` rejects and the caller falls back to analyzeTools.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolAnswer, ToolRequest, ToolTypeOptions } from "./tool-types.js";
import type { ToolTypesReply, ToolTypesRequest, ToolTypesWorkerData } from "./tool-types-worker.js";

/** A started worker: one question, then it ends (or `close` ends it unasked). */
export interface ToolTypesWorker {
  ask(requests: readonly ToolRequest[], options: ToolTypeOptions): Promise<ToolAnswer[]>;
  /** End the worker if it was never asked (a compile that needs no tool types). */
  close(): void;
}

/**
 * The worker's bootstrap: load the bundle from its code cache (as bin/ptcc.js loads its
 * bundles) and run it. `PTCC_BUNDLE_CACHE=write` (the build) saves the cache after the work.
 */
const BOOTSTRAP = `"use strict";
const { readFileSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { dirname } = require("node:path");
const { Script } = require("node:vm");
const { workerData } = require("node:worker_threads");
const file = workerData.bundle;
const cacheFile = file.replace(/\\.cjs$/, ".cache");
let cachedData;
try { cachedData = readFileSync(cacheFile); } catch {}
const source = readFileSync(file, "utf8");
const script = new Script("(function (exports, require, module, __filename, __dirname) {" + source + "\\n})", { filename: file, cachedData });
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
module.exports.runToolTypesWorker(() => {
  if (process.env.PTCC_BUNDLE_CACHE === "write") writeFileSync(cacheFile, script.createCachedData());
});
`;

/** The bundle the worker runs (built by scripts/bundle-compile.mjs), from dist/compiler/ or dist/bundle/. */
export const TOOL_TYPES_BUNDLE = fileURLToPath(new URL("../bundle/ptcc-compile-types.cjs", import.meta.url));

/**
 * The worker for a compile of `dirs`, started before any agent file is read: it looks for
 * tsconfig.json from the first folder. Null: none (types are read in the compile's thread);
 * `PTCC_TYPES_WORKER=off` asks for that.
 */
export function startTypesWorker(
  dirs: readonly string[],
  cwd: string,
  cacheDir: string | null,
): ToolTypesWorker | null {
  if (process.env["PTCC_TYPES_WORKER"] === "off") return null;
  const first = resolve(cwd, dirs[0] ?? "agents");
  const projectDir = first.endsWith(".agent.md") ? dirname(first) : first;
  return startToolTypesWorker(TOOL_TYPES_BUNDLE, { projectDir, cacheDir });
}

/** Start the worker from `bundle` (null when the bundle is not there, as when running from src/). */
export function startToolTypesWorker(bundle: string, data: ToolTypesWorkerData): ToolTypesWorker | null {
  if (!existsSync(bundle)) return null;
  let worker: import("node:worker_threads").Worker;
  try {
    // Loaded here, not with the module: the quick no-change check never starts a thread.
    const { Worker } = createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads");
    worker = new Worker(BOOTSTRAP, { eval: true, workerData: { ...data, bundle } });
  } catch {
    return null;
  }
  let asked = false;
  let ended = false;
  const settled = new Promise<ToolTypesReply>((resolve) => {
    worker.once("message", (reply: ToolTypesReply) => resolve(reply));
    worker.once("error", (e) => resolve({ ok: false, message: e.message }));
    worker.once("exit", () => {
      ended = true;
      resolve({ ok: false, message: "the tool types worker ended without an answer" });
    });
  });
  // A worker that is not asked yet must not keep the process alive.
  worker.unref();
  return {
    async ask(requests, options) {
      if (asked || ended) throw new Error("the tool types worker was asked already");
      asked = true;
      worker.ref();
      const message: ToolTypesRequest = { requests, options };
      worker.postMessage(message);
      const reply = await settled;
      if (!reply.ok) throw new Error(reply.message);
      return [...reply.answers];
    },
    close() {
      if (!asked && !ended) void worker.terminate();
    },
  };
}
