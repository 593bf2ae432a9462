/**
 * The tool types worker as the compile sees it (src/compiler/tool-types-client.ts): whatever
 * goes wrong with it only means the compile reads the types itself. No bundle: no worker; a
 * worker that fails: `ask` rejects (the CLI then falls back to analyzeTools).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startToolTypesWorker } from "../../src/compiler/tool-types-client.js";

const dir = mkdtempSync(join(tmpdir(), "ptcc-types-worker-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("startToolTypesWorker", () => {
  it("is null without its bundle", () => {
    expect(startToolTypesWorker(join(dir, "missing.cjs"), { projectDir: dir, cacheDir: null })).toBeNull();
  });

  it.each([
    ["throws", 'throw new Error("broken bundle");'],
    ["exits without answering", "exports.runToolTypesWorker = () => process.exit(0);"],
    [
      "answers with an error",
      'exports.runToolTypesWorker = () => require("node:worker_threads").parentPort.once("message", () =>' +
        ' require("node:worker_threads").parentPort.postMessage({ ok: false, message: "no TypeScript" }));',
    ],
  ])("rejects when the worker %s", async (_what, source) => {
    const bundle = join(dir, `${_what.replace(/\W/g, "-")}.cjs`);
    writeFileSync(bundle, source);
    const worker = startToolTypesWorker(bundle, { projectDir: dir, cacheDir: null });
    expect(worker).not.toBeNull();
    await expect(worker!.ask([], { projectDir: dir })).rejects.toThrow();
    await expect(worker!.ask([], { projectDir: dir })).rejects.toThrow("asked already");
  });

  it("answers what the worker answers; close ends a worker that was never asked", async () => {
    const bundle = join(dir, "echo.cjs");
    writeFileSync(
      bundle,
      'exports.runToolTypesWorker = () => { const { parentPort } = require("node:worker_threads");' +
        " parentPort.once(\"message\", (m) => { parentPort.postMessage({ ok: true, answers: m.requests.map((r) => ({ ok: true, signature: null, resultTyped: r.exportName === 'x' })) }); parentPort.close(); }); };",
    );
    const worker = startToolTypesWorker(bundle, { projectDir: dir, cacheDir: null })!;
    const answers = await worker.ask([{ module: join(dir, "t.ts"), exportName: "x", declared: null }], {
      projectDir: dir,
    });
    expect(answers).toEqual([{ ok: true, signature: null, resultTyped: true }]);
    startToolTypesWorker(bundle, { projectDir: dir, cacheDir: null })!.close();
  });
});
