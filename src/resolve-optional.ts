/** Finding the packages ptcc loads only when asked (Node only). */
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * Where `specifier` resolves from ptcc's own files, else from the app's folder (`cwd`): an
 * app's development dependency is not visible from ptcc's folder under strict layouts (pnpm)
 * where it is not ptcc's dependency. Null when neither finds it.
 */
export function resolveOptional(specifier: string, fromUrl: string, cwd: string = process.cwd()): string | null {
  for (const from of [fromUrl, join(cwd, "package.json")]) {
    try {
      return createRequire(from).resolve(specifier);
    } catch {
      // not from there
    }
  }
  return null;
}
