// Issue #33, telemetry off is free: DualEraTransport measures each request itself (a
// ServerOperations observer it calls), so its answers go straight to the wire transport with no
// telemetry layer stacked between (before, every message passed a TracedServerTransport, off or
// on). The wire transport here is the real LineStdioTransport over in-process streams, subclassed
// to note who calls its send; the request's duration still reaches the process's metrics.
import { PassThrough } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { currentTelemetry } from "@foundry-mcp/telemetry";
import { describe, expect, it } from "vitest";
import { createAppServer, DualEraTransport, LineStdioTransport, type McpApp, type ServerIdentity } from "../src/index";

const identity: ServerIdentity = { serverInfo: { name: "wire", version: "1" }, capabilities: { tools: {} } };
const TOOL = "observed_on_the_wire";

class NotingStdio extends LineStdioTransport {
  readonly callers: string[] = [];

  override send(message: JSONRPCMessage): Promise<void> {
    // Frame 0 is "Error", 1 this method, 2 whoever called it.
    this.callers.push((new Error().stack ?? "").split("\n")[2]?.trim() ?? "");
    return super.send(message);
  }
}

const app: McpApp<null> = {
  listTools: () => [{ name: TOOL, inputSchema: { type: "object" } }],
  callTool: async () => ({ content: [{ type: "text", text: "answered" }] }),
};

describe("DualEraTransport on the wire", () => {
  it("writes every answer to the wire transport itself and still records the request's duration", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const wire = new NotingStdio(input, output);
    const server = createAppServer(identity, app, null, undefined);
    await server.connect(new DualEraTransport(wire, identity));
    const answers: Array<{ id: number }> = [];
    output.on("data", (chunk: Buffer) => answers.push(...chunk.toString().trim().split("\n").map((line) => JSON.parse(line) as { id: number })));
    const countBefore = await durationCount();

    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`);
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: TOOL, arguments: {} } })}\n`);
    await expect.poll(() => answers.map((answer) => answer.id)).toEqual([1, 2]);

    expect(wire.callers).toHaveLength(2);
    for (const caller of wire.callers) {
      expect(caller).toMatch(/^at DualEraTransport\./);
      expect(caller).not.toMatch(/Traced/);
    }
    expect((await durationCount()) - countBefore).toBe(1);
    await server.close();
  });
});

async function durationCount(): Promise<number> {
  const text = await currentTelemetry().metrics.render();
  const series = `mcp_server_operation_duration_seconds_count{mcp_method_name="tools/call",gen_ai_tool_name="${TOOL}",error_type=""} `;
  const line = text.split("\n").find((candidate) => candidate.startsWith(series));
  return line === undefined ? 0 : Number(line.slice(series.length));
}
