// The honest lower bound of an aggregator, for the relay benchmark: the SDK's Server in front of
// N copies of one stdio upstream, tools renamed `s<i>__<tool>`, calls routed by a map. On stdio,
// or with --http on the SDK's own Streamable HTTP transport (one session per initialize, as an
// SDK user would write it) at 127.0.0.1, port 0; it prints its URL on stdout.
// Usage: node bare-relay.mjs [--http] <copies> <command> [args…]
import { randomUUID } from "node:crypto";
import http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const overHttp = process.argv[2] === "--http";
const [copies, command, ...args] = process.argv.slice(overHttp ? 3 : 2);
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
function relayServer() {
  const server = new Server({ name: "bare-relay", version: "0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const route = routes.get(request.params.name);
    if (!route) throw new Error(`unknown tool ${request.params.name}`);
    return route.client.callTool({ name: route.name, arguments: request.params.arguments }, undefined, { signal: extra.signal });
  });
  return server;
}
const end = () => void Promise.all(clients.map((client) => client.close())).then(() => process.exit(0));
if (!overHttp) {
  process.stdin.once("end", end);
  await relayServer().connect(new StdioServerTransport());
} else {
  process.once("SIGTERM", end);
  const sessions = new Map();
  const listener = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    let transport = sessions.get(req.headers["mcp-session-id"]);
    if (!transport) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => sessions.set(id, transport) });
      await relayServer().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  listener.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${listener.address().port}/mcp`));
}
