/**
 * An MCP server's tools as PTC-Lisp tools:
 *
 *   connect (or use the caller's client) → tools/list → pick (`include`) → name each
 *   (`prefix`, mapped names) → JSON Schemas → signature + notes → tool functions
 *   (arguments back in the server's shape → tools/call → structured or text result)
 */
import { closest, didYouMean } from "../diagnostics/suggest.js";
import type { ToolContext, ToolDefinition } from "../agent/types.js";
import { connectMcp, messageOf, type McpConnection, type McpServerSpec, type McpToolInfo } from "./connect.js";
import { McpError } from "./error.js";
import { lispNames } from "./names.js";
import { toolResult } from "./result.js";
import { mapToolSchemas } from "./schema.js";

export interface McpToolsOptions {
  /** Only these tools, by their MCP names (default: all the server lists). */
  readonly include?: readonly string[];
  /** Put in front of every tool's name (`gh-` makes `tool/gh-search`). */
  readonly prefix?: string;
  /** Names already in use (other tools, the agent's parameters): a clash gets `-2`. */
  readonly taken?: Iterable<string>;
  /** Stops connecting and listing when it aborts. */
  readonly signal?: AbortSignal;
  /** How messages name the server (default: its command line or URL). */
  readonly name?: string;
}

/** The tools of one server, ready for `defineAgent({ tools })`. */
export interface McpTools {
  /** By the name programs call (`tool/files-read`). */
  readonly tools: Readonly<Record<string, ToolDefinition>>;
  /** Each program name with the server's name for the tool (`files-read` → `files.read`). */
  readonly names: Readonly<Record<string, string>>;
  /** Stops a server ptcc started; a client the caller gave stays open. */
  close(): Promise<void>;
}

/** The most pages of `tools/list` read (a server that pages forever is cut off). */
const MAX_PAGES = 64;

/**
 * Connects to `server` and makes its tools PTC-Lisp tools. Throws `McpError` when the
 * server cannot be started or reached, cannot list its tools, or lacks a tool `include`
 * names; a server this call started is stopped again then.
 */
export async function mcpTools(server: McpServerSpec, options: McpToolsOptions = {}): Promise<McpTools> {
  const connection = await connectMcp(server, {
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    ...(options.name !== undefined ? { name: options.name } : {}),
  });
  try {
    const listed = await listTools(connection, options.signal);
    const chosen = pick(connection.name, listed, options.include);
    const names = lispNames(
      chosen.map((t) => t.name),
      options.prefix ?? "",
      new Set(options.taken ?? []),
    );
    const tools: Record<string, ToolDefinition> = {};
    const mapping: Record<string, string> = {};
    chosen.forEach((info, i) => {
      const name = names[i]!;
      tools[name] = toolOf(connection, info, name);
      mapping[name] = info.name;
    });
    return { tools, names: mapping, close: () => connection.close() };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

async function listTools(connection: McpConnection, signal: AbortSignal | undefined): Promise<McpToolInfo[]> {
  const out: McpToolInfo[] = [];
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await connection.client.listTools(
        cursor === undefined ? undefined : { cursor },
        signal === undefined ? {} : { signal },
      );
      out.push(...r.tools.filter((t) => typeof t?.name === "string" && t.name !== ""));
      cursor = typeof r.nextCursor === "string" && r.nextCursor !== "" ? r.nextCursor : undefined;
      if (cursor === undefined) break;
    }
  } catch (error) {
    throw new McpError(`MCP server ${connection.name}: listing its tools failed: ${messageOf(error)}`);
  }
  return out;
}

/** The tools `include` names, in its order; all of them without it. */
function pick(server: string, listed: readonly McpToolInfo[], include: readonly string[] | undefined): McpToolInfo[] {
  if (include === undefined) return [...listed];
  const byName = new Map(listed.map((t) => [t.name, t] as const));
  return include.map((name) => {
    const found = byName.get(name);
    if (found !== undefined) return found;
    const names = [...byName.keys()];
    throw new McpError(
      `MCP server ${server} has no tool ${JSON.stringify(name)}`,
      didYouMean(closest(name, names)) ??
        (names.length > 0 ? `its tools are: ${names.join(", ")}` : "it lists no tools"),
    );
  });
}

function toolOf(connection: McpConnection, info: McpToolInfo, name: string): ToolDefinition {
  const mapped = mapToolSchemas(info.inputSchema, info.outputSchema);
  const summary = (info.description ?? info.title ?? "").trim();
  // A renamed tool says what the server calls it: the model may have read that name elsewhere.
  const renamed = name !== info.name ? [`(MCP tool ${JSON.stringify(info.name)})`] : [];
  const description = [summary, ...renamed, ...mapped.notes].filter((l) => l !== "").join("\n");
  return {
    signature: mapped.signature,
    ...(description !== "" ? { description } : {}),
    fn: async (args: Record<string, unknown>, context: ToolContext): Promise<unknown> => {
      let result: unknown;
      try {
        result = await connection.client.callTool(
          { name: info.name, arguments: mapped.toServer(args) },
          { signal: context.signal },
        );
      } catch (error) {
        throw new Error(`MCP server ${connection.name}: ${messageOf(error)}`);
      }
      return toolResult(result);
    },
  };
}
