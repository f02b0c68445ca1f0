// Issue #33, telemetry off is free: client-manager measures each upstream request in its
// NegotiatingTransport (a ClientOperations observer it calls), so requests go straight to the
// upstream's transport with no telemetry layer stacked between (before, every message passed a
// TracedClientTransport, off or on). The upstream is server-everything as a real child process,
// started by the real launcher whose transport notes who calls its send; the call's duration still
// reaches the process's metrics under the upstream's name.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { currentTelemetry } from "@foundry-mcp/telemetry";
import { afterEach, describe, expect, it } from "vitest";
import { ClientManager } from "../src/index";
import { launchStdioServer } from "../src/node";
import { everythingEntry } from "./helpers";

let manager: ClientManager | undefined;
afterEach(async () => {
  await manager?.close();
  manager = undefined;
});

async function durationCount(): Promise<number> {
  const text = await currentTelemetry().metrics.render();
  const series = 'mcp_client_operation_duration_seconds_count{mcp_method_name="tools/call",gen_ai_tool_name="get-sum",error_type="",upstream="wired"} ';
  const line = text.split("\n").find((candidate) => candidate.startsWith(series));
  return line === undefined ? 0 : Number(line.slice(series.length));
}

describe("upstream requests on the wire", () => {
  it("are written to the upstream's transport by NegotiatingTransport itself and still measured", { timeout: 60_000 }, async () => {
    const callers: string[] = [];
    manager = new ClientManager({
      config: { servers: { wired: { transport: "stdio", command: process.execPath, args: [everythingEntry, "stdio"] } } },
      reconnect: { maxAttempts: 0 },
      pingIntervalMs: 0,
      stdio: (options) => {
        const transport = launchStdioServer(options);
        const send = transport.send.bind(transport);
        transport.send = (message: JSONRPCMessage) => {
          // Frame 0 is "Error", 1 this function, 2 whoever called the transport.
          callers.push((new Error().stack ?? "").split("\n")[2]?.trim() ?? "");
          return send(message);
        };
        return transport;
      },
    });
    await manager.start();
    const before = await durationCount();
    const result = await manager.callTool("mcp__wired__get-sum", { a: 2, b: 3 });
    expect(result.isError).not.toBe(true);

    expect(callers.length).toBeGreaterThanOrEqual(3);
    for (const caller of callers) {
      expect(caller).toMatch(/^at NegotiatingTransport\./);
      expect(caller).not.toMatch(/Traced/);
    }
    expect((await durationCount()) - before).toBe(1);
  });
});
