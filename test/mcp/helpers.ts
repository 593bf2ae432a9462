/** What the MCP tests share: the stdio test server, and checks on processes. */
import { join } from "node:path";

/** `node test/mcp/servers/stdio.mjs`: the stdio MCP server of the tests. */
export const STDIO_SERVER = join(__dirname, "servers", "stdio.mjs");

/** Whether a process is running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, polling (a process takes a moment to exit). */
export async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}
