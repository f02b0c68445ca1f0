// The honest lower bound of an aggregator, for the relay benchmark: the SDK's Server on stdio in
// front of N copies of one stdio upstream, tools renamed `s<i>__<tool>`, calls routed by a map.
// Usage: node bare-relay.mjs <copies> <command> [args…]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [copies, command, ...args] = process.argv.slice(2);
const routes = new Map();
const tools = [];
const clients = await Promise.all(
  Array.from({ length: Number(copies) }, async (_, index) => {
    const client = new Client({ name: "bare-relay", version: "0" });
    await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));
    for (const tool of (await client.listTools()).tools) {
      const name = `s${index}__${tool.name}`;
      routes.set(name, { client, name: tool.name });
      tools.push({ ...tool, name });
    }
    return client;
  }),
);
const server = new Server({ name: "bare-relay", version: "0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
  const route = routes.get(request.params.name);
  if (!route) throw new Error(`unknown tool ${request.params.name}`);
  return route.client.callTool({ name: route.name, arguments: request.params.arguments }, undefined, { signal: extra.signal });
});
process.stdin.once("end", () => void Promise.all(clients.map((client) => client.close())).then(() => process.exit(0)));
await server.connect(new StdioServerTransport());
