/**
 * `ptcc/mcp`: MCP servers' tools as PTC-Lisp tools. A subpath of its own, so that
 * `import "ptcc"` never loads the MCP SDK; `@modelcontextprotocol/client` (an optional
 * peer dependency) is imported only when ptcc starts or reaches a server itself.
 *
 *   const mcp = await mcpTools({ command: "npx", args: ["-y", "some-mcp-server"] });
 *   const agent = defineAgent({ prompt, tools: mcp.tools });
 *   try { await agent.run(input, { llm }); } finally { await mcp.close(); }
 */
export { mcpTools, type McpTools, type McpToolsOptions } from "./tools.js";
export {
  connectMcp,
  isMcpClient,
  type McpClientLike,
  type McpConnection,
  type McpHttpServer,
  type McpServerSpec,
  type McpStdioServer,
  type McpToolInfo,
} from "./connect.js";
export { McpError } from "./error.js";
export { mapToolSchemas, type MappedTool } from "./schema.js";
export { lispName } from "./names.js";
export { toolResult, type McpCallResult } from "./result.js";
