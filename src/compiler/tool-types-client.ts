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
import type { GeneratedModule, ModuleCheck, ToolAnswer, ToolRequest, ToolTypeOptions } from "./tool-types.js";
import type { ToolTypesReply, ToolTypesRequest, ToolTypesWorkerData } from "./tool-types-worker.js";

/**
 * A started worker: the tools' types, then (optionally) the check of generated modules;
 * `close` ends it however far it got.
 */
export interface ToolTypesWorker {
  ask(requests: readonly ToolRequest[], options: ToolTypeOptions): Promise<ToolAnswer[]>;
  /** After `ask`: TypeScript's errors in the generated modules of `check`. */
  check(check: readonly string[], modules: readonly GeneratedModule[], options: ToolTypeOptions): Promise<ModuleCheck[]>;
  /** End the worker (a compile that needs no tool types never asked it). */
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
  let checked = false;
  const replies: ToolTypesReply[] = [];
  const waiting: ((r: ToolTypesReply) => void)[] = [];
  const deliver = (r: ToolTypesReply): void => {
    const next = waiting.shift();
    if (next !== undefined) next(r);
    else replies.push(r);
  };
  worker.on("message", (reply: ToolTypesReply) => deliver(reply));
  worker.once("error", (e) => {
    ended = true;
    deliver({ ok: false, message: e.message });
  });
  worker.once("exit", () => {
    ended = true;
    // Every question still waiting gets its answer: none.
    for (const w of waiting.splice(0)) w({ ok: false, message: "the tool types worker ended without an answer" });
  });
  const next = (): Promise<ToolTypesReply> =>
    replies.length > 0
      ? Promise.resolve(replies.shift()!)
      : ended
        ? Promise.resolve({ ok: false, message: "the tool types worker ended without an answer" })
        : new Promise((resolve) => waiting.push(resolve));
  // A worker that is not asked yet must not keep the process alive.
  worker.unref();
  return {
    async ask(requests, options) {
      if (asked || ended) throw new Error("the tool types worker was asked already");
      asked = true;
      worker.ref();
      const message: ToolTypesRequest = { kind: "analyze", requests, options };
      worker.postMessage(message);
      const reply = await next();
      if (!reply.ok) throw new Error(reply.message);
      if (!("answers" in reply)) throw new Error("the tool types worker answered out of turn");
      return [...reply.answers];
    },
    async check(check, modules, options) {
      if (!asked || checked || ended) throw new Error("the tool types worker cannot check now");
      checked = true;
      const message: ToolTypesRequest = { kind: "check", check, modules, options };
      worker.postMessage(message);
      const reply = await next();
      if (!reply.ok) throw new Error(reply.message);
      if (!("checks" in reply)) throw new Error("the tool types worker answered out of turn");
      return [...reply.checks];
    },
    close() {
      if (ended) return;
      // Asked: it ends by itself once its code caches are written; unasked, now.
      if (!asked) void worker.terminate();
      else if (!checked) worker.postMessage({ kind: "end" } satisfies ToolTypesRequest);
    },
  };
}
