/**
 * An MCP server's tools in an agent: `mcpTools` from `ptcc/mcp` starts the notebook
 * server of examples/mcp/ (stdio), lists its tools and makes them PTC-Lisp tools
 * (`notes.search` becomes `tool/notes-search`); `close()` stops the server. Offline: the
 * model is scripted. Run with `npx tsx examples/mcp-tools.ts`.
 */
import { join } from "node:path";
import { defineAgent, loadScript, type Step } from "../src/index.js";
import { mcpTools } from "../src/mcp/index.js";

export async function main(): Promise<Step> {
  const notes = await mcpTools({
    command: process.execPath,
    args: [join(import.meta.dirname, "mcp", "notes-server.mjs")],
  });
  try {
    const agent = defineAgent({
      name: "notes",
      prompt: "Find the notes about {{topic}}: return how many there are and their titles.",
      signature: "(topic :string) -> {count :int, titles [:string]}",
      tools: notes.tools,
      maxTurns: 3,
    });
    return await agent.run(
      { topic: "lamp" },
      { llm: await loadScript(join(import.meta.dirname, "scripts", "notes.json")) },
    );
  } finally {
    await notes.close();
  }
}

if (process.argv[1]?.endsWith("mcp-tools.ts")) {
  const step = await main();
  console.log(step.ok ? step.return : step.fail);
}
