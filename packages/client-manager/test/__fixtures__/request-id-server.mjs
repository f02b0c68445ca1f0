#!/usr/bin/env node
// A stdio server whose tools answer with the JSON-RPC id their call arrived under, so a test can
// tell which path wrote it: client-manager's direct tool calls (`direct-<n>`) or the SDK Client (a number).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "request-ids", version: "1.0.0" });
const idText = (extra) => ({ type: "text", text: JSON.stringify(extra.requestId) });
server.registerTool("plain_id", { description: "The call's request id, as text." }, async (extra) => ({ content: [idText(extra)] }));
server.registerTool("typed_id", { description: "The call's request id, with structured content.", outputSchema: { id: z.union([z.string(), z.number()]) } }, async (extra) => ({
  content: [idText(extra)],
  structuredContent: { id: extra.requestId },
}));
await server.connect(new StdioServerTransport());
