/**
 * MCP tool names as PTC-Lisp tool names. MCP allows `.`, `/` and more (`files.read`);
 * a program calls `tool/NAME`, where NAME is letters, digits, `-` and `_` starting with a
 * letter. Other characters become `-`, a name that does not start with a letter gets
 * `t-` in front, and names that collide get `-2`, `-3`.
 */
import { TOOL_NAME } from "../agent/rules.js";
import { McpError } from "./error.js";

/** `files.read` → `files-read`; `2fa` → `t-2fa`. */
export function lispName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
  if (cleaned === "") return "tool";
  return /^[A-Za-z]/.test(cleaned) ? cleaned : `t-${cleaned}`;
}

/**
 * The program names of a server's tools, in order: `prefix` + the mapped name, made
 * unique among themselves and against `taken` (names already in use).
 */
export function lispNames(names: readonly string[], prefix: string, taken: ReadonlySet<string> = new Set()): string[] {
  if (prefix !== "" && !TOOL_NAME.test(`${prefix}x`)) {
    throw new McpError(
      `the tool name prefix ${JSON.stringify(prefix)} cannot start a tool name`,
      "use letters, digits, - and _, starting with a letter (gh- or gh_)",
    );
  }
  const used = new Set(taken);
  return names.map((name) => {
    const base = `${prefix}${lispName(name)}`;
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    return candidate;
  });
}
