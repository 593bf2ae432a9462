/** Errors of MCP servers and their tools: starting, listing, configuration. */

/**
 * Something about an MCP server went wrong: it could not start or be reached, it does not
 * have a tool asked for, the optional `@modelcontextprotocol/client` package is missing.
 * Messages name the server (its command or URL).
 */
export class McpError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(hint === undefined ? message : `${message} — ${hint}`);
    this.name = "McpError";
  }
}
