// A small MCP server over stdio, built with @modelcontextprotocol/server: a notebook with
// a search tool (structured results) and a tool that reads one note (text). The agent
// file next to it uses it: ptcc starts it for each run and stops it after.
import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const NOTES = [
  { id: 1, title: "Lamp wiring", tags: ["lamps", "electric"], body: "Use 0.75 mm² cable for table lamps." },
  { id: 2, title: "Shade sizes", tags: ["lamps"], body: "The shade is about two thirds of the base's height." },
  { id: 3, title: "Chair repair", tags: ["furniture"], body: "Hide glue lets a joint come apart again later." },
];

const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool(
  "notes.search",
  {
    description: "Notes whose title or tags mention the query.",
    inputSchema: fromJsonSchema({
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: "A word to look for" },
        limit: { type: "integer", minimum: 1, default: 10 },
      },
      required: ["query"],
    }),
    outputSchema: fromJsonSchema({
      type: "object",
      properties: {
        notes: {
          type: "array",
          items: {
            type: "object",
            properties: { id: { type: "integer" }, title: { type: "string" } },
            required: ["id", "title"],
          },
        },
      },
      required: ["notes"],
    }),
  },
  async ({ query, limit = 10 }) => {
    const q = String(query).toLowerCase();
    const hits = NOTES.filter((n) => n.title.toLowerCase().includes(q) || n.tags.some((t) => t.includes(q)))
      .slice(0, limit)
      .map(({ id, title }) => ({ id, title }));
    return { content: [{ type: "text", text: JSON.stringify(hits) }], structuredContent: { notes: hits } };
  },
);
server.registerTool(
  "notes.get",
  {
    description: "The text of one note.",
    inputSchema: fromJsonSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] }),
  },
  async ({ id }) => {
    const note = NOTES.find((n) => n.id === id);
    if (note === undefined) return { isError: true, content: [{ type: "text", text: `no note ${id}` }] };
    return { content: [{ type: "text", text: note.body }] };
  },
);
await server.connect(new StdioServerTransport());
