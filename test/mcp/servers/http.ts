/** A Streamable HTTP MCP server on 127.0.0.1 for the tests, with an optional bearer token. */
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { nodeHandler } from "../../../src/mcp/node-http.js";
// @ts-expect-error -- a plain JavaScript module shared with the stdio server
import { testServer } from "./tools.mjs";

export interface HttpTestServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startHttpServer(token?: string): Promise<HttpTestServer> {
  const handler = createMcpHandler(() => testServer() as never);
  const server = createServer(nodeHandler((r) => handler.fetch(r), token === undefined ? {} : { token }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      await handler.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
