// A real MCP server over stdio whose tools cover every annotation case the kind rule has:
// read-only, explicitly non-destructive, unannotated (destructive by MCP's defaults) and
// explicitly destructive. `lookup` declares JSON Schema 2020-12, MCP's default dialect.
// The low-level Server sends these JSON Schemas exactly as written.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const items = [];
const tools = [
  {
    name: "lookup",
    description: "Look up the value stored under a key.",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { key: { type: "string", minLength: 1 } },
      required: ["key"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: "add_item",
    description: "Add one item to the list.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  { name: "touch", description: "Touch the list (says nothing about its effects).", inputSchema: { type: "object", properties: {} } },
  {
    name: "purge",
    description: "Delete every item.",
    inputSchema: { type: "object", properties: {} },
    annotations: { destructiveHint: true },
  },
];

const answers = {
  lookup: (args) => `value of ${args.key}`,
  add_item: (args) => `added ${items.push(args.text)}`,
  touch: () => "touched",
  purge: () => `purged ${items.splice(0).length}`,
};

const server = new Server({ name: "mixed-upstream", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const answer = answers[request.params.name];
  if (!answer) return { isError: true, content: [{ type: "text", text: `no tool ${request.params.name}` }] };
  return { content: [{ type: "text", text: answer(request.params.arguments ?? {}) }] };
});
await server.connect(new StdioServerTransport());
