/** What commands over folders of agent files share (ptcc mcp, ptcc worker): finding the files, waiting for a signal. */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { AGENT_FILE_EXTENSION } from "../agent-file/parse.js";
import { UsageError } from "./usage-error.js";

/** The agent files of the folders (`*.agent.md`, sorted), and files given directly. */
export function agentFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  for (const dir of dirs) {
    let isDir: boolean;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      throw new UsageError(`${dir}: no such folder`);
    }
    if (!isDir) {
      if (!dir.endsWith(AGENT_FILE_EXTENSION))
        throw new UsageError(`${dir}: not a folder or an ${AGENT_FILE_EXTENSION} file`);
      out.push(dir);
      continue;
    }
    const found = readdirSync(dir)
      .filter((f) => f.endsWith(AGENT_FILE_EXTENSION))
      .sort();
    if (found.length === 0) throw new UsageError(`${dir}: no ${AGENT_FILE_EXTENSION} files`);
    out.push(...found.map((f) => join(dir, f)));
  }
  return out;
}

/** Resolves with the first SIGINT or SIGTERM. */
export function signalled(): Promise<"SIGINT" | "SIGTERM"> {
  return new Promise((resolve) => {
    const on = (s: "SIGINT" | "SIGTERM") => (): void => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(s);
    };
    const onInt = on("SIGINT");
    const onTerm = on("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
  });
}
