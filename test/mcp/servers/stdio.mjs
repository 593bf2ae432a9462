// A stdio MCP server for the tests: `node test/mcp/servers/stdio.mjs`. With PTCC_TEST_PID_FILE
// set, it writes its pid there, so a test can check that it was stopped.
import { writeFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { testServer } from "./tools.mjs";

if (process.env.PTCC_TEST_PID_FILE) writeFileSync(process.env.PTCC_TEST_PID_FILE, String(process.pid));
await testServer().connect(new StdioServerTransport());
