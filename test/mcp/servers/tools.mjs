// The tools of the test MCP servers (stdio and Streamable HTTP), built with
// @modelcontextprotocol/server: structured and text results, a name PTC-Lisp cannot
// call, JSON Schema features a signature cannot say, an error result, a slow tool and a
// tool that kills its server.
import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
import * as z from "zod";

export function testServer() {
  const server = new McpServer({ name: "ptcc-test", version: "1.0.0" });
  server.registerTool(
    "add",
    {
      description: "Add two numbers.",
      inputSchema: z.object({ a: z.number(), b: z.number().optional() }),
      outputSchema: z.object({ sum: z.number() }),
    },
    async ({ a, b }) => {
      const sum = a + (b ?? 0);
      return { content: [{ type: "text", text: String(sum) }], structuredContent: { sum } };
    },
  );
  server.registerTool(
    "files.read",
    {
      description: "Read a file.",
      inputSchema: fromJsonSchema({
        type: "object",
        properties: {
          path: { type: "string", minLength: 1, description: "The file to read" },
          mode: { type: "string", enum: ["text", "lines"], default: "text" },
          "max-lines": { type: "integer", minimum: 1 },
          "with.meta": { type: "boolean" },
        },
        required: ["path"],
      }),
    },
    async (args) => ({ content: [{ type: "text", text: `read ${JSON.stringify(args)}` }] }),
  );
  server.registerTool(
    "echo",
    {
      description: "Return the arguments as structured content.",
      inputSchema: fromJsonSchema({
        type: "object",
        properties: {
          tag: { type: "string" },
          note: { type: ["string", "null"] },
          opts: { type: "object", properties: { "dry-run": { type: "boolean" }, level: { type: "integer" } } },
        },
      }),
    },
    async (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }], structuredContent: { args } }),
  );
  server.registerTool("boom", { description: "Always fails." }, async () => ({
    isError: true,
    content: [{ type: "text", text: "the disk is on fire" }],
  }));
  server.registerTool("slow", { description: "Answers after a while." }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    return { content: [{ type: "text", text: "late" }] };
  });
  server.registerTool("die", { description: "Stops the server." }, async () => {
    process.exit(3);
  });
  return server;
}
