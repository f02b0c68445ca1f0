#!/usr/bin/env node
// A stdio MCP server that uses every feature `foya serve` forwards besides tools: progress,
// cancellation (writes `aborted` into the folder given as first argument when a call's signal
// fires), logging at a level the client sets, a resource template, subscriptions with updates,
// the client's roots, and sampling requests to the client.
import fs from "node:fs";
import path from "node:path";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const folder = process.argv[2];
const server = new McpServer(
  { name: "forwarding", version: "1.0.0" },
  { capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } } },
);
const subscribed = new Set();

server.registerTool("progress", { description: "Reports `steps` progress notifications, then answers.", inputSchema: { steps: z.number() } }, async ({ steps }, extra) => {
  const token = extra._meta?.progressToken;
  for (let step = 1; step <= steps; step++) {
    if (token !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: step, total: steps, message: `step ${step}` } });
    // Paced like real work. (A client built on the SDK drops a progress notification it reads in
    // the same chunk as the response; foya's own upstream side does not, see forwarding.ts.)
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { content: [{ type: "text", text: `done after ${steps} steps (token ${token === undefined ? "absent" : "present"})` }] };
});

server.registerTool("wait-for-abort", { description: "Waits until the call is cancelled, then records it." }, async (extra) => {
  fs.writeFileSync(path.join(folder, "started"), "");
  await new Promise((resolve) => extra.signal.addEventListener("abort", resolve, { once: true }));
  fs.writeFileSync(path.join(folder, "aborted"), String(extra.signal.reason ?? "aborted"));
  return { content: [{ type: "text", text: "aborted" }] };
});

server.registerTool("log", { description: "Sends one log message at `level`.", inputSchema: { level: z.enum(["debug", "info", "warning", "error"]), text: z.string() } }, async ({ level, text }) => {
  await server.server.sendLoggingMessage({ level, logger: "fixture", data: text });
  return { content: [{ type: "text", text: "logged" }] };
});

server.registerTool("sample", { description: "Asks the client's model to complete `prompt`." }, async (extra) => {
  const result = await server.server.createMessage({ messages: [{ role: "user", content: { type: "text", text: "Say hello" } }], maxTokens: 20 }, { signal: extra.signal });
  return { content: [{ type: "text", text: `model said: ${result.content.type === "text" ? result.content.text : result.content.type} (${result.model})` }] };
});

server.registerTool("roots", { description: "Lists the client's roots." }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: "text", text: `roots: ${roots.map((root) => root.uri).join(", ")}` }] };
});

server.registerTool("touch", { description: "Announces an update of note://`name` to subscribers.", inputSchema: { name: z.string() } }, async ({ name }) => {
  const uri = `note://${name}`;
  if (subscribed.has(uri)) await server.server.sendResourceUpdated({ uri });
  return { content: [{ type: "text", text: subscribed.has(uri) ? "announced" : "no subscriber" }] };
});

server.registerResource("note", new ResourceTemplate("note://{name}", { list: undefined }), { description: "A note by name.", mimeType: "text/plain" }, async (uri, variables) => ({
  contents: [{ uri: uri.href, mimeType: "text/plain", text: `note ${variables.name}` }],
}));

server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
  subscribed.add(request.params.uri);
  return {};
});
server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
  subscribed.delete(request.params.uri);
  return {};
});

await server.connect(new StdioServerTransport());
