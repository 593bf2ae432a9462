/**
 * Running ptcc as a browser would: bundle with esbuild for the browser platform, then run
 * the bundle in a `vm` context holding only globals browsers have.
 */
import { build } from "esbuild";
import { join } from "node:path";
import vm from "node:vm";

const ROOT = join(__dirname, "..", "..");

/** A context with the globals browsers give a page (and the agent loop uses). */
function browserContext(): vm.Context {
  return vm.createContext({
    console,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    structuredClone,
    AbortController,
    AbortSignal,
    Event,
    EventTarget,
    TextEncoder,
    TextDecoder,
    URL,
    performance,
    crypto: globalThis.crypto,
  });
}

/**
 * Bundle `entry` (source text, resolved from the repo root) for browsers: IIFE code and the
 * files that ended up in it (tree shaking may drop some of those it read).
 */
export async function bundleForBrowser(
  entry: string,
  resolveDir = ROOT,
): Promise<{ code: string; inputs: string[]; read: string[] }> {
  const result = await build({
    stdin: { contents: entry, resolveDir, sourcefile: "entry.ts", loader: "ts" },
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    write: false,
    outfile: "bundle.js",
    metafile: true,
    logLevel: "silent",
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs).filter(([, v]) => v.bytesInOutput > 0);
  return {
    code: result.outputFiles[0]!.text,
    inputs: inputs.map(([f]) => f),
    read: Object.keys(result.metafile.inputs),
  };
}

/** Run bundled code in a browser-like context and await what it put in `globalThis.result`. */
export async function runInBrowserContext(code: string): Promise<unknown> {
  const context = browserContext();
  vm.runInContext(code, context, { timeout: 10_000 });
  return await (context as { result?: Promise<unknown> }).result;
}
