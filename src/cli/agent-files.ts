/**
 * What commands over agent files share (ptcc run, mcp, worker, enqueue): loading one,
 * finding those of folders, waiting for a signal.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Agent } from "../agent/define.js";
import { AgentFileError } from "../agent-file/error.js";
import { loadAgentFile } from "../agent-file/load.js";
import { AGENT_FILE_EXTENSION } from "../agent-file/parse.js";
import { PtcError } from "../diagnostics/error.js";
import { sanitize } from "./sanitize.js";
import { UsageError } from "./usage-error.js";

/**
 * The agent of a file; or, when the file has problems, every one of them printed to stderr
 * (each in its own `file:line:col: message` form) and the exit code 2.
 */
export async function loadAgentOrReport(
  file: string,
  load: (file: string) => Promise<Agent> = loadAgentFile,
): Promise<Agent | 2> {
  try {
    return await load(file);
  } catch (e) {
    if (e instanceof AgentFileError) {
      process.stderr.write(`${e.problems.map((p) => p.format()).join("\n")}\n`);
      return 2;
    }
    if (e instanceof PtcError) {
      process.stderr.write(`${sanitize(e.format())}\n`);
      return 2;
    }
    throw new UsageError(`cannot load ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

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
