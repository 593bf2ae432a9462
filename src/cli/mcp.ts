/**
 * `ptcc mcp [DIR...] [--http PORT] [--llm SPEC] [--timeout MS] [--unlimited]`: serve
 * `lisp_eval` and the agent files of the folders as MCP tools, over stdio (for MCP
 * clients that start the server) or Streamable HTTP on 127.0.0.1 with a bearer token.
 *
 *   options → agent files → the model → tools → serve until stdin ends or a signal
 *
 * Logs go to stderr: in stdio mode stdout is the protocol's.
 */
import { randomBytes } from "node:crypto";
import type { Agent } from "../agent/define.js";
import type { RunOptions } from "../agent/types.js";
import { loadAgentFile } from "../agent-file/load.js";
import { PtcError } from "../diagnostics/error.js";
import { McpError } from "../mcp/error.js";
import { listenHttp, ptccMcpServer, serveStdio } from "../mcp/serve.js";
import { createLlm } from "../llm/resolve.js";
import { LlmError, type Llm } from "../llm/types.js";
import { agentFiles, signalled } from "./agent-files.js";
import { overrideModels } from "./models.js";
import { limitsFrom, type CommonArgs } from "./options.js";
import { UsageError } from "./usage-error.js";

export interface McpArgs extends CommonArgs {
  readonly dirs?: readonly string[];
  readonly http?: unknown;
  readonly llm?: unknown;
}

/** Where the token of `--http` comes from when it is not made up. */
const TOKEN_ENV = "PTCC_MCP_TOKEN";

export async function runMcp(args: McpArgs): Promise<number> {
  const limits = limitsFrom(args);
  const port = portOption(args.http);
  if (args.llm !== undefined && typeof args.llm !== "string") throw new UsageError("give --llm once");
  const files = agentFiles(args.dirs ?? []);
  // Over stdio, stdout carries the protocol: what tool modules print goes to stderr.
  if (port === undefined) console.log = console.info = console.debug = console.error;

  const agents: Agent[] = [];
  for (const file of files) {
    try {
      agents.push(await loadAgentFile(file));
    } catch (e) {
      if (e instanceof PtcError) {
        process.stderr.write(`${e.format()}\n`);
        return 2;
      }
      throw e;
    }
  }
  let run: Pick<RunOptions, "llm" | "llmRegistry"> = {};
  if (typeof args.llm === "string") {
    let llm: Llm;
    try {
      llm = await createLlm(args.llm, { cwd: process.cwd() });
    } catch (e) {
      if (e instanceof LlmError) throw new UsageError(e.message);
      throw e;
    }
    const registry = Object.assign({}, ...agents.map((a) => overrideModels(a.definition, llm))) as Record<string, Llm>;
    run = { llm, llmRegistry: registry };
  }

  let mcp;
  try {
    mcp = await ptccMcpServer({ agents, run, limits });
  } catch (e) {
    if (e instanceof McpError) throw new UsageError(e.message);
    throw e;
  }
  const tools = `${mcp.tools.length} tool${mcp.tools.length === 1 ? "" : "s"} (${mcp.tools.join(", ")})`;

  if (port === undefined) {
    const { closed } = await serveStdio(mcp);
    process.stderr.write(`ptcc mcp: serving ${tools} over stdio\n`);
    const signal = await Promise.race([closed.then(() => null), signalled()]);
    return signal === "SIGINT" ? 130 : 0;
  }
  const fromEnv = process.env[TOKEN_ENV]?.trim();
  const token = fromEnv !== undefined && fromEnv !== "" ? fromEnv : randomBytes(24).toString("base64url");
  let http;
  try {
    http = await listenHttp(mcp, { port, token });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot listen on 127.0.0.1:${port}${code ? ` (${code})` : ""}`);
  }
  process.stderr.write(`ptcc mcp: serving ${tools} at ${http.url}\n`);
  process.stderr.write(
    fromEnv !== undefined && fromEnv !== ""
      ? `ptcc mcp: requests need the bearer token of ${TOKEN_ENV}\n`
      : `ptcc mcp: requests need Authorization: Bearer ${token} (set ${TOKEN_ENV} to choose it)\n`,
  );
  const signal = await signalled();
  await http.close();
  return signal === "SIGINT" ? 130 : 0;
}

/** `--http PORT`: an integer from 0 (any free port) to 65535. */
function portOption(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError("--http needs a port from 0 to 65535");
  return n;
}
