// A stdio upstream that misbehaves on purpose, chosen by HOSTILE_MODE:
// - "big" (default): a normal server whose `big` tool answers with `bytes` characters of text,
//   and `echo`; its answers can exceed any frame bound.
// - "silent": reads stdin and never writes a byte.
// - "flood": writes non-JSON lines to stdout as fast as the pipe takes them, never answers.
// - "many-tools": tools/list answers with HOSTILE_TOOLS tools (default 100000) in one page.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const mode = process.env.HOSTILE_MODE ?? "big";

if (mode === "silent") {
  process.stdin.resume();
} else if (mode === "flood") {
  process.stdin.resume();
  const line = `garbage ${"#".repeat(1000)}\n`.repeat(64);
  const pump = () => {
    while (process.stdout.write(line)) {
      // keep the pipe full
    }
    process.stdout.once("drain", pump);
  };
  pump();
} else {
  const count = mode === "many-tools" ? Number(process.env.HOSTILE_TOOLS ?? 100_000) : 0;
  const schema = { type: "object", properties: { bytes: { type: "number" }, text: { type: "string" } } };
  const tools =
    count > 0
      ? Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, description: `Tool number ${index}.`, inputSchema: schema }))
      : [
          { name: "big", description: "Answers with `bytes` characters.", inputSchema: schema },
          { name: "echo", description: "Answers with its text.", inputSchema: schema, annotations: { readOnlyHint: true } },
        ];
  const server = new Server({ name: "hostile-upstream", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = request.params.arguments ?? {};
    const text = request.params.name === "big" ? "x".repeat(Number(args.bytes ?? 0)) : String(args.text ?? "");
    return { content: [{ type: "text", text }] };
  });
  await server.connect(new StdioServerTransport());
}
