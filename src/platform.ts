/**
 * Node's built-in modules for the few features that need them (reading a scripted model's
 * file, writing a JSON Lines trace), fetched when first used through
 * `process.getBuiltinModule` instead of imported: the library's import graph then holds no
 * `node:` module, and a browser bundle of ptcc (see the `browser` export condition) works
 * without them. Where there is no Node, the feature fails with a clear error when called.
 */
import { PtcError } from "./diagnostics/error.js";

interface Builtins {
  "node:fs": typeof import("node:fs");
  "node:fs/promises": typeof import("node:fs/promises");
  "node:path": typeof import("node:path");
}

/**
 * A built-in module of Node where there is one (`node:vm`, `node:inspector`, ...), undefined
 * elsewhere (a browser) or where the process refuses it.
 */
export function optionalBuiltin(id: string): unknown {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return p?.getBuiltinModule?.(id);
  } catch {
    return undefined;
  }
}

/** A built-in module of Node; throws a PtcError naming `feature` when there is none. */
export function nodeBuiltin<K extends keyof Builtins>(id: K, feature: string): Builtins[K] {
  const module = optionalBuiltin(id);
  if (module === undefined) {
    // A use of ptcc this platform cannot serve, not a defect of ptcc.
    throw new PtcError({
      kind: "definition",
      message: `${feature} needs Node.js (${id}), which this platform does not have`,
      hint: "run it under Node.js 20.19 or later, or leave this feature out where there is no Node",
    });
  }
  return module as Builtins[K];
}

/** An environment variable of the process, or undefined where there is no process (a browser). */
export function processEnv(name: string): string | undefined {
  const p = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return p?.env?.[name];
}

/** The process's working directory ("." where there is no process). */
export function processCwd(): string {
  const p = (globalThis as { process?: { cwd?: () => string } }).process;
  return p?.cwd?.() ?? ".";
}
