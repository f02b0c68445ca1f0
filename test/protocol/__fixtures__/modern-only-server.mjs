// A stdio MCP server that speaks only revision 2026-07-28: no initialize (answered -32022, as a
// modern-only server does), every request must carry the per-request _meta envelope, one tool.
import { createInterface } from "node:readline";

const ENVELOPE_VERSION = "io.modelcontextprotocol/protocolVersion";
const ENVELOPE_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
const complete = (result) => ({ ...result, resultType: "complete", _meta: { "io.modelcontextprotocol/serverInfo": { name: "modern-only", version: "1.0.0" } } });
const TOOLS = [{ name: "shout", description: "Upper-cases a text.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } }];

createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const meta = message.params?._meta ?? {};
  if (meta[ENVELOPE_VERSION] !== "2026-07-28" || typeof meta[ENVELOPE_CAPABILITIES] !== "object") {
    return send({ id: message.id, error: { code: -32022, message: "Unsupported protocol version: this server speaks only 2026-07-28", data: { supported: ["2026-07-28"] } } });
  }
  switch (message.method) {
    case "server/discover":
      return send({ id: message.id, result: complete({ supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, ttlMs: 0, cacheScope: "private" }) });
    case "tools/list":
      return send({ id: message.id, result: complete({ tools: TOOLS, ttlMs: 0, cacheScope: "private" }) });
    case "tools/call":
      return send({ id: message.id, result: complete({ content: [{ type: "text", text: String(message.params.arguments?.text ?? "").toUpperCase() }] }) });
    default:
      return send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});
