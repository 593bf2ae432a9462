/**
 * Connecting to an MCP server: a client the caller already connected (used as it is and
 * never closed here), a stdio command ptcc starts (`{ command, args, env }`, the shape of
 * MCP clients' configuration files), or a Streamable HTTP endpoint (`{ url, headers }`).
 *
 * `@modelcontextprotocol/client` is an optional peer dependency, imported only here and
 * only when ptcc has to make a client itself, so that neither `import "ptcc"` nor a
 * caller who brings a connected client pays for it.
 */
import { isRecord } from "../llm/wire.js";
import { McpError } from "./error.js";
import type { McpCallResult } from "./result.js";

/** A tool as `tools/list` describes it (what ptcc reads of it). */
export interface McpToolInfo {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly outputSchema?: unknown;
}

/** A connected MCP client: the `Client` of `@modelcontextprotocol/client`, typed structurally. */
export interface McpClientLike {
  listTools(
    params?: { cursor?: string },
    options?: { signal?: AbortSignal },
  ): Promise<{ readonly tools: readonly McpToolInfo[]; readonly nextCursor?: string }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: { signal?: AbortSignal },
  ): Promise<McpCallResult>;
  close(): Promise<void>;
}

/** A server ptcc starts as a child process and talks to over stdin/stdout. */
export interface McpStdioServer {
  readonly command: string;
  readonly args?: readonly string[];
  /** Added to the safe default environment the SDK passes on (PATH, HOME, ...). */
  readonly env?: Readonly<Record<string, string>>;
  /** The working directory of the process (default: this process's). */
  readonly cwd?: string;
}

/** A server reached over Streamable HTTP. */
export interface McpHttpServer {
  readonly url: string | URL;
  /** Sent with every request (`Authorization: Bearer ...`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What `mcpTools` connects to. */
export type McpServerSpec = McpClientLike | McpStdioServer | McpHttpServer;

/** An open connection; `close` stops a server ptcc started (and does nothing for a caller's client). */
export interface McpConnection {
  readonly client: McpClientLike;
  /** How messages name the server: its command or URL. */
  readonly name: string;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: "ptcc", version: "0.1.0" };
/** How long a stdio server gets to exit after its input closes, and again after SIGTERM. */
const CLOSE_GRACE_MS = 1000;

export function isMcpClient(x: unknown): x is McpClientLike {
  return isRecord(x) && typeof x["callTool"] === "function" && typeof x["listTools"] === "function";
}

/** How messages name a server. */
export function serverName(server: McpServerSpec): string {
  if (isMcpClient(server)) return "the MCP client";
  if ("command" in server) return [server.command, ...(server.args ?? [])].join(" ");
  const url = new URL(String(server.url));
  return `${url.origin}${url.pathname}`;
}

/**
 * Connects (for a stdio server: starts it). `signal` stops a connection attempt that
 * takes too long; the process of a stdio server is killed then, and when this process exits.
 */
export async function connectMcp(
  server: McpServerSpec,
  options: { readonly signal?: AbortSignal; readonly name?: string } = {},
): Promise<McpConnection> {
  const signal = options.signal;
  if (isMcpClient(server)) return { client: server, name: options.name ?? serverName(server), close: async () => {} };
  const name = options.name ?? describe(server);
  const sdk = await importClientSdk();
  let transport: InstanceType<typeof sdk.StreamableHTTPClientTransport> | StdioTransport;
  let pid = (): number | null => null;
  if ("command" in server) {
    const { StdioClientTransport, getDefaultEnvironment } = await importStdio();
    const stdio = new StdioClientTransport({
      command: server.command,
      args: [...(server.args ?? [])],
      env: { ...getDefaultEnvironment(), ...(server.env ?? {}) },
      ...(server.cwd !== undefined ? { cwd: server.cwd } : {}),
      stderr: "inherit",
    });
    pid = () => stdio.pid;
    transport = stdio;
  } else {
    transport = new sdk.StreamableHTTPClientTransport(new URL(String(server.url)), {
      requestInit: { headers: { ...(server.headers ?? {}) } },
    });
  }
  const client = new sdk.Client(CLIENT_INFO);
  // A server left running when this process exits (a second Ctrl-C) is killed with it.
  const killOnExit = (): void => {
    const p = pid();
    if (p !== null) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
  };
  process.on("exit", killOnExit);
  // The way MCP asks clients to stop a stdio server: close its input, wait, SIGTERM,
  // wait, SIGKILL (a server busy with a call may not notice its input closing).
  const close = async (): Promise<void> => {
    process.off("exit", killOnExit);
    const p = pid();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.close().catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS))),
    ]);
    clearTimeout(timer);
    if (p === null) return;
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      if (!alive(p)) return;
      try {
        process.kill(p, signal);
      } catch {
        return; // exited between the check and the kill
      }
      await exited(p, CLOSE_GRACE_MS);
    }
  };
  try {
    if (signal?.aborted) throw abortError(signal);
    await client.connect(transport, signal === undefined ? {} : { signal });
  } catch (error) {
    await close();
    if (signal?.aborted) throw new McpError(`MCP server ${name}: connecting stopped (${reasonOf(signal)})`);
    throw new McpError(`MCP server ${name} could not be started or reached: ${messageOf(error)}`);
  }
  return { client: client as unknown as McpClientLike, name, close };
}

type StdioTransport = InstanceType<Awaited<ReturnType<typeof importStdio>>["StdioClientTransport"]>;

function describe(server: McpStdioServer | McpHttpServer): string {
  try {
    return serverName(server);
  } catch {
    throw new McpError(`the MCP server URL ${JSON.stringify(String((server as McpHttpServer).url))} is not a URL`);
  }
}

const INSTALL = "npm install @modelcontextprotocol/client";

/**
 * The SDK's module names are held in variables, so bundlers leave these imports alone: a
 * browser bundle of ptcc never carries the MCP client (agent files' servers are Node-only).
 */
const CLIENT = "@modelcontextprotocol/client";
const CLIENT_STDIO = "@modelcontextprotocol/client/stdio";

async function importClientSdk(): Promise<typeof import("@modelcontextprotocol/client")> {
  try {
    return (await import(CLIENT)) as typeof import("@modelcontextprotocol/client");
  } catch (error) {
    throw missing(error);
  }
}

async function importStdio(): Promise<typeof import("@modelcontextprotocol/client/stdio")> {
  try {
    return (await import(CLIENT_STDIO)) as typeof import("@modelcontextprotocol/client/stdio");
  } catch (error) {
    throw missing(error);
  }
}

function missing(error: unknown): Error {
  const code = isRecord(error) ? error["code"] : undefined;
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
    return new McpError("MCP servers need the optional package @modelcontextprotocol/client (v2)", INSTALL);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Resolves once `pid` has exited, or after `ms`. */
async function exited(pid: number, ms: number): Promise<void> {
  for (const end = Date.now() + ms; alive(pid) && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function abortError(signal: AbortSignal): Error {
  return new Error(reasonOf(signal));
}

function reasonOf(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  if (isRecord(r) && typeof r["reason"] === "string") return r["reason"];
  if (r instanceof Error && r.name !== "AbortError") return r.message;
  return "cancelled";
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim();
}
