#!/usr/bin/env node
// A stdio MCP server for foya's tests whose tool name is long enough that, under a long server
// name, its host name must be hashed (mcp__<server>__<tool> over 64 characters). It offers no
// prompts, so `foya prompt` against it shows the "has no prompts" message.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "long-names", version: "1.0.0" });
server.registerTool(
  "look_up_every_open_incident_for_one_service",
  { description: "Answers with a fixed incident list.", annotations: { readOnlyHint: true } },
  async () => ({ content: [{ type: "text", text: "no open incidents" }] }),
);
await server.connect(new StdioServerTransport());
