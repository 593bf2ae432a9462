/**
 * The worker thread of a compile's tool types. It starts with the compile (before any agent
 * file is read), loads TypeScript and parses and binds the standard library for the project
 * (`ToolTypes.prepare`: most of TypeScript's work), then answers the one request the compile
 * sends once it knows its tools, writes the code caches a cold start made, and ends.
 *
 * Its entry is runToolTypesWorker, bundled alone into dist/bundle/ptcc-compile-types.cjs
 * (scripts/bundle-compile.mjs) and started by tool-types-client.ts.
 */
import { parentPort, workerData } from "node:worker_threads";
import { codeCache, saveCodeCaches } from "./code-cache.js";
import { loadTypeScript } from "./load-typescript.js";
import { toolTypes, type ToolAnswer, type ToolRequest, type ToolTypeOptions, type ToolTypes } from "./tool-types.js";

/** What the worker is started with. */
export interface ToolTypesWorkerData {
  /** Where the project's tsconfig.json is looked for (the first folder of agent files). */
  readonly projectDir: string;
  /** The code cache folder (null: none). */
  readonly cacheDir: string | null;
}

/** Compile thread → worker. */
export interface ToolTypesRequest {
  readonly requests: readonly ToolRequest[];
  readonly options: ToolTypeOptions;
}

/** Worker → compile thread. */
export type ToolTypesReply =
  { readonly ok: true; readonly answers: readonly ToolAnswer[] } | { readonly ok: false; readonly message: string };

/** The worker's main; `afterWork` runs once the answer is sent (the build saves the bundle's code cache there). */
export function runToolTypesWorker(afterWork: () => void = () => {}): void {
  const port = parentPort;
  if (port === null) throw new Error("runToolTypesWorker runs in a worker thread");
  const data = workerData as ToolTypesWorkerData;
  const cache = codeCache(data.cacheDir);
  let session: ToolTypes | null = null;
  let failure: unknown = null;
  try {
    session = toolTypes(loadTypeScript(cache));
    session.prepare(data.projectDir);
  } catch (e) {
    // Reported with the request: the compile thread then reads the types itself.
    failure = e;
  }
  port.once("message", (m: ToolTypesRequest) => {
    let reply: ToolTypesReply;
    try {
      if (session === null) throw failure;
      reply = { ok: true, answers: session.analyze(m.requests, m.options) };
    } catch (e) {
      reply = { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
    // After the answer, while the compile emits and writes: what a cold start compiled.
    saveCodeCaches(cache);
    afterWork();
    port.close();
  });
}
